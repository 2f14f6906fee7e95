"""The shared conformance suite: every game registers a :class:`Spec` here.

A game's spec lives in ``tests/conformance/spec_<game>.py`` and defines a
module-level ``SPEC``.  ``tests/test_conformance.py`` runs every check on
every spec, for many seeds, player counts and option sets.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True)
class Spec:
    """What the shared suite needs to know about one game.

    - ``configs``: (players, options) pairs to run everything on.
    - ``hidden_twins(players, options, seat, rng)``: two ``setup`` dicts that
      differ only in information hidden from ``seat`` (and differ somewhere).
    - ``own_secret(view, setup, seat)``: True when ``view`` holds everything of
      ``setup`` that only ``seat`` may know (its own hand or dice).
    - ``reveals(action_json)``: True for actions after which the twins' views may
      legitimately differ (a call lifts the cups, a 7 shows a hand ...).
    - ``malformed``: JSON values that are not actions of this game at all.
    - ``single_winner``: random playouts end with exactly one winner (False where
      the rules allow a shared win).
    - ``legal_is_complete``: every action ``act`` accepts is in ``legal_actions``
      (False for a game whose enumeration merges plays, like ``cheat``).
    - ``max_steps``: a bound on a random playout's actions (a liveness check).
    """

    game_id: str
    configs: list[tuple[int, JSON]]
    hidden_twins: Callable[[int, JSON, int, random.Random], tuple[JSON, JSON]]
    own_secret: Callable[[JSON, JSON, int], bool]
    reveals: Callable[[JSON], bool]
    malformed: list[Any] = field(default_factory=list)
    single_winner: bool = True
    legal_is_complete: bool = True  # False where act accepts plays beyond legal_actions
    max_steps: int = 20000


def all_specs() -> list[Spec]:
    specs = []
    for mod in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if mod.name.startswith("spec_"):
            specs.append(importlib.import_module(f"{__name__}.{mod.name}").SPEC)
    return specs
