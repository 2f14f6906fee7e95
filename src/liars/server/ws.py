"""The WebSocket of a table: authenticate, attach, then read messages until the connection goes.

Every refusal is an error frame (``{"type": "error", "code", "params",
"message", "ref"}``), never a crash: a connection over its message rate is told
so and, after ``STRIKES`` such messages, closed; a message that is not JSON of
the protocol's shape is ``bad_message``; one over ``MAX_MESSAGE`` bytes is
``too_large``.  An unexpected failure is logged and answered with a bare
``internal``.

In a cluster (:mod:`.cluster`) a connection to a table another process runs
is relayed there; the owner runs this same code on a
:class:`.cluster.RemoteSocket` (``relay=False``: never relayed again).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from contextlib import suppress
from typing import Any, Protocol

from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from liars.core import IllegalAction

from .conn import Conn
from .frames import dumps
from .hub import Hub, Remote
from .limits import Bucket
from .recovery import RELOAD_NOTICE
from .refusals import TableError
from .schemas import MAX_MESSAGE, MESSAGE, Act, Auth, Coach, Ping, Review, Say, explain
from .tables import Table

log = logging.getLogger("liars.server")
Message = Act | Auth | Ping | Say | Coach | Review

RATE = 20.0  # messages a second a connection may send, on average
BURST = 40.0  # and at once
STRIKES = 50  # messages over the rate before the connection is closed
CHAT_RATE = 0.5  # chat lines a second a seat may send, on average (a table is not a chat room)
CHAT_BURST = 4.0  # and at once (a few quick reactions)
AUTH_WAIT = 10.0  # seconds a ?auth=1 connection has to send its auth message


def _error_frame(
    code: str, message: str, ref: int | None = None, params: dict[str, object] | None = None
) -> str:
    """A WebSocket refusal: like the HTTP one, ``code`` and ``params`` besides the English text."""
    return dumps({"type": "error", "code": code, "params": params or {}, "message": message, "ref": ref})


class Socket(Protocol):
    """What :func:`play` uses of a WebSocket: Starlette's, or a relayed one at the owner."""

    @property
    def path_params(self) -> Mapping[str, Any]: ...

    @property
    def query_params(self) -> Mapping[str, str]: ...

    async def receive(self) -> Mapping[str, Any]: ...

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


async def play(ws: Socket, hub: Hub, rate: float, burst: float, relay: bool = True) -> None:
    """One connection: authenticate, attach, then read messages until it goes.

    ``relay``: a table another process runs is relayed there (else the client is told to
    reconnect: the table moved while the relay was opening).
    """
    table_id = ws.path_params["table_id"]
    try:
        table = await hub.find(table_id)
    except TableError as exc:
        await ws.send_text(_error_frame(exc.code, str(exc), params=exc.params))
        await ws.close(4409)
        return
    if isinstance(table, Remote):
        if relay and hub.cluster is not None:
            await hub.cluster.relay(ws, table.owner, table_id, rate, burst)
        else:
            await ws.send_text(RELOAD_NOTICE)
            await ws.close(1012)
        return
    if table is None:
        await ws.send_text(_error_frame("not_found", "no such table"))
        await ws.close(4404)
        return
    seat: int | None = None
    # ?auth=1: the token comes in the first message (never in a URL, which logs and proxies
    # keep); the connection is attached only then, with its seat.  ?token= is still read,
    # for older clients, and redacted from every log line (see .redact).
    token = ws.query_params.get("token")
    if token is None and ws.query_params.get("auth") == "1":
        token = await _first_auth(ws)
        if token is None:
            return
    if token is not None:
        seat = table.seat_for_token(token)
        if seat is None:
            await ws.send_text(_error_frame("forbidden", "this token holds no seat at this table"))
            await ws.close(4403)
            return
    # ?history=tail: views carry only the history the client does not hold yet (it appends)
    conn = Conn(seat, ws.send_text, hub.metrics, tail=ws.query_params.get("history") == "tail")
    writer = asyncio.create_task(conn.run())
    reader = asyncio.create_task(Reader(ws, table, conn, token is None, rate, burst).run())
    try:
        await table.attach(conn)
        _done, _ = await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
    except TableError as exc:
        conn.push(_error_frame(exc.code, str(exc), params=exc.params))
        conn.close(4409)
    finally:
        # A reader waiting for a message stops here; one that is acting finishes the action
        # first (cut in half, a commit would drop the table from memory) and then stops, as
        # the connection is closed.  Cheaper than a task and a shield for every action.
        if not conn.acting:
            reader.cancel()
        conn.close(conn.close_code or 1000)
        await table.detach(conn)
        if not writer.done():
            try:
                await asyncio.wait_for(writer, 2.0)
            except (TimeoutError, Exception):
                writer.cancel()
        with suppress(Exception):
            await ws.close(conn.close_code or 1000)


async def _first_auth(ws: Socket) -> str | None:
    """The token of the ``auth`` message a ``?auth=1`` connection must send first (None: refused)."""
    try:
        msg = await asyncio.wait_for(ws.receive(), AUTH_WAIT)
    except (TimeoutError, WebSocketDisconnect):
        with suppress(Exception):
            await ws.send_text(_error_frame("bad_message", f"no auth message within {AUTH_WAIT:g} s"))
            await ws.close(4400)
        return None
    text = msg.get("text")
    parsed: object = None
    if text is not None and len(text.encode()) <= MAX_MESSAGE:
        with suppress(ValidationError):
            parsed = MESSAGE.validate_json(text)
    if not isinstance(parsed, Auth):
        if msg["type"] != "websocket.disconnect":
            await ws.send_text(
                _error_frame("bad_message", 'the first message must be {"type": "auth", "token"}')
            )
            await ws.close(4400)
        return None
    return parsed.token


class Reader:
    """Reads one connection's messages: rate, size and shape checked, then carried out in order.

    ``first``: the connection has no seat yet and may send ``auth`` as its first message.
    """

    def __init__(self, ws: Socket, table: Table, conn: Conn, first: bool, rate: float, burst: float) -> None:
        self.ws, self.table, self.conn, self.first = ws, table, conn, first
        now = time.monotonic()
        self.messages = Bucket(rate, burst, now)
        self.chat = Bucket(CHAT_RATE, CHAT_BURST, now)
        self.strikes = 0

    async def run(self) -> None:
        try:
            await self._loop()
        except Exception as exc:
            log.exception("connection to table %s failed", self.table.id, exc_info=exc)
            self.conn.push(_error_frame("internal", "internal error"))
            self.conn.close(1011)

    async def _loop(self) -> None:
        conn = self.conn
        while True:
            try:
                msg = await self.ws.receive()
            except WebSocketDisconnect:
                return
            if msg["type"] == "websocket.disconnect":
                return
            t0 = time.perf_counter()
            now = time.monotonic()
            if not self._allowed(now):
                if self.strikes >= STRIKES:
                    conn.close(1008)
                    return
                continue
            parsed = self._parse(msg.get("text"))
            if parsed is None:
                continue
            was_first, self.first = self.first, False
            if not await self._carry_out(parsed, was_first, now, t0) or conn.closed:
                return

    def _allowed(self, now: float) -> bool:
        """Within the connection's message rate (else it is told, and a strike is counted)."""
        if self.messages.take(now) == 0.0:
            return True
        self.strikes += 1
        rate = self.messages.rate
        self.conn.push(
            _error_frame(
                "rate_limited",
                f"at most {rate:g} messages a second; this one was dropped",
                params={"rate": rate},
            )
        )
        return False

    def _parse(self, text: str | None) -> Message | None:
        """The message, or None after telling the client why it is not one."""
        if text is None:
            self.conn.push(_error_frame("bad_message", "messages are JSON text, not binary"))
            return None
        if len(text.encode()) > MAX_MESSAGE:
            self.conn.push(
                _error_frame(
                    "too_large", f"a message is limited to {MAX_MESSAGE} bytes", params={"limit": MAX_MESSAGE}
                )
            )
            return None
        try:
            parsed: Message = MESSAGE.validate_json(text)
        except ValidationError as exc:
            self.conn.push(_error_frame("bad_message", explain(exc), params={"detail": explain(exc)}))
            return None
        return parsed

    async def _carry_out(self, parsed: Message, was_first: bool, now: float, t0: float) -> bool:
        """Do what ``parsed`` asks; False when the connection must end."""
        conn, table = self.conn, self.table
        if isinstance(parsed, Auth):
            return await self._auth(parsed, was_first)
        if conn.seat is not None:
            await table.touch(conn.seat)
        if isinstance(parsed, Say):
            self._say(parsed, now)
            return True
        if isinstance(parsed, Coach | Review):
            self._coach(parsed)
            return True
        if not isinstance(parsed, Act):
            conn.push(dumps({"type": "pong"}))
            return True
        return await self._act(parsed, t0)

    async def _auth(self, parsed: Auth, was_first: bool) -> bool:
        conn, table = self.conn, self.table
        if not was_first:
            conn.push(_error_frame("bad_message", "auth is only accepted as the first message"))
            return True
        seat = table.seat_for_token(parsed.token)
        if seat is None:
            conn.push(_error_frame("forbidden", "this token holds no seat at this table"))
            conn.close(4403)
            return False
        await table.detach(conn)
        conn.seat = seat
        await table.attach(conn)
        return True

    def _say(self, parsed: Say, now: float) -> None:
        """A chat line: only a seated player speaks, always under their seat's name.

        Never a bare line a spectator could take for anyone's; the text is sent as data,
        clients escape it.
        """
        conn, table = self.conn, self.table
        if conn.seat is None:
            conn.push(_error_frame("spectator", "a spectator cannot speak at the table"))
            return
        if self.chat.take(now) > 0:
            conn.push(
                _error_frame(
                    "rate_limited", "too many chat lines; this one was dropped", params={"rate": CHAT_RATE}
                )
            )
            return
        speaker = table.seats[conn.seat]
        line = dumps({"type": "said", "seat": speaker.index, "name": speaker.name, "text": parsed.text})
        for c in list(table.conns):
            c.push(line)

    def _coach(self, parsed: Coach | Review) -> None:
        """The coach switch, or the review after the game: refused unless the host allows it."""
        coach = self.table.coach
        try:
            if isinstance(parsed, Coach):
                coach.switch(self.conn, parsed.on)
            else:
                coach.review(self.conn)
        except TableError as exc:
            self.conn.push(_error_frame(exc.code, str(exc), params=exc.params))

    async def _act(self, parsed: Act, t0: float) -> bool:
        conn = self.conn
        if conn.seat is None:
            conn.push(
                _error_frame("spectator", "a spectator cannot act; connect with a seat's token", parsed.seq)
            )
            return True
        conn.acting = True  # play() lets the action finish: see there
        try:
            await self.table.act(conn.seat, parsed.seq, parsed.action, t0)
        except IllegalAction as exc:  # Stale included: its code is "stale"
            conn.push(_error_frame(exc.code, str(exc), parsed.seq, exc.params))
        except TableError as exc:
            conn.push(_error_frame(exc.code, str(exc), parsed.seq, exc.params))
            if exc.status >= 500:
                return False
        finally:
            conn.acting = False
        return True
