"""What the batched environments share: PGX's state fields, its interface plumbing, the chance hash.

Kept in one place so that each game's module (``liars_dice``, ``love_letter``,
``liars_dice_poker``) holds only its rules: its own arrays, ``_init``, ``_step`` and
``_observe``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Self, TypeVar

import jax
import jax.numpy as jnp
import pgx


@dataclasses.dataclass(frozen=True)
class PgxState(pgx.State):
    """PGX's fields with their defaults; a game's state adds its own arrays after them."""

    current_player: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(0))
    observation: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(0, jnp.bool_))
    rewards: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(2, jnp.float32))
    terminated: jax.Array = dataclasses.field(default_factory=lambda: jnp.bool_(False))
    truncated: jax.Array = dataclasses.field(default_factory=lambda: jnp.bool_(False))
    legal_action_mask: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(0, jnp.bool_))
    _step_count: jax.Array = dataclasses.field(default_factory=lambda: jnp.int32(0))

    #: the game id (PGX's ``env_id``)
    GAME: ClassVar[str] = ""

    @property
    def env_id(self) -> Any:
        return self.GAME

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` (PGX's base ``Env.step`` calls it)."""
        return dataclasses.replace(self, **changes)


S = TypeVar("S", bound=type[PgxState])


def pytree(cls: S) -> S:
    """Register a state class as a JAX pytree: every field is an array (none is static)."""
    jax.tree_util.register_dataclass(
        cls, data_fields=[f.name for f in dataclasses.fields(cls)], meta_fields=[]
    )
    return cls


class PgxEnv(pgx.Env):  # pgx ships no type information (see pyproject: mypy overrides)
    """PGX's properties from three attributes a game's environment sets."""

    GAME: ClassVar[str] = ""
    players: int
    _num_actions: int

    @property
    def id(self) -> Any:
        return self.GAME

    @property
    def version(self) -> str:
        return "v1"

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def num_actions(self) -> int:
        return self._num_actions

    def _step_with_illegal_action(self, state: PgxState, loser: jax.Array) -> PgxState:
        """An illegal action ends the game: -1 to its taker, and the other seats share +1.

        PGX's own rule gives every other seat ``num_players - 1``: right for two players
        (the same +1 / -1 as here), but with three or more each bystander got 2, 3, ...,
        more than winning a match is worth (1), so a batch's returns were dominated by
        other seats' mistakes.  Sharing +1 keeps every reward within [-1, 1].
        """
        others = 1.0 / (self.players - 1)
        rewards = jnp.full_like(state.rewards, others).at[loser].set(-1.0)
        return state.replace(rewards=rewards, terminated=jnp.bool_(True))


def _words(key: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Two 32-bit words of a key, new-style (``jax.random.key``) or raw (``PRNGKey``)."""
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        key = jax.random.key_data(key)
    words = key.ravel().astype(jnp.uint32)
    return words[0], words[-1]


def _hash(k0: jax.Array, k1: jax.Array, i: jax.Array) -> jax.Array:
    """A 32-bit mixing hash of (key, index): a murmur-style finaliser over the three words.

    The environments draw their chance from it (see :func:`liars.jax.liars_dice._faces`): under
    ``vmap`` both branches of every ``cond`` run, so threefry for every die or card at every
    step would cost more than the step; the key is already a fresh threefry output.
    """
    h = k0 ^ (i * jnp.uint32(0x9E3779B9)) ^ (k1 * jnp.uint32(0x85EBCA6B))
    h = h ^ (h >> 16)
    h = h * jnp.uint32(0x7FEB352D)
    h = h ^ (h >> 15)
    h = h * jnp.uint32(0x846CA68B)
    out: jax.Array = h ^ (h >> 16)
    return out
