"""Bots: one interface for every game and level.

A bot is any object with ``act(view, legal_actions) -> action`` that answers
one of ``legal_actions``.  It is given the seat's **view** (never a state) and
keeps its own RNG, so nothing lets it peek and searching never changes the
real game.  ``make(level, game_id, seed)`` builds a built-in bot; the levels
are ``random``, ``basic`` and ``strong``.

Game modules in this package register their bots with :func:`register`;
every module in the package is imported on first use of :func:`make`.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..core import IllegalAction

LEVELS = ("random", "basic", "strong")


class Bot(Protocol):
    """What the arena, the CLI and the server call."""

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any: ...


BotFactory = Callable[..., Bot]
_REGISTRY: dict[tuple[str, str], BotFactory] = {}
_loaded = False


class RandomBot:
    """Uniform over the legal actions: the baseline every other level must beat."""

    def __init__(self, game_id: str = "", seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return self.rng.choice(list(legal_actions))


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
    return factory(game_id=game_id, seed=seed, **kwargs)


def checked_act(bot: Bot, name: str, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
    """Ask ``bot`` for an action and refuse, naming the bot, one that is not legal."""
    action = bot.act(view, legal)
    if action in legal:
        return action
    raise IllegalAction(f"bot {name} answered {action!r}, which is not one of the legal actions")
