"""The connection layer under the app: a deadline for each request, and caps on WebSockets.

Two ways a handful of clients can take a server down without sending a single
bad message, and what ``liars serve`` does about each:

* **Slow requests** (slowloris).  uvicorn closes a connection that is idle
  *between* requests (``timeout_keep_alive``, ``liars serve --idle-timeout``),
  but a connection that has sent half a request line, or a header a second,
  is not idle: uvicorn waits for the rest for ever.  Each such connection
  keeps a file descriptor, so a few hundred of them exhaust a process's limit
  and nobody else is even accepted.  :func:`guarded_http` is uvicorn's HTTP
  protocol with a deadline: a request's headers and body must have arrived
  within ``header_timeout`` seconds of its first byte (or of the connection
  opening), else it is answered 408 and closed.  A WebSocket upgrade ends the
  deadline (the handshake arrived); a slow *answer* never counts against the
  client.  And however fast they come, at most ``max_pending`` requests may be
  arriving at once (by default half the file descriptors the process may still
  open): beyond it, the longest-pending of those that have had their chance to
  send is closed (a newcomer gets a moment, :data:`GRACE`, since a server that
  was busy accepts a whole burst of connections before it reads any of them).
* **Too many WebSockets.**  A spectator needs no token, so one address could
  open thousands of connections to one table, each costing memory and a view
  encoding per action.  :class:`SocketCaps` counts open WebSockets per
  address, per table and in all, and refuses a handshake over a cap before it
  is accepted (HTTP 403, as the other handshake refusals).  HTTP requests are
  capped in all by uvicorn's own ``limit_concurrency`` (answered 503).

Both are set from ``liars serve``'s flags, whose defaults are in :mod:`liars.commands.serve`
(see ``docs/security.md``).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from typing import Any, ClassVar

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

TABLE_PATH = re.compile(r"^/ws/tables/([^/]+)$")
TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
# Seconds a new connection has to send its request before the cap may close it.  A client sends
# its request as soon as it is connected; but after a busy moment the server accepts every
# connection the kernel held before it reads any, and closing the oldest of such a burst closed
# requests that were already there, unread (a GET answered 408 in the slowloris test under load).
GRACE = 0.25


class _GuardedH11(H11Protocol):
    """uvicorn's h11 protocol, with a deadline and a cap for requests still arriving.

    A request is *pending* from the moment the connection opens (or, on a kept-alive
    connection, from the first bytes of its next request) until uvicorn has all of it (a new
    ``cycle`` whose body is complete) or has handed the connection to its WebSocket protocol.
    A pending request that is not all in after ``header_timeout`` seconds is answered 408 and
    closed.  At most ``max_pending`` requests are pending at once: beyond that, the one that
    has been pending longest goes, of those that have had their chance (:data:`GRACE`, or some
    bytes of a request that is still not whole).  That is what keeps a flood of slow
    connections from using every file descriptor (past the limit no one is accepted: uvloop
    even accepts and drops them): the newcomer, whose request usually arrives in one packet,
    is served, and the oldest straggler goes.  Newcomers still in their moment may hold half
    as many places again; past that the oldest of them goes too, and once their moment is
    over the cap holds again.  uvicorn's own parts are used as they are: this only watches
    ``cycle`` and the transport's protocol, and closes the transport.
    """

    header_timeout: float = 10.0  # set by guarded_http, as are the three below
    max_pending: int = 1024
    pending: ClassVar[dict[_GuardedH11, None]] = {}  # each guarded_http class has its own
    trim_timer: ClassVar[asyncio.TimerHandle | None] = None  # the cap's next look, if one is due

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._awaited: object = None  # the cycle that was current when the request began
        self._since = 0.0  # when the pending request began (the loop's clock)
        self._heard = False  # some of it came, and not all: it has had its chance

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # the first bytes of the next request on a kept-alive connection
        super().data_received(data)
        if self._deadline is not None:
            if self._arrived():
                self._disarm()
            else:
                self._heard = True

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._awaited = self.cycle
        self._deadline = self.loop.call_later(self.header_timeout, self._expired)
        self._since = self.loop.time()
        self._heard = False
        self.pending[self] = None
        self._hold_cap(self.loop, keep=self)

    @classmethod
    def _hold_cap(cls, loop: asyncio.AbstractEventLoop, keep: _GuardedH11 | None = None) -> None:
        """Hold the cap: close the longest-pending requests that have had their chance to arrive.

        Newcomers in their moment (:data:`GRACE`) may take half as many places again; past
        that the oldest of them goes as well (never ``keep``, the one just come).  If newcomers
        still hold places over the cap, look again when the first one's moment is over.
        """
        pending, cap = cls.pending, cls.max_pending
        now = loop.time()
        over = len(pending) - cap
        for other in list(pending):  # oldest first
            if over <= 0:
                break
            if other is not keep and (other._heard or now - other._since >= GRACE):
                other._expired()
                over -= 1
        while len(pending) > cap + cap // 2:
            next(other for other in pending if other is not keep)._expired()
        if len(pending) > cap and cls.trim_timer is None:
            first = min(other._since for other in pending)
            cls.trim_timer = loop.call_later(max(0.0, first + GRACE - now) + 0.001, cls._look, loop)

    @classmethod
    def _look(cls, loop: asyncio.AbstractEventLoop) -> None:
        """The cap's look once a newcomer's moment is over."""
        cls.trim_timer = None
        cls._hold_cap(loop)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.pending.pop(self, None)

    def _arrived(self) -> bool:
        """The request is all in: uvicorn made a new cycle with its whole body, or upgraded."""
        if self.transport.get_protocol() is not self:
            return True
        cycle = self.cycle
        return cycle is not None and cycle is not self._awaited and not cycle.more_body

    def _expired(self) -> None:
        """Too slow (or the oldest of too many): answer 408 if nothing was answered yet, and close."""
        self._disarm()
        if self._arrived() or self.transport.is_closing():
            return
        if self.cycle is None or self.cycle is self._awaited:  # no request of this one was answered
            self.transport.write(TIMED_OUT)
        self.transport.close()


def guarded_http(header_timeout: float, max_pending: int) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class (``uvicorn.run(http=...)``) with this deadline and cap.

    Each call makes a class of its own, with its own book of pending requests (one server's).
    """
    if not header_timeout > 0 or max_pending < 1:
        raise ValueError("the header timeout must be above 0 seconds, the pending cap at least 1")
    attrs = {
        "header_timeout": float(header_timeout),
        "max_pending": max_pending,
        "pending": {},
        "trim_timer": None,
    }
    return type("GuardedH11", (_GuardedH11,), attrs)


def pending_cap(fd_limit: int | None, spare: int) -> int:
    """The default cap on pending requests: half the file descriptors left besides ``spare``.

    The other half stays for the connections whose requests did arrive (players' WebSockets
    among them), so slow connections alone can never fill the process's table of files.
    """
    if fd_limit is None:
        return 1024
    return max(8, min(1024, (fd_limit - spare) // 2))


class SocketCaps:
    """ASGI middleware: at most so many open WebSockets per address, per table and in all.

    A connection counts from its handshake until the app is done with it (the whole
    WebSocket session runs inside one call of the app).  The address is the one the
    server believes (a trusted proxy's ``X-Forwarded-For``, else the peer's), as for the
    rate limits.  A cap of None is no cap.  The books hold only open connections, so
    they stay as small as the caps make them.
    """

    def __init__(
        self,
        app: ASGIApp,
        per_address: int | None,
        per_table: int | None,
        total: int | None,
    ) -> None:
        self.app = app
        self.per_address = per_address
        self.per_table = per_table
        self.total = total
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self.by_table: Counter[str] = Counter()
        self.refused = 0

    def _full(self, address: str, table: str | None) -> bool:
        if self.total is not None and self.open >= self.total:
            return True
        if self.per_address is not None and self.by_address[address] >= self.per_address:
            return True
        return table is not None and self.per_table is not None and self.by_table[table] >= self.per_table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "?"
        match = TABLE_PATH.match(scope.get("path", ""))
        table = match.group(1) if match else None
        if self._full(address, table):
            self.refused += 1
            await send({"type": "websocket.close", "code": 1013})  # before accept: HTTP 403
            return
        self.open += 1
        self.by_address[address] += 1
        if table is not None:
            self.by_table[table] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open -= 1
            _drop(self.by_address, address)
            if table is not None:
                _drop(self.by_table, table)


def _drop(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]
