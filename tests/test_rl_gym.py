"""Gymnasium adapter: check_env on every game, bots as opponents, the mask in info."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import liars.rl.gym  # noqa: F401  (registers liars/*-v0)
from liars import GameConfigError, IllegalAction
from liars.rl.gym import LiarsGymEnv

ENVS: list[tuple[str, dict[str, Any]]] = [
    ("liars/LiarsDice-v0", {"players": 2, "dice": 2}),
    ("liars/LiarsDice-v0", {"players": 4, "seat": None, "spot_on": True}),
    ("liars/Cheat-v0", {"players": 3}),
    ("liars/Liegen-v0", {"players": 2}),
    ("liars/LoveLetter-v0", {"players": 3}),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("env_id", "kw"), ENVS, ids=[f"{e}-{k['players']}p" for e, k in ENVS])
def test_check_env(env_id: str, kw: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **kw)
    check_env(env.unwrapped, skip_render_check=True)


def play(env: Any, seed: int) -> tuple[float, dict[str, Any]]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        assert env.observation_space.contains(obs) and len(legal) > 0
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        if term or trunc:
            return float(reward), info


def test_episodes_end_with_a_zero_sum_reward_and_are_reproducible() -> None:
    env = gymnasium.make("liars/LiarsDice-v0", players=3, dice=1)
    results = [play(env, s) for s in range(20)]
    assert {r for r, _ in results} <= {1.0, -0.5}
    for reward, info in results:
        assert (reward == 1.0) == (info["winners"] == [0])
    assert [play(env, s)[0] for s in range(20)] == [r for r, _ in results]


def test_mask_is_the_seats_legal_ids_and_bots_never_act_for_us() -> None:
    env = LiarsGymEnv("liars-dice", players=3, seat=1, dice=2)
    _, info = env.reset(seed=2)
    for _ in range(30):
        state = env.state
        assert state is not None
        if state.over:
            break
        assert state.to_act == (1,)
        assert np.flatnonzero(info["action_mask"]).tolist() == sorted(state.legal_ids())
        _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))


def test_illegal_action_loses_without_touching_the_game_or_raises() -> None:
    env = LiarsGymEnv("liars-dice", players=2)
    _, info = env.reset(seed=0)
    assert env.state is not None
    before = env.state.to_json()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(bad)
    assert (reward, term) == (-1.0, True) and "not legal" in info["illegal_action"]
    assert env.state.to_json() == before
    strict = LiarsGymEnv("liars-dice", players=2, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalAction):
        strict.step(bad)


def test_action_masks_is_the_last_info_mask_through_the_wrappers() -> None:
    env = gymnasium.make("liars/LiarsDice-v0", players=2, dice=2)
    action_masks = env.get_wrapper_attr("action_masks")  # how sb3-contrib's MaskablePPO finds it
    with pytest.raises(RuntimeError):
        action_masks()
    _, info = env.reset(seed=4)
    done, steps = False, 0
    while not done:
        mask = action_masks()
        assert mask.any() and np.array_equal(mask, info["action_mask"])
        _, _, done, _, info = env.step(int(np.flatnonzero(mask)[0]))
        steps += 1
    assert steps > 1 and np.array_equal(action_masks(), info["action_mask"])
    _, info = env.reset(seed=5)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(bad)
    assert "illegal_action" in info and not action_masks().any()


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(ValueError):
        LiarsGymEnv("liars-dice", players=3, opponents=["random"])
    with pytest.raises(ValueError):
        LiarsGymEnv("liars-dice", players=2, seat=2)
    with pytest.raises(ValueError):
        LiarsGymEnv("liars-dice", illegal="ignore")


def test_bots_views_cost_each_history_entry_once() -> None:
    """The bots' views are whole, yet the engine decodes each history entry about once per seat.

    Bots once got ``state.view(s)`` at every move, each decoding the whole
    history again: a four-player Liegen episode against random bots (the
    defaults but for the bots) took a minute and more.  Counted here by the
    profiler as calls of the engine's entry decoder (``_event_json``), which
    must stay linear in the game's length.  The views are still the full ones
    (a strong bot's game comes out the same:
    ``test_episodes_end_with_a_zero_sum_reward_and_are_reproducible``).
    """
    import cProfile
    import pstats

    env = LiarsGymEnv("liegen", players=3, opponents="random")
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=2)
    term = False
    profile = cProfile.Profile()
    profile.enable()
    while not term:
        _, _, term, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    profile.disable()
    decoded = sum(
        calls
        for (path, _, name), (_, calls, *_rest) in pstats.Stats(profile).stats.items()  # type: ignore[attr-defined]
        if name == "_event_json" and path.endswith("liegen.py")
    )
    entries = len(env._state().view(None)["history"])
    assert entries >= 300  # long enough that a whole history per move is far more than the bound
    assert 0 < decoded <= 3 * 3 * entries


def test_an_action_that_is_not_a_whole_number_is_illegal_not_rounded() -> None:
    """``step(2.5)`` once played id 2: a float policy output was rounded down without a word.

    Now it is an illegal action like any other (a loss, or ``IllegalAction``
    with ``illegal="raise"``), and the game is untouched; numpy integers (what
    ``action_space.sample()`` gives) are whole numbers.
    """
    strict = LiarsGymEnv("liars-dice", players=2, illegal="raise")
    _, info = strict.reset(seed=0)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    before = strict._state().to_json()
    for bad in (legal + 0.5, float(legal), str(legal), True):
        with pytest.raises(IllegalAction) as refused:
            strict.step(bad)  # type: ignore[arg-type]
        assert refused.value.code == "action_id_not_int"
        assert strict._state().to_json() == before
    env = LiarsGymEnv("liars-dice", players=2)
    env.reset(seed=0)
    _, reward, term, _, info = env.step(legal + 0.5)  # type: ignore[arg-type]
    assert (reward, term) == (-1.0, True) and "whole number" in info["illegal_action"]
    assert env._state().to_json() == before
    env.reset(seed=0)
    _, _, _, _, info = env.step(np.int64(legal))
    assert "illegal_action" not in info and env._state().to_json() != before


def test_a_misspelt_opponent_or_encoder_option_is_refused_when_the_env_is_made() -> None:
    """``opponents="strnog"`` was accepted and failed only at the first ``reset()``;
    ``actions=`` on a game other than Cheat was a ``TypeError`` from an encoder's constructor."""
    with pytest.raises(ValueError, match=r"'strnog'.*random, basic, strong"):
        gymnasium.make("liars/LiarsDice-v0", players=3, opponents=["random", "strnog"])
    with pytest.raises(GameConfigError, match="actions"):
        gymnasium.make("liars/LiarsDice-v0", players=2, actions="engine")
    gymnasium.make("liars/Cheat-v0", players=3, actions="engine", opponents="strong")  # both known


def test_an_episode_lost_by_an_illegal_action_is_over() -> None:
    """After the loss (``terminated``), a further ``step`` once played on in the game.

    The episode had ended with -1, yet the next legal action was taken and
    the game could still be won: two outcomes for one episode.  Now it is
    refused like a step after any other end (``episode_over``), until ``reset``.
    """
    env = LiarsGymEnv("liars-dice", players=2)
    _, info = env.reset(seed=0)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, term, _, _ = env.step(bad)
    assert (reward, term) == (-1.0, True)
    before = env._state().to_json()
    with pytest.raises(IllegalAction) as refused:
        env.step(legal)
    assert refused.value.code == "episode_over" and env._state().to_json() == before
    _, info = env.reset(seed=0)
    env.step(legal)  # a new episode plays as usual
