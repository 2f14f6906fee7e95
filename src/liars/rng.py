"""A tiny counter-based random number generator owned by each game state.

Why not :class:`random.Random`?  Seeding a Mersenne Twister costs about as much
as a whole random playout of a small game, its state is 625 integers (a heavy
``to_json``), and copying it for search is slow.  This generator is SplitMix64
over a counter: its whole state is two integers ``(seed, n)``, so saving,
loading and cloning are free, and draws are exact (rejection sampling, no
modulo bias).  It is deterministic across platforms and Python versions.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
# Rejection limits for the moduli that games use all the time (dice, small decks).
_POW6 = (1, 6, 36, 216, 1296, 7776)
_TABLES: dict[int, list[tuple[int, ...]]] = {}


def _dice_table(k: int) -> list[tuple[int, ...]]:
    """Row ``r`` holds the ``k`` dice whose base-6 digits (least significant first) make ``r``."""
    table = _TABLES.get(k)
    if table is None:
        table = []
        for r in range(6**k):
            row = []
            for _ in range(k):
                r, d = divmod(r, 6)
                row.append(d + 1)
            table.append(tuple(row))
        _TABLES[k] = table
    return table


_LIMITS = {m: ((1 << 64) // m) * m for m in range(1, 7777)}


class Chance(Protocol):
    """Where a game's randomness comes from: the only draws a rules module may make.

    A state draws through ``state.rng`` (also ``state.chance``), which is the
    seeded :class:`Rng` unless a caller put another source there, e.g.
    :class:`liars.chance.Script`, which answers each draw from outcomes the
    caller chose: that is how OpenSpiel's chance nodes, search over chance and
    tests supply outcomes without editing a saved game.  Every draw is one of
    three kinds, so a caller can present any game's chance the same way:
    ``below(m)`` (one uniform outcome in ``range(m)``), ``dice(k, faces)`` (``k``
    uniform faces) and ``shuffle(items)`` (a uniform arrangement).
    ``to_json`` and ``copy`` are the seeded generator's, which a save keeps.
    """

    def below(self, m: int) -> int: ...

    def dice(self, k: int, faces: int = 6) -> list[int]: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...

    def choice(self, items: Sequence[T]) -> T: ...

    def copy(self) -> Chance: ...

    def to_json(self) -> list[int]: ...


class Rng:
    """SplitMix64 over a counter; the state is ``(seed, n)`` and nothing else."""

    __slots__ = ("seed", "n")

    def __init__(self, seed: int, n: int = 0) -> None:
        self.seed = seed
        self.n = n

    def next64(self) -> int:
        """The next uniform 64-bit integer."""
        self.n = n = self.n + 1
        z = (self.seed + n * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def below(self, m: int) -> int:
        """A uniform integer in ``range(m)`` for ``1 <= m <= 2**64``, without bias.

        The mixing is inlined (not a call to :meth:`next64`): this is the hot
        path of every shuffle and roll.
        """
        limit = _LIMITS.get(m) or ((1 << 64) // m) * m
        seed = self.seed
        n = self.n
        while True:
            n += 1
            z = (seed + n * _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.n = n
                return z % m

    def dice(self, k: int, faces: int = 6) -> list[int]:
        """``k`` independent uniform dice, drawn a few at a time from one 64-bit word."""
        if k <= 5 and faces == 6:  # the common small case: one word and a table lookup
            m = _POW6[k]
            limit = _LIMITS[m]
            table = _TABLES.get(k) or _dice_table(k)
            seed = self.seed
            n = self.n
            while True:  # below(m), inlined: this is most of a new game's cost
                n += 1
                z = (seed + n * _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _MUL1) & _MASK
                z = ((z ^ (z >> 27)) * _MUL2) & _MASK
                z ^= z >> 31
                if z < limit:
                    self.n = n
                    return list(table[z % m])
        out = []
        while k > 0:
            take = min(k, 20)  # 6**20 < 2**64, so one word serves up to 20 dice
            r = self.below(faces**take)
            for _ in range(take):
                r, d = divmod(r, faces)
                out.append(d + 1)
            k -= take
        return out

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.seed, self.n)

    def to_json(self) -> list[int]:
        return [self.seed, self.n]
