"""Run CFR+ until the exploitability is small enough: what ``liars solve`` and the benchmark call."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .cfr import CFRPlus
from .exploit import exploitability, value
from .round import Round
from .strategy import Strategy


@dataclass
class Result:
    """The strategy found and how it was found.

    ``trace`` holds ``(solver seconds, iterations, exploitability)`` at every
    check; solver seconds leave out the checks themselves, so the benchmark
    compares solvers, not exploitability code.
    """

    strategy: Strategy
    value: float
    exploitability: float
    iterations: int
    seconds: float
    solver_seconds: float
    trace: list[tuple[float, int, float]] = field(default_factory=list)


def solve(
    rnd: Round,
    eps: float = 1e-4,
    max_iterations: int | None = None,
    max_seconds: float | None = None,
    progress: Callable[[float, int, float], None] | None = None,
) -> Result:
    """CFR+ on ``rnd`` until exploitability <= ``eps`` (or a budget runs out).

    The exploitability is checked at growing intervals (about every 15% more
    iterations), since an exact check costs about as much as an iteration.
    """
    if not eps > 0:
        raise ValueError(f"eps must be positive, not {eps}")
    start = time.perf_counter()
    solver = CFRPlus(rnd)
    spent = 0.0
    trace: list[tuple[float, int, float]] = []
    target = 10 if max_iterations is None else min(10, max_iterations)
    while True:
        t0 = time.perf_counter()
        solver.run(target - solver.iterations)
        spent += time.perf_counter() - t0
        avg = solver.average()
        expl = exploitability(avg)
        if not math.isfinite(expl):  # a numerical fault must not be saved as a solution
            raise FloatingPointError(f"exploitability is {expl} after {solver.iterations} iterations")
        trace.append((spent, solver.iterations, expl))
        if progress is not None:
            progress(spent, solver.iterations, expl)
        over_time = max_seconds is not None and time.perf_counter() - start >= max_seconds
        over_count = max_iterations is not None and solver.iterations >= max_iterations
        if expl <= eps or over_time or over_count:
            break
        target = max(target + 10, int(target * 1.15))
        if max_iterations is not None:
            target = min(target, max_iterations)
    total = time.perf_counter() - start
    avg.meta.update(exploitability=expl, value=value(avg), seconds=round(total, 3), eps=eps)
    return Result(avg, avg.meta["value"], expl, solver.iterations, total, spent, trace)
