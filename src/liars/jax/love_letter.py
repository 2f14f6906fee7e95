"""Kjærlighetsbrev (Love Letter, 16 ordinary cards) as a batched PGX environment, pure JAX.

The rules are :mod:`liars.games.love_letter`'s (docs/rules/love-letter.md), written again as
array code because a compiled, batched kernel cannot call the Python engine; the
differential test (``tests/test_jax_love_letter.py``) keeps the two equal step by step.
The action table is the engine's own (``LoveGame.actions``, read when the environment is
made), so the ids, and a policy trained here, carry over to the engine unchanged.

Cards are rank indices ``0..8`` for ``K Q J T 9 8 7 6 5`` (``-1``: no card).  A round's
16 cards are one shuffled array: seat ``s`` is dealt ``cards[s]``, ``cards[n]`` is set aside
and the pile is ``cards[n+1:]``, drawn from ``top`` on.  Chance (the shuffle, the first
starter, the starter among tied round winners) is a hash of the step's key, as in
:mod:`liars.jax.liars_dice`, so that an auto-reset or a new round under ``vmap`` costs no
threefry rounds; the state's ``cards`` is a plain array a caller may replace.

Rewards are the engine's returns: the match winners share 1 at the step that ends the
match.  The observation (bool) holds what the seat's view holds: its hand, every seat's face-up
cards by rank (not their order), who is out and protected, what the seat knows of each
hand, the unseen counts, the pile's size, whether the set-aside card is still down, the
round wins and whose turn it is.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from ..games.love_letter_cards import COUNT, DECK, GUESSING, RANKS, TARGETED, VALUE
from .base import PgxEnv, PgxState, _hash, _words, pytree

NONE = -1
K, Q, J, T, NINE, EIGHT, SEVEN = (RANKS.index(c) for c in ("K", "Q", "J", "T", "9", "8", "7"))
VALUES = jnp.array([VALUE[c] for c in RANKS], jnp.int32)
COUNTS = jnp.array([COUNT[c] for c in RANKS], jnp.int32)
DECK_RANKS = jnp.array([RANKS.index(c) for c in DECK], jnp.int32)
CARDS = len(DECK)


@pytree
@dataclasses.dataclass(frozen=True)
class LoveState(PgxState):
    """One game (a batch under ``vmap``): the PGX fields and the round's cards."""

    GAME = "love-letter"

    #: the round's 16 cards as dealt (rank indices): hands, then the set-aside card, then the pile
    cards: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(CARDS, jnp.int32))
    #: the next card of the pile (``CARDS``: the pile is empty)
    top: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(0))
    #: per seat its cards: slot 0 the card it kept, slot 1 the card drawn this turn
    hands: jax.Array = dataclasses.field(default_factory=lambda: jnp.full((2, 2), NONE, jnp.int32))
    #: whether the set-aside card is still face down (a 10 on an empty pile hands it out)
    aside_down: jax.Array = dataclasses.field(default_factory=lambda: jnp.bool_(True))
    #: per seat, face-up cards by rank, and their sum (the tiebreak)
    played: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros((2, 9), jnp.int32))
    played_sum: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.int32))
    out: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.bool_))
    protected: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.bool_))
    #: ``known[u, t]``: the rank ``u`` knows seat ``t`` holds, ``-1`` if none
    known: jax.Array = dataclasses.field(default_factory=lambda: jnp.full((2, 2), NONE, jnp.int32))
    round_wins: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.int32))


class LoveLetter(PgxEnv):
    """Love Letter for ``players`` seats, to ``target_wins`` rounds (the engine's default if None)."""

    GAME = "love-letter"

    def __init__(self, players: int, target_wins: int, actions: list[tuple[int, int, int]]):
        super().__init__()
        self.players = players
        self.target_wins = target_wins
        table = np.array(actions, np.int32).reshape(-1, 3)
        self.act_card = jnp.asarray(table[:, 0])
        self.act_target = jnp.asarray(table[:, 1])
        self.act_guess = jnp.asarray(table[:, 2])
        self._num_actions = len(actions)
        targeted = [RANKS.index(c) for c in TARGETED]
        self.targeted = jnp.isin(jnp.arange(9), jnp.array(targeted))
        self.guessing = jnp.isin(jnp.arange(9), jnp.array([RANKS.index(c) for c in GUESSING]))

    # -- chance ---------------------------------------------------------------------------
    def _shuffle(self, k0: jax.Array, k1: jax.Array) -> jax.Array:
        """The 16 cards in a uniformly random order: sorted by a hash of (key, position)."""
        h = _hash(k0, k1, jnp.arange(CARDS, dtype=jnp.uint32) + jnp.uint32(0x1000))
        return DECK_RANKS[jnp.argsort(h)]

    @staticmethod
    def _below(k0: jax.Array, k1: jax.Array, m: jax.Array, salt: int) -> jax.Array:
        return (_hash(k0, k1, jnp.uint32(salt)) % jnp.maximum(m, 1).astype(jnp.uint32)).astype(jnp.int32)

    # -- PGX's interface ----------------------------------------------------------------
    def _init(self, key: jax.Array) -> LoveState:
        n = self.players
        k0, k1 = _words(key)
        blank = LoveState(
            rewards=jnp.zeros(n, jnp.float32),
            hands=jnp.full((n, 2), NONE, jnp.int32),
            played=jnp.zeros((n, 9), jnp.int32),
            played_sum=jnp.zeros(n, jnp.int32),
            out=jnp.zeros(n, jnp.bool_),
            protected=jnp.zeros(n, jnp.bool_),
            known=jnp.full((n, n), NONE, jnp.int32),
            round_wins=jnp.zeros(n, jnp.int32),
        )
        return self._new_round(blank, self._shuffle(k0, k1), self._below(k0, k1, jnp.int32(n), 7))

    def _step(self, state: LoveState, action: jax.Array, key: jax.Array | None) -> LoveState:
        if key is None:
            raise ValueError("love-letter shuffles for each round: step(state, action, key) needs a key")
        return self._play(state, jnp.int32(action), key)

    def _observe(self, state: LoveState, player_id: jax.Array) -> jax.Array:
        n = self.players
        order = (player_id + jnp.arange(n)) % n
        hand = state.hands[player_id]
        known = state.known[player_id][order]
        mine = jnp.sum(jax.nn.one_hot(hand, 9, dtype=jnp.int32), axis=0)
        seen = mine + state.played.sum(axis=0) + jnp.sum(jax.nn.one_hot(known, 9, dtype=jnp.int32), axis=0)
        unseen = COUNTS - seen
        parts = [
            jax.nn.one_hot(hand, 9, dtype=jnp.bool_).ravel(),  # own cards (kept, drawn)
            jax.nn.one_hot(jnp.minimum(state.played[order], 3), 4, dtype=jnp.bool_).ravel(),
            state.out[order],
            state.protected[order],
            jax.nn.one_hot(known, 9, dtype=jnp.bool_).ravel(),  # what this seat knows of each hand
            jax.nn.one_hot(unseen, 4, dtype=jnp.bool_).ravel(),
            jax.nn.one_hot(CARDS - state.top, CARDS + 1, dtype=jnp.bool_),  # the pile's size
            state.aside_down[None],
            jax.nn.one_hot(state.round_wins[order], self.target_wins + 1, dtype=jnp.bool_).ravel(),
            state.current_player == order,
        ]
        return jnp.concatenate(parts)

    # -- the rules ------------------------------------------------------------------------
    def _new_round(self, state: LoveState, cards: jax.Array, starter: jax.Array) -> LoveState:
        return self._begin_turn(self._deal(state, cards), starter)

    def _deal(self, state: LoveState, cards: jax.Array) -> LoveState:
        """A new round's cards dealt (one card a seat), before its first turn."""
        n = self.players
        hands = jnp.full((n, 2), NONE, jnp.int32).at[:, 0].set(cards[:n])
        return state.replace(
            cards=cards,
            top=jnp.int32(n + 1),
            hands=hands,
            aside_down=jnp.bool_(True),
            played=jnp.zeros((n, 9), jnp.int32),
            played_sum=jnp.zeros(n, jnp.int32),
            out=jnp.zeros(n, jnp.bool_),
            protected=jnp.zeros(n, jnp.bool_),
            known=jnp.full((n, n), NONE, jnp.int32),
        )

    def _begin_turn(self, s: LoveState, seat: jax.Array) -> LoveState:
        """Protection ends when its owner's turn comes round again; then they draw."""
        drawn = s.cards[jnp.minimum(s.top, CARDS - 1)]
        s = s.replace(
            current_player=seat,
            protected=s.protected.at[seat].set(False),
            hands=s.hands.at[seat, 1].set(drawn),
            top=s.top + 1,
        )
        return s.replace(legal_action_mask=self._legal(s))

    def _legal(self, s: LoveState) -> jax.Array:
        n = self.players
        seat = s.current_player
        a, b = s.hands[seat, 0], s.hands[seat, 1]
        seats = jnp.arange(n)
        choosable = (seats != seat) & ~s.out & ~s.protected
        anyone = choosable.any()
        card = self.act_card
        target = self.act_target
        in_hand = (card == a) | (card == b)
        chosen = choosable[jnp.maximum(target, 0)]
        ok_t = jnp.where(
            card == T,
            (target >= 0) & (chosen | (target == seat)),
            jnp.where(self.targeted[card], jnp.where(anyone, (target >= 0) & chosen, target < 0), target < 0),
        )
        forced = ((a == Q) | (b == Q)) & ((a == J) | (b == J) | (a == T) | (b == T))
        return jnp.where(forced, (card == Q) & (target < 0), in_hand & ok_t)

    def _knock_out(self, s: LoveState, seat: jax.Array, hit: jax.Array) -> LoveState:
        """If ``hit``: out of the round, the last card face up, nobody knows that hand any more."""
        card = s.hands[seat, 0]
        has = card >= 0
        add = jax.nn.one_hot(card, 9, dtype=jnp.int32) * (hit & has)
        return s.replace(
            played=s.played.at[seat].add(add),
            played_sum=s.played_sum.at[seat].add(jnp.where(hit & has, VALUES[jnp.maximum(card, 0)], 0)),
            hands=jnp.where(hit, s.hands.at[seat].set(NONE), s.hands),
            out=s.out.at[seat].set(s.out[seat] | hit),
            protected=s.protected.at[seat].set(s.protected[seat] & ~hit),
            known=jnp.where(hit, s.known.at[:, seat].set(NONE), s.known),
        )

    def _play(self, s: LoveState, action: jax.Array, key: jax.Array) -> LoveState:
        n = self.players
        seat = s.current_player
        card, t, guess = self.act_card[action], self.act_target[action], self.act_guess[action]
        tt = jnp.maximum(t, 0)
        a, b = s.hands[seat, 0], s.hands[seat, 1]
        keep = jnp.where(a == card, b, a)
        known = jnp.where(s.known[:, seat] == card, NONE, s.known[:, seat])
        s = s.replace(
            hands=s.hands.at[seat].set(jnp.stack([keep, jnp.int32(NONE)])),
            played=s.played.at[seat, card].add(1),
            played_sum=s.played_sum.at[seat].add(VALUES[card]),
            known=s.known.at[:, seat].set(known),
        )
        effect = (t >= 0) & (card != Q)
        # K: out at once.  9: protected.
        s = self._knock_out(s, seat, card == K)
        s = s.replace(protected=s.protected.at[seat].set(s.protected[seat] | (card == NINE)))
        theirs = s.hands[tt, 0]
        # 6 / 5: a right guess knocks the target out
        s = self._knock_out(s, tt, effect & self.guessing[card] & (theirs == guess))
        # 7: look
        look = effect & (card == SEVEN)
        s = s.replace(known=jnp.where(look, s.known.at[seat, tt].set(theirs), s.known))
        # 8: compare; the lower is out
        cmp = effect & (card == EIGHT)
        k8 = s.known.at[seat, tt].set(theirs).at[tt, seat].set(keep)
        s = s.replace(known=jnp.where(cmp, k8, s.known))
        lower_me = VALUES[jnp.maximum(keep, 0)] < VALUES[jnp.maximum(theirs, 0)]
        lower_them = VALUES[jnp.maximum(theirs, 0)] < VALUES[jnp.maximum(keep, 0)]
        s = self._knock_out(s, seat, cmp & lower_me)
        s = self._knock_out(s, tt, cmp & lower_them)
        # J: swap hands; what the others knew moves with the cards
        swap = effect & (card == J)
        hands_j = s.hands.at[seat, 0].set(theirs).at[tt, 0].set(keep)
        cols = jnp.arange(n)
        others = (cols != seat) & (cols != tt)
        kswap = s.known.at[:, seat].set(s.known[:, tt]).at[:, tt].set(s.known[:, seat])
        kswap = jnp.where(others[:, None], kswap, s.known)
        kswap = kswap.at[seat, tt].set(keep).at[tt, seat].set(theirs)
        s = s.replace(hands=jnp.where(swap, hands_j, s.hands), known=jnp.where(swap, kswap, s.known))
        # 10: the target discards (a K puts them out) and draws, or takes the set-aside card
        s = self._prince(s, tt, effect & (card == T))
        return self._end_turn(s, seat, key)

    def _prince(self, s: LoveState, t: jax.Array, on: jax.Array) -> LoveState:
        old = s.hands[t, 0]
        empty = s.top >= CARDS
        new = jnp.where(empty, s.cards[self.players], s.cards[jnp.minimum(s.top, CARDS - 1)])
        after = s.replace(
            played=s.played.at[t, old].add(1),
            played_sum=s.played_sum.at[t].add(VALUES[jnp.maximum(old, 0)]),
            known=s.known.at[:, t].set(NONE),
            hands=s.hands.at[t, 0].set(jnp.where(old == K, NONE, new)),
            top=jnp.where((old != K) & ~empty, s.top + 1, s.top),
            aside_down=s.aside_down & ~((old != K) & empty),
            out=s.out.at[t].set(s.out[t] | (old == K)),
            protected=s.protected.at[t].set(s.protected[t] & (old != K)),
        )
        chosen: LoveState = jax.tree_util.tree_map(lambda x, y: jnp.where(on, x, y), after, s)
        return chosen

    def _end_turn(self, s: LoveState, seat: jax.Array, key: jax.Array) -> LoveState:
        """The next turn, the next round or the match's end.

        Under ``vmap`` every branch is computed for every game, so the turn that
        follows (the next seat's, or the new round's first) is begun once, on
        the state it starts from; and with ``target_wins`` 1 every round ends the
        match, so no next round is dealt at all (a static choice: half the cost of a
        single-round step, measured in ``bench/jax_env.py``).
        """
        n = self.players
        inside = ~s.out
        last = inside.sum() == 1
        deck_out = s.top >= CARDS
        ends = last | deck_out
        after = (seat + 1 + jnp.arange(n)) % n
        nxt = after[jnp.argmax(inside[after])]
        # the round's winners: the one left, or the highest card, then the highest face-up sum
        card = jnp.where(inside, VALUES[jnp.maximum(s.hands[:, 0], 0)], -1)
        score = card * 1000 + jnp.where(inside, s.played_sum, 0)
        winners = jnp.where(last, inside, inside & (score == jnp.max(jnp.where(inside, score, -1))))
        wins = s.round_wins + winners.astype(jnp.int32)
        champions = wins >= self.target_wins
        over = ends & champions.any()
        rewards = jnp.where(over, champions / jnp.maximum(champions.sum(), 1), 0.0).astype(jnp.float32)
        first, start = nxt, s
        if self.target_wins > 1:
            k0, k1 = _words(key)
            pick = self._below(k0, k1, winners.sum(), 11)
            starter = jnp.argmax(jnp.cumsum(winners) > pick)
            dealt = self._deal(s.replace(round_wins=wins), self._shuffle(k0, k1))
            start = jax.tree_util.tree_map(lambda x, y: jnp.where(ends, x, y), dealt, s)
            first = jnp.where(ends, starter, nxt)
        going = self._begin_turn(start, first)
        going = going.replace(rewards=jnp.where(ends, rewards, going.rewards))
        final = s.replace(
            round_wins=wins,
            rewards=rewards,
            terminated=jnp.bool_(True),
            current_player=jnp.argmax(champions).astype(jnp.int32),
            legal_action_mask=jnp.zeros_like(going.legal_action_mask),
        )
        out: LoveState = jax.tree_util.tree_map(lambda x, y: jnp.where(over, x, y), final, going)
        return out
