"""The strong Liar's Dice bot's analytic player: every action priced exactly on the beliefs."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.liars_dice import FACES, Bid, Liar, SpotOn, bid_index
from .liars_dice_beliefs import (
    Beliefs,
    Knowledge,
    at_least,
    binomial,
    convolve,
    credited,
    exactly,
    face_p,
    own_count,
    sigmoid,
)
from .liars_dice_beliefs import min_raise as min_raise


class Plan:
    """One decision worked out exactly: what each action costs in dice, on the beliefs.

    Why analytic: at a full table a round's outcome hangs on one thing per
    action, and both are exact sums under the per-die beliefs:

    - a **call** loses a die when the bid holds (the count of its face over
      every cup is a convolution of per-seat binomials);
    - a **raise** loses a die when the next seat calls it and it is false.
      The next seat is modelled as calling by a logistic rule on the raise's
      chance given *its own* cup, with the threshold it was seen to use
      (:meth:`Knowledge.call_model`), and the same rule on the chance it
      sees if it credits bidders with their faces (:func:`credited`, me
      included, with this raise's face), the two weighted as its calls so
      far fit them; summing over its possible counts of the face gives the
      joint chance of "called and false" exactly.  Spot-on likewise.  If it is
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
        self.tau, self.tau_cred, self.w_cred = knowledge.call_model(nxt)
        self.tau_spot, self.tau_spot_cred, self.w_spot_cred = (
            knowledge.spot_model(nxt) if self.spot_on else (2.0, 2.0, 0.0)
        )
        shares = [knowledge.share(s) for s in range(n)]
        # Per face: the count over every cup but the next seat's as the next seat credits it, after
        # my raise on that face (so I am one of its backers).
        self.cred: list[list[float]] = [[]]
        for face in range(1, FACES + 1):
            backers = {b["seat"] for b in view["bids"] if b["face"] == face} | {me}
            self.cred.append(credited(counts, nxt, face, self.wild, backers, shares))
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
            cred = self.cred[face]
            cred_chance = sum(cred[max(0, need) :]) if need < len(cred) else 0.0
            spot = 0.0
            if self.spot_on:  # the next seat claims spot-on by its own fitted rule, else maybe calls
                cred_exact = cred[need] if 0 <= need < len(cred) else 0.0
                w = self.w_spot_cred
                spot = (1 - w) * sigmoid((exactly(need, unseen_next, p) - self.tau_spot) / self.temp)
                spot += w * sigmoid((cred_exact - self.tau_spot_cred) / self.temp)
            w = self.w_cred
            calls = (1 - w) * sigmoid((self.tau - chance) / self.temp)
            calls += w * sigmoid((self.tau_cred - cred_chance) / self.temp)
            c = pk * (1 - spot) * calls
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
