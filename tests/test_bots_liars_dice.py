"""The Liar's Dice bots: their odds, beliefs, sampling and the calls they must make."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import liars
from liars import bots
from liars.bots import liars_dice as ld
from liars.games.liars_dice import Bid, Liar


def position(dice: list[list[int]], opener: int, bids: list[tuple[int, int]], **opts: Any) -> liars.State:
    game = liars.make("liars-dice", players=len(dice), seed=1, dice=max(len(d) for d in dice), **opts)
    state = game.new_game(setup={"dice": dice, "opener": opener})
    for q, f in bids:
        state.act(state.to_act[0], Bid(q, f))
    return state


def test_binomial_tail_matches_enumeration() -> None:
    for n in range(0, 5):
        for k in range(0, n + 2):
            for p_face, wild in ((1 / 6, False), (1 / 3, True)):
                hits = 0
                for roll in itertools.product(range(1, 7), repeat=n):
                    hits += ld.own_count(roll, 5, wild) >= k
                assert ld.at_least(k, n, p_face) == pytest.approx(hits / 6**n)


def test_own_count_with_wild_ones() -> None:
    assert ld.own_count([1, 1, 5, 6], 5, True) == 3
    assert ld.own_count([1, 1, 5, 6], 5, False) == 1
    assert ld.own_count([1, 1, 5, 6], 1, True) == 2  # a bid on ones counts ones only


def test_min_raise() -> None:
    assert ld.min_raise(-1, 4) == 1
    three_fives = Bid(3, 5).index
    assert ld.min_raise(three_fives, 6) == 3
    assert ld.min_raise(three_fives, 5) == 4
    assert ld.min_raise(three_fives, 2) == 4


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_calls_a_bid_its_own_cup_makes_impossible(level: str) -> None:
    # Seat 0 holds no six; 3 sixes among 3 + 1 dice where only 1 is unseen: impossible.
    state = position([[2, 3, 4], [6]], 1, [(3, 6)])
    bot = bots.make(level, "liars-dice", seed=1, iterations=60)
    assert bot.act(state.view(0), state.legal_actions(0)) == Liar()


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_does_not_call_a_bid_its_own_cup_makes_true(level: str) -> None:
    state = position([[6, 6, 6], [1]], 1, [(2, 6)])
    bot = bots.make(level, "liars-dice", seed=1, iterations=60)
    assert bot.act(state.view(0), state.legal_actions(0)) != Liar()


def test_basic_opens_honestly_on_its_best_face() -> None:
    state = position([[5, 5, 5, 2, 3], [1, 1, 1, 1, 1]], 0, [])
    bid = bots.make("basic", "liars-dice", seed=1).act(state.view(0), state.legal_actions(0))
    assert isinstance(bid, Bid) and bid.face == 5 and 3 <= bid.quantity <= 4


def test_face_share_reads_who_bid_what_they_held() -> None:
    # Seat 1 bids fours and holds them; seat 0 bids sixes holding none.
    state = position([[2, 3], [4, 4]], 0, [(1, 6), (2, 4)])
    state.act(0, Liar())
    shares = ld.face_share(state.view(0))
    assert shares[1] > 0.4 > shares[0]


def test_beliefs_lean_towards_what_was_bid_and_agree_with_the_view() -> None:
    state = position([[2, 3, 5], [1, 2, 6], [2, 3, 4]], 1, [(2, 6), (3, 2)])
    view = state.view(0)
    beliefs = ld.Beliefs(view)
    rng = random.Random(5)
    sixes = {1: 0, 2: 0}
    for _ in range(300):
        sample = beliefs.sample(view, rng)
        assert sample.view(0)["dice"] == view["dice"]
        for key in ("dice_counts", "bid", "bids", "to_act", "opener"):
            assert sample.view(0)[key] == view[key]
        for s in (1, 2):
            sixes[s] += sample.view(s)["dice"].count(6)
    assert sixes[1] > 1.5 * sixes[2]  # seat 1 bid sixes; seat 2 bid twos
    # only the view went in: the same view from a different true position samples the same
    other = position([[2, 3, 5], [4, 4, 4], [6, 6, 6]], 1, [(2, 6), (3, 2)])
    assert other.view(0) == view
    a = ld.Beliefs(view).sample(view, random.Random(9)).to_json()
    b = ld.Beliefs(other.view(0)).sample(other.view(0), random.Random(9)).to_json()
    assert a == b


def test_strong_search_leaves_the_real_game_untouched() -> None:
    state = position([[2, 3, 5, 5], [1, 2, 6, 6]], 1, [(2, 6)])
    before = state.to_json()
    bot = bots.make("strong", "liars-dice", seed=3, iterations=80, budget=None)
    first = bot.act(state.view(0), state.legal_actions(0))
    assert state.to_json() == before
    again = bots.make("strong", "liars-dice", seed=3, iterations=80, budget=None).act(
        state.view(0), state.legal_actions(0)
    )
    assert first == again


def test_strong_plays_the_solver_when_it_answers() -> None:
    """With the solver installed and a position inside its sizes, the answer is in its support."""
    solver = pytest.importorskip("liars.solver")
    lookup = getattr(solver, "lookup", None)
    if lookup is None:
        pytest.skip("liars.solver has no lookup yet")
    state = position([[3], [5]], 0, [])
    view = state.view(0)
    dist = lookup(view)
    if not dist:
        pytest.skip("the solver does not cover a one-die duel")
    bot = bots.make("strong", "liars-dice", seed=1)
    support = [a for a, p in dist if p > 0]
    for _ in range(5):
        action = bot.act(view, state.legal_actions(0))
        got = action if isinstance(action, dict) else action.to_json()
        assert got in support


def test_basic_plays_the_seeds_worked_example() -> None:
    """The rules seed's example: three players, my 2,3,3,5,6; I open two threes, then three fives,
    four fives.  "Du har bare én femmer selv ... Du roper løgn": basic calls."""
    state = position([[2, 3, 3, 5, 6], [1, 1, 4, 4, 6], [2, 2, 3, 5, 5]], 0, [])
    basic = bots.make("basic", "liars-dice", seed=1)
    state.act(0, Bid(2, 3))  # the seed's opening, played for seat 0
    state.act(1, Bid(3, 5))
    state.act(2, Bid(4, 5))
    assert basic.act(state.view(0), state.legal_actions(0)) == Liar()
