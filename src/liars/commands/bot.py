"""``liars bot --server URL --table ID --token T --level strong``: play a seat from another process.

When the connection drops (the server restarts, a cluster moves the table), the bot takes its
seat up again with the same token, waiting a little longer after each failed try, and says so on
stderr in the user's language (``--lang``, else the environment's); after ``--tries`` failures in
a row it gives up with a line that says the seat is still the user's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

RECONNECT_TRIES = 8  # liars.server.client.RECONNECT_TRIES (not imported: the CLI starts without websockets)


def run(args: argparse.Namespace) -> int:
    from ..server.client import BotError, GaveUp, ProtocolError, Retry, check_level, play_seat, ws_url
    from ..terminal import i18n
    from ..terminal.i18n import _, ngettext

    if getattr(args, "lang", None):
        i18n.use(args.lang)
    if os.getcwd() not in sys.path:  # so `--level my_bots:MyBot` finds the user's module, as the arena does
        sys.path.insert(0, os.getcwd())
    try:  # before connecting: a typo must not take the seat and then die on its first turn
        ws_url(args.server, args.table)
        check_level(args.level)
    except ValueError as exc:  # a command-line mistake: exit 2, as argparse's own
        print(f"liars bot: {exc}", file=sys.stderr)
        return 2

    def retrying(r: Retry) -> None:
        if r.reached:
            line = _("liars bot: connection lost ({reason}); trying again in {s} s (try {n} of {tries})")
        else:  # nothing was lost: the table has not been reached in this run
            line = _(
                "liars bot: cannot reach the table ({reason}); trying again in {s} s (try {n} of {tries})"
            )
        print(
            line.format(reason=r.reason, s=i18n.decimal(r.wait), n=r.attempt, tries=r.tries), file=sys.stderr
        )

    def resumed(seat: int) -> None:
        print(_("liars bot: back at the table, in seat {n}").format(n=seat + 1), file=sys.stderr)

    try:
        view = asyncio.run(
            play_seat(
                args.server,
                args.table,
                args.token,
                args.level,
                args.seed,
                tries=args.tries,
                on_retry=retrying,
                on_resumed=resumed,
            )
        )
    except GaveUp as exc:
        if exc.reached:
            line = ngettext(
                "liars bot: could not get back to the table after {tries} try ({reason}). "
                "The seat is still yours: run the same command again to take it up.",
                "liars bot: could not get back to the table after {tries} tries ({reason}). "
                "The seat is still yours: run the same command again to take it up.",
                exc.tries,
            )
        else:  # never at the table in this run: no seat was lost, the server may be the wrong one
            line = ngettext(
                "liars bot: could not reach the table after {tries} try ({reason}). "
                "Check --server and run the same command again.",
                "liars bot: could not reach the table after {tries} tries ({reason}). "
                "Check --server and run the same command again.",
                exc.tries,
            )
        print(line.format(tries=exc.tries, reason=exc.reason), file=sys.stderr)
        return 1
    except (ProtocolError, BotError, OSError) as exc:  # on stderr: stdout is for the result's JSON
        print(f"liars bot: {exc}", file=sys.stderr)
        return 1
    seat = view["seat"]
    result = "won" if seat in view["winners"] else "lost"
    print(json.dumps({"table": args.table, "seat": seat, "result": result, "winners": view["winners"]}))
    return 0


def _tries(text: str) -> int:
    from ..terminal.i18n import _

    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text} is below 0").format(text=text))
    return value


def add(sub: Any) -> None:
    from ..terminal import setup

    p = sub.add_parser("bot", help="play a seat of a server's table with a built-in bot")
    p.add_argument("--server", required=True, help="the server, e.g. http://127.0.0.1:8000")
    p.add_argument("--table", required=True, help="the table id")
    p.add_argument("--token", required=True, help="the seat's token (from create, join or rematch)")
    p.add_argument(
        "--level",
        default="random",
        help="random, basic or strong (where the game has it), or your own bot as module:Class",
    )
    p.add_argument("--seed", type=int, help="the bot's own seed")
    p.add_argument(
        "--tries",
        type=_tries,
        default=RECONNECT_TRIES,
        help="reconnections in a row to try when the connection drops, waiting 0.5 s, then twice as "
        "long each time up to 8 s; 0: none",
    )
    setup.add_lang(p)
    p.set_defaults(func=run)
