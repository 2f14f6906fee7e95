"""Fixtures for the browser tests: the real server (uvicorn in a thread, a temporary SQLite
database) and Debian's Chromium driven by Playwright. No browser is downloaded: the tests
are skipped when Playwright or /usr/bin/chromium is missing.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from liars.server import create_app

CHROMIUM = os.environ.get("LIARS_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

sync_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


class WebServer:
    """The real app (API, WebSocket and web app) on a free loopback port, in a thread."""

    def __init__(self, db: str) -> None:
        self.app = create_app(db, owner="web-test")
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, args=(sock,), daemon=True)
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                break
            threading.Event().wait(0.01)
        assert self.server.started, "the server did not start"

    def _run(self, sock: socket.socket) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve(sockets=[sock]))

    def table_state(self, table_id: str) -> Any:
        """The engine state of a live table (to check the browser against the truth)."""
        return self.app.state.hub.tables[table_id].state

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("webdb") / "liars.sqlite3"
    srv = WebServer(f"sqlite+aiosqlite:///{db}")
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    """Three separate browser profiles (own localStorage): two players and a spectator."""
    made = [browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900}) for _ in range(3)]
    try:
        yield made
    finally:
        for c in made:
            c.close()
