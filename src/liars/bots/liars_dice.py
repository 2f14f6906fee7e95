"""Bots for Liar's Dice: ``basic`` (odds on its own dice) and ``strong`` (beliefs + exact odds).

Both read only the view.  The arithmetic is the binomial tail: with ``n``
dice unseen, each showing the bid's face with chance ``p`` (1/6, or 1/3 for a
face other than one with wild ones), the chance that at least ``k`` of them
do.  ``basic`` believes nothing anybody says.  ``strong`` reads every bid as
evidence about the bidder's cup (weighted by how honest that seat was seen to
be when cups were lifted, :class:`Knowledge`), and prices each action exactly
on those beliefs against a model of the next seat fitted from when it was seen
to call (:class:`Plan`).  Why not search by default: measured against the
rule-based gauntlet (``bench/gauntlet/liars_dice.py``), the analytic plan beat
the belief-sampled ISMCTS at every table size, one-on-one included (about 85 %
against 70 %), at a fraction of the cost; the search stays as ``mode="search"``
(or ``"auto"``: search only in duels).  With two players left inside a solved
size it plays the exact equilibrium from :mod:`liars.solver` when that is
installed.
"""

from __future__ import annotations

import bisect
import functools
import math
import random
import signal
import threading
from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ..core import Game, State
from ..games.liars_dice import FACES, Bid, Liar, SpotOn, bid_index, bid_of
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
    last = bid_of(bid)
    return last.quantity if face > last.face else last.quantity + 1


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
        last = bid_of(bid)
        current = holds(last.quantity, last.face, dice, unseen, wild)
        if spot_on:
            exact = exactly(last.quantity - own_count(dice, last.face, wild), unseen, face_p(last.face, wild))
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
        index = -1 if bid is None else bid_index(bid["quantity"], bid["face"])
        opts = view["options"]
        choice = heuristic(
            view["dice"], index, view["total_dice"], opts["wild_ones"], opts["spot_on"], self.rng
        )
        return choice if choice in legal_actions else legal_actions[0]


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
        self.call_prior = call_prior
        self.temp = temp
        self.reset(None)

    def reset(self, epoch: Any) -> None:
        self.epoch = epoch
        self.read = 0  # history entries taken in
        self.hits = [0.0] * self.players
        self.dice = [0.0] * self.players
        self.loglik = [[0.0] * len(GRID) for _ in range(self.players)]
        self.examples = [0] * self.players
        self.spot_loglik = [[0.0] * len(GRID) for _ in range(self.players)]

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
        for j, b in enumerate(bids):
            s = b["seat"]
            self.hits[s] += own_count(cups[s], b["face"], self.wild)
            self.dice[s] += len(cups[s])
            if j:  # it faced the bid before and raised
                self._decision(s, cups[s], bids[j - 1], total, False)
                self._spot(s, cups[s], bids[j - 1], total, False)
        if bids:
            caller = h["caller"]
            spot = h["call"] == "spot_on"
            if not spot:  # the call model is "liar, given no spot-on"
                self._decision(caller, cups[caller], bids[-1], total, True)
            self._spot(caller, cups[caller], bids[-1], total, spot)

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

    def threshold(self, seat: int) -> float:
        """The fitted calling threshold of ``seat`` (``call_prior`` before any evidence)."""
        return self._fit(self.loglik[seat], self.call_prior)

    def spot_threshold(self, seat: int) -> float:
        """The exact-chance (on its own cup) above which ``seat`` claims spot-on (``spot_prior`` at first)."""
        return self._fit(self.spot_loglik[seat], self.spot_prior)

    @staticmethod
    def _fit(row: Sequence[float], prior: float) -> float:
        best, best_v = prior, -math.inf
        for i, tau in enumerate(GRID):
            v = row[i] - ((tau - prior) / 0.1) ** 2
            if v > best_v:
                best, best_v = tau, v
        return best

    def snapshot(self) -> tuple[Any, ...]:
        """Everything learnt, for comparing two ways of building it."""
        return (self.read, self.hits, self.dice, self.loglik, self.examples, self.spot_loglik)


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
    """

    def __init__(
        self, view: Mapping[str, Any], strength: float = 1.0, shares: Sequence[float] | None = None
    ) -> None:
        self.wild: bool = view["options"]["wild_ones"]
        share = list(shares) if shares is not None else face_share(view)
        faces: dict[int, dict[int, int]] = {}
        for b in view["bids"]:
            seen = faces.setdefault(b["seat"], {})
            seen[b["face"]] = min(2, seen.get(b["face"], 0) + 1)
        # Per seat: the chance of each face 1..6 for one die, and the cumulative weights.
        self.probs: dict[int, list[float]] = {}
        self.cdf: dict[int, list[float]] = {}
        for seat, bid_faces in faces.items():
            q = min(0.9, max(share[seat], 1e-3))
            w = [1.0] * (FACES + 1)
            ones = 0.0  # with wild ones: the largest tilt of the ones, taken once
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
        self.view = view
        self._game: Game | None = None

    def p(self, seat: int, face: int) -> float:
        """The chance that one die of ``seat`` counts for a bid on ``face`` (wild ones included)."""
        probs = self.probs.get(seat)
        if probs is None:
            return face_p(face, self.wild)
        return probs[face] + (probs[1] if self.wild and face != 1 else 0.0)

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


# -- the analytic player ---------------------------------------------------------------------


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


class Plan:
    """One decision worked out exactly: what each action costs in dice, on the beliefs.

    Why analytic: at a full table a round's outcome hangs on one thing per
    action, and both are exact sums under the per-die beliefs:

    - a **call** loses a die when the bid holds (the count of its face over
      every cup is a convolution of per-seat binomials);
    - a **raise** loses a die when the next seat calls it and it is false.
      The next seat is modelled as calling by a logistic rule on the raise's
      chance given *its own* cup, with the threshold it was seen to use
      (:meth:`Knowledge.threshold`); summing over its possible counts of the
      face gives the joint chance of "called and false" exactly.  If it is
      not called, the round goes on and costs ``cont`` (a flat estimate of
      the later risk; a called raise spares it).

    Another seat losing a die is worth ``gain`` (it brings the win nearer);
    spot-on, when it is exactly right, is worth ``spot`` per other seat (every other seat loses a die).
    No sampling, so the bot is deterministic for a view and costs well under
    a millisecond per decision.
    """

    def __init__(
        self,
        view: Mapping[str, Any],
        beliefs: Beliefs,
        knowledge: Knowledge,
        cont: float,
        gain: float,
        temp: float,
        jumps: int,
        spot: float = 0.0,
    ) -> None:
        self.view = view
        self.spot = spot
        self.beliefs = beliefs
        self.wild: bool = view["options"]["wild_ones"]
        self.spot_on: bool = view["options"]["spot_on"]
        self.cont = cont
        self.gain = gain
        self.temp = temp
        self.jumps = jumps
        me: int = view["seat"]
        counts: list[int] = view["dice_counts"]
        n = len(counts)
        self.total: int = view["total_dice"]
        self.alive = sum(1 for c in counts if c)
        nxt = (me + 1) % n
        while not counts[nxt] and nxt != me:
            nxt = (nxt + 1) % n
        self.nxt = nxt
        self.n_next = counts[nxt] if nxt != me else 0
        self.tau = knowledge.threshold(nxt)
        self.tau_spot = knowledge.spot_threshold(nxt) if self.spot_on else 2.0
        dice: list[int] = view["dice"]
        # Per face: the distribution of the count over every cup but the next seat's (mine known),
        # and of the next seat's count.
        self.rest: list[list[float]] = [[]]
        self.rest_cdf: list[list[float]] = [[]]
        self.next_pmf: list[tuple[float, ...]] = [()]
        self.full_tail: list[list[float]] = [[]]
        for face in range(1, FACES + 1):
            pmf: list[float] = [0.0] * own_count(dice, face, self.wild) + [1.0]
            for s, c in enumerate(counts):
                if c and s != me and s != nxt:
                    pmf = convolve(pmf, binomial(c, beliefs.p(s, face)))
            nxt_pmf = binomial(self.n_next, beliefs.p(nxt, face)) if self.n_next else (1.0,)
            full = convolve(pmf, nxt_pmf)
            tail, acc = [0.0] * (len(full) + 1), 0.0
            for k in range(len(full) - 1, -1, -1):
                acc += full[k]
                tail[k] = acc
            cdf, acc = [], 0.0
            for x in pmf:
                acc += x
                cdf.append(acc)
            self.rest.append(pmf)
            self.rest_cdf.append(cdf)
            self.next_pmf.append(nxt_pmf)
            self.full_tail.append(tail)

    def true(self, quantity: int, face: int) -> float:
        """P(at least ``quantity`` dice count for ``face``) on the beliefs."""
        tail = self.full_tail[face]
        return tail[quantity] if quantity < len(tail) else 0.0

    def exact(self, quantity: int, face: int) -> float:
        return self.true(quantity, face) - self.true(quantity + 1, face)

    def call_value(self, quantity: int, face: int) -> float:
        t = self.true(quantity, face)
        return -t + self.gain * (1 - t)

    def spot_value(self, quantity: int, face: int) -> float:
        e = self.exact(quantity, face)
        return e * self.spot * (self.alive - 1) - (1 - e)

    def raise_value(self, quantity: int, face: int) -> float:
        """Minus the chance of losing a die by this raise, plus ``gain`` times the next seat losing one."""
        unseen_next = self.total - self.n_next
        p = face_p(face, self.wild)
        cdf = self.rest_cdf[face]
        rest = self.rest[face]
        risk = called = good = 0.0
        for k, pk in enumerate(self.next_pmf[face]):
            if not pk:
                continue
            need = quantity - k  # what the rest (my cup included) must show
            chance = at_least(need, unseen_next, p)
            spot = 0.0
            if self.spot_on:  # the next seat claims spot-on by its own fitted rule, else maybe calls
                spot = sigmoid((exactly(need, unseen_next, p) - self.tau_spot) / self.temp)
            c = pk * (1 - spot) * sigmoid((self.tau - chance) / self.temp)
            false = cdf[min(need - 1, len(cdf) - 1)] if need > 0 else 0.0
            exact = rest[need] if 0 <= need < len(rest) else 0.0
            risk += c * false + pk * spot * exact
            good += c * (1 - false) + pk * spot * (1 - exact)
            called += c + pk * spot
        return -(risk + (1 - called) * self.cont) + self.gain * good

    def choose(self, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action of highest value (ties broken by ``rng``)."""
        bid = self.view["bid"]
        options: list[tuple[float, float, Any]] = []
        if bid is not None:
            q0, f0 = bid["quantity"], bid["face"]
            options.append((self.call_value(q0, f0), rng.random(), Liar()))
            if self.spot_on:
                options.append((self.spot_value(q0, f0), rng.random(), SpotOn()))
            index = bid_index(q0, f0)
        else:
            index = -1
        for face in range(1, FACES + 1):
            lo = min_raise(index, face)
            hi = lo + self.jumps
            if bid is None:  # an opening may be anything: look up to a little past the likeliest count
                lo, hi = 1, max(1, int(self._expected(face))) + self.jumps
            for q in range(lo, min(hi, self.total) + 1):
                options.append((self.raise_value(q, face), rng.random(), Bid(q, face)))
        legal_set = set(legal)
        best = max((o for o in options if o[2] in legal_set), default=None)
        return best[2] if best is not None else legal[0]

    def _expected(self, face: int) -> float:
        tail = self.full_tail[face]
        return sum(tail[1:])


# -- the strong bot --------------------------------------------------------------------------


def rollout(state: State, rng: random.Random) -> tuple[int, Any]:
    """Playouts: every seat plays the rule of thumb on its own cup only, read from its own view."""
    seat = state.to_act[0]
    view = state.view(seat, since=_NO_HISTORY)
    bid = view["bid"]
    index = -1 if bid is None else bid_index(bid["quantity"], bid["face"])
    opts = view["options"]
    return seat, heuristic(view["dice"], index, view["total_dice"], opts["wild_ones"], opts["spot_on"], rng)


# ``since`` for a view that needs no finished round: the history is left out at no cost.
_NO_HISTORY = 1 << 30


def candidates(state: State, seat: int, actions: list[Any]) -> list[Any]:
    """The tree looks at the calls and, per face, the two smallest raises: bigger jumps rarely pay.

    Only the legal actions are read: they are already the raises above the standing bid.
    """
    out: list[Any] = [a for a in actions if not isinstance(a, Bid)]
    taken = [0] * (FACES + 1)
    for a in actions:  # in bid order, so each face's smallest raises come first
        if isinstance(a, Bid) and taken[a.face] < 2:
            taken[a.face] += 1
            out.append(a)
    return out


MODES = ("auto", "analytic", "search")

# The settings the gauntlet measured best, by the rules (wild ones, spot on).  Why they differ:
# with wild ones a third of the dice count for any face bid, so a bid says less by its face alone
# and the share of bid faces a seat shows is higher from the start (``share_prior``), and reading
# bids harder (``belief``) and a sharper call model of the next seat (``temp``) measured better;
# with both options, a correct spot-on is right less often than the beliefs say, so what every
# other seat losing a die is worth (``spot``) is set lower.
TUNED: dict[tuple[bool, bool], dict[str, float]] = {
    (False, False): {"belief": 1.0, "temp": 0.25, "spot": 0.4, "share_prior": 0.4},
    (False, True): {"belief": 1.0, "temp": 0.25, "spot": 0.4, "share_prior": 0.4},
    (True, False): {"belief": 1.5, "temp": 0.15, "spot": 0.4, "share_prior": 0.6},
    (True, True): {"belief": 1.5, "temp": 0.15, "spot": 0.2, "share_prior": 0.6},
}


def tuned(wild_ones: bool, spot_on: bool) -> dict[str, float]:
    """The strong bot's default settings under these rules (a copy of :data:`TUNED`'s row)."""
    return dict(TUNED[wild_ones, spot_on])


@register(GAME, "strong")
class StrongDiceBot:
    """Exact odds on bid-read beliefs against a fitted model of the next seat; the solver in tiny duels.

    ``mode``: ``"analytic"`` (the default) always plays :class:`Plan`;
    ``"search"`` always runs the belief-sampled ISMCTS
    (:mod:`liars.bots.search`, ``iterations`` per decision, ``budget`` an
    opt-in cap in seconds); ``"auto"`` plans at three or more players with
    dice and searches when two are left.  ``cont``, ``gain``, ``temp`` and
    ``jumps`` are :class:`Plan`'s; ``temp`` is softer than the rule
    :class:`Knowledge` fits (0.08) because the next seat's threshold is
    itself uncertain, which a softer rule measured better.  ``belief``,
    ``temp``, ``spot`` and ``share_prior`` left at ``None`` take the value
    :data:`TUNED` gives the game's rules (see :func:`tuned`).
    """

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        budget: float | None = None,
        iterations: int | None = 160,
        belief: float | None = None,
        depth: int | None = 1,
        solver: bool = True,
        mode: str = "analytic",
        cont: float = 0.2,
        gain: float = 0.0,
        temp: float | None = None,
        jumps: int = 2,
        spot: float | None = None,
        share_prior: float | None = None,
        share_weight: float = 10.0,
        call_prior: float = 0.35,
        **_: Any,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.rng = random.Random(seed)
        self.given = {"belief": belief, "temp": temp, "spot": spot, "share_prior": share_prior}
        self.belief = self.temp = self.spot = self.share_prior = 0.0  # set by the rules at the first view
        self._rules: tuple[bool, bool] | None = None
        self.use_solver = solver
        self.mode = mode
        self.cont = cont
        self.gain = gain
        self.jumps = jumps
        self.share_weight = share_weight
        self.call_prior = call_prior
        self.search = Search(
            budget=budget,
            iterations=iterations,
            rollout=rollout,
            candidates=candidates,
            rng=self.rng,
            c=0.6,
            depth=depth,
        )
        self.knowledge: Knowledge | None = None
        self._counts: list[int] = []
        if solver:
            _warm_solver()

    def _leaf(self, state: State) -> Sequence[float] | None:
        """Stop at the end of the round (no bid stands): a seat that lost a die scores 0, the rest 1.

        Only the round is searched (the next one starts from fresh dice), so
        its outcome is the whole signal; scoring it 0/1 keeps that signal as
        strong as the search's exploration term.
        """
        view = state.view(None, since=_NO_HISTORY)
        if view["bid"] is not None and not view["over"]:
            return None
        counts = view["dice_counts"]
        return [0.0 if c < before else 1.0 for c, before in zip(counts, self._counts, strict=True)]

    def _solved(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any | None:
        if not self.use_solver:
            return None
        try:
            from ..solver import lookup

            dist = lookup(view)
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

    def learn(self, view: Mapping[str, Any]) -> Knowledge:
        """Bring :attr:`knowledge` up to date with the view's new history entries."""
        opts = view["options"]
        rules = (bool(opts["wild_ones"]), bool(opts["spot_on"]))
        if rules != self._rules:
            self._rules = rules
            self.knowledge = None
            for name, value in tuned(*rules).items():
                given = self.given[name]
                setattr(self, name, value if given is None else given)
        k = self.knowledge
        if k is None or k.players != view["players"]:
            k = self.knowledge = Knowledge(
                view["players"],
                opts["wild_ones"],
                opts["spot_on"],
                self.share_prior,
                self.share_weight,
                self.call_prior,
            )
        k.update(view)
        return k

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        knowledge = self.learn(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        solved = self._solved(view, legal_actions)
        if solved is not None:
            return solved
        shares = [knowledge.share(s) for s in range(view["players"])]
        beliefs = Beliefs(view, self.belief, shares)
        alive = sum(1 for c in view["dice_counts"] if c)
        if self.mode == "analytic" or (self.mode == "auto" and alive > 2):
            plan = Plan(view, beliefs, knowledge, self.cont, self.gain, self.temp, self.jumps, self.spot)
            return plan.choose(legal_actions, self.rng)
        self._counts = list(view["dice_counts"])
        self.search.sampler = beliefs.sample
        self.search.leaf = self._leaf
        return self.search.choose(view, legal_actions)


@functools.cache
def _warm_solver() -> None:
    """Load the solver and its shipped tables once per process, when the first strong bot is built.

    The first lookup imports numpy and reads a table (about 200 ms of CPU); paid inside a
    decision, it made a duel's first endgame move the slowest decision of a whole tournament.

    numpy's BLAS starts threads as it loads.  A thread that can take SIGINT may be handed the
    Ctrl-C a terminal player types at the prompt, and the main thread, blocked reading the
    line, then never sees it: so the import runs with SIGINT blocked in this thread, and the
    threads it starts inherit that.
    """
    main = threading.current_thread() is threading.main_thread() and hasattr(signal, "pthread_sigmask")
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if main else None
    try:
        from ..solver import table

        for a, b in ((1, 1), (1, 2), (2, 1), (2, 2)):
            for wild in (False, True):
                table(a, b, wild)
    except Exception:  # the solver is optional: absent, unbuilt, or outside its sizes
        return
    finally:
        if old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
