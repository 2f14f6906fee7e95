"""The Poker Liar's Dice bots: their tables, their choices in set positions, whole games, learning."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import liars
from liars import bots
from liars.bots import liars_dice_poker as lp
from liars.games.liars_dice_poker import BEST, CLAIM_INDEX, Claim, Reroll

GAME = "liars-dice-poker"


def idx(hand: str, *values: int) -> int:
    return CLAIM_INDEX[Claim(hand, values)]


def position(dice: list[int], starter: int, moves: list[dict[str, Any]]) -> liars.State:
    state = liars.make(GAME, seed=1).new_game(setup={"dice": dice, "starter": starter})
    for m in moves:
        state.act(state.to_act[0], m)
    return state


def claim(hand: str, *values: int) -> dict[str, Any]:
    return {"type": "claim", "hand": hand, "values": list(values)}


def test_the_hold_table_matches_enumeration() -> None:
    for keep in [(), (1,), (6, 6), (2, 3, 4), (1, 5, 5, 5)]:
        n = 5 - len(keep)
        for c in (0, idx("pair", 1), idx("low_straight"), idx("full_house", 6, 2), idx("five", 5)):
            hits = sum(BEST[tuple(sorted(keep + r))] >= c for r in itertools.product(range(1, 7), repeat=n))
            assert lp.HOLD[keep][c] == pytest.approx(hits / 6**n)
        assert sum(lp.DIST[keep]) == pytest.approx(1.0)


def test_support_credits_the_best_keep_for_the_claim() -> None:
    passed = [1, 1, 3, 4, 6]
    three_aces = idx("three", 1)
    # kept four (two aces among them), one die re-rolled: three aces is 1 in 6
    assert lp.support(passed, 1, three_aces) == pytest.approx(1 / 6)
    assert lp.support(passed, 0, three_aces) == 0.0  # nothing re-rolled: the dice are known
    assert lp.support(passed, 0, idx("pair", 1)) == 1.0
    assert lp.support(None, 5, 0) == pytest.approx(1.0)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_calls_a_claim_the_dice_it_passed_make_impossible(level: str) -> None:
    # seat 0 passed a pair of twos; seat 1 kept all five and claims four aces: impossible
    state = position(
        [2, 2, 3, 4, 5],
        0,
        [claim("pair", 2), {"type": "accept"}, {"type": "reroll", "dice": []}, claim("four", 1)],
    )
    bot = bots.make(level, GAME, seed=1)
    assert bot.act(state.view(0), state.legal_actions(0)).to_json() == {"type": "liar"}


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_accepts_a_claim_the_dice_it_passed_make_true(level: str) -> None:
    # seat 0 passed three aces; seat 1 re-rolled nothing and claims them: it must be true
    state = position(
        [1, 1, 1, 4, 5],
        0,
        [claim("pair", 1), {"type": "accept"}, {"type": "reroll", "dice": []}, claim("three", 1)],
    )
    bot = bots.make(level, GAME, seed=1)
    assert bot.act(state.view(0), state.legal_actions(0)).to_json() == {"type": "accept"}


def test_strong_rerolls_toward_the_claim_to_top() -> None:
    # a pair of aces accepted holding two aces: keep them (re-rolling them throws the hand away)
    state = position([1, 1, 3, 4, 6], 1, [claim("pair", 1), {"type": "accept"}])
    bot = bots.make("strong", GAME, seed=1)
    action = bot.act(state.view(0), state.legal_actions(0))
    assert isinstance(action, Reroll) and action.dice.count(1) == 0
    # four sixes accepted holding four sixes: keep the sixes, roll the odd die for the fifth
    state = position([2, 6, 6, 6, 6], 1, [claim("four", 6), {"type": "accept"}])
    action = bot.act(state.view(0), state.legal_actions(0))
    assert action == Reroll((2,))


def test_strong_claims_a_true_hand_that_tops_the_claim() -> None:
    state = position([5, 5, 5, 2, 2], 0, [])
    bot = bots.make("strong", GAME, seed=1)
    action = bot.act(state.view(0), state.legal_actions(0))
    assert isinstance(action, Claim) and BEST[(2, 2, 5, 5, 5)] >= action.index


@pytest.mark.parametrize("level", ["random", "basic", "strong"])
def test_whole_games_between_levels_end(level: str) -> None:
    for seed in range(4):
        game = liars.make(GAME, seed=seed, lives=3)
        state = game.new_game()
        seats = [bots.make(level, GAME, seed=seed), bots.make("basic", GAME, seed=seed + 1)]
        steps = 0
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.act(seat, bots.checked_act(seats[seat], level, state.view(seat), legal, game))
            steps += 1
            assert steps < bots.action_bound(game)
        assert state.winners


def test_strong_learns_where_the_other_calls() -> None:
    """Against a seat that never calls, strong learns that it lets even unlikely claims pass."""

    class NeverCalls:
        def act(self, view: Any, legal: Any) -> Any:
            names = [a.to_json()["type"] for a in legal]
            if "accept" in names:
                return legal[names.index("accept")]
            return legal[0] if names[0] == "claim" else random.Random(0).choice(legal)

    strong = lp.StrongBot(seed=3)
    assert strong.tau == 0.5
    game = liars.make(GAME, seed=3, lives=10)
    state = game.new_game()
    seats: list[bots.Bot] = [strong, NeverCalls()]
    while not state.over:
        seat = state.to_act[0]
        state.act(seat, bots.checked_act(seats[seat], "x", state.view(seat), state.legal_actions(seat), game))
    assert strong.tau < 0.5


def test_the_action_bound_scales_with_lives() -> None:
    assert bots.action_bound(liars.make(GAME, lives=10)) == 2 * bots.action_bound(liars.make(GAME, lives=5))


def test_strong_starts_afresh_in_a_new_game() -> None:
    """One bot over two games (each from round 1): what it learnt in the first is dropped."""

    class NeverCalls:
        def act(self, view: Any, legal: Any) -> Any:
            names = [a.to_json()["type"] for a in legal]
            return legal[names.index("accept")] if "accept" in names else legal[0]

    strong = lp.StrongBot(seed=5)
    game = liars.make(GAME, seed=8, lives=3)  # three calls to learn from, not one
    state = game.new_game(setup={"starter": 0})
    seats: list[bots.Bot] = [strong, NeverCalls()]
    while not state.over:
        seat = state.to_act[0]
        state.act(seat, bots.checked_act(seats[seat], "x", state.view(seat), state.legal_actions(seat), game))
    assert strong.tau != strong.prior_tau  # it learnt something in the first game
    state = liars.make(GAME, seed=9, lives=1).new_game(setup={"starter": 0})
    strong.act(state.view(0), state.legal_actions(0))
    assert strong.tau == strong.prior_tau and strong.bluff == strong.prior_bluff


def test_strong_finds_a_caller_that_ignores_rerolls() -> None:
    """A seat that calls on the claim's chance from five fresh dice is read that way."""

    class FreshDice:
        def act(self, view: Any, legal: Any) -> Any:
            names = [a.to_json()["type"] for a in legal]
            if "accept" in names:
                c = view["claim"]
                fresh = lp.HOLD[()][CLAIM_INDEX[Claim(c["hand"], tuple(c["values"]))]]
                return legal[0] if fresh < 0.4 else legal[1]
            if names[0] == "reroll":
                return legal[0]  # keep all
            return legal[0]  # the smallest claim

    strong = lp.StrongBot(seed=2)
    game = liars.make(GAME, seed=4, lives=10)
    state = game.new_game()
    seats: list[bots.Bot] = [strong, FreshDice()]
    while not state.over:
        seat = state.to_act[0]
        state.act(seat, bots.checked_act(seats[seat], "x", state.view(seat), state.legal_actions(seat), game))
    assert strong.reads == "prior"


@pytest.mark.parametrize("tau", [0.5, 0.95])
def test_strong_never_claims_five_aces_it_does_not_hold(tau: float) -> None:
    """Five aces is always called (nothing else may answer it), so claiming it without the dice
    loses a life for sure. Where every claim looked likely to be called, a hard threshold valued
    them all at their truth (nothing), the tie went to the highest claim, and `liars watch
    liars-dice-poker --seed 8 --lives 2` showed «Kari sa fem ess» over a pair of sixes."""
    for reroll in ([2, 3, 4], [1, 2, 3], [2, 3], [6]):
        # seat 1 opens on [1, 2, 3, 4, 6] with a bluff of four aces; seat 0 accepts and re-rolls
        state = position([1, 2, 3, 4, 6], 1, [claim("four", 1), {"type": "accept"}])
        state.act(0, {"type": "reroll", "dice": reroll})
        dice = state.view(0)["dice"]
        bot = lp.StrongBot(seed=1, tau=tau, learn=False)
        action = bot.act(state.view(0), state.legal_actions(0))
        assert isinstance(action, Claim)
        if BEST[tuple(dice)] < idx("five", 1):
            assert action.index < idx("five", 1), (dice, action)
