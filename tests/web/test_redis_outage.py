"""A Redis outage under ``liars serve --redis``: what the players' browsers see, and the server's log.

One real ``liars serve --redis`` process over PostgreSQL and a redis-server of the test's own
(never the machine's shared one), two players at a table in English and Norwegian.  The test
stops that redis-server: both pages say, in their language, that the server is having trouble
and that the game is saved (before, they flickered between "Connection lost" and the table as
the process kept loading its tables and dropping them again); a Dutch visitor opening the
invite link meanwhile is told the same (before: the table's page came up, or "No such table"
for a 503); creating a table says it too.  Redis back: every page is at the table again, and a
bid goes through.  The server's log holds no traceback and says the outage in a line or two,
not a line for every loop and retry.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import PG_URL, _pg
from tests.server.private_redis import PrivateRedis
from tests.server.serving import Server

from .helpers import create_table, join

pytestmark = pytest.mark.skipif(PG_URL is None, reason="--redis needs PostgreSQL (LIARS_TEST_PG)")

TROUBLE = {
    "en": "The server is having trouble right now. Your game is saved: this page carries on by itself "
    "as soon as the server is back.",
    "nb": "Serveren har problemer akkurat nå. Spillet ditt er lagret: siden fortsetter av seg selv så "
    "snart serveren er tilbake.",
    "nl": "De server heeft op dit moment problemen. Je spel is bewaard: deze pagina gaat vanzelf verder "
    "zodra de server terug is.",
}


def _sql(sql: str) -> None:
    # in a thread of its own: Playwright's sync API keeps an event loop running in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _pg(sql)).result(30)


class Served:
    """``liars serve --redis`` on a free port, its stderr kept in ``log``."""

    def __init__(self, redis: PrivateRedis, tmp: Path) -> None:
        assert PG_URL is not None
        self.schema = f"liars_outage_{secrets.token_hex(5)}"
        _sql(f"CREATE SCHEMA {self.schema}")
        args = ["--db", PG_URL, "--schema", self.schema, "--redis", redis.url, "--redis-prefix", "outage"]
        self.server = Server([*args, "--http-rate", "0"], tmp).wait_up()
        self.url, self.log = self.server.base, self.server.log

    def stop(self) -> None:
        self.server.stop()
        _sql(f"DROP SCHEMA {self.schema} CASCADE")


@pytest.fixture
def outage(tmp_path: Path) -> Iterator[tuple[PrivateRedis, Served]]:
    redis = PrivateRedis(tmp_path)
    redis.start()
    try:
        served = Served(redis, tmp_path)
        try:
            yield redis, served
        finally:
            served.stop()
    finally:
        redis.stop()


def _says(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => { const e = document.querySelector('#lost'); return !!e && e.textContent === t; }",
        arg=text,
        timeout=20000,
    )


def test_a_redis_outage_is_told_in_each_language_and_the_table_comes_back(
    outage: tuple[PrivateRedis, Served], browser: Any
) -> None:
    redis, served = outage
    made = [
        browser.new_context(locale=loc, viewport={"width": 1100, "height": 900}) for loc in ("en-US", "nb-NO")
    ]
    visitor = browser.new_context(locale="nl-NL", viewport={"width": 1100, "height": 900})
    try:
        anna, bram = (c.new_page() for c in made)
        table = create_table(anna, served.url, "liars-dice", 2, {"dice": 2}, ["human", "human"], "Anna")
        join(bram, f"{served.url}/t/{table}", "Bram")
        for p in (anna, bram):
            p.wait_for_selector("#table")

        redis.stop()  # the test's own redis-server, by its process id
        _says(anna, TROUBLE["en"])
        _says(bram, TROUBLE["nb"])
        assert anna.locator("#missing").count() == 0 and anna.locator("#error").count() == 0
        # someone opening the invite link meanwhile: the same, in Dutch (not the table, not "no such table")
        late = visitor.new_page()
        late.goto(f"{served.url}/t/{table}")
        _says(late, TROUBLE["nl"])
        assert late.locator("#missing").count() == 0
        # and a new table cannot be made: the lobby says why, not "Refused: ..."
        lobby = made[0].new_page()
        lobby.goto(served.url + "/")
        lobby.click("#create")
        lobby.wait_for_function(
            "t => document.querySelector('#error')?.textContent === t", arg=TROUBLE["en"], timeout=20000
        )
        time.sleep(3.0)  # a few more seconds of it: the pages keep saying so, the log stays quiet
        _says(anna, TROUBLE["en"])

        redis.start()  # the same port: the server finds it again
        for p in (anna, bram, late):
            p.wait_for_selector("#lost", state="detached", timeout=30000)
        for p in (anna, bram):
            p.wait_for_selector("#table")
        late.wait_for_selector("#table, #waiting")
        # the game goes on: whoever is to bid bids, and the other page shows it
        mover = next(p for p in (anna, bram) if p.locator("#actions button:not([disabled])").count())
        before = httpx.get(f"{served.url}/api/tables/{table}").json()["seq"]
        mover.locator("#actions button:not([disabled])").first.click()
        deadline = time.monotonic() + 20
        while httpx.get(f"{served.url}/api/tables/{table}").json()["seq"] == before:
            assert time.monotonic() < deadline, "no move went through after Redis came back"
            time.sleep(0.1)
    finally:
        for c in (*made, visitor):
            c.close()
    log = served.log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in log, log
    assert "cannot reach Redis" in log and "Redis reachable again" in log, log
    noisy = [line for line in log.splitlines() if re.search(r"redis|cluster|dropped|heartbeat", line, re.I)]
    assert len(noisy) <= 8, "\n".join(noisy)  # the outage in a few lines, not one per loop and retry
