"""Bots: one interface for every game and level.

A bot is any object with ``act(view, legal_actions) -> action`` that answers
one of ``legal_actions`` (the action object, or its JSON dict).  It is given
the seat's **view** (never a state) and keeps its own RNG, so nothing lets it
peek and searching never changes the real game.  ``make(level, game_id,
seed)`` builds a built-in bot; the levels are ``random``, ``basic`` and
``strong``.  :func:`load` also accepts ``"my_module:MyBot"``, which is how a
user's own bot enters the arena.

Game modules in this package register their bots with :func:`register`;
every module in the package is imported on first use of :func:`make`.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import random
import sysconfig
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..core import Game, IllegalAction
from ..core import make as make_game
from . import options

LEVELS = ("random", "basic", "strong")

# A bound on one game's actions when only bots play it, per game: far beyond any real game's
# length (bots' games end in tens to a few thousand actions), low enough that a game which
# loops trips it in seconds rather than hours.  Each is a base per "unit" of the game
# (a round of Love Letter, a die of Liar's Dice) so matches to many wins are not cut short.
_BOUND_PER_UNIT = {
    "liars-dice": 100,
    "love-letter": 200,
    "cheat": 5_000,
    "liegen": 10_000,
    "liars-dice-poker": 300,
}
_DEFAULT_BOUND = 20_000


class Bot(Protocol):
    """What the arena, the CLI and the server call.

    ``view`` is the seat's view (a mapping: ``state.view(seat)``).  It is
    typed ``Any`` here so that a bot may annotate its own ``act`` with its
    game's seat view type (``view: LoveSeatView``) and its action type
    (``legal_actions: Sequence[Play]``) and still be a ``Bot`` to a type
    checker: a ``Mapping[str, Any]`` here would refuse every such bot.
    """

    def act(self, view: Any, legal_actions: Sequence[Any]) -> Any: ...


BotFactory = Callable[..., Bot]
_REGISTRY: dict[tuple[str, str], BotFactory] = {}
_loaded = False
_GAMES: dict[str, Game] = {}


class RandomBot:
    """Uniform over the legal actions: the baseline every other level must beat."""

    def __init__(self, game_id: str = "", seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return legal_actions[self.rng.randrange(len(legal_actions))]


def register(game_id: str, level: str) -> Callable[[BotFactory], BotFactory]:
    """Class decorator for a game's bot of one level."""

    def deco(factory: BotFactory) -> BotFactory:
        _REGISTRY[(game_id, level)] = factory
        return factory

    return deco


def _load() -> None:
    global _loaded
    if not _loaded:
        for mod in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            importlib.import_module(f"{__name__}.{mod.name}")
        _loaded = True


def levels(game_id: str) -> list[str]:
    """The built-in levels available for ``game_id``."""
    _load()
    return ["random", *[lvl for lvl in LEVELS[1:] if (game_id, lvl) in _REGISTRY]]


def make(level: str, game_id: str, seed: int | None = None, **kwargs: Any) -> Bot:
    """A built-in bot of ``level`` for ``game_id`` (``kwargs``: bot options, e.g. a time budget)."""
    if level == "random":
        return RandomBot(game_id, seed=seed)
    _load()
    factory = _REGISTRY.get((game_id, level))
    if factory is None:
        raise ValueError(f"no {level!r} bot for {game_id!r}; levels: {', '.join(levels(game_id))}")
    options.check(factory, f"the {level} {game_id} bot", kwargs)
    return factory(game_id=game_id, seed=seed, **kwargs)


def load(spec: str, game_id: str, seed: int | None = None, **kwargs: Any) -> Bot:
    """A built-in level (``"strong"``) or a user's class (``"my_module:MyBot"``).

    A user's class is called with ``game_id=`` and ``seed=`` if it takes them,
    else with no arguments: any class with ``act(view, legal_actions)`` will do.
    Whatever goes wrong on the way (a typo in the spec, a module that does not import, a
    constructor that raises) is a ``ValueError`` that names the spec and, for the user's own
    code, the file and line: a bot writer sees the one line to fix, not a traceback.
    """
    if ":" not in spec:
        if spec != "random" and (game_id, spec) not in _registered():
            raise ValueError(
                f"{spec!r} is neither a level of {game_id} ({', '.join(levels(game_id))}) nor a bot "
                "of your own, written module:Class (such as my_bots:MyBot)"
            )
        return make(spec, game_id, seed=seed, **kwargs)
    factory = user_class(spec)
    try:
        bot = factory(**_offered(factory, {"game_id": game_id, "seed": seed}), **kwargs)
    except Exception as exc:
        raise ValueError(f"bot {spec!r} could not be built: {failure(exc)}") from None
    if not callable(getattr(bot, "act", None)):
        raise ValueError(f"bot {spec!r} has no act(view, legal_actions) method")
    loaded: Bot = bot  # a user's class: its act was checked just above
    return loaded


def _offered(factory: Callable[..., Any], offered: dict[str, Any]) -> dict[str, Any]:
    """Of ``game_id`` and ``seed``, those the user's class takes (all, if it takes ``**kwargs``).

    Read from its signature, not by trying: a ``TypeError`` raised inside a constructor was
    once taken for "it takes no arguments", and the writer was told of missing arguments
    instead of their own failing line.
    """
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin): offer both
        return offered
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return offered
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return {k: v for k, v in offered.items() if k in params and params[k].kind in named}


def user_class(spec: str) -> Callable[..., Any]:
    """The class ``"my_module:MyBot"`` names, imported; ``ValueError`` naming the spec if none.

    ``liars bot`` calls it before it connects, when no game is known yet, so a typo is said at
    once instead of at the table's first turn.
    """
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise ValueError(f"cannot load bot {spec!r}: write it module:Class (such as my_bots:MyBot)")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a SyntaxError or a failing import in the user's module, as well
        raise ValueError(f"cannot load bot {spec!r}: {failure(exc)}") from None
    factory = getattr(module, attr, None)
    if factory is None:
        raise ValueError(f"cannot load bot {spec!r}: module {module_name!r} has no {attr!r}")
    if not callable(factory):
        raise ValueError(f"bot {spec!r} is not a class: it has no act(view, legal_actions) method")
    found: Callable[..., Any] = factory
    return found


def _registered() -> dict[tuple[str, str], BotFactory]:
    _load()
    return _REGISTRY


def failure(exc: BaseException) -> str:
    """An exception in one line: its type, its message and where it was raised (file:line).

    Why: a bot writer's mistake surfaced as a traceback through the arena's or the client's
    own frames; the line in their file is what they need.  For a ``SyntaxError`` that is the
    line the parser stopped at.
    """
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{type(exc).__name__}: {exc.msg} ({exc.filename}, line {exc.lineno})"
    # the innermost frame of the bot's own code: not liars' (the caller) nor Python's (importlib)
    skip = (
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep,
        os.path.abspath(sysconfig.get_paths()["stdlib"]) + os.sep,
    )
    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if not f.filename.startswith("<") and not os.path.abspath(f.filename).startswith(skip)
    ]
    if frames:
        last = frames[-1]
        text += f" ({last.filename}, line {last.lineno}, in {last.name})"
    return text


def action_bound(game: Game) -> int:
    """How many actions a bots-only game may take before its driver stops it as unfinished.

    The arena, ``liars watch`` and bots-only server tables all stop a game here and report it
    as unfinished instead of hanging: a bot that helps a game loop is a bug to see, not a
    process to wait for.  Scaled by what makes a game legitimately long: dice in play (one
    round each at most), the rounds a Love Letter or Liegen match can take.
    """
    per = _BOUND_PER_UNIT.get(game.id, _DEFAULT_BOUND)
    opts = game.options
    if game.id == "liars-dice":
        units = game.players * int(opts.get("dice", 5))
    elif game.id == "liars-dice-poker":  # a round per life lost; a round is at most 72 claims
        units = game.players * int(opts.get("lives", 5))
    elif game.id in ("love-letter", "liegen"):
        wins = opts.get("target_wins")
        wins = 7 if wins is None else int(wins)
        units = game.players * max(wins - 1, 0) + 1  # the most rounds a match can last
    else:
        units = 1
    return per * units


def _game_for(view: Mapping[str, Any]) -> Game:
    """A configured game matching ``view`` (cached), used only to parse actions."""
    key = repr((view["game"], view["players"], sorted(view["options"].items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make_game(view["game"], players=view["players"], seed=0, **view["options"])
    return game


def _same_move(game: Game, parsed: Any, legal: Sequence[Any]) -> Any:
    """The legal action that ``parsed`` is another spelling of, else None.

    Why: Cheat lists its plays by rank (``{"cards": ["5", "5"]}``: suits never matter to its
    rules), and a bot that played the cards of its hand (``["5H", "5S"]``) was refused as
    "not one of the legal actions: 5 5, ...".  The integer id drops what does not matter, so
    a play with the id of a listed one is that play; the listed one is returned, and the engine
    plays it with the lowest suits of those ranks in the hand.
    """
    try:
        want = game.action_id(parsed)
    except (ValueError, LookupError, NotImplementedError):  # IllegalAction is a ValueError
        return None
    for candidate in legal:
        if game.action_id(candidate) == want:
            return candidate
    return None


def checked_act(
    bot: Bot, name: str, view: Mapping[str, Any], legal: Sequence[Any], game: Game | None = None
) -> Any:
    """Ask ``bot`` for an action; return the matching legal action object.

    The bot may answer an action object or its JSON dict (compared through
    ``game.parse_action``).  Anything else, or an action that is not among
    ``legal``, is refused with :class:`IllegalAction` naming the bot, so a
    broken bot is found at once instead of corrupting a tournament.
    """
    action = bot.act(view, legal)
    for candidate in legal:
        if candidate is action:
            return candidate
    try:
        parsed = (game or _game_for(view)).parse_action(action)
    except IllegalAction as exc:
        raise IllegalAction(
            f"bot {name} answered {action!r}, which is not an action: {exc}",
            code="bot_not_an_action",
            params={"bot": name, "action": repr(action), "detail": str(exc)},
        ) from None
    for candidate in legal:
        if candidate == parsed:
            return candidate
    same = _same_move((game or _game_for(view)), parsed, legal)
    if same is not None:
        return same
    shown = ", ".join(str(a) for a in list(legal)[:8]) + (" ..." if len(legal) > 8 else "")
    raise IllegalAction(
        f"bot {name} answered {action!r}, which is not one of the legal actions: {shown}",
        code="bot_illegal_action",
        params={"bot": name, "action": repr(action)},
    )
