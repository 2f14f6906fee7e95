"""``liars play GAME``: you at one seat, bots at the others, in nb, nl or en (see docs/terminal.md)."""

from __future__ import annotations

import argparse
from typing import Any


def run(args: argparse.Namespace) -> int:
    from ..terminal.run import run as play

    return play(args, human=True)


def add(sub: Any) -> None:
    from ..terminal import setup
    from ..terminal.i18n import _

    p = sub.add_parser("play", help=_("play a game in the terminal against bots"))
    setup.add_load(p)  # ``liars play --load FILE``: the file names the game
    setup.add_lang(p)
    setup.add_bots(p)
    setup.add_delay(p, watch=False)
    setup.add_plain(p)
    setup.add_game_parsers(p, watch=False)
    p.set_defaults(func=run)
