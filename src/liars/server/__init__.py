"""The game server: tables, seats, a real-time WebSocket protocol, and games that survive a crash.

``create_app(db_url)`` builds the ASGI app (Starlette); ``liars serve`` runs it
with uvicorn.  The parts: :mod:`.schemas` (strict input), :mod:`.store`
(SQLAlchemy 2 async, Alembic migrations in ``migrations/``), :mod:`.tables`
(one live table, driven by :mod:`.seats`, :mod:`.frames`, :mod:`.window`,
:mod:`.timers`, :mod:`.bot_driver` and :mod:`.recovery`), :mod:`.hub` (the
tables this process owns), :mod:`.conn` (outboxes and metrics), :mod:`.app`
(HTTP endpoints), :mod:`.ws` (the WebSocket) and :mod:`.client` (the remote
bot).  The protocol is in ``docs/protocol.md``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from .app import create_app


def data_dir() -> Path:
    """Where the embedded SQLite database lives: ``$LIARS_DATA_DIR``, else the platform's data folder.

    ``platformdirs`` knows each platform's convention (``$XDG_DATA_HOME/liars``, else
    ``~/.local/share/liars`` on Linux; the Application Support and AppData folders elsewhere).
    """
    env = os.environ.get("LIARS_DATA_DIR")
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("liars", appauthor=False))


def default_db() -> str:
    path = data_dir()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{path / 'server.sqlite3'}"


__all__ = ["create_app", "data_dir", "default_db"]
