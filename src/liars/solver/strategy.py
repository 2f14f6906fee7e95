"""A behaviour strategy for both players of a :class:`~liars.solver.round.Round`, and its file format.

In memory the strategy is "neutral-padded" per player, which makes every
pass over the tree a product of slices (see :mod:`liars.solver.round`):

* ``edge[p][c, h]``: the chance that player ``p``, holding hand ``h`` at the
  parent of node ``c``, makes the bid leading to ``c``; ``1`` on the rows
  where the other player made that bid;
* ``liar[p][m, h]``: the chance that ``p`` calls "liar" at ``m``; ``1`` on
  the other player's rows, ``0`` at the root (the opener must bid).

On disk (``.npz``) only the acting player's numbers are kept, as ``uint16``
fractions of 65535 in two arrays ``edge`` and ``liar`` of width ``max(H0,
H1)``; loading renormalises each information set, so a loaded strategy is a
proper distribution everywhere whatever the rounding did.  Information sets
the player's own strategy never reaches are stored as zeros (they compress
to nothing) and load as uniform.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .round import Float, Round

SCALE = 65535
FORMAT = "liars-solver/1"


def actors(rnd: Round) -> NDArray[np.int8]:
    """Per node, the player to act (0 opener, 1 responder)."""
    return rnd.popcount_parity()


def action_counts(rnd: Round) -> NDArray[np.float64]:
    """Per node, how many actions the player to act has (bids above the last, plus liar off the root)."""
    last = rnd.last_bid()
    n = (rnd.bids - 1 - last).astype(np.float64)
    n[1:] += 1
    return n


def child_sums(rnd: Round, x: Float) -> Float:
    """``out[m] = sum over children c of m of x[c]``: one slice per bid."""
    out = np.zeros_like(x)
    for b in range(rnd.bids):
        out[: 1 << b] += x[1 << b : 2 << b]
    return out


def normalise(rnd: Round, player: int, edge: Float, liar: Float) -> tuple[Float, Float]:
    """Non-negative weights at ``player``'s information sets -> a neutral-padded behaviour strategy.

    Information sets with zero total weight get the uniform distribution.
    This is regret matching's last step and the average strategy's
    normalisation alike.
    """
    act = actors(rnd)
    own_node = act == player
    own_edge = np.zeros(rnd.nodes, dtype=bool)
    own_edge[1:] = act[1:] != player  # the parent's actor differs from the child's
    e = np.where(own_edge[:, None], edge, 0.0)
    lw = np.where(own_node[:, None], liar, 0.0)
    lw[0] = 0.0
    total = lw + child_sums(rnd, e)
    nact = action_counts(rnd)[:, None]
    safe = np.where(total > 0, total, 1.0)
    out_l = np.where(total > 0, lw / safe, 1.0 / nact)
    out_l[0] = 0.0
    out_e = np.ones_like(e)
    for b in range(rnd.bids):
        s = slice(1 << b, 2 << b)
        par_total, par_safe = total[: 1 << b], safe[: 1 << b]
        out_e[s] = np.where(par_total > 0, e[s] / par_safe, 1.0 / nact[: 1 << b])
    out_e[0] = 1.0
    out_e[~own_edge] = 1.0
    out_l[~own_node] = 1.0
    if player == 1:
        out_l[0] = 1.0  # the responder never acts at the root: neutral
    return out_e, out_l


@dataclass
class Strategy:
    """Both players' behaviour strategies (neutral-padded, see the module doc) and where they came from."""

    round: Round
    edge: tuple[Float, Float]
    liar: tuple[Float, Float]
    meta: dict[str, Any]

    def distribution(self, mask: int, hand: int) -> list[tuple[int, float]]:
        """At node ``mask``, the acting player holding hand index ``hand``: ``[(action, prob)]``.

        ``action`` is ``-1`` for liar, else the bid index.  Zero chances are left out.
        """
        p = mask.bit_count() & 1
        out: list[tuple[int, float]] = []
        if mask:
            pl = float(self.liar[p][mask, hand])
            if pl > 0:
                out.append((-1, pl))
        for b in range(mask.bit_length(), self.round.bids):
            pb = float(self.edge[p][mask | 1 << b, hand])
            if pb > 0:
                out.append((b, pb))
        return out

    # -- the file format ------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the compact ``.npz`` (see the module doc)."""
        rnd = self.round
        act = actors(rnd)
        width = max(rnd.sizes)
        edge = np.zeros((rnd.nodes, width), dtype=np.uint16)
        liar = np.zeros((rnd.nodes, width), dtype=np.uint16)
        for p, h in enumerate(rnd.sizes):
            rows_e = np.zeros(rnd.nodes, dtype=bool)
            rows_e[1:] = act[1:] != p
            rows_l = act == p
            qe = np.where(rows_e[:, None], np.rint(self.edge[p] * SCALE), 0.0)
            ql = np.where(rows_l[:, None], np.rint(self.liar[p] * SCALE), 0.0)
            # Where p's own (rounded) play never gets to, nothing is stored: it loads as uniform.
            live = np.ones((rnd.nodes, h), dtype=bool)
            for b in range(rnd.bids):
                s = slice(1 << b, 2 << b)
                live[s] = live[: 1 << b] & (~rows_e[s, None] | (qe[s] > 0))
            parent_live = np.ones_like(live)
            for b in range(rnd.bids):
                parent_live[1 << b : 2 << b] = live[: 1 << b]
            edge[:, :h] += np.where(parent_live, qe, 0.0).astype(np.uint16)
            liar[:, :h] += np.where(live, ql, 0.0).astype(np.uint16)
        meta = dict(self.meta, format=FORMAT, a=rnd.a, b=rnd.b, wild=rnd.wild, faces=rnd.faces)
        buf = io.BytesIO()
        np.savez_compressed(buf, edge=edge, liar=liar, meta=np.array(json.dumps(meta, sort_keys=True)))
        Path(path).write_bytes(buf.getvalue())

    @classmethod
    def load(cls, path: str | Path) -> Strategy:
        """Read a file written by :meth:`save`; every information set comes back a proper distribution."""
        meta, edge_q, liar_q = load_raw(path)
        if meta.get("format") != FORMAT:
            raise ValueError(f"{path}: not a solver strategy (format {meta.get('format')!r})")
        rnd = Round(meta["a"], meta["b"], meta["wild"], meta["faces"])
        if edge_q.shape != (rnd.nodes, max(rnd.sizes)) or liar_q.shape != edge_q.shape:
            raise ValueError(f"{path}: arrays do not fit a {rnd.a}-{rnd.b} round")
        parts: list[tuple[Float, Float]] = []
        for h in rnd.sizes:
            parts.append(
                normalise(rnd, len(parts), edge_q[:, :h].astype(np.float64), liar_q[:, :h].astype(np.float64))
            )
        return cls(rnd, (parts[0][0], parts[1][0]), (parts[0][1], parts[1][1]), meta)


def load_raw(path: str | Path) -> tuple[dict[str, Any], NDArray[np.uint16], NDArray[np.uint16]]:
    """The metadata and the stored ``uint16`` weights of a strategy file, as they are on disk."""
    with np.load(path, allow_pickle=False) as data:
        meta: dict[str, Any] = json.loads(str(data["meta"]))
        return meta, data["edge"], data["liar"]
