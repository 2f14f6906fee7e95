"""``liars solve liars-dice --dice A B [--wild-ones] [--eps 1e-4]``: solve one two-player round exactly."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import Any

from ..errors import usage_error

ARRAYS = 11  # float32 arrays over nodes x hands that CFR+ keeps per player (liars.solver.cfr._Player)


def physical_memory() -> int:
    """Bytes of RAM, so a size that cannot fit is refused with a reason instead of swapping."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def run(args: argparse.Namespace) -> int:
    a, b = args.dice
    if not (1 <= a <= 10 and 1 <= b <= 10):
        raise usage_error(f"--dice takes two counts between 1 and 10, not {a} {b}")
    if not args.eps > 0:
        raise usage_error(f"--eps must be positive, not {args.eps}")
    if a + b > 4:
        raise usage_error(
            f"{a}+{b} dice is too big to solve exactly here: the bid tree has 2^{6 * (a + b)} nodes"
        )
    hands = [math.comb(n + 5, 5) for n in (a, b)]
    need = (1 << 6 * (a + b)) * sum(hands) * 4 * ARRAYS
    have = physical_memory()
    if need > 0.8 * have:
        raise usage_error(
            f"{a}+{b} dice needs about {need / 2**30:.0f} GiB for CFR+ and this machine has "
            f"{have / 2**30:.0f} GiB (see docs/solver.md, 'The (2, 2) round')"
        )
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise usage_error("liars solve needs numpy: pip install 'liars[solver]'") from None

    from ..solver import cache_dir, table_name
    from ..solver.round import Round
    from ..solver.solve import solve

    rnd = Round(a, b, 1 if args.wild_ones else None)
    out = Path(args.out) if args.out else cache_dir() / table_name(a, b, args.wild_ones)
    if args.show and out.exists():  # a table solved before: show it as it is, no solving again
        from ..solver.strategy import Strategy

        print("\n".join(shown(Strategy.load(out))))
        return 0

    def progress(seconds: float, iterations: int, expl: float) -> None:
        if not args.quiet:
            print(f"  {iterations:6d} iterations  {seconds:8.2f} s  exploitability {expl:.3g}", flush=True)

    variant = "wild ones" if args.wild_ones else "no wild ones"
    dice = "die" if a == 1 else "dice"
    print(
        f"Liar's Dice round, the opener with {a} {dice} against {b} ({variant}): "
        f"CFR+ to exploitability {args.eps:g}"
    )
    result = solve(rnd, args.eps, args.max_iterations, args.max_seconds, progress)
    out.parent.mkdir(parents=True, exist_ok=True)
    result.strategy.save(out)
    # What ships is the rounded file: measure that one too, and keep the figure in the file.
    from ..solver.exploit import exploitability
    from ..solver.strategy import Strategy

    stored = exploitability(Strategy.load(out))
    result.strategy.meta["stored_exploitability"] = stored
    result.strategy.save(out)
    win = (1 + result.value) / 2
    print(f"game value for the opener: {result.value:+.6f} (wins the round {win:.4%})")
    print(f"exploitability:            {result.exploitability:.3g} after {result.iterations} iterations")
    print(f"  as stored (rounded):     {stored:.3g}")
    print(f"time:                      {result.seconds:.2f} s")
    print(f"strategy saved to:         {out} ({out.stat().st_size / 1024:.0f} KiB)")
    if args.show:
        print("\n".join(shown(result.strategy)))
    return 0 if result.exploitability <= args.eps else 1


def shown(strategy: Any, top: int = 4, replies: int = 3) -> list[str]:
    """The strategy in words a person can read: each opening hand's bids, then the replies.

    The whole table is millions of numbers; what a player wants to know is
    how to open with each hand (its ``top`` likeliest bids and their chances)
    and how the other answers the ``replies`` most frequent openings (call
    liar, or raise), hand by hand.
    """
    rnd = strategy.round

    def bid(index: int) -> str:
        if index < 0:
            return "liar"
        q, f = rnd.bid(index)
        return f"{q}×{f}"

    def line(hand: tuple[int, ...], dist: list[tuple[int, float]]) -> str:
        best = sorted((d for d in dist if d[1] >= 0.005), key=lambda d: -d[1])[:top]  # no "0%" noise
        dice = " ".join(f"[{d}]" for d in hand)
        return f"  {dice:<{4 * max(rnd.a, rnd.b)}} " + ", ".join(f"{bid(a)} {p:.0%}" for a, p in best)

    out = [f"The opener ({rnd.a} {'die' if rnd.a == 1 else 'dice'}) opens with, per hand:"]
    weight: dict[int, float] = {}
    for h, hand in enumerate(rnd.hands[0]):
        dist = strategy.distribution(0, h)
        out.append(line(hand, dist))
        for action, p in dist:
            weight[action] = weight.get(action, 0.0) + p * float(rnd.probs[0][h])
    for opening in sorted(weight, key=lambda a: -weight[a])[:replies]:
        out.append(
            f"After the opening bid {bid(opening)} ({weight[opening]:.0%} of games), the other answers:"
        )
        for h, hand in enumerate(rnd.hands[1]):
            out.append(line(hand, strategy.distribution(1 << opening, h)))
    return out


def add(sub: Any) -> None:
    p = sub.add_parser("solve", help="solve a two-player Liar's Dice round exactly (CFR+)")
    p.add_argument("game", choices=["liars-dice"])
    p.add_argument(
        "--dice", nargs=2, type=int, required=True, metavar=("A", "B"), help="opener's and other's dice"
    )
    p.add_argument("--wild-ones", action="store_true", help="ones count for every face but in a bid on ones")
    p.add_argument("--eps", type=float, default=1e-4, help="stop at this exploitability (default 1e-4)")
    p.add_argument("--max-iterations", type=int, help="stop after this many iterations")
    p.add_argument("--max-seconds", type=float, help="stop after about this many seconds")
    p.add_argument("--out", help="where to save the strategy (default: the solver cache, which bots read)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.add_argument(
        "--show",
        action="store_true",
        help="print the strategy readably: the opening bids per hand and the replies (a table solved before "
        "is shown without solving again)",
    )
    p.set_defaults(func=run)
