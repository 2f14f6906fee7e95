"""The liegen bots: they finish games under every option, are deterministic, and play sensibly."""

from __future__ import annotations

import random
from typing import Any

import pytest

import liars
from liars import bots
from liars.games.liegen import Accuse, LiegenState, Pass
from tests.test_liegen_helpers import play, position

OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (2, {"jokers": True}),
    (3, {"follow": "suit", "accuse": "next"}),
    (5, {"follow": "rank_step", "jokers": True}),
    (6, {"target_wins": 2}),
]


def run(state: LiegenState, levels: list[str], seed: int) -> tuple[int, ...]:
    players = [bots.make(lvl, "liegen", seed=seed * 10 + s) for s, lvl in enumerate(levels)]
    steps = 0
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, bots.checked_act(players[seat], levels[seat], state.view(seat), legal))
        steps += 1
        assert steps < 50000
    return state.winners


@pytest.mark.parametrize(("players", "opts"), OPTION_SETS)
def test_bots_finish_games_under_every_option_set(players: int, opts: dict[str, Any]) -> None:
    levels = [["basic", "strong"][s % 2] for s in range(players)]
    state = liars.make("liegen", players=players, seed=players, **opts).new_game()
    winners = run(state, levels, players)
    assert len(winners) == 1


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    game = liars.make("liegen", players=3, seed=11, jokers=True)
    a, b = game.new_game(), game.new_game()
    run(a, [level] * 3, 4)
    run(b, [level] * 3, 4)
    assert a.to_json() == b.to_json()


def test_basic_beats_random() -> None:
    wins = 0
    games = 8
    for g in range(games):
        state = liars.make("liegen", players=3, seed=100 + g).new_game()
        seat = g % 3
        levels = ["random"] * 3
        levels[seat] = "basic"
        wins += run(state, levels, g) == (seat,)
    assert wins >= 6  # a fair share would be 2.7 of 8


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_sure_lie_and_a_last_but_one_card_are_accused(level: str) -> None:
    bot = bots.make(level, "liegen", seed=1)
    state = position(3, {0: ["5H", "2C"], 1: ["KS", "QS", "2D", "3D", "4D"]}, dealer=0)
    state.act(1, play("KS", "5H"))  # seat 0 holds the 5 of hearts: a sure lie
    assert state.to_act == (2,)
    state.act(2, {"type": "pass"})
    assert isinstance(bot.act(state.view(0), state.legal_actions(0)), Accuse)
    state = position(3, {1: ["KS", "QS"]}, dealer=0)
    state.act(1, play("KS", "KS"))  # true, but it leaves one card: the next turn would win
    assert isinstance(bot.act(state.view(2), state.legal_actions(2)), Accuse)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_bots_play_honestly_when_a_card_follows(level: str) -> None:
    bot = bots.make(level, "liegen", seed=3)
    pile = [{"seat": 2, "card": "AC", "announce": "9H"}]
    state = position(3, {0: ["2H", "KC", "QD", "JS"]}, dealer=0, pile=pile)
    action = bot.act(state.view(0), state.legal_actions(0))
    assert action.card == "2H" and action.announce == "2H"


def test_strong_trusts_a_likely_claim_when_the_pile_is_big() -> None:
    """A claim made from a big hand is usually honest, and a wrong call would take a big pile."""
    bot = bots.make("strong", "liegen", seed=5)
    pile = [
        {"seat": s, "card": c, "announce": c}
        for s, c in zip([1, 2, 3, 0], ["2H", "3H", "4H", "5H"], strict=True)
    ]
    mine = ["7H", "8C", "9C", "TC", "JC", "QC", "KC", "8D", "9D", "TD", "JD", "QD"]
    state = position(4, {1: mine}, dealer=0, pile=pile)
    assert state.to_act == (1,)
    state.act(1, play("7H", "7H"))
    assert state.to_act == (2,) and state.view(2)["pile_size"] == 5
    decisions = [bot.act(state.view(2), state.legal_actions(2)) for _ in range(5)]
    assert all(isinstance(d, Pass) for d in decisions)


def test_strong_decides_quickly() -> None:
    import time

    state = liars.make("liegen", players=4, seed=9).new_game()
    strong = bots.make("strong", "liegen", seed=2)
    basic = bots.make("basic", "liegen", seed=2)
    rng = random.Random(1)
    worst = 0.0
    for _ in range(200):
        if state.over:
            break
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        t0 = time.perf_counter()
        strong.act(view, legal)
        worst = max(worst, time.perf_counter() - t0)
        state.act(seat, basic.act(view, legal) if rng.random() < 0.9 else rng.choice(legal))
    assert worst < 1.0
