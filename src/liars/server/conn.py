"""One WebSocket connection's outbox, and the latency counters of the load benchmark.

A table never waits for a client: it drops frames into the connection's
outbox and a writer task sends them.  Views are complete, so only the newest
unsent one matters: a slow client skips the views it could not keep up with
instead of making the server buffer them (or the table wait for it).  Other
frames (errors, table news) are kept in order, up to a bound.

A connection that asked for history tails (``?history=tail``) is sent, in
each view, only the history entries it does not hold yet.  What it holds is
what the views its writer actually took for sending held (``held``), not what
was offered: a view replaced before it was sent never reached the client, so
the next one must start where the last *sent* one ended.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

MetricKey = tuple[str, int]
HistMark = tuple[int, int]  # (epoch, length) of the history a client holds: see Table._push_views
MAX_QUEUED = 256


class Metrics:
    """Committed actions, and per action the time from its arrival to the last view sent."""

    def __init__(self) -> None:
        self.actions = 0
        self.latencies: list[float] = []
        self.started = time.perf_counter()
        self._pending: dict[MetricKey, list[float]] = {}

    def expect(self, key: MetricKey, frames: int, t0: float) -> None:
        if frames == 0:
            self.latencies.append(time.perf_counter() - t0)
        else:
            self._pending[key] = [float(frames), t0]

    def sent(self, key: MetricKey) -> None:
        p = self._pending.get(key)
        if p is None:
            return
        p[0] -= 1
        if p[0] <= 0:
            del self._pending[key]
            self.latencies.append(time.perf_counter() - p[1])

    def snapshot(self, reset: bool = False) -> dict[str, Any]:
        lat = sorted(self.latencies)
        elapsed = time.perf_counter() - self.started

        def pct(q: float) -> float | None:
            return None if not lat else round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 2)

        out = {
            "actions": self.actions,
            "seconds": round(elapsed, 3),
            "timed": len(lat),
            "p50_ms": pct(0.50),
            "p99_ms": pct(0.99),
            "max_ms": None if not lat else round(1000 * lat[-1], 2),
        }
        if reset:
            self.actions = 0
            self.latencies = []
            self.started = time.perf_counter()
        return out


class Conn:
    """A seat's (or a spectator's, ``seat is None``) connection: an outbox and its writer."""

    def __init__(
        self,
        seat: int | None,
        send: Callable[[str], Awaitable[None]],
        metrics: Metrics | None = None,
        tail: bool = False,
    ):
        self.seat = seat
        self.tail = tail  # views carry only the history entries the client does not hold
        self.held: HistMark | None = None  # the history the client holds (None: none it can extend)
        self._view_mark: HistMark | None = None
        self._send = send
        self._metrics = metrics
        self._queue: deque[str] = deque()
        self._view: str | None = None
        self._keys: list[MetricKey] = []
        self._wake = asyncio.Event()
        self.closed = False
        self.close_code: int | None = None
        self.acting = False  # its reader is taking an action (app.play lets it finish)

    def push(self, text: str) -> None:
        """Queue a frame that must not be skipped (an error, table news)."""
        if len(self._queue) >= MAX_QUEUED:  # a client that reads nothing: let it go
            self.close(1008)
            return
        self._queue.append(text)
        self._wake.set()

    def push_view(self, text: str, key: MetricKey | None = None, mark: HistMark | None = None) -> None:
        """Offer the newest view; an older unsent one is replaced.

        ``mark``: the history the client holds once this view is sent (None: one it cannot extend).
        """
        self._view = text
        self._view_mark = mark
        if key is not None:
            self._keys.append(key)
        self._wake.set()

    def close(self, code: int = 1000) -> None:
        """Ask the writer to stop (and the endpoint to close the socket with ``code``)."""
        self.closed = True
        self.close_code = code
        self._wake.set()

    async def run(self) -> None:
        """The writer: send what is queued, then the newest view, until closed (or the client goes)."""
        try:
            await self._run()
        except Exception:  # the client went away mid-send: the reader sees it and cleans up
            self.closed = True

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                await self._send(self._queue.popleft())
            if self._view is not None:
                text, keys = self._view, self._keys
                self._view, self._keys = None, []
                self.held = self._view_mark  # taken now: the next view starts where this one ends
                await self._send(text)
                if self._metrics is not None:
                    for k in keys:
                        self._metrics.sent(k)
            if self.closed:
                return

    def forget(self) -> None:
        """The connection is gone: its unsent views count as done for the metrics."""
        if self._metrics is not None:
            for k in self._keys:
                self._metrics.sent(k)
        self._keys = []
