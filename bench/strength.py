"""Strength: the issue's match-ups through the arena, with 95% intervals against the bars.

    .venv/bin/python bench/strength.py --games 2000 --jobs 2            # every game with bots
    .venv/bin/python bench/strength.py --only liars-dice --games 200     # a quick look
    .venv/bin/python bench/strength.py --timing 20                       # strong decision times
    .venv/bin/python bench/strength.py --gauntlet --games 400 --jobs 2   # against the gauntlet
    .venv/bin/python bench/strength.py --gauntlet --only cheat --players 4 --level basic
    .venv/bin/python bench/strength.py --gauntlet --timing 10            # strong's decision times
    .venv/bin/python bench/strength.py --gauntlet --only liars-dice -o wild_ones=true   # a variant

``--gauntlet`` plays the level (``strong`` by default) against every opponent style of
``bench/gauntlet/`` (written apart from the shipped bots) and against a mixed table of
them, at every player count the game allows.  Bars: 35% at four players, 65% one-on-one
at Liar's Dice, 58% of Love Letter rounds one-on-one, else chance (1/n).
Love Letter lines count single rounds, as the issue measured them; ``-o target_wins=4``
plays whole matches instead (the line then says "matches").

Each line plays one match-up (seats rotated, deals duplicated, seed 1) and
prints the strong (or basic) bot's win rate, its interval, the bar and
whether the interval's lower end clears it; ``--markdown`` prints the table
for docs/benchmarks.md.  Games without the needed levels are skipped.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from liars import arena, bots, game_class
from liars.commands.arena import parse_pairs

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/: the gauntlet's package
import gauntlet


@dataclass(frozen=True)
class Bench:
    game: str
    lineup: tuple[str, ...]
    bar: float | None  # the issue's bar for entrant 0's win rate (None: "clearly beats random")
    options: tuple[tuple[str, Any], ...] = ()
    note: str = ""


BENCHES = [
    Bench("liars-dice", ("strong", "basic"), 0.65),
    Bench("liars-dice", ("strong", "basic", "basic"), None),
    Bench("liars-dice", ("strong", "basic", "basic", "basic"), 0.35),
    Bench("cheat", ("strong", "basic", "basic"), None),
    Bench("cheat", ("strong", "basic", "basic", "basic"), 0.35),
    Bench("liegen", ("strong", "basic", "basic"), None),
    Bench("liegen", ("strong", "basic", "basic", "basic"), 0.35),
    Bench("love-letter", ("strong", "basic"), 0.58, (("target_wins", 1),), "rounds"),
    Bench("love-letter", ("strong", "basic", "basic"), None, (("target_wins", 1),), "rounds"),
    Bench("love-letter", ("strong", "basic", "basic", "basic"), 0.35, (("target_wins", 1),), "rounds"),
    Bench("liars-dice", ("basic", "random"), None),
    Bench("liars-dice", ("basic", "random", "random", "random"), None),
    Bench("cheat", ("basic", "random", "random", "random"), None),
    Bench("liegen", ("basic", "random", "random", "random"), None),
    Bench("love-letter", ("basic", "random"), None, (("target_wins", 1),), "rounds"),
    Bench("liars-dice-poker", ("strong", "basic"), None),
    Bench("liars-dice-poker", ("basic", "random"), None),
    Bench("love-letter", ("basic", "random", "random", "random"), None, (("target_wins", 1),), "rounds"),
]


def gauntlet_bar(game: str, players: int) -> tuple[float, bool]:
    """The bar a level's win rate must clear against the gauntlet, and whether it is the issue's own."""
    if players == 4:
        return 0.35, True
    if players == 2 and game == "liars-dice":
        return 0.65, True
    if players == 2 and game == "love-letter":
        return 0.58, True
    if players == 2 and game == "liars-dice-poker":  # issue #20: against its rule-based opponent
        return 0.60, True
    return 1 / players, False


def gauntlet_benches(game: str, level: str, players: int | None, style: str | None) -> list[Bench]:
    """Every match-up of one game: the level against each style, and against a mixed table."""
    names = gauntlet.styles(game)
    if not names:
        return []
    info = game_class(game).info
    counts = [players] if players else list(range(info.min_players, info.max_players + 1))
    options = (("target_wins", 1),) if game == "love-letter" else ()
    note = "rounds" if game == "love-letter" else ""
    out = []
    for n in counts:
        if not info.min_players <= n <= info.max_players:
            continue
        bar, _ = gauntlet_bar(game, n)
        picks = [style] if style else [*names, *(["mixed"] if n > 2 else [])]  # one seat: no mix
        for pick in picks:
            if pick == "mixed":
                order = list(names)
                others = tuple(gauntlet.spec(game, order[i % len(order)]) for i in range(n - 1))
            else:
                others = (gauntlet.spec(game, pick),) * (n - 1)
            out.append(Bench(game, (level, *others), bar, options, note))
    return out


def unit(b: Bench, options: tuple[tuple[str, Any], ...]) -> str:
    """What a Love Letter line counts: single rounds, unless ``-o target_wins=N`` asks for matches.

    Why: the line's label must say which measure it is; a match to four wins
    and a single round give very different rates for the same bot.
    """
    if b.note == "rounds" and dict(options).get("target_wins", 1) != 1:
        return "matches"
    return b.note


def short(spec: str) -> str:
    """``gauntlet.liars_dice:Honest`` -> ``Honest``: the style's name in tables."""
    return spec.rpartition(":")[2]


def timing(
    game_id: str,
    lineup: tuple[str, ...],
    games: int,
    options: tuple[tuple[str, Any], ...],
    bot_options: tuple[tuple[str, Any], ...] = (),
) -> None:
    """Every decision of the lineup's first bot (it moves seat game by game): median, p99 and worst.

    ``bot_options`` go to the strong bots, as in the arena, so a tuning option's cost is timed too.
    """
    import liars

    players = len(lineup)
    times: list[float] = []
    cpu: list[float] = []  # process CPU time: what a decision costs, whatever else the machine runs
    for g in range(games):
        game = liars.make(game_id, players=players, seed=g, **dict(options))
        state = game.new_game()
        me = g % players
        seated = [lineup[(s - me) % players] for s in range(players)]
        table = [
            bots.load(spec, game_id, seed=g * 10 + s, **(dict(bot_options) if spec == "strong" else {}))
            for s, spec in enumerate(seated)
        ]
        bound = bots.action_bound(game)
        for _ in range(bound):
            if state.over:
                break
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots.checked_act(table[seat], "bot", view, legal, state.game)
            if seat == me:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            state.act(seat, action)
    for name, xs in (("wall", times), ("cpu", cpu)):
        xs.sort()
        median = 1000 * statistics.median(xs)
        print(
            f"{game_id:12} {players}p {lineup[0]} decisions ({name}): {len(xs)}, median {median:.1f} ms, "
            f"p99 {1000 * xs[int(0.99 * (len(xs) - 1))]:.1f} ms, max {1000 * xs[-1]:.1f} ms",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", action="append", help="a game id (repeatable)")
    p.add_argument("--vs", choices=("strong", "basic"), help="only the strong or only the basic match-ups")
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--players", type=int, help="only the match-ups with this many players")
    p.add_argument(
        "--timing", type=int, metavar="GAMES", help="time every strong decision over GAMES games instead"
    )
    p.add_argument("--gauntlet", action="store_true", help="against bench/gauntlet's styles instead")
    p.add_argument("--level", default="strong", help="with --gauntlet: the level to test (strong, basic)")
    p.add_argument("--style", help="with --gauntlet: only this style (or 'mixed')")
    p.add_argument(
        "-o", "--option", action="append", metavar="NAME=VALUE", help="a game option for every match-up"
    )
    p.add_argument(
        "--bot-option", action="append", metavar="NAME=VALUE", help="an option for the strong bots (tuning)"
    )
    args = p.parse_args(argv)
    extra = parse_pairs(args.option, "--option")
    bot_options = parse_pairs(args.bot_option, "--bot-option")
    rows = []
    benches = BENCHES
    if args.gauntlet:
        games = args.only or list(gauntlet.GAMES)
        benches = [b for g in games for b in gauntlet_benches(g, args.level, args.players, args.style)]
    for b in benches:
        if args.only and b.game not in args.only:
            continue
        if args.vs and not args.gauntlet and b.lineup[0] != args.vs:
            continue
        if args.players and len(b.lineup) != args.players:
            continue
        have = bots.levels(b.game)
        if any(level not in have for level in b.lineup if ":" not in level):
            print(f"skip {b.game} {','.join(b.lineup)}: levels are {have}", file=sys.stderr)
            continue
        options = (*b.options, *extra)
        b = replace(b, note=unit(b, options))
        if args.timing:
            mixed = len(set(b.lineup[1:])) > 1 or len(b.lineup) == 2
            if b.lineup[0] != "basic" and (not args.gauntlet or args.style or mixed):
                timing(b.game, b.lineup, args.timing, options, bot_options)
            continue
        config = arena.Config(b.game, b.lineup, args.seed, options, bot_options)
        matches = arena.schedule(config, args.games)
        start = time.perf_counter()
        done = [0]

        def tick(n: int, done: list[int] = done, total: int = len(matches)) -> None:
            done[0] += n
            if done[0] % 100 < n:
                print(f"  {done[0]}/{total}", file=sys.stderr, flush=True)

        records = arena.run(config, matches, jobs=args.jobs, progress=tick)
        wall = time.perf_counter() - start
        row = arena.summarize(config, records)["rows"][0]
        lo, hi = row["ci95"]
        bar = b.bar if b.bar is not None else 1 / len(b.lineup)
        verdict = "PASS" if lo >= bar else "FAIL"
        unfinished = sum(bool(r.get("unfinished")) for r in records)
        rows.append((b, row, bar, verdict, wall, len(records)))
        vs = "mixed" if len(set(b.lineup[1:])) > 1 else short(b.lineup[1])
        print(
            f"{b.game:12} {len(b.lineup)}p {b.lineup[0]} vs {vs:10} {b.note:6} "
            f"{len(records)} games: {100 * row['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
            f"bar {100 * bar:.0f}% {verdict}  {row['mean_decision_ms']:.1f} ms/decision "
            f"(max {row['max_decision_ms']:.0f})  {wall:.0f}s"
            + (f"  {unfinished} UNFINISHED" if unfinished else ""),
            flush=True,
        )
    if args.markdown:
        print("\n| game | players | match-up | games | win rate | 95% CI | bar | | ms/decision |")
        print("|---|---|---|---|---|---|---|---|---|")
        for b, row, bar, verdict, _, n in rows:
            lo, hi = row["ci95"]
            vs = "mixed" if len(set(b.lineup[1:])) > 1 else short(b.lineup[1])
            what = f"{b.lineup[0]} vs {vs}" + (f" ({b.note})" if b.note and b.note != vs else "")
            bar_text = f"≥ {100 * bar:.0f}%" if b.bar is not None else f"> {100 * bar:.0f}% (chance)"
            print(
                f"| {b.game} | {len(b.lineup)} | {what} | {n} | {100 * row['win_rate']:.1f}% | "
                f"{100 * lo:.1f}-{100 * hi:.1f}% | {bar_text} | {verdict} | {row['mean_decision_ms']:.1f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
