"""Cheat (``cheat``) gauntlet: four rule-based styles, written apart from ``liars.bots``.

Every style reads only the seat's view and the legal actions, remembers what
the history showed (its own cards in the pile, pickups, turned cards; a
seat's known cards are forgotten once it plays), answers JSON dicts with bare
ranks (so they match the listed plays), and keeps its own
``random.Random(seed)``.  They differ where Cheat players differ:

- ``Honest``: plays every card of the rank it holds, bluffs one card of the
  rank it needs last, calls sure lies, last plays and a claim that leaves
  the claimant one card when it holds most of the rank.
- ``Bluffer``: pads its plays with an extra card or two while the pile is
  small, bluffs two cards at a time, and calls only sure lies and near-last plays.
- ``Caller``: honest, but calls whenever a claim looks stretched (it holds
  one of the rank and the claim is two or more, the claimant is nearly out)
  and now and then on a small pile.
- ``Counter``: counts cards, works out the chance that the claimant holds
  what it claims from the unseen cards, and calls when the odds, weighed
  by the pile, say so; it pads only when no seat can know better.

A game where every card is known can cycle for ever (every lie a sure lie,
called, the pile taken back and forth); these players, like people, let a
sure lie go now and then once a game runs far past its usual length.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

RANKS = "A23456789TJQK"
RANK_OF = {r: i for i, r in enumerate(RANKS)}
PILE = -1
CHALLENGE = {"type": "challenge"}
PASS = {"type": "pass"}
LONG_GAME = 250  # plays; games take about 35


def _comb(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


class _Style:
    """The shared memory and helpers; subclasses decide ``call`` and ``choose``."""

    def __init__(self, game_id: str = "", seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)
        self.seat = -1
        self.read = 0
        self.known: dict[str, int] = {}  # card code -> seat or PILE
        self.plays = 0

    # -- memory ---------------------------------------------------------------
    def _update(self, view: Mapping[str, Any]) -> None:
        history = view["history"]
        total = view.get("history_len", len(history))
        first = total - len(history)
        if view["seat"] != self.seat or total < self.read or first > self.read:
            self.seat, self.read, self.known, self.plays = view["seat"], first, {}, 0
        for e in history[self.read - first :]:
            if e["type"] == "play":
                self.plays += 1
                s = e["seat"]
                if s == self.seat and "cards" in e:
                    for c in e["cards"]:
                        self.known[c] = PILE
                else:
                    for c in [c for c, w in self.known.items() if w == s]:
                        del self.known[c]
            elif e["type"] == "challenge":
                for c, w in list(self.known.items()):
                    if w == PILE:
                        self.known[c] = e["taker"]
                for c in e["cards"]:
                    self.known[c] = e["taker"]
        self.read = total

    def elsewhere(self, view: Mapping[str, Any], rank: int, claimant: int) -> int:
        """Cards of ``rank`` known not to be in ``claimant``'s hand (mine included)."""
        mine = sum(1 for c in view["hand"] if RANK_OF[c[0]] == rank)
        other = sum(
            1
            for c, w in self.known.items()
            if RANK_OF[c[0]] == rank and w != claimant and w != self.seat and c not in view["hand"]
        )
        return mine + other

    @staticmethod
    def due(view: Mapping[str, Any], rank: int) -> int:
        """How many of my turns until I claim ``rank`` (0: now)."""
        now, n = RANK_OF[view["required_rank"]], view["players"]
        return next(k for k in range(13) if (now + k * n) % 13 == rank)

    # -- acting ---------------------------------------------------------------
    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        self._update(view)
        if view["window"]:
            last = view["last_play"]
            p, count, rank = last["seat"], last["count"], RANK_OF[last["rank"]]
            if view["hand_sizes"][p] == 0:
                return CHALLENGE  # a true last play wins anyway: the call is free
            sure = count + self.elsewhere(view, rank, p) > 4
            if self.plays > LONG_GAME and self.rng.random() < 0.5:
                return PASS  # the game is going round in circles: let one go
            return CHALLENGE if sure or self.call(view, p, count, rank) else PASS
        most = max((len(getattr(a, "cards", ())) for a in legal_actions), default=1)
        ranks = self.choose(view, min(most, 4))
        return {"type": "play", "cards": [RANKS[r] for r in sorted(ranks)]}

    def call(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> bool:
        raise NotImplementedError

    def choose(self, view: Mapping[str, Any], most: int) -> list[int]:
        raise NotImplementedError

    # -- play helpers -----------------------------------------------------------
    def counts(self, view: Mapping[str, Any]) -> list[int]:
        out = [0] * 13
        for c in view["hand"]:
            out[RANK_OF[c[0]]] += 1
        return out

    def spare(self, view: Mapping[str, Any], counts: list[int], k: int) -> list[int]:
        """Up to ``k`` cards of the ranks needed last (not the required one)."""
        now = RANK_OF[view["required_rank"]]
        order = sorted((r for r in range(13) if counts[r] and r != now), key=lambda r: -self.due(view, r))
        out: list[int] = []
        for r in order:
            out += [r] * min(counts[r], k - len(out))
        return out

    def honest(self, view: Mapping[str, Any], most: int, bluff: int = 1) -> list[int]:
        counts = self.counts(view)
        now = RANK_OF[view["required_rank"]]
        if counts[now]:
            return [now] * min(counts[now], most)
        out = self.spare(view, counts, min(bluff, most, max(1, len(view["hand"]) - 1)))
        return out or [RANK_OF[view["hand"][0][0]]]


class Honest(_Style):
    """Truthful whenever it can; calls sure lies, last plays and big claims it holds part of."""

    def call(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> bool:
        mine = sum(1 for c in view["hand"] if RANK_OF[c[0]] == rank)
        return view["hand_sizes"][p] <= 1 and count + mine >= 4

    def choose(self, view: Mapping[str, Any], most: int) -> list[int]:
        return self.honest(view, most)


class Bluffer(_Style):
    """Pads while the pile is small, bluffs two at a time; calls only sure lies and near-last plays."""

    def call(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> bool:
        return view["hand_sizes"][p] <= 1 and self.elsewhere(view, rank, p) + count >= 3

    def choose(self, view: Mapping[str, Any], most: int) -> list[int]:
        counts = self.counts(view)
        now = RANK_OF[view["required_rank"]]
        size = len(view["hand"])
        true = [now] * min(counts[now], most)
        if size <= 3:  # the last plays must be true
            return true or self.honest(view, most)
        if view["pile_size"] <= 6 or not true:
            pad = 2 if not true else self.rng.choice((1, 1, 2))
            pad = min(pad, most - len(true), size - len(true) - 1)
            out = true + self.spare(view, counts, pad) if pad > 0 else true
            return out or self.honest(view, most)
        return true


class Caller(_Style):
    """Honest plays; calls whatever looks stretched, and small piles on a hunch."""

    def call(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> bool:
        mine = sum(1 for c in view["hand"] if RANK_OF[c[0]] == rank)
        if count >= 3 and count + mine >= 4:
            return True
        if view["hand_sizes"][p] <= 2 and count + mine >= 3:
            return True
        return count == 1 and view["pile_size"] <= 3 and self.rng.random() < 0.3

    def choose(self, view: Mapping[str, Any], most: int) -> list[int]:
        return self.honest(view, most)


class Counter(_Style):
    """Counts cards and calls on the odds; pads only where nobody can know better."""

    def held(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> list[float]:
        """P(p held x of ``rank`` before its play), x = 0..4: its hidden cards drawn from the unplaced."""
        located = {c for c, w in self.known.items() if w != p} | set(view["hand"])
        held_by_p = [c for c, w in self.known.items() if w == p and c not in located]
        have = sum(1 for c in held_by_p if RANK_OF[c[0]] == rank)
        free = 4 - have - sum(1 for c in located if RANK_OF[c[0]] == rank)
        unknown = 52 - len(located) - len(held_by_p)
        slots = max(0, view["hand_sizes"][p] + count - len(held_by_p))
        total = _comb(unknown, slots)
        out = [0.0] * 5
        for x in range(free + 1):
            if total and have + x <= 4:
                out[have + x] = _comb(free, x) * _comb(unknown - free, slots - x) / total
        return out

    def lie_odds(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> float:
        """P(lie | claim of ``count``): players bluff one card when they have none, pad only rarely.

        Halved for one-card claims: players hold on to the ranks due to them,
        so they hold the claimed rank more often than a random hand would.
        """
        dist = self.held(view, p, count, rank)
        truth = sum(dist[x] for x in range(count, 5))
        lie = dist[0] * (1.0 if count == 1 else 0.02) + sum(dist[x] for x in range(1, min(count, 5))) * 0.05
        odds = lie / (truth + lie) if truth + lie > 0 else 1.0
        return odds / 2 if count == 1 else odds

    def call(self, view: Mapping[str, Any], p: int, count: int, rank: int) -> bool:
        """Call when the odds, weighed by what each outcome does to my share of the win, say so."""
        odds = self.lie_odds(view, p, count, rank)
        sizes = list(view["hand_sizes"])
        me, pile = self.seat, view["pile_size"]

        def share(xs: list[int]) -> float:
            w = [math.exp(-0.35 * x) for x in xs]
            return w[me] / sum(w)

        now = share(sizes)
        caught = list(sizes)
        caught[p] += pile
        wrong = list(sizes)
        wrong[me] += pile
        return odds * (share(caught) - now) + (1 - odds) * (share(wrong) - now) > 0.01

    def choose(self, view: Mapping[str, Any], most: int) -> list[int]:
        return self.honest(view, most)


STYLES: dict[str, type] = {"honest": Honest, "bluffer": Bluffer, "caller": Caller, "counter": Counter}
