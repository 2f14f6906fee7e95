"""Issue 21.14: a database hiccup does not fail an action: the commit is tried again, and the action
is logged once (the log's key is ``(table, n)``), neither lost nor doubled.

Two hiccups, on the real databases: PostgreSQL's backends of this server killed mid-game (the
server's pooled connections are all dead at once), and SQLite locked by another program for
longer than one statement waits for a lock (``BUSY_MS``)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from liars.server import client as client_module
from liars.server import store as store_module
from liars.server.store import BUSY_MS, ActionRow, SeatRow, Store, TableRow, _Pending, application_name

from .conftest import PG_URL, Player, Server, _pg, make_db


@pytest.fixture
def pg_server(tmp_path: Path) -> Iterator[Server]:
    if not PG_URL:
        pytest.skip("PostgreSQL tests need LIARS_TEST_PG")
    with make_db("pg", tmp_path) as db:
        srv = Server(db)
        try:
            yield srv
        finally:
            srv.stop()


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[Server]:
    with make_db("sqlite", tmp_path) as db:
        srv = Server(db)
        try:
            yield srv
        finally:
            srv.stop()


def seated(srv: Server) -> tuple[str, dict[int, Player]]:
    out = srv.create(game="liars-dice", players=2, options={"dice": 3}, name="Kari")
    joined = srv.join(out["table"])
    tokens = {out["seat"]: out["token"], joined["seat"]: joined["token"]}
    return out["table"], {s: srv.connect(out["table"], t) for s, t in tokens.items()}


def views_at(players: dict[int, Player], seq: int, timeout: float = 5.0) -> dict[int, dict[str, Any]]:
    """Each seat's view at ``seq``; an error frame on the way fails the test."""
    out = {}
    for s, p in players.items():
        frame = p.until(lambda f: f["type"] == "error" or (f["type"] == "view" and f["seq"] >= seq), timeout)
        assert frame["type"] == "view", frame
        out[s] = frame
    return out


def bid(players: dict[int, Player], views: dict[int, dict[str, Any]], pick: int = 0) -> int:
    """The mover bids; returns the seq the bid was made on."""
    seq: int = views[0]["seq"]
    mover = views[0]["view"]["to_act"][0]
    bids = [a for a in views[mover]["legal"] if a["type"] == "bid"]
    players[mover].act(bids[pick % len(bids)], seq)
    return seq


def logged(srv: Server, table: str) -> list[tuple[int, int, Any]]:
    return [(r.n, r.seat, r.action) for r in srv.log(table)]


def test_postgres_backends_killed_mid_game_the_next_actions_still_succeed(pg_server: Server) -> None:
    table, players = seated(pg_server)
    schema = pg_server.db.schema
    views = views_at(players, 0)
    sent = []
    for k in range(4):
        if k % 2 == 1:  # kill every backend of this server (only this test's: its schema is in the name)
            asyncio.run(
                _pg(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    f"WHERE application_name = '{application_name(schema)}'"
                )
            )
        seq = bid(players, views, k)
        sent.append(seq)
        views = views_at(players, seq + 1, timeout=15)  # the action answered, not refused
    rows = logged(pg_server, table)
    assert [n for n, _, _ in rows] == sent == [0, 1, 2, 3]  # each once, in order
    for p in players.values():
        p.close()


class Locker(threading.Thread):
    """Another program holding SQLite's write lock (``BEGIN EXCLUSIVE``) for ``seconds``."""

    def __init__(self, path: str, seconds: float) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.seconds = seconds
        self.locked = threading.Event()
        self.released_at = 0.0

    def run(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        self.locked.set()
        time.sleep(self.seconds)
        conn.execute("ROLLBACK")
        self.released_at = time.monotonic()
        conn.close()


def test_sqlite_locked_longer_than_its_busy_wait_the_action_still_succeeds(sqlite_server: Server) -> None:
    table, players = seated(sqlite_server)
    views = views_at(players, 0)
    seq = bid(players, views)
    views = views_at(players, 1)
    path = sqlite_server.db.url.split("///", 1)[1]
    lock = Locker(path, BUSY_MS / 1000 + 1.5)  # one try's wait for the lock is not enough
    lock.start()
    assert lock.locked.wait(5)
    seq = bid(players, views, 1)
    views = views_at(players, seq + 1, timeout=BUSY_MS / 1000 + 10)
    assert lock.released_at and time.monotonic() >= lock.released_at  # answered after the lock went
    seq = bid(players, views, 2)  # and the table plays on
    views_at(players, seq + 1)
    assert [n for n, _, _ in logged(sqlite_server, table)] == [0, 1, 2]
    for p in players.values():
        p.close()


def test_a_retry_whose_first_try_did_commit_is_done_not_doubled_nor_refused(tmp_path: Path) -> None:
    """A backend killed just after its COMMIT: the rows are in, the answer lost; the retry's
    conflict on ``(table, n)`` finds them there, as they were sent, and counts as done."""

    async def run() -> list[Any]:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}")
        await store.open()
        try:
            row = TableRow("t1", "liars-dice", 2, 7, {}, {}, "playing")
            await store.create_table(
                row, [SeatRow(0, "human", None, "A", "h"), SeatRow(1, "bot", "basic", "B", None)]
            )
            rows = [ActionRow(0, 0, {"type": "bid", "quantity": 1, "face": 2}, "player")]
            await store.append("t1", rows)
            loop = asyncio.get_running_loop()
            again = _Pending("t1", rows, None, loop.create_future())
            await store._write_once([again])  # the same rows: done
            other = [ActionRow(0, 1, {"type": "bid", "quantity": 1, "face": 3}, "player")]
            conflict = _Pending("t1", other, None, loop.create_future())
            with pytest.raises(Exception, match="UNIQUE"):
                await store._write_once([conflict])  # someone else's action n: a real conflict
            loaded = await store.load("t1")
            assert loaded is not None
            return loaded[2]
        finally:
            await store.close()

    log = asyncio.run(run())
    assert [(a.n, a.seat, a.action["face"]) for a in log] == [(0, 0, 2)]


def test_a_commit_that_fails_every_try_is_refused_with_retry_and_the_resend_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the retries the player is told ``retry`` (the connection stays open, nothing changed,
    the others told nothing); sent again once the database is back, the action is logged once."""
    monkeypatch.setattr(store_module, "BUSY_MS", 200)  # short tries, so that the budget runs out fast
    monkeypatch.setattr(store_module, "RETRY_PAUSES", (0.1, 0.2))
    with make_db("sqlite", tmp_path) as db:
        srv = Server(db)
        try:
            table, players = seated(srv)
            views = views_at(players, 0)
            lock = Locker(db.url.split("///", 1)[1], 3.0)
            lock.start()
            assert lock.locked.wait(5)
            mover = views[0]["view"]["to_act"][0]
            action = next(a for a in views[mover]["legal"] if a["type"] == "bid")
            players[mover].act(action, 0)
            err = players[mover].error(timeout=10)
            assert err["code"] == "retry" and err["ref"] == 0 and err["params"] == {"seq": 0}
            assert srv.log(table) == []
            lock.join(10)
            players[mover].act(action, 0)  # the same move on the same view: now it is taken
            views_at(players, 1)
            assert [(n, seat, a) for n, seat, a in logged(srv, table)] == [(0, mover, action)]
            for p in players.values():
                assert not any(f["type"] == "error" and f["code"] != "retry" for f in p.frames)
                p.close()
        finally:
            srv.stop()


def test_the_remote_bot_sends_again_when_told_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``liars bot`` (play_seat) answers ``retry`` by sending the same action again: its game ends."""
    monkeypatch.setattr(store_module, "BUSY_MS", 200)
    monkeypatch.setattr(store_module, "RETRY_PAUSES", (0.1,))
    monkeypatch.setattr(client_module, "RETRY_WAIT", 0.3)
    with make_db("sqlite", tmp_path) as db:
        srv = Server(db)
        try:
            out = srv.create(game="liars-dice", players=2, options={"dice": 2}, name="Kari")
            joined = srv.join(out["table"])
            lock = Locker(db.url.split("///", 1)[1], 1.5)
            lock.start()
            assert lock.locked.wait(5)

            async def both() -> list[Any]:
                return await asyncio.wait_for(
                    asyncio.gather(
                        *(
                            client_module.play_seat(srv.url, out["table"], tok, seed=i)
                            for i, tok in enumerate((out["token"], joined["token"]))
                        )
                    ),
                    60,
                )

            finals = asyncio.run(both())
            assert all(v["over"] for v in finals)
            assert any("commit failed for table" in r.getMessage() for r in caplog.records)  # told retry
            ns = [r.n for r in srv.log(out["table"])]
            assert ns == list(range(len(ns))) and ns  # each action once, none lost
        finally:
            srv.stop()
