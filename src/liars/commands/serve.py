"""``liars serve``: the game server (Starlette on uvicorn) over SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import socket
from typing import Any


def trusted_proxies(text: str | None) -> list[str]:
    """A comma-separated flag's items (``--trust-proxy``, ``--allow-origin``); none when not given."""
    return [a.strip() for a in (text or "").split(",") if a.strip()]


def build(args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    """The app and uvicorn's options for these arguments (the tests serve exactly what this builds).

    No proxy is trusted unless ``--trust-proxy`` names it: uvicorn by default believes
    ``X-Forwarded-For`` from 127.0.0.1, so any local client (or a proxy that passes the
    header through) could claim any address and so escape the per-address limits.
    """
    from ..server import create_app, default_db
    from ..server.schemas import MAX_MESSAGE

    db = args.db or default_db()
    # The owner name is stable across restarts of this host and port: a server restarted
    # after a crash takes its tables back at once instead of waiting for their leases.
    owner = f"{socket.gethostname()}:{args.port}"
    app = create_app(
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
    )
    proxies = trusted_proxies(args.trust_proxy)
    options: dict[str, Any] = {
        "log_level": args.log_level,
        "ws_max_size": 8 * MAX_MESSAGE,
        "ws_per_message_deflate": args.deflate,
        "backlog": 4096,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": proxies or [],
    }
    return app, options


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..server import default_db

    app, options = build(args)
    db = args.db or default_db()
    print(f"liars server on http://{args.host}:{args.port} (database {db.split('://')[0]})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, **options)
    return 0


def add(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the game server (tables, seats, WebSocket play)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--db",
        help="SQLAlchemy async URL, e.g. postgresql+asyncpg://user@host/db "
        "(default: SQLite in $LIARS_DATA_DIR or ~/.local/share/liars)",
    )
    p.add_argument("--schema", help="PostgreSQL schema to use (search_path); it must exist")
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
        "--deflate", action="store_true", help="compress WebSocket messages (less traffic, more CPU)"
    )
    p.add_argument("--log-level", default="warning", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)
