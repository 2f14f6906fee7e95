"""Bots for Liar's Dice: ``basic`` (odds on its own dice) and ``strong`` (beliefs + search).

Both read only the view.  The arithmetic is the binomial tail: with ``n``
dice unseen, each showing the bid's face with chance ``p`` (1/6, or 1/3 for a
face other than one with wild ones), the chance that at least ``k`` of them
do.  ``basic`` believes nothing anybody says; ``strong`` reads every bid as
evidence about the bidder's cup (weighted by how honest that player was seen
to be when cups were lifted), searches the rest of the round with
information-set MCTS over cups sampled from those beliefs, and so both calls
bluffs and makes them.  With two players left inside a solved size it plays
the exact equilibrium from :mod:`liars.solver` when that is installed.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ..core import State
from ..games.liars_dice import FACES, Bid, DiceState, Liar, SpotOn
from . import register
from .search import Search, game_of

GAME = "liars-dice"


@lru_cache(maxsize=65536)
def at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@lru_cache(maxsize=65536)
def exactly(k: int, n: int, p: float) -> float:
    if not 0 <= k <= n:
        return 0.0
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def face_p(face: int, wild: bool) -> float:
    return 2 / FACES if wild and face != 1 else 1 / FACES


def own_count(dice: Sequence[int], face: int, wild: bool) -> int:
    w = wild and face != 1
    return sum(1 for d in dice if d == face or (w and d == 1))


def holds(quantity: int, face: int, dice: Sequence[int], unseen: int, wild: bool) -> float:
    """Chance that at least ``quantity`` dice show ``face``, knowing only ``dice``."""
    return at_least(quantity - own_count(dice, face, wild), unseen, face_p(face, wild))


def min_raise(bid: int, face: int) -> int:
    """The smallest quantity of ``face`` that beats bid index ``bid`` (-1: no bid)."""
    if bid < 0:
        return 1
    q, f = divmod(bid, FACES)
    return q + 1 if face > f + 1 else q + 2


def heuristic(
    dice: Sequence[int], bid: int, total: int, wild: bool, spot_on: bool, rng: random.Random
) -> Bid | Liar | SpotOn:
    """The rule of thumb on one's own dice: the likeliest small raise, or a call when it is likelier to win.

    Calling wins when the bid is false (``1 - current``); raising is judged by
    the chance the raise is true.

    Opening, it bids about what it expects of its best face.  Shared by
    ``basic`` and by the playouts of ``strong``.
    """
    unseen = total - len(dice)
    best: tuple[float, int, float, int, int] | None = None
    for face in range(1, FACES + 1):
        mine = own_count(dice, face, wild)
        p = face_p(face, wild)
        q = min_raise(bid, face)
        if bid < 0:
            q = max(1, int(mine + unseen * p))
        if q > total:
            continue
        chance = at_least(q - mine, unseen, p)
        key = (chance, mine, rng.random(), q, face)
        if best is None or key > best:
            best = key
    if bid >= 0:
        q, f = divmod(bid, FACES)
        current = holds(q + 1, f + 1, dice, unseen, wild)
        if spot_on:
            exact = exactly(q + 1 - own_count(dice, f + 1, wild), unseen, face_p(f + 1, wild))
            if exact > 0.5:
                return SpotOn()
        if best is None or 1 - current > best[0]:
            return Liar()
    if best is None:  # only after a bid of every die on sixes, which the call above answers
        return Liar()
    return Bid(best[3], best[4])


@register(GAME, "basic")
class BasicDiceBot:
    """Honest odds on its own cup: calls a bid it finds unlikely, else raises its best face."""

    def __init__(self, game_id: str = GAME, seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        bid = view["bid"]
        index = -1 if bid is None else (bid["quantity"] - 1) * FACES + bid["face"] - 1
        opts = view["options"]
        choice = heuristic(
            view["dice"], index, view["total_dice"], opts["wild_ones"], opts["spot_on"], self.rng
        )
        return choice if choice in legal_actions else legal_actions[0]


def face_share(view: Mapping[str, Any], prior: float = 0.4, weight: float = 10.0) -> list[float]:
    """Per seat: the share of its dice that showed the face it bid, when the cups were lifted.

    Honest bidders hold what they bid (a high share); bluffers do not (about
    1/6).  Smoothed towards ``prior`` with ``weight`` dice, so a seat never
    seen counts as fairly honest.
    """
    wild = view["options"]["wild_ones"]
    hits = [prior * weight] * view["players"]
    dice = [weight] * view["players"]
    for h in view["history"]:
        for b in h["bids"]:
            s = b["seat"]
            cup = h["dice"][s]
            hits[s] += own_count(cup, b["face"], wild)
            dice[s] += len(cup)
    return [h / d for h, d in zip(hits, dice, strict=True)]


class Beliefs:
    """Cups for the other seats, drawn as the bids they made this round suggest.

    A bid on a face makes each of the bidder's dice likelier to show it: the
    weight ``exp(beta)`` per bid face is set so that the share of bid faces
    in the bidder's cups matches what was seen when cups were lifted
    (:func:`face_share`).  The weight factors over the dice, so cups are
    drawn exactly, die by die, without rejection.
    """

    def __init__(self, view: Mapping[str, Any], strength: float = 1.0) -> None:
        self.wild: bool = view["options"]["wild_ones"]
        share = face_share(view)
        faces: dict[int, dict[int, int]] = {}
        for b in view["bids"]:
            seen = faces.setdefault(b["seat"], {})
            seen[b["face"]] = min(2, seen.get(b["face"], 0) + 1)
        # Per seat: cumulative weights of faces 1..6 for one die.
        self.cdf: dict[int, list[float]] = {}
        for seat, bid_faces in faces.items():
            q = min(0.9, max(share[seat], 1e-3))
            w = [1.0] * (FACES + 1)
            for f, k in bid_faces.items():
                p = face_p(f, self.wild)
                beta = strength * max(0.0, min(3.0, math.log(q / (1 - q) * (1 - p) / p)))
                for d in range(1, FACES + 1):
                    if d == f or (self.wild and f != 1 and d == 1):
                        w[d] *= math.exp(beta * k / 2 if k > 1 else beta)
            acc, cdf = 0.0, []
            for d in range(1, FACES + 1):
                acc += w[d]
                cdf.append(acc)
            self.cdf[seat] = cdf
        self.game = game_of(view)

    def cup(self, seat: int, n: int, rng: random.Random) -> list[int]:
        cdf = self.cdf.get(seat)
        if cdf is None:
            return sorted(rng.randint(1, FACES) for _ in range(n))
        top = cdf[-1]
        return sorted(bisect.bisect_left(cdf, rng.random() * top) + 1 for _ in range(n))

    def sample(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A state of this round agreeing with the view: sampled cups, then this round's bids replayed."""
        seat = view["seat"]
        cups = [
            list(view["dice"]) if s == seat else self.cup(s, c, rng)
            for s, c in enumerate(view["dice_counts"])
        ]
        state = self.game.new_game(setup={"dice": cups, "opener": view["opener"]}, seed=rng.getrandbits(62))
        for b in view["bids"]:
            state.act(b["seat"], Bid(b["quantity"], b["face"]))
        return state


def rollout(state: State, rng: random.Random) -> tuple[int, Any]:
    """Playouts: every seat plays the rule of thumb on its own cup only (no peeking in the sample)."""
    s: DiceState = state  # type: ignore[assignment]
    seat = s.to_act[0]
    g = s.game
    return seat, heuristic(s.cup(seat), s.bid, sum(s.counts), g.wild_ones, g.spot_on, rng)


def candidates(state: State, seat: int, actions: list[Any]) -> list[Any]:
    """The tree looks at the calls and, per face, the two smallest raises: bigger jumps rarely pay."""
    s: DiceState = state  # type: ignore[assignment]
    total = sum(s.counts)
    out: list[Any] = [a for a in actions if not isinstance(a, Bid)]
    for face in range(1, FACES + 1):
        q = min_raise(s.bid, face)
        out.extend(Bid(x, face) for x in (q, q + 1) if x <= total)
    return out


@register(GAME, "strong")
class StrongDiceBot:
    """Belief-weighted ISMCTS over the rest of the round; the exact solver for small duels."""

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        budget: float | None = 0.9,
        iterations: int | None = 160,
        belief: float = 1.0,
        depth: int | None = 1,
        solver: bool = True,
        **_: Any,
    ) -> None:
        self.rng = random.Random(seed)
        self.belief = belief
        self.use_solver = solver
        self.search = Search(
            budget=budget,
            iterations=iterations,
            rollout=rollout,
            candidates=candidates,
            rng=self.rng,
            c=0.6,
            depth=depth,
        )
        self._counts: list[int] = []

    def _leaf(self, state: State) -> Sequence[float] | None:
        """Stop at the end of the round (no bid stands): a seat that lost a die scores 0, the rest 1.

        Only the round is searched (the next one starts from fresh dice), so
        its outcome is the whole signal; scoring it 0/1 keeps that signal as
        strong as the search's exploration term.
        """
        s: DiceState = state  # type: ignore[assignment]
        if s.bid >= 0 and not s.over:
            return None
        return [0.0 if c < before else 1.0 for c, before in zip(s.counts, self._counts, strict=True)]

    def _solved(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any | None:
        if not self.use_solver:
            return None
        try:
            from .. import solver  # type: ignore[attr-defined,unused-ignore]

            dist = solver.lookup(view)
        except Exception:  # the solver is optional: absent, unbuilt, or outside its sizes
            return None
        if not dist:
            return None
        r = self.rng.random() * sum(p for _, p in dist)
        for action, p in dist:
            r -= p
            if r <= 0:
                return action
        return dist[-1][0]

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        solved = self._solved(view, legal_actions)
        if solved is not None:
            return solved
        self._counts = list(view["dice_counts"])
        self.search.sampler = Beliefs(view, self.belief).sample
        self.search.leaf = self._leaf
        return self.search.choose(view, legal_actions)
