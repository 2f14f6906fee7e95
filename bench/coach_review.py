"""What a review costs: ``liars.coach.review.review`` over whole games, per game, with its own settings.

A review must finish in seconds at a four-player table.  This plays games
in which seat 0 is the ``basic`` bot (a plausible player: it makes the
mistakes a family makes, where ``random`` would make absurd ones; ``random``
in Cheat, where basic plays as strong does) against ``strong`` bots, then
reviews seat 0 with the game's default settings
(:data:`liars.coach.review_play.SETTINGS`) and reports, per game: the
decisions reviewed, the disagreements (items), the continuations played and
the bot moves made in them, and the review's CPU time (``process_time``:
what it costs, whatever else the shared machine runs) and wall time.  The
review is deterministic, so a second run gives the same items (checked on
the first game of each row: ``same``).

    .venv/bin/python bench/coach_review.py [--games 3] [--seed 1] [--only liegen]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import liars
from liars.coach.review import record, review
from liars.coach.review_play import SETTINGS

# (game, players, options, seat 0's level): in Cheat the basic and strong bots play alike and
# differ in when they call, so a basic seat 0 leaves nothing to review; a random one does.
CONFIGS: list[tuple[str, int, dict[str, Any], str]] = [
    ("liars-dice", 4, {}, "basic"),
    ("liars-dice", 2, {}, "basic"),
    ("liars-dice-poker", 2, {}, "basic"),
    ("cheat", 4, {}, "basic"),
    ("cheat", 4, {}, "random"),
    ("liegen", 4, {}, "basic"),
    ("love-letter", 4, {"target_wins": 2}, "basic"),
]


def play(
    game_id: str, players: int, seed: int, options: dict[str, Any], level: str
) -> tuple[liars.Game, list[Any]]:
    game = liars.make(game_id, players=players, seed=seed, **options)
    return game, record(game, [level] + ["strong"] * (players - 1), seed=seed * 7)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", help="one game id")
    args = ap.parse_args()
    print(
        "| game | players | seat 0 | samples, strong moves, horizon | games | moves | decisions | items "
        "| playouts | bot moves | CPU s median | CPU s worst | wall s median | same |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for game_id, players, options, level in CONFIGS:
        if args.only and game_id != args.only:
            continue
        plan = SETTINGS[game_id]
        rows: list[tuple[int, int, int, int, int, float, float]] = []
        same = True
        for g in range(args.games):
            game, moves = play(game_id, players, args.seed + g, options, level)
            c, w = time.process_time(), time.perf_counter()
            r = review(game, moves, 0)
            cpu, wall = time.process_time() - c, time.perf_counter() - w
            if g == 0:
                same = review(game, moves, 0).to_json() == r.to_json()
            rows.append((len(moves), r.decisions, len(r.items), r.playouts, r.moves, cpu, wall))
        cpus = sorted(x[5] for x in rows)
        counts = " | ".join(f"{statistics.median(x[i] for x in rows):.0f}" for i in range(5))
        wall = statistics.median(x[6] for x in rows)
        print(
            f"| {game_id} | {players} | {level} | {plan.samples}, {plan.strong}, {plan.horizon} "
            f"| {len(rows)} | {counts} "
            f"| {statistics.median(cpus):.2f} | {cpus[-1]:.2f} | {wall:.2f} | {'yes' if same else 'NO'} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
