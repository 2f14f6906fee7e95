"""``liars games`` (and ``--json``): the games, their players and options, from their metadata."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import GAME_IDS, game_class


def run(args: argparse.Namespace) -> int:
    infos = [game_class(g).info for g in GAME_IDS]
    if args.json:
        print(json.dumps([i.to_json() for i in infos], indent=2, ensure_ascii=False))
        return 0
    for info in infos:
        names = " / ".join(info.names[lang] for lang in ("nb", "nl", "en"))
        print(f"{info.id:12} {names}  ({info.min_players}-{info.max_players} players)")
        for opt in info.options:
            flag = "--" + opt.name.replace("_", "-")
            print(f"{'':14}{flag} ({opt.kind}, default {opt.default!r}): {opt.help}")
    return 0


def add(sub: Any) -> None:
    p = sub.add_parser("games", help="list the games and their options")
    p.add_argument("--json", action="store_true", help="the metadata as JSON")
    p.set_defaults(func=run)
