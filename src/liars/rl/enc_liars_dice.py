"""Liar's Dice encoder: the engine's own integer actions, a one-hot view of the table.

The action space is the engine's (``0`` liar, ``1`` spot on, ``2 + b`` the
bid with index ``b``, :func:`liars.games.liars_dice.bid_index`), so it is already fixed and
complete.  The observation keeps everything a seat may know about the
current round and the last call; older rounds only through the dice counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core import Game
from ..games.liars_dice import bid_index as index_of
from .base import Encoder, Field, Obs, thermo

FACES = 6


def bid_index(bid: Mapping[str, Any]) -> int:
    """The engine's index of a bid given as a view's dict."""
    return index_of(int(bid["quantity"]), int(bid["face"]))


class DiceEncoder(Encoder):
    """Layout in ``docs/rl.md``; sizes depend on players ``n`` and dice ``D`` (``B = 6 n D`` bids)."""

    version = 0
    tail = 0  # the current round and the last call are keys of their own: no history

    def __init__(self, game: Game) -> None:
        n = game.players
        d: int = game.options["dice"]
        b = FACES * n * d
        self.dice = d
        self.bids = b
        self.fields = (
            Field("my_dice", FACES * d, "own dice: per face 1-6, a thermometer of how many (D cells)"),
            Field("dice_counts", n * d, "dice left per seat (relative: 0 = me), thermometer of D cells"),
            Field("to_act", n, "one-hot relative seat to act (all 0 once over)"),
            Field("opener", n, "one-hot relative seat that opened this round"),
            Field("bid", b, "one-hot index of the bid to beat, (quantity-1)*6 + face-1; all 0 before one"),
            Field("bids", n * b, "this round's bids: cell r*B + index is 1 if relative seat r made that bid"),
            Field("rev_bid", b, "the last call: one-hot index of the bid that was called"),
            Field("rev_call", 2, "the last call: liar, spot_on"),
            Field("rev_caller", n, "the last call: one-hot relative caller"),
            Field("rev_dice", n * FACES * d, "the last call: every lifted cup, per relative seat and face"),
            Field("rev_losers", n, "the last call: relative seats that lost a die"),
        )
        self.num_actions = 2 + b
        super().__init__(game)
        self._rel = [tuple((s - me) % n for s in range(n)) for me in range(n)]
        self._cup_cells: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._round_memo: dict[tuple[int | None, ...], Obs] = {}
        # Every bid's index by (quantity, face), from the engine's bid_index: a lookup, not a call, per bid.
        self._bid_at = {(q, f): index_of(q, f) for q in range(1, n * d + 1) for f in range(1, FACES + 1)}
        # Offsets of the fields set at every step (see _step).
        self._at_to_act = self.offsets["to_act"]
        self._at_bid = self.offsets["bid"]
        self._at_bids = self.offsets["bids"]

    def _cells(self, cup: list[int]) -> tuple[int, ...]:
        """The thermometer cells of one cup from its block's start (a cup holds at most D dice).

        Cached per cup: a game shows few different cups again and again.
        """
        key = tuple(cup)
        cells = self._cup_cells.get(key)
        if cells is None:
            d = self.dice
            seen = [0] * FACES
            found = []
            for x in cup:
                found.append((x - 1) * d + seen[x - 1])
                seen[x - 1] += 1
            if len(self._cup_cells) > 4096:
                self._cup_cells.clear()
            cells = self._cup_cells[key] = tuple(found)
        return cells

    def _round(self, me: int, dice: list[int], counts: list[int], opener: int | None) -> Obs:
        """The observation with only my dice, the dice counts and the opener set: fixed for a round.

        Cached per (seat, dice, counts, opener), like the cups, and read-only:
        a game shows each round to its seats at every one of their steps, so a
        step copies this array and sets its few own cells (whose turn, the
        bids) instead of building the vector from nothing.
        """
        key = (me, opener, *counts, 0, *dice)
        base = self._round_memo.get(key)
        if base is None:
            rel = self._rel[me]
            d = self.dice
            cells = list(self._cells(dice)) if dice else []  # my_dice is the first field: offset 0
            at = self.offsets["dice_counts"]
            for s, c in enumerate(counts):
                if c:
                    start = at + rel[s] * d
                    cells += range(start, start + c)
            if opener is not None:
                cells.append(self.offsets["opener"] + rel[opener])
            if len(self._round_memo) > 4096:
                self._round_memo.clear()
            base = np.zeros(self.size, dtype=np.float32)
            base.put(cells, 1.0)
            base.flags.writeable = False
            self._round_memo[key] = base
        return base

    def _step(self, view: Mapping[str, Any], out: Obs) -> None:
        """Set the cells that change within a round: whose turn, the bid to beat, the bids, the last call.

        One item at a time: a step sets two to five cells, where gathering
        them for one ``put`` costs more than the assignments.  Bids go
        through ``_bid_at`` (built from the engine's ``bid_index``) instead
        of a call per bid.
        """
        rel = self._rel[view["seat"]]
        to_act = view["to_act"]
        if to_act:
            out[self._at_to_act + rel[to_act[0]]] = 1.0
        bid = view["bid"]
        if bid is not None:
            bid_at = self._bid_at
            out[self._at_bid + bid_at[bid["quantity"], bid["face"]]] = 1.0
            at, b = self._at_bids, self.bids
            for bid in view["bids"]:
                out[at + rel[bid["seat"]] * b + bid_at[bid["quantity"], bid["face"]]] = 1.0
        rev = view["revealed"]
        if rev is not None:
            o = self.offsets
            d = self.dice
            bid = rev["bid"]
            hot = [
                o["rev_bid"] + index_of(bid["quantity"], bid["face"]),
                o["rev_call"] + (rev["call"] == "spot_on"),
                o["rev_caller"] + rel[rev["caller"]],
            ]
            at = o["rev_dice"]
            for s, cup in enumerate(rev["dice"]):
                if cup:
                    hot += map((at + rel[s] * FACES * d).__add__, self._cells(cup))
            at = o["rev_losers"]
            for s in rev["losers"]:
                hot.append(at + rel[s])
            out.put(hot, 1.0)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        np.copyto(out, self._round(view["seat"], view["dice"], view["dice_counts"], view["opener"]))
        self._step(view, out)

    def observe(self, view: Mapping[str, Any]) -> Obs:
        out = self._round(view["seat"], view["dice"], view["dice_counts"], view["opener"]).copy()
        self._step(view, out)
        return out

    def action_name(self, action: int) -> str:
        return str(self.game.action_from_id(action))


class DiceRecallEncoder(Encoder):
    """Perfect-recall tensor for OpenSpiel: one block per round that can be played.

    A match of ``n`` players with ``D`` dice has at most ``n*D - 1`` rounds;
    block ``k`` holds round ``k+1``: my dice, the opener, every bid by
    relative seat, and (once called) the call, the caller and every lifted
    cup.  Bids only ever rise, so the set of bids is the whole sequence.
    """

    def __init__(self, game: Game) -> None:
        n = game.players
        d: int = game.options["dice"]
        self.dice = d
        self.bids = FACES * n * d
        self.rounds = n * d - 1
        self.block = FACES * d + n + n * self.bids + 2 + n + n * FACES * d
        self.fields = (Field("rounds", self.rounds * self.block, "per round: see DiceRecallEncoder"),)
        self.num_actions = 2 + self.bids
        super().__init__(game)

    def _round(self, out: Obs, k: int, me: int, mine: list[int], opener: int | None, bids: Any) -> int:
        n, d, b = self.players, self.dice, self.bids
        at = k * self.block
        for face in range(1, FACES + 1):
            thermo(out, at + (face - 1) * d, mine.count(face), d)
        at += FACES * d
        if opener is not None:
            out[at + (opener - me) % n] = 1.0
        at += n
        for bid in bids:
            out[at + ((bid["seat"] - me) % n) * b + bid_index(bid)] = 1.0
        return at + n * b

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        n, d = self.players, self.dice
        for k, h in enumerate(view["history"]):
            at = self._round(out, k, me, h["dice"][me], h["opener"], h["bids"])
            out[at + (h["call"] == "spot_on")] = 1.0
            out[at + 2 + (h["caller"] - me) % n] = 1.0
            at += 2 + n
            for s, cup in enumerate(h["dice"]):
                base = at + ((s - me) % n) * FACES * d
                for face in range(1, FACES + 1):
                    thermo(out, base + (face - 1) * d, cup.count(face), d)
        if not view["over"]:
            self._round(out, len(view["history"]), me, view["dice"] or [], view["opener"], view["bids"])
