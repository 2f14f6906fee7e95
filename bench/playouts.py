"""Random-playout throughput: liars-dice against OpenSpiel's liars_dice, in the same run.

Both are driven from Python the same way: pick a uniformly random legal action
with ``random.Random``, apply it, until the game ends.  OpenSpiel's chance
nodes (the dice) are sampled by the driver from ``chance_outcomes()``; ours are
rolled by the engine's own RNG (``new_game(seed=i)`` per game).

The two are measured in alternating rounds pinned to one core, and the
report gives each side's best round and the ratio of the medians, so load
from elsewhere on the machine hits both alike.

    .venv/bin/python bench/playouts.py [--rounds 7] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import liars


def ours_ids(players: int, dice: int) -> Callable[[int], int]:
    """The integer path (search bots, RL adapters): ``legal_ids`` / ``act_id``."""
    game = liars.make("liars-dice", players=players, seed=1, dice=dice)

    def run(n: int) -> int:
        rng = random.Random(n)
        choice = rng.choice
        for i in range(n):
            s = game.new_game(seed=i)
            while not s.over:
                s.act_id(choice(s.legal_ids()))
        return n

    return run


def ours_dicts(players: int, dice: int) -> Callable[[int], int]:
    """The object/JSON path (servers, people): ``legal_actions`` / ``act`` with JSON dicts."""
    game = liars.make("liars-dice", players=players, seed=1, dice=dice)

    def run(n: int) -> int:
        rng = random.Random(n)
        for i in range(n):
            s = game.new_game(seed=i)
            while not s.over:
                seat = s.to_act[0]
                s.act(seat, rng.choice(s.legal_actions(seat)).to_json())
        return n

    return run


def openspiel(params: dict[str, int]) -> Callable[[int], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("liars_dice", params)

    def run(n: int) -> int:
        rng = random.Random(n)
        choice = rng.choice
        for _ in range(n):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(choice(s.chance_outcomes())[0])
                else:
                    s.apply_action(choice(s.legal_actions()))
        return n

    return run


def rate(run: Callable[[int], int], seconds: float) -> float:
    """Games per second over about ``seconds`` (batch size calibrated first)."""
    n = 200
    while True:
        t = time.perf_counter()
        run(n)
        dt = time.perf_counter() - t
        if dt > seconds / 4:
            break
        n *= 4
    n = max(1, int(n * seconds / dt))
    t = time.perf_counter()
    run(n)
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    cases: list[tuple[str, Callable[[int], int] | None]] = [
        ("liars-dice 2p x 1 die, integer path", ours_ids(2, 1)),
        ("liars-dice 2p x 1 die, JSON-dict path", ours_dicts(2, 1)),
        ("OpenSpiel liars_dice 2p x 1 die (pyspiel)", openspiel({"players": 2, "numdice": 1})),
        ("liars-dice 2p x 5 dice full match, integer path", ours_ids(2, 5)),
        ("liars-dice 2p x 5 dice full match, JSON-dict path", ours_dicts(2, 5)),
    ]
    results: dict[str, list[float]] = {name: [] for name, run in cases if run is not None}
    for _ in range(args.rounds):
        for name, run in cases:
            if run is not None:
                results[name].append(rate(run, args.seconds))
    print(f"{'case':52} {'best games/s':>14} {'median':>12}")
    for name, rates in results.items():
        print(f"{name:52} {max(rates):14,.0f} {statistics.median(rates):12,.0f}")
    peer = "OpenSpiel liars_dice 2p x 1 die (pyspiel)"
    if peer in results:
        ratios = [a / b for a, b in zip(results[cases[0][0]], results[peer], strict=True)]
        print(f"ratio ours(integer)/OpenSpiel, per round: {', '.join(f'{r:.2f}' for r in ratios)}")
        print(f"median ratio: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
