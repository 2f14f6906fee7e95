"""Poker Liar's Dice on the RL edges: PettingZoo's and Gymnasium's checkers, OpenSpiel, the tensors."""

from __future__ import annotations

import random

import numpy as np
import pytest

import liars
from liars.rl import encoder, recall_encoder
from liars.rl.enc_liars_dice_poker import PokerEncoder, PokerRecallEncoder

GAME = "liars-dice-poker"


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_and_seed() -> None:
    from pettingzoo.test import api_test, seed_test

    from liars.rl.pettingzoo import env

    api_test(env(GAME, seed=1, lives=2), num_cycles=150)
    seed_test(lambda: env(GAME, lives=2), num_cycles=60)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_checker() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import liars.rl.gym  # noqa: F401  (registers the ids)

    env = gymnasium.make("liars/LiarsDicePoker-v0", lives=2)
    check_env(env.unwrapped, skip_render_check=True)


def test_openspiel_random_sims_and_chance_nodes() -> None:
    import pyspiel  # the rl extra, part of make test: a missing one must fail, not skip

    from liars.rl import openspiel  # noqa: F401  (registers python_liars_dice_poker)

    game = pyspiel.load_game("python_liars_dice_poker")
    assert game.num_distinct_actions() == 536
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.is_chance_node()  # the roll-off and the first roll are OpenSpiel chance nodes
    assert all(p == pytest.approx(1 / 6) for _, p in state.chance_outcomes())


def _random_views(seed: int) -> list[dict[str, object]]:
    state = liars.make(GAME, seed=seed, lives=1).new_game()
    rng = random.Random(seed)
    views = []
    while not state.over:
        for seat in (0, 1):
            views.append(state.view(seat))
        state.act(state.to_act[0], rng.choice(state.legal_actions(state.to_act[0])))
    return views


def test_the_encoders_write_only_ones_and_fit_their_layout() -> None:
    game = liars.make(GAME, seed=0)
    enc = encoder(game)
    assert isinstance(enc, PokerEncoder) and enc.num_actions == game.num_actions
    assert sum(f.size for f in enc.fields) == enc.size
    assert recall_encoder(game) is None  # a match of several rounds has no one-round tensor
    assert isinstance(recall_encoder(liars.make(GAME, lives=1)), PokerRecallEncoder)
    for v in _random_views(2):
        obs = enc.observe(v)
        assert set(np.unique(obs)) <= {0.0, 1.0}


def test_the_recall_tensor_tells_apart_every_two_views() -> None:
    """Perfect recall: two different views of one seat in a round never share a tensor."""
    enc = PokerRecallEncoder(liars.make(GAME, lives=1))
    seen: dict[bytes, str] = {}
    for seed in range(30):
        for v in _random_views(seed):
            if v["over"]:
                continue
            key = enc.observe(v).tobytes() + bytes([v["seat"]])  # type: ignore[list-item]
            text = repr({k: v[k] for k in ("seat", "dice", "claims", "rerolled", "lives", "phase", "holder")})
            assert seen.setdefault(key, text) == text
