"""The shipped tables, :func:`liars.solver.lookup` on real engine views, play against a best response."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import liars
from liars import solver
from liars.solver.exploit import best_response, best_response_actions, exploitability
from liars.solver.round import Round
from liars.solver.strategy import Strategy
from tests.test_solver import assert_proper

SHIPPED = sorted(solver.TABLES.glob("*.npz"))
SIZES = [(a, b, w) for a in (1, 2) for b in (1, 2) if a + b <= 3 for w in (False, True)]


def test_every_size_up_to_three_dice_ships() -> None:
    for a, b, w in SIZES:
        assert (solver.TABLES / solver.table_name(a, b, w)).is_file(), (a, b, w)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_tables_are_proper_and_as_good_as_they_say(path: Any) -> None:
    strategy = Strategy.load(path)
    assert_proper(strategy)
    expl = exploitability(strategy)
    assert expl == pytest.approx(strategy.meta["stored_exploitability"], rel=1e-6, abs=1e-9)
    limit = 1e-5 if strategy.round.a + strategy.round.b == 2 else 1e-4
    assert expl <= limit


@functools.cache
def loaded(a: int, b: int, wild_ones: bool) -> Strategy:
    path = solver.table_path(a, b, wild_ones)
    assert path is not None
    return Strategy.load(path)


def one_die_duel(wild_ones: bool, seed: int, dice: tuple[int, int], opener: int) -> liars.State:
    game = liars.make("liars-dice", players=2, seed=seed, dice=max(dice), wild_ones=wild_ones)
    rng = random.Random(seed)
    hands = [sorted(rng.randint(1, 6) for _ in range(n)) for n in dice]
    return game.new_game(setup={"dice": hands, "opener": opener})


@pytest.mark.parametrize("wild_ones", [False, True])
def test_lookup_gives_the_table_on_legal_actions(wild_ones: bool) -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        dice = rng.choice([(1, 1), (1, 2), (2, 1)])
        state = one_die_duel(wild_ones, seed, dice, seed % 2)
        opener = seed % 2
        strategy = loaded(dice[opener], dice[1 - opener], wild_ones)
        rnd = strategy.round
        while state.view(None)["round"] == 1:
            seat = state.to_act[0]
            view = state.view(seat)
            dist = solver.lookup(view)
            assert dist is not None
            legal = [a.to_json() for a in state.legal_actions(seat)]
            assert all(a in legal for a, _ in dist)
            assert sum(p for _, p in dist) == pytest.approx(1.0)
            assert all(p > 0 for _, p in dist)
            # the same numbers as the full table, for the viewer's own hand and the bids so far
            mask = rnd.mask([(b["quantity"] - 1) * 6 + b["face"] - 1 for b in view["bids"]])
            player = 0 if seat == opener else 1
            expected = dict(strategy.distribution(mask, rnd.hand_index(player, view["dice"])))
            got = {
                (-1 if a["type"] == "liar" else (a["quantity"] - 1) * 6 + a["face"] - 1): p for a, p in dist
            }
            assert got.keys() == {k for k, v in expected.items() if v > 1e-12}
            for k, v in got.items():
                assert v == pytest.approx(expected[k], abs=1e-9)
            checked += 1
            pick = rng.choice(legal)
            state.act(seat, pick)
            if state.over:
                break
    assert checked > 60


def test_lookup_maps_seats_when_others_are_out() -> None:
    """Four seats, two out: the opener is seat 3 with two dice, seat 1 answers with one."""
    game = liars.make("liars-dice", players=4, dice=2)
    state = game.new_game(setup={"dice": [[], [4], [], [2, 6]], "opener": 3})
    dist = solver.lookup(state.view(3))
    assert dist is not None and sum(p for _, p in dist) == pytest.approx(1.0)
    table = solver.table(2, 1, False)
    assert table is not None
    hand = Round(2, 1).hand_index(0, [6, 2])
    assert [p for _, p in dist] == pytest.approx([p for _, p in table.weights(0, hand)])
    state.act(3, dist[0][0])
    assert solver.lookup(state.view(3)) is None  # not seat 3's turn
    answer = solver.lookup(state.view(1))
    assert answer is not None and all(a in [x.to_json() for x in state.legal_actions(1)] for a, _ in answer)


def test_lookup_says_none_outside_the_tables() -> None:
    three = liars.make("liars-dice", players=3, dice=1).new_game(setup={"dice": [[1], [2], [3]], "opener": 0})
    assert solver.lookup(three.view(0)) is None  # three players with dice
    spot = liars.make("liars-dice", players=2, dice=1, spot_on=True).new_game(
        setup={"dice": [[1], [2]], "opener": 0}
    )
    assert solver.lookup(spot.view(0)) is None  # spot_on is not solved
    big = liars.make("liars-dice", players=2, dice=5).new_game(seed=3)
    assert solver.lookup(big.view(big.to_act[0])) is None  # 5 v 5 is not solved
    duel = liars.make("liars-dice", players=2, dice=1).new_game(setup={"dice": [[1], [2]], "opener": 0})
    assert solver.lookup(duel.view(None)) is None  # a spectator has no decision
    assert solver.lookup(duel.view(1)) is None  # not to act
    assert solver.lookup({"game": "cheat"}) is None
    assert solver.lookup({"game": "liars-dice", "options": {}}) is None  # malformed: no crash


def test_tables_load_once() -> None:
    assert solver.table(1, 1, False) is solver.table(1, 1, False)
    assert solver.table(3, 3, False) is None


def play(state: liars.State, players: dict[int, Any]) -> float:
    """Play the round out; +1 if seat 0 keeps its die."""
    while not state.over:
        seat = state.to_act[0]
        action = players[seat](state.view(seat), state.legal_actions(seat))
        state.act(seat, action)
    return 1.0 if state.winners == (0,) else -1.0


@pytest.mark.parametrize("wild_ones", [False, True])
def test_the_strong_bot_loses_to_a_best_response_no_more_than_the_exploitability(wild_ones: bool) -> None:
    """Exactly: averaged over seats a best response wins exactly the exploitability from the table.

    Then in the engine: the strong bot (playing from the table through its
    view) against that best response, both seats, one-die duels.
    """
    from liars import bots

    strategy = loaded(1, 1, wild_ones)
    expl = exploitability(strategy)
    as_opener = -best_response(strategy, 1)
    as_responder = -best_response(strategy, 0)
    assert (as_opener + as_responder) / 2 == pytest.approx(-expl)
    assert expl <= 1e-5
    assert "strong" in bots.levels("liars-dice")
    rnd = strategy.round
    br = [best_response_actions(strategy, p) for p in (0, 1)]

    def responder_for(opener: int) -> Any:
        def respond(view: dict[str, Any], legal: list[Any]) -> Any:
            player = 0 if view["seat"] == opener else 1
            mask = rnd.mask([(b["quantity"] - 1) * 6 + b["face"] - 1 for b in view["bids"]])
            act = int(br[player][mask, rnd.hand_index(player, view["dice"])])
            if act < 0:
                return {"type": "liar"}
            q, f = rnd.bid(act)
            return {"type": "bid", "quantity": q, "face": f}

        return respond

    bot = bots.make("strong", "liars-dice", seed=1)
    games = 600
    for opener, exact in ((0, as_opener), (1, as_responder)):
        total = 0.0
        for seed in range(games):
            state = one_die_duel(wild_ones, seed, (1, 1), opener)
            total += play(state, {0: bot.act, 1: responder_for(opener)})
        # 600 games: one standard error is about 0.04; the bot must not do worse than exact - 4 s.e.
        assert total / games >= exact - 0.16
