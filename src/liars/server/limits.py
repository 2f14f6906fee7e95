"""Rate limits for HTTP requests that write (create a table, join, rematch): a token bucket per client.

Each write costs a database transaction and, for a new table, memory, so one
client must not be able to make them without bound.  A client is its remote
address: the address it connects from, or the one a proxy named by ``liars serve
--trust-proxy`` puts in ``X-Forwarded-For`` (no proxy is trusted by default, or a
spoofed header would give each request a fresh bucket).  Reads (``GET`` of the API, and WebSocket
handshakes, which load a table) have a bucket of their own, larger: they are
cheaper, but each unknown table id was a database query, and a flood of them
must not crowd out the players.  Static files are not counted (a page load
fetches a dozen).  WebSocket messages have their own bucket per connection
(:class:`Bucket` too, in ``app``).

The buckets live in memory, bounded: when there are more than ``clients``
addresses, the ones not seen for the longest are forgotten (a forgotten
address starts again with a full bucket, which is what it would have after a
while anyway).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

HTTP_RATE = 2.0  # writes a second a client may make, on average
HTTP_BURST = 30.0  # and at once (a party joining from behind one router)
READ_RATE = 20.0  # API reads and WebSocket handshakes a second a client may make, on average
READ_BURST = 100.0  # and at once (the lobby, a table page, a reconnect)
MAX_CLIENTS = 100_000

UNLIMITED = ("GET", "HEAD", "OPTIONS")


class Bucket:
    """One token bucket: ``rate`` tokens a second, up to ``burst``; full at the start.

    The one bucket of the server: per address (:class:`TokenBuckets`) and per
    WebSocket connection (its messages and its chat lines, ``app``).
    """

    __slots__ = ("rate", "burst", "tokens", "when")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.when = now

    def take(self, now: float) -> float:
        """Take a token at time ``now``: 0.0 if there was one, else the seconds until there is."""
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


class TokenBuckets:
    """A :class:`Bucket` per key (a client's address), the least recently used forgotten past ``clients``."""

    def __init__(
        self,
        rate: float,
        burst: float,
        clients: int = MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not (rate > 0 and burst >= 1 and clients >= 1):
            raise ValueError("rate must be above 0, burst at least 1, clients at least 1")
        self.rate = rate
        self.burst = burst
        self.clients = clients
        self.clock = clock
        self._buckets: dict[str, Bucket] = {}  # oldest use first

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if there was one, else the seconds until there is."""
        now = self.clock()
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            bucket = Bucket(self.rate, self.burst, now)
        self._buckets[key] = bucket  # re-inserted: the dict stays in order of last use
        while len(self._buckets) > self.clients:
            del self._buckets[next(iter(self._buckets))]
        return bucket.take(now)


class HttpRateLimit:
    """ASGI middleware: a write or read over its rate gets 429 with a JSON error and ``Retry-After``.

    A WebSocket handshake over the read rate is refused before it is accepted (HTTP 403).
    """

    def __init__(
        self,
        app: ASGIApp,
        rate: float,
        burst: float,
        refuse: Callable[[int], Response],
        read_rate: float | None = READ_RATE,
        read_burst: float = READ_BURST,
    ) -> None:
        self.app = app
        self.buckets = TokenBuckets(rate, burst)
        self.reads = None if read_rate is None else TokenBuckets(read_rate, read_burst)
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        key = client[0] if client else "?"
        wait = 0.0
        if scope["type"] == "http":
            if scope.get("method", "GET") not in UNLIMITED:
                wait = self.buckets.take(key)
            elif self.reads is not None and scope.get("path", "").startswith("/api/"):
                wait = self.reads.take(key)
        elif scope["type"] == "websocket" and self.reads is not None and self.reads.take(key) > 0:
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        if wait > 0:
            await self.refuse(math.ceil(wait))(scope, receive, send)
            return
        await self.app(scope, receive, send)
