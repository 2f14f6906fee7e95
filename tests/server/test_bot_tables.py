"""Tables of bots only are bounded (issue 21.6): a cap per address, and a pause while unwatched.

28 tables of strong bots from one address took 33 CPU-seconds in 43 s and slowed real
tables' bots tenfold.  Now one address has at most ``max_bot_tables`` of them in play, and
one that nobody watches pauses after ``BOT_IDLE`` seconds until a spectator comes.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from liars.server import bot_driver

from .conftest import Server

SIX_BOTS: dict[str, Any] = {"game": "cheat", "players": 6, "seats": ["bot:random"] * 6}


def info(server: Server, table: str) -> dict[str, Any]:
    out: dict[str, Any] = server.http.get(f"/api/tables/{table}").json()
    return out


def test_one_address_has_a_few_tables_of_bots_at_most(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_driver, "BOT_IDLE", 0.0)  # paused at once: in play, but no CPU spent
    server.on_loop(lambda: setattr(server.hub, "max_bot_tables", 2))
    for _ in range(2):
        server.create(**SIX_BOTS)
    r = server.http.post("/api/tables", json=SIX_BOTS)
    assert r.status_code == 429, r.text
    assert r.json()["error"]["code"] == "rate_limited" and r.json()["error"]["params"]["limit"] == 2
    # a table with a person is not one of them
    server.create(game="liars-dice", players=2, seats=["human", "bot:random"], name="Kari")


def test_an_unwatched_table_of_bots_pauses_until_someone_watches(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_driver, "BOT_IDLE", 0.0)
    table = server.create(**SIX_BOTS)["table"]
    time.sleep(0.3)
    paused = info(server, table)
    assert paused["paused"] is True and paused["seq"] == 0 and not server.log(table)
    spectator = server.connect(table)
    moved = spectator.until(lambda f: f["type"] == "view" and f["seq"] > 0)
    assert moved["seat"] is None
    spectator.close()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not info(server, table)["paused"]:
        time.sleep(0.02)
    stopped = info(server, table)
    assert stopped["paused"] is True or stopped["status"] == "over"
    time.sleep(0.3)
    assert info(server, table)["seq"] == stopped["seq"]  # nothing moves while nobody watches
