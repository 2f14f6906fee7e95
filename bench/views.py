"""What long histories cost: a late view, full and as a tail, and PettingZoo on the card games.

Two measurements behind the "RL environments" section of ``docs/benchmarks.md``:

* ``state.view(seat)`` at a late position (four players, after up to 1,000
  random actions), full against ``since`` at the history's end: the cost a
  tail view saves a server frame, an RL observation or an OpenSpiel string;
* steps per second of random masked play through the PettingZoo AEC
  environment of each card game (four players), where histories are long.

    .venv/bin/python bench/views.py [--seconds 2.0] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import timeit
from typing import Any

from rl import aec_loop  # bench/rl.py, beside this file: the same RL loop as the dice figures

import liars
from liars.core import State
from liars.rl.pettingzoo import env

LATE: dict[str, dict[str, Any]] = {
    "liars-dice": {"players": 4, "dice": 5},
    "cheat": {"players": 4},
    "liegen": {"players": 4},
    "love-letter": {"players": 4, "target_wins": 5},
}


def late_state(game_id: str, options: dict[str, Any], actions: int = 1000) -> tuple[State, int]:
    """A position after up to ``actions`` random actions (the one before the end if it ends sooner)."""
    state = liars.make(game_id, seed=0, **options).new_game()
    rng = random.Random(0)
    done = 0
    before = state
    while not state.over and done < actions:
        seat = rng.choice(state.to_act)
        before = state.clone()
        state.act(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    return (before, done - 1) if state.over else (state, done)


def per_call(view: Any, kwargs: dict[str, Any], number: int) -> float:
    """Microseconds per ``view(0, **kwargs)``, best of five runs of ``number`` calls."""
    return min(timeit.repeat(lambda: view(0, **kwargs), number=number, repeat=5)) / number * 1e6


def views() -> None:
    print(f"{'game (4 players)':<14}{'actions':>8}{'entries':>8}{'KB':>7}{'full us':>10}{'tail us':>9}")
    for game_id, options in LATE.items():
        state, done = late_state(game_id, options)
        full = state.view(0)
        n = full["history_len"]
        t_full = per_call(state.view, {}, 200)
        t_tail = per_call(state.view, {"since": n}, 2000)
        size = len(json.dumps(full)) / 1000
        print(f"{game_id:<14}{done:>8}{n:>8}{size:>7.1f}{t_full:>10.1f}{t_tail:>9.1f}")


def card_games(seconds: float, rounds: int) -> None:
    print(f"\n{'pettingzoo (4 players)':<24}{'steps/s (median)':>18}")
    for game_id in ("cheat", "liegen", "love-letter"):
        run = aec_loop(env(game_id, players=4, seed=1))
        rates = [run(seconds) / seconds for _ in range(rounds)]
        print(f"{game_id:<24}{statistics.median(rates):>18,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    views()
    card_games(args.seconds, args.rounds)


if __name__ == "__main__":
    main()
