"""Poker Liar's Dice: the exact solve of a two-claim round, and why the full round is not solved.

The full round (``docs/solver.md``) is far too large: every re-roll is
private chance seen by one seat only, and a seat's information set is the
whole sequence of claims, re-roll counts and the dice it passed at each of
its turns - rising claims alone make up to 2^72 sequences.

What is solved exactly here is the round cut after its second claim: the
starter sees five dice ``D`` and claims ``c``; the receiver calls or accepts;
after accepting it sees ``D``, re-rolls any dice once, and makes a second
claim, which the starter must call.  The receiver then wins exactly when
its re-roll makes a hand above ``c``, so accepting is worth
``A(D, c) = max over keeps K of D of P(K plus fresh dice beat c)`` to it,
and the round is a signalling game: the starter's strategy is a claim per
roll (252 rolls), the receiver's a call probability per claim (72).  CFR+
solves it; :func:`exploitability` measures the result exactly (both best
responses are a maximum per information set).  The winner scores +1, the
loser -1; the value is the starter's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..games.liars_dice_poker import BEST, CLAIMS, DICE, TOP, rolls

Arr = NDArray[np.float64]
N = len(CLAIMS)


@dataclass(frozen=True)
class TwoClaimRound:
    """The round's payoff tables: ``prior[d]``, ``held[d, c]`` and ``accept[d, c]`` over rolls ``d``."""

    rolls: tuple[tuple[int, ...], ...]
    prior: Arr
    held: Arr  # 1 where roll d holds claim c
    accept: Arr  # A(d, c): the receiver's chance of re-rolling above c from d (0 for five aces)

    @classmethod
    def build(cls) -> TwoClaimRound:
        by_size = {n: rolls(n) for n in range(DICE + 1)}
        above: dict[tuple[int, ...], Arr] = {}  # keep -> P(best >= x) for x = 0..72
        for n in range(DICE + 1):
            for keep, _ in by_size[n]:
                dist = np.zeros(N + 1)
                for r, p in by_size[DICE - n]:
                    dist[BEST[tuple(sorted(keep + r))]] += p
                above[keep] = np.cumsum(dist[::-1])[::-1]
        fives = tuple(r for r, _ in by_size[DICE])
        prior = np.array([p for _, p in by_size[DICE]])
        held = np.array([[1.0 if BEST[d] >= c else 0.0 for c in range(N)] for d in fives])
        accept = np.zeros((len(fives), N))
        for i, d in enumerate(fives):
            subs = {tuple(v for j, v in enumerate(d) if m >> j & 1) for m in range(1 << DICE)}
            best = np.max([above[k] for k in subs], axis=0)
            accept[i, :TOP] = best[1 : TOP + 1]  # beat c: at least c + 1
        return cls(fives, prior, held, accept)

    def starter_wins(self, call: Arr) -> Arr:
        """``[d, c]``: the starter's chance to win claiming ``c`` from roll ``d`` (``call[c]``: calls)."""
        return call * self.held + (1.0 - call) * (1.0 - self.accept)

    def receiver_gains(self, claims: Arr) -> tuple[Arr, Arr]:
        """Per claim: the receiver's winning mass by calling and by accepting, against ``claims[d, c]``."""
        mass = self.prior[:, None] * claims
        return (mass * (1.0 - self.held)).sum(axis=0), (mass * self.accept).sum(axis=0)


@dataclass(frozen=True)
class Solution:
    """An equilibrium strategy pair, its value for the starter (+1/-1 scale) and exploitability."""

    claims: Arr  # [roll, claim]: the starter's mixed claim per roll
    call: Arr  # [claim]: the receiver's chance of calling
    value: float
    exploitability: float
    iterations: int

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "exploitability": self.exploitability, "iterations": self.iterations}


def value(rnd: TwoClaimRound, claims: Arr, call: Arr) -> float:
    """The starter's expected score (+1 a win, -1 a loss) when both play these strategies."""
    win = float((rnd.prior[:, None] * claims * rnd.starter_wins(call)).sum())
    return 2.0 * win - 1.0


def best_responses(rnd: TwoClaimRound, claims: Arr, call: Arr) -> tuple[float, float]:
    """The starter's value against ``call`` played best, and against ``claims`` (+1/-1 scale)."""
    starter_best = float((rnd.prior * rnd.starter_wins(call).max(axis=1)).sum())
    by_call, by_accept = rnd.receiver_gains(claims)
    by_accept[TOP] = 0.0  # only "liar" answers five aces
    receiver_best = float(np.maximum(by_call, by_accept).sum())
    return 2.0 * starter_best - 1.0, 1.0 - 2.0 * receiver_best


def exploitability(rnd: TwoClaimRound, claims: Arr, call: Arr) -> float:
    """Half the sum of what each best response gains over the pair: 0 exactly at an equilibrium."""
    hi, lo = best_responses(rnd, claims, call)
    return (hi - lo) / 2.0


def solve(eps: float = 1e-6, max_iterations: int = 200_000, rnd: TwoClaimRound | None = None) -> Solution:
    """CFR+ (regrets floored at zero, averages weighted by iteration) until exploitability <= ``eps``."""
    rnd = rnd or TwoClaimRound.build()
    d, n = rnd.held.shape
    reg_s = np.zeros((d, n))
    reg_r = np.zeros((n, 2))  # call, accept
    avg_s = np.zeros((d, n))
    avg_r = np.zeros((n, 2))
    forced = np.zeros((n, 2))
    forced[TOP] = (1.0, 0.0)
    t = 0
    gap = float("inf")
    claims, call = np.full((d, n), 1.0 / n), np.full(n, 0.5)
    while t < max_iterations:
        t += 1
        # the starter's update, against the receiver's current strategy
        cur_r = _normalise(reg_r)
        cur_r[TOP] = forced[TOP]
        cur_s = _normalise(reg_s)
        u = rnd.starter_wins(cur_r[:, 0])
        reg_s = np.maximum(reg_s + u - (cur_s * u).sum(axis=1, keepdims=True), 0.0)
        cur_s = _normalise(reg_s)
        avg_s += t * cur_s
        # the receiver's update, against the starter's new strategy
        by_call, by_accept = rnd.receiver_gains(cur_s)
        gains = np.stack([by_call, by_accept], axis=1)
        reg_r = np.maximum(reg_r + gains - (cur_r * gains).sum(axis=1, keepdims=True), 0.0)
        avg_r += t * _normalise(reg_r)
        if t % 50 == 0 or t == max_iterations:
            claims = avg_s / avg_s.sum(axis=1, keepdims=True)
            call = avg_r[:, 0] / avg_r.sum(axis=1)
            call[TOP] = 1.0
            gap = exploitability(rnd, claims, call)
            if gap <= eps:
                break
    return Solution(claims, call, value(rnd, claims, call), gap, t)


def _normalise(regret: Arr) -> Arr:
    """Regret matching: positive regrets normalised per row, uniform where none is positive."""
    total = regret.sum(axis=1, keepdims=True)
    uniform = np.full_like(regret, 1.0 / regret.shape[1])
    return np.where(total > 0, regret / np.where(total > 0, total, 1.0), uniform)
