"""A :class:`~liars.rng.Chance` that logs every draw: how the differential tests see the engine's chance.

The JAX environments draw their chance themselves; to compare them with the engine step by
step, a test lets the engine draw from a seeded :class:`~liars.rng.Rng` through this wrapper
and copies each logged outcome into the JAX state.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from liars.rng import Chance, Rng

T = TypeVar("T")


class Recording:
    """Draws from ``Rng(seed)`` and logs each draw as ``(kind, outcome)``.

    ``below`` logs ``[result]``, ``dice`` the faces, ``shuffle`` the items in their new order.
    """

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.log: list[tuple[str, list[Any]]] = []

    @property
    def outcomes(self) -> list[list[Any]]:
        """The outcomes alone, oldest first."""
        return [x for _, x in self.log]

    def below(self, m: int) -> int:
        got = self.rng.below(m)
        self.log.append(("below", [got]))
        return got

    def dice(self, k: int, faces: int = 6) -> list[int]:
        got = self.rng.dice(k, faces)
        self.log.append(("dice", list(got)))
        return got

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.rng.shuffle(items)
        self.log.append(("shuffle", list(items)))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Chance:
        return self.rng.copy()

    def to_json(self) -> list[int]:
        return self.rng.to_json()
