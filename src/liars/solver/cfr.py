"""Vectorised CFR+ over the public bid tree, with arrays over the private hands.

Each iteration is one pass down and one pass up the tree per player
(alternating updates, as CFR+ prescribes), and every pass is one numpy
operation per *bid*, not per node: the mask numbering of
:mod:`liars.solver.round` lays the children of all nodes with the same last
bid out as one contiguous slice.  Counterfactual values at the "liar"
leaves are a matrix product per bid: the opponent's reach over their hands
times the +-1 payoff matrix of that bid.  All arrays are float32 (the passes
are memory-bound), allocated once and updated in place: at (1, 2) dice they
are 22 MB each, and fresh temporaries would spend the time in page faults
rather than arithmetic.

CFR+ as in Tammelin (2014): regrets are floored at zero after every update,
the average strategy weights iteration ``t`` by ``t``.  The average
strategy converges to a Nash equilibrium; :func:`liars.solver.exploit.exploitability`
measures how close, independently of anything kept here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from .round import Round
from .strategy import Strategy, action_counts, actors, normalise

Arr = NDArray[Any]  # float32 by default: the passes are memory-bound
TINY = 1e-30  # regret sums at most this count as zero (float32's smallest normal is 1.2e-38)


class _Player:
    """One player's cumulative regrets, average weights, current strategy and scratch space."""

    def __init__(self, rnd: Round, p: int, act: Arr, dtype: type) -> None:
        n, h = rnd.nodes, rnd.sizes[p]
        own_node = act == p
        own_node[0] = p == 0
        own_edge: Arr = np.zeros(n, dtype=bool)
        own_edge[1:] = act[1:] != p
        self.own_node: Arr = own_node.astype(dtype)[:, None]
        self.own_edge: Arr = own_edge.astype(dtype)[:, None]
        self.liar_rows = self.own_node.copy()
        self.liar_rows[0] = 0.0  # nobody calls before the first bid
        self.regret_edge: Arr = np.zeros((n, h), dtype=dtype)
        self.regret_liar: Arr = np.zeros((n, h), dtype=dtype)
        self.avg_edge: Arr = np.zeros((n, h), dtype=dtype)
        self.avg_liar: Arr = np.zeros((n, h), dtype=dtype)
        self.edge: Arr = np.zeros((n, h), dtype=dtype)  # current strategy, neutral-padded
        self.liar: Arr = np.zeros((n, h), dtype=dtype)
        self.total: Arr = np.zeros((n, h), dtype=dtype)
        self.work: Arr = np.zeros((n, h), dtype=dtype)
        self.values: Arr = np.zeros((n, h), dtype=dtype)
        self.leaf: Arr = np.zeros((n, h), dtype=dtype)
        self.reach: Arr = np.zeros((n, h), dtype=dtype)


class CFRPlus:
    """The solver state: cumulative regrets and average-strategy weights for both players."""

    def __init__(self, rnd: Round, dtype: type = np.float32) -> None:
        self.round = rnd
        self.iterations = 0
        act = actors(rnd)
        # +1 where the opener made the last bid (the responder acts now), -1 where the responder did.
        self.opener_bid: Arr = np.where(act == 1, 1.0, -1.0).astype(dtype)[:, None]
        self.opener_bid[0] = 0.0
        payoff = rnd.payoff()
        # Per player and bid: the matrix taking the other's reach to this player's leaf value.
        self.mats: tuple[list[Arr], list[Arr]] = (
            [u.T.astype(dtype) for u in payoff],
            [(-u).astype(dtype) for u in payoff],
        )
        self.inv_nact: Arr = (1.0 / action_counts(rnd)[:, None]).astype(dtype)
        self.probs: tuple[Arr, Arr] = (rnd.probs[0].astype(dtype), rnd.probs[1].astype(dtype))
        self.players = (_Player(rnd, 0, act, dtype), _Player(rnd, 1, act, dtype))
        for p, pl in enumerate(self.players):
            self._match(p, pl.regret_edge, pl.regret_liar)

    def _match(self, p: int, edge_regret: Arr, liar_regret: Arr) -> None:
        """Regret matching into the current strategy of ``p`` (uniform where no regret is positive)."""
        pl, bits = self.players[p], self.round.bids
        total, work = pl.total, pl.work
        np.copyto(total, liar_regret)
        for b in range(bits):
            total[: 1 << b] += edge_regret[1 << b : 2 << b]
        # work = 1 where nothing is (really) positive: uniform there, and total made safe to divide
        # by.  Not "== 0": a float32 denormal would overflow the reciprocal into inf * 0 = nan.
        np.less_equal(total, TINY, out=work)
        total += work
        np.reciprocal(total, out=total)
        work *= self.inv_nact
        np.multiply(liar_regret, total, out=pl.liar)
        pl.liar += work
        pl.liar *= pl.liar_rows
        pl.liar += 1.0 - pl.own_node
        edge = pl.edge
        for b in range(bits):
            s = slice(1 << b, 2 << b)
            np.multiply(edge_regret[s], total[: 1 << b], out=edge[s])
            edge[s] += work[: 1 << b]
        edge *= pl.own_edge
        edge += 1.0 - pl.own_edge
        edge[0] = 1.0

    def _reach(self, pl: _Player, start: Arr) -> Arr:
        r, e = pl.reach, pl.edge
        r[0] = start
        for b in range(self.round.bids):
            np.multiply(r[: 1 << b], e[1 << b : 2 << b], out=r[1 << b : 2 << b])
        return r

    def _update(self, p: int, weight_t: float) -> None:
        rnd = self.round
        me, other = self.players[p], self.players[1 - p]
        opp = self._reach(other, self.probs[1 - p])
        opp *= other.liar
        leaf, v, work = me.leaf, me.values, me.work
        leaf[0] = 0.0
        for b in range(rnd.bids):
            s = slice(1 << b, 2 << b)
            np.matmul(opp[s], self.mats[p][b], out=leaf[s])
        leaf *= self.opener_bid
        # Values up the tree: the opponent's chances are in the leaves already, ours multiply in.
        np.multiply(leaf, me.liar, out=v)
        for b in reversed(range(rnd.bids)):
            s = slice(1 << b, 2 << b)
            np.multiply(me.edge[s], v[s], out=work[s])
            v[: 1 << b] += work[s]
        # Regrets: child value minus node value on our edges, leaf minus node value on our liar calls.
        for b in range(rnd.bids):
            s = slice(1 << b, 2 << b)
            np.subtract(v[s], v[: 1 << b], out=work[s])
        work[0] = 0.0
        # (Rows of the other player's edges and nodes collect junk here: regret matching and the
        # final normalisation mask them, which is cheaper than masking every update.)
        me.regret_edge += work
        np.maximum(me.regret_edge, 0.0, out=me.regret_edge)
        np.subtract(leaf, v, out=work)
        work[0] = 0.0  # the root has no "liar"
        me.regret_liar += work
        np.maximum(me.regret_liar, 0.0, out=me.regret_liar)
        # The average strategy: own reach times the strategy played, weighted by the iteration.
        mine = self._reach(me, np.ones(rnd.sizes[p]))
        mine *= weight_t
        me.avg_edge += mine
        mine *= me.liar
        me.avg_liar += mine
        self._match(p, me.regret_edge, me.regret_liar)

    def run(self, iterations: int) -> None:
        """``iterations`` more rounds of alternating CFR+ updates."""
        for _ in range(iterations):
            self.iterations += 1
            t = float(self.iterations)
            self._update(0, t)
            self._update(1, t)

    def average(self) -> Strategy:
        """The average strategy so far (what converges to the equilibrium)."""
        rnd = self.round
        parts = [
            normalise(rnd, p, pl.avg_edge.astype(np.float64), pl.avg_liar.astype(np.float64))
            for p, pl in enumerate(self.players)
        ]
        return Strategy(
            rnd, (parts[0][0], parts[1][0]), (parts[0][1], parts[1][1]), {"iterations": self.iterations}
        )
