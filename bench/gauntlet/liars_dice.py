"""Liar's Dice gauntlet: four rule-based styles, written apart from ``liars.bots``.

Why these four: a strong bot tuned against one opponent learns that
opponent's habits, not the game.  They differ where players differ at a real
table:

- ``honest`` (:class:`Honest`) is the issue's held-out player: it bids the
  face it holds most of and calls when the standing bid's binomial chance,
  given its own dice, is low.
- ``bluffer`` (:class:`Bluffer`) raises with weak hands, often on faces it
  does not hold, sometimes by a jump, and rarely calls.
- ``caller`` (:class:`Caller`) credits each bidder with one die of its face,
  raises only its own best face by the smallest step, and calls anything
  that needs much luck on that count.
- ``tracker`` (:class:`Tracker`) reads the others' bids: a face a seat bid is
  taken to be in its cup (as often as that seat's lifted cups showed its bid
  faces), and it plays the odds on that richer count.

They play only from the seat's view and the legal actions, with their own
``random.Random(seed)``, and never import the shipped bots.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from liars.games.liars_dice import Bid, Liar, SpotOn

FACES = 6


@lru_cache(maxsize=1 << 16)
def tail(k: int, n: int, p: float) -> float:
    """P(X >= k), X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@lru_cache(maxsize=1 << 16)
def point(k: int, n: int, p: float) -> float:
    """P(X == k), X ~ Binomial(n, p)."""
    if not 0 <= k <= n:
        return 0.0
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def p_face(face: int, wild: bool) -> float:
    return 1 / 3 if wild and face != 1 else 1 / 6


def count(dice: Sequence[int], face: int, wild: bool) -> int:
    return sum(1 for d in dice if d == face or (wild and face != 1 and d == 1))


def smallest(bid: Mapping[str, Any] | None, face: int) -> int:
    """The smallest quantity of ``face`` that beats ``bid``."""
    if bid is None:
        return 1
    quantity: int = bid["quantity"]
    return quantity + (0 if face > bid["face"] else 1)


class _Style:
    """Shared plumbing: the view's numbers and a legal fallback."""

    def __init__(self, game_id: str = "", seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        choice = self.decide(view)
        return choice if choice in legal_actions else legal_actions[0]

    def decide(self, view: Mapping[str, Any]) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    @staticmethod
    def setting(view: Mapping[str, Any]) -> tuple[list[int], int, bool, bool]:
        opts = view["options"]
        return list(view["dice"]), view["total_dice"], bool(opts["wild_ones"]), bool(opts["spot_on"])


class Honest(_Style):
    """Bids the face it holds most of; calls when the standing bid is unlikely on its own dice.

    ``call_below`` is the chance of the standing bid (on its own dice, the
    rest uniform) below which it calls; a raise it would need to make below
    ``raise_below`` is not worth it either, so it calls then too (unless the
    bid is even likelier to hold than the raise).
    """

    call_below = 0.3
    raise_below = 0.3

    def decide(self, view: Mapping[str, Any]) -> Any:
        dice, total, wild, spot_on = self.setting(view)
        unseen = total - len(dice)
        bid = view["bid"]
        # its face: the one it holds most of (ties: higher face, as most players do)
        face = max(range(1, FACES + 1), key=lambda f: (count(dice, f, wild), f))
        mine = count(dice, face, wild)
        p = p_face(face, wild)
        if bid is None:
            return Bid(max(1, mine + int(unseen * p * 0.7)), face)
        standing = tail(bid["quantity"] - count(dice, bid["face"], wild), unseen, p_face(bid["face"], wild))
        if spot_on:
            exact = point(bid["quantity"] - count(dice, bid["face"], wild), unseen, p_face(bid["face"], wild))
            if exact > 0.45 and exact > standing * 0.5:
                return SpotOn()
        if standing < self.call_below:
            return Liar()
        q = smallest(bid, face)
        if q > total:
            return Liar()
        chance = tail(q - mine, unseen, p)
        if chance < self.raise_below and chance < 1 - standing:
            return Liar()
        return Bid(q, face)


class Caller(_Style):
    """Cautious: raises only its own best face by the smallest step, and calls readily.

    It credits each bidder with one die of the face it bid (the least an
    honest bid implies), calls when the bid's chance on that is below
    ``call_below``, and would rather call than make a raise it finds less
    likely than ``raise_below``; it opens low, on what its own cup covers.
    """

    call_below = 0.45
    raise_below = 0.5

    def decide(self, view: Mapping[str, Any]) -> Any:
        dice, total, wild, spot_on = self.setting(view)
        unseen = total - len(dice)
        me = view["seat"]
        bid = view["bid"]
        face = max(range(1, FACES + 1), key=lambda f: (count(dice, f, wild), f))
        mine = count(dice, face, wild)
        if bid is None:
            return Bid(max(1, mine + int(unseen * p_face(face, wild) * 0.5)), face)

        def chance(quantity: int, f: int) -> float:
            backers = {b["seat"] for b in view["bids"] if b["seat"] != me and b["face"] == f}
            credit = min(len(backers), unseen)
            return tail(quantity - count(dice, f, wild) - credit, unseen - credit, p_face(f, wild))

        standing = chance(bid["quantity"], bid["face"])
        if spot_on and standing > 0.4:
            exact = standing - chance(bid["quantity"] + 1, bid["face"])
            if exact > 0.4:
                return SpotOn()
        if standing < self.call_below:
            return Liar()
        q = smallest(bid, face)
        if q > total:
            return Liar()
        raise_chance = chance(q, face)
        if raise_chance < self.raise_below and raise_chance < 1 - standing:
            return Liar()
        return Bid(q, face)


class Bluffer(_Style):
    """Raises with weak hands: bids faces it may not hold, jumps now and then, calls only long shots."""

    def decide(self, view: Mapping[str, Any]) -> Any:
        dice, total, wild, spot_on = self.setting(view)
        unseen = total - len(dice)
        bid = view["bid"]
        rng = self.rng
        best = max(range(1, FACES + 1), key=lambda f: (count(dice, f, wild), f))
        # a third of the time it pushes a face it does not especially hold, to mislead
        face = rng.randint(2, FACES) if rng.random() < 0.35 else best
        mine = count(dice, face, wild)
        expect = mine + unseen * p_face(face, wild)
        if bid is None:
            return Bid(max(1, min(total, round(expect + rng.choice((0, 0, 1))))), face)
        standing = tail(bid["quantity"] - count(dice, bid["face"], wild), unseen, p_face(bid["face"], wild))
        if spot_on and rng.random() < 0.1:
            exact = point(bid["quantity"] - count(dice, bid["face"], wild), unseen, p_face(bid["face"], wild))
            if exact > 0.3:
                return SpotOn()
        q = smallest(bid, face)
        if standing < 0.12 or q > total:
            return Liar()
        if q > expect + 1.5 and standing < 0.35:
            return Liar()
        if rng.random() < 0.15 and q + 1 <= min(total, expect + 1):
            q += 1  # a jump: it looks confident
        return Bid(q, face)


class Tracker(_Style):
    """Reads bids: each seat's bid faces count as partly held, as much as that seat proved honest.

    From the history it learns, per seat, how often a die of that seat's cup
    showed the face it bid (1/6 for a pure bluffer, far more for an honest
    bidder); this round, every face a seat bid adds that excess to the
    expected count.  It then plays the odds on that count as a normal-ish
    binomial: calls when the bid is below ``call_below`` likely, raises the
    face with the best count otherwise.
    """

    call_below = 0.35

    def __init__(self, game_id: str = "", seed: int | None = None, **kw: Any) -> None:
        super().__init__(game_id, seed, **kw)
        self.hits: dict[int, float] = {}
        self.dice: dict[int, float] = {}
        self.seen: tuple[int, int] = (-1, 0)  # (history_epoch, entries read)

    def _learn(self, view: Mapping[str, Any], wild: bool) -> None:
        """Read only the new finished rounds (a tail view is fine: its start is history_len - len)."""
        epoch = view.get("history_epoch", 0)
        length = view["history_len"]
        history = view["history"]
        start = length - len(history)
        if epoch != self.seen[0] or length < self.seen[1]:
            self.hits, self.dice, self.seen = {}, {}, (epoch, 0)
        for i, h in enumerate(history, start):
            if i < self.seen[1]:
                continue
            for b in h["bids"]:
                cup = h["dice"][b["seat"]]
                self.hits[b["seat"]] = self.hits.get(b["seat"], 0.0) + count(cup, b["face"], wild)
                self.dice[b["seat"]] = self.dice.get(b["seat"], 0.0) + len(cup)
        self.seen = (epoch, length)

    def _honesty(self, seat: int) -> float:
        """Share of a seat's dice that showed its bid face, smoothed towards 0.35 with 8 dice."""
        return (self.hits.get(seat, 0.0) + 0.35 * 8) / (self.dice.get(seat, 0.0) + 8)

    def _chance(self, view: Mapping[str, Any], quantity: int, face: int) -> float:
        dice, total, wild, _ = self.setting(view)
        me = view["seat"]
        need = quantity - count(dice, face, wild)
        p = p_face(face, wild)
        # dice of seats that bid this face are likelier to show it
        bumped = 0.0
        seats = {
            b["seat"] for b in view["bids"] if b["face"] == face or (wild and b["face"] == 1 and face != 1)
        }
        plain = total - len(dice)
        for s in seats:
            if s == me:
                continue
            n = view["dice_counts"][s]
            share = max(p, min(0.8, self._honesty(s) + (p - 1 / 6)))
            bumped += n * share
            plain -= n
        # the bumped dice's expectation comes off the need; the rest is an exact binomial
        return tail(need - int(bumped + 0.5), plain, p)

    def decide(self, view: Mapping[str, Any]) -> Any:
        dice, total, wild, spot_on = self.setting(view)
        self._learn(view, wild)
        bid = view["bid"]
        unseen = total - len(dice)
        if bid is None:
            face = max(range(1, FACES + 1), key=lambda f: (count(dice, f, wild), f))
            return Bid(max(1, count(dice, face, wild) + int(unseen * p_face(face, wild) * 0.8)), face)
        standing = self._chance(view, bid["quantity"], bid["face"])
        if spot_on and standing > 0.5:
            exact = standing - self._chance(view, bid["quantity"] + 1, bid["face"])
            if exact > 0.45:
                return SpotOn()
        if standing < self.call_below:
            return Liar()
        options = []
        for face in range(1, FACES + 1):
            q = smallest(bid, face)
            if q <= total:
                options.append(
                    (self._chance(view, q, face), count(dice, face, wild), self.rng.random(), q, face)
                )
        if not options:
            return Liar()
        chance, _, _, q, face = max(options)
        if chance < 1 - standing:
            return Liar()
        return Bid(q, face)


STYLES: dict[str, type] = {"honest": Honest, "bluffer": Bluffer, "caller": Caller, "tracker": Tracker}
