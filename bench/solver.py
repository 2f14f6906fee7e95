"""The exact solver against OpenSpiel's C++ CFR+, in the same run, on the one-die-each round.

Both solve the *same* game: OpenSpiel's ``liars_dice`` (two players, one die
each, six wild), which our solver reads as ``Round(1, 1, wild=6)``.  Each
side's clock counts solving only: exploitability is checked at the same
growing iteration counts (about 15% apart) with each side's own exact code
(ours :mod:`liars.solver.exploit`, OpenSpiel's ``pyspiel.exploitability``),
outside the timed part.  The time to a threshold is the solver time at the
first check at or below it.  Then the same for our own rule sets, and a
cross-check: OpenSpiel's exploitability of *our* strategy must equal ours.

    .venv/bin/python bench/solver.py [--plot docs/solver-exploitability.png] [--os-seconds 900]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from liars.solver.round import Round
from liars.solver.solve import solve
from liars.solver.strategy import Strategy

THRESHOLDS = (1e-3, 1e-4)


def first_below(trace: list[tuple[float, int, float]], eps: float) -> tuple[float, int] | None:
    for seconds, iterations, expl in trace:
        if expl <= eps:
            return seconds, iterations
    return None


def openspiel_trace(max_iterations: int, max_seconds: float, eps: float) -> list[tuple[float, int, float]]:
    import pyspiel

    game = pyspiel.load_game("liars_dice")
    solver = pyspiel.CFRPlusSolver(game)
    trace, spent, done, target = [], 0.0, 0, 10
    while done < max_iterations:
        t0 = time.perf_counter()
        for _ in range(target - done):
            solver.evaluate_and_update_policy()
        spent += time.perf_counter() - t0
        done = target
        expl = pyspiel.exploitability(game, solver.average_policy())
        trace.append((spent, done, expl))
        print(f"  openspiel {done:6d} it {spent:8.2f} s  {expl:.3g}", flush=True)
        if expl <= eps or spent >= max_seconds:
            break
        target = max(target + 10, int(target * 1.15))
    return trace


def openspiel_exploitability(strategy: Strategy) -> float:
    """OpenSpiel's exact exploitability of our strategy on its own ``liars_dice`` (cross-check)."""
    import pyspiel

    rnd = strategy.round
    table: dict[str, list[tuple[int, float]]] = {}
    for mask in range(rnd.nodes):
        player = mask.bit_count() % 2
        bids = [b for b in range(rnd.bids) if mask >> b & 1]
        history = "".join(f" {q}-{f}" for q, f in map(rnd.bid, bids))
        for h, hand in enumerate(rnd.hands[player]):
            key = "".join(map(str, hand)) + history
            dist = strategy.distribution(mask, h)
            liar = rnd.bids  # OpenSpiel's "Liar" action id
            table[key] = [(liar if a < 0 else a, p) for a, p in dist]
    game = pyspiel.load_game("liars_dice")
    return float(pyspiel.exploitability(game, pyspiel.TabularPolicy(table)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plot", help="save exploitability against time (matplotlib) here")
    ap.add_argument("--os-max", type=int, default=3000, help="most OpenSpiel iterations")
    ap.add_argument("--os-seconds", type=float, default=900.0, help="most OpenSpiel solver seconds")
    args = ap.parse_args()
    cpu = platform.processor() or platform.machine()
    print(f"machine: {cpu}, {os.cpu_count()} cores, load averages {os.getloadavg()}")
    eps = min(THRESHOLDS)

    print("ours, OpenSpiel's game (one die each, six wild):")
    ours = solve(Round(1, 1, wild=6), eps=eps * 0.99, progress=lambda s, i, e: None)
    for s, i, e in ours.trace:
        print(f"  ours      {i:6d} it {s:8.2f} s  {e:.3g}")
    cross = openspiel_exploitability(ours.strategy)
    print(f"cross-check: ours {ours.exploitability:.6g}, OpenSpiel on our strategy {cross:.6g}")
    print("OpenSpiel C++ CFRPlusSolver, its liars_dice:")
    theirs = openspiel_trace(args.os_max, args.os_seconds, eps * 0.99)

    rows = []
    for name, trace in (("ours (numpy CFR+)", ours.trace), ("OpenSpiel C++ CFR+", theirs)):
        cells = []
        for t in THRESHOLDS:
            hit = first_below(trace, t)
            last = trace[-1]
            cells.append(
                f"{hit[0]:.2f} s ({hit[1]} it)"
                if hit
                else f"not reached in {last[0]:.0f} s ({last[1]} it, at {last[2]:.2g})"
            )
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    print("\n| solver, liars_dice 1+1 (six wild) | to 1e-3 | to 1e-4 |\n|---|---|---|")
    print("\n".join(rows))

    print("\nour rule sets (one die each):")
    own = {}
    for wild_ones in (False, True):
        res = solve(Round(1, 1, 1 if wild_ones else None), eps=eps * 0.99)
        own[wild_ones] = res
        hits = [first_below(res.trace, t) for t in THRESHOLDS]
        cells = [f"{h[0]:.2f} s ({h[1]} it)" if h else "not reached" for h in hits]
        print(f"| ours, wild_ones={wild_ones} | " + " | ".join(cells) + f" | value {res.value:+.6f} |")

    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4.2))
        for label, trace in (
            ("ours, OpenSpiel's game (six wild)", ours.trace),
            ("OpenSpiel C++ CFR+, its game", theirs),
            ("ours, our rules", own[False].trace),
            ("ours, our rules, wild ones", own[True].trace),
        ):
            ax.loglog([s for s, _, _ in trace], [e for _, _, e in trace], marker=".", label=label)
        for t in THRESHOLDS:
            ax.axhline(t, color="grey", lw=0.5, ls="--")
        ax.set_xlabel("solver wall time (s)")
        ax.set_ylabel("exploitability (NashConv / 2)")
        ax.set_title("Liar's Dice, one die each: CFR+ exploitability against time")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)
        print(f"plot saved to {args.plot}")


if __name__ == "__main__":
    main()
