"""The two-claim poker round's solve: its tables from the rules, best responses, an equilibrium."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from liars.games.liars_dice_poker import BEST, CLAIM_INDEX, TOP, Claim
from liars.solver import poker


@pytest.fixture(scope="module")
def rnd() -> poker.TwoClaimRound:
    return poker.TwoClaimRound.build()


def test_the_tables_follow_the_rules(rnd: poker.TwoClaimRound) -> None:
    assert len(rnd.rolls) == 252 and rnd.prior.sum() == pytest.approx(1.0)
    i = rnd.rolls.index((1, 1, 1, 1, 1))
    assert rnd.prior[i] == pytest.approx(1 / 6**5)
    assert rnd.held[i].all() and rnd.accept[i, TOP] == 0.0
    # from a pair of twos (2 2 3 4 6) to beat "pair of twos": keep 2 2, re-roll three; by enumeration
    d = rnd.rolls.index((2, 2, 3, 4, 6))
    c = CLAIM_INDEX[Claim("pair", (2,))]
    best = 0.0
    for mask in range(32):
        keep = tuple(v for j, v in enumerate((2, 2, 3, 4, 6)) if mask >> j & 1)
        n = 5 - len(keep)
        hits = sum(BEST[tuple(sorted(keep + r))] > c for r in itertools.product(range(1, 7), repeat=n))
        best = max(best, hits / 6**n)
    assert rnd.accept[d, c] == pytest.approx(best)


def test_best_responses_bound_every_strategy_pair(rnd: poker.TwoClaimRound) -> None:
    rng = np.random.default_rng(1)
    claims = rng.random(rnd.held.shape)
    claims /= claims.sum(axis=1, keepdims=True)
    call = rng.random(len(rnd.held[0]))
    v = poker.value(rnd, claims, call)
    hi, lo = poker.best_responses(rnd, claims, call)
    assert lo <= v <= hi
    assert poker.exploitability(rnd, claims, call) > 0.01  # random play is far from an equilibrium


def test_the_solve_reaches_an_equilibrium(rnd: poker.TwoClaimRound) -> None:
    sol = poker.solve(eps=1e-3, rnd=rnd)
    assert sol.exploitability <= 1e-3
    assert sol.call[TOP] == 1.0  # only "liar" against five aces
    assert np.allclose(sol.claims.sum(axis=1), 1.0)
    # the value of the round, known to within the exploitability (docs/solver.md: +0.0414)
    assert abs(sol.value - 0.0414) < 2 * sol.exploitability + 1e-4
    # five aces are claimed as they are: never a lower hand
    five_aces = rnd.rolls.index((1, 1, 1, 1, 1))
    assert sol.claims[five_aces, TOP] > 0.99
