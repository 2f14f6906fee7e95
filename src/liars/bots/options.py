"""The built-in bots' options, checked against each bot's own signature before the bot is built.

Why one checker for every bot: a bot's options come from people
(``liars arena --bot-option worlds=abc``, ``bots.make("strong", ...,
keep_bias=2)``), and a wrong one used to surface deep inside a decision, in
a worker process, as a ``TypeError`` traceback, or not at all (an unknown
name was swallowed, so a tuning run silently measured the defaults).  The
bot's ``__init__`` already says each option's name, type and default; this
reads that signature, so a new option is checked the day it is written.
What the signature cannot say (a count of at least 1, a share from 0 to 1)
each bot checks in its ``__init__``, with the helpers below.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from ..hints import fits

_PASSED_BY_MAKE = ("game_id", "seed")


def check(factory: Callable[..., Any], what: str, options: Mapping[str, Any]) -> None:
    """Refuse (``ValueError``) an option ``factory`` does not name, or a value not of its type.

    ``what`` names the bot in the message ("the strong love-letter bot").  A
    bot class whose ``__init__`` passes ``**kwargs`` on to its bases takes
    their options too (Liegen's strong bot takes ``accuse_rate`` that way).
    """
    named: dict[str, Any] = {}
    for init in _inits(factory):
        try:
            params = inspect.signature(init).parameters
            hints = typing.get_type_hints(init)
        except (TypeError, ValueError, NameError):  # nothing to read: the bot checks for itself
            return
        for name, param in params.items():
            if param.kind in _NAMED_KINDS and name not in _PASSED_BY_MAKE and name != "self":
                named.setdefault(name, hints.get(name))
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
            break  # it passes nothing on: its bases' options are not its own
    for name, value in options.items():
        if name not in named:
            raise ValueError(f"{what} has no option {name!r}; its options: {', '.join(named) or 'none'}")
        hint = named[name]
        if hint is not None and not fits(value, hint):
            raise ValueError(f"{what}'s option {name} must be {describe(hint)}, not {value!r}")


_NAMED_KINDS = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


def _inits(factory: Callable[..., Any]) -> list[Callable[..., Any]]:
    """The ``__init__`` of a bot class and of each base that defines one, most derived first."""
    if not isinstance(factory, type):
        return [factory]
    return [c.__dict__["__init__"] for c in factory.__mro__ if c is not object and "__init__" in c.__dict__]


def describe(hint: Any) -> str:
    """An option type in words, for the refusal."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe(h) for h in typing.get_args(hint))
    words = {
        bool: "true or false",
        int: "a whole number",
        float: "a number",
        str: "a word",
        type(None): "none",
    }
    if hint in words:
        return words[hint]
    if origin in (Mapping, dict, typing.Mapping):
        return "a table of player counts to numbers"
    return getattr(hint, "__name__", str(hint))


def at_least(name: str, value: float, low: float) -> None:
    """Refuse ``value`` below ``low`` (the signature has already checked its type)."""
    if value < low:
        raise ValueError(f"option {name} must be at least {low:g}, not {value!r}")


def between(name: str, value: float, low: float, high: float) -> None:
    """Refuse ``value`` outside ``low`` to ``high``."""
    if not low <= value <= high:
        raise ValueError(f"option {name} must be from {low:g} to {high:g}, not {value!r}")
