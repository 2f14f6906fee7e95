"""``liars games`` (and ``--json``): the games, their players and options, from their metadata.

The listing is for people, so it speaks their language (``--lang`` or the
environment) and says what a flag takes in words; ``--json`` is for programs
and gives the metadata as it is.
"""

from __future__ import annotations

import argparse
import json
import shutil
import textwrap
from typing import Any

from .. import GAME_IDS, game_class


def run(args: argparse.Namespace) -> int:
    from ..terminal import i18n
    from ..terminal.i18n import game_name, game_players, game_summary, option_help
    from ..terminal.setup import flag, option_text

    infos = [game_class(g).info for g in GAME_IDS]
    if getattr(args, "json", False):
        print(json.dumps([i.to_json() for i in infos], indent=2, ensure_ascii=False))
        return 0
    i18n.use(i18n.choose(getattr(args, "lang", None)))
    width = max(len(info.id) for info in infos)  # the names in one column, the longest id included
    columns = max(40, shutil.get_terminal_size().columns)
    for n, info in enumerate(infos):
        if n:
            print()  # a blank line between games: each is a block of wrapped lines
        line = f"{info.id:{width}} {game_name(info.id)} · {game_players(info.id)}: {game_summary(info.id)}"
        print(_wrap(line, columns, width + 1, width + 1))
        for opt in info.options:
            line = f"{'':{width + 2}}{flag(opt)} ({option_text(opt)}): {option_help(info.id, opt)}"
            print(_wrap(line, columns, width + 2, width + 4))
    return 0


def _wrap(line: str, columns: int, first: int, rest: int) -> str:
    """``line`` (indented ``first``) wrapped at the terminal's width, its next lines indented ``rest``.

    Why: at 80 columns the terminal cut the lines mid-word («spill|ere»), with no indent to
    tell one option from the next.  Flags and words are never broken.
    """
    return textwrap.fill(
        line[first:],
        width=columns,
        initial_indent=line[:first],
        subsequent_indent=" " * rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


def add(sub: Any) -> None:
    from ..terminal.setup import add_lang

    p = sub.add_parser("games", help="list the games and their options")
    p.add_argument("--json", action="store_true", help="the metadata as JSON")
    add_lang(p)
    p.set_defaults(func=run)
