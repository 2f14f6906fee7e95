"""Fixtures for the server tests: a database (SQLite, and PostgreSQL when LIARS_TEST_PG is set),
a real server (uvicorn in a thread of the test process) and WebSocket players with timeouts.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from liars.server import create_app
from liars.server.hub import Hub
from tests.threaded import ThreadedUvicorn

PG_URL = os.environ.get("LIARS_TEST_PG")
DBS = ["sqlite", "pg"] if PG_URL else ["sqlite"]


class Db:
    """Where a test's server keeps its tables: a SQLite file, or a fresh PostgreSQL schema."""

    def __init__(self, url: str, schema: str | None = None) -> None:
        self.url = url
        self.schema = schema

    def cli_args(self) -> list[str]:
        return ["--db", self.url] + (["--schema", self.schema] if self.schema else [])


async def _pg(sql: str) -> None:
    import asyncpg  # type: ignore[import-untyped]

    assert PG_URL is not None
    conn = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextmanager
def make_db(kind: str, folder: Path) -> Iterator[Db]:
    if kind == "sqlite":
        yield Db(f"sqlite+aiosqlite:///{folder / 'liars.sqlite3'}")
        return
    assert PG_URL is not None
    schema = f"liars_test_{secrets.token_hex(6)}"
    asyncio.run(_pg(f"CREATE SCHEMA {schema}"))
    try:
        yield Db(PG_URL, schema)
    finally:
        asyncio.run(_pg(f"DROP SCHEMA {schema} CASCADE"))


@pytest.fixture(params=DBS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Db]:
    with make_db(request.param, tmp_path) as made:
        yield made


@pytest.fixture(scope="module", params=DBS)
def shared_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server for a module's tests that each make their own tables (saves start-ups)."""
    with make_db(request.param, tmp_path_factory.mktemp("db")) as made:
        srv = Server(made)
        try:
            yield srv
        finally:
            srv.stop()


class Server(ThreadedUvicorn):
    """The real app on uvicorn, on a free loopback port, in a thread of this process."""

    def __init__(
        self,
        db: Db,
        owner: str = "test-owner",
        rate: float = 2000.0,
        burst: float = 2000.0,
        http_rate: float | None = None,  # the tests make many tables from one address
        http_burst: float = 30.0,
    ) -> None:
        self.db = db
        app = create_app(
            db.url,
            schema=db.schema,
            owner=owner,
            metrics=True,
            rate=rate,
            burst=burst,
            http_rate=http_rate,
            http_burst=http_burst,
        )
        super().__init__(app, ws_max_size=65536)
        self.http = httpx.Client(base_url=self.url, timeout=10)
        self.keys: dict[str, str] = {}  # table -> the invite secret its creator was given

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    def call(self, coro: Coroutine[Any, Any, Any]) -> Any:
        """Run a coroutine on the server's own loop (to look inside: the log, a table's state)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def on_loop(self, fn: Callable[[], Any]) -> Any:
        async def run() -> Any:
            return fn()

        return self.call(run())

    def stop(self, timeout: float = 15.0) -> None:
        self.http.close()
        super().stop(timeout)

    def create(self, **body: Any) -> dict[str, Any]:
        """A new table; its invite secret is kept for :meth:`join` (the friend with the link)."""
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        if out.get("key"):
            self.keys[out["table"]] = out["key"]
        return out

    def join(self, table: str, name: str = "Ola", key: str | None = None) -> dict[str, Any]:
        """Take a seat as a friend who has the invite link (``key``, else the one :meth:`create` kept)."""
        key = key or self.keys.get(table)
        r = self.http.post(f"/api/tables/{table}/join", json={"name": name, "key": key})
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def connect(self, table: str, token: str | None = None) -> Player:
        url = f"ws://127.0.0.1:{self.port}/ws/tables/{table}" + (f"?token={token}" if token else "")
        ws = connect(url, open_timeout=5, max_size=2**22)
        return Player(ws.__enter__())

    def log(self, table: str) -> list[Any]:
        loaded = self.call(self.hub.store.load(table))
        return [] if loaded is None else loaded[2]


class Player:
    """A WebSocket client that never hangs: every receive has a timeout."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.last_view: dict[str, Any] | None = None

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        if frame["type"] == "view":
            self.last_view = frame
        return frame

    def send(self, obj: Any) -> None:
        self.ws.send(obj if isinstance(obj, str | bytes) else json.dumps(obj))

    def act(self, action: dict[str, Any], seq: int | None = None) -> None:
        if seq is None:
            assert self.last_view is not None
            seq = self.last_view["seq"]
        self.send({"type": "act", "seq": seq, "action": action})

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        """Read frames until one satisfies ``pred``."""
        for _ in range(10000):
            frame = self.recv(timeout)
            if pred(frame):
                return frame
        raise AssertionError("no such frame")

    def view(self, timeout: float = 5.0) -> dict[str, Any]:
        return self.until(lambda f: f["type"] == "view", timeout)

    def error(self, timeout: float = 5.0) -> dict[str, Any]:
        return self.until(lambda f: f["type"] == "error", timeout)

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def server(db: Db) -> Iterator[Server]:
    srv = Server(db)
    try:
        yield srv
    finally:
        srv.stop()
