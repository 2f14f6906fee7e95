"""Liar's Dice odds of the coach, checked against brute-force enumeration of every unseen die."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import liars
from liars import GameConfigError
from liars.bots.liars_dice import Beliefs, Knowledge, tuned
from liars.coach import dice, odds
from tests.typed import some


def position(
    cups: list[list[int]], bids: list[tuple[int, int]], seat: int, **options: Any
) -> tuple[liars.State, dict[str, Any]]:
    """A round with these cups, opened by seat 0, with these bids made in turn; the view of ``seat``."""
    game = liars.make("liars-dice", players=len(cups), seed=3, dice=max(map(len, cups)), **options)
    state = game.new_game(setup={"dice": cups, "opener": 0})
    for q, f in bids:
        state.act(state.to_act[0], {"type": "bid", "quantity": q, "face": f})
    return state, dict(state.view(seat))


def counts_for(face: int, dice_: tuple[int, ...] | list[int], wild: bool) -> int:
    return sum(1 for d in dice_ if d == face or (wild and face != 1 and d == 1))


def brute_exact(mine: list[int], unseen: int, q: int, f: int, wild: bool, exact: bool = False) -> float:
    """Every way the unseen dice can fall, each equally likely."""
    hits = 0
    for rest in itertools.product(range(1, 7), repeat=unseen):
        n = counts_for(f, mine, wild) + counts_for(f, rest, wild)
        hits += n == q if exact else n >= q
    ways: int = 6**unseen
    return hits / ways


def brute_adjusted(view: dict[str, Any], q: int, f: int, wild: bool, spot: bool) -> float:
    """Every way the other dice can count or not for ``f``, each die with the bot's chance for its
    seat (``Beliefs.p``: its tilt by the seat's bids, capped by what the seat's unbid faces showed)."""
    rules = tuned(wild, spot, view["players"])
    k = Knowledge(view["players"], wild, spot, rules["share_prior"])
    k.update(view)
    beliefs = Beliefs(view, rules["belief"], [k.share(s) for s in range(view["players"])], k)
    others = [(s, c) for s, c in enumerate(view["dice_counts"]) if s != view["seat"]]
    chances = [beliefs.p(s, f) for s, c in others for _ in range(c)]
    total = 0.0
    for hits in itertools.product((0, 1), repeat=len(chances)):
        w = 1.0
        for hit, pd in zip(hits, chances, strict=True):
            w *= pd if hit else 1 - pd
        if counts_for(f, view["dice"], wild) + sum(hits) >= q:
            total += w
    return total


CASES = [
    ([[2, 5], [1, 5], [3, 3]], [(2, 5)], 1, {}),
    ([[2, 5], [1, 5], [3, 3]], [(2, 5), (3, 3)], 2, {"wild_ones": True}),
    ([[1, 4], [6, 6], [5, 1]], [(1, 6), (2, 4), (3, 1)], 0, {"spot_on": True}),
    ([[4, 4, 1], [2, 6, 1]], [(2, 4), (3, 1)], 0, {"wild_ones": True, "spot_on": True}),
]


@pytest.mark.parametrize(("cups", "bids", "seat", "opts"), CASES)
def test_standing_and_every_bid_match_enumeration(
    cups: list[list[int]], bids: list[tuple[int, int]], seat: int, opts: dict[str, Any]
) -> None:
    state, view = position(cups, bids, seat, **opts)
    wild, spot = opts.get("wild_ones", False), opts.get("spot_on", False)
    out = odds("liars-dice", view)
    unseen = view["total_dice"] - len(view["dice"])
    assert out["unseen"] == unseen
    q, f = bids[-1]
    assert out["standing_exact"] == pytest.approx(brute_exact(view["dice"], unseen, q, f, wild), abs=1e-9)
    assert out["standing"] == pytest.approx(brute_adjusted(view, q, f, wild, spot), abs=1e-9)
    if spot:
        assert out["spot_on_exact"] == pytest.approx(
            brute_exact(view["dice"], unseen, q, f, wild, exact=True), abs=1e-9
        )
    else:
        assert "spot_on" not in out
    if seat in view["to_act"]:
        legal = [a.to_json() for a in state.legal_actions(seat) if a.to_json()["type"] == "bid"]
        assert [{"type": "bid", "quantity": b["quantity"], "face": b["face"]} for b in out["bids"]] == legal
        for b in out["bids"][:: max(1, len(out["bids"]) // 7)]:
            qb, fb = b["quantity"], b["face"]
            assert b["exact"] == pytest.approx(brute_exact(view["dice"], unseen, qb, fb, wild), abs=1e-9)
            assert b["adjusted"] == pytest.approx(brute_adjusted(view, qb, fb, wild, spot), abs=1e-9)
    else:
        assert out["bids"] == []


def test_the_bids_move_the_adjusted_odds_and_not_the_exact_ones() -> None:
    """Seat 1 bid fives twice: the belief says more fives are out there than the dice alone."""
    _, quiet = position([[2, 3, 4], [1, 2, 5], [3, 6, 6]], [(1, 2), (1, 3)], 2)
    _, loud = position([[2, 3, 4], [1, 2, 5], [3, 6, 6]], [(1, 2), (1, 5)], 2)
    a, b = odds("liars-dice", quiet), odds("liars-dice", loud)
    four_fives = {(x["quantity"], x["face"]): x for x in b["bids"]}[(4, 5)]
    same = {(x["quantity"], x["face"]): x for x in a["bids"]}[(4, 5)]
    assert four_fives["exact"] == same["exact"]
    assert four_fives["adjusted"] > same["adjusted"] + 0.01


def test_before_the_first_bid_there_is_nothing_to_judge_but_every_opening_is_priced() -> None:
    state, view = position([[2, 5], [1, 5]], [], 0)
    out = odds("liars-dice", view)
    assert out["standing_exact"] is None and out["standing"] is None
    assert len(out["bids"]) == len(state.legal_actions(0)) == 24
    assert out["bids"][1] == {"quantity": 1, "face": 2, "exact": 1.0, "adjusted": 1.0}  # my own two
    assert out["bids"][0]["exact"] == pytest.approx(1 - (5 / 6) ** 2)


def test_the_exact_odds_agree_with_the_engines_own_sampling() -> None:
    """A larger table than enumeration reaches: sample_state's uniform cups, counted by the engine's rule."""
    game = liars.make("liars-dice", players=4, seed=11, wild_ones=True)
    state = game.new_game()
    for _ in range(3):
        legal = state.legal_actions(state.to_act[0])
        state.act(state.to_act[0], legal[3])
    seat = state.to_act[0]
    view = state.view(seat)
    out = odds("liars-dice", view)
    q, f = some(view["bid"])["quantity"], some(view["bid"])["face"]
    rng = random.Random(5)
    n = 20000
    held = sum(
        liars.games.liars_dice.count_face([game.sample_state(view, rng).dice], f, wild_ones=True) >= q
        for _ in range(n)
    )
    assert out["standing_exact"] == pytest.approx(held / n, abs=0.015)


def test_module_function_and_entry_point_agree() -> None:
    _, view = position([[2, 5], [1, 5], [3, 3]], [(2, 5)], 1)
    opts = view["options"]
    assert {"game": "liars-dice", "seat": 1, **dice.odds(view, opts)} == {
        k: v for k, v in odds("liars-dice", view).items() if k not in ("advice", "exact")
    }


def test_a_view_without_options_takes_the_given_ones() -> None:
    _, view = position([[2, 5], [1, 5], [3, 3]], [(2, 5)], 1, wild_ones=True)
    bare = {k: v for k, v in view.items() if k != "options"}
    assert (
        odds("liars-dice", bare, {"wild_ones": True})["standing_exact"]
        == odds("liars-dice", view)["standing_exact"]
    )
    assert odds("liars-dice", bare)["standing_exact"] != odds("liars-dice", view)["standing_exact"]


@pytest.mark.parametrize(
    "bad",
    [None, [], {"game": "cheat"}, {"game": "liars-dice", "seat": None, "players": 2}],
)
def test_views_the_coach_cannot_read_are_refused(bad: Any) -> None:
    with pytest.raises(GameConfigError) as info:
        odds("liars-dice", bad)
    assert info.value.code == "bad_view"


def test_a_broken_view_is_refused_not_crashed_on() -> None:
    _, view = position([[2, 5], [1, 5]], [(1, 5)], 1)
    with pytest.raises(GameConfigError, match="consistent"):
        odds("liars-dice", {**view, "dice_counts": "x"})


@pytest.mark.parametrize("opts", [{}, {"wild_ones": True}, {"wild_ones": True, "spot_on": True}])
def test_the_adjusted_odds_are_the_strong_bots_own(opts: dict[str, Any]) -> None:
    """The strong bot decides on Plan.true over its beliefs: the coach shows those very numbers."""
    from liars.bots.liars_dice import Plan, StrongDiceBot

    state, _ = position([[2, 3, 5, 5], [1, 5, 6, 6], [2, 2, 4, 6]], [(2, 5), (2, 6), (3, 5)], 0, **opts)
    state.act(0, {"type": "liar"})  # a round whose cups were lifted: the shares learn from it
    rng = random.Random(3)
    while len(state.view(0)["bids"]) < 3 or 0 not in state.to_act:
        seat = state.to_act[0]
        bids = [a for a in state.legal_actions(seat) if a.to_json()["type"] == "bid"]
        state.act(seat, bids[rng.randrange(min(4, len(bids)))])
    view = state.view(0)
    assert view["history"] and view["bid"] is not None
    bot = StrongDiceBot(seed=0, solver=False)
    k = bot.learn(view)
    beliefs = bot.beliefs(view, k)
    plan = Plan(view, beliefs, k, bot.cont, bot.gain, bot.temp, bot.jumps, bot.spot)
    out = odds("liars-dice", view)
    q, f = view["bid"]["quantity"], view["bid"]["face"]
    assert out["standing"] == pytest.approx(plan.true(q, f), abs=1e-12)
    assert out["bids"]
    for b in out["bids"]:
        assert b["adjusted"] == pytest.approx(plan.true(b["quantity"], b["face"]), abs=1e-12)
    if opts.get("spot_on"):
        assert out["spot_on"] == pytest.approx(plan.exact(q, f), abs=1e-12)


def test_a_tail_view_is_refused() -> None:
    """Card counting and the advice read the whole history: a since= tail is not enough."""
    game = liars.make("cheat", players=3, seed=1)
    state = game.new_game()
    a = state.to_act[0]
    state.act(a, state.legal_actions(a)[0])
    tail = state.view(state.to_act[0], since=1)
    with pytest.raises(GameConfigError) as info:
        odds("cheat", tail)
    assert info.value.code == "bad_view"
