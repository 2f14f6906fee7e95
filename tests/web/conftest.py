"""Fixtures for the browser tests: the real server (uvicorn in a thread, a temporary SQLite
database) and Debian's Chromium driven by Playwright. No browser is downloaded; a missing
Playwright or /usr/bin/chromium is an error, never a skip that could hide the whole suite.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from liars.server import create_app
from tests.threaded import ThreadedUvicorn

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

if not Path(CHROMIUM).exists():  # an error, not a skip: a missing browser must not hide the suite
    raise RuntimeError(f"no Chromium at {CHROMIUM}: apt-get install chromium (make test does)")


class WebServer(ThreadedUvicorn):
    """The real app (API, WebSocket and web app) on a free loopback port, in a thread."""

    def __init__(self, db: str) -> None:
        super().__init__(create_app(db, owner="web-test"))

    def table_state(self, table_id: str) -> Any:
        """The engine state of a live table (to check the browser against the truth)."""
        return self.app.state.hub.tables[table_id].state


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    db = tmp_path_factory.mktemp("webdb") / "liars.sqlite3"
    srv = WebServer(f"sqlite+aiosqlite:///{db}")
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module.

    Module-scoped, not session-scoped: sync Playwright keeps an asyncio loop running on the
    main thread while it is open, and every ``asyncio.run`` in a test collected after it (the
    server and cluster tests do that) would fail with "cannot be called from a running event
    loop". Closing it with the module leaves no loop behind whatever the collection order.
    """
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
