"""The coach's odds for Love Letter: the chance of each card in every other hand still in the round.

Exact card counting from the view alone.  The cards the seat cannot place
are the view's ``unseen`` counts (every card not in its hand, not face up on
the table and not ``known`` from a 7's look, an 8's comparison or a jack's
swap); every way of dealing them to the hands it does not know, the card set
aside and the pile is equally likely, except the ways the public history rules
out (:func:`liars.games.love_letter_view.constraints`: a missed guess, an 8
whose winner must hold more than the loser showed).  That is the law the
engine's own ``sample_state`` draws from; here it is summed exactly over
every assignment of ranks to the unknown hands (at most three of them, nine
ranks: a few hundred terms).

A seat known from a look holds that card for certain.  The seat on turn
(when it is not the coached one) has drawn a second card from what is left,
so its numbers are the chance it holds at least one card of each rank.

When the coached seat is on turn, ``guess`` (holding a 6 or a 5) gives, per
seat it may choose, the likeliest guess and its chance of a hit; ``eight``
(holding an 8) the chance that its other card wins, ties or loses the
comparison with each seat it may choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import full_history
from ..games.love_letter_cards import GUESSES, RANKS, VALUE
from ..games.love_letter_view import constraints, fits

GAME = "love-letter"


def hand_odds(view: Mapping[str, Any]) -> list[dict[str, float] | None]:
    """Per seat, the chance of each rank in its hand (``None``: the coached seat, or a seat knocked out)."""
    me: int = view["seat"]
    n: int = view["players"]
    out: list[bool] = view["out"]
    known: Mapping[str, str] = view["known"]
    left: dict[str, int] = {r: int(view["unseen"][r]) for r in RANKS}
    total = sum(left.values())
    actor = view["to_act"][0] if view["to_act"] and not view["over"] else None
    blind = [t for t in range(n) if t != me and not out[t] and str(t) not in known]
    rules = constraints(full_history(view), n)
    cards: list[dict[str, float] | None] = [None] * n
    free: list[tuple[set[str], int]] = [(set(), 0)] * n
    for rules_used in (rules, free):  # the history's constraints; without them if nothing fits them
        acc = [dict.fromkeys(RANKS, 0.0) for _ in range(n)]
        weight = _assign(blind, 0, left, total, rules_used, 1.0, [], acc, actor, known)
        if weight > 0:
            break
    for t in range(n):
        if t == me or out[t]:
            continue
        if str(t) in known and t != actor:
            cards[t] = {r: float(r == known[str(t)]) for r in RANKS}
        else:
            cards[t] = {r: acc[t][r] / weight for r in RANKS}
    return cards


def _assign(
    blind: list[int],
    i: int,
    left: dict[str, int],
    total: int,
    rules: list[tuple[set[str], int]],
    w: float,
    chosen: list[str],
    acc: list[dict[str, float]],
    actor: int | None,
    known: Mapping[str, str],
) -> float:
    """Deal ranks to ``blind[i:]`` one by one (``w``: ways so far); add each full deal's weight to ``acc``."""
    if i == len(blind):
        for t, r in zip(blind, chosen, strict=True):
            if t != actor:
                acc[t][r] += w
        if actor is not None and (actor in blind or str(actor) in known):
            old = chosen[blind.index(actor)] if actor in blind else known[str(actor)]
            for r in RANKS:  # the drawn card: any card still unplaced, equally likely
                drawn = left[r] / total if total else 0.0
                acc[actor][r] += w * (1.0 if r == old else drawn)
        return w
    t = blind[i]
    got = 0.0
    for r in RANKS:
        if left[r] and fits(r, rules[t]):
            ways = left[r]
            left[r] -= 1
            chosen.append(r)
            got += _assign(blind, i + 1, left, total - 1, rules, w * ways, chosen, acc, actor, known)
            chosen.pop()
            left[r] += 1
    return got


def odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """Love Letter's part of :func:`liars.coach.odds`: ``cards``; ``guess``, ``eight`` on the seat's turn."""
    me: int = view["seat"]
    cards = hand_odds(view)
    result: dict[str, Any] = {"cards": cards, "guess": None, "eight": None}
    hand: list[str] = view["hand"] or []
    if view["over"] or me not in view["to_act"] or len(hand) < 2:
        return result
    targets = [
        t for t, c in enumerate(cards) if c is not None and not view["protected"][t] and not view["out"][t]
    ]
    if "6" in hand or "5" in hand:
        guesses = []
        for t in targets:
            chances = cards[t] or {}
            best = max(GUESSES, key=lambda g: (chances[g], VALUE[g]))
            guesses.append({"seat": t, "guess": best, "chance": chances[best]})
        result["guess"] = guesses
    if "8" in hand:
        other = list(hand)
        other.remove("8")
        mine = VALUE[other[0]]
        eights = []
        for t in targets:
            chances = cards[t] or {}
            win = sum(p for r, p in chances.items() if VALUE[r] < mine)
            tie = sum(p for r, p in chances.items() if VALUE[r] == mine)
            eights.append({"seat": t, "win": win, "tie": tie, "lose": max(0.0, 1.0 - win - tie)})
        result["eight"] = eights
    return result
