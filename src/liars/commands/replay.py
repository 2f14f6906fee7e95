"""``liars replay FILE``: step through a saved game from one seat's view, then see everything."""

from __future__ import annotations

import argparse
from typing import Any


def run(args: argparse.Namespace) -> int:

    from rich.console import Console

    from ..coach.review import read_save
    from ..core import GameConfigError, IllegalAction
    from ..terminal import i18n, keyboard
    from ..terminal.games import ui_for
    from ..terminal.loop import Quit, not_a_save, read_saved, replay

    i18n.use(i18n.choose(getattr(args, "lang", None)))
    text = read_saved(args.file)
    try:
        saved = read_save(text)  # checked whole here, so a bad file is refused with its name
    except (GameConfigError, IllegalAction) as exc:
        raise not_a_save(args.file, exc) from None
    seat = args.seat
    if seat is None:
        seat = saved.human if saved.human is not None else 0
    console = Console(highlight=False)
    try:
        with keyboard.guard():  # Ctrl-C between steps, never inside one
            return replay(console, saved, ui_for, seat, args.delay)
    except KeyboardInterrupt:  # pressed at a step's prompt: end the line its «^C» is on
        console.print()
        return 130
    except Quit:
        return 130


def add(sub: Any) -> None:
    from ..terminal.i18n import _
    from ..terminal.setup import add_lang, delay_seconds, seat_number

    p = sub.add_parser("replay", help=_("step through a saved game"))
    p.add_argument("file", metavar=_("FILE"), help=_("a game saved with --save"))
    p.add_argument(
        "--seat",
        type=seat_number,
        metavar="K",
        help=_("whose view to show, counted from 1 (default: the player's seat)"),
    )
    p.add_argument(
        "--delay",
        type=delay_seconds,
        metavar=_("SECONDS"),
        help=_("seconds between steps (default: wait for Enter at each step)"),
    )
    add_lang(p)
    p.set_defaults(func=run)
