"""The JAX Love Letter is the engine, step for step; its observations leak nothing.

The differential test plays a batch of engine games and the batched PGX environment side by
side: the engine draws through a recording :class:`~liars.rng.Chance`, and every shuffle and
starter it draws is put into the JAX games (a new round started from the same cards); the
same random legal actions go to both.  At every step it compares whose turn it is, the legal
mask, the rewards, the end, each seat's hand, who is out and protected, what each seat knows,
the unseen counts, the pile's size and the round wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import liars
import liars.jax as ljax
from liars.games.love_letter_cards import RANKS

from .recording import Recording


def _ranks(cards: Sequence[str]) -> list[int]:
    return [RANKS.index(c) for c in cards]


@pytest.mark.parametrize(("players", "target"), [(2, 3), (2, 1), (3, 2), (4, 2), (4, 1)])
def test_the_jax_game_follows_the_engine_step_by_step(players: int, target: int) -> None:
    env = ljax.make("love-letter", players=players, target_wins=target)
    game = liars.make("love-letter", players=players, target_wins=target)
    assert env.num_actions == game.num_actions
    batch = 48
    rng = random.Random(players * 10 + target)
    chances = [Recording(rng.getrandbits(32)) for _ in range(batch)]
    engines = [game.new_game(chance=c) for c in chances]
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))

    @jax.jit
    @jax.vmap
    def restart(s: Any, cards: jax.Array, starter: jax.Array, on: jax.Array) -> Any:
        fresh = env._new_round(s, cards, starter)
        fresh = fresh.replace(observation=env.observe(fresh))
        return jax.tree_util.tree_map(lambda a, b: jnp.where(on, a, b), fresh, s)

    seen = [0] * batch

    def sync(js: Any) -> Any:
        """A round the engine began since the last look: begin it in the JAX game from the same deal."""
        cards = np.zeros((batch, 16), np.int32)
        starters = np.zeros(batch, np.int32)
        on = np.zeros(batch, bool)
        for i, (e, c) in enumerate(zip(engines, chances, strict=True)):
            shuffles = [x for k, x in c.log if k == "shuffle"]
            if len(shuffles) > seen[i] and not e.over:
                seen[i] = len(shuffles)
                cards[i] = _ranks(shuffles[-1])
                starters[i] = e.view(None)["starter"]
                on[i] = True
        if not on.any():
            return js
        return restart(js, jnp.asarray(cards), jnp.asarray(starters), jnp.asarray(on))

    key = jax.random.PRNGKey(players)
    js = sync(init(jax.random.split(key, batch)))
    steps = 0
    while not all(e.over for e in engines):
        mask = np.asarray(js.legal_action_mask)
        actions = np.zeros(batch, np.int32)
        for i, e in enumerate(engines):
            if e.over:
                continue
            seat = e.to_act[0]
            assert int(js.current_player[i]) == seat
            legal = np.zeros(game.num_actions, bool)
            legal[list(e.legal_ids())] = True
            assert np.array_equal(mask[i], legal), (i, steps)
            _compare(e, js, i, players)
            actions[i] = rng.choice(list(e.legal_ids()))
        was_over = [e.over for e in engines]
        for i, e in enumerate(engines):
            if not e.over:
                e.act_id(int(actions[i]))
        key, sub = jax.random.split(key)
        js = step(js, jnp.asarray(actions), jax.random.split(sub, batch))
        steps += 1
        for i, e in enumerate(engines):
            if was_over[i]:
                assert float(jnp.abs(js.rewards[i]).sum()) == 0.0
                continue
            assert bool(js.terminated[i]) == e.over, (i, steps)
            expected = e.returns() if e.over else (0.0,) * players
            assert np.allclose(np.asarray(js.rewards[i]), expected), (i, steps)
            assert list(np.asarray(js.round_wins[i])) == e.view(None)["round_wins"]
        js = sync(js)
        assert steps < 5_000
    assert steps > 5


def _compare(e: Any, js: Any, i: int, players: int) -> None:
    """The private and public parts of every seat's view against the JAX state."""
    pub = e.view(None)
    assert list(np.asarray(js.out[i])) == pub["out"]
    assert list(np.asarray(js.protected[i])) == pub["protected"]
    assert 16 - int(js.top[i]) == pub["deck_size"]
    assert bool(js.aside_down[i]) == pub["set_aside_down"]
    for s in range(players):
        v = e.view(s)
        hand = sorted(int(c) for c in np.asarray(js.hands[i, s]) if c >= 0)
        assert hand == sorted(_ranks(v["hand"]))
        played = np.asarray(js.played[i, s])
        assert sorted(_ranks(pub["played"][s])) == sorted(r for r in range(9) for _ in range(int(played[r])))
        known = {str(t): RANKS[int(k)] for t, k in enumerate(np.asarray(js.known[i, s])) if k >= 0}
        assert known == v["known"]


def _random_state(env: Any, key: Any, moves: int) -> Any:
    s = jax.jit(env.init)(key)
    step = jax.jit(env.step)
    r = random.Random(5)
    for k in range(moves):
        legal = np.flatnonzero(np.asarray(s.legal_action_mask))
        s = step(s, jnp.int32(int(r.choice(legal))), jax.random.fold_in(key, k))
        if bool(s.terminated):
            break
    return s


def test_an_observation_shows_nothing_the_seat_may_not_see() -> None:
    env = ljax.make("love-letter", players=3, target_wins=2)
    observe = jax.jit(env.observe)
    s = _random_state(env, jax.random.PRNGKey(2), 3)
    assert not bool(s.terminated)
    seat = int(s.current_player)
    obs = np.asarray(observe(s))
    # the pile's order and the set-aside card: nobody sees them
    hidden = [3, *range(int(s.top), 16)]  # the set-aside card (cards[n]) and the pile left
    cards = np.asarray(s.cards)
    shuffled = cards.copy()
    shuffled[hidden] = cards[hidden[::-1]]
    assert not np.array_equal(shuffled, cards)
    assert np.array_equal(np.asarray(observe(s.replace(cards=jnp.asarray(shuffled)))), obs)
    # another seat's card (one this seat does not know): unseen
    others = [t for t in range(3) if t != seat and int(s.known[seat, t]) < 0 and int(s.hands[t, 0]) >= 0]
    for t in others:
        for r in range(9):
            changed = s.replace(hands=s.hands.at[t, 0].set(r))
            assert np.array_equal(np.asarray(observe(changed)), obs)
    # what the seat may see changes it: its own hand, what it knows, a face-up card
    own = s.replace(hands=s.hands.at[seat, 0].set((int(s.hands[seat, 0]) + 1) % 9))
    assert not np.array_equal(np.asarray(observe(own)), obs)
    t = (seat + 1) % 3
    knows = s.replace(known=s.known.at[seat, t].set((int(s.known[seat, t]) + 2) % 9))
    assert not np.array_equal(np.asarray(observe(knows)), obs)
    up = s.replace(played=s.played.at[t, 0].set(1 - int(s.played[t, 0])))
    assert not np.array_equal(np.asarray(observe(up)), obs)


def test_pgx_conventions() -> None:
    env = ljax.make("love-letter", players=2)
    game = liars.make("love-letter", players=2)
    assert env.num_players == 2 and env.num_actions == game.num_actions == 44
    s = jax.jit(env.init)(jax.random.PRNGKey(0))
    assert s.legal_action_mask.shape == (44,) and s.legal_action_mask.dtype == jnp.bool_
    assert s.rewards.shape == (2,) and s.rewards.dtype == jnp.float32
    assert s.observation.shape == env.observation_shape and s.observation.dtype == jnp.bool_
    assert int(s.legal_action_mask.sum()) >= 1 and not bool(s.terminated)
    illegal = int(np.flatnonzero(~np.asarray(s.legal_action_mask))[0])
    bad = jax.jit(env.step)(s, jnp.int32(illegal), jax.random.PRNGKey(1))
    assert bool(bad.terminated) and float(bad.rewards[int(s.current_player)]) == -1.0


def test_the_deals_are_fair() -> None:
    """Every card equally likely in every place of a deal (the shuffle is a hash of the key)."""
    env = ljax.make("love-letter", players=4)
    states = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.PRNGKey(9), 6000))
    cards = np.asarray(states.cards)
    from liars.games.love_letter_cards import COUNT

    for place in (0, 4, 15):
        got = np.bincount(cards[:, place], minlength=9)
        expected = np.array([COUNT[r] for r in RANKS]) / 16 * len(cards)
        chi2 = float(((got - expected) ** 2 / expected).sum())
        assert chi2 < 26.1, (place, got)  # 8 degrees of freedom, p < 0.001
    starters = np.bincount(np.asarray(states.current_player), minlength=4)
    assert float(((starters - 1500) ** 2 / 1500).sum()) < 16.3  # 3 degrees of freedom
