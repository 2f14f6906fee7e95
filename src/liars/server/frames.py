"""Framing: the ``view`` message each connection is sent, built and encoded once per seat.

A seat asked in an open challenge window sees the position as it is asked of
it (every seat before it has passed), not the game's own state: the window
driver gives that position (:meth:`.window.WindowDriver.decision_state`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import orjson

from liars.core import JSON

from .conn import Conn, MetricKey
from .refusals import TableError

if TYPE_CHECKING:
    from .tables import Table


def dumps(obj: Any) -> str:
    """Compact JSON text; orjson, because encoding views is much of the server's work under load."""
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()


def asked(table: Table, seat: int | None) -> bool:
    """Whether ``seat`` sees a window's decision position (the seats before it passed), not the game."""
    st, win = table.state, table.windows.current
    return (
        st is not None
        and win is not None
        and seat is not None
        and not st.over
        and seat in st.window
        and seat not in win.answers
        and st.window[0] != seat
    )


def frame(table: Table, seat: int | None, since: int | None = None) -> JSON:
    """The ``view`` message for ``seat``: its own view and what it may do now.

    ``since``: the history from that index on only (and ``since`` in the frame), for a
    connection that holds the rest (``?history=tail``).
    """
    st = table.state
    if st is None:
        raise TableError("waiting", "the game has not started")
    win = table.windows.current
    src, legal, deadline = st, [], None
    now = asyncio.get_running_loop().time()
    if seat is not None and not st.over:
        if win is not None and seat in st.window:
            if seat not in win.answers:
                src = table.windows.decision_state(seat)
                legal = src.legal_actions(seat)
                deadline = win.deadline
        else:
            legal = st.legal_actions(seat)
            deadline = table.timers.turn_deadline(seat)
    out: JSON = {
        "type": "view",
        "table": table.id,
        "seq": table.seq,
        "seat": seat,
        "view": src.view(seat) if since is None else src.view(seat, since=since),
        "legal": [a.to_json() for a in legal],
        "deadline": None if deadline is None else round(max(0.0, deadline - now), 3),
        "window": None if win is None else {"seats": list(st.window), "closes": round(win.deadline - now, 3)},
        "away": [s.index for s in table.seats if s.away],
    }
    if since is not None:
        out["since"] = since
    return out


def push_views(
    table: Table, conns: Iterable[Conn], key: MetricKey | None = None, cache: dict[Any, Any] | None = None
) -> None:
    """Send each of ``conns`` its view: built and encoded once per seat (and history start).

    A tail connection gets the history from what it holds on (``conn.held``: the
    history's epoch and length).  Within one epoch (``State.history_epoch``) a history
    only grows, so the tail is exact; when the epoch moved on (Liegen keeps the current
    round's record only), the client is sent the whole history again.  A window's
    decision position (the seats before the asked one have passed) is not the game's
    history, so it is always sent whole, and the client holds nothing to extend after it.
    """
    cache = {} if cache is None else cache
    for c in conns:
        seat = c.seat
        if not c.tail:
            text = cache.get((seat, None))
            if text is None:
                text = cache[(seat, None)] = dumps(frame(table, seat))
            c.push_view(text, key)
            continue
        if asked(table, seat):
            text = cache.get((seat, 0))
            if text is None:
                text = cache[(seat, 0)] = dumps(frame(table, seat, 0))
            c.push_view(text, key, None)
            continue
        held, st = c.held, table.state
        epoch = 0 if st is None else st.history_epoch
        since = held[1] if held is not None and held[0] == epoch else 0
        hit = cache.get((seat, since))
        if hit is None:
            out = frame(table, seat, since)
            view = out["view"]
            length = view.get("history_len")
            if not isinstance(length, int):  # a game without one: whole views, always
                c.push_view(dumps(out), key, None)
                continue
            if since > length:  # cannot happen within an epoch; never leave stale entries
                since = 0
                out = frame(table, seat, 0)
            hit = cache[(seat, since)] = (dumps(out), (view["history_epoch"], length))
        c.push_view(hit[0], key, hit[1])
