"""The coach at a live table: odds for the seats that asked, and each seat's review after the game.

The host decides at creation whether the table allows coaching (the setting
``coach``, default true); each connection then switches its own coach on or
off (``{"type": "coach", "on": true}``, off by default).  While it is on, the
connection is sent a ``coach`` frame with :func:`liars.coach.odds` of the view
its seat was just sent (the same position: in a challenge window, the one the
seat is asked in) after every change that seat sees.  Nothing goes to a
spectator or to another seat, and the coach reads only that seat's view, so
it can tell nothing the view does not hold.  A table whose host said no
refuses the switch here, in the server (``coach_off``), not only in the page.

The odds cost milliseconds to tens of milliseconds, so they are computed in a
thread, never on the event loop, and only for seats with a switch on.  Per
seat at most one computation runs; positions that arrive meanwhile are
folded into the newest, and an answer overtaken by a newer position is not
sent (the newer one follows).  Across the server at most two run at once
(:class:`Slots`), so coaching never takes every thread from the bots.

After the game, ``{"type": "review"}`` asks for the seat's own review
(:func:`liars.coach.review.review` from the seat's views): computed once per
seat in a thread, kept, and sent to the connection that asked as a ``review``
frame.  A review replays the whole game with sampled continuations (seconds;
half a minute for a long four-player Liegen), so reviews have a thread of their
own, one at a time across the server, and never hold up the odds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import liars
from liars import coach as coach_
from liars.core import JSON

from .conn import Conn
from .frames import dumps, frame
from .refusals import TableError

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("liars.server")


class Slots:
    """How many coach computations run at once in the whole server (one per hub).

    The odds and the reviews take threads the bots need too, so both are bounded, apart: a
    long review waits for the one before it but never delays anybody's odds.
    """

    def __init__(self, odds: int = 2, reviews: int = 1) -> None:
        self.odds = asyncio.Semaphore(odds)
        self.reviews = asyncio.Semaphore(reviews)


class CoachDriver:
    """The coach switches of one table's connections, their odds frames and the seats' reviews."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.on: dict[Conn, str | None] = {}  # switched-on connection -> the last frame it was sent
        self._pending: dict[int, tuple[int, JSON, str]] = {}  # seat -> (seq, view, view's text)
        self._last: dict[int, tuple[str, str]] = {}  # seat -> (view's text, its coach frame)
        self._jobs: dict[int, asyncio.Task[None]] = {}
        self._reviews: dict[int, asyncio.Task[str]] = {}  # seat -> its review frame (computed once)

    @property
    def allowed(self) -> bool:
        """The host's setting (tables made before the setting existed allow coaching)."""
        return bool(self.table.settings.get("coach", True))

    def _check(self, conn: Conn) -> int:
        """The seat ``conn`` plays, if the coach may serve it; else the refusal."""
        if conn.seat is None:
            raise TableError("spectator", "a spectator has no seat to coach", 403)
        if not self.allowed:
            raise TableError("coach_off", "the host of this table has turned the coach off", 403)
        if self.table.row.game not in coach_.GAMES:
            raise TableError("no_coach", "there is no coach for this game yet", 409)
        return conn.seat

    # -- odds ---------------------------------------------------------------------------------
    def switch(self, conn: Conn, on: bool) -> None:
        """``conn``'s own coach on or off; on: it is sent the odds of its seat's view at once."""
        if not on:
            self.on.pop(conn, None)
            conn.push(dumps({"type": "coach", "table": self.table.id, "seat": conn.seat, "on": False}))
            return
        self._check(conn)
        self.on.setdefault(conn, None)
        self.changed([conn])

    def forget(self, conn: Conn) -> None:
        """The connection is gone (or changes seat): its switch goes with it."""
        self.on.pop(conn, None)

    def changed(self, conns: Iterable[Conn]) -> None:
        """``conns`` were just sent a view: those with a coach switched on get its odds."""
        st = self.table.state
        if not self.on or st is None or st.over or not self.allowed:
            return
        seats = {c.seat for c in conns if c in self.on and c.seat is not None}
        for seat in seats:
            view = frame(self.table, seat)["view"]  # the view the seat was just sent, whole
            key = dumps(view)
            last = self._last.get(seat)
            if last is not None and last[0] == key:
                self._pending.pop(seat, None)
                self._send(seat, last[1])
                continue
            self._pending[seat] = (self.table.seq, view, key)
            if seat not in self._jobs:
                self._jobs[seat] = asyncio.get_running_loop().create_task(self._run(seat))

    async def _run(self, seat: int) -> None:
        table = self.table
        try:
            while seat in self._pending:
                seq, view, key = self._pending.pop(seat)
                async with table.hub.coach_slots.odds:
                    try:
                        odds, said = await asyncio.to_thread(
                            coaching, table.row.game, view, dict(table.game.options)
                        )
                    except Exception as exc:  # a coach bug must not cost the table: say so, go on
                        log.error("table %s: the coach failed for seat %d (%r)", table.id, seat, exc)
                        odds, said = None, None
                text = dumps(
                    {
                        "type": "coach",
                        "table": table.id,
                        "seq": seq,
                        "seat": seat,
                        "on": True,
                        "odds": odds,
                        "advice_text": said,
                    }
                )
                self._last[seat] = (key, text)
                if seat not in self._pending:  # else overtaken: the newer position is sent instead
                    self._send(seat, text)
        finally:
            self._jobs.pop(seat, None)

    def _send(self, seat: int, text: str) -> None:
        """The coach frame of ``seat`` to its switched-on connections that do not have it yet."""
        for c, sent in list(self.on.items()):
            if c.seat == seat and sent is not text and c in self.table.conns:
                self.on[c] = text
                c.push(text)

    # -- the review after the game --------------------------------------------------------------
    def review(self, conn: Conn) -> None:
        """Send ``conn`` its seat's review (computed once per seat, in a thread, then kept)."""
        seat = self._check(conn)
        st = self.table.state
        if st is None or not st.over:
            raise TableError("not_over", "the review comes once the game is over", 409)
        task = self._reviews.get(seat)
        if task is None:
            task = self._reviews[seat] = asyncio.get_running_loop().create_task(self._review(seat))
        task.add_done_callback(lambda t: self._deliver(conn, t))

    async def _review(self, seat: int) -> str:
        from liars.coach import review as review_  # the review's own module: loaded when first asked

        table = self.table
        row = table.row
        # what the review replays: the table's game (its deal's seed) and its log, in order
        game = liars.make(row.game, players=row.players, seed=row.seed, **table.game.options)
        moves = [(a.seat, a.action) for a in table.logged]
        async with table.hub.coach_slots.reviews:
            try:
                done = await asyncio.to_thread(review_.review, game, moves, seat)
                items: JSON | None = done.to_json()
            except Exception as exc:
                log.error("table %s: the review of seat %d failed (%r)", table.id, seat, exc)
                items = None
        return dumps({"type": "review", "table": table.id, "seat": seat, "review": items})

    def _deliver(self, conn: Conn, task: asyncio.Task[str]) -> None:
        if not task.cancelled() and task.exception() is None and conn in self.table.conns:
            conn.push(task.result())

    def cancel(self) -> None:
        for job in list(self._jobs.values()) + list(self._reviews.values()):
            job.cancel()


def coaching(game_id: str, view: JSON, options: JSON) -> tuple[JSON, dict[str, str] | None]:
    """The odds of ``view`` and the advice's line in every language (None: no advice).

    The odds are computed once, whatever the language of the page: the line is said again from
    the reason's data (:func:`liars.coach.say`) in each language, seats as ``{seat<n>}`` for the
    page to fill in with the names it shows.
    """
    odds = coach_.odds(game_id, view, options)
    advice = odds.get("advice")
    if not advice:
        return odds, None
    names = [f"{{seat{i}}}" for i in range(int(view["players"]))]
    return odds, {lang: coach_.say(advice["why"], lang, names) for lang in coach_.LANGS}
