"""What every game's encoder provides, and the reward scheme shared by all adapters.

An encoder turns one seat's **view** (never the state) into a fixed-size
vector, and maps a fixed ``Discrete`` action space onto the engine's actions.
The adapters (PettingZoo, Gymnasium, OpenSpiel) are thin loops around it, so
an observation means the same thing in all three, and hidden information can
only leak if the engine's view leaks it.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import JSON, Game, IllegalAction, State

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Field:
    """One named slice of the observation vector, for ``docs/rl.md`` and for people debugging."""

    name: str
    size: int
    meaning: str


class Encoder:
    """Base class: one seat's view to a vector; abstract action ids to engine actions.

    Subclasses set ``fields`` (the layout, in order), ``num_actions`` and
    implement :meth:`fill` (write the view into a zeroed vector) and, when the
    abstract action space is not the engine's own integer space,
    :meth:`legal` and :meth:`apply`.  ``version`` is bumped (with a changelog
    entry in ``docs/rl.md``) whenever an observation, an action id or a
    reward changes meaning.
    """

    version = 0
    fields: tuple[Field, ...] = ()
    num_actions: int = 0
    #: How many of the view's latest ``history`` entries :meth:`fill` reads
    #: (``None``: all): the adapters' :class:`Tails` keep no more than that.
    tail: int | None = None
    #: The abstract ids are the engine's own integer actions (``legal`` and
    #: ``apply`` not overridden): masks then come from ``state.legal_mask()``.
    engine_space = True

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            self.offsets[f.name] = at
            at += f.size
        self.size = at

    # -- observations -----------------------------------------------------
    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        raise NotImplementedError

    def observe(self, view: Mapping[str, Any]) -> Obs:
        """The observation vector of ``view`` (a fresh array: callers may keep it)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(view, out)
        return out

    def observe_of(self, view: Mapping[str, Any], state: State) -> Obs:
        """:meth:`observe` of ``view``, ``state``'s view as it is now, for an adapter that follows ``state``.

        ``state`` is there for its identity only (never read): an encoder may
        keep what it built for one state's view and take it again for a later
        view of the same state object where the engine's rules say it cannot
        have changed (the dice encoder: a round's cells, until the history
        grows).  The result is always what :meth:`observe` gives.
        """
        return self.observe(view)

    def bare_view(self, state: State, seat: int) -> JSON:
        """``seat``'s view for its keys other than ``history``, which is left out.

        ``since`` past any end decodes no history entry at all, where a full
        view decodes the whole history.
        """
        view: JSON = state.view(seat, since=_PAST_ANY_END)
        return view

    def rel(self, seat: int, me: int) -> int:
        """Seats are encoded relative to the viewer: 0 is me, 1 the next clockwise, ..."""
        return (seat - me) % self.players

    # -- actions ------------------------------------------------------------
    def legal(self, state: State, seat: int) -> Sequence[int]:
        """Abstract ids ``seat`` may take now (empty when it is not theirs to act)."""
        if not state.to_act or state.to_act[0] != seat:
            return ()
        return state.legal_ids()

    def apply(self, state: State, seat: int, action: int) -> None:
        """Take abstract ``action`` for ``seat``; :class:`IllegalAction` (nothing changed) if not legal."""
        if not state.to_act or state.to_act[0] != seat:
            raise IllegalAction(
                f"seat {seat} may not act now; to act: {list(state.to_act)}",
                code="not_your_turn",
                params={"seat": seat, "to_act": list(state.to_act)},
            )
        state.act_id(int(action))

    def mask(self, state: State, seat: int) -> Mask:
        """1 for every legal abstract id of ``seat`` (a fresh array).

        Where the abstract space is the engine's own, this is the engine's
        ``state.legal_mask()`` as it is (numpy reads the bytes without a
        copy): one source of legality, and games with hundreds of legal ids
        (Liegen) build it without listing them.
        """
        if not state.to_act or state.to_act[0] != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        if self.engine_space:
            return _frombuffer(state.legal_mask(), _INT8)  # positional, module-level: half the cost
        out = np.zeros(self.num_actions, dtype=np.int8)
        out.put(self.legal(state, seat), 1)
        return out

    def action_name(self, action: int) -> str:
        """A readable name of an abstract action (for logs and OpenSpiel's action strings)."""
        return str(self.game.action_from_id(action))

    def layout(self) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, meaning) for every field, in order."""
        return [(f.name, self.offsets[f.name], f.size, f.meaning) for f in self.fields]


class Tails:
    """Follows one game's views seat by seat, asking the engine only for the new history entries.

    ``view(state, seat)`` is ``state.view(seat)`` with its history cut to
    the last ``keep`` entries (all if ``keep`` is ``None``): the entries seen
    before are kept here, so a long game costs each entry one decoding, not
    one per step.  History entries never change once viewed (the engine's
    ``since`` contract), so this is what the full view would show.  One
    ``Tails`` follows one game: start a new one (or :meth:`copy` it along
    with the state) when the game changes.  A history that got shorter (a
    Liegen round restarts it) is read afresh.
    """

    def __init__(self, keep: int | None) -> None:
        self.keep = keep
        self.seen: dict[int | None, tuple[int, int, list[Any]]] = {}  # epoch, length, kept

    def view(self, state: State, seat: int | None) -> JSON:
        """The view with the kept history (a list kept here too: read it, do not change it)."""
        keep = self.keep
        view: JSON
        if keep == 0:  # no entry wanted, not even the new ones (a Liar's Dice round that just ended)
            view = state.view(seat, since=_PAST_ANY_END)
            return view
        epoch, done, kept = self.seen.get(seat, _NOTHING_SEEN)
        view = state.view(seat, since=done)
        n = view["history_len"]
        new = view["history"]
        if view["history_epoch"] != epoch:  # the history started again (a new Liegen round)
            view = state.view(seat)
            kept = new = view["history"]
        elif new:
            kept = kept + new
        if keep is not None and len(kept) > keep:
            kept = kept[-keep:]
        self.seen[seat] = (view["history_epoch"], n, kept)
        view["history"] = kept
        return view

    def copy(self) -> Tails:
        """An independent follower of a copy of the game (the kept lists are never changed in place)."""
        other = Tails(self.keep)
        other.seen = dict(self.seen)
        return other


_NOTHING_SEEN: tuple[int, int, list[Any]] = (0, 0, [])
# ``np.frombuffer(buf, dtype=np.int8)`` with a keyword and two attribute lookups costs twice
# ``_frombuffer(buf, _INT8)`` (valgrind: about 5,200 against 2,600 instructions); masks are read every step.
_frombuffer = np.frombuffer
_INT8 = np.dtype(np.int8)
_PAST_ANY_END = 2**62


def action_id(action: object) -> int:
    """``action`` as an id: a whole number (``int`` or a numpy / array integer), else :class:`IllegalAction`.

    Why not ``int(action)``: it turns ``2.5`` into 2 and ``"3"`` into 3, so a
    policy that emits floats would play moves it never chose.  The engine
    refuses such ids itself (``action_id_not_int``); the adapters say the same.
    """
    if type(action) is int:
        return action
    if not isinstance(action, bool):
        try:
            return operator.index(action)  # type: ignore[arg-type]  # numpy integers, 0-d integer arrays
        except TypeError:
            pass
    raise IllegalAction(
        f"an action id is a whole number, not {action!r}",
        code="action_id_not_int",
        params={"id": repr(action)},
    )


def rewards(state: State) -> list[float]:
    """Zero-sum terminal rewards: winners share +1, every other seat shares -1.

    Zero-sum so that OpenSpiel's two-player algorithms (CFR, exploitability)
    apply as they are; with two players it is the usual +1/-1.  All zeros
    while the game is running or if it ended without a winner.
    """
    n = state.game.players
    if not state.over or not state.winners:
        return [0.0] * n
    won = set(state.winners)
    lose = n - len(won)
    lose_r = -1.0 / lose if lose else 0.0
    out = [lose_r] * n  # a loop, not a comprehension: it runs at the end of every game (no frame, no cells)
    win_r = 1.0 / len(won)
    for s in won:
        out[s] = win_r
    return out


def thermo(out: Obs, at: int, value: int, width: int) -> None:
    """Thermometer code: the first ``min(value, width)`` cells from ``at`` are 1."""
    if value > 0:
        out[at : at + min(value, width)] = 1.0
