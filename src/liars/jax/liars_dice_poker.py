"""Løgnterninger, the poker version for two, as a batched PGX environment: pure JAX.

The rules are :mod:`liars.games.liars_dice_poker`'s (docs/rules/liars-dice-poker.md), written
again as array code because a compiled, batched kernel cannot call the Python engine; the
differential test (``tests/test_jax_liars_dice_poker.py``) keeps the two equal step by step.
The action ids are the engine's (``0-71`` the claims in claim order, ``72`` liar, ``73``
accept, ``74 + r`` re-roll the multiset ``REROLLS[r]``), and every table here (the claims'
count, the best hand of each roll, the re-roll multisets) is read from the engine module when
the environment is made, so an id means the same in both and a policy carries over unchanged.

One cup of five dice goes back and forth.  ``phase`` says what the seat to act (always the
holder of the cup) must do: claim (it has looked), answer (liar or accept, unseen) or re-roll
(it accepted).  The dice are kept sorted, as the engine keeps them.

Chance is a hash of the step's key (:func:`liars.jax.liars_dice._hash`), not threefry per
die: under ``vmap`` both sides of every branch run, so the re-roll's and the next round's dice
are drawn at every step.  The first starter is a uniform draw, as the engine's one-die
roll-off (the higher die starts, a tie rolls again) gives each seat one half.  A caller who
wants given dice (the differential test) replaces ``dice`` after the step: a plain array.

Rewards are the engine's returns: 1 to the winner at the step that ends the match, else 0.
The observation (bool, the viewer first) holds only what the seat's view holds: the lives,
the phase and who holds the cup and started, the cup's dice if the seat has looked, the dice
it passed with its latest claim, the dice passed with the standing claim if it accepted them,
this round's claims with who made each and how many dice were re-rolled before it, the
holder's re-roll count, and the last call (its dice, claim, whether they held, who called,
who lost).  The dice passed with earlier claims of the round are left out (as
:mod:`liars.jax.liars_dice` leaves out earlier rounds).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import product

import jax
import jax.numpy as jnp
import numpy as np

from ..core import make as make_engine
from ..games import liars_dice_poker as engine
from .base import PgxEnv, PgxState, _hash, _words, pytree

DICE = engine.DICE
FACES = engine.FACES
CLAIMS = len(engine.CLAIMS)  # 72: ids 0 .. 71
TOP = engine.TOP
LIAR = engine.LIAR
ACCEPT = engine.ACCEPT
REROLL = engine.REROLL
CLAIM, ANSWER, ROLL = 0, 1, 2  # the phases
_POW = np.array([FACES**i for i in range(DICE)], np.int32)


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """The engine's best hand of every roll (by ``sum((d_i - 1) * 6**i)`` of the sorted dice)
    and the re-roll multisets as counts per face, row ``r`` for id ``74 + r``."""
    best = np.zeros(FACES**DICE, np.int32)
    for roll in product(range(1, FACES + 1), repeat=DICE):
        best[int(np.dot(np.array(roll) - 1, _POW))] = engine.BEST[tuple(sorted(roll))]
    counts = np.zeros((len(engine.REROLLS), FACES), np.int32)
    for r, values in enumerate(engine.REROLLS):
        for v, k in Counter(values).items():
            counts[r, v - 1] = k
    return best, counts


@pytree
@dataclasses.dataclass(frozen=True)
class PokerState(PgxState):
    """One match (a batch under ``vmap``): the PGX fields, the cup and this round's claims."""

    GAME = "liars-dice-poker"

    lives: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.int32))
    #: the seat that started this round (the holder is ``current_player``)
    starter: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(0))
    #: what the holder must do: CLAIM, ANSWER or ROLL (re-roll)
    phase: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(CLAIM))
    #: the five dice under the cup, sorted ascending
    dice: jax.Array = dataclasses.field(default_factory=lambda: jnp.ones(DICE, jnp.int32))
    #: the standing claim's index, -1 before the round's opening claim
    claim: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(-1))
    #: how many dice the holder re-rolled before the claim still to come
    rerolled: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(0))
    #: per claim index, the seat that made it this round (-1: nobody; claims rise, so once each)
    claim_by: jax.Array = dataclasses.field(default_factory=lambda: jnp.full(CLAIMS, -1, jnp.int32))
    #: per claim index, the dice re-rolled before it
    claim_rerolled: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(CLAIMS, jnp.int32))
    #: per seat, the dice it passed with its latest claim this round (0s: none yet)
    passed: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros((2, DICE), jnp.int32))
    #: the last call's dice (0s before the first call)
    lifted: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(DICE, jnp.int32))
    #: the last call: (claim, caller, whether the dice held, loser), -1s before the first
    last_call: jax.Array = dataclasses.field(default_factory=lambda: jnp.full(4, -1, jnp.int32))


def _counts(dice: jax.Array) -> jax.Array:
    """How many of each face (index 0 for 1s) among ``dice`` (0s count for none)."""
    out: jax.Array = jnp.sum(dice[:, None] == jnp.arange(1, FACES + 1)[None, :], axis=0)
    return out.astype(jnp.int32)


def _sorted(counts: jax.Array) -> jax.Array:
    """The five dice, ascending, that ``counts`` per face describe (no sort, no scatter)."""
    cum = jnp.cumsum(counts)
    out: jax.Array = 1 + jnp.sum(cum[None, :] <= jnp.arange(DICE)[:, None], axis=1)
    return out.astype(jnp.int32)


class LiarsDicePoker(PgxEnv):
    """Poker Liar's Dice for two, whole matches of ``lives`` lives each (the engine's checks)."""

    GAME = "liars-dice-poker"

    def __init__(self, lives: int = 5):
        super().__init__()
        game = make_engine("liars-dice-poker", lives=lives)  # the engine's refusals for bad options
        self.lives = int(game.options["lives"])
        self.players = 2
        self._num_actions = engine.NUM_ACTIONS  # the engine's fixed space (game.num_actions)
        best, reroll_counts = _tables()
        self.best = jnp.asarray(best)
        self.reroll_counts = jnp.asarray(reroll_counts)
        self.reroll_sizes = jnp.asarray(reroll_counts.sum(axis=1).astype(np.int32))

    # -- PGX's interface ---------------------------------------------------------------
    def _init(self, key: jax.Array) -> PokerState:
        k0, k1 = _words(key)
        # the starter from the same hash as the dice (index DICE: past every die)
        starter = (_hash(k0, k1, jnp.uint32(DICE)) % jnp.uint32(2)).astype(jnp.int32)
        state = PokerState(lives=jnp.full(2, self.lives, jnp.int32))
        return self._new_round(state, starter, self._roll(k0, k1))

    def _step(self, state: PokerState, action: jax.Array, key: jax.Array | None) -> PokerState:
        if key is None:
            raise ValueError("liars-dice-poker rolls dice at a re-roll and a call: step needs a key")
        action = jnp.int32(action)
        kind = jnp.where(action < LIAR, 0, jnp.where(action == LIAR, 1, jnp.where(action == ACCEPT, 2, 3)))
        branches = (self._claim, self._liar, self._accept, self._reroll)
        after: PokerState = jax.lax.switch(kind, branches, state, action, key)
        return after

    def _observe(self, state: PokerState, player_id: jax.Array) -> jax.Array:
        me, other = player_id, 1 - player_id
        holder = state.current_player
        over = state.terminated
        looked = ~over & (holder == me) & (state.phase != ANSWER)
        claimant = 1 - holder  # of the standing claim, when there is one
        has_claim = state.claim >= 0
        # the standing claim's dice: the viewer passed them, or took the cup and looked
        knows_last = ~over & has_claim & ((claimant == me) | (state.phase != ANSWER))
        by = state.claim_by
        lc = state.last_call
        parts = [
            jax.nn.one_hot(state.lives[jnp.stack([me, other])], self.lives + 1, dtype=jnp.bool_).ravel(),
            jax.nn.one_hot(jnp.where(over, 3, state.phase), 3, dtype=jnp.bool_),  # none once over
            jnp.stack([~over & (holder == me), ~over & (state.starter == me)]),
            self._seen(state.dice, looked),  # the cup's dice, if the viewer has looked
            self._seen(state.passed[me], ~over & (state.passed[me, 0] > 0)),  # what it passed last
            self._seen(state.passed[claimant], knows_last),  # the standing claim's dice, if known
            jnp.concatenate([by == me, by == other]),  # this round's claims, by whom
            jax.nn.one_hot(jnp.where(by >= 0, state.claim_rerolled, -1), DICE + 1, dtype=jnp.bool_).ravel(),
            jax.nn.one_hot(  # the holder's re-roll, before its claim (the view's "rerolled")
                jnp.where(~over & has_claim & (state.phase == CLAIM), state.rerolled, -1),
                DICE + 1,
                dtype=jnp.bool_,
            ),
            self._seen(state.lifted, lc[0] >= 0),  # the last call: its dice,
            jax.nn.one_hot(lc[0], CLAIMS, dtype=jnp.bool_),  # the claim called,
            jnp.stack([lc[0] >= 0, lc[2] > 0, lc[1] == me, lc[3] == me]),  # held, who called, who lost
        ]
        return jnp.concatenate(parts)

    # -- the rules ------------------------------------------------------------------------
    def _roll(self, k0: jax.Array, k1: jax.Array) -> jax.Array:
        """Five fresh dice from the key's words, unsorted: die ``i`` is ``1 + hash(key, i) % 6``."""
        h = _hash(k0, k1, jnp.arange(DICE, dtype=jnp.uint32))
        faces: jax.Array = (h % jnp.uint32(FACES)).astype(jnp.int32) + 1
        return faces

    def _seen(self, dice: jax.Array, shown: jax.Array) -> jax.Array:
        """Whether ``dice`` are shown, and how many of each face they hold (all False if not)."""
        per_face = jax.nn.one_hot(_counts(dice), DICE + 1, dtype=jnp.bool_).ravel() & shown
        return jnp.concatenate([shown[None], per_face])

    def _legal(self, phase: jax.Array, claim: jax.Array, dice: jax.Array) -> jax.Array:
        claims = (phase == CLAIM) & (jnp.arange(CLAIMS) > claim)
        answers = (phase == ANSWER) & jnp.stack([jnp.bool_(True), claim < TOP])  # liar; accept
        held = jnp.all(self.reroll_counts <= _counts(dice)[None, :], axis=1)
        return jnp.concatenate([claims, answers, held & (phase == ROLL)])

    def _new_round(self, state: PokerState, starter: jax.Array, faces: jax.Array) -> PokerState:
        dice = _sorted(_counts(faces))
        return state.replace(
            current_player=starter,
            starter=starter,
            phase=jnp.int32(CLAIM),
            dice=dice,
            claim=jnp.int32(-1),
            rerolled=jnp.int32(0),
            claim_by=jnp.full(CLAIMS, -1, jnp.int32),
            claim_rerolled=jnp.zeros(CLAIMS, jnp.int32),
            passed=jnp.zeros((2, DICE), jnp.int32),
            legal_action_mask=self._legal(jnp.int32(CLAIM), jnp.int32(-1), dice),
        )

    def _claim(self, state: PokerState, action: jax.Array, key: jax.Array) -> PokerState:
        seat = state.current_player
        mine = jnp.arange(CLAIMS) == action
        return state.replace(
            claim=action,
            claim_by=jnp.where(mine, seat, state.claim_by),
            claim_rerolled=jnp.where(mine, state.rerolled, state.claim_rerolled),
            passed=jnp.where((jnp.arange(2) == seat)[:, None], state.dice[None, :], state.passed),
            current_player=1 - seat,
            phase=jnp.int32(ANSWER),
            rerolled=jnp.int32(0),
            legal_action_mask=self._legal(jnp.int32(ANSWER), action, state.dice),
        )

    def _accept(self, state: PokerState, action: jax.Array, key: jax.Array) -> PokerState:
        return state.replace(
            phase=jnp.int32(ROLL), legal_action_mask=self._legal(jnp.int32(ROLL), state.claim, state.dice)
        )

    def _reroll(self, state: PokerState, action: jax.Array, key: jax.Array) -> PokerState:
        r = jnp.clip(action - REROLL, 0, self.reroll_counts.shape[0] - 1)
        k = self.reroll_sizes[r]
        k0, k1 = _words(key)
        fresh = jnp.where(jnp.arange(DICE) < k, self._roll(k0, k1), 0)
        dice = _sorted(_counts(state.dice) - self.reroll_counts[r] + _counts(fresh))
        return state.replace(
            dice=dice,
            rerolled=k,
            phase=jnp.int32(CLAIM),
            legal_action_mask=self._legal(jnp.int32(CLAIM), state.claim, dice),
        )

    def _liar(self, state: PokerState, action: jax.Array, key: jax.Array) -> PokerState:
        """Lift the cup: the loser of the call loses a life and starts the next round."""
        caller = state.current_player
        code = jnp.sum((state.dice - 1) * jnp.asarray(_POW))
        held = self.best[code] >= state.claim
        loser = jnp.where(held, caller, 1 - caller)
        lives = state.lives - (jnp.arange(2) == loser).astype(jnp.int32)
        over = lives[loser] == 0
        k0, k1 = _words(key)
        after = self._new_round(state, loser, self._roll(k0, k1))
        return after.replace(
            current_player=jnp.where(over, 1 - loser, loser).astype(jnp.int32),  # PGX: always a seat
            lives=lives,
            lifted=state.dice,
            last_call=jnp.stack([state.claim, caller, held.astype(jnp.int32), loser]).astype(jnp.int32),
            rewards=jnp.where(over, (jnp.arange(2) != loser).astype(jnp.float32), jnp.zeros(2, jnp.float32)),
            terminated=over,
            legal_action_mask=after.legal_action_mask & ~over,
        )
