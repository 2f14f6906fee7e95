"""The JAX Poker Liar's Dice is the engine, step for step; its observations leak nothing.

The differential test drives a batch of engine matches and the batched PGX environment side
by side with the same chance (each draw the engine makes is logged by a recording
``Chance`` and its result copied into the JAX state) and the same random legal actions, and
compares at every step whose turn it is, the legal mask, the rewards, the end and the lives.
Small batches here, whole matches at lives 1 and 3.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import liars
import liars.jax
from liars.core import GameConfigError
from liars.games import liars_dice_poker as engine
from liars.jax.liars_dice_poker import ACCEPT, ANSWER, LIAR, REROLL, LiarsDicePoker

from .recording import Recording


@functools.cache
def _env(lives: int) -> LiarsDicePoker:
    """One environment per lives count, so each jitted function compiles once for the module."""
    return LiarsDicePoker(lives=lives)


@functools.cache
def _jitted(lives: int, what: str) -> Any:
    """``env.init``/``step``/``_observe`` of ``_env(lives)`` jitted once (``v``: vmapped too)."""
    env = _env(lives)
    fn = {"init": env.init, "step": env.step, "observe": env._observe}[what.lstrip("v")]
    return jax.jit(jax.vmap(fn) if what.startswith("v") else fn)


def _differential(lives: int, batch: int, seed: int) -> int:
    game = liars.make("liars-dice-poker", lives=lives)
    rng = random.Random(seed)
    chances = [Recording(rng.getrandbits(32)) for _ in range(batch)]
    engines: list[Any] = [game.new_game(chance=c) for c in chances]
    init, step = _jitted(lives, "vinit"), _jitted(lives, "vstep")
    key = jax.random.PRNGKey(seed)
    key, sub = jax.random.split(key)
    js = init(jax.random.split(sub, batch))
    # the roll-off: one die each until they differ, the higher starts; then the five dice
    for e, c in zip(engines, chances, strict=True):
        rows, roll = c.outcomes[:-1], c.outcomes[-1]
        assert all(len(r) == 2 for r in rows) and rows[-1][0] != rows[-1][1] and len(roll) == 5
        assert e.to_act[0] == (0 if rows[-1][0] > rows[-1][1] else 1)
    starters = jnp.asarray([e.to_act[0] for e in engines], jnp.int32)
    cup = jnp.asarray([e.view(e.to_act[0])["dice"] for e in engines], jnp.int32)
    js = js.replace(current_player=starters, starter=starters, dice=cup)
    steps = 0
    while not all(e.over for e in engines):
        mask = np.asarray(js.legal_action_mask)
        before = np.asarray(js.dice)
        actions = np.zeros(batch, np.int32)
        drawn = [len(c.log) for c in chances]
        was_over = [e.over for e in engines]
        for i, e in enumerate(engines):
            if e.over:
                continue
            assert int(js.current_player[i]) == e.to_act[0]
            assert np.array_equal(mask[i], np.frombuffer(bytes(e.legal_mask()), np.uint8).astype(bool))
            assert list(np.asarray(js.lives[i])) == e.view(None)["lives"]
            ids = list(e.legal_ids())
            # liar about a third of the time, so rounds run through several claims
            others = [x for x in ids if x != LIAR]
            a = LIAR if not others or (LIAR in ids and rng.random() < 0.35) else rng.choice(others)
            actions[i] = a
            e.act_id(a)
        key, sub = jax.random.split(key)
        js = step(js, jnp.asarray(actions), jax.random.split(sub, batch))
        steps += 1
        after = np.asarray(js.dice).copy()
        for i, e in enumerate(engines):
            if was_over[i]:
                assert float(jnp.sum(js.rewards[i])) == 0.0  # a finished match gives nothing more
                continue
            assert bool(js.terminated[i]) == e.over
            assert tuple(float(x) for x in js.rewards[i]) == e.returns()
            assert list(np.asarray(js.lives[i])) == e.view(None)["lives"]
            draws = chances[i].outcomes[drawn[i] :]
            a = int(actions[i])
            if a >= REROLL:  # the JAX re-roll kept the dice not named and drew as many as the engine
                values = engine.REROLLS[a - REROLL]
                rest = engine.without(list(before[i]), values)
                assert rest is not None and [len(d) for d in draws] == ([len(values)] if values else [])
                assert not Counter(rest) - Counter(after[i].tolist()) and list(after[i]) == sorted(after[i])
            elif a == LIAR:
                assert [len(d) for d in draws] == ([] if e.over else [5])
            else:
                assert not draws and list(after[i]) == list(before[i])
            if draws:
                after[i] = e.view(e.to_act[0])["dice"]  # the engine's dice into the JAX state
        js = js.replace(dice=jnp.asarray(after))
        assert steps < 5_000
    return steps


@pytest.mark.parametrize(("lives", "batch", "seed"), [(1, 200, 1), (3, 160, 2)])
def test_the_jax_game_follows_the_engine_step_by_step(lives: int, batch: int, seed: int) -> None:
    steps = _differential(lives, batch, seed)
    assert steps >= 2 * (2 * lives - 1)  # whole matches, round after round


# the single-game tests share one environment (lives 3) and its jitted functions
LIVES = 3


def _play(key: Any, actions: list[int]) -> Any:
    s = _jitted(LIVES, "init")(key)
    step = _jitted(LIVES, "step")
    for i, a in enumerate(actions):
        assert bool(s.legal_action_mask[a]), (i, a)
        s = step(s, jnp.int32(a), jax.random.fold_in(key, i))
    return s


def _obs(s: Any, seat: int) -> np.ndarray:
    return np.asarray(_jitted(LIVES, "observe")(s, jnp.int32(seat)))


def test_the_receiver_sees_nothing_of_the_cup_before_it_accepts() -> None:
    s = _play(jax.random.PRNGKey(4), [3])  # the starter claims a pair
    receiver, starter = int(s.current_player), 1 - int(s.current_player)
    assert int(s.phase) == ANSWER
    other = s.replace(dice=jnp.asarray([6, 6, 6, 6, 6]), passed=s.passed.at[starter].set(6))
    assert not np.array_equal(np.asarray(other.dice), np.asarray(s.dice))
    assert np.array_equal(_obs(other, receiver), _obs(s, receiver))
    # the starter passed those dice: it sees them change
    assert not np.array_equal(_obs(other, starter), _obs(s, starter))
    # once it accepts, the receiver sees them
    took = _jitted(LIVES, "step")(s, jnp.int32(ACCEPT), jax.random.PRNGKey(0))
    took6 = took.replace(dice=jnp.asarray([6, 6, 6, 6, 6]))
    assert not np.array_equal(_obs(took6, receiver), _obs(took, receiver))


def test_the_passer_does_not_see_the_other_seats_re_roll() -> None:
    key = jax.random.PRNGKey(9)
    s = _play(key, [3, ACCEPT, REROLL + 1])  # claim a pair; accept; re-roll one 1
    holder, passer = int(s.current_player), 1 - int(s.current_player)
    assert int(s.rerolled) == 1
    changed = s.replace(dice=jnp.where(s.dice == s.dice[0], s.dice, 7 - s.dice))
    assert not np.array_equal(np.asarray(changed.dice), np.asarray(s.dice))
    assert np.array_equal(_obs(changed, passer), _obs(s, passer))
    assert not np.array_equal(_obs(changed, holder), _obs(s, holder))
    # the count of re-rolled dice is public: both see it
    more = s.replace(rerolled=jnp.int32(3))
    assert not np.array_equal(_obs(more, passer), _obs(s, passer))
    assert not np.array_equal(_obs(more, holder), _obs(s, holder))


def test_after_a_call_the_lifted_dice_are_public_and_the_new_roll_is_the_starters() -> None:
    s = _play(jax.random.PRNGKey(5), [40, LIAR])
    assert not bool(s.terminated) and int(s.last_call[0]) == 40
    starter, other = int(s.current_player), 1 - int(s.current_player)
    new = s.replace(dice=jnp.where(s.dice == 1, 2, 1))
    assert np.array_equal(_obs(new, other), _obs(s, other))
    assert not np.array_equal(_obs(new, starter), _obs(s, starter))
    lifted = s.replace(lifted=jnp.where(s.lifted == 1, 2, 1))
    for seat in (0, 1):
        assert not np.array_equal(_obs(lifted, seat), _obs(s, seat))


def test_the_call_follows_the_engines_hands() -> None:
    """A full house of 2s over 3s holds a pair of aces; two pairs do not hold three of a kind."""
    pair_of_aces = engine.CLAIM_INDEX[engine.Claim("pair", (1,))]
    three_twos = engine.CLAIM_INDEX[engine.Claim("three", (2,))]
    s = _jitted(LIVES, "init")(jax.random.PRNGKey(0))
    s = s.replace(lives=jnp.asarray([1, 1], jnp.int32))  # the last life: the call ends the match
    step = _jitted(LIVES, "step")
    starter = int(s.current_player)
    for dice, claim, caller_loses in (
        ([2, 2, 2, 3, 3], pair_of_aces, True),
        ([2, 2, 3, 3, 4], three_twos, False),
    ):
        t = step(s.replace(dice=jnp.asarray(dice)), jnp.int32(claim), jax.random.PRNGKey(1))
        end = step(t, jnp.int32(LIAR), jax.random.PRNGKey(2))
        caller = 1 - starter
        assert bool(end.terminated)
        assert float(end.rewards[caller]) == (0.0 if caller_loses else 1.0)
        assert float(end.rewards[starter]) == (1.0 if caller_loses else 0.0)


def test_only_liar_answers_five_aces() -> None:
    s = _play(jax.random.PRNGKey(2), [engine.TOP])
    mask = np.asarray(s.legal_action_mask)
    assert np.flatnonzero(mask).tolist() == [LIAR]


def test_pgx_conventions() -> None:
    env = _env(LIVES)
    assert env.num_players == 2 and env.num_actions == 536
    assert env.num_actions == liars.make("liars-dice-poker").num_actions
    s = _jitted(LIVES, "init")(jax.random.PRNGKey(0))
    assert s.legal_action_mask.shape == (536,) and s.legal_action_mask.dtype == jnp.bool_
    assert np.flatnonzero(np.asarray(s.legal_action_mask)).tolist() == list(range(72))  # any claim
    assert s.rewards.shape == (2,) and s.rewards.dtype == jnp.float32
    assert s.observation.shape == _obs(s, 0).shape and s.observation.dtype == jnp.bool_
    assert s.terminated.dtype == jnp.bool_ and not bool(s.terminated) and not bool(s.truncated)
    assert s.dice.shape == (5,) and list(np.asarray(s.dice)) == sorted(np.asarray(s.dice))
    assert list(np.asarray(s.lives)) == [3, 3]
    # an illegal action (liar before any claim) ends the game with PGX's penalty for its taker
    bad = _jitted(LIVES, "step")(s, jnp.int32(LIAR), jax.random.PRNGKey(1))
    assert bool(bad.terminated) and float(bad.rewards[int(s.current_player)]) == -1.0
    # stepping a finished game changes nothing and rewards nothing
    again = _jitted(LIVES, "step")(bad, jnp.int32(5), jax.random.PRNGKey(2))
    assert bool(again.terminated) and float(jnp.abs(again.rewards).sum()) == 0.0
    assert bool(again.legal_action_mask.all())
    with pytest.raises(GameConfigError) as err:
        LiarsDicePoker(lives=11)
    assert err.value.code == "option_range"  # the engine's own refusal
    made = liars.jax.make("liars-dice-poker", lives=4)
    assert isinstance(made, LiarsDicePoker) and made.lives == 4 and "liars-dice-poker" in liars.jax.GAMES
    with pytest.raises(GameConfigError):
        liars.jax.make("liars-dice-poker", players=3)


def test_the_dice_and_the_starter_are_fair() -> None:
    """Chance by hashing the step's key: every face and both starters equally likely."""
    init = _jitted(1, "vinit")  # the differential test's, at its batch size: no new compile
    keys = jax.random.split(jax.random.PRNGKey(11), 4000).reshape(20, 200, -1)
    dice = np.concatenate([np.asarray(init(k).dice) for k in keys])
    starter = np.concatenate([np.asarray(init(k).current_player) for k in keys])
    faces = np.bincount(dice.ravel(), minlength=7)[1:]
    expected = faces.sum() / 6
    assert float(((faces - expected) ** 2 / expected).sum()) < 20.5  # 5 d.o.f.: p < 0.001
    starters = np.bincount(starter, minlength=2)
    assert float(((starters - 2000) ** 2 / 2000).sum()) < 10.8  # 1 d.o.f.: p < 0.001
