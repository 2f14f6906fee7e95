"""What ``liars`` alone says: the games and how to start one, in the person's language.

Why not a demo game: ``liars`` with nothing after it is what a new player types first, and
it used to print every option of every game and then a random game as ``seat 0: 12x6``
lines, in English whatever the language.  A person wants to know how to play.
"""

from __future__ import annotations

import os

from .. import GAME_IDS
from . import i18n
from .i18n import _, game_name, game_players

# Each language says, in its own words, how to get it (not translated: a reader of one
# language is told of the others in theirs).
OTHER_LANGUAGES = {
    "nb": "På norsk: liars --lang nb",
    "nl": "In het Nederlands: liars --lang nl",
    "en": "In English: liars --lang en",
}
# The environment's setting for each language, as the welcome suggests it.
LOCALES = {"nb": "nb_NO.UTF-8", "nl": "nl_NL.UTF-8", "en": "en_GB.UTF-8"}


def text(given: str | None = None) -> str:
    """The welcome, as lines that fit 80 columns.

    ``given``: the ``--lang`` of the command line, if any.  When it is not the environment's
    language, the welcome says how to keep it: the commands it suggests would otherwise
    answer in the environment's.
    """
    commands = [f"liars play {g}" for g in GAME_IDS]
    width = max(len(c) for c in commands) + 2
    lines = [_("liars: bluffing games, in the terminal and in the browser."), ""]
    lines.append(_("Play against bots, here in the terminal:"))
    for command, game_id in zip(commands, GAME_IDS, strict=True):
        lines.append(f"  {command:{width}}{game_name(game_id)} · {game_players(game_id)}")
    lines.append("")
    url = "http://127.0.0.1:8000/"
    lines.append(_("With friends in the browser: liars serve, then open {url}").format(url=url))
    lines.append(_("Watch the bots play: {command}").format(command="liars watch liars-dice"))
    lines.append(_("The rules: type ? during a game."))
    lines.append(
        _("A game's options: {command} (every game's: {games})").format(
            command="liars play cheat --help", games="liars games"
        )
    )
    lines.append(_("Every command: {command}").format(command="liars --help"))
    if given is not None and given != i18n.choose(None, os.environ):
        lines.append(
            _("To keep this language: {flag} on each command, or {env}.").format(
                flag=f"--lang {given}", env=f"LANG={LOCALES[given]}"
            )
        )
    others = [words for code, words in OTHER_LANGUAGES.items() if code != i18n.lang()]
    lines.append(" · ".join(others))
    return "\n".join(lines) + "\n"


def show(given: str | None = None) -> int:
    print(text(given), end="")
    return 0
