"""Bots for Liar's Dice: ``basic`` (odds on its own dice) and ``strong`` (beliefs + exact odds).

Both read only the view. The arithmetic is the binomial tail: with ``n`` dice
unseen, each showing the bid's face with chance ``p`` (1/6, or 1/3 for a face
other than one with wild ones), the chance that at least ``k`` of them do (the
odds and the model of the table are :mod:`liars.bots.liars_dice_beliefs`, the
analytic player :mod:`liars.bots.liars_dice_plan`). ``basic`` believes nothing
anybody says. ``strong`` reads every bid as evidence about the bidder's cup
(weighted by how honest that seat was seen to be when cups were lifted,
:class:`Knowledge`), and prices each action exactly on those beliefs against a
model of the next seat fitted from when it was seen to call (:class:`Plan`).
Why not search by default: measured against the rule-based gauntlet
(``bench/gauntlet/liars_dice.py``), the analytic plan beat the belief-sampled
ISMCTS at every table size, one-on-one included (about 85 % against 70 %), at
a fraction of the cost; the search stays as ``mode="search"`` (or ``"auto"``:
search only in duels). With two players left inside a solved size it plays the
exact equilibrium from :mod:`liars.solver` when that is installed.
"""

from __future__ import annotations

import functools
import random
import signal
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import State
from ..games.liars_dice import FACES, Bid, Liar, SpotOn, bid_index, bid_of
from . import register

# The model and the plan live in their own modules; their names stay importable from here
# (the tests and the coach use ``liars.bots.liars_dice.Beliefs`` and friends): see ``__all__``.
from .liars_dice_beliefs import (
    GRID,
    Beliefs,
    Knowledge,
    at_least,
    binomial,
    convolve,
    exactly,
    face_p,
    face_share,
    holds,
    log_sigmoid,
    min_raise,
    own_count,
    sigmoid,
)
from .liars_dice_plan import Plan
from .search import Search

GAME = "liars-dice"

__all__ = [
    "BasicDiceBot",
    "Beliefs",
    "GAME",
    "GRID",
    "Knowledge",
    "MODES",
    "Plan",
    "StrongDiceBot",
    "TUNED",
    "AT_A_TABLE",
    "at_least",
    "binomial",
    "candidates",
    "convolve",
    "exactly",
    "face_p",
    "face_share",
    "heuristic",
    "holds",
    "log_sigmoid",
    "min_raise",
    "own_count",
    "rollout",
    "sigmoid",
    "tuned",
]


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

# Where a table of three or more differs from a duel.  With wild ones only: the share a seat is
# credited with before its cups are seen, lower at a table (0.45; measured on seeds 11-14, four
# players: +6 points against three Bluffers, +7 against Honest, +3 against Caller, -3 against
# Tracker), while a duel keeps 0.6 (there 0.45 won 7 points against Bluffer and lost as many
# against Tracker, too near its 65% bar).
AT_A_TABLE: dict[tuple[bool, bool], dict[str, float]] = {
    (True, False): {"share_prior": 0.45},
}


def tuned(wild_ones: bool, spot_on: bool, players: int = 2) -> dict[str, float]:
    """The strong bot's default settings under these rules (a copy of :data:`TUNED`'s row).

    ``players``: the seats at the table; from three on :data:`AT_A_TABLE` overrides the row.
    """
    row = dict(TUNED[wild_ones, spot_on])
    if players > 2:
        row.update(AT_A_TABLE.get((wild_ones, spot_on), {}))
    return row


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
    :data:`TUNED` gives the game's rules (see :func:`tuned`).  ``offs``:
    read each bid as evidence against the faces its bidder did not bid
    (:meth:`Knowledge.off`; off only to measure what it is worth).
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
        offs: bool = True,
        **_: Any,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.rng = random.Random(seed)
        self.given = {"belief": belief, "temp": temp, "spot": spot, "share_prior": share_prior}
        self.belief = self.temp = self.spot = self.share_prior = 0.0  # set by the rules at the first view
        self._rules: tuple[bool, bool, int] | None = None
        self.use_solver = solver
        self.mode = mode
        self.cont = cont
        self.gain = gain
        self.jumps = jumps
        self.share_weight = share_weight
        self.call_prior = call_prior
        self.offs = offs
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
        rules = (bool(opts["wild_ones"]), bool(opts["spot_on"]), int(view["players"]))
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

    def beliefs(self, view: Mapping[str, Any], knowledge: Knowledge) -> Beliefs:
        """What this bot believes of the other cups: the one place its beliefs are built (the coach's
        "adjusted" odds and their test read them here, so they stay the bot's own)."""
        shares = [knowledge.share(s) for s in range(view["players"])]
        return Beliefs(view, self.belief, shares, knowledge if self.offs else None)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        knowledge = self.learn(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        solved = self._solved(view, legal_actions)
        if solved is not None:
            return solved
        beliefs = self.beliefs(view, knowledge)
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
