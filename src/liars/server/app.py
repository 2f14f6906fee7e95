"""The ASGI application: the HTTP API for tables and the WebSocket for playing.

Every answer to a bad request is a clear JSON error (``{"error": {"code",
"params", "message"}}`` over HTTP, ``{"type": "error", ...}`` with the same
keys over the WebSocket: the code and its params are for clients to explain
the refusal in their user's language, see :mod:`liars.errors`); an
unexpected failure is logged here and answered with a bare "internal error",
so nothing of the server's insides leaks to a client.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import NoMatchFound, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

import liars
from liars.core import JSON, GameConfigError, IllegalAction

from .conn import Conn, Metrics
from .guard import Guard
from .hub import MAX_WAITING, WAITING_SECONDS, Hub
from .limits import HTTP_BURST, HTTP_RATE, READ_BURST, READ_RATE, HttpRateLimit
from .redact import install as install_redaction
from .schemas import MAX_BODY, MAX_MESSAGE, MESSAGE, Act, Auth, CreateTable, Join, Rematch, Say, explain
from .store import Store
from .tables import Table, TableError, dumps
from .web import install as install_web

log = logging.getLogger("liars.server")
M = TypeVar("M", bound=BaseModel)

RATE = 20.0  # messages a second a connection may send, on average
BURST = 40.0  # and at once
STRIKES = 50  # messages over the rate before the connection is closed
CHAT_RATE = 0.5  # chat lines a second a seat may send, on average (a table is not a chat room)
CHAT_BURST = 4.0  # and at once (a few quick reactions)
AUTH_WAIT = 10.0  # seconds a ?auth=1 connection has to send its auth message


def error(code: str, message: str, status: int, params: JSON | None = None) -> JSONResponse:
    """An HTTP refusal: ``code`` (listed in :mod:`liars.errors`) and ``params`` let the client
    explain it in the user's language; ``message`` is the English text."""
    body = {"code": code, "params": params or {}, "message": message}
    return JSONResponse({"error": body}, status_code=status)


async def _body(request: Request, model: type[M]) -> M:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise TableError("too_large", f"the body is limited to {MAX_BODY} bytes", 413, {"limit": MAX_BODY})
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise TableError(
                "too_large", f"the body is limited to {MAX_BODY} bytes", 413, {"limit": MAX_BODY}
            )
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        raise TableError("bad_request", explain(exc), 400, {"detail": explain(exc)}) from None


def create_app(
    db: str,
    *,
    schema: str | None = None,
    owner: str | None = None,
    metrics: bool = False,
    rate: float = RATE,
    burst: float = BURST,
    http_rate: float | None = HTTP_RATE,
    http_burst: float = HTTP_BURST,
    allow_origins: tuple[str, ...] = (),
    read_rate: float | None = READ_RATE,
    read_burst: float = READ_BURST,
    waiting_seconds: float = WAITING_SECONDS,
    max_waiting: int | None = MAX_WAITING,
) -> Starlette:
    """The server over the database at ``db`` (a SQLAlchemy async URL).

    ``rate`` and ``burst`` bound the messages of one connection (a token bucket);
    ``http_rate`` and ``http_burst`` the HTTP writes (POST) of one remote address
    (``http_rate=None`` lifts that limit: the load benchmark makes its tables from one address).
    ``read_rate`` and ``read_burst`` bound the API reads and WebSocket handshakes of one address
    (with the writes' limit: ``http_rate=None`` lifts both).  ``allow_origins``: the origins
    (``https://host[:port]``) besides the server's own whose pages may open a WebSocket or
    write (see :mod:`.guard`).  ``waiting_seconds``: how long a table may wait for its players
    before it is closed; ``max_waiting``: waiting tables per creating address (None: no cap).
    """
    install_redaction()
    hub = Hub(
        Store(db, schema),
        owner=owner,
        metrics=Metrics() if metrics else None,
        waiting_seconds=waiting_seconds,
        max_waiting=max_waiting,
    )

    async def table_or_404(table_id: str) -> Table:
        table = await hub.get(table_id)
        if table is None:
            raise TableError("not_found", "no such table", 404)
        return table

    async def games(request: Request) -> Response:
        return JSONResponse([liars.game_class(g).info.to_json() for g in liars.GAME_IDS])

    async def create(request: Request) -> Response:
        req = await _body(request, CreateTable)
        settings = {
            "window_seconds": req.window_seconds,
            "turn_seconds": req.turn_seconds,
            "grace_seconds": req.grace_seconds,
            "standin": req.standin,
            "listed": req.listed,
        }
        table, seat, token = await hub.create(
            req.game,
            req.players,
            dict(req.options),
            None if req.seats is None else list(req.seats),
            req.name,
            settings,
            request.client.host if request.client else None,
        )
        try:  # the web app's page for the table where it is installed, else the API's address
            invite = str(request.url_for("web_table", table_id=table.id))
        except NoMatchFound:
            invite = str(request.url_for("table", table_id=table.id))
        return JSONResponse({"table": table.id, "seat": seat, "token": token, "invite": invite}, 201)

    async def show(request: Request) -> Response:
        table = await table_or_404(request.path_params["table_id"])
        async with table.lock:
            out = table.info()
            out["view"] = None if table.state is None else table.state.view(None)
        return JSONResponse(out)

    async def join(request: Request) -> Response:
        req = await _body(request, Join)
        table = await table_or_404(request.path_params["table_id"])
        seat, token = await table.join(req.name)
        return JSONResponse({"table": table.id, "seat": seat, "token": token})

    async def rematch(request: Request) -> Response:
        req = await _body(request, Rematch)
        table = await table_or_404(request.path_params["table_id"])
        new, seat, token = await hub.rematch(table, req.token, req.decline)
        return JSONResponse({"table": new.id, "seat": seat, "token": token})

    async def show_metrics(request: Request) -> Response:
        if hub.metrics is None:
            return error("not_found", "metrics are off (liars serve --metrics)", 404)
        return JSONResponse(hub.metrics.snapshot(reset=request.query_params.get("reset") == "1"))

    async def on_table_error(request: Request, exc: Exception) -> Response:
        if isinstance(exc, TableError):
            return error(exc.code, str(exc), exc.status, exc.params)
        if isinstance(exc, GameConfigError | IllegalAction):
            return error(exc.code, str(exc), 400, exc.params)
        log.exception("unexpected error on %s", request.url.path, exc_info=exc)
        return error("internal", "internal error", 500)

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        await play(ws, hub, rate, burst)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = Starlette(
        routes=[
            Route("/api/games", games),
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/tables/{table_id}", show, name="table"),
            Route("/api/tables/{table_id}/join", join, methods=["POST"]),
            Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
            Route("/api/metrics", show_metrics),
            WebSocketRoute("/ws/tables/{table_id}", websocket),
        ],
        exception_handlers={
            TableError: on_table_error,
            GameConfigError: on_table_error,
            IllegalAction: on_table_error,
            Exception: on_table_error,
        },
        lifespan=lifespan,
    )
    app.state.hub = hub
    install_web(app)
    if http_rate is not None:

        def refuse(wait: int) -> Response:
            response = error(
                "rate_limited",
                f"at most {http_rate:g} write and {read_rate or 0:g} read requests a second from one "
                f"address; retry in {wait} s",
                429,
                {"rate": http_rate, "retry_after": wait},
            )
            response.headers["Retry-After"] = str(wait)
            return response

        app.add_middleware(
            HttpRateLimit,
            rate=http_rate,
            burst=http_burst,
            refuse=refuse,
            read_rate=read_rate,
            read_burst=read_burst,
        )
    app.add_middleware(Guard, allow_origins=allow_origins)  # outermost: refusals get the headers too
    return app


def _error_frame(code: str, message: str, ref: int | None = None, params: JSON | None = None) -> str:
    """A WebSocket refusal: like the HTTP one, ``code`` and ``params`` besides the English text."""
    return dumps({"type": "error", "code": code, "params": params or {}, "message": message, "ref": ref})


async def play(ws: WebSocket, hub: Hub, rate: float, burst: float) -> None:
    """One connection: authenticate, attach, then read messages until it goes."""
    try:
        table = await hub.get(ws.path_params["table_id"])
    except TableError as exc:
        await ws.send_text(_error_frame(exc.code, str(exc), params=exc.params))
        await ws.close(4409)
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
    reader = asyncio.create_task(_read_safely(ws, table, conn, token is None, rate, burst))
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


async def _first_auth(ws: WebSocket) -> str | None:
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


async def _read_safely(
    ws: WebSocket, table: Table, conn: Conn, first: bool, rate: float, burst: float
) -> None:
    try:
        await _read(ws, table, conn, first, rate, burst)
    except Exception as exc:
        log.exception("connection to table %s failed", table.id, exc_info=exc)
        conn.push(_error_frame("internal", "internal error"))
        conn.close(1011)


async def _read(ws: WebSocket, table: Table, conn: Conn, first: bool, rate: float, burst: float) -> None:
    """Read, check and carry out messages; every refusal is an error frame, never a crash."""
    allowance, last = burst, time.monotonic()
    chat, chat_last = CHAT_BURST, last
    strikes = 0
    while True:
        try:
            msg = await ws.receive()
        except WebSocketDisconnect:
            return
        if msg["type"] == "websocket.disconnect":
            return
        t0 = time.perf_counter()
        now = time.monotonic()
        allowance = min(burst, allowance + (now - last) * rate)
        last = now
        if allowance < 1:
            strikes += 1
            conn.push(
                _error_frame(
                    "rate_limited",
                    f"at most {rate:g} messages a second; this one was dropped",
                    params={"rate": rate},
                )
            )
            if strikes >= STRIKES:
                conn.close(1008)
                return
            continue
        allowance -= 1
        text = msg.get("text")
        if text is None:
            conn.push(_error_frame("bad_message", "messages are JSON text, not binary"))
            continue
        if len(text.encode()) > MAX_MESSAGE:
            conn.push(
                _error_frame(
                    "too_large", f"a message is limited to {MAX_MESSAGE} bytes", params={"limit": MAX_MESSAGE}
                )
            )
            continue
        try:
            parsed = MESSAGE.validate_json(text)
        except ValidationError as exc:
            conn.push(_error_frame("bad_message", explain(exc), params={"detail": explain(exc)}))
            continue
        was_first, first = first, False
        if isinstance(parsed, Auth):
            if not was_first:
                conn.push(_error_frame("bad_message", "auth is only accepted as the first message"))
                continue
            seat = table.seat_for_token(parsed.token)
            if seat is None:
                conn.push(_error_frame("forbidden", "this token holds no seat at this table"))
                conn.close(4403)
                return
            await table.detach(conn)
            conn.seat = seat
            await table.attach(conn)
            continue
        if conn.seat is not None:
            await table.touch(conn.seat)
        if isinstance(parsed, Say):
            # Only a seated player speaks, always under their seat's name (never a bare line a
            # spectator could take for anyone's); the text is sent as data, clients escape it.
            if conn.seat is None:
                conn.push(_error_frame("spectator", "a spectator cannot speak at the table"))
                continue
            chat = min(CHAT_BURST, chat + (now - chat_last) * CHAT_RATE)
            chat_last = now
            if chat < 1:
                conn.push(
                    _error_frame(
                        "rate_limited",
                        "too many chat lines; this one was dropped",
                        params={"rate": CHAT_RATE},
                    )
                )
                continue
            chat -= 1
            speaker = table.seats[conn.seat]
            line = dumps({"type": "said", "seat": speaker.index, "name": speaker.name, "text": parsed.text})
            for c in list(table.conns):
                c.push(line)
            continue
        if not isinstance(parsed, Act):
            conn.push(dumps({"type": "pong"}))
            continue
        if conn.seat is None:
            conn.push(
                _error_frame("spectator", "a spectator cannot act; connect with a seat's token", parsed.seq)
            )
            continue
        conn.acting = True  # play() lets the action finish: see there
        try:
            await table.act(conn.seat, parsed.seq, parsed.action, t0)
        except IllegalAction as exc:  # Stale included: its code is "stale"
            conn.push(_error_frame(exc.code, str(exc), parsed.seq, exc.params))
        except TableError as exc:
            conn.push(_error_frame(exc.code, str(exc), parsed.seq, exc.params))
            if exc.status >= 500:
                return
        finally:
            conn.acting = False
        if conn.closed:  # the connection ended while this action was taken
            return
