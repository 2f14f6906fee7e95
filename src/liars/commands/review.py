"""``liars review FILE``: the decisions of a saved game where the strong bot would have done otherwise."""

from __future__ import annotations

import argparse
from typing import Any


def run(args: argparse.Namespace) -> int:
    import json

    from rich.console import Console

    from ..coach.review import read_save, review_of
    from ..core import GameConfigError, IllegalAction
    from ..errors import usage_error
    from ..terminal import i18n
    from ..terminal.coach_review import show
    from ..terminal.games import ui_for
    from ..terminal.i18n import _
    from ..terminal.loop import not_a_save, read_saved
    from ..terminal.setup import check_seat

    i18n.use(i18n.choose(getattr(args, "lang", None)))
    text = read_saved(args.file)
    try:
        saved = read_save(text)  # checked whole here, so a bad file is refused with its name
    except (GameConfigError, IllegalAction) as exc:
        raise not_a_save(args.file, exc) from None
    if saved.moves is None:
        said = _("{file} holds no moves: only a game saved by liars play can be reviewed.")
        raise usage_error(said.format(file=args.file))
    players = saved.final.game.players
    if args.seat is not None:
        check_seat(args.seat, players)
    if args.top is not None and args.top < 1:  # -2 showed all but the last two, 0 the heading alone
        raise usage_error(_("--top takes a whole number of 1 or more."))
    settings = None
    if args.samples is not None:
        if args.samples < 1:
            raise usage_error(_("--samples takes a whole number of 1 or more."))
        from dataclasses import replace

        from ..coach.review_play import DEFAULT_SETTINGS, SETTINGS

        plan = SETTINGS.get(saved.final.game.id, DEFAULT_SETTINGS)
        settings = replace(plan, samples=args.samples)
    result = review_of(saved, args.seat, settings=settings)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    names = list(saved.names or [_("Seat {n}").format(n=s + 1) for s in range(players)])
    me = saved.human
    if me is not None:
        names[me] = _("You")
    if me is not None and result.seat != me:
        me = None  # reviewing another seat: its name, not "you"
    show(Console(highlight=False), ui_for(result.game, names, me), result, args.top)
    return 0


def add(sub: Any) -> None:
    from ..terminal.i18n import _
    from ..terminal.setup import add_lang, seat_number, whole_number

    p = sub.add_parser("review", help=_("where the strong bot would have played a saved game otherwise"))
    p.add_argument("file", metavar=_("FILE"), help=_("a game saved with --save"))
    p.add_argument(
        "--seat",
        type=seat_number,
        metavar="K",
        help=_("whose decisions to review, counted from 1 (default: the player's seat)"),
    )
    p.add_argument("--top", type=whole_number, metavar="N", help=_("show only the first N decisions"))
    p.add_argument(
        "--samples",
        type=whole_number,
        metavar="N",
        help=_("hidden worlds played out per decision (more: steadier numbers, slower)"),
    )
    p.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    add_lang(p)
    p.set_defaults(func=run)
