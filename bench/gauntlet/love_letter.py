"""Gauntlet opponents for ``love-letter``: four rule-based styles, written apart from ``liars.bots``.

Why four: the strong bot models everyone as our own ``basic`` (keep the
higher card, guess the commonest rank).  These players break that model in
different directions, so a weakness shows up against at least one of them:

- ``Counter`` counts cards exactly: it weighs every play by the chances the
  counts give (a guess at the likeliest card of the likeliest target, an 8
  only when its card beats what the other may hold) and keeps the rest high.
- ``Aggressive`` attacks whenever it can: guesses, 8s, 10s at others and
  swaps first, the higher card second, and it goes after the match leader.
- ``Keeper`` is defensive: it keeps the highest card, hides behind the 9,
  compares only with a card that beats nearly everything, and throws a low
  hand away with a 10 at itself.
- ``Memory`` uses everything it saw: a player who played a card most likely
  kept a higher one, a missed guess or a lost 8 rules cards out, and it
  remembers who has seen its own card (and gets rid of that card first).

Each plays from its view and the legal actions only, with its own
``random.Random(seed)``; they score every legal play with the same parts
(kill chance, comparison odds, what is kept for the showdown) and differ in
their beliefs and weights.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from liars.games.love_letter import Play
from liars.games.love_letter_cards import VALUE

Dist = dict[str, float]


def _norm(weights: Mapping[str, float]) -> Dist:
    total = sum(weights.values())
    if total <= 0:
        return {}
    return {c: w / total for c, w in weights.items() if w > 0}


class _Style:
    """Shared machinery: beliefs per opponent from the view, and a score per legal play.

    Beliefs are rebuilt from this round's part of the history at each
    decision (these are benchmark opponents, not the shipped bots: clarity
    beats speed), but the history may be a tail: a style then falls back on
    the counts alone for the round's first entries it lacks.
    """

    # weights a style tunes
    keep_w = 1.0  # the showdown value of the card kept
    kill_w = 1.6  # a player knocked out
    fight_w = 1.2  # an 8: (P(win) - P(lose)) times this
    guard_floor = 0.0  # a guess below this chance of a hit is worth nothing
    protect_w = 0.25  # a 9
    peek_w = 0.2  # a 7 at someone unknown
    swap_w = 0.08  # a J: per point of value gained
    prince_w = 0.06  # a 10 at another: per point of their expected value thrown away
    self_prince = 7.0  # a 10 at oneself when the kept card is worth less than this (and the deck is long)
    leader_w = 0.0  # extra for attacking the seat with most round wins
    keep_bias = 0.0  # how sure it is that a player kept a card at least as high as the one played
    hide_known = 0.0  # for getting rid of a card that others have seen

    def __init__(self, game_id: str = "", seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    # -- beliefs ------------------------------------------------------------
    def beliefs(self, view: Mapping[str, Any]) -> dict[int, Dist]:
        """Per opponent still in, a distribution over the card it holds (a known card: certain)."""
        seat, n = view["seat"], view["players"]
        known: Mapping[str, str] = view["known"]
        unseen: Mapping[str, int] = view["unseen"]
        excluded: dict[int, set[str]] = {t: set() for t in range(n)}
        floor = dict.fromkeys(range(n), 0)
        last: dict[int, str] = {}
        pending: tuple[int, int] | None = None
        for e in self._round_events(view):
            kind = e["type"]
            if kind == "out" and pending is not None and e["seat"] == pending[1] and e.get("card"):
                w = pending[0]
                floor[w] = max(floor[w], VALUE[e["card"]])
            pending = None
            if kind != "play":
                continue
            s, t, card = e["seat"], e.get("target"), e["card"]
            if card not in excluded[s] and VALUE[card] > floor[s]:  # could have been the old card
                excluded[s], floor[s] = set(), 0
            last[s] = card
            if t is None:
                continue
            if card in ("6", "5") and not e.get("hit"):
                excluded[t].add(e["guess"])
            elif card == "8" and e.get("loser") is not None:
                pending = (t if e["loser"] == s else s, e["loser"])
            elif card == "J":
                excluded[s], floor[s] = excluded[t], floor[t]
                excluded[t], floor[t] = set(), 0
                last.pop(s, None)
                last.pop(t, None)
            elif card == "T":
                excluded[t], floor[t] = set(), 0
                last.pop(t, None)
        out: dict[int, Dist] = {}
        for t in range(n):
            if t == seat or view["out"][t]:
                continue
            if str(t) in known:
                out[t] = {known[str(t)]: 1.0}
                continue
            weights: dict[str, float] = {}
            for c, k in unseen.items():
                if k <= 0 or c in excluded[t] or VALUE[c] <= floor[t]:
                    continue
                weight = float(k)
                lp = last.get(t)
                if self.keep_bias and lp is not None and VALUE[c] < VALUE[lp] and lp != "Q":
                    weight *= 1.0 - self.keep_bias
                weights[c] = weight
            out[t] = _norm(weights) or _norm({c: float(k) for c, k in unseen.items() if k > 0})
        return out

    @staticmethod
    def _round_events(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        events: list[Mapping[str, Any]] = view["history"]
        start = max((i for i, e in enumerate(events) if e["type"] == "round"), default=-1)
        return events[start + 1 :]

    def seen_me(self, view: Mapping[str, Any]) -> set[int]:
        """Seats that saw my card (a 7 at me, a tied 8, a swap) and may still know it."""
        me = view["seat"]
        who: set[int] = set()
        for e in self._round_events(view):
            if e["type"] != "play":
                continue
            s, t, card = e["seat"], e.get("target"), e["card"]
            if s == me:
                if card == "J" or (card == "T" and t == me):
                    who = set()
                if card in ("8", "J") and t is not None and t != me:
                    who.add(t)
            elif t == me and card in ("7", "8", "J"):
                who = {s} if card == "J" else who | {s}
            elif t == me and card == "T":
                who = set()
        return {u for u in who if not view["out"][u]}

    # -- scoring ------------------------------------------------------------
    def showdown(self, card: str, view: Mapping[str, Any]) -> float:
        """What keeping ``card`` is worth: more the nearer the end (the showdown is by value)."""
        near = 1.0 + 2.0 / (1.0 + float(view["deck_size"]))
        return self.keep_w * near * (VALUE[card] - 5) / 8.0

    def score(
        self, play: Play, keep: str, view: Mapping[str, Any], dist: Mapping[int, Dist], seen: set[int]
    ) -> float:
        card, t, me = play.card, play.target, view["seat"]
        value = self.showdown(keep, view)
        if card == "K":
            return -100.0
        if t is None:  # Q, 9, or nobody can be chosen
            if card == "9":
                value += self.protect_w * (1.0 + 0.5 * len(seen))
            return value
        wins = view["round_wins"]
        leader = self.leader_w if t != me and wins[t] == max(wins) and max(wins) > 0 else 0.0
        d = dist.get(t, {})
        if card in ("6", "5"):
            p = d.get(play.guess or "", 0.0)
            return value + (p if p >= self.guard_floor else 0.0) * (self.kill_w + leader)
        if card == "7":
            return value + (self.peek_w if len(d) > 1 else 0.02) + 0.3 * leader
        if card == "8":
            mine = VALUE[keep]
            win = sum(p for c, p in d.items() if VALUE[c] < mine)
            lose = sum(p for c, p in d.items() if VALUE[c] > mine)
            return value + (win - lose) * (self.fight_w + leader)
        if card == "J":
            gain = sum(p * (VALUE[c] - VALUE[keep]) for c, p in d.items())
            return value + self.swap_w * gain + 0.1 * leader
        # the 10
        if t == me:
            if keep == "K":
                return -50.0
            unseen = {c: float(k) for c, k in view["unseen"].items() if k > 0}
            fresh = sum(p * self.showdown(c, view) for c, p in _norm(unseen).items())
            return fresh if VALUE[keep] < self.self_prince and view["deck_size"] >= 2 else fresh - 0.5
        pk = d.get("K", 0.0)
        expect = sum(p * (VALUE[c] - 9) for c, p in d.items())
        return value + pk * (self.kill_w + leader) + self.prince_w * expect + 0.1 * leader

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = list(view["hand"])
        dist = self.beliefs(view)
        seen = self.seen_me(view)
        best: list[Any] = []
        top = -1e9
        for a in legal_actions:
            keep = hand[1] if hand[0] == a.card else hand[0]
            s = self.score(a, keep, view, dist, seen)
            if self.hide_known and seen and a.card == hand[0] != hand[1] and a.card != "K":
                s += self.hide_known  # the card others saw is the one held before the draw
            if s > top + 1e-9:
                top, best = s, [a]
            elif abs(s - top) <= 1e-9:
                best.append(a)
        return best[self.rng.randrange(len(best))]


class Counter(_Style):
    """Exact counts, no guessing at intentions: the likeliest card for every guess and every 8."""

    guard_floor = 0.0
    keep_bias = 0.0


class Aggressive(_Style):
    """Attack first: kill chances and fights weigh more than the card kept; the leader is the target."""

    keep_w = 0.45
    kill_w = 2.4
    fight_w = 1.6
    peek_w = 0.35
    swap_w = 0.14
    prince_w = 0.12
    protect_w = 0.05
    leader_w = 0.5
    self_prince = 0.0


class Keeper(_Style):
    """Defensive: the highest card stays, the 9 is played whenever it can be, fights only when sure."""

    keep_w = 2.2
    kill_w = 1.2
    fight_w = 0.8
    protect_w = 0.9
    peek_w = 0.1
    swap_w = 0.03
    prince_w = 0.02
    self_prince = 8.0
    guard_floor = 0.15

    def score(
        self, play: Play, keep: str, view: Mapping[str, Any], dist: Mapping[int, Dist], seen: set[int]
    ) -> float:
        s = super().score(play, keep, view, dist, seen)
        if play.card == "8":
            d = dist.get(play.target if play.target is not None else -1, {})
            lose = sum(p for c, p in d.items() if VALUE[c] > VALUE[keep])
            if lose > 0.2:
                s -= 2.0
        return s


class Memory(_Style):
    """Everything it saw: players kept higher than they played, and its own seen card goes first."""

    keep_bias = 0.8
    hide_known = 0.6
    kill_w = 1.8


STYLES: dict[str, type] = {"counter": Counter, "aggressive": Aggressive, "keeper": Keeper, "memory": Memory}
