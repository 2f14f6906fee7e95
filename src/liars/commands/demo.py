"""``liars demo [GAME]``: list the games, then play one between random players, printed."""

from __future__ import annotations

import argparse
import random
from typing import Any

from .. import GAME_IDS, make
from . import games


def run(args: argparse.Namespace) -> int:
    games.run(argparse.Namespace(json=False))
    print()
    game = make(args.game, players=args.players, seed=args.seed)
    state = game.new_game()
    pick = random.Random(game.seed)
    print(f"{args.game}: {game.players} players, seed {game.seed}")
    steps = 0
    while not state.over:
        seat = pick.choice(state.to_act)
        action = pick.choice(state.legal_actions(seat))
        print(f"  seat {seat}: {action}")
        state.act(seat, action)
        steps += 1
    print(f"winner(s): {', '.join(f'seat {w}' for w in state.winners)} after {steps} actions")
    return 0


def add(sub: Any) -> None:
    p = sub.add_parser("demo", help="play one game between random players and print it")
    p.add_argument("game", nargs="?", default="liars-dice", choices=GAME_IDS)
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int)
    p.set_defaults(func=run)
