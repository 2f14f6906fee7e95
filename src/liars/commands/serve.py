"""``liars serve``: the game server (Starlette on uvicorn) over SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import socket
import sys
from contextlib import suppress
from typing import Any

from ..terminal.i18n import _

# The transport's limits (see liars.server.transport; not imported here: the CLI starts without
# the server's packages).
HEADER_TIMEOUT = 10.0  # seconds a request's headers and body may take to arrive
IDLE_TIMEOUT = 5.0  # seconds an HTTP connection may stay open between requests (uvicorn's keep-alive)
MAX_CONNECTIONS = 4000  # connections in all (HTTP and WebSocket): below the process's open-file limit
WS_PER_ADDRESS = 32  # WebSockets from one address (a household or an office behind one router)
WS_PER_TABLE = 200  # WebSockets on one table (its seats, a few tabs each, and its spectators)
FD_SPARE = 64  # open files the server needs besides its connections (database, logs, its modules)
# The tables' limits (liars.server.hub and .bot_budget; tests/server/test_serve_flags.py checks
# that these are the server's own defaults).
BOT_TABLES = 4  # tables of bots only in play per creating address
TURN_SECONDS = 90.0  # a table of two or more people: the turn limit when its host chose none
BOT_CPU = 0.25  # CPU-seconds a second for all bots; then tables of bots only wait


def _seconds(text: str) -> float:
    """A flag's positive number of seconds (argparse reports anything else as a usage error)."""
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(_("{text} is not a positive number of seconds").format(text=text))
    return value


def _seconds_or_none(text: str) -> float:
    """A flag's number of seconds, 0 or more (0: none)."""
    value = float(text)
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds, 0 or more").format(text=text))
    return value


def _count(text: str) -> int:
    """A flag's cap: a whole number, 0 or more (0: no cap)."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text} is below 0").format(text=text))
    return value


def _port(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535: uvicorn, given 99999, said it served there and hung."""
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(_("{text} is not a port (0 to 65535)").format(text=text))
    return value


def trusted_proxies(text: str | None) -> list[str]:
    """A comma-separated flag's items (``--trust-proxy``, ``--allow-origin``); none when not given."""
    return [a.strip() for a in (text or "").split(",") if a.strip()]


def build(args: argparse.Namespace, origins: tuple[str, ...] | None = None) -> tuple[Any, dict[str, Any]]:
    """The app and uvicorn's options for these arguments (the tests serve exactly what this builds).

    ``origins``: where other devices reach it (:func:`liars.server.addresses.share_origins`),
    if the caller has them already (``run`` prints them too); else they are looked up here.

    No proxy is trusted unless ``--trust-proxy`` names it: uvicorn by default believes
    ``X-Forwarded-For`` from 127.0.0.1, so any local client (or a proxy that passes the
    header through) could claim any address and so escape the per-address limits.
    """
    from ..server import create_app, default_db
    from ..server.addresses import share_origins
    from ..server.schemas import MAX_BODY, MAX_MESSAGE
    from ..server.transport import SocketCaps, guarded_http, pending_cap

    db = args.db or default_db()
    # The owner name is stable across restarts of this host and port: a server restarted
    # after a crash takes its tables back at once instead of waiting for their leases.
    owner = f"{socket.gethostname()}:{args.port}"
    inner = create_app(
        db,
        schema=args.schema,
        owner=owner,
        metrics=args.metrics,
        http_rate=args.http_rate or None,
        http_burst=args.http_burst,
        allow_origins=tuple(trusted_proxies(args.allow_origin)),
        read_rate=args.read_rate or None,
        read_burst=args.read_burst,
        waiting_seconds=args.waiting_minutes * 60,
        max_waiting=args.max_waiting or None,
        max_bot_tables=args.max_bot_tables or None,
        bot_cpu=args.bot_cpu or None,
        turn_seconds=args.turn_seconds or None,
        share_origins=share_origins(args.host, args.port) if origins is None else origins,
        redis=args.redis,
        redis_prefix=args.redis_prefix,
    )
    app = SocketCaps(
        inner,
        per_address=args.max_ws_per_address or None,
        per_table=args.max_ws_per_table or None,
        total=args.max_connections or None,
    )
    proxies = trusted_proxies(args.trust_proxy)
    options: dict[str, Any] = {
        "log_level": args.log_level,
        "ws_max_size": 8 * MAX_MESSAGE,
        "ws_per_message_deflate": args.deflate,
        "backlog": 4096,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": proxies or [],
        # the transport's limits (liars.server.transport): a deadline for each request to
        # arrive, idle kept-alive connections closed, HTTP requests over the total cap 503
        "http": guarded_http(args.header_timeout, args.max_pending or pending_cap(_fd_limit(), FD_SPARE)),
        "timeout_keep_alive": args.idle_timeout,
        "limit_concurrency": args.max_connections or None,
        "h11_max_incomplete_event_size": MAX_BODY,
    }
    return app, options


def started(host: str, port: int, db: str, origins: tuple[str, ...]) -> str:
    """The first words of a running server, in the person's language: where to open it, and
    whether other devices on the network can (``origins``, from ``share_origins``: an invite
    link is no use to a phone otherwise)."""
    from ..server.addresses import EVERY_INTERFACE

    here = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else '[::1]' if host == '::' else host}:{port}/"
    lines = [_("liars server: open {url} (database {db})").format(url=here, db=db.split("://")[0])]
    shared = [o + "/" for o in origins if o + "/" != here]
    if shared:
        lines.append(_("Phones and computers on your network: {urls}").format(urls=", ".join(shared)))
    elif not origins and host not in EVERY_INTERFACE:  # this machine only (else: no network found)
        lines.append(
            _("Only this computer can open it; to let others on your network join: {command}").format(
                command=f"liars serve --host 0.0.0.0 --port {port}"
            )
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..server import default_db

    db = args.db or default_db()
    if args.redis and db.startswith("sqlite"):  # a clear refusal, not a traceback from create_app
        print("--redis needs a PostgreSQL --db: several processes cannot share SQLite", file=sys.stderr)
        return 2
    if args.redis:  # before the database is touched: one clear line, not uvicorn's startup traceback
        unreachable = redis_unreachable(args.redis)
        if unreachable is not None:
            print(f"--redis: cannot reach Redis ({unreachable}); start it or check the URL", file=sys.stderr)
            return 2
    unopenable = database_unopenable(db, args.schema)
    if unopenable is not None:  # one clear line, not uvicorn's "Application startup failed" traceback
        print(f"--db: cannot open the database ({unopenable}); check the URL and the server", file=sys.stderr)
        return 2
    _raise_fd_limit(args.max_connections)
    from ..server.addresses import share_origins

    origins = share_origins(args.host, args.port)  # looked up once: for the page and for this line
    app, options = build(args, origins)
    print(started(args.host, args.port, db, origins), flush=True)
    uvicorn.run(app, host=args.host, port=args.port, **options)
    return 0


def database_unopenable(url: str, schema: str | None) -> str | None:
    """Why the server's database cannot be opened (None: it can), asked before uvicorn starts."""
    import asyncio

    from ..server.store import unopenable

    return asyncio.run(unopenable(url, schema))


def redis_unreachable(url: str) -> str | None:
    """Why Redis at ``url`` does not answer a ping (None: it does).

    The reason is redis-py's (the address and the error), never the URL itself, which may hold
    a password.
    """
    try:
        from redis import Redis

        client = Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except Exception as exc:
        return str(exc) or type(exc).__name__
    return None


def _fd_limit() -> int | None:
    """How many files this process may open (None: no limit, or no way to tell)."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def _raise_fd_limit(connections: int) -> None:
    """Let the process have as many open files as it may (each connection is one), and say so if
    that is fewer than ``--max-connections`` needs: past the limit, nobody new is even accepted."""
    try:
        import resource
    except ImportError:  # not on this platform (Windows): nothing to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        want = hard if hard != resource.RLIM_INFINITY else max(soft, connections + FD_SPARE)
        with suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
    if connections and soft != resource.RLIM_INFINITY and soft < connections + FD_SPARE:
        print(
            f"warning: the open-file limit ({soft}) is below --max-connections ({connections}) "
            f"and the server's own {FD_SPARE}: lower --max-connections or raise the limit (ulimit -n)",
            file=sys.stderr,
            flush=True,
        )


def add(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the game server (tables, seats, WebSocket play)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=_port, default=8000)
    p.add_argument(
        "--db",
        help="SQLAlchemy async URL, e.g. postgresql+asyncpg://user@host/db "
        "(default: SQLite in $LIARS_DATA_DIR or ~/.local/share/liars)",
    )
    p.add_argument("--schema", help="PostgreSQL schema to use (search_path); it must exist")
    p.add_argument(
        "--redis",
        metavar="URL",
        help="redis://host:port/db shared by several processes over one PostgreSQL --db: any "
        "process serves any table (see docs/scaling.md); without it the process is alone",
    )
    p.add_argument(
        "--redis-prefix",
        default="liars",
        help="the prefix of this cluster's Redis keys and channels (several clusters, one Redis)",
    )
    p.add_argument("--metrics", action="store_true", help="serve /api/metrics (the load benchmark reads it)")
    p.add_argument(
        "--http-rate",
        type=float,
        default=2.0,
        help="HTTP writes (create, join, rematch) a second per client address; 0 for no limit",
    )
    p.add_argument("--http-burst", type=float, default=30.0, help="HTTP writes per client address at once")
    p.add_argument(
        "--read-rate",
        type=float,
        default=20.0,
        help="API reads and WebSocket handshakes a second per client address; 0 for no limit",
    )
    p.add_argument("--read-burst", type=float, default=100.0, help="API reads per client address at once")
    p.add_argument(
        "--waiting-minutes",
        type=float,
        default=60.0,
        help="close a table whose seats are not all taken after this many minutes",
    )
    p.add_argument(
        "--max-waiting",
        type=int,
        default=20,
        help="waiting tables one client address may have at once; 0 for no cap",
    )
    p.add_argument(
        "--max-bot-tables",
        type=_count,
        default=BOT_TABLES,
        help="tables of bots only in play that one client address may have at once; 0 for no cap",
    )
    p.add_argument(
        "--bot-cpu",
        type=_seconds_or_none,
        default=BOT_CPU,
        metavar="SECONDS",
        help="CPU seconds a second all bots together may use; then tables of bots only wait, "
        "tables with people never do; 0 for no budget",
    )
    p.add_argument(
        "--turn-seconds",
        type=_seconds_or_none,
        default=TURN_SECONDS,
        metavar="SECONDS",
        help="the turn limit at a table of two or more people whose host chose none; when it runs "
        "out a stand-in bot plays the turn; 0 for none",
    )
    p.add_argument(
        "--trust-proxy",
        metavar="ADDR[,ADDR]",
        help="reverse proxies (addresses or networks) whose X-Forwarded-For names the client; "
        "by default none is trusted and a client is the address it connects from",
    )
    p.add_argument(
        "--allow-origin",
        metavar="ORIGIN[,ORIGIN]",
        help="origins (https://host[:port]) besides the server's own whose pages may open a "
        "WebSocket or write (another site's pages are refused by default)",
    )
    p.add_argument(
        "--header-timeout",
        type=_seconds,
        default=HEADER_TIMEOUT,
        metavar="SECONDS",
        help="a request's headers and body must arrive within this many seconds, else it is closed",
    )
    p.add_argument(
        "--idle-timeout",
        type=_seconds,
        default=IDLE_TIMEOUT,
        metavar="SECONDS",
        help="close an HTTP connection idle this many seconds between requests",
    )
    p.add_argument(
        "--max-pending",
        type=_count,
        default=0,
        help="requests still arriving at once; a new connection beyond that closes the one "
        "waiting longest; 0: half the open files the process may have",
    )
    p.add_argument(
        "--max-connections",
        type=_count,
        default=MAX_CONNECTIONS,
        help="open connections (HTTP and WebSocket) in all; more are refused; 0 for no cap",
    )
    p.add_argument(
        "--max-ws-per-address",
        type=_count,
        default=WS_PER_ADDRESS,
        help="open WebSocket connections from one client address; 0 for no cap",
    )
    p.add_argument(
        "--max-ws-per-table",
        type=_count,
        default=WS_PER_TABLE,
        help="open WebSocket connections (players and spectators) to one table; 0 for no cap",
    )
    p.add_argument(
        "--deflate", action="store_true", help="compress WebSocket messages (less traffic, more CPU)"
    )
    p.add_argument("--log-level", default="warning", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)
