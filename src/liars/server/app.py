"""The ASGI application: the HTTP API for tables, and the WebSocket for playing (:mod:`.ws`).

Every answer to a bad request is a clear JSON error (``{"error": {"code",
"params", "message"}}`` over HTTP, ``{"type": "error", ...}`` with the same
keys over the WebSocket: the code and its params are for clients to explain
the refusal in their user's language, see :mod:`liars.errors`); an
unexpected failure is logged here and answered with a bare "internal error",
so nothing of the server's insides leaks to a client.

The endpoints are plain functions of the request; what they share (the
:class:`.hub.Hub`, the WebSocket limits) is in ``app.state``.  With ``redis``
(several processes, :mod:`.cluster`) a request about a table another process
runs is forwarded to it (:func:`table_op`) and its answer given as it is.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import NoMatchFound, Route, WebSocketRoute
from starlette.websockets import WebSocket

import liars
from liars.core import JSON, GameConfigError, IllegalAction

from .bot_budget import BOT_CPU
from .cluster import MOVED, Cluster, RemoteSocket
from .conn import Metrics
from .guard import Guard
from .hub import MAX_BOT_TABLES, MAX_WAITING, SILENT_TURN, WAITING_SECONDS, Hub
from .limits import HTTP_BURST, HTTP_RATE, READ_BURST, READ_RATE, HttpRateLimit
from .redact import install as install_redaction
from .refusals import TableError
from .schemas import MAX_BODY, CreateTable, Join, Rematch, explain
from .store import Store
from .tables import Table
from .web import install as install_web
from .ws import BURST, RATE, play

log = logging.getLogger("liars.server")
M = TypeVar("M", bound=BaseModel)
RETRY_AFTER = 2  # seconds a 503 (a table moving, Redis away) asks the client to wait

__all__ = ["BURST", "RATE", "create_app", "error"]


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


def hub_of(conn: HTTPConnection) -> Hub:
    """The app's tables (a request's or a WebSocket's)."""
    hub: Hub = conn.app.state.hub
    return hub


# -- what is done to a table, here or (forwarded) at the process that runs it ----------------
async def _show(hub: Hub, table: Table, args: dict[str, Any]) -> JSON:
    async with table.lock:
        out = table.info()
        out["view"] = None if table.state is None else table.state.view(None)
    return out


async def _join(hub: Hub, table: Table, args: dict[str, Any]) -> JSON:
    seat, token = await table.join(args["name"], key=args.get("key"))
    return {"table": table.id, "seat": seat, "token": token}


async def _rematch(hub: Hub, table: Table, args: dict[str, Any]) -> JSON:
    new, seat, token = await hub.rematch(table, args["token"], bool(args.get("decline")))
    # the new table keeps the old one's invite secret: its players may bring a friend to a declined seat
    return {"table": new.id, "seat": seat, "token": token, "key": new.invite}


OPS = {"show": _show, "join": _join, "rematch": _rematch}
FORWARDS = 3  # a table that moves while a request is forwarded is looked up again, this often


async def table_op(request: Request, op: str, args: dict[str, Any]) -> Response:
    """Do ``op`` to the request's table: here, or at the live process that runs it."""
    hub, table_id = hub_of(request), request.path_params["table_id"]
    for _ in range(FORWARDS):
        found = await hub.find(table_id)
        if found is None:
            break
        if isinstance(found, Table):
            return JSONResponse(await OPS[op](hub, found, args))
        if hub.cluster is None:
            raise TableError("busy", "another server process runs this table", 409)
        status, body = await hub.cluster.call(found.owner, op, table_id, args)
        if status != MOVED:
            return JSONResponse(body, status_code=status)
    else:
        raise TableError("busy", "the table is moving between server processes; try again", 503)
    raise TableError("not_found", "no such table", 404)


async def answer_forwarded(hub: Hub, table_id: str, op: str, args: dict[str, Any]) -> tuple[int, Any]:
    """At the owner: a request another process forwarded; its refusals as the HTTP body they make."""
    found = await hub.find(table_id)
    if not isinstance(found, Table):
        return (404, _refusal("not_found", "no such table")) if found is None else (MOVED, None)
    try:
        return 200, await OPS[op](hub, found, args)
    except TableError as exc:
        return exc.status, {"error": exc.to_json()}
    except (GameConfigError, IllegalAction) as exc:
        return 400, _refusal(exc.code, str(exc), exc.params)


def _refusal(code: str, message: str, params: JSON | None = None) -> JSON:
    return {"error": {"code": code, "params": params or {}, "message": message}}


# -- HTTP endpoints ------------------------------------------------------------------------
async def games(request: Request) -> Response:
    return JSONResponse([liars.game_class(g).info.to_json() for g in liars.GAME_IDS])


async def defaults(request: Request) -> Response:
    # What a table gets for each timer its host leaves out: the web lobby says so next to the
    # fields (before, it said "90" whatever ``liars serve --turn-seconds`` had set).
    fields = CreateTable.model_fields
    return JSONResponse(
        {
            "turn_seconds": hub_of(request).turn_seconds,  # for two or more human seats; null: none
            "window_seconds": fields["window_seconds"].default,
            "grace_seconds": fields["grace_seconds"].default,
            # where other devices on the network open this server (``liars serve --host
            # 0.0.0.0``); empty when it listens on this machine only: the invite link then says so
            "share_origins": list(request.app.state.share_origins),
        }
    )


async def create(request: Request) -> Response:
    req = await _body(request, CreateTable)
    settings = {
        "window_seconds": req.window_seconds,
        "grace_seconds": req.grace_seconds,
        "standin": req.standin,
        "listed": req.listed,
        "coach": req.coach,
    }
    if "turn_seconds" in req.model_fields_set:  # else the hub's default (a limit for 2+ people)
        settings["turn_seconds"] = req.turn_seconds
    table, seat, token = await hub_of(request).create(
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
    key = table.invite  # the secret rides in the link's fragment: browsers never send it to a server
    if key is not None:
        invite += f"#k={key}"
    return JSONResponse({"table": table.id, "seat": seat, "token": token, "invite": invite, "key": key}, 201)


async def show(request: Request) -> Response:
    return await table_op(request, "show", {})


async def join(request: Request) -> Response:
    req = await _body(request, Join)
    return await table_op(request, "join", {"name": req.name, "key": req.key})


async def rematch(request: Request) -> Response:
    req = await _body(request, Rematch)
    return await table_op(request, "rematch", {"token": req.token, "decline": req.decline})


async def show_metrics(request: Request) -> Response:
    metrics = hub_of(request).metrics
    if metrics is None:
        return error("not_found", "metrics are off (liars serve --metrics)", 404)
    return JSONResponse(metrics.snapshot(reset=request.query_params.get("reset") == "1"))


async def on_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, TableError):
        response = error(exc.code, str(exc), exc.status, exc.params)
        if exc.status == 503:  # the table is moving, or this process cannot reach its cluster: soon
            response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
    if isinstance(exc, GameConfigError | IllegalAction):
        return error(exc.code, str(exc), 400, exc.params)
    log.exception("unexpected error on %s", request.url.path, exc_info=exc)
    return error("internal", "internal error", 500)


async def websocket(ws: WebSocket) -> None:
    await ws.accept()
    rate, burst = ws.app.state.ws_rate
    await play(ws, hub_of(ws), rate, burst)


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    hub: Hub = app.state.hub
    await hub.start()
    try:
        yield
    finally:
        await hub.stop()


def rate_refusal(http_rate: float, read_rate: float | None, wait: int) -> Response:
    """The 429 of :class:`.limits.HttpRateLimit`, with ``Retry-After``."""
    response = error(
        "rate_limited",
        f"at most {http_rate:g} write and {read_rate or 0:g} read requests a second from one "
        f"address; retry in {wait} s",
        429,
        {"rate": http_rate, "retry_after": wait},
    )
    response.headers["Retry-After"] = str(wait)
    return response


ROUTES = [
    Route("/api/games", games),
    Route("/api/defaults", defaults),
    Route("/api/tables", create, methods=["POST"]),
    Route("/api/tables/{table_id}", show, name="table"),
    Route("/api/tables/{table_id}/join", join, methods=["POST"]),
    Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
    Route("/api/metrics", show_metrics),
    WebSocketRoute("/ws/tables/{table_id}", websocket),
]


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
    max_bot_tables: int | None = MAX_BOT_TABLES,
    redis: str | None = None,
    redis_prefix: str = "liars",
    bot_cpu: float | None = BOT_CPU,
    turn_seconds: float | None = SILENT_TURN,
    share_origins: tuple[str, ...] = (),
) -> Starlette:
    """The server over the database at ``db`` (a SQLAlchemy async URL).

    ``rate`` and ``burst`` bound the messages of one connection (a token bucket);
    ``http_rate`` and ``http_burst`` the HTTP writes (POST) of one remote address
    (``http_rate=None`` lifts that limit: the load benchmark makes its tables from one address).
    ``read_rate`` and ``read_burst`` bound the API reads and WebSocket handshakes of one address
    (with the writes' limit: ``http_rate=None`` lifts both).  ``allow_origins``: the origins
    (``https://host[:port]``) besides the server's own whose pages may open a WebSocket or
    write (see :mod:`.guard`).  ``waiting_seconds``: how long a table may wait for its players
    before it is closed; ``max_waiting``: waiting tables per creating address (None: no cap);
    ``max_bot_tables``: bots-only tables in play per creating address (None: no cap).
    ``bot_cpu``: CPU-seconds a second all bots may use before tables of bots only wait
    (:mod:`.bot_budget`; None: no budget); ``turn_seconds``: the turn limit of a table of two
    or more people whose host chose none (None: no limit).
    ``share_origins``: the addresses (``http://192.168.1.23:8000``) at which other devices
    reach this server, for the invite links of a page opened as ``127.0.0.1`` (a phone cannot
    open that); empty when the server listens on this machine only.
    ``redis``: a Redis URL shared by several processes over one PostgreSQL database (see
    :mod:`.cluster`), their keys and channels under ``redis_prefix``; each process needs its
    own ``owner`` name.  Without it the process is alone (SQLite's way).
    """
    install_redaction()
    cluster = None
    if redis is not None:
        if db.startswith("sqlite"):
            raise ValueError("several processes share a PostgreSQL database, not SQLite")
        cluster = Cluster(redis, owner or f"liars-{secrets.token_hex(6)}", redis_prefix)
        owner = cluster.name
    hub = Hub(
        Store(db, schema),
        owner=owner,
        metrics=Metrics() if metrics else None,
        waiting_seconds=waiting_seconds,
        max_waiting=max_waiting,
        max_bot_tables=max_bot_tables,
        cluster=cluster,
        bot_cpu=bot_cpu,
        turn_seconds=turn_seconds,
    )
    app = Starlette(
        routes=list(ROUTES),
        exception_handlers={
            TableError: on_error,
            GameConfigError: on_error,
            IllegalAction: on_error,
            Exception: on_error,
        },
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.ws_rate = (rate, burst)
    app.state.share_origins = share_origins
    if cluster is not None:
        cluster.handler = answer_forwarded

        async def relayed(sock: RemoteSocket) -> None:
            await play(sock, hub, rate, burst, relay=False)

        cluster.player = relayed
    install_web(app)
    if http_rate is not None:
        app.add_middleware(
            HttpRateLimit,
            rate=http_rate,
            burst=http_burst,
            refuse=partial(rate_refusal, http_rate, read_rate),
            read_rate=read_rate,
            read_burst=read_burst,
        )
    app.add_middleware(Guard, allow_origins=allow_origins)  # outermost: refusals get the headers too
    return app
