"""The terminal's language: one catalog for the process, chosen once at start-up.

Every string a player sees goes through :func:`_` (or the plural and
context forms), so ``pybabel extract`` finds it and the catalog test can
check that nb and nl translate it.  The language is process-wide state of
this edge only (the engine has none): a terminal speaks one language.
"""

from __future__ import annotations

import argparse
import gettext
from collections.abc import Sequence

from .. import game_class
from ..core import Option
from ..locale import LANGS, choose, translation

__all__ = [
    "LANGS",
    "_",
    "choose",
    "game_name",
    "game_summary",
    "lang",
    "ngettext",
    "npgettext",
    "option_help",
    "pgettext",
]

_current: list[tuple[str, gettext.NullTranslations]] = [("en", translation("en"))]


def use(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGS`) from now on, argparse's own words included."""
    _current[0] = (code, translation(code))
    # argparse looks its words ("usage: ", "options" ...) up through the module
    # globals ``_`` and ``ngettext`` at the time it prints; route them to our catalog.
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


# The words of argparse that a player can see (Python 3.11+), translated in our catalogs.
ARGPARSE_WORDS = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "show program's version number and exit",
    "%(prog)s: error: %(message)s\n",
    "the following arguments are required: %s",
    "unrecognized arguments: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "expected one argument",
    "argument %(argument_name)s: %(message)s",
    "ambiguous option: %(option)s could match %(matches)s",
    "not allowed with argument %s",
    "one of the arguments %s is required",
)


def lang() -> str:
    return _current[0][0]


def _t() -> gettext.NullTranslations:
    return _current[0][1]


def _(message: str) -> str:
    return _t().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _t().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _t().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _t().npgettext(context, singular, plural, n)


def decimal(x: float, places: int = 1) -> str:
    """``x`` with ``places`` decimals as this language writes it: 0.5 in English, 0,5 in nb and nl."""
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if lang() in ("nb", "nl") else text


def listing(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` as this language joins names ("og" in nb, "en" in nl).

    Why: "Ola, Kari lost a die" is no sentence in any of the three languages.
    """
    if len(items) < 2:
        return "".join(items)
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def alternatives(items: Sequence[str]) -> str:
    """``A``, ``A or B``, ``A, B or C`` as this language offers a choice ("eller" in nb, "of" in nl)."""
    if len(items) < 2:
        return "".join(items)
    return _("{names} or {last}").format(names=", ".join(items[:-1]), last=items[-1])


def game_name(game_id: str) -> str:
    """The game's name in this language: the catalog's ``game <id>``, else the metadata's."""
    key = f"game {game_id}"
    name = _(key)
    if name != key:
        return name
    names = game_class(game_id).info.names
    return names.get(lang()) or names.get("en") or game_id


def game_players(game_id: str) -> str:
    """How many play the game, in this language: «3–6 spillere», «2 spelers» (never «2–2»)."""
    info = game_class(game_id).info
    if info.min_players == info.max_players:
        return ngettext("{n} player", "{n} players", info.max_players).format(n=info.max_players)
    return ngettext("{lo}–{hi} player", "{lo}–{hi} players", info.max_players).format(
        lo=info.min_players, hi=info.max_players
    )


def option_help(game_id: str, option: Option) -> str:
    """An option's help in this language (``option <game> <name>``); English is the metadata's own."""
    key = f"option {game_id} {option.name}"
    text = _(key)
    return option.help if text == key else text


def game_summary(game_id: str) -> str:
    """The game's one-line summary (``summary <id>``); English is the metadata's own."""
    key = f"summary {game_id}"
    text = _(key)
    return game_class(game_id).info.summary if text == key else text
