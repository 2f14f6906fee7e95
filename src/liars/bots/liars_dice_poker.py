"""Bots for Poker Liar's Dice: ``basic`` (the odds of what it saw) and ``strong`` (a one-step model).

Both read only the view.  Their arithmetic is one table, built once: for every
multiset of kept dice ``K`` (0 to 5 dice), the distribution of the best hand
of ``K`` plus fresh rolls of the others (:data:`DIST`, and its upper tail
:data:`HOLD`).  From the view a seat knows the dice it passed and how many the
other re-rolled; the other is taken to have kept the dice that best support
the claim it then made, so the chance the dice hold that claim *if it rolled
for it* is ``q = max HOLD[K][claim]`` over the keeps of that size.

``basic`` calls when ``q`` is below one half, re-rolls for the smallest raise
and claims its true hand when it beats the claim, else the smallest raise.

``strong`` models the other seat and learns it during the game:

* *its claims*: a claim that does not hold is a bluff, taken to come at
  ``bluff`` times the rate of an honest one, so the dice hold it with chance
  ``q / (q + bluff (1 - q))``; there are two rates, for the smallest raise and
  for a jump above it, each fitted (maximum likelihood over a grid, with a
  prior) to the claims whose truth it learnt by looking or by a call;
* *its calls*: it calls a claim that looks less likely than ``tau``, fitted
  the same way to which of this bot's claims it called; "looks" is read two
  ways, the claim's ``q`` as the other sees it (the dice it passed, the
  re-roll count) or its chance from five fresh dice (a player who ignores
  re-rolls), and the reading that fits the calls seen better is used.

It calls when the claim is less likely than accepting is worth
(``base + spread`` times the chance of re-rolling above it, :data:`IMP2`).
It claims what the model makes best - a claim the other will call is worth
its truth, one it lets pass is worth what the other is left to top - and
re-rolls the dice whose outcomes give the best such claim on average.  Fixed
work per decision: table lookups over at most 32 keeps and 72 claims, no
sampling (a re-roll is the slowest decision, about a millisecond).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.liars_dice_poker import (
    BEST,
    CLAIM_INDEX,
    CLAIMS,
    DICE,
    REROLLS,
    TOP,
    Claim,
    Reroll,
    rolls,
    without,
)
from . import register

GAME = "liars-dice-poker"
_N = TOP + 1  # claims


def _tables() -> tuple[dict[tuple[int, ...], list[float]], dict[tuple[int, ...], list[float]]]:
    by_size = {n: rolls(n) for n in range(DICE + 1)}
    dist: dict[tuple[int, ...], list[float]] = {}
    hold: dict[tuple[int, ...], list[float]] = {}
    for keep in REROLLS:
        d = [0.0] * _N
        for r, p in by_size[DICE - len(keep)]:
            d[BEST[tuple(sorted(keep + r))]] += p
        tail = [0.0] * (_N + 1)
        for x in range(TOP, -1, -1):
            tail[x] = tail[x + 1] + d[x]
        dist[keep], hold[keep] = d, tail
    return dist, hold


# DIST[K][x]: the chance that K plus fresh dice have best hand x; HOLD[K][x]: at least x
# (HOLD[K][72] = 0: nothing holds more than five aces).
DIST, HOLD = _tables()
_KEEPS: dict[tuple[int, ...], dict[int, list[tuple[int, ...]]]] = {}


def keeps(dice: Sequence[int]) -> dict[int, list[tuple[int, ...]]]:
    """The distinct sub-multisets of five dice, by how many dice they leave to re-roll."""
    key = tuple(sorted(dice))
    out = _KEEPS.get(key)
    if out is None:
        subs: set[tuple[int, ...]] = set()
        for mask in range(1 << DICE):
            subs.add(tuple(v for i, v in enumerate(key) if mask >> i & 1))
        out = {k: [] for k in range(DICE + 1)}
        for s in sorted(subs):
            out[DICE - len(s)].append(s)
        _KEEPS[key] = out
    return out


def _improvements() -> tuple[dict[tuple[int, ...], list[float]], list[list[float]]]:
    """IMP[D][x]: seeing dice ``D``, the chance of re-rolling to a hand above ``x``.

    IMP2[h][x]: the same on average over the rolls whose best hand is ``h``
    (what a seat can use when it knows only the hand, not the dice).
    """
    imp: dict[tuple[int, ...], list[float]] = {}
    num = [[0.0] * _N for _ in range(_N)]
    den = [0.0] * _N
    for d, p in rolls(DICE):
        tails = [HOLD[k] for ks in keeps(d).values() for k in ks]
        row = list(map(max, *tails))[1:]  # x = 0..71: at least x + 1
        imp[d] = row
        h = BEST[d]
        den[h] += p
        num[h] = [a + p * b for a, b in zip(num[h], row, strict=True)]
    return imp, [[v / den[h] for v in num[h]] for h in range(_N)]


IMP, IMP2 = _improvements()


def claim_index(entry: Mapping[str, Any]) -> int:
    return CLAIM_INDEX[Claim(entry["hand"], tuple(entry["values"]))]


def support(passed: Sequence[int] | None, rerolled: int, claim: int) -> float:
    """``q``: the chance the dice hold ``claim`` if the other kept the best dice for it.

    ``passed`` is what this seat passed (``None``: the opening roll, all five
    fresh); ``rerolled`` how many of them the other re-rolled.
    """
    if passed is None:
        return HOLD[()][claim]
    return max(HOLD[k][claim] for k in keeps(passed)[rerolled])


def _standing(view: Mapping[str, Any]) -> int:
    return -1 if view["claim"] is None else claim_index(view["claim"])


def _answer_inputs(view: Mapping[str, Any]) -> tuple[int, float]:
    """The claim to answer and ``q`` for it, from what this seat passed before it."""
    claims = view["claims"]
    c = claim_index(claims[-1])
    passed = claims[-2]["dice"] if len(claims) >= 2 else None
    return c, support(passed, claims[-1]["rerolled"], c)


def _by_id(legal: Sequence[Any], want: Any) -> Any:
    for a in legal:
        if a == want:
            return a
    return legal[0]


class BasicBot:
    """Believes nothing it did not see: the plain odds, the smallest honest step."""

    def __init__(self, game_id: str = GAME, seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        phase = view["phase"]
        c = _standing(view)
        if phase == "answer":
            c, q = _answer_inputs(view)
            return legal[0] if q < 0.5 or len(legal) == 1 else legal[1]  # liar, accept
        dice = view["dice"]
        if phase == "reroll":
            best = max((HOLD[k][min(c + 1, TOP)], len(k), k) for ks in keeps(dice).values() for k in ks)[2]
            return _by_id(legal, Reroll(tuple(sorted(without(dice, best) or []))))
        own = BEST[tuple(dice)]
        return _by_id(legal, CLAIMS[own if own > c else c + 1])


class StrongBot:
    """The one-step model of the module docstring; ``tau``, ``base``, ``spread`` tune it."""

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        tau: float = 0.5,
        base: float = 0.35,
        spread: float = 0.4,
        learn: bool = True,
        bluff_min: float = 2.0,
        bluff_jump: float = 0.1,
        **_: Any,
    ) -> None:
        self.rng = random.Random(seed)
        self.prior_tau = self.tau = tau
        self.base = base
        self.spread = spread
        self.learn = learn
        # (round, claim position) -> the claim's support as the other saw it; then whether it was called
        self._pending: dict[tuple[int, int], tuple[float, float]] = {}
        self._seen: list[tuple[float, float, bool]] = []  # (support, prior chance, called)
        self.reads = "support"  # what the other's calls are fitted on: "support" or "prior"
        self._round = 0
        self._claims: list[tuple[int, str, tuple[int, ...]]] = []
        # the other's claims I answered: (round, position) -> (support, a jump above the smallest raise)
        self._asked: dict[tuple[int, int], tuple[float, bool]] = {}
        self._truths: dict[bool, list[tuple[float, bool]]] = {False: [], True: []}
        self.bluff = {False: bluff_min, True: bluff_jump}
        self.prior_bluff = dict(self.bluff)

    def _observe(self, view: Mapping[str, Any]) -> None:
        """Learn where the other calls: each of my claims, its support as it saw it, called or not.

        Memory across decisions of one game: a new game (its round going
        back, or this round's claims not those seen before) starts afresh; a
        bot made anew for each decision just keeps its priors.
        """
        rnd = view["round"]
        claims = [(c["seat"], c["hand"], tuple(c["values"])) for c in view["claims"]]
        if rnd < self._round or (rnd == self._round and claims[: len(self._claims)] != self._claims):
            self._pending, self._seen, self._asked = {}, [], {}
            self._truths = {False: [], True: []}
            self.tau, self.bluff, self.reads = self.prior_tau, dict(self.prior_bluff), "support"
        self._round, self._claims = rnd, claims
        me = view["seat"]
        history = view["history"]
        done = []
        for r, j in self._pending:
            if r == rnd:
                if j < len(view["claims"]) - 1:
                    done.append(((r, j), False))
            elif r - 1 < len(history):
                h = history[r - 1]
                done.append(((r, j), j == len(h["claims"]) - 1 and h["caller"] != me))
        for key, called in done:
            q, p0 = self._pending.pop(key)
            self._seen.append((q, p0, called))
        if self._seen:
            # two readings of where it calls: on the claim's support given the re-roll count, or on
            # its chance from five fresh dice; the likelier fit wins
            fits = []
            for i, reads in ((0, "support"), (1, "prior")):
                seen = [(o[i], o[2]) for o in self._seen]
                tau = max(_TAUS, key=lambda t: _fit(t, seen, self.prior_tau))
                fits.append((_fit(tau, seen, self.prior_tau) - (0.5 if i else 0.0), tau, reads))
            _, self.tau, self.reads = max(fits)
        # the other's claims whose truth I learnt: by looking (I accepted) or by a call
        told: list[tuple[tuple[int, int], bool, float, bool | None]] = []
        for (r, j), (q, jump) in self._asked.items():
            if r == rnd and j < len(view["claims"]) and view["claims"][j]["dice"] is not None:
                e = view["claims"][j]
                told.append(((r, j), jump, q, BEST[tuple(e["dice"])] >= claim_index(e)))
            elif r < rnd and r - 1 < len(history):
                h = history[r - 1]
                if j == len(h["claims"]) - 1:
                    told.append(((r, j), jump, q, bool(h["held"])))
                else:  # accepted, and looked at when re-rolling: already told (kept safe)
                    told.append(((r, j), jump, q, None))
        for key, jump, q, held in told:
            self._asked.pop(key, None)
            if held is None:
                continue
            self._truths[jump].append((q, held))
            self.bluff[jump] = max(
                _BLUFFS, key=lambda b: _fit_bluff(b, self._truths[jump], self.prior_bluff[jump])
            )

    def _looks(self, theirs: Sequence[int] | None, k: int, x: int) -> float:
        """How likely claim ``x`` looks to the other, by the reading its calls were fitted on."""
        return support(theirs, k, x) if self.reads == "support" else HOLD[()][x]

    def call_chance(self, looks: float, x: int) -> float:
        """The chance the other calls claim ``x``, which looks ``looks`` likely to it.

        Five aces is always called: nothing else may answer it.  Below that,
        the soft threshold its calls were fitted with (:func:`_fit`), so that
        where every claim is likely called one it might still let pass beats
        one it surely calls (a hard threshold tied them all at their truth,
        and the tie went to five aces, a sure loss of a life).
        """
        if x >= TOP:
            return 1.0
        return _call_p(self.tau, looks)

    def believed(self, q: float, jump: bool) -> float:
        """The chance the other's claim holds, ``q`` being its chance had it rolled for it honestly."""
        b = self.bluff[jump]
        return q / (q + b * (1.0 - q)) if q > 0 else 0.0

    def accept_value(self, dist: Sequence[float], x: int) -> float:
        """What accepting claim ``x`` is worth, the dice's best hand being distributed as ``dist``."""
        if x >= TOP:
            return 0.0
        return self.base + self.spread * sum(w * IMP2[h][x] for h, w in enumerate(dist) if w)

    def act(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        if self.learn:
            self._observe(view)
        phase = view["phase"]
        claims = view["claims"]
        if phase == "answer":
            c = claim_index(claims[-1])
            passed = claims[-2]["dice"] if len(claims) >= 2 else None
            k = claims[-1]["rerolled"]
            dist = _credited(passed, k, c)
            q = support(passed, k, c)
            jump = c > (claim_index(claims[-2]) + 1 if len(claims) >= 2 else 0)
            if self.learn:
                self._asked[(view["round"], len(claims) - 1)] = (q, jump)
            p = self.believed(q, jump)
            return legal[0] if len(legal) == 1 or 1.0 - p > self.accept_value(dist, c) else legal[1]
        c = _standing(view)
        # what the other knows of the dice: what it passed (I accepted it), or nothing at the opening
        theirs = claims[-1]["dice"] if claims else None
        dice = view["dice"]
        if phase == "reroll":
            return _by_id(legal, self._reroll(dice, theirs, c))
        k = view["rerolled"] if claims else DICE
        imp = IMP[tuple(dice)]
        held = BEST[tuple(dice)]
        best, best_v = c + 1, -1.0
        for x in range(c + 1, _N):
            p = self.call_chance(self._looks(theirs, k, x), x)
            v = p * float(held >= x) + (1.0 - p) * (1.0 - self.base - self.spread * imp[x])
            if v >= best_v - 1e-12:  # ties to the higher claim: harder to top
                best, best_v = x, v
        if self.learn:
            self._pending[(view["round"], len(claims))] = (support(theirs, k, best), HOLD[()][best])
        return _by_id(legal, CLAIMS[best])

    def _reroll(self, dice: Sequence[int], theirs: Sequence[int] | None, c: int) -> Reroll:
        """The re-roll whose outcomes give the best claim above ``c`` on average."""
        by_k = keeps(dice)
        base, spread = self.base, self.spread
        best_score, best_keep = -1.0, tuple(dice)
        for k in range(DICE + 1):
            looks = {x: self._looks(theirs, k, x) for x in range(c + 1, _N)}
            called = [x for x, q in looks.items() if q < self.tau]
            free = [x for x, q in looks.items() if q >= self.tau]
            first = called[0] if called else _N
            # worth of ending with best hand h: 1 if a claim it will be called on holds (the
            # lowest such is the easiest), else the best claim it will let pass
            worth = [0.0] * _N
            for h in range(_N):
                if h >= first:
                    worth[h] = 1.0
                elif free:
                    imp = IMP2[h]
                    worth[h] = 1.0 - base - spread * min(map(imp.__getitem__, free))
            for keep in by_k[k]:
                d = DIST[keep]
                score = sum(d[h] * worth[h] for h in range(_N) if d[h])
                if score > best_score + 1e-12:
                    best_score, best_keep = score, keep
        return Reroll(tuple(sorted(without(dice, best_keep) or [])))


_TAUS = tuple(t / 20 for t in range(1, 20))


def _call_p(tau: float, q: float) -> float:
    """A call of a claim of support ``q`` by a player who calls below ``tau``: softly, and never sure."""
    p = 1.0 / (1.0 + math.exp(-(tau - q) / 0.05))
    return min(max(p, 0.02), 0.98)


def _fit(tau: float, seen: Sequence[tuple[float, bool]], prior: float) -> float:
    """Log-likelihood of calls ``seen`` if the other calls below support ``tau`` (softly), with a prior."""
    ll = -(((tau - prior) / 0.15) ** 2) / 2
    for q, called in seen:
        p = _call_p(tau, q)
        ll += math.log(p if called else 1.0 - p)
    return ll


_BLUFFS = (0.01, 0.03, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)


def _fit_bluff(b: float, seen: Sequence[tuple[float, bool]], prior: float) -> float:
    """Log-likelihood of the truths ``seen`` if bluffs come at ``b`` times honest claims, with a prior."""
    ll = -((math.log(b / prior) / 1.0) ** 2) / 2
    for q, held in seen:
        p = q / (q + b * (1.0 - q)) if q > 0 else 0.0
        p = min(max(p, 0.01), 0.99)
        ll += math.log(p if held else 1.0 - p)
    return ll


def _credited(passed: Sequence[int] | None, rerolled: int, claim: int) -> list[float]:
    """The best-hand distribution a receiver credits: the passed dice's best keep for ``claim``."""
    if passed is None:
        return DIST[()]
    ks = keeps(passed)[rerolled]
    return DIST[max(ks, key=lambda k: HOLD[k][claim])]


register(GAME, "basic")(BasicBot)
register(GAME, "strong")(StrongBot)
