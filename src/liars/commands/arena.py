"""``liars arena GAME --bots strong,basic,... --games N --seed S``: a bot tournament.

Seats are rotated and deals duplicated (see :mod:`liars.arena`); the table,
``--json`` and ``--csv`` carry the same rows; ``--plot FILE.png`` draws the
win rates.  ``--jobs`` spreads games over local processes, ``--ray`` over a
Ray cluster: the results are the same for the same seed either way.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .. import GAME_IDS
from ..errors import usage_error


def parse_value(text: str) -> Any:
    """An option value as JSON where it is JSON (``3``, ``true``, ``null``), else the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_pairs(items: list[str] | None, what: str) -> tuple[tuple[str, Any], ...]:
    out = []
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise usage_error(f"{what} takes NAME=VALUE, not {item!r}")
        out.append((key.replace("-", "_"), parse_value(value)))
    return tuple(out)


def write(text: str, target: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)


PLOT_FORMATS = (".png", ".svg", ".pdf")


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse a results file that cannot be written, or a plot of a kind not drawn, before playing.

    Why: ``--json /nonexist/x.json`` (or ``--plot p.txt``) ended in a traceback after every game
    had been played, and the results were lost.
    """
    from ..terminal.loop import unwritable

    for flag, target in (("--json", args.json), ("--csv", args.csv), ("--plot", args.plot)):
        if target and target != "-" and (why := unwritable(target)) is not None:
            raise usage_error(f"{flag} {target}: {why}")
    if args.plot and not args.plot.lower().endswith(PLOT_FORMATS):
        raise usage_error(f"--plot draws {', '.join(PLOT_FORMATS)} files, not {args.plot}")
    if args.jobs is not None and args.jobs < 1:
        raise usage_error(f"--jobs takes 1 or more worker processes, not {args.jobs}")


def run(args: argparse.Namespace) -> int:
    from .. import arena, arena_output

    check_outputs(args)

    if os.getcwd() not in sys.path:  # so `--bots my_module:MyBot` finds the user's module
        sys.path.insert(0, os.getcwd())
    specs = tuple(s.strip() for s in args.bots.split(",") if s.strip())
    config = arena.Config(
        game=args.game,
        bots=specs,
        seed=args.seed,
        options=parse_pairs(args.option, "--option"),
        bot_options=parse_pairs(args.bot_option, "--bot-option"),
        max_actions=args.max_actions,
    )
    config.check()
    matches = arena.schedule(config, args.games, duplicate=not args.no_duplicate)
    if len(matches) != args.games:
        print(f"note: {len(matches)} games (whole rotations of {config.players} seats)", file=sys.stderr)
    ray = args.ray
    try:
        if args.quiet:
            records = arena.run(config, matches, jobs=args.jobs, ray=ray)
        else:
            from rich.console import Console
            from rich.progress import Progress

            # on standard error: standard output is for the results (``--csv -`` is the CSV alone)
            with Progress(transient=True, console=Console(stderr=True)) as bar:
                task = bar.add_task(f"{args.game}", total=len(matches))
                records = arena.run(
                    config, matches, jobs=args.jobs, ray=ray, progress=lambda n: bar.advance(task, n)
                )
    except arena.BotFailed as exc:  # the user's bot raised: one line, no traceback (exit 2, as illegal)
        print(f"liars: {exc}", file=sys.stderr)
        return 2
    summary = arena.summarize(config, records)
    to_stdout = args.json == "-" or args.csv == "-"
    if not to_stdout:
        sys.stdout.write(arena_output.table(summary))
    if args.json:
        write(arena_output.to_json(summary) + "\n", args.json)
    if args.csv:
        write(arena_output.to_csv(summary), args.csv)
    if args.plot:
        arena_output.plot(summary, args.plot)
    return 0


def add(sub: Any) -> None:
    p = sub.add_parser("arena", help="a tournament between bots, seats rotated and deals duplicated")
    p.add_argument("game", choices=GAME_IDS)
    p.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated: random, basic, strong, or module:Class",
    )
    p.add_argument("--games", type=int, default=100, help="games to play (rounded up to whole rotations)")
    p.add_argument("--seed", type=int, default=1, help="tournament seed: deals and bot seeds derive from it")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="local worker processes")
    p.add_argument("--ray", metavar="ADDRESS", help="run on Ray: 'auto', 'local' or ray://host:port")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE", help="a game option")
    p.add_argument(
        "--bot-option",
        action="append",
        metavar="NAME=VALUE",
        help="an option for the strong bots (e.g. budget=0.05, iterations=200)",
    )
    p.add_argument(
        "--max-actions",
        type=int,
        metavar="N",
        help="stop a game after N actions and count it unfinished (default: the game's own bound)",
    )
    p.add_argument("--no-duplicate", action="store_true", help="a fresh deal for every game")
    p.add_argument("--json", nargs="?", const="-", metavar="FILE", help="the results as JSON (stdout: -)")
    p.add_argument("--csv", nargs="?", const="-", metavar="FILE", help="the results as CSV (stdout: -)")
    p.add_argument("--plot", metavar="FILE.png", help="draw win rates with their 95%% intervals")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
