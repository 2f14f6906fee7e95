"""The Liar's Dice bots' model of the table: odds, what finished rounds teach, bid-read beliefs.

Shared by the ``strong`` bot (:mod:`liars.bots.liars_dice`), its plan
(:mod:`liars.bots.liars_dice_plan`) and anything else that wants to reason
about hidden dice from a view (the coach): it reads only views.  The
arithmetic is the binomial tail: with ``n`` dice unseen, each showing the
bid's face with chance ``p`` (1/6, or 1/3 for a face other than one with wild
ones), the chance that at least ``k`` of them do.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ..core import Game, State
from ..games.liars_dice import FACES, Bid, bid_index, bid_of
from .search import game_of


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
    """The smallest quantity of ``face`` that beats bid index ``bid`` (-1: no bid).

    The bid order is the engine's (:func:`~liars.games.liars_dice.bid_index`):
    the standing quantity on ``face`` if that ranks above the bid, else one more.
    """
    if bid < 0:
        return 1
    quantity = bid_of(bid).quantity
    return quantity if bid_index(quantity, face) > bid else quantity + 1


# -- what the finished rounds teach, read incrementally ---------------------------------------

# The calling thresholds a seat is fitted to (the chance of the bid it faced, on its own cup,
# below which it calls): 0.05, 0.10, ... 0.95.
GRID = tuple(i / 20 for i in range(1, 20))


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def log_sigmoid(x: float) -> float:
    """log(1 / (1 + e^-x)) without overflow."""
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


class Knowledge:
    """Per seat, from the lifted cups of finished rounds: how honest its bids were and when it calls.

    Why per seat: a table mixes styles, and the same bid means more from an
    honest bidder than from a bluffer, and the same raise is safer against a
    player who rarely calls.  Two things are kept:

    - ``hits / dice``: the share of a seat's dice that showed the face it bid
      (about 1/6, 1/3 with wild ones, for a pure bluffer; far more for an
      honest one), smoothed towards ``prior_share`` with ``prior_weight`` dice;
    - a calling threshold: every bid a seat faced is, once the cups are
      lifted, a labelled example (the bid's chance on that seat's own cup;
      called or raised), and the threshold of a logistic rule of temperature
      ``temp`` is fitted over :data:`GRID` by likelihood, with a Gaussian
      prior around ``call_prior``.

    Both rules are fitted twice, on two readings of what the seat knew: the
    bid's chance on its own cup alone (everyone else's dice uniform), and the
    *credited* chance, where it takes each other seat that bid the face to
    hold it at that seat's measured share (:func:`credited`).  Why: a player
    who reads bids calls, and claims spot-on, on a count the own-cup reading
    does not see (one-on-one it claims spot-on whenever a bid matches what it
    credits the bidder with); :meth:`call_model` and :meth:`spot_model` give
    each reading's threshold and the weight the likelihoods give the credited
    one.

    Only new history entries are read (``(history_epoch, entries read)`` is
    kept), so a decision costs the same late in a match as early, and a tail
    view (``view["history"]`` holding only the last entries of
    ``view["history_len"]``) is enough; a new epoch or a shorter history
    starts again.
    """

    def __init__(
        self,
        players: int,
        wild: bool,
        spot_on: bool = False,
        prior_share: float = 0.4,
        prior_weight: float = 10.0,
        call_prior: float = 0.35,
        temp: float = 0.08,
    ) -> None:
        self.players = players
        self.wild = wild
        self.spot_on = spot_on
        self.spot_prior = 0.6
        self.prior_share = prior_share
        self.prior_weight = prior_weight
        self.off_weight = 5.0
        self.call_prior = call_prior
        self.temp = temp
        self.reset(None)

    def reset(self, epoch: Any) -> None:
        self.epoch = epoch
        self.read = 0  # history entries taken in
        self.hits = [0.0] * self.players
        self.dice = [0.0] * self.players
        # Faces a seat did not bid in a round it bid in: the dice that showed them, and the number
        # that would have by chance (their ratio is the seat's "off" reading, 1 with no evidence).
        self.off_hits = [0.0] * self.players
        self.off_base = [0.0] * self.players
        self.loglik = [[0.0] * len(GRID) for _ in range(self.players)]
        self.examples = [0] * self.players
        self.spot_loglik = [[0.0] * len(GRID) for _ in range(self.players)]
        self.cred_loglik = [[0.0] * len(GRID) for _ in range(self.players)]
        self.cred_spot_loglik = [[0.0] * len(GRID) for _ in range(self.players)]

    def update(self, view: Mapping[str, Any]) -> None:
        """Take in the history entries not read yet (the view may hold only a tail)."""
        epoch = view.get("history_epoch", 0)
        length: int = view.get("history_len", len(view["history"]))
        if epoch != self.epoch or length < self.read:
            self.reset(epoch)
        history = view["history"]
        start = length - len(history)
        for i in range(max(self.read, start), length):
            self._round(history[i - start])
        self.read = length

    def _round(self, h: Mapping[str, Any]) -> None:
        cups = h["dice"]
        total = sum(len(c) for c in cups)
        bids = h["bids"]
        shares = [self.share(s) for s in range(self.players)]  # as they stood when the round was bid
        for j, b in enumerate(bids):
            s = b["seat"]
            self.hits[s] += own_count(cups[s], b["face"], self.wild)
            self.dice[s] += len(cups[s])
            if j:  # it faced the bid before and raised
                self._decision(s, cups[s], bids[j - 1], total, False)
                self._spot(s, cups[s], bids[j - 1], total, False)
                self._credited(s, cups, bids[:j], shares, False, False)
        self._off(cups, bids)
        if bids:
            caller = h["caller"]
            spot = h["call"] == "spot_on"
            if not spot:  # the call model is "liar, given no spot-on"
                self._decision(caller, cups[caller], bids[-1], total, True)
            self._spot(caller, cups[caller], bids[-1], total, spot)
            self._credited(caller, cups, bids, shares, not spot, spot)

    def _off(self, cups: Sequence[Sequence[int]], bids: Sequence[Mapping[str, Any]]) -> None:
        """Per seat that bid this round: how its cup showed the faces it did not bid (see :meth:`off`).

        With wild ones the ones are left out: a bid on any face makes them likelier.
        """
        for s in {b["seat"] for b in bids}:
            bid_faces = {b["face"] for b in bids if b["seat"] == s}
            for g in range(1, FACES + 1):
                if g not in bid_faces and not (self.wild and g == 1):
                    self.off_hits[s] += own_count(cups[s], g, self.wild)
                    self.off_base[s] += len(cups[s]) * face_p(g, self.wild)

    def _credited(
        self,
        seat: int,
        cups: Sequence[Sequence[int]],
        bids: Sequence[Mapping[str, Any]],
        shares: Sequence[float],
        called: bool,
        claimed: bool,
    ) -> None:
        """The labelled examples of the credited reading: ``seat`` faced ``bids[-1]`` after ``bids``."""
        bid = bids[-1]
        face = bid["face"]
        backers = {b["seat"] for b in bids if b["face"] == face}
        counts = [len(c) for c in cups]
        pmf = credited(counts, seat, face, self.wild, backers, shares)
        need = bid["quantity"] - own_count(cups[seat], face, self.wild)
        chance = sum(pmf[max(0, need) :]) if need < len(pmf) else 0.0
        sign = 1.0 if called else -1.0
        if not claimed:  # as for the own-cup rule: "liar, given no spot-on"
            row = self.cred_loglik[seat]
            for i, tau in enumerate(GRID):
                row[i] += log_sigmoid(sign * (tau - chance) / self.temp)
        if self.spot_on:
            exact = pmf[need] if 0 <= need < len(pmf) else 0.0
            row = self.cred_spot_loglik[seat]
            sign = 1.0 if claimed else -1.0
            for i, tau in enumerate(GRID):
                row[i] += log_sigmoid(sign * (exact - tau) / self.temp)

    def _spot(self, seat: int, cup: Sequence[int], bid: Mapping[str, Any], total: int, claimed: bool) -> None:
        """A labelled spot-on example: the bid's chance of being exact on the seat's own cup."""
        if not self.spot_on:
            return
        p = face_p(bid["face"], self.wild)
        chance = exactly(bid["quantity"] - own_count(cup, bid["face"], self.wild), total - len(cup), p)
        row = self.spot_loglik[seat]
        sign = 1.0 if claimed else -1.0
        for i, tau in enumerate(GRID):
            row[i] += log_sigmoid(sign * (chance - tau) / self.temp)

    def _decision(
        self, seat: int, cup: Sequence[int], bid: Mapping[str, Any], total: int, called: bool
    ) -> None:
        chance = holds(bid["quantity"], bid["face"], cup, total - len(cup), self.wild)
        row = self.loglik[seat]
        sign = 1.0 if called else -1.0
        for i, tau in enumerate(GRID):
            row[i] += log_sigmoid(sign * (tau - chance) / self.temp)
        self.examples[seat] += 1

    def share(self, seat: int) -> float:
        """The smoothed share of ``seat``'s dice that showed the faces it bid."""
        w = self.prior_weight
        return (self.hits[seat] + self.prior_share * w) / (self.dice[seat] + w)

    def off(self, seat: int) -> float:
        """How much more (or less) than chance ``seat``'s dice showed the faces it did not bid.

        1 before any evidence; below 1 for a player whose bids name what it holds.
        """
        w = self.off_weight
        return (self.off_hits[seat] + w) / (self.off_base[seat] + w)

    def threshold(self, seat: int) -> float:
        """The fitted calling threshold of ``seat`` (``call_prior`` before any evidence)."""
        return self._fit(self.loglik[seat], self.call_prior)

    def spot_threshold(self, seat: int) -> float:
        """The exact-chance (on its own cup) above which ``seat`` claims spot-on (``spot_prior`` at first)."""
        return self._fit(self.spot_loglik[seat], self.spot_prior)

    def call_model(self, seat: int) -> tuple[float, float, float]:
        """``seat``'s calling rule: (own-cup threshold, credited threshold, credited weight)."""
        return self._models(self.loglik[seat], self.cred_loglik[seat], self.call_prior)

    def spot_model(self, seat: int) -> tuple[float, float, float]:
        """``seat``'s spot-on rule: (own-cup threshold, credited threshold, credited weight)."""
        return self._models(self.spot_loglik[seat], self.cred_spot_loglik[seat], self.spot_prior)

    # The credited reading must explain a seat's choices this much better (in log-likelihood)
    # to get half the weight: it is the less usual player, and the prior should not flip on noise.
    CREDIT_PRIOR = 2.0

    def _models(
        self, own: Sequence[float], cred: Sequence[float], prior: float
    ) -> tuple[float, float, float]:
        tau_own, v_own = self._best(own, prior)
        tau_cred, v_cred = self._best(cred, prior)
        return tau_own, tau_cred, sigmoid(v_cred - v_own - self.CREDIT_PRIOR)

    @staticmethod
    def _best(row: Sequence[float], prior: float) -> tuple[float, float]:
        best, best_v = prior, -math.inf
        for i, tau in enumerate(GRID):
            v = row[i] - ((tau - prior) / 0.1) ** 2
            if v > best_v:
                best, best_v = tau, v
        return best, best_v

    @classmethod
    def _fit(cls, row: Sequence[float], prior: float) -> float:
        return cls._best(row, prior)[0]

    def snapshot(self) -> tuple[Any, ...]:
        """Everything learnt, for comparing two ways of building it."""
        return (
            self.read,
            self.hits,
            self.dice,
            self.off_hits,
            self.off_base,
            self.loglik,
            self.examples,
            self.spot_loglik,
            self.cred_loglik,
            self.cred_spot_loglik,
        )


def credit(p: float, share: float) -> float:
    """The chance a die of a seat that bid the face counts for it, in the credited reading."""
    return max(p, min(0.9, share))


def credited(
    counts: Sequence[int], seat: int, face: int, wild: bool, backers: Collection[int], shares: Sequence[float]
) -> list[float]:
    """The count of ``face`` over every cup but ``seat``'s, as a seat that credits bidders sees it.

    Each other seat's dice are independent: those of a seat in ``backers``
    (it bid the face this round) count with :func:`credit` of its share, the
    rest with the plain chance.  A pmf over 0 .. the dice not ``seat``'s.
    """
    p = face_p(face, wild)
    pmf: list[float] = [1.0]
    for s, c in enumerate(counts):
        if c and s != seat:
            pmf = convolve(pmf, binomial(c, credit(p, shares[s]) if s in backers else p))
    return pmf


def face_share(view: Mapping[str, Any], prior: float = 0.4, weight: float = 10.0) -> list[float]:
    """Per seat: the share of its dice that showed the face it bid, when the cups were lifted (from scratch).

    Kept for callers that hold one view; the bot itself uses :class:`Knowledge`.
    """
    k = Knowledge(view["players"], view["options"]["wild_ones"], False, prior, weight)
    k.update(view)
    return [k.share(s) for s in range(view["players"])]


class Beliefs:
    """Each other seat's dice as this round's bids suggest: one tilted distribution per die.

    A bid on a face makes each of the bidder's dice likelier to show it: the
    weight ``exp(beta)`` per bid face is set so that the share of bid faces
    in the bidder's cups matches what was seen when cups were lifted
    (``shares``, from :class:`Knowledge`).  The weight factors over the dice,
    so counts are exact binomials per seat (:meth:`p`) and cups are drawn
    exactly, die by die, without rejection (:meth:`sample`).

    Given ``knowledge``, a face a seat did *not* bid this round counts for it
    with that seat's :meth:`Knowledge.off` times the plain chance, when that
    is lower than the tilt gives.  Why: a bid is also evidence against the
    faces not bid (a seat bids what it holds most of).  Without wild ones the
    tilt's normalisation already says so; with them the tilt of the ones
    lifts every other face too, and at five seats a seat that bid elsewhere
    was believed to hold 0.4-0.55 more dice of the standing face than it did
    (the strong bot's raises, believed true at 0.85, held 0.68).  Only
    :meth:`p` reads it (the Plan, and the coach's odds, built as
    :meth:`StrongDiceBot.beliefs` builds them); :meth:`sample` keeps the tilt alone.
    """

    def __init__(
        self,
        view: Mapping[str, Any],
        strength: float = 1.0,
        shares: Sequence[float] | None = None,
        knowledge: Knowledge | None = None,
    ) -> None:
        self.wild: bool = view["options"]["wild_ones"]
        share = list(shares) if shares is not None else face_share(view)
        faces: dict[int, dict[int, int]] = {}
        for b in view["bids"]:
            seen = faces.setdefault(b["seat"], {})
            seen[b["face"]] = min(2, seen.get(b["face"], 0) + 1)
        # Per seat that bid: how its cups showed the faces it did not bid (Knowledge.off).
        self.off: dict[int, float] = {}
        if knowledge is not None:
            self.off = {seat: knowledge.off(seat) for seat in faces}
        # Per seat: the chance of each face 1..6 for one die, and the cumulative weights.
        self.probs: dict[int, list[float]] = {}
        self.cdf: dict[int, list[float]] = {}
        for seat, bid_faces in faces.items():
            w = [1.0] * (FACES + 1)
            ones = 0.0  # with wild ones: the largest tilt of the ones, taken once
            q = min(0.9, max(share[seat], 1e-3))
            for f, k in bid_faces.items():
                p = face_p(f, self.wild)
                beta = strength * max(0.0, min(3.0, math.log(q / (1 - q) * (1 - p) / p)))
                tilt = beta * k / 2 if k > 1 else beta
                if self.wild:
                    # Ones count for every face: tilting them once per face bid would compound
                    # (a seat that bid three faces would seem to hold mostly ones).
                    ones = max(ones, tilt)
                    if f != 1:
                        w[f] *= math.exp(tilt)
                else:
                    w[f] *= math.exp(tilt)
            w[1] *= math.exp(ones)
            acc, cdf = 0.0, []
            for d in range(1, FACES + 1):
                acc += w[d]
                cdf.append(acc)
            self.cdf[seat] = cdf
            self.probs[seat] = [0.0] + [w[d] / acc for d in range(1, FACES + 1)]
        self.faces = faces
        self.view = view
        self._game: Game | None = None

    def p(self, seat: int, face: int) -> float:
        """The chance that one die of ``seat`` counts for a bid on ``face`` (wild ones included)."""
        probs = self.probs.get(seat)
        if probs is None:
            return face_p(face, self.wild)
        tilted = probs[face] + (probs[1] if self.wild and face != 1 else 0.0)
        off = self.off.get(seat)
        if off is not None and face not in self.faces[seat] and not (self.wild and face == 1):
            return min(tilted, max(0.01, off * face_p(face, self.wild)))
        return tilted

    def cup(self, seat: int, n: int, rng: random.Random) -> list[int]:
        cdf = self.cdf.get(seat)
        if cdf is None:
            return sorted(rng.randint(1, FACES) for _ in range(n))
        top = cdf[-1]
        return sorted(bisect.bisect_left(cdf, rng.random() * top) + 1 for _ in range(n))

    def sample(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A state of this round agreeing with the view: sampled cups, then this round's bids replayed."""
        if self._game is None:
            self._game = game_of(view)
        seat = view["seat"]
        cups = [
            list(view["dice"]) if s == seat else self.cup(s, c, rng)
            for s, c in enumerate(view["dice_counts"])
        ]
        state = self._game.new_game(setup={"dice": cups, "opener": view["opener"]}, seed=rng.getrandbits(62))
        for b in view["bids"]:
            state.act(b["seat"], Bid(b["quantity"], b["face"]))
        return state


@lru_cache(maxsize=65536)
def binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(exactly(k, n, p) for k in range(n + 1))


def convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out
