"""What a coaching costs: ``liars.coach.odds`` on every decision of bot games, per game.

The coach must answer in under 100 ms median so it can update every turn.
This plays games between ``basic`` bots (cheap, and their positions are
ordinary ones) and, at every decision, times ``liars.coach.odds`` for the seat
to act (odds and advice: the strong bot's own decision is inside) and for one
seat that waits (odds only), reported apart.  It reports per game the median, the 90th
percentile and the worst call, in CPU time of this process (``process_time``:
what the call costs, whatever else the shared machine runs) and in wall time.

The first call in a process loads what is loaded once (the solver's tables,
numpy: the strong Liar's Dice bot warms them when it is first built); it is
reported apart as ``first``, not mixed into the figures.  The exact part of
solved endgames (``coach.exact``) is timed apart too, cold (its cache cleared
before each call: a position met for the first time) on every decision of
two-player rounds at the solved sizes.

    .venv/bin/python bench/coach.py [--games 6] [--seed 1] [--only cheat --only liegen]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import liars
from liars import bots, coach
from liars.coach import exact as exact_mod  # the module (odds() calls its exact())

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("liars-dice", 4, {}),
    ("liars-dice", 3, {"wild_ones": True, "spot_on": True}),
    ("liars-dice-poker", 2, {}),
    ("cheat", 4, {}),
    ("liegen", 4, {}),
    ("liegen", 4, {"jokers": True, "follow": "suit"}),
    ("love-letter", 4, {"target_wins": 2}),
    ("love-letter", 2, {"target_wins": 2}),
]


def timed(fn: Any) -> tuple[float, float]:
    """(CPU ms, wall ms) of one call."""
    c, w = time.process_time(), time.perf_counter()
    fn()
    return (time.process_time() - c) * 1e3, (time.perf_counter() - w) * 1e3


def row(name: str, cpu: list[float], wall: list[float]) -> str:
    cpu, wall = sorted(cpu), sorted(wall)
    p90 = cpu[int(0.9 * (len(cpu) - 1))]
    return (
        f"| {name} | {len(cpu)} | {statistics.median(cpu):.1f} | {p90:.1f} | {cpu[-1]:.0f} "
        f"| {statistics.median(wall):.1f} | {wall[-1]:.0f} |"
    )


def play(
    game_id: str, players: int, options: dict[str, Any], games: int, seed: int
) -> dict[str, tuple[list[float], list[float]]]:
    """CPU and wall ms per call, apart for the seat to act (odds and advice) and a waiting seat (odds)."""
    rng = random.Random(seed)
    out: dict[str, tuple[list[float], list[float]]] = {"to act": ([], []), "waiting": ([], [])}
    for g in range(games):
        game = liars.make(game_id, players=players, seed=seed * 1000 + g, **options)
        state = game.new_game()
        seats = [bots.make("basic", game_id, seed=rng.randrange(1 << 30)) for _ in range(players)]
        for _ in range(bots.action_bound(game)):
            if state.over:
                break
            seat = state.to_act[0]
            waiting = (seat + 1) % players
            for who, kind in ((seat, "to act"), (waiting, "waiting")):
                if kind == "waiting" and who in state.to_act:
                    continue
                c, w = timed(lambda s=who, st=state: coach.odds(game_id, st.view(s)))
                out[kind][0].append(c)
                out[kind][1].append(w)
            legal = state.legal_actions(seat)
            state.act(seat, bots.checked_act(seats[seat], "basic", state.view(seat), legal, game))
    return out


def endgames(seed: int, games: int) -> tuple[list[float], list[float]]:
    """``coach.exact`` cold, on every decision of two-player rounds at 1 v 1, 1 v 2 and 2 v 1 dice."""
    rng = random.Random(seed)
    cpu: list[float] = []
    wall: list[float] = []
    for g in range(games):
        for a, b in ((1, 1), (1, 2), (2, 1)):
            for wild in (False, True):
                game = liars.make("liars-dice", players=2, seed=seed + g, dice=2, wild_ones=wild)
                cups = [[rng.randint(1, 6) for _ in range(a)], [rng.randint(1, 6) for _ in range(b)]]
                state = game.new_game(setup={"dice": cups, "opener": rng.randrange(2)})
                while state.view(None)["revealed"] is None and not state.over:
                    seat = state.to_act[0]
                    view = state.view(seat)
                    exact_mod._node.cache_clear()
                    c, w = timed(lambda v=view: exact_mod.exact(v))
                    cpu.append(c)
                    wall.append(w)
                    legal = state.legal_actions(seat)
                    state.act(seat, legal[min(len(legal) - 1, rng.randrange(4))])
    return cpu, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="games per configuration")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", help="only this game id (may be repeated); no endgames row")
    args = ap.parse_args()
    first = liars.make("liars-dice", players=2, seed=0, dice=1).new_game()
    view = first.view(first.to_act[0])  # the seat to act: its advice builds the strong bot
    c, w = timed(lambda: coach.odds("liars-dice", view))
    print(f"first call (loads the solver's tables): {c:.0f} ms CPU, {w:.0f} ms wall\n")
    print("| game | calls | median ms | p90 ms | worst ms | median wall ms | worst wall ms |")
    print("|---|---|---|---|---|---|---|")
    for game_id, players, options in CONFIGS:
        if args.only and game_id not in args.only:
            continue
        name = f"{game_id} {players}p" + "".join(f" {k}={v}" for k, v in options.items())
        for kind, (cpu, wall) in play(game_id, players, options, args.games, args.seed).items():
            print(row(f"{name}, {kind}", cpu, wall), flush=True)
    if not args.only:
        cpu, wall = endgames(args.seed, args.games)
        print(row("exact (cold): solved endgames", cpu, wall))


if __name__ == "__main__":
    main()
