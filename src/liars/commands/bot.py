"""``liars bot --server URL --table ID --token T --level strong``: play a seat from another process."""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any


def run(args: argparse.Namespace) -> int:
    from ..server.client import ProtocolError, play_seat

    try:
        view = asyncio.run(play_seat(args.server, args.table, args.token, args.level, args.seed))
    except (ProtocolError, OSError) as exc:
        print(f"liars bot: {exc}")
        return 1
    seat = view["seat"]
    result = "won" if seat in view["winners"] else "lost"
    print(json.dumps({"table": args.table, "seat": seat, "result": result, "winners": view["winners"]}))
    return 0


def add(sub: Any) -> None:
    p = sub.add_parser("bot", help="play a seat of a server's table with a built-in bot")
    p.add_argument("--server", required=True, help="the server, e.g. http://127.0.0.1:8000")
    p.add_argument("--table", required=True, help="the table id")
    p.add_argument("--token", required=True, help="the seat's token (from create, join or rematch)")
    p.add_argument("--level", default="random", help="random, basic or strong (where the game has it)")
    p.add_argument("--seed", type=int, help="the bot's own seed")
    p.set_defaults(func=run)
