"""The poker version's odds of the coach, checked against every roll of the re-rolled dice."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import liars
from liars.bots.liars_dice_poker import StrongBot
from liars.coach import dice, odds
from liars.games.liars_dice_poker import CLAIM_INDEX, CLAIMS, Claim, best_hand
from tests.typed import some


def brute_support(passed: list[int] | None, rerolled: int, claim: int) -> float:
    """Over every choice of which dice stay and every roll of the others: the best keep's chance."""
    if passed is None:
        passed, rerolled = [1, 1, 1, 1, 1], 5
    best = 0.0
    for kept in itertools.combinations(range(5), 5 - rerolled):
        keep = [passed[i] for i in kept]
        hits = sum(
            best_hand(keep + list(r)) >= claim for r in itertools.product(range(1, 7), repeat=rerolled)
        )
        best = max(best, hits / 6**rerolled)
    return best


def claim(hand: str, *values: int) -> dict[str, Any]:
    return {"type": "claim", "hand": hand, "values": list(values)}


def test_answering_the_opening_claim() -> None:
    game = liars.make("liars-dice-poker", seed=1)
    state = game.new_game(setup={"starter": 0, "dice": [2, 2, 5, 6, 1]})
    state.act(0, claim("two_pairs", 5, 2))
    out = odds("liars-dice-poker", state.view(1))
    c = CLAIM_INDEX[Claim("two_pairs", (5, 2))]
    assert out["standing_exact"] == pytest.approx(brute_support(None, 5, c), abs=1e-9)
    jump = StrongBot(seed=0, learn=False).believed(out["standing_exact"], True)
    assert out["standing"] == pytest.approx(jump)
    assert out["bids"] == []
    # The claimant saw the dice it passed: its own claim is certain to it (here: false).
    mine = odds("liars-dice-poker", state.view(0))
    assert mine["standing_exact"] == 0.0 and mine["standing"] == 0.0


@pytest.mark.parametrize("rerolled", [[], [6], [5, 6], [2, 5, 6], [1, 2, 2, 5, 6]])
def test_answering_after_a_re_roll(rerolled: list[int]) -> None:
    game = liars.make("liars-dice-poker", seed=1)
    state = game.new_game(setup={"starter": 0, "dice": [2, 2, 5, 6, 1]})
    state.act(0, claim("pair", 2))
    state.act(1, {"type": "accept"})
    state.act(1, {"type": "reroll", "dice": rerolled})
    state.act(1, claim("three", 2))
    out = odds("liars-dice-poker", state.view(0))
    c = CLAIM_INDEX[Claim("three", (2,))]
    want = brute_support([1, 2, 2, 5, 6], len(rerolled), c)
    assert out["standing_exact"] == pytest.approx(want, abs=1e-9)
    assert dice.poker_support([1, 2, 2, 5, 6], len(rerolled), c) == pytest.approx(want, abs=1e-9)


def test_each_claim_the_holder_may_make_is_priced() -> None:
    game = liars.make("liars-dice-poker", seed=1)
    state = game.new_game(setup={"starter": 0, "dice": [2, 2, 5, 6, 1]})
    state.act(0, claim("pair", 2))
    state.act(1, {"type": "accept"})
    state.act(1, {"type": "reroll", "dice": [6]})
    view = state.view(1)
    out = odds("liars-dice-poker", view)
    assert out["standing_exact"] == 1.0  # seat 1 looked at the dice the pair was passed with
    legal = [a.to_json() for a in state.legal_actions(1)]
    assert [b["claim"] for b in out["bids"]] == legal
    held = best_hand(some(view["dice"]))
    for b in out["bids"]:
        x = CLAIMS.index(Claim(b["claim"]["hand"], tuple(b["claim"]["values"])))
        assert b["exact"] == b["adjusted"] == float(held >= x)
    # How it looks to seat 0, who passed 1 2 2 5 6 and is told one die was re-rolled.
    for b in out["bids"][::9]:
        x = CLAIMS.index(Claim(b["claim"]["hand"], tuple(b["claim"]["values"])))
        assert b["looks"] == pytest.approx(brute_support([1, 2, 2, 5, 6], 1, x), abs=1e-9)
