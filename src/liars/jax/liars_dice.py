"""Løgnterninger (Liar's Dice) as a batched PGX environment: pure JAX, so ``jit`` and ``vmap`` apply.

The rules are those of :mod:`liars.games.liars_dice` (docs/rules/liars-dice.md), written a
second time as array code: a Python engine cannot be compiled or batched, and a compiled
kernel cannot call it.  The two are kept equal by a differential test
(``tests/test_jax_liars_dice.py``) that drives both with the same dice and actions and
compares every step, so this module adds no rule of its own.

Everything that is static for a game (players, dice per player, ``wild_ones``, ``spot_on``)
is fixed when the environment is made; the state holds only arrays.  The action ids are the
engine's (``0`` liar, ``1`` spot on, ``2 + (q-1)*6 + (f-1)`` a bid of ``q`` dice of face
``f``), so a policy trained here plays the engine through ``State.act_id`` unchanged.

Chance: the opener of the match is drawn uniformly (the engine's roll-off, highest die
opens and the tied roll again, gives every seat the same chance); a round's dice are rolled
from the ``key`` given to :meth:`step` when a call ends the round (and from ``init``'s key
for the first round).  A caller who wants given dice (the differential test) replaces
``dice`` in the state after the step: it is a plain array.

Rewards are the engine's returns: 1 to the winner at the step that ends the match, 0
otherwise.  The observation (bool, from the seat's own point of view, seats in play order
starting with the viewer) holds only what that seat's view shows: its own dice by face, every
seat's dice count, this round's bids and who made them, and the last call's lifted dice and
outcome.  Earlier rounds' details are left out (as in OpenSpiel's information state).
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp

from .base import PgxEnv, PgxState, _hash, _words, pytree

FACES = 6
LIAR = 0
SPOT_ON = 1


@pytree
@dataclasses.dataclass(frozen=True)
class DiceState(PgxState):
    """One game (or, under ``vmap``, a batch of games); the PGX fields and the dice."""

    GAME = "liars-dice"

    #: per seat and die slot, the face (1-6), 0 for a die the seat no longer has
    dice: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros((2, 1), jnp.int32))
    #: dice left per seat
    counts: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.int32))
    #: the standing bid's index (``quantity-1)*6 + face-1``), -1 before the round's first bid
    bid: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(-1))
    #: who made the standing bid (-1 before the first bid)
    bidder: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(-1))
    #: this round's bids, per seat a bit set of bid indices (32 to a word): bit ``b`` of seat
    #: ``s`` is set when ``s`` bid index ``b`` (bits, not a bool matrix: the state is copied at
    #: every select under ``vmap``, so its size is the step's cost)
    made: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros((2, 1), jnp.uint32))
    #: the last call's lifted dice (as ``dice``), zeros before the first call
    lifted: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros((2, 1), jnp.int32))
    #: the last call: (caller, whether it was spot on, whether the caller was right), -1s before
    last_call: jax.Array = dataclasses.field(default_factory=lambda: jnp.full(3, -1, jnp.int32))
    #: seats that lost a die at the last call
    last_losers: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.bool_))


def _faces(k0: jax.Array, k1: jax.Array, count: int) -> jax.Array:
    """``count`` dice from one step's key: die ``i`` is ``1 + hash(key, i) % 6``.

    Why not ``jax.random.randint``: under ``vmap`` a ``lax.cond`` runs both branches, so the
    next round's dice are drawn at every step, and threefry for every die cost more than the
    rest of the step together.  The key is already a fresh threefry output for the step (the
    caller splits it); hashing it with the die's index gives independent-looking dice at a
    fraction of the cost.  ``h % 6`` on a 32-bit ``h`` favours faces 1-4 by 1 in 7e8: far
    below anything a statistical test or a game can notice.
    """
    h = _hash(k0, k1, jnp.arange(count, dtype=jnp.uint32))
    faces: jax.Array = (h % jnp.uint32(FACES)).astype(jnp.int32) + 1
    return faces


class LiarsDice(PgxEnv):
    """Liar's Dice for ``players`` seats with ``dice`` dice each, under the engine's options."""

    GAME = "liars-dice"

    def __init__(self, players: int = 4, dice: int = 5, wild_ones: bool = False, spot_on: bool = False):
        super().__init__()
        self.players = players
        self.dice_per_player = dice
        self.wild_ones = wild_ones
        self.spot_on = spot_on
        self.bids = FACES * players * dice  # bid indices 0 .. bids-1
        self._num_actions = 2 + self.bids
        self.words = -(-self.bids // 32)  # words of a seat's bit set of bids

    # -- PGX's interface ---------------------------------------------------------------
    def _init(self, key: jax.Array) -> DiceState:
        n, d = self.players, self.dice_per_player
        counts = jnp.full(n, d, jnp.int32)
        k0, k1 = _words(key)
        # the opener from the same hash as the dice (index n*d: past every die), so an
        # auto-reset under vmap, which runs init at every step, costs no threefry round
        opener = (_hash(k0, k1, jnp.uint32(n * d)) % jnp.uint32(n)).astype(jnp.int32)
        state = DiceState(
            current_player=opener,
            rewards=jnp.zeros(n, jnp.float32),
            dice=self._roll(key, counts),
            counts=counts,
            made=jnp.zeros((n, self.words), jnp.uint32),
            lifted=jnp.zeros((n, d), jnp.int32),
            last_losers=jnp.zeros(n, jnp.bool_),
        )
        return state.replace(legal_action_mask=self._legal(state.bid, counts))

    def _step(self, state: DiceState, action: jax.Array, key: jax.Array | None) -> DiceState:
        if key is None:
            raise ValueError("liars-dice rolls dice after a call: step(state, action, key) needs a key")
        action = jnp.int32(action)
        after: DiceState = jax.lax.cond(action >= 2, self._bid, self._call, state, action, key)
        return after

    def _observe(self, state: DiceState, player_id: jax.Array) -> jax.Array:
        n, d = self.players, self.dice_per_player
        order = (player_id + jnp.arange(n)) % n  # the viewer first, then in play order
        own = jnp.sum(state.dice[player_id][:, None] == jnp.arange(1, FACES + 1)[None, :], axis=0)
        caller = jnp.where(state.last_call[0] < 0, n, (state.last_call[0] - player_id) % n)
        parts = [
            jax.nn.one_hot(own, d + 1, dtype=jnp.bool_).ravel(),  # own dice: how many of each face
            jax.nn.one_hot(state.counts[order], d + 1, dtype=jnp.bool_).ravel(),  # dice left per seat
            self._made_matrix(state.made)[order].ravel(),  # this round's bids, by whom
            state.current_player == order,  # whose turn
            self._lifted_faces(state.lifted[order]).ravel(),  # the last call's dice by seat and face
            jax.nn.one_hot(caller, n + 1, dtype=jnp.bool_),  # who made the last call (n: nobody yet)
            state.last_call[1:] > 0,  # was it spot on; was the caller right
            state.last_losers[order],  # who lost a die at it
        ]
        return jnp.concatenate(parts)

    # -- the rules ------------------------------------------------------------------------
    def _roll(self, key: jax.Array, counts: jax.Array) -> jax.Array:
        n, d = self.players, self.dice_per_player
        k0, k1 = _words(key)
        faces = _faces(k0, k1, n * d).reshape(n, d)
        return jnp.where(jnp.arange(d)[None, :] < counts[:, None], faces, 0)

    def _lifted_faces(self, lifted: jax.Array) -> jax.Array:
        per_face = jnp.sum(lifted[:, :, None] == jnp.arange(1, FACES + 1)[None, None, :], axis=1)
        return jax.nn.one_hot(per_face, self.dice_per_player + 1, dtype=jnp.bool_)

    def _bit(self, b: jax.Array, seat: jax.Array) -> jax.Array:
        """The bit set with only bid ``b`` of ``seat``: elementwise (a scatter is slow under vmap)."""
        word = (jnp.arange(self.words) == b // 32)[None, :] & (jnp.arange(self.players) == seat)[:, None]
        return jnp.where(word, jnp.uint32(1) << (b % 32).astype(jnp.uint32), jnp.uint32(0))

    def _made_matrix(self, made: jax.Array) -> jax.Array:
        """The bit sets as a bool matrix ``[seat, bid]``."""
        bits = (made[:, :, None] >> jnp.arange(32, dtype=jnp.uint32)[None, None, :]) & jnp.uint32(1)
        matrix: jax.Array = bits.reshape(self.players, -1)[:, : self.bids].astype(jnp.bool_)
        return matrix

    def _legal(self, bid: jax.Array, counts: jax.Array) -> jax.Array:
        total = jnp.sum(counts)
        ids = jnp.arange(self.bids)
        bids = (ids > bid) & (ids < FACES * total)
        calls = jnp.array([True, self.spot_on]) & (bid >= 0)
        return jnp.concatenate([calls, bids])

    def _next_with_dice(self, seat: jax.Array, counts: jax.Array) -> jax.Array:
        """The first seat clockwise after ``seat`` that still has dice."""
        n = self.players
        after = (seat + 1 + jnp.arange(n)) % n
        return after[jnp.argmax(counts[after] > 0)]

    def _bid(self, state: DiceState, action: jax.Array, key: jax.Array) -> DiceState:
        b = action - 2
        seat = state.current_player
        return state.replace(
            bid=b,
            bidder=seat,
            made=state.made | self._bit(b, seat),
            current_player=self._next_with_dice(seat, state.counts),
            legal_action_mask=self._legal(b, state.counts),
        )

    def _call(self, state: DiceState, action: jax.Array, key: jax.Array) -> DiceState:
        n = self.players
        caller = state.current_player
        quantity = state.bid // FACES + 1
        face = state.bid % FACES + 1
        count = jnp.sum(state.dice == face)
        if self.wild_ones:
            count = count + jnp.where(face != 1, jnp.sum(state.dice == 1), 0)
        seats = jnp.arange(n)
        spot = action == SPOT_ON
        holds = count >= quantity
        exact = count == quantity
        liar_loser = jnp.where(holds, caller, state.bidder)
        losers = jnp.where(
            spot,
            jnp.where(exact, (state.counts > 0) & (seats != caller), seats == caller),
            seats == liar_loser,
        )
        counts = state.counts - losers.astype(jnp.int32)
        opener = jnp.where(spot, caller, liar_loser)
        opener = jnp.where(counts[opener] > 0, opener, self._next_with_dice(opener, counts))
        over = jnp.sum(counts > 0) == 1
        winner = jnp.argmax(counts)
        rewards = jnp.where(over, (seats == winner).astype(jnp.float32), jnp.zeros(n, jnp.float32))
        right = jnp.where(spot, exact, ~holds)
        return state.replace(
            current_player=jnp.where(over, winner, opener).astype(jnp.int32),  # PGX: always a seat
            counts=counts,
            dice=self._roll(key, counts),
            lifted=state.dice,
            last_call=jnp.stack([caller, spot.astype(jnp.int32), right.astype(jnp.int32)]).astype(jnp.int32),
            last_losers=losers,
            bid=jnp.int32(-1),
            bidder=jnp.int32(-1),
            made=jnp.zeros_like(state.made),
            rewards=rewards,
            terminated=over,
            legal_action_mask=self._legal(jnp.int32(-1), counts) & ~over,
        )
