"""Explicit chance: a game paused at each chance event until the caller gives the outcomes.

The engine draws inside ``act`` (a new round's dice, a reshuffle) and inside
``new_game`` (the deal), always through ``state.chance`` (see
:class:`liars.rng.Chance`).  OpenSpiel's chance nodes, search over chance
outcomes and tests need the opposite: to see each draw *before* it is made,
with its outcomes and their probabilities, and to choose the outcome.  This
module gives that without editing a saved field or knowing any game:

* :class:`Script` is a :class:`~liars.rng.Chance` that answers each draw from
  outcomes given in advance and, past them, raises :class:`ChanceNeeded`
  naming the draw (its :class:`Event`);
* :class:`Explicit` drives a game with it: after a move (or at the deal) it
  is paused while an event is open (:meth:`Explicit.chance_outcomes` gives
  the next outcome's choices), then rebuilds the position by playing the
  move again with the outcomes chosen.  The engine is deterministic, so the
  replay is the game that those outcomes make.

Every draw is one of three kinds, taken one *atomic* outcome at a time:

* ``below(m)``: one outcome in ``range(m)``, each ``1/m``;
* ``dice(k, faces)``: ``k`` outcomes in ``range(faces)`` (face ``o + 1``);
* ``shuffle(items)``: the arrangement position by position: outcome ``j`` is
  the ``j``-th distinct value of ``items`` (in order of first appearance),
  with the chance of its copies among those left.  Equal items are
  interchangeable, so a deck with duplicates has fewer outcomes than
  Fisher-Yates' swaps, and every arrangement comes out as often as a fair
  shuffle gives it.  Positions with only one value left are filled without
  asking.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .core import Game, IllegalAction, State, check_int
from .rng import Chance, Rng

T = TypeVar("T")

#: A move to play again (:class:`Act`, :class:`ActId` or an adapter's own mapping of ids):
#: a pure function of the state; picklable if the game is to be (OpenSpiel pickles states).
Move = Callable[[State], None]
#: How a game begins (see :meth:`Explicit.deal`): a ``setup`` drawn from the chance, or ``None``.
Start = Callable[[Chance, Game], Mapping[str, Any] | None]


@dataclass(frozen=True, slots=True)
class Act:
    """The move ``state.act(seat, action)``."""

    seat: int
    action: Any

    def __call__(self, state: State) -> None:
        state.act(self.seat, self.action)


@dataclass(frozen=True, slots=True)
class ActId:
    """The move ``state.act_id(action_id)``."""

    action_id: int

    def __call__(self, state: State) -> None:
        state.act_id(self.action_id)


@dataclass(frozen=True)
class Event:
    """One draw the game asked for: ``kind`` ``"below"``, ``"dice"`` or ``"shuffle"``.

    ``size`` is how many atomic outcomes it takes; ``m`` the range of each
    (``below``: ``m``; ``dice``: the faces; ``shuffle``: the distinct values);
    ``values`` the distinct values of a shuffle (empty otherwise) and
    ``counts`` how many copies of each the items hold.
    """

    kind: str
    size: int
    m: int
    values: tuple[Any, ...] = ()
    counts: tuple[int, ...] = ()

    def outcomes(self, prefix: Sequence[int]) -> list[tuple[int, float]]:
        """(outcome, probability) of the next atomic draw, ``prefix`` being this event's so far."""
        if self.kind != "shuffle":
            p = 1.0 / self.m
            return [(i, p) for i in range(self.m)]
        left = list(self.counts)
        for j in prefix:
            left[j] -= 1
        total = self.size - len(prefix)
        return [(j, c / total) for j, c in enumerate(left) if c]

    def label(self, outcome: int) -> str:
        """Text of one atomic outcome: ``die 4``, ``draw 2 of 3``, ``card KS``."""
        if self.kind == "dice":
            return f"die {outcome + 1}"
        if self.kind == "shuffle":
            return f"card {self.values[outcome]}"
        return f"draw {outcome} of {self.m}"


class ChanceNeeded(Exception):
    """Raised by :class:`Script` at a draw it has no outcomes for; the state it was in is spoilt."""

    def __init__(self, event: Event) -> None:
        super().__init__(f"no outcome given for the next draw ({event.kind})")
        self.event = event


def shuffle_event(items: Sequence[Any]) -> Event:
    groups: dict[Any, int] = {}
    for item in items:
        groups[item] = groups.get(item, 0) + 1
    return Event("shuffle", len(items), len(groups), tuple(groups), tuple(groups.values()))


class Script:
    """A :class:`~liars.rng.Chance` drawing the given atomic outcomes in order, then raising.

    ``base`` is the seeded generator that a save of the state keeps (the
    script's own outcomes are not saved: they are in the position they made)
    and that copies of the state draw from.  Outcomes are trusted here:
    :class:`Explicit` checks them as they are given.
    """

    __slots__ = ("outcomes", "at", "base")

    def __init__(self, outcomes: Sequence[int], base: Chance) -> None:
        self.outcomes = outcomes
        self.at = 0
        self.base = base

    def _take(self, event: Event) -> Sequence[int]:
        at = self.at
        if at + event.size > len(self.outcomes):
            raise ChanceNeeded(event)
        self.at = at + event.size
        return self.outcomes[at : at + event.size]

    def below(self, m: int) -> int:
        return self._take(Event("below", 1, m))[0]

    def dice(self, k: int, faces: int = 6) -> list[int]:
        return [o + 1 for o in self._take(Event("dice", k, faces))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        event = shuffle_event(items)
        pools: dict[Any, list[T]] = {}
        for item in items:
            pools.setdefault(item, []).append(item)
        for i, j in enumerate(self._take(event)):
            items[i] = pools[event.values[j]].pop()

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Chance:
        return self.base.copy()

    def to_json(self) -> list[int]:
        return self.base.to_json()


class Explicit:
    """A game whose chance outcomes the caller gives, one atomic draw at a time.

    ``Explicit.deal(game)`` starts at the deal; ``act`` / ``act_id`` /
    ``play`` make a move.  While :meth:`chance_outcomes` is not ``None`` a
    chance event is open: give each outcome with :meth:`apply_chance`.
    Otherwise :attr:`state` is the engine state, to read and to ask for legal
    actions (moves go through this object, which must see them).

    How: every move is made with a :class:`Script` of no outcomes as the
    state's chance, so a move that draws raises :class:`ChanceNeeded` with
    the event.  The position is then rebuilt from a pristine copy taken after
    the last chance event (``anchor``) by playing the moves since then again
    with the outcomes given so far, until no draw is missing.  A move that
    draws nothing costs one exception-free call; the copy is made once per
    chance event, the replay is of the moves since the last one.
    """

    __slots__ = ("_state", "_root", "_anchor", "_moves", "_done", "_event", "_prefix")

    def __init__(self, state: State) -> None:
        self._state: State | None = state
        self._root: tuple[Game, int, Start | None] | None = None  # the deal to draw, until drawn
        self._anchor: State | None = None
        self._moves: tuple[Any, ...] = ()  # linked: (earlier cell, move), shared by copies
        self._done: list[int] = []
        self._event: Event | None = None
        self._prefix: list[int] = []

    @classmethod
    def deal(cls, game: Game, seed: int | None = None, start: Start | None = None) -> Explicit:
        """A new game of ``game`` whose deal is drawn by the caller (paused at its first event).

        ``start``, if given, draws a ``setup`` from the chance before the deal (its draws are the
        first chance events): an adapter's choice of how a game begins, e.g. an opener drawn
        uniformly instead of Liar's Dice's roll-off, whose public throws would split every
        information state of an OpenSpiel game for nothing.  Picklable if the game is to be.
        """
        out = cls.__new__(cls)
        out._state = None
        out._root = (game, game.seed if seed is None else seed, start)
        out._anchor = None
        out._moves = ()
        out._done = []
        out._event = None
        out._prefix = []
        out._rebuild()
        return out

    # -- reading ------------------------------------------------------------
    @property
    def state(self) -> State:
        """The engine state; refused while a chance event is open (it is not built yet)."""
        if self._state is None:
            raise IllegalAction("a chance event is open: give its outcomes first", code="illegal")
        return self._state

    @property
    def pending(self) -> bool:
        """Whether a chance event is open."""
        return self._state is None

    @property
    def event(self) -> Event | None:
        """The open chance event, or ``None``."""
        return self._event

    def chance_outcomes(self) -> list[tuple[int, float]] | None:
        """(outcome, probability) of the next atomic draw, or ``None`` when no chance is open."""
        if self._event is None:
            return None
        return self._event.outcomes(self._prefix)

    def label(self, outcome: int) -> str:
        """Text of an outcome of the open event (``die 3``, ``card 7H``)."""
        if self._event is None:
            raise IllegalAction("no chance event is open", code="illegal")
        return self._event.label(outcome)

    # -- acting -------------------------------------------------------------
    def apply_chance(self, outcome: int) -> None:
        """Give the next atomic outcome of the open event (checked: one of :meth:`chance_outcomes`)."""
        event = self._event
        if event is None:
            raise IllegalAction("no chance event is open", code="illegal")
        check_int(outcome, "a chance outcome", 0, event.m - 1)
        if all(o != outcome for o, _ in event.outcomes(self._prefix)):
            raise IllegalAction(f"outcome {outcome} cannot be drawn now", code="illegal")
        self._prefix.append(outcome)
        self._fill()

    def act(self, seat: int, action: Any) -> None:
        self.play(Act(seat, action))

    def act_id(self, action_id: int) -> None:
        self.play(ActId(action_id))

    def play(self, move: Move) -> None:
        """Make ``move`` (a function acting on the state); pause if it draws.

        ``move`` must be a pure function of the state (it is played again on
        a copy when it draws).  A refused move (:class:`IllegalAction`)
        changes nothing, as in the engine.
        """
        state = self.state
        if self._anchor is None:
            self._anchor = state.clone()
        base = state.rng
        state.rng = Script((), base)
        try:
            move(state)
        except ChanceNeeded as need:  # the state is spoilt: it is rebuilt from the anchor
            self._moves = (self._moves, move)
            self._state = None
            self._event = need.event
            self._done = []
            self._prefix = []
            self._fill()
            return
        except BaseException:
            state.rng = base  # refused, so unchanged: only the probe to take back
            raise
        state.rng = base
        self._moves = (self._moves, move)

    def clone(self) -> Explicit:
        """An independent copy: the pristine anchor and the moves are shared, never changed."""
        out = Explicit.__new__(Explicit)
        out._state = None if self._state is None else self._state.clone()
        out._root = self._root
        out._anchor = self._anchor
        out._moves = self._moves
        out._done = list(self._done)
        out._event = self._event
        out._prefix = list(self._prefix)
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> Explicit:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """For pickling: the moves as a flat list (the linked cells nest as deep as the game is long)."""
        out = {name: getattr(self, name) for name in self.__slots__}
        out["_moves"] = self._move_list()
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name in self.__slots__:
            setattr(self, name, data[name])
        cell: tuple[Any, ...] = ()
        for move in data["_moves"]:
            cell = (cell, move)
        self._moves = cell

    # -- inside -------------------------------------------------------------
    def _move_list(self) -> list[Move]:
        """The moves since the anchor, oldest first."""
        moves: list[Move] = []
        cell = self._moves
        while cell:
            cell, move = cell
            moves.append(move)
        moves.reverse()
        return moves

    def _fill(self) -> None:
        """Take forced outcomes (a single choice) without asking; rebuild once the event is whole."""
        event = self._event
        while event is not None:
            prefix = self._prefix
            while len(prefix) < event.size:
                choices = event.outcomes(prefix)
                if len(choices) > 1:
                    return
                prefix.append(choices[0][0])
            self._done += prefix
            self._prefix = []
            self._event = None
            self._rebuild()
            event = self._event

    def _rebuild(self) -> None:
        """Play the deal or the moves since the anchor again with the outcomes given; pause or finish."""
        moves = self._move_list()
        try:
            if self._anchor is not None:
                state = self._anchor.clone()
                script = Script(self._done, state.rng)
                state.rng = script
            elif self._root is not None:
                game, seed, start = self._root
                script = Script(self._done, Rng(seed))
                setup = None if start is None else start(script, game)
                state = game.new_game(setup, seed=seed, chance=script)
            else:
                raise RuntimeError("nothing to rebuild from")
            for move in moves:
                move(state)
        except ChanceNeeded as need:
            self._event = need.event
            self._prefix = []
            self._fill()
            return
        state.rng = script.base
        self._state = state
        self._root = None
        self._anchor = state.clone()
        self._moves = ()
        self._done = []
