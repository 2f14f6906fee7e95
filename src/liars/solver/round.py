"""One round of two-player Liar's Dice as the solver sees it: hands, chance, payoffs, the bid tree.

The public tree is indexed by bit masks.  Bids only go up, so a bid
sequence *is* the set of bids made: node ``m`` is the sequence of the set
bits of ``m`` in increasing order, its last bid is the highest set bit,
its parent is ``m`` without that bit, and ``popcount(m)`` bids were made
(even: the opener acts, odd: the responder).  Every node ``m >= 1`` may also
end in "liar".  This numbering makes every pass over the tree a handful of
contiguous slices: the nodes whose last bid is ``b`` are exactly
``[2**b, 2**(b+1))`` and their parents are ``[0, 2**b)`` in the same order.
That is what keeps a numpy solver fast without a Python loop per node.

Hands are sorted multisets of dice (6 for one die, 21 for two, 56 for
three); the private-information arrays have one column per hand.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

Float = NDArray[np.float64]

FACES = 6


def hands_of(n: int, faces: int = FACES) -> list[tuple[int, ...]]:
    """All sorted hands of ``n`` dice, in lexicographic order (the column order of every array)."""
    return list(itertools.combinations_with_replacement(range(1, faces + 1), n))


def hand_prob(hand: tuple[int, ...], faces: int = FACES) -> float:
    """Chance of rolling this multiset: the multinomial count over ``faces ** n``."""
    ways = math.factorial(len(hand))
    for f in set(hand):
        ways //= math.factorial(hand.count(f))
    return float(ways / faces ** len(hand))


@dataclass(frozen=True)
class Round:
    """A round between the opener with ``a`` dice and the responder with ``b``.

    ``wild`` is the face that counts for every other face (not in a bid on
    itself): ``1`` for our ``wild_ones``, ``6`` for OpenSpiel's
    ``liars_dice``, ``None`` for the plain game.  ``faces`` below 6 only
    serves tiny test games.
    """

    a: int
    b: int
    wild: int | None = None
    faces: int = FACES
    hands: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = field(init=False, repr=False, compare=False)
    probs: tuple[Float, Float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.a < 1 or self.b < 1:
            raise ValueError("both players need at least one die")
        if self.wild is not None and not 1 <= self.wild <= self.faces:
            raise ValueError(f"the wild face must be between 1 and {self.faces}")
        hands = (hands_of(self.a, self.faces), hands_of(self.b, self.faces))
        object.__setattr__(self, "hands", hands)
        probs = tuple(np.array([hand_prob(h, self.faces) for h in hs]) for hs in hands)
        object.__setattr__(self, "probs", probs)

    @property
    def bids(self) -> int:
        """Number of distinct bids (quantity 1..a+b times each face): the bits of a node mask."""
        return (self.a + self.b) * self.faces

    @property
    def nodes(self) -> int:
        return 1 << self.bids

    @property
    def sizes(self) -> tuple[int, int]:
        return len(self.hands[0]), len(self.hands[1])

    def bid(self, index: int) -> tuple[int, int]:
        """(quantity, face) of bid ``index``; the order is the engine's (``liars_dice.bid_of``)."""
        q, f = divmod(index, self.faces)
        return q + 1, f + 1

    def count(self, hand: tuple[int, ...], face: int) -> int:
        """Dice of ``hand`` that count for ``face`` (the wild face counts unless bid on itself)."""
        return sum(1 for d in hand if d == face or (d == self.wild and face != self.wild))

    def holds(self, index: int) -> NDArray[np.bool_]:
        """``[h0, h1]``: does bid ``index`` hold with the opener holding ``h0`` and the responder ``h1``?"""
        q, f = self.bid(index)
        c0 = np.array([self.count(h, f) for h in self.hands[0]])
        c1 = np.array([self.count(h, f) for h in self.hands[1]])
        return np.asarray(c0[:, None] + c1[None, :] >= q)

    def payoff(self) -> list[Float]:
        """Per bid, ``[h0, h1]``: the opener's payoff (+1 win, -1 loss) when the *opener* made it and
        the responder called.  If the responder made it, the opener's payoff is the negation."""
        return [np.where(self.holds(i), 1.0, -1.0) for i in range(self.bids)]

    def popcount_parity(self) -> NDArray[np.int8]:
        """Per node: 0 if the opener acts there (an even number of bids made), else 1."""
        par = np.zeros(1, dtype=np.int8)
        for _ in range(self.bids):
            par = np.concatenate([par, 1 - par])
        return par

    def last_bid(self) -> NDArray[np.int64]:
        """Per node: the last bid made (-1 at the root)."""
        out = np.full(self.nodes, -1, dtype=np.int64)
        for b in range(self.bids):
            out[1 << b : 2 << b] = b
        return out

    def hand_index(self, player: int, dice: list[int] | tuple[int, ...]) -> int:
        return self.hands[player].index(tuple(sorted(dice)))

    def mask(self, bids: list[int]) -> int:
        """The node reached by this increasing sequence of bid indices."""
        m = 0
        for b in bids:
            if not 0 <= b < self.bids or m >> b:
                raise ValueError(f"not an increasing bid sequence inside this round: {bids}")
            m |= 1 << b
        return m
