"""The JAX Liar's Dice is the engine, step for step; its observations leak nothing.

The differential test drives a batch of engine games and the batched PGX environment with
the same dice (the engine's, copied into the JAX state at every round) and the same actions
(random legal ones), and compares at every step what an agent sees: whose turn, the legal
mask, the rewards, the end, the dice counts.  Small batches here; the large ones are in
``bench/jax_env.py``.
"""

from __future__ import annotations

import random
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import liars
import liars.jax as ljax
from liars.core import GameConfigError

CONFIGS = [
    (2, 1, False, False),
    (2, 5, False, False),
    (2, 3, True, True),
    (3, 2, True, False),
    (4, 2, False, True),
    (6, 1, True, True),
]


def _dice(state: Any, n: int, d: int) -> np.ndarray:
    out = np.zeros((n, d), np.int32)
    for s in range(n):
        mine = state.view(s)["dice"]
        out[s, : len(mine)] = mine
    return out


@pytest.mark.parametrize(("players", "dice", "wild", "spot"), CONFIGS)
def test_the_jax_game_follows_the_engine_step_by_step(
    players: int, dice: int, wild: bool, spot: bool
) -> None:
    env = ljax.make("liars-dice", players=players, dice=dice, wild_ones=wild, spot_on=spot)
    game = liars.make("liars-dice", players=players, dice=dice, wild_ones=wild, spot_on=spot)
    batch = 64
    rng = random.Random(players * 100 + dice)
    engines = [game.new_game(seed=rng.getrandbits(32)) for _ in range(batch)]
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(players + 10 * dice)
    key, sub = jax.random.split(key)
    js = init(jax.random.split(sub, batch))

    def sync(js: Any) -> Any:
        """The engine's chance outcomes into the JAX state: each round's dice, the opener."""
        dice_now = np.stack([_dice(e, players, dice) for e in engines])
        cp = np.array(
            [e.to_act[0] if not e.over else int(js.current_player[i]) for i, e in enumerate(engines)]
        )
        return js.replace(dice=jnp.asarray(dice_now), current_player=jnp.asarray(cp, jnp.int32))

    js = sync(js)
    steps = 0
    while not all(e.over for e in engines):
        mask = np.asarray(js.legal_action_mask)
        actions = np.zeros(batch, np.int32)
        rounds = [e.view(None)["round"] for e in engines]
        for i, e in enumerate(engines):
            if e.over:
                continue
            assert int(js.current_player[i]) == e.to_act[0]
            assert np.array_equal(mask[i], np.frombuffer(bytes(e.legal_mask()), np.uint8).astype(bool))
            assert list(np.asarray(js.counts[i])) == e.view(None)["dice_counts"]
            a = rng.choice(list(e.legal_ids()))
            actions[i] = a
        was_over = [e.over for e in engines]
        for i, e in enumerate(engines):
            if not e.over:
                e.act_id(int(actions[i]))
        key, sub = jax.random.split(key)
        js = step(js, jnp.asarray(actions), jax.random.split(sub, batch))
        steps += 1
        for i, e in enumerate(engines):
            if was_over[i]:
                assert float(jnp.sum(js.rewards[i])) == 0.0  # a finished game gives nothing more
                continue
            assert bool(js.terminated[i]) == e.over
            expected = e.returns() if e.over else (0.0,) * players
            assert tuple(float(x) for x in js.rewards[i]) == expected
            if e.over:
                assert list(np.asarray(js.counts[i])) == e.view(None)["dice_counts"]
        if any(not e.over and e.view(None)["round"] != r for e, r in zip(engines, rounds, strict=True)):
            js = sync(js)  # a call ended a round: the engine rolled, so take its dice
        assert steps < 20_000
    assert steps >= 2 * min(players * dice, 4)  # whole matches were played, round after round


def _state_after(env: Any, key: Any, actions: list[int]) -> Any:
    s = jax.jit(env.init)(key)
    step = jax.jit(env.step)
    for i, a in enumerate(actions):
        s = step(s, jnp.int32(a), jax.random.fold_in(key, i))
    return s


def test_an_observation_shows_nothing_of_the_other_seats_dice() -> None:
    env = ljax.make("liars-dice", players=3, dice=3)
    key = jax.random.PRNGKey(7)
    s = _state_after(env, key, [2 + 6 * 1 + 3, 2 + 6 * 2 + 1])  # two bids: 2x4, then 3x2
    seat = int(s.current_player)
    observe = jax.jit(env.observe)
    obs = observe(s)
    for trial in range(5):
        other = jax.random.randint(jax.random.PRNGKey(trial), s.dice.shape, 1, 7)
        changed = s.dice.at[jnp.arange(3) != seat].set(other[jnp.arange(3) != seat])
        assert not np.array_equal(np.asarray(changed), np.asarray(s.dice))
        assert np.array_equal(np.asarray(observe(s.replace(dice=changed))), np.asarray(obs))
    # and it does show the seat's own dice, the bids and the counts
    own = s.dice.at[seat].set(jnp.where(s.dice[seat] == 6, 5, 6))
    assert not np.array_equal(np.asarray(observe(s.replace(dice=own))), np.asarray(obs))
    fewer = s.replace(counts=s.counts.at[(seat + 1) % 3].set(2))
    assert not np.array_equal(np.asarray(observe(fewer)), np.asarray(obs))
    fresh = jax.jit(env.init)(key).replace(current_player=s.current_player, dice=s.dice)
    assert not np.array_equal(np.asarray(observe(fresh)), np.asarray(obs))


def test_after_a_call_the_lifted_dice_are_public_and_the_new_dice_are_not() -> None:
    env = ljax.make("liars-dice", players=2, dice=2)
    key = jax.random.PRNGKey(3)
    s = _state_after(env, key, [2 + 6 * 3 + 5, 0])  # 4x6 is a lie on four dice unless all show 6
    assert not bool(s.terminated)
    seat = int(s.current_player)
    other = 1 - seat
    observe = jax.jit(env.observe)
    obs = observe(s)
    new = s.dice.at[other].set(jnp.where(s.dice[other] > 0, 7 - s.dice[other], 0))
    assert np.array_equal(np.asarray(observe(s.replace(dice=new))), np.asarray(obs))
    lifted = s.lifted.at[other].set(jnp.where(s.lifted[other] > 0, 7 - s.lifted[other], 0))
    if not np.array_equal(np.asarray(lifted), np.asarray(s.lifted)):
        assert not np.array_equal(np.asarray(observe(s.replace(lifted=lifted))), np.asarray(obs))


def test_pgx_conventions() -> None:
    env = ljax.make("liars-dice", players=2, dice=2)
    assert env.num_players == 2 and env.num_actions == 2 + 6 * 2 * 2
    assert env.num_actions == liars.make("liars-dice", players=2, dice=2).num_actions
    s = jax.jit(env.init)(jax.random.PRNGKey(0))
    assert s.legal_action_mask.shape == (env.num_actions,) and s.legal_action_mask.dtype == jnp.bool_
    assert s.rewards.shape == (2,) and s.rewards.dtype == jnp.float32
    assert s.observation.shape == env.observation_shape and s.observation.dtype == jnp.bool_
    assert s.terminated.dtype == jnp.bool_ and not bool(s.truncated)
    assert not bool(s.legal_action_mask[0]) and not bool(s.legal_action_mask[1])  # no call before a bid
    # an illegal action ends the game with PGX's penalty for the player who took it
    step = jax.jit(env.step)
    bad = step(s, jnp.int32(0), jax.random.PRNGKey(1))
    assert bool(bad.terminated) and float(bad.rewards[int(s.current_player)]) == -1.0
    # stepping a finished game changes nothing and rewards nothing
    again = step(bad, jnp.int32(5), jax.random.PRNGKey(2))
    assert bool(again.terminated) and float(jnp.abs(again.rewards).sum()) == 0.0
    assert bool(again.legal_action_mask.all())


def test_make_checks_like_the_engine() -> None:
    with pytest.raises(GameConfigError) as err:
        ljax.make("liars-dice", players=9)
    assert err.value.code == "out_of_range"  # the engine's own refusal
    with pytest.raises(GameConfigError):
        ljax.make("liars-dice", players=2, jokers=True)
    with pytest.raises(GameConfigError) as err:
        ljax.make("chess")
    assert err.value.code == "rl_unsupported"


def test_the_dice_and_the_opener_are_fair() -> None:
    """Chance drawn by hashing the step's key: every face and every opener equally likely."""
    env = ljax.make("liars-dice", players=3, dice=5)
    states = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.PRNGKey(11), 4000))
    faces = np.bincount(np.asarray(states.dice).ravel(), minlength=7)[1:]
    expected = faces.sum() / 6
    chi2 = float(((faces - expected) ** 2 / expected).sum())
    assert chi2 < 20.5  # 5 degrees of freedom: p < 0.001 above 20.5
    openers = np.bincount(np.asarray(states.current_player), minlength=3)
    chi2 = float(((openers - 4000 / 3) ** 2 / (4000 / 3)).sum())
    assert chi2 < 13.8  # 2 degrees of freedom
    # dice of one seat are not tied to another's (the hash mixes the die's index)
    d = np.asarray(states.dice)
    assert abs(np.corrcoef(d[:, 0, 0], d[:, 1, 0])[0, 1]) < 0.1


def test_the_mccfr_example_learns_far_better_than_uniform_play() -> None:
    """The worked example, on a small fixed budget: its exact exploitability beats uniform play's."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "jax_mccfr_liars_dice.py"
    spec = importlib.util.spec_from_file_location("jax_mccfr_liars_dice", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    uniform = mod.exploitability(mod.to_strategy(np.zeros((mod.STATES, mod.ACTIONS))))
    curve = mod.train(seconds=0.0, batch=1024, iterations=100, report_every=1e9)
    games, _, final = curve[-1]
    assert games == 100 * 1024
    assert uniform > 0.8  # uniform play loses a lot to a best response
    assert final < uniform / 2, (final, uniform)
    # the exact measure moved down from the start (the untrained table is uniform play)
    assert curve[0][2] == pytest.approx(uniform)


def test_an_illegal_action_costs_its_taker_1_and_the_others_share_1() -> None:
    """With three or more seats PGX's own penalty gave every other seat ``players - 1``.

    Four players: a call before any bid gave the three others 3.0 each, three
    times what winning the match gives (1).  Now the taker gets -1 and the
    others share +1 (with two players that is PGX's +1 / -1, unchanged).
    """
    for players, others in ((2, 1.0), (4, 1 / 3)):
        env = ljax.make("liars-dice", players=players, dice=1)
        s = jax.jit(env.init)(jax.random.PRNGKey(0))
        bad = jax.jit(env.step)(s, jnp.int32(0), jax.random.PRNGKey(1))  # "liar" before any bid
        taker = int(s.current_player)
        expected = np.full(players, others, np.float32)
        expected[taker] = -1.0
        assert bool(bad.terminated)
        np.testing.assert_allclose(np.asarray(bad.rewards), expected)
