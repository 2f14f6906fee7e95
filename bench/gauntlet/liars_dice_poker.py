"""Poker Liar's Dice gauntlet: four rule-based styles, written apart from ``liars.bots``.

- ``rules`` (:class:`RuleBased`) is the issue's held-out player: it claims its
  true hand when that beats the claim, bluffs the smallest raise otherwise,
  and calls when the claim is unlikely (below one half) given how many dice
  the other re-rolled of those it passed.
- ``bluffer`` (:class:`Bluffer`) claims above its hand by a random jump of one
  to three steps and rarely calls (below a quarter).
- ``caller`` (:class:`Caller`) claims the lowest true claim it can, and calls
  anything that is not likely (below 0.7).
- ``naive`` (:class:`Naive`) ignores the re-roll count: it prices a claim as if
  all five dice were fresh, and calls below 0.4.

Each keeps the dice that make its best hand (a straight's five, a pair's two,
both pairs, ...) and re-rolls the others.  They play only from the seat's view
and the legal actions, with their own ``random.Random(seed)``; they use only
the engine's public tables (the claim order, the best hand of five dice).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from liars.games.liars_dice_poker import BEST, CLAIM_INDEX, CLAIMS, Claim, Reroll

TOP = len(CLAIMS) - 1


@lru_cache(maxsize=1 << 16)
def chance(kept: tuple[int, ...], claim: int) -> float:
    """Chance that ``kept`` plus fresh dice for the rest hold ``claim`` (every roll counted)."""
    n = 5 - len(kept)
    hits = sum(1 for r in product(range(1, 7), repeat=n) if BEST[tuple(sorted(kept + r))] >= claim)
    rolls: int = 6**n
    return hits / rolls


def likely(passed: Sequence[int] | None, rerolled: int, claim: int) -> float:
    """How likely the claim holds if the other kept the best of what was passed for it."""
    if passed is None:
        return chance((), claim)
    kept = {tuple(sorted(c)) for c in combinations(sorted(passed), 5 - rerolled)}
    return max(chance(k, claim) for k in kept)


def hand_dice(dice: Sequence[int]) -> list[int]:
    """The dice that make the best hand: repeated values, or all five for a straight."""
    counts = Counter(dice)
    if len(counts) == 5:
        best = CLAIMS[BEST[tuple(sorted(dice))]]
        if best.hand.endswith("straight"):
            return list(dice)
        return [max(dice, key=lambda v: (v == 1, v))]  # keep the highest die
    return [d for d in dice if counts[d] >= 2]


def index(entry: Mapping[str, Any]) -> int:
    return CLAIM_INDEX[Claim(entry["hand"], tuple(entry["values"]))]


class _Style:
    """The shared turn: answer, re-roll, claim; each style changes when it calls and what it claims."""

    threshold = 0.5
    uses_rerolls = True

    def __init__(self, game_id: str = "liars-dice-poker", seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        claims = view["claims"]
        if view["phase"] == "answer":
            last = claims[-1]
            passed = claims[-2]["dice"] if len(claims) >= 2 and self.uses_rerolls else None
            k = last["rerolled"] if passed is not None else 5
            p = likely(passed, k, index(last))
            return legal[0] if len(legal) == 1 or p < self.threshold else legal[1]
        dice = view["dice"]
        if view["phase"] == "reroll":
            rest = list(dice)
            for d in hand_dice(dice):
                rest.remove(d)
            want = Reroll(tuple(sorted(rest)))
            return next((a for a in legal if a == want), legal[0])
        standing = index(view["claim"]) if view["claim"] else -1
        pick = self.claim(BEST[tuple(dice)], standing)
        return CLAIMS[min(max(pick, standing + 1), TOP)]

    def claim(self, own: int, standing: int) -> int:
        return own if own > standing else standing + 1


class RuleBased(_Style):
    """The issue's opponent: its true hand when high enough, else the smallest raise; calls below 0.5."""


class Bluffer(_Style):
    """Jumps one to three steps above its hand; calls only the wildly unlikely."""

    threshold = 0.25

    def claim(self, own: int, standing: int) -> int:
        return max(own, standing) + self.rng.randint(1, 3)


class Caller(_Style):
    """The lowest true claim it can make; calls anything that is not likely."""

    threshold = 0.7

    def claim(self, own: int, standing: int) -> int:
        return standing + 1


class Naive(_Style):
    """Prices every claim as five fresh dice, whatever was re-rolled; calls below 0.4."""

    threshold = 0.4
    uses_rerolls = False


STYLES = {"rules": RuleBased, "bluffer": Bluffer, "caller": Caller, "naive": Naive}
