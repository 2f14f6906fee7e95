"""The ``liars`` command.

For now: ``liars`` lists the games and plays one between random players,
printing every action; ``liars games`` lists the games with their options;
``liars demo GAME`` plays one game of GAME.  Later issues add play, watch,
arena and serve here.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from . import GAME_IDS, GameConfigError, game_class, make


def _print_games() -> None:
    for gid in GAME_IDS:
        info = game_class(gid).info
        names = " / ".join(info.names[lang] for lang in ("nb", "nl", "en"))
        print(f"{gid:12} {names}  ({info.min_players}-{info.max_players} players)")
        for opt in info.options:
            print(f"{'':14}--{opt.name.replace('_', '-')} ({opt.kind}, default {opt.default!r}): {opt.help}")


def demo(game_id: str, players: int | None, seed: int | None) -> int:
    """Play one game between uniformly random players and print it."""
    game = make(game_id, players=players, seed=seed)
    state = game.new_game()
    pick = random.Random(game.seed)
    print(f"{game_id}: {game.players} players, seed {game.seed}")
    steps = 0
    while not state.over:
        seat = pick.choice(state.to_act)
        action = pick.choice(state.legal_actions(seat))
        print(f"  seat {seat}: {action}")
        state.act(seat, action)
        steps += 1
    print(f"winner(s): {', '.join(f'seat {w}' for w in state.winners)} after {steps} actions")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="liars", description="Bluffing games: " + ", ".join(GAME_IDS))
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("games", help="list the games and their options")
    sub.add_parser("info", help="the games' metadata as JSON")
    p_demo = sub.add_parser("demo", help="play one game between random players")
    p_demo.add_argument("game", choices=GAME_IDS)
    p_demo.add_argument("--players", type=int)
    p_demo.add_argument("--seed", type=int)
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            _print_games()
        elif args.command == "info":
            print(json.dumps([game_class(g).info.to_json() for g in GAME_IDS], indent=2, ensure_ascii=False))
        elif args.command == "demo":
            return demo(args.game, args.players, args.seed)
        else:
            _print_games()
            print()
            return demo("liars-dice", None, None)
    except GameConfigError as exc:
        print(f"liars: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
