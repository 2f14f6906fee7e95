"""Tail views: the adapters read only new history entries, yet observe exactly what full views show."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import liars
from liars.rl import encoder
from liars.rl.base import Tails
from liars.rl.pettingzoo import env

# Liegen and Love Letter with several rounds: a Liegen round restarts its history.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("liars-dice", {"players": 3, "dice": 2}),
    ("cheat", {"players": 4}),
    ("liegen", {"players": 2, "target_wins": 2}),
    ("love-letter", {"players": 3, "target_wins": 3}),
]


@pytest.mark.parametrize(("game_id", "opts"), CONFIGS, ids=[g for g, _ in CONFIGS])
def test_tails_keep_the_last_entries_of_the_full_view(game_id: str, opts: dict[str, Any]) -> None:
    game = liars.make(game_id, seed=4, **opts)
    state = game.new_game()
    rng = random.Random(4)
    followers = {keep: Tails(keep) for keep in (0, 3, 24, None)}
    enc = encoder(game)
    rounds: list[Any] = []
    steps = 0
    while True:
        now = state.view(None, since=10**9).get("round")
        new_round = not rounds or rounds[-1] != now
        if new_round:
            rounds.append(now)
        # Full views cost the whole history: compare at some steps (Tails follow every step).
        sampled = steps < 40 or steps % 211 == 0 or new_round or state.over
        for seat in range(game.players):
            full = state.view(seat) if sampled else None
            for keep, tails in followers.items():
                got = tails.view(state, seat)  # every step: the incremental path
                if full is None:
                    continue
                n = full["history_len"]
                want = (
                    full["history"] if keep is None else full["history"][max(n - keep, 0) :] if keep else []
                )
                assert got["history"] == want
                assert {k: v for k, v in got.items() if k != "history"} == {
                    k: v for k, v in full.items() if k != "history"
                }
            if full is not None:
                assert np.array_equal(enc.observe(followers[enc.tail].view(state, seat)), enc.observe(full))
        if state.over or len(rounds) > 2:
            break
        actor = rng.choice(state.to_act)
        state.act(actor, rng.choice(state.legal_actions(actor)))
        steps += 1
    if game_id in ("liegen", "love-letter"):
        assert len(rounds) > 1, "the game should have had a second round"


@pytest.mark.parametrize(("game_id", "opts"), CONFIGS, ids=[g for g, _ in CONFIGS])
def test_pettingzoo_observations_are_those_of_the_full_view(game_id: str, opts: dict[str, Any]) -> None:
    e = env(game_id, seed=2, **opts)
    e.reset(seed=2)
    rng = random.Random(2)
    for episode in range(2):
        if episode:
            e.reset()
        steps = 0
        while e.agents:
            obs, _, term, trunc, _ = e.last()
            assert obs is not None  # last() observes
            seat = e.agent_seat[e.agent_selection]
            if steps < 60 or steps % 401 == 0:  # a full view costs the whole history
                full = e.state_obj.view(seat)
                assert np.array_equal(obs["observation"], e.encoder.observe(full))
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            steps += 1
