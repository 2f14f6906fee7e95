"""The engine API shared by every game: errors, options, metadata, Game and State.

Every game is a deterministic state machine.  A :class:`Game` is a
configuration (game id, player count, seed, options); :meth:`Game.new_game`
builds a :class:`State`, which is mutated in place by :meth:`State.act`.
All randomness comes from the state's own :class:`~liars.rng.Rng`, so the same
seed and the same actions always give the same game, and ``to_json`` /
:func:`load` carry the RNG along.  Every draw goes through ``state.chance``
(a :class:`~liars.rng.Chance`: ``below``, ``dice``, ``shuffle``), which a
caller may replace to choose the outcomes itself (``new_game(chance=...)``;
:mod:`liars.chance` pauses a game at each chance event for OpenSpiel's
chance nodes, search and tests), so no caller ever edits a saved field.

Two ways to act, one source of legality:

* the object path, for people, servers and bots: ``legal_actions(seat)`` gives
  action value objects, ``act(seat, action)`` takes an action or its JSON dict;
* the integer path, for search and RL: ``legal_ids()`` and ``act_id(i)`` for
  the single seat to act, with ``game.action_id`` / ``game.action_from_id``
  translating.  Games with a fixed action space give ``game.num_actions``.

Hidden information leaves the engine only through :meth:`State.view`.
"""

from __future__ import annotations

import json
import random
import secrets
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, Self, TypedDict, cast

from .rng import Chance, Rng

JSON = dict[str, Any]

if TYPE_CHECKING:
    from typing_extensions import ReadOnly as ReadOnly
elif hasattr(typing, "ReadOnly"):  # Python 3.13 and later
    ReadOnly = typing.ReadOnly
else:

    class _ReadOnly:
        """``ReadOnly[X]`` is ``X`` at run time before Python 3.13 (no dependency for it).

        Only type checkers read the qualifier; this keeps the view types'
        annotations evaluable (``typing.get_type_hints``) without
        ``typing_extensions``, as they were before the keys were marked.
        """

        def __getitem__(self, item: Any) -> Any:
            return item

    ReadOnly = _ReadOnly()


class View(TypedDict):
    """The keys of every view (``docs/protocol.md``, "Keys in every view"); each game adds its own.

    Each game has two view types: ``<Game>View``, a view of anyone (a seat or
    a spectator), a subclass of this one, and ``<Game>SeatView``, a seat's
    own, a subclass of that in which what only a seat has is never ``None``
    (its ``seat``, its hand or dice).  A game's state is a
    ``State[<Game>SeatView, <Game>View]``, so ``state.view(0)["hand"]`` is a
    ``list[str]`` and ``state.view(None)["hand"]`` may be ``None``, with no
    narrowing by the caller; code that holds a plain ``State`` gets an
    untyped view (``Any``), as a ``dict[str, Any]`` was before.  The keys a
    seat's view narrows are ``ReadOnly`` (PEP 705): a view is a report to
    read, and only read-only keys may be narrowed in a subclass.
    """

    game: str
    seat: ReadOnly[int | None]
    players: int
    options: dict[str, Any]
    to_act: list[int]
    over: bool
    winners: list[int]
    history: list[Any]
    history_len: int
    history_epoch: int


if TYPE_CHECKING:
    from typing_extensions import TypeVar

    #: A seat's view type: a :class:`View` subclass (plain ``State``: not known here).
    V = TypeVar("V", bound=Mapping[str, Any], default=Any, covariant=True)
    #: Anyone's view type (a spectator's too): the seat's view type unless the game says.
    W = TypeVar("W", bound=Mapping[str, Any], default=V, covariant=True)
    #: A game's state type (``Game[S]``: ``new_game`` returns an ``S``; plain ``Game``: a ``State``).
    S = TypeVar("S", bound="State", default="State", covariant=True)
    from .games.cheat import CheatGame
    from .games.liars_dice import DiceGame
    from .games.liars_dice_poker import PokerGame
    from .games.liegen import LiegenGame
    from .games.love_letter import LoveGame
else:  # typing.TypeVar takes no default before Python 3.13; only type checkers read it
    V = typing.TypeVar("V")
    W = typing.TypeVar("W")
    S = typing.TypeVar("S")

FORMAT = "liars/1"


class Refusal(ValueError):
    """A refusal with a stable ``code`` and its ``params``, so every edge can explain it.

    ``str(exc)`` stays the English message (logs, tracebacks, old callers);
    ``code`` (snake_case, listed with an English template in
    :mod:`liars.errors`) and ``params`` (JSON-able values) let a server send
    the reason as data and a web page or terminal say it in the player's own
    language, instead of parsing English text.
    """

    default_code: ClassVar[str] = "refused"

    def __init__(
        self, message: str, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.params: JSON = dict(params or {})

    def to_json(self) -> JSON:
        """The wire form of the refusal: ``{"code", "params", "message"}``."""
        return {"code": self.code, "params": self.params, "message": str(self)}

    def __reduce__(self) -> tuple[Any, ...]:
        # pickling (a refusal raised in a worker process) would otherwise rebuild it from
        # ``args`` alone, and the code would fall back to the class default
        return (type(self), (str(self), self.code, self.params))


class GameConfigError(Refusal):
    """An unknown game, an unknown or ill-typed option, players out of range, a bad setup."""

    default_code = "bad_config"


class IllegalAction(Refusal):
    """An action that is malformed, out of turn or against the rules.  Nothing changed."""

    default_code = "illegal"


SHOWN_IDS = 24  # legal ids a refusal's message lists before it gives their count instead


def illegal_id(action_id: Any, legal: Sequence[int], what: str = "action id") -> IllegalAction:
    """The refusal of an action id that is not legal now: the one wording every game gives.

    Its message shows the legal ids when they are few, else the first of them and how many
    there are: Liegen's opening has 676 at four players, and the whole list made a 3,900-letter
    message of every mistyped id (the ids themselves are ``legal_ids()``).
    """
    ids = list(legal)
    shown = ", ".join(str(i) for i in ids[:SHOWN_IDS])
    listing = f"[{shown}]" if len(ids) <= SHOWN_IDS else f"[{shown}, …] ({len(ids)} in all: legal_ids())"
    return IllegalAction(
        f"{what} {action_id!r} is not legal now; legal: {listing}",
        code="action_id_illegal",
        params={"id": action_id},
    )


class Action(Protocol):
    """Actions are small immutable values whose JSON form round-trips."""

    def to_json(self) -> JSON: ...


@dataclass(frozen=True, slots=True)
class BareAction:
    """An action that is nothing but its type ("liar", "pass" ...): subclasses set ``TYPE``.

    Its JSON form is ``{"type": TYPE}`` and its text form is ``TYPE``; two are
    equal when they are of the same class.
    """

    TYPE: ClassVar[str] = ""

    def to_json(self) -> JSON:
        return {"type": self.TYPE}

    def __str__(self) -> str:
        return self.TYPE


@dataclass(frozen=True)
class Option:
    """One game option: its name, type, default and what values are allowed.

    ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``.  An int option may be
    ``nullable`` (``None`` meaning "off", or, where ``by_players`` is given, the
    value for that many players: ``((2, 7), (3, 5), (4, 4))``).  Why the table
    as data: a lobby and a table's page say "5" for a Love Letter match at three
    players, not "(none)", from the game's own numbers.  Values are checked
    strictly: ``True`` is not an int and ``1`` is not a bool, because a server
    must not guess. ``seat`` marks an int that names a seat: the engine counts it
    from 0, and the terminal and the web show and read it from 1, as people
    count seats (Liegen's first dealer).
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    nullable: bool = False
    by_players: tuple[tuple[int, Any], ...] = ()
    seat: bool = False

    def check(self, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        if self.kind == "bool":
            if type(value) is not bool:
                raise GameConfigError(
                    f"option {self.name!r} takes true or false, not {value!r}",
                    code="option_bool",
                    params={"option": self.name, "value": repr(value)},
                )
        elif self.kind == "int":
            if type(value) is not int:
                raise GameConfigError(
                    f"option {self.name!r} takes a whole number, not {value!r}",
                    code="option_int",
                    params={"option": self.name, "value": repr(value)},
                )
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise GameConfigError(
                    f"option {self.name!r} must be between {self.min} and {self.max}, not {value}",
                    code="option_range",
                    params={"option": self.name, "min": self.min, "max": self.max, "value": value},
                )
        elif self.kind == "choice" and value not in self.choices:
            raise GameConfigError(
                f"option {self.name!r} takes one of {', '.join(self.choices)}, not {value!r}",
                code="option_choice",
                params={"option": self.name, "choices": list(self.choices), "value": repr(value)},
            )
        return value

    def to_json(self) -> JSON:
        out: JSON = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.nullable:
            out["nullable"] = True
        if self.by_players:  # JSON keys are strings: {"2": 7, "3": 5, "4": 4}
            out["by_players"] = {str(n): v for n, v in self.by_players}
        if self.seat:
            out["seat"] = True
        return out


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata, as data: what the CLI, the server and adapters read.

    ``utility`` is the range of :meth:`State.returns` per seat.  ``ranks`` says
    whether the game orders the losers (then :attr:`State.places` is
    meaningful).  Chance is the state's seeded RNG unless a caller supplies
    the outcomes (``new_game(chance=...)``, :mod:`liars.chance`).
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    utility: tuple[float, float] = (0.0, 1.0)
    ranks: bool = False
    summary: str = ""
    option_map: Mapping[str, Option] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_map", {o.name: o for o in self.options})

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "names": dict(self.names),
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "options": [o.to_json() for o in self.options],
            "utility": list(self.utility),
            "ranks": self.ranks,
            "summary": self.summary,
        }


def check_int(value: Any, name: str, lo: int, hi: int, err: type[ValueError] = IllegalAction) -> int:
    """A strict int in ``[lo, hi]`` (``True`` and ``3.0`` are refused): shared input validation."""
    if type(value) is not int:
        msg = f"{name} must be a whole number, not {value!r}"
        if issubclass(err, Refusal):
            raise err(msg, code="not_whole_number", params={"name": name, "value": repr(value)})
        raise err(msg)
    if not lo <= value <= hi:
        msg = f"{name} must be between {lo} and {hi}, not {value}"
        if issubclass(err, Refusal):
            raise err(msg, code="out_of_range", params={"name": name, "lo": lo, "hi": hi, "value": value})
        raise err(msg)
    return value


def check_keys(obj: Mapping[str, Any], required: Sequence[str], optional: Sequence[str] = ()) -> None:
    """Refuse a JSON object with missing or unknown keys, naming them."""
    missing = [k for k in required if k not in obj]
    if missing:
        raise IllegalAction(
            f"missing key(s) {', '.join(missing)} in {dict(obj)!r}",
            code="missing_keys",
            params={"keys": missing},
        )
    extra = [k for k in obj if k not in required and k not in optional]
    if extra:
        raise IllegalAction(
            f"unknown key(s) {', '.join(map(str, extra))} in {dict(obj)!r}",
            code="unknown_keys",
            params={"keys": [str(k) for k in extra]},
        )


def setup_error(detail: str) -> GameConfigError:
    """A refused ``setup`` (a chosen position): one code, the English detail as its parameter.

    Setups are written by programmers and tests, not by players at a table,
    so their many reasons share one code rather than each needing translations.
    """
    return GameConfigError(f"setup: {detail}", code="bad_setup", params={"detail": detail})


def view_error(message: str) -> GameConfigError:
    """A view that ``sample_state`` cannot sample from (a bot's or programmer's mistake)."""
    return GameConfigError(message, code="bad_view", params={"detail": message})


def full_history(view: Mapping[str, Any]) -> list[Any]:
    """``view["history"]``, refused if the view holds only its tail (it was asked with ``since``).

    Rebuilding a game from a view (``sample_state``) needs every entry; a
    tail would silently give a different game.
    """
    history: list[Any] = view["history"]
    if view.get("history_len", len(history)) != len(history):
        raise view_error(
            f"a full view is needed (since=0): this one holds {len(history)} "
            f"of {view['history_len']} history entries"
        )
    return history


class Game(Generic[S]):
    """A configured game: id, players, seed and options.  Build states from it.

    Generic in its state type so that a typed caller gets the game's own
    state from :meth:`new_game` (``liars.make("cheat").new_game()`` is a
    ``CheatState``) without a cast.  Subclasses (``class CheatGame(Game[CheatState])``)
    set ``info`` and ``state_class`` and implement
    :meth:`parse_action`; those with a fixed integer action space override
    :meth:`action_id`, :meth:`action_from_id` and ``num_actions``.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]

    def __init__(self, players: int | None = None, seed: int | None = None, **options: Any) -> None:
        info = self.info
        if players is None:
            players = info.default_players
        self.players = check_int(players, "players", info.min_players, info.max_players, GameConfigError)
        if seed is None:
            seed = secrets.randbits(63)
        if type(seed) is not int:
            raise GameConfigError(
                f"seed must be a whole number, not {seed!r}", code="bad_seed", params={"value": repr(seed)}
            )
        self.seed = seed
        unknown = sorted(set(options) - set(info.option_map))
        if unknown:
            allowed = ", ".join(o.name for o in info.options) or "none"
            raise GameConfigError(
                f"unknown option(s) {', '.join(unknown)} for {info.id}; allowed: {allowed}",
                code="option_unknown",
                params={"options": unknown, "game": info.id, "allowed": [o.name for o in info.options]},
            )
        self.options: dict[str, Any] = {
            o.name: o.check(options[o.name]) if o.name in options else o.default for o in info.options
        }
        self._configure()

    def _configure(self) -> None:
        """Hook: check option combinations and precompute tables."""

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def num_actions(self) -> int | None:
        """Size of the integer action space, or ``None`` when the game has none fixed."""
        return None

    def new_game(
        self, setup: Mapping[str, Any] | None = None, seed: int | None = None, *, chance: Chance | None = None
    ) -> S:
        """A new game from the seed (or ``seed``), or from a chosen position ``setup``.

        ``chance``: where the game's draws come from instead of ``Rng(seed)``
        (the deal's and every later one: it becomes ``state.chance``), e.g. a
        :class:`liars.chance.Script` of outcomes the caller chose.
        """
        if seed is None:
            seed = self.seed
        elif type(seed) is not int:
            raise GameConfigError(
                f"seed must be a whole number, not {seed!r}", code="bad_seed", params={"value": repr(seed)}
            )
        rng: Chance = Rng(seed) if chance is None else chance
        if setup is None:
            return cast(S, self.state_class.deal(self, rng))
        if not isinstance(setup, Mapping):
            raise GameConfigError(
                f"setup must be an object, not {setup!r}",
                code="bad_setup",
                params={"detail": "setup must be an object"},
            )
        return cast(S, self.state_class.from_setup(self, rng, setup))

    def parse_action(self, action: Any) -> Any:
        """An action object from itself or its JSON dict; :class:`IllegalAction` if malformed."""
        raise NotImplementedError

    def action_id(self, action: Any) -> int:
        raise IllegalAction(
            f"{self.id} has no integer action space", code="no_action_ids", params={"game": self.id}
        )

    def action_from_id(self, action_id: int) -> Any:
        raise IllegalAction(
            f"{self.id} has no integer action space", code="no_action_ids", params={"game": self.id}
        )

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> S:
        """A full state consistent with ``view``, drawn using only what that view shows.

        Search bots use it (determinization): everything the viewer cannot
        see (other hands, the pile, the set-aside card, RNG) is resampled
        from ``rng``, never read from the real game.  The sampled state's
        ``view(view["seat"])`` equals ``view``.
        """
        raise NotImplementedError(f"{self.id} cannot sample states yet")

    def describe(self) -> JSON:
        """The metadata of this configuration: the game's info plus its action-space size."""
        return {**self.info.to_json(), "config": self.config(), "num_actions": self.num_actions}

    def config(self) -> JSON:
        return {"game": self.id, "players": self.players, "seed": self.seed, "options": dict(self.options)}

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"liars.make({self.id!r}, players={self.players}, seed={self.seed}{opts})"


class State(Generic[V, W]):
    """One game in progress.  Mutated by :meth:`act`; copied by :meth:`clone`.

    Subclasses keep ``to_act`` (tuple of seats), ``over`` and ``winners`` as
    plain attributes (fast to read), name their saved fields in ``_FIELDS``
    (JSON-able values: ints, strings, lists, dicts with str keys, None) and
    implement ``deal``, ``from_setup``, ``legal_actions``, ``_check``,
    ``_apply`` and ``_view``.  They draw only through ``rng`` (the
    :class:`~liars.rng.Chance` given to ``deal``, then ``self.rng``).
    """

    _FIELDS: ClassVar[tuple[str, ...]] = ()
    __slots__ = ("game", "rng", "to_act", "over", "winners")

    game: Game
    rng: Chance
    to_act: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]

    @classmethod
    def deal(cls, game: Game, rng: Chance) -> Self:
        raise NotImplementedError

    @classmethod
    def from_setup(cls, game: Game, rng: Chance, setup: Mapping[str, Any]) -> Self:
        raise NotImplementedError

    @property
    def chance(self) -> Chance:
        """The source of every draw this game makes from now on (``self.rng``).

        The seeded :class:`~liars.rng.Rng` unless replaced: set it to a
        :class:`~liars.chance.Script` (or any :class:`~liars.rng.Chance`) to
        choose the outcomes of the next draws.  The slot is ``rng`` so that
        the games' draws cost no more than before.
        """
        return self.rng

    @chance.setter
    def chance(self, source: Chance) -> None:
        self.rng = source

    # -- acting -----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        """Every action ``seat`` may take now (empty when it is not theirs to act)."""
        raise NotImplementedError

    def _check(self, seat: int, action: Any) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` is illegal for ``seat``."""
        raise NotImplementedError

    def _apply(self, seat: int, action: Any) -> None:
        """Carry out a checked action.  Must not fail."""
        raise NotImplementedError

    def act(self, seat: int, action: Any) -> None:
        """Take ``action`` (an action object or its JSON dict) for ``seat``.

        Raises :class:`IllegalAction` for a malformed, out-of-turn or illegal
        action; the state is then unchanged.
        """
        if self.over:
            raise IllegalAction("the game is over", code="game_over")
        if seat not in self.to_act:
            raise IllegalAction(
                f"seat {seat!r} may not act now; to act: {', '.join(map(str, self.to_act))}",
                code="not_your_turn",
                params={"seat": seat if type(seat) is int else repr(seat), "to_act": list(self.to_act)},
            )
        parsed = self.game.parse_action(action)
        self._check(seat, parsed)
        self._apply(seat, parsed)

    def legal_ids(self) -> Sequence[int]:
        """Integer ids of the legal actions of the seat to act (the fast path)."""
        if not self.to_act:
            return ()
        return [self.game.action_id(a) for a in self.legal_actions(self.to_act[0])]

    def legal_mask(self) -> bytearray:
        """:meth:`legal_ids` as a mask: byte ``i`` is 1 exactly when id ``i`` is legal, else 0.

        ``game.num_actions`` bytes (all 0 once over).  For RL adapters,
        whose masks are arrays over the whole space: numpy reads it without
        a copy (``np.frombuffer``), where turning a list of hundreds of ids
        into an index array costs more than the rest of a step.  Games whose
        legal ids run to hundreds (Liegen) build it from blocks instead of
        listing every id; it is always equal to :meth:`legal_ids`.
        """
        size = self.game.num_actions
        if size is None:
            raise GameConfigError(
                f"{self.game.id} has no integer action space",
                code="rl_unsupported",
                params={"detail": f"{self.game.id} has no integer action space"},
            )
        mask = bytearray(size)
        for i in self.legal_ids():
            mask[i] = 1
        return mask

    def act_id(self, action_id: int) -> None:
        """Take the action with this integer id for the seat to act (checked)."""
        if not self.to_act:
            raise IllegalAction("the game is over", code="game_over")
        self.act(self.to_act[0], self.game.action_from_id(action_id))

    @property
    def window(self) -> tuple[int, ...]:
        """Seats still to be asked in an open challenge window, in play order; () if none.

        The engine asks them one at a time (``to_act`` is the first); a
        real-time server may ask them all at once and, when a later seat
        calls first, pass for the ones before it (the rules files' "decision
        points").  Games without challenge windows keep the default.
        """
        return ()

    # -- live challenge windows: what a real-time server asks the engine ------
    # A server asks every seat of ``window`` at once and must know, without
    # knowing the game, what "letting the play stand" is and which of several
    # answers counts.  These two hooks say it; a game with windows overrides
    # them only when its rules (or options) arbitrate otherwise.
    def window_pass(self) -> Any:
        """The answer that lets the play stand: what a window seat gives by not answering in time.

        Every game of ours with windows calls it ``{"type": "pass"}``; a game
        whose "no" is spelled otherwise overrides this.
        """
        return self.game.parse_action({"type": "pass"})

    def arbitrate_window(self, answers: Sequence[tuple[int, Any]]) -> int | None:
        """Which of the window's answers so far decides it: an index into ``answers``, or None.

        ``answers``: (seat, action) in the order they arrived, one per seat of
        ``window`` at most, each legal at that seat's decision point (the
        seats before it passing).  The chosen answer is taken with every seat
        asked before it passing; the answers of the seats after it are moot.
        None: nothing is decided yet, and the server takes the passes at the
        head of the window in order and waits for more (or for the time to run
        out, when the silent seats pass).  Default: the first answer received
        that is not :meth:`window_pass` counts (first come, first served).
        """
        stand = self.window_pass().to_json()
        for i, (_, action) in enumerate(answers):
            if self.game.parse_action(action).to_json() != stand:
                return i
        return None

    # -- results ----------------------------------------------------------
    def returns(self) -> tuple[float, ...]:
        """Per seat: winners share 1 equally, everybody else 0 (0s while not over)."""
        n = self.game.players
        if not self.over or not self.winners:
            return (0.0,) * n
        share = 1.0 / len(self.winners)
        return tuple(share if s in self.winners else 0.0 for s in range(n))

    @property
    def places(self) -> tuple[int, ...] | None:
        """Place per seat (1 = winner) once over; games that rank losers override."""
        if not self.over:
            return None
        return tuple(1 if s in self.winners else 2 for s in range(self.game.players))

    # -- views ------------------------------------------------------------
    def _view(self, seat: int | None, since: int) -> JSON:
        """The game's own keys of ``seat``'s view, with ``history`` only from index ``since`` on.

        Must also give ``history_len`` (the whole history's length), and
        should cost nothing per entry before ``since``: that is the point.
        """
        raise NotImplementedError

    def _full_view(self, seat: int | None, *, since: int = 0) -> JSON:
        """All that ``seat`` may know and nothing more; ``None`` for a spectator.

        ``since`` keeps only ``history[since:]`` (empty when ``since`` is at or
        past the end); every other key is the same as in the full view, and
        ``history_len`` is always the full history's length.  A client that
        already holds the first ``k`` entries asks for ``since=k`` and pays
        only for the new ones.  The history is the game's own record (in
        Liegen, of the current round only), so it may start again: the view's
        ``history_epoch`` then changes, and a client holding entries of the
        old epoch starts again from the whole history.
        """
        game = self.game
        if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
            # the documented refusal (a ValueError with a code), not a bare ValueError
            check_int(seat, "seat", 0, game.players - 1, GameConfigError)
        if type(since) is not int:
            raise GameConfigError(
                f"since must be a whole number, not {since!r}",
                code="not_whole_number",
                params={"name": "since", "value": repr(since)},
            )
        if since < 0:
            raise GameConfigError(
                f"since must be 0 or more, not {since}",
                code="bad_view",
                params={"detail": f"since must be 0 or more, not {since}"},
            )
        out: JSON = {
            "game": game.id,
            "seat": seat,
            "players": game.players,
            "options": game.options.copy(),
            "to_act": list(self.to_act),
            "over": self.over,
            "winners": list(self.winners),
            "history_epoch": self.history_epoch,
        }
        out.update(self._view(seat, since))
        return out

    if TYPE_CHECKING:

        @typing.overload
        def view(self, seat: int, *, since: int = 0) -> V: ...
        @typing.overload
        def view(self, seat: None, *, since: int = 0) -> W: ...
        @typing.overload
        def view(self, seat: int | None, *, since: int = 0) -> V | W: ...
        def view(self, seat: int | None, *, since: int = 0) -> V | W:
            """The view, typed as the game's own: a seat's view type for a seat, else anyone's."""
            return cast("V | W", self._full_view(seat, since=since))

    else:
        view = _full_view  # the same function: the typed signature costs no call at run time

    @property
    def history_epoch(self) -> int:
        """Which history the view's ``history`` is: it changes exactly when the history starts again.

        Most games' histories only grow (0 for ever).  A game that keeps only
        the current round's record (Liegen) overrides it, so that a client
        holding a tail can tell "more of the same history" from "a new one"
        without guessing from lengths (a new history may already be longer).
        """
        return 0

    # -- saving -----------------------------------------------------------
    def _dump(self) -> JSON:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _restore(self, data: Mapping[str, Any]) -> None:
        """Set the saved fields back (JSON gives lists where tuples were: games index, not compare)."""
        for name in self._FIELDS:
            setattr(self, name, data[name])

    @classmethod
    def _check_saved(cls, game: Game, data: Mapping[str, Any]) -> None:
        """Refuse saved fields of the wrong shape, type, range or size, before any is used.

        Called by :func:`load` only, never on the hot paths (``clone`` and
        ``_restore`` trust what they copy).  It runs before :meth:`_restore`
        so that nothing is built from a crafted value (a die count of a
        million would make the legal-action table quadratic in it).  Games
        extend it; this checks that the fields are exactly ``_FIELDS``.
        """
        saved_keys(data, cls._FIELDS, "the state")

    def _check_consistent(self) -> None:
        """Refuse a restored state that the rules cannot reach (called by :func:`load` only).

        The fields have their shapes (see :meth:`_check_saved`); this checks
        them against each other and against the history, so that a loaded
        game is one that play (or a ``setup``) could have made.  Raise
        :func:`save_error`.
        """

    def to_json(self) -> str:
        """The whole game, RNG included, as JSON text; :func:`liars.load` continues it."""
        return json.dumps(
            {
                "format": FORMAT,
                **self.game.config(),
                "rng": self.rng.to_json(),
                "to_act": list(self.to_act),
                "over": self.over,
                "winners": list(self.winners),
                "state": self._dump(),
            },
            separators=(",", ":"),
            sort_keys=True,
        )

    @classmethod
    def _blank(cls, game: Game, rng: Chance) -> Self:
        obj = cls.__new__(cls)
        obj.game = game
        obj.rng = rng
        obj.to_act = ()
        obj.over = False
        obj.winners = ()
        return obj

    def clone(self) -> Self:
        """An independent copy (RNG included) for search: acting on it never touches this one."""
        other = self._blank(self.game, self.rng.copy())
        other.to_act = self.to_act
        other.over = self.over
        other.winners = self.winners
        other._restore(json.loads(json.dumps(self._dump())))
        return other

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} to_act={self.to_act} over={self.over}>"


_REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game known to :func:`make` and :func:`load`."""
    _REGISTRY[cls.info.id] = cls
    return cls


def game_ids() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def game_class(game_id: str) -> type[Game]:
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        raise GameConfigError(
            f"unknown game {game_id!r}; games: {', '.join(_REGISTRY)}",
            code="game_unknown",
            params={"game": str(game_id), "games": list(_REGISTRY)},
        ) from None


@typing.overload
def make(
    game_id: Literal["cheat"], players: int | None = None, seed: int | None = None, **options: Any
) -> CheatGame: ...
@typing.overload
def make(
    game_id: Literal["liars-dice"], players: int | None = None, seed: int | None = None, **options: Any
) -> DiceGame: ...
@typing.overload
def make(
    game_id: Literal["liars-dice-poker"], players: int | None = None, seed: int | None = None, **options: Any
) -> PokerGame: ...
@typing.overload
def make(
    game_id: Literal["liegen"], players: int | None = None, seed: int | None = None, **options: Any
) -> LiegenGame: ...
@typing.overload
def make(
    game_id: Literal["love-letter"], players: int | None = None, seed: int | None = None, **options: Any
) -> LoveGame: ...
@typing.overload
def make(game_id: str, players: int | None = None, seed: int | None = None, **options: Any) -> Game: ...
def make(game_id: str, players: int | None = None, seed: int | None = None, **options: Any) -> Game:
    """A configured game; see each game's ``info`` for its players and options.

    Typed per game id (the overloads): ``make("liegen")`` is a ``LiegenGame``,
    so its ``new_game()`` is a ``LiegenState``; an id known only at run time
    gives a plain :class:`Game`.
    """
    return game_class(game_id)(players=players, seed=seed, **options)


_SAVE_KEYS = ("format", "game", "players", "seed", "options", "rng", "to_act", "over", "winners", "state")
# What a broken save can make the reading code raise: each becomes a refusal, never escapes.
_BROKEN = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, OverflowError)


def load(text: str) -> State:
    """A state from :meth:`State.to_json` text, ready to continue exactly where it was.

    A save is untrusted input (a file, a database row, a message), so it is
    checked before anything is built from it: the envelope here, the game's
    fields by its :meth:`State._check_saved` (shapes, types, ranges and sizes,
    so a crafted number cannot make the engine allocate without bound), then
    the restored state against the rules by :meth:`State._check_consistent`
    (cards conserved, dice on their faces, seats, turns and the history
    agreeing).  Anything else is refused with :class:`GameConfigError`:
    ``bad_save``, or for a bad configuration (unknown game, players out of
    range, a bad option) the code :func:`make` gives; nothing else ever
    leaves ``load``.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise save_error(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise save_error(f"format must be {FORMAT!r}")
    try:
        return _load(data)
    except GameConfigError:
        raise  # bad_save, or the configuration's own refusal (players out of range ...), as make gives it
    except _BROKEN as exc:  # a shape the checks let through: refused all the same
        raise save_error(f"unreadable: {exc!r}") from None


def _load(data: Mapping[str, Any]) -> State:
    # The configuration first, so that a bad one is refused as make() refuses it.
    saved_keys({k: data[k] for k in _SAVE_KEYS[:5] if k in data}, _SAVE_KEYS[:5], "the save")
    if not isinstance(data["game"], str):
        raise save_error("game must be a game id")
    if not isinstance(data["options"], dict):
        raise save_error("options must be an object")
    # make() fills these in when null (a random seed, the default players); a save names them.
    # An option left out takes its default, as in make(): a save from before the option existed.
    if type(data["players"]) is not int or type(data["seed"]) is not int:
        raise save_error("players and seed must be whole numbers")
    game = make(data["game"], players=data["players"], seed=data["seed"], **data["options"])
    saved_keys(data, _SAVE_KEYS, "the save")
    n = game.players
    rng = saved_list(data["rng"], "rng", length=2)
    seed, count = rng
    if type(seed) is not int:  # any whole number seeds a game (make takes any), so no range
        raise save_error("the rng's seed must be a whole number")
    saved_int(count, "the rng's counter", 0, 2**64)
    over = saved_bool(data["over"], "over")
    to_act = tuple(saved_seats(data["to_act"], "to_act", n))
    winners = tuple(saved_seats(data["winners"], "winners", n))
    if over and (to_act or not winners):
        raise save_error("a finished game has winners and nobody to act")
    if not over and (winners or not to_act):
        raise save_error("a game in play has somebody to act and no winners")
    cls = game.state_class
    fields = data["state"]
    if not isinstance(fields, dict):
        raise save_error("state must be an object")
    cls._check_saved(game, fields)
    state = cls._blank(game, Rng(seed, count))
    state.to_act = to_act
    state.over = over
    state.winners = winners
    state._restore(fields)
    state._check_consistent()
    # A last net under the checks: what every caller does first must work (the view without
    # its history, which the checks above decoded entry by entry: a whole one costs as much again).
    state.view(None, since=2**62)
    for seat in to_act:
        state.legal_actions(seat)
    return state


def save_error(detail: str) -> GameConfigError:
    """A refused saved game: one code (``bad_save``), the English reason as its ``detail``.

    Saves are read by programs (the terminal's load, the server, adapters),
    and their many possible faults are a programmer's concern, so they share
    one code instead of each needing translations.
    """
    return GameConfigError(f"not a valid saved game: {detail}", code="bad_save", params={"detail": detail})


def saved_keys(obj: Any, keys: Sequence[str], what: str) -> None:
    """``obj`` is a JSON object with exactly ``keys``: none missing, none unknown."""
    if not isinstance(obj, dict):
        raise save_error(f"{what} must be an object")
    missing = [k for k in keys if k not in obj]
    if missing:
        raise save_error(f"{what} lacks {', '.join(missing)}")
    extra = sorted(str(k) for k in obj if k not in keys)
    if extra:
        raise save_error(f"{what} has unknown key(s) {', '.join(extra)}")


def saved_int(value: Any, what: str, lo: int, hi: int) -> int:
    """A strict int in ``[lo, hi]`` (``true`` and ``1.0`` are not ints) in a save."""
    if type(value) is not int:
        raise save_error(f"{what} must be a whole number, not {value!r:.40}")
    if not lo <= value <= hi:
        raise save_error(f"{what} must be between {lo} and {hi}, not {value}")
    return value


def saved_bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise save_error(f"{what} must be true or false, not {value!r:.40}")
    return value


def saved_str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise save_error(f"{what} must be a string, not {value!r:.40}")
    return value


def saved_list(value: Any, what: str, length: int | None = None, most: int | None = None) -> list[Any]:
    """A list in a save, of exactly ``length`` or at most ``most`` items when given."""
    if not isinstance(value, list):
        raise save_error(f"{what} must be a list, not {value!r:.40}")
    if length is not None and len(value) != length:
        raise save_error(f"{what} must hold {length} items, not {len(value)}")
    if most is not None and len(value) > most:
        raise save_error(f"{what} must hold at most {most} items, not {len(value)}")
    return value


def saved_seats(value: Any, what: str, players: int) -> list[int]:
    """A list of distinct seats in ascending order (to_act, winners)."""
    seats = [saved_int(s, f"a seat in {what}", 0, players - 1) for s in saved_list(value, what, most=players)]
    if seats != sorted(set(seats)):
        raise save_error(f"{what} must list distinct seats in order")
    return seats
