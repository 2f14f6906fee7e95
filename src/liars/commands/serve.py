"""``liars serve``: the game server (Starlette on uvicorn) over SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import socket
from typing import Any


def run(args: argparse.Namespace) -> int:
    import uvicorn

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
    )
    print(f"liars server on http://{args.host}:{args.port} (database {db.split('://')[0]})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=8 * MAX_MESSAGE,
        ws_per_message_deflate=args.deflate,
        backlog=4096,
    )
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
        "--deflate", action="store_true", help="compress WebSocket messages (less traffic, more CPU)"
    )
    p.add_argument("--log-level", default="warning", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)
