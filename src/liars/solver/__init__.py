"""Exact play in two-player Liar's Dice rounds: a CFR+ solver, exact exploitability, solved tables.

When two players remain with few dice, one round is small enough to solve:
:mod:`liars.solver.cfr` finds a Nash equilibrium of the round (the winner of
the call scores +1, the loser -1), :mod:`liars.solver.exploit` proves how
close it is, and the tables shipped in ``tables/`` let the ``strong`` bot
play the solution through :func:`lookup`.

This package needs numpy (the ``solver`` extra), but importing it does not:
:func:`lookup` answers ``None`` when numpy or a table is missing, so a bot
can always ask.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

from ..games.liars_dice import bid_index, bid_of

TABLES = Path(__file__).with_name("tables")
FACES = 6


def table_name(a: int, b: int, wild_ones: bool) -> str:
    """File name of the solved round where the opener holds ``a`` dice and the responder ``b``."""
    return f"liars-dice-{a}-{b}{'-wild' if wild_ones else ''}.npz"


def cache_dir() -> Path:
    """Where ``liars solve`` saves by default, and where :func:`lookup` looks after ``TABLES``."""
    return Path(platformdirs.user_cache_dir("liars", appauthor=False)) / "solver"


def table_path(a: int, b: int, wild_ones: bool) -> Path | None:
    """The shipped table if there is one, else a cached one, else ``None``."""
    name = table_name(a, b, wild_ones)
    for folder in (TABLES, cache_dir()):
        if (folder / name).is_file():
            return folder / name
    return None


class Table:
    """A solved round as stored (``uint16`` weights), answering one information set at a time.

    Lookup normalises the weights of just the actions asked about, so a
    table costs its file size in memory and nothing is solved at lookup time.
    """

    def __init__(self, path: Path) -> None:
        from .strategy import FORMAT, load_raw  # numpy: only when a table is wanted

        meta, self.edge, self.liar = load_raw(path)
        if meta.get("format") != FORMAT:
            raise ValueError(f"{path}: not a solver table")
        self.meta = meta
        self.bits = (meta["a"] + meta["b"]) * meta["faces"]

    def weights(self, mask: int, hand: int) -> list[tuple[int, float]]:
        """``[(action, chance)]`` at node ``mask`` for hand index ``hand`` (-1 = liar; zeros left out)."""
        acts = ([-1] if mask else []) + list(range(mask.bit_length(), self.bits))
        raw = [float(self.liar[mask, hand]) if a < 0 else float(self.edge[mask | 1 << a, hand]) for a in acts]
        total = sum(raw)
        if total <= 0:  # never reached by the player's own play: uniform, as when loading
            return [(a, 1.0 / len(acts)) for a in acts]
        return [(a, w / total) for a, w in zip(acts, raw, strict=True) if w > 0]


@functools.lru_cache(maxsize=16)
def table(a: int, b: int, wild_ones: bool) -> Table | None:
    """The solved round (opener ``a`` dice, responder ``b``), loaded once; ``None`` if not solved."""
    path = table_path(a, b, wild_ones)
    if path is None:
        return None
    try:
        return Table(path)
    except ImportError:
        return None


def _hand_index(dice: list[int]) -> int:
    """Index of a sorted hand among all sorted hands of that many dice (lexicographic order)."""
    import itertools

    key = tuple(sorted(dice))
    for i, h in enumerate(itertools.combinations_with_replacement(range(1, FACES + 1), len(key))):
        if h == key:
            return i
    raise ValueError(f"not a hand of dice: {dice!r}")


def lookup(view: Mapping[str, Any]) -> list[tuple[dict[str, Any], float]] | None:
    """The equilibrium mix for the viewer's decision, from a ``liars-dice`` view; ``None`` if unsolved.

    Answers when the viewer is to act, exactly two players still have dice,
    ``spot_on`` is off and a table for (opener's dice, other's dice) and
    ``wild_ones`` exists.  The result lists the legal actions the
    equilibrium plays with a positive chance, as action JSON, with chances
    summing to 1.  Only the view is read: the tables are built from the
    viewer's own dice and the public bids.
    """
    try:
        if view.get("game") != "liars-dice" or view.get("over"):
            return None
        options = view["options"]
        if options.get("spot_on"):
            return None
        seat, counts, opener = view["seat"], view["dice_counts"], view["opener"]
        alive = [s for s, c in enumerate(counts) if c]
        if len(alive) != 2 or seat not in alive or opener not in alive or list(view["to_act"]) != [seat]:
            return None
        other = alive[0] if alive[1] == opener else alive[1]
        solved = table(counts[opener], counts[other], bool(options.get("wild_ones")))
        if solved is None:
            return None
        mask = 0
        for i, bid in enumerate(view["bids"]):
            index = bid_index(bid["quantity"], bid["face"])
            if bid["seat"] != (opener if i % 2 == 0 else other) or mask >> index or index >= solved.bits:
                return None
            mask |= 1 << index
        if mask.bit_count() % 2 != (0 if seat == opener else 1) or len(view["dice"]) != counts[seat]:
            return None
        out: list[tuple[dict[str, Any], float]] = []
        for action, chance in solved.weights(mask, _hand_index(view["dice"])):
            if action < 0:
                out.append(({"type": "liar"}, chance))
            else:
                bid = bid_of(action)
                out.append(({"type": "bid", "quantity": bid.quantity, "face": bid.face}, chance))
        return out
    except (KeyError, TypeError, ValueError, IndexError):
        return None


__all__ = ["TABLES", "Table", "cache_dir", "lookup", "table", "table_name", "table_path"]
