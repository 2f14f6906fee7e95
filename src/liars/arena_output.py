"""How a tournament's summary leaves the arena: a table, JSON, CSV and a plot.

Kept apart from :mod:`liars.arena` so the playing code has no output
dependencies; rich and matplotlib are imported only when used.  The table,
the JSON and the CSV show the same rows (the JSON is the summary itself).
"""

from __future__ import annotations

import csv
import io
import json
import textwrap
from collections.abc import Mapping
from typing import Any

COLUMNS = ("bot", "games", "wins", "win %", "95% CI", "mean place", "ms/decision", "mu", "sigma", "ordinal")


def cells(row: Mapping[str, Any]) -> list[str]:
    """One table row as text, the same text for the terminal table and the CSV."""
    lo, hi = row["ci95"]
    place = row["mean_place"]
    r = row["rating"]
    return [
        row["bot"],
        str(row["games"]),
        f"{row['wins']:g}",
        f"{100 * row['win_rate']:.1f}",
        f"{100 * lo:.1f}-{100 * hi:.1f}",
        "-" if place is None else f"{place:.2f}",
        f"{row['mean_decision_ms']:.2f}",
        f"{r['mu']:.2f}",
        f"{r['sigma']:.2f}",
        f"{r['ordinal']:.2f}",
    ]


def title(summary: Mapping[str, Any]) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in summary["options"].items())
    stopped = summary.get("unfinished", 0)
    return (
        f"{summary['game']}, {summary['players']} players{', ' + opts if opts else ''}: "
        f"{summary['games']} games, seed {summary['seed']}"
        + (f"; {stopped} unfinished (stopped at the action bound, nobody won)" if stopped else "")
    )


# What goes first when the table is wider than the terminal: the rating's parts (its ordinal
# sums them up), then the ordinal, the time, the mean place.  The JSON and CSV keep them all.
DROP_ORDER = ("mu", "sigma", "ordinal", "ms/decision", "mean place")


def table(summary: Mapping[str, Any], width: int | None = None) -> str:
    """The per-bot table as plain text, as wide as the terminal (rich renders it; no colours).

    Why the columns give way: at 80 columns the 100-letter table wrapped every row onto two
    lines.  Columns are left out in :data:`DROP_ORDER` until it fits, and a line says which.
    """
    import shutil

    if width is None:
        width = shutil.get_terminal_size((140, 24)).columns
    shown = list(COLUMNS)
    text = _render(summary, shown, 10_000)
    while _widest(text) > width and any(c in shown for c in DROP_ORDER):
        shown.remove(next(c for c in DROP_ORDER if c in shown))
        text = _render(summary, shown, 10_000)
    left = [c for c in COLUMNS if c not in shown]
    if left:
        note = f"Left out to fit {width} columns: {', '.join(left)} (--json and --csv have them all)."
        text += textwrap.fill(note, width=max(width, 20), break_on_hyphens=False) + "\n"
    return text


def _render(summary: Mapping[str, Any], shown: list[str], width: int) -> str:
    from rich.console import Console
    from rich.table import Table

    t = Table(title=title(summary))
    for col in shown:
        t.add_column(col, justify="left" if col == "bot" else "right")
    for row in summary["rows"]:
        full = dict(zip(COLUMNS, cells(row), strict=True))
        t.add_row(*(full[c] for c in shown))
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(t)
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n"


def _widest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def to_json(summary: Mapping[str, Any]) -> str:
    return json.dumps(summary, indent=2)


def to_csv(summary: Mapping[str, Any]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["game", "players", "seed", *COLUMNS])
    for row in summary["rows"]:
        w.writerow([summary["game"], summary["players"], summary["seed"], *cells(row)])
    return buf.getvalue()


def plot(summary: Mapping[str, Any], path: str) -> None:
    """Win rate per bot with its 95% interval, and the chance line (1 / players)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = summary["rows"]
    names = [r["bot"] for r in rows]
    rates = [r["win_rate"] for r in rows]
    # max(0, ...): at a win rate of 0 or 1 rounding can put the bound a hair past it
    errs = [
        [max(0.0, r["win_rate"] - r["ci95"][0]) for r in rows],
        [max(0.0, r["ci95"][1] - r["win_rate"]) for r in rows],
    ]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(rows) + 2), 3.5))
    ax.bar(names, rates, yerr=errs, capsize=6, color="#4c72b0")
    ax.axhline(1 / summary["players"], color="grey", linestyle="--", label="chance")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title(summary), fontsize=9)
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
