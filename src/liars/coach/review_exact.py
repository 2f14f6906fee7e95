"""The exact part of a review item: the solver's equilibrium where it covers the position.

In a two-player round of Liar's Dice inside the solved sizes (the tables
shipped with :mod:`liars.solver`, spot on off), the equilibrium's chance of
each action at the seat's decision is known exactly, from the view alone
(:func:`liars.solver.lookup` reads the seat's dice and the public bids).
An action the equilibrium never plays is a mistake against a perfect
opponent; one it plays with some chance is not, whatever the sampled
continuations said.  ``loss`` is the expected loss of the action taken
against the equilibrium (in the round's +1/-1 stakes), when known.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True)
class Exact:
    """The equilibrium at one decision: ``policy`` as ``[(action JSON, chance)]``, highest first."""

    policy: list[tuple[JSON, float]]
    taken: float  # the equilibrium's chance of the action taken (0: it never plays it)
    loss: float | None = None  # expected loss of the action taken, in the round's stakes; None: unknown

    def to_json(self) -> JSON:
        return {
            "policy": [{"action": a, "p": p} for a, p in self.policy],
            "taken": self.taken,
            "loss": self.loss,
        }


def exact(view: Mapping[str, Any], taken: Mapping[str, Any]) -> Exact | None:
    """The equilibrium at ``view``'s decision, or None where the solver does not cover it."""
    if view.get("game") != "liars-dice":
        return None
    try:
        from ..solver import lookup
    except ImportError:  # the solver's numpy is an extra
        return None
    dist = lookup(view)
    if not dist:
        return None
    policy = sorted(((dict(a), float(p)) for a, p in dist), key=lambda ap: -ap[1])
    chance = sum(p for a, p in policy if a == dict(taken))
    return Exact(policy, chance, _loss(view, taken))


def _loss(view: Mapping[str, Any], taken: Mapping[str, Any]) -> float | None:
    """The expected loss of ``taken`` against the equilibrium, from the coach's exact module if it has one."""
    try:  # coach-core's exact answers, which land separately: by name, so this runs without them
        coach_exact = importlib.import_module(f"{__package__}.exact")
    except ImportError:
        return None
    loss = getattr(coach_exact, "expected_loss", None)
    if loss is None:
        return None
    value = loss(view, dict(taken))
    return None if value is None else float(value)
