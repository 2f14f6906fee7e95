"""How one seat's single rounds of Love Letter end, by cause: where a level wins and loses.

    PYTHONPATH=src:bench .venv/bin/python bench/love_letter_endings.py --style keeper --rounds 2000
    PYTHONPATH=src:bench .venv/bin/python bench/love_letter_endings.py --level gauntlet.love_letter:Keeper

Why: a win rate says how far a level is from a bar, not where the rounds
go.  This plays single four-player rounds (by default) with the level in
one seat (it moves round by round) and a gauntlet style in the others
(``mixed``: the four in turn), and sorts each round by how that seat's
round ended: it won as the last one
in, it won the showdown (or shared it), it lost the showdown, or it went
out, and then to what (a 6 or 5 naming its card, an 8 it played or was
played against it, a 10 that made it throw away the K, its own K).  Put a
gauntlet style in the seat to see what an ordinary player's round looks
like at the same table.  Every round is a fresh deal from ``--seed``; the
bots play from their views only, as in the arena.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import liars
from liars import bots

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/: the gauntlet's package
from gauntlet.love_letter import STYLES

ORDER = (
    "won: last one in",
    "won: showdown",
    "won: shared",
    "lost: showdown",
    "out: named by a 6 or 5",
    "out: an 8 played at it",
    "out: its own 8",
    "out: a 10 threw its K",
    "out: played its K",
)


def ending(history: Sequence[Mapping[str, Any]], seat: int, winners: Sequence[int], players: int) -> str:
    """How ``seat``'s round ended, read from the round's public history."""
    if seat in winners:
        if len(winners) > 1:
            return "won: shared"
        outs = sum(1 for e in history if e["type"] == "out")
        return "won: last one in" if outs == players - 1 else "won: showdown"
    for i, e in enumerate(history):
        if e["type"] == "out" and e["seat"] == seat:
            cause = history[i - 1] if i else {}
            card = cause.get("card") if cause.get("type") == "play" else None
            if card in ("6", "5"):
                return "out: named by a 6 or 5"
            if card == "8":
                return "out: its own 8" if cause["seat"] == seat else "out: an 8 played at it"
            if card == "T":
                return "out: a 10 threw its K"
            return "out: played its K"
    return "lost: showdown"


def _styles(style: str, r: int, k: int) -> list[str]:
    """The styles of the other seats: ``style`` in each, or for ``mixed`` the four in turn."""
    if style != "mixed":
        return [style] * k
    names = sorted(STYLES)
    return [names[(r + i) % len(names)] for i in range(k)]


def run(level: str, style: str, rounds: int, seed: int, players: int = 4) -> Counter[str]:
    """Play ``rounds`` single rounds with ``level`` in one seat (moving) and ``style`` elsewhere."""
    counts: Counter[str] = Counter()
    for r in range(rounds):
        state = liars.make(
            "love-letter", players=players, seed=seed * 1_000_003 + r, target_wins=1
        ).new_game()
        me = r % players
        others = iter(_styles(style, r, players - 1))
        seats = [
            bots.load(level, "love-letter", seed=r) if s == me else STYLES[next(others)](seed=r * 7 + s)
            for s in range(players)
        ]
        while not state.over:
            s = state.to_act[0]
            state.act(s, seats[s].act(state.view(s), state.legal_actions(s)))
        counts[ending(state.history, me, state.winners, players)] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--level", default="strong", help="the seat's bot: a level or module:Class")
    p.add_argument("--style", default="keeper", choices=[*sorted(STYLES), "mixed"], help="the others' style")
    p.add_argument("--rounds", type=int, default=1000)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = p.parse_args(argv)
    counts = run(args.level, args.style, args.rounds, args.seed, args.players)
    total = sum(counts.values())
    won = sum(v for k, v in counts.items() if k.startswith("won"))
    rate = 100 * won / total
    print(f"{args.level} against {args.style}, {args.players} players, {total} rounds: won {rate:.1f}%")
    for key in ORDER:
        print(f"  {key:24s} {100 * counts[key] / total:5.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
