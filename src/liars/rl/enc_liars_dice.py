"""Liar's Dice encoder: the engine's own integer actions, a one-hot view of the table.

The action space is the engine's (``0`` liar, ``1`` spot on, ``2 + b`` the
bid with index ``b``, :func:`liars.games.liars_dice.bid_index`), so it is already fixed and
complete.  The observation keeps everything a seat may know about the
current round and the last call; older rounds only through the dice counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ..core import Game, State
from ..games.liars_dice import DiceState
from ..games.liars_dice import bid_index as index_of
from .base import Encoder, Field, Mask, Obs, thermo

FACES = 6


def bid_index(bid: Mapping[str, Any]) -> int:
    """The engine's index of a bid given as a view's dict."""
    return index_of(int(bid["quantity"]), int(bid["face"]))


def _copy_revealed(rev: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a view's last call that shares none of its lists or dicts (a kept call stays as seen)."""
    out = dict(rev)
    out["bid"] = dict(rev["bid"])
    out["dice"] = [list(cup) for cup in rev["dice"]]
    out["losers"] = list(rev["losers"])
    return out


#: A seat's kept round before its first view: an object equal to no view's value.
_NOT_SEEN: tuple[Any, ...] = (object(),) * 5


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
        self._mask_rows: dict[bytes, Mask] = {}  # see mask
        # Per seat: the values of the last view its round base came from, and that base (see _base).
        self._seen: list[tuple[Any, ...]] = [_NOT_SEEN] * n
        # Per seat: the state object and history length its base was last taken for (see observe_of).
        self._kept: list[tuple[State | None, int, Obs]] = [(None, -1, np.zeros(0, np.float32))] * n
        # Blocks of a base by what they show, zeros for the bids, seats in each viewer's order (see _base_of).
        self._blocks: tuple[dict[tuple[Any, ...], Obs], ...] = ({}, {}, {}, {})  # cups, tables, calls, losers
        self._middle = np.zeros(b + n * b, dtype=np.float32)
        self._middle.flags.writeable = False
        self._order = [tuple((me + r) % n for r in range(n)) for me in range(n)]
        # The last call seen (a copy) and its cells per seat, built when first needed (see _rev_tail).
        self._rev_seen: tuple[Any, list[Obs | None], Obs] = (None, [], np.zeros(0, np.float32))
        # Every bid's index by (quantity, face), from the engine's bid_index: a lookup, not a call, per bid.
        self._bid_at = {(q, f): index_of(q, f) for q in range(1, n * d + 1) for f in range(1, FACES + 1)}
        # Offsets of the fields set at every step (see _step).
        self._at_to_act = self.offsets["to_act"]
        self._at_bid = self.offsets["bid"]
        self._at_bids = self.offsets["bids"]
        self._at_rev = at0 = self.offsets["rev_bid"]  # the last call's fields run from here to the end
        # Per seat: where in the last call's cells by absolute seat each of its relative cells is.
        o = {name: at - at0 for name, at in self.offsets.items()}
        block = np.arange(FACES * d)
        self._rev_order: list[npt.NDArray[np.intp]] = []
        for me in range(n):
            order = (np.arange(n) + me) % n
            parts = [
                np.arange(o["rev_caller"]),  # rev_bid, rev_call: no seat in them
                o["rev_caller"] + order,
                (o["rev_dice"] + order[:, None] * FACES * d + block).ravel(),
                o["rev_losers"] + order,
            ]
            self._rev_order.append(np.concatenate(parts))

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

    def _base(self, view: Mapping[str, Any]) -> Obs:
        """The cells that hold for a whole round: :meth:`_round`'s and the last call's.

        The last call (``revealed``) stays the same for the round after it,
        and setting its cells (the bid called, the call, the caller, every
        lifted cup, the losers) at every step cost more than all the rest of
        a five-dice observation.  So each seat keeps the base of the round it
        last saw, with copies of the view's values it was built from; a view
        whose values are all equal to them, compared in full (so a view of
        another game or round, or one changed since, never gets a stale
        base), takes it as it is.  Read-only.
        """
        me = view["seat"]
        dice = view["dice"]
        counts = view["dice_counts"]
        opener = view["opener"]
        rev = view["revealed"]
        seen = self._seen[me]
        if dice == seen[0] and counts == seen[1] and opener == seen[2] and rev == seen[3]:
            base: Obs = seen[4]
            return base
        base = self._round(me, dice, counts, opener)
        if rev is not None:
            rev, tail = self._rev_tail(me, rev)
            base = base.copy()
            base[self._at_rev :] = tail
            base.flags.writeable = False
        self._seen[me] = (list(dice), list(counts), opener, rev, base)
        return base

    def _rev_tail(self, me: int, rev: Mapping[str, Any]) -> tuple[dict[str, Any], Obs]:
        """A copy of the last call ``rev`` and its cells (the fields from ``rev_bid`` on) as ``me`` sees them.

        Every seat sees the same last call: the one seen last is kept, as a
        copy, with its cells built once by absolute seat and gathered into a
        seat's relative order when that seat first needs them (a call equal
        to the kept one in full takes them).
        """
        seen = self._rev_seen
        if rev != seen[0]:
            absolute = self._rev_cells(rev)
            tails: list[Obs | None] = [None] * self.players
            tails[0] = absolute  # seat 0's relative order is the absolute one
            seen = self._rev_seen = (_copy_revealed(rev), tails, absolute)
        tails = seen[1]
        tail = tails[me]
        if tail is None:
            tail = tails[me] = seen[2][self._rev_order[me]]
        return seen[0], tail

    def _rev_cells(self, rev: Mapping[str, Any]) -> Obs:
        """The cells of the last call ``rev`` (the fields from ``rev_bid`` on), by absolute seat."""
        o = self.offsets
        at0 = self._at_rev
        cup_at = o["rev_dice"] - at0
        block = FACES * self.dice
        bid = rev["bid"]
        hot = [
            o["rev_bid"] - at0 + index_of(bid["quantity"], bid["face"]),
            o["rev_call"] - at0 + (rev["call"] == "spot_on"),
            o["rev_caller"] - at0 + rev["caller"],
        ]
        for s, cup in enumerate(rev["dice"]):
            if cup:
                hot += map((cup_at + s * block).__add__, self._cells(cup))
        at = o["rev_losers"] - at0
        for s in rev["losers"]:
            hot.append(at + s)
        absolute = np.zeros(self.size - at0, dtype=np.float32)
        absolute.put(hot, 1.0)
        return absolute

    def _step(self, view: Mapping[str, Any], out: Any) -> None:
        """Set the cells that change within a round: whose turn, the bid to beat, the bids.

        One item at a time, through the vector's ``memoryview`` (numpy's own
        item assignment parses its index and converts the value each time):
        a step sets two to five cells, where gathering them for one ``put``
        costs more than the assignments.  Bids go through ``_bid_at`` (built
        from the engine's ``bid_index``) instead of a call per bid.
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

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        np.copyto(out, self._base(view))
        self._step(view, out.data)

    def observe(self, view: Mapping[str, Any]) -> Obs:
        out = self._base(view).copy()
        self._step(view, out.data)
        return out

    def observe_of(self, view: Mapping[str, Any], state: State) -> Obs:
        """:meth:`observe`, with the seat's round base kept per state object while its history is as long.

        A state's dice, counts, opener and last call change only when a call
        ends a round, and a call always adds a history entry, so for one
        state object and one ``history_len`` a seat's base is fixed: it is
        taken as kept, without :meth:`_base`'s comparison of the view's values
        with copies of earlier ones (the last call alone is a dozen nested
        lists and dicts), and a new one is built by :meth:`_base_of` without
        those copies.  Another state object (a new game, a swapped state) or a
        longer history gets a new base.  The state itself is never read.
        """
        me = view["seat"]
        kept = self._kept[me]
        length = view["history_len"]
        if kept[0] is not state or kept[1] != length:  # once a round per seat: a new base
            kept = self._kept[me] = (state, length, self._base_of(view))
        out: Obs = kept[2].copy()
        self._step(view, out.data)
        return out

    def _base_of(self, view: Mapping[str, Any]) -> Obs:
        """:meth:`_base` for :meth:`observe_of`: built, never compared with copies; never handed out.

        Without a last call, the round memo's array as it is.  With one (every
        round after the first), one ``concatenate`` of blocks kept by what
        they show: my cup, the table (counts and opener, by viewer), zeros for
        the bids, the call (bid, call, caller), each lifted cup in the seat's
        order, the losers.  Each block is found again in nearly every game,
        where the round memo, keyed by all of them at once, missed a third of
        the time (five dice) and then set every cell one by one, and the last
        call's cells were set by absolute seat and gathered for each seat.
        """
        me = view["seat"]
        rev = view["revealed"]
        if rev is None:
            return self._round(me, view["dice"], view["dice_counts"], view["opener"])
        cups, tables, calls, losers = self._blocks  # one dict per kind: their keys could be equal tuples
        key = tuple(view["dice"])
        cup = cups.get(key)
        if cup is None:
            cup = self._block(cups, key, self._cup_cells_of(key))
        key = (me, view["opener"], *view["dice_counts"])
        table = tables.get(key)
        if table is None:
            table = self._block(tables, key, self._table_cells(me, view["dice_counts"], view["opener"]))
        bid = rev["bid"]
        key = (me, bid["quantity"], bid["face"], rev["call"], rev["caller"])
        call = calls.get(key)
        if call is None:
            call = self._block(calls, key, self._call_cells(me, *key[1:]))
        parts = [cup, table, self._middle, call]
        lifted = rev["dice"]
        for s in self._order[me]:
            key = tuple(lifted[s])
            cup = cups.get(key)
            if cup is None:
                cup = self._block(cups, key, self._cup_cells_of(key))
            parts.append(cup)
        key = (me, *rev["losers"])
        lost = losers.get(key)
        if lost is None:
            rel = self._rel[me]
            lost = self._block(losers, key, [self.players, *(rel[s] for s in rev["losers"])])
        parts.append(lost)
        base: Obs = np.concatenate(parts)
        return base

    @staticmethod
    def _block(kept: dict[tuple[Any, ...], Obs], key: tuple[Any, ...], spec: list[int]) -> Obs:
        """A read-only block of ``spec[0]`` zeros with ones at the cells ``spec[1:]``, kept under ``key``."""
        if len(kept) > 4096:
            kept.clear()
        block = np.zeros(spec[0], dtype=np.float32)
        block.put(spec[1:], 1.0)
        block.flags.writeable = False
        kept[key] = block
        return block

    def _cup_cells_of(self, cup: tuple[int, ...]) -> list[int]:
        """:meth:`_block`'s spec of one cup's thermometers (a ``my_dice`` or ``rev_dice`` block)."""
        return [FACES * self.dice, *self._cells(list(cup))] if cup else [FACES * self.dice]

    def _table_cells(self, me: int, counts: list[int], opener: int | None) -> list[int]:
        """:meth:`_block`'s spec of the fields ``dice_counts``, ``to_act`` (zeros) and ``opener``."""
        n, d = self.players, self.dice
        rel = self._rel[me]
        spec = [n * d + 2 * n]
        for s, c in enumerate(counts):
            spec += range(rel[s] * d, rel[s] * d + c)
        if opener is not None:
            spec.append(n * d + n + rel[opener])
        return spec

    def _call_cells(self, me: int, quantity: int, face: int, call: str, caller: int) -> list[int]:
        """:meth:`_block`'s spec of the fields ``rev_bid``, ``rev_call`` and ``rev_caller``."""
        b = self.bids
        return [
            b + 2 + self.players,
            index_of(quantity, face),
            b + (call == "spot_on"),
            b + 2 + self._rel[me][caller],
        ]

    def mask(self, state: State, seat: int) -> Mask:
        """The engine's mask as a fresh array: a copy of an array kept per row of the game's mask table.

        Liar's Dice's legal ids depend only on the dice in play and the bid
        to beat, and the engine hands out that row itself
        (``legal_mask_row``, shared and immutable), so each row becomes a
        numpy array once and a step copies it, where ``frombuffer`` of the
        engine's new ``bytearray`` cost twice as much.  Callers still get
        their own writable array.
        """
        if not state.to_act or state.to_act[0] != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        row = cast(DiceState, state).legal_mask_row()
        kept = self._mask_rows.get(row)
        if kept is None:
            if len(self._mask_rows) > 4096:
                self._mask_rows.clear()
            kept = self._mask_rows[row] = np.frombuffer(row, dtype=np.int8)  # read-only: only copied
        return kept.copy()

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
