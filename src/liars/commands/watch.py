"""``liars watch GAME --bots ...``: bots play each other, narrated, with ``--delay`` between events."""

from __future__ import annotations

import argparse
from typing import Any


def run(args: argparse.Namespace) -> int:
    from ..terminal.run import run as watch

    return watch(args, human=False)


def add(sub: Any) -> None:
    from ..terminal import setup
    from ..terminal.i18n import _

    p = sub.add_parser("watch", help=_("watch bots play a game, narrated"))
    setup.add_plain(p)
    setup.add_game_parsers(p, watch=True)
    p.set_defaults(func=run)
