"""A table's clocks: the turn timer, the grace for a missing player, forgetting a finished table.

* **Turn**: a human seat to act (outside a window, which has its own clock)
  gets ``turn_seconds`` from the commit that made it its turn; when they run
  out a stand-in bot plays the seat.  The turn's start is the log's (the
  wall-clock time of that commit), so a table restarted after a crash keeps
  the deadline it had instead of giving a fresh one, as windows do; so does a
  player who comes back (their seat's turn did not start again).
* **Grace**: a human seat with no connection gets ``grace_seconds``; then a
  stand-in bot plays it until the player comes back.
* **Forget**: a finished table nobody watches leaves memory after
  ``FORGET_SECONDS`` (its log stays; a visit reloads it).

A timer only spawns a task; the task takes the table's lock and checks that
what it was armed for still holds (the same view, the seat still absent)
before it changes anything, so a timer that fires late is harmless.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("liars.server")

FORGET_SECONDS = 300.0  # how long a finished, unwatched table stays in memory (for a rematch)


class Timers:
    """The timers and background tasks of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._turn: dict[int, tuple[float, asyncio.TimerHandle]] = {}  # seat -> (deadline, handle)
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._turn_began: tuple[int, float] | None = None  # (seq, wall-clock time) of the current turn

    def restore(self, seq: int, at: float | None) -> None:
        """After a replay: the turn at ``seq`` began at ``at`` (the last commit's time; None: now)."""
        self._turn_began = None if at is None else (seq, at)

    # -- turns ---------------------------------------------------------------------------
    def turn_deadline(self, seat: int) -> float | None:
        """When ``seat``'s turn runs out (loop time), or None if it has no turn timer."""
        armed = self._turn.get(seat)
        return None if armed is None else armed[0]

    def arm_turns(self) -> None:
        """Arm a turn timer for each human seat to act now (outside a window)."""
        self._cancel_turns()
        table = self.table
        secs = table.settings.get("turn_seconds")
        st = table.state
        if secs is None or st is None or st.over:
            return
        began = self._turn_began
        if began is None or began[0] != table.seq:  # a new turn: it begins now (at its commit)
            began = self._turn_began = (table.seq, time.time())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0.0, began[1] + float(secs) - time.time())
        for s in st.to_act:
            seat = table.seats[s]
            if seat.kind == "human" and not seat.away and s not in st.window:
                handle = loop.call_at(deadline, self.spawn_call, self._turn_over, s, table.seq)
                self._turn[s] = (deadline, handle)

    async def _turn_over(self, seat: int, seq: int) -> None:
        table = self.table
        async with table.lock:
            st = table.state
            if table.broken or st is None or table.seq != seq or seat not in st.to_act:
                return
            table.send_away(seat)

    def _cancel_turns(self) -> None:
        for _, handle in self._turn.values():
            handle.cancel()
        self._turn.clear()

    # -- grace for a missing player ------------------------------------------------------
    def arm_grace(self, seat: int) -> None:
        secs = self.table.settings.get("grace_seconds")
        if secs is None or seat in self._grace:
            return
        loop = asyncio.get_running_loop()
        self._grace[seat] = loop.call_later(float(secs), self.spawn_call, self._grace_over, seat)

    def cancel_grace(self, seat: int) -> None:
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def grace_left(self, seat: int) -> float | None:
        """Seconds until a stand-in bot takes over ``seat``, whose player has no connection (else None).

        Sent in the table news so that the others see why the table waits, and for how long."""
        handle = self._grace.get(seat)
        if handle is None:
            return None
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # not on the loop (a caller outside the server): no countdown to give
            return None
        return round(max(0.0, handle.when() - now), 1)

    async def _grace_over(self, seat: int) -> None:
        table = self.table
        async with table.lock:
            self._grace.pop(seat, None)
            st = table.state
            if table.broken or st is None or st.over or table.seats[seat].conns:
                return
            table.send_away(seat)

    # -- forgetting a finished table -----------------------------------------------------
    def arm_forget(self) -> None:
        """A finished table nobody watches leaves memory after a while (its log stays; a visit reloads it)."""
        table = self.table
        if table.state is None or not table.state.over or table.conns:
            return
        asyncio.get_running_loop().call_later(FORGET_SECONDS, self._forget)

    def _forget(self) -> None:
        table = self.table
        if not table.conns and not table.lock.locked() and table.state is not None and table.state.over:
            table.hub.evict(table)

    # -- tasks ---------------------------------------------------------------------------
    def spawn_call(self, fn: Callable[..., Awaitable[None]], *args: Any) -> None:
        """A timer's callback: run ``fn(*args)`` as a task of this table (cancelled at shutdown)."""
        task = asyncio.get_running_loop().create_task(_run(fn, *args))
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: background task failed: %r", self.table.id, task.exception())

    def stop(self) -> None:
        """Disarm every timer (the window's is the window driver's)."""
        self._cancel_turns()
        for handle in self._grace.values():
            handle.cancel()
        self._grace.clear()

    def cancel_tasks(self) -> None:
        for task in list(self._tasks):
            task.cancel()


async def _run(fn: Callable[..., Awaitable[None]], *args: Any) -> None:
    await fn(*args)
