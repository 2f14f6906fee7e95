"""Exact coaching in a solved endgame: the equilibrium's mix and what each action costs.

When two players are left in Liar's Dice with a round the solver has solved
(:mod:`liars.solver`: 1 v 1, 1 v 2 and 2 v 1 dice, with or without wild
ones, no spot-on), the coach can say more than odds.  :func:`exact` gives,
for the seat to act:

- ``actions``: every legal action with the equilibrium's chance of it
  (``prob``), the chance of winning the round if the seat takes it and both
  then play the equilibrium (``win``), and its expected ``loss``: the best
  action's ``win`` minus its own (0 for every action the equilibrium plays,
  up to the table's exploitability); the review shows the loss of the
  action taken;
- ``win``: the seat's chance of winning the round at the equilibrium;
- ``on_path``: whether the equilibrium holding this hand could have made the
  seat's own bids so far.  If not, the solve never reached this position and
  its ``prob`` here is a placeholder (uniform); ``win`` and ``loss`` still
  hold (they are what the equilibrium's continuation is worth).

Everything is read from the seat's view and the solved table: the other's
hand is weighed by the chance of each hand (a roll) times the chance that the
equilibrium, holding it, made the other's bids so far (Bayes); a bid the
equilibrium never makes with any hand leaves the roll's chances alone.  The
values below each action are one backward pass over the subtree of the
public tree under the current node (nodes as bit masks, as the solver lays
them out: :mod:`liars.solver.round`), vectorised over the other's hands.

Needs numpy (the ``solver`` extra); without it, or outside the solved
sizes, :func:`exact` answers ``None``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..games.liars_dice import bid_index, bid_of


@functools.lru_cache(maxsize=8)
def _round(a: int, b: int, wild: bool) -> Any:
    from ..solver.round import Round

    return Round(a, b, 1 if wild else None)


@functools.lru_cache(maxsize=8)
def _holds(a: int, b: int, wild: bool) -> Any:
    """Per bid, ``[h0, h1]`` as +1 (the bid holds) or -1, computed once per round size."""
    import numpy as np

    rnd = _round(a, b, wild)
    return np.stack([np.where(rnd.holds(i), 1.0, -1.0) for i in range(rnd.bids)]).astype(np.float32)


def exact(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The solved endgame's coaching for the seat to act (see the module docstring), or ``None``."""
    try:
        from ..solver import lookup, table
    except ImportError:
        return None
    if lookup(view) is None:  # the solver's own test of "a solved position, the seat to act"
        return None
    counts, opener, seat = view["dice_counts"], view["opener"], view["seat"]
    alive = [s for s, c in enumerate(counts) if c]
    other = alive[0] if alive[1] == opener else alive[1]
    a, b, wild = counts[opener], counts[other], bool(view["options"]["wild_ones"])
    if table(a, b, wild) is None:
        return None
    me = 0 if seat == opener else 1
    h = _round(a, b, wild).hand_index(me, view["dice"])
    m = 0
    for bid in view["bids"]:
        m |= 1 << bid_index(bid["quantity"], bid["face"])
    rows = _node(a, b, wild, me, h, m)
    actions: list[dict[str, Any]] = []
    for action, prob, value in rows:
        if action < 0:
            actions.append({"action": {"type": "liar"}, "prob": prob, "value": value})
        else:
            bid = bid_of(action)
            actions.append(
                {
                    "action": {"type": "bid", "quantity": bid.quantity, "face": bid.face},
                    "prob": prob,
                    "value": value,
                }
            )
    eq = sum(x["prob"] * x["value"] for x in actions)
    best = max(x["value"] for x in actions)
    for x in actions:
        v = x.pop("value")
        x["win"] = (1.0 + v) / 2.0
        x["loss"] = max(0.0, (best - v) / 2.0)
    return {
        "round": {"opener_dice": a, "other_dice": b, "wild_ones": wild},
        "win": (1.0 + eq) / 2.0,
        "on_path": _on_path(a, b, wild, me, h, view["bids"]),
        "actions": actions,
    }


def expected_loss(view: Mapping[str, Any], action: Mapping[str, Any]) -> float | None:
    """The expected loss of ``action`` at ``view``'s decision, in the solver's stakes (+1/-1 a round).

    That is twice the chance of winning the round it gives up against the
    best action (``exact(view)``'s ``loss`` is that chance); ``None`` where
    the position is not solved or ``action`` is not one of the seat's.
    """
    out = exact(view)
    if out is None:
        return None
    for x in out["actions"]:
        if x["action"] == dict(action):
            return 2.0 * float(x["loss"])
    return None


def _on_path(a: int, b: int, wild: bool, me: int, h: int, bids: list[Mapping[str, Any]]) -> bool:
    """Could the equilibrium, holding this hand, have made the seat's own bids so far?

    If not, the table's mix here is a placeholder (its solve never reached
    the position: such information sets load as uniform), so only the
    values and losses mean something, not ``prob``.
    """
    from ..solver import table

    tbl = table(a, b, wild)
    m = 0
    for i, bid in enumerate(bids):
        index = bid_index(bid["quantity"], bid["face"])
        if i % 2 == me and tbl is not None and dict(tbl.weights(m, h)).get(index, 0.0) <= 0.0:
            return False
        m |= 1 << index
    return True


@functools.lru_cache(maxsize=4096)
def _node(a: int, b: int, wild: bool, me: int, h: int, m: int) -> tuple[tuple[int, float, float], ...]:
    """``(action, equilibrium chance, value)`` of each action of ``me`` holding hand ``h`` at node ``m``.

    ``action`` -1 is liar, else the bid index; values are in the solver's
    units (+1 the round won, -1 lost).  Pure in its arguments, so kept: the
    first decision of a 1 v 2 round walks the whole tree (2**18 nodes times
    21 hands, some 0.2 s of CPU), and there are only a few such positions.
    """
    import numpy as np

    from ..solver import table

    tbl = table(a, b, wild)
    if tbl is None:  # exact() checked it; a table cannot vanish between the two
        return ()
    rnd = _round(a, b, wild)
    opp = 1 - me
    ho = rnd.sizes[opp]
    bits = rnd.bids
    raw_edge, raw_liar = tbl.edge, tbl.liar

    def total(q: int) -> Any:
        """The actor's summed weights at node ``q`` (liar, if allowed, and every bid above), per hand."""
        t = raw_liar[q].astype(np.float64) if q else np.zeros(raw_liar.shape[1])
        for c in range(q.bit_length(), bits):
            t = t + raw_edge[q | 1 << c]
        return t

    # Bayes over the other's hand: its rolls' chances times its equilibrium chance of each bid it made.
    post = rnd.probs[opp].astype(np.float64).copy()
    q = 0
    for i, index in enumerate(i for i in range(bits) if m >> i & 1):
        child = q | 1 << index
        if i % 2 == opp:  # the opener bids first, then they alternate
            t = total(q)[:ho]
            n = bits - q.bit_length() + (1 if q else 0)
            w = raw_edge[child, :ho].astype(np.float64)
            post *= np.where(t > 0, w / np.where(t > 0, t, 1.0), 1.0 / n)
        q = child
    post = post / post.sum() if post.sum() > 0 else rnd.probs[opp] / rnd.probs[opp].sum()
    top = m.bit_length() - 1
    r = bits - top - 1  # bids above the standing one: the subtree below m is 2**r nodes
    ks = np.arange(1 << r, dtype=np.int64)
    rows = m | (ks << (top + 1))
    # The same rows as a strided slice (m's bits all lie below top + 1): views, not copies.
    sub_edge, sub_liar = raw_edge[m :: 1 << (top + 1)], raw_liar[m :: 1 << (top + 1)]
    parity = (m.bit_count() + np.bitwise_count(ks.astype(np.uint64)).astype(np.int64)) % 2
    mine = parity == me  # whose node: an even count of bids means the opener acts
    f32 = np.float32
    n = 1 << r
    # The weight the node's actor gives "liar" there, and the weight of the bid leading to each node
    # (given by the parent's actor, the other one); mine: my hand's column, broadcast.  Written
    # into float32 arrays made once: at a round's first decision they are 2**18 rows of 21 hands.
    p_liar = np.empty((n, ho), dtype=f32)
    p_liar[...] = sub_liar[:, :ho]
    np.copyto(p_liar, sub_liar[:, h : h + 1], where=mine[:, None])
    p_edge = np.empty((n, ho), dtype=f32)
    p_edge[...] = sub_edge[:, :ho]
    np.copyto(p_edge, sub_edge[:, h : h + 1], where=~mine[:, None])  # my bid led here: my column
    if m == 0:
        p_liar[0] = 0.0  # the opener must bid
    tot = p_liar.copy()
    for j in range(r):
        tot[: 1 << j] += p_edge[1 << j : 2 << j]
    top_rel = np.full(n, -1, dtype=np.int64)
    for j in range(r):
        top_rel[1 << j : 2 << j] = j
    uniform = (1.0 / (r - 1 - top_rel + (rows != 0))).astype(f32)[:, None]  # 1 / the actor's actions
    unreached = tot <= 0  # weights all zero: the table's uniform stand-in
    # Normalise in place: liar by its own node's total, each bid by its parent's (slice by slice).
    np.divide(p_liar, tot, out=p_liar, where=~unreached)
    np.copyto(p_liar, uniform, where=unreached)
    for j in range(r):
        s = slice(1 << j, 2 << j)
        par = slice(0, 1 << j)
        np.divide(p_edge[s], tot[par], out=p_edge[s], where=~unreached[par])
        np.copyto(p_edge[s], uniform[par], where=unreached[par])
    if m == 0:
        p_liar[0] = 0.0
    del tot, unreached
    holds = _holds(a, b, wild)  # [bid, h0, h1]
    mine_holds = holds[:, h, :] if me == 0 else holds[:, :, h]  # [bid, other's hand]
    # The payoff to me of "liar" at a node: the last bid's bidder wins when it holds.
    bidder_is_me = ((parity + 1) % 2) == me  # after an odd count of bids the opener bid last
    sign = np.where(bidder_is_me, 1.0, -1.0).astype(f32)[:, None]
    values = np.zeros((n, ho), dtype=f32)  # the children's sums, then each node's value
    for j in reversed(range(r)):
        s = slice(1 << j, 2 << j)
        values[s] += p_liar[s] * (mine_holds[top + 1 + j][None, :] * sign[s])
        values[: 1 << j] += p_edge[s] * values[s]
    leaf0 = mine_holds[top] * sign[0] if m else np.zeros(ho, dtype=f32)

    out: list[tuple[int, float, float]] = []
    if m:
        out.append((-1, float(p_liar[0, 0]), float(post @ leaf0)))
    for j in range(r):
        out.append((top + 1 + j, float(p_edge[1 << j, 0]), float(post @ values[1 << j])))
    return tuple(out)
