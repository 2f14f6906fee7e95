"""A challenge window with answers already given survives ``kill -9``: the answers and the deadline."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

import httpx

from liars.server.store import Store

from .conftest import Db
from .serving import free_port, start
from .test_crash import Seat

CHALLENGE = {"type": "challenge"}
PASS = {"type": "pass"}
WINDOW = 30.0


def until(seat: Seat, pred: Any) -> dict[str, Any]:
    for _ in range(1000):
        frame: dict[str, Any] = json.loads(seat.ws.recv(timeout=5))
        assert frame["type"] != "error", frame
        if frame["type"] == "view" and pred(frame):
            return frame
    raise AssertionError("no such view")


def act(seat: Seat, seq: int, action: dict[str, Any]) -> None:
    seat.ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))


def logged(db: Db, table: str) -> list[tuple[int, str, str]]:
    """The table's log read straight from the database (the server may be down)."""

    async def read() -> list[tuple[int, str, str]]:
        store = Store(db.url, db.schema)
        await store.open()
        try:
            loaded = await store.load(table)
        finally:
            await store.close()
        assert loaded is not None
        return [(a.seat, a.action["type"], a.by) for a in loaded[2]]

    return asyncio.run(read())


def cheat_window(
    port: int, options: dict[str, Any], window: float
) -> tuple[str, dict[int, str], dict[int, Seat], list[int], float]:
    """A four-seat Cheat table whose starter has played: its challenge window is open.

    Gives the table, each seat's token, a connection per seat, the asked
    seats in play order (the three after the starter) and the monotonic time
    just before the play that opened the window.
    """
    base = f"http://127.0.0.1:{port}"
    out = httpx.post(
        f"{base}/api/tables",
        json={"game": "cheat", "players": 4, "options": options, "name": "p0", "window_seconds": window},
    ).json()
    table = out["table"]
    tokens = {out["seat"]: out["token"]}
    for i in range(3):
        j = httpx.post(
            f"{base}/api/tables/{table}/join", json={"name": f"p{i + 1}", "key": out["key"]}
        ).json()
        tokens[j["seat"]] = j["token"]
    seats = {s: Seat(port, table, t) for s, t in tokens.items()}
    first = {s: until(p, lambda f: True) for s, p in seats.items()}
    starter = first[0]["view"]["to_act"][0]
    opened_at = time.monotonic()
    act(seats[starter], 0, next(a for a in first[starter]["legal"] if a["type"] == "play"))
    return table, tokens, seats, [(starter + k) % 4 for k in (1, 2, 3)], opened_at


def test_held_window_answers_and_the_deadline_survive_kill_9(db: Db, tmp_path: Path) -> None:
    port = free_port()
    proc = start(db, port, tmp_path)
    try:
        options = {"first_challenger_in_play_order": True}
        table, tokens, seats, (a, b, c), opened_at = cheat_window(port, options, WINDOW)
        for s in (a, b, c):
            until(seats[s], lambda f: f["seq"] == 1 and CHALLENGE in f["legal"])
        # With the house rule both answers wait for a: nothing is logged yet, both are held.
        act(seats[c], 1, CHALLENGE)
        until(seats[c], lambda f: f["seq"] == 1 and f["legal"] == [])
        act(seats[b], 1, PASS)
        until(seats[b], lambda f: f["seq"] == 1 and f["legal"] == [])
        assert [t for _, t, _ in logged(db, table)] == ["play"]

        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = start(db, port, tmp_path)

        seats = {s: Seat(port, table, t) for s, t in tokens.items()}
        after = {s: until(p, lambda f: True) for s, p in seats.items()}
        left = WINDOW - (time.monotonic() - opened_at)
        for s in (a, b, c):
            f = after[s]
            assert f["seq"] == 1 and f["window"]["seats"] == [a, b, c]
            assert 0 < f["window"]["closes"] <= left + 0.5  # the old deadline, not a fresh window
        assert after[b]["legal"] == [] and after[c]["legal"] == []  # their answers are back
        assert CHALLENGE in after[a]["legal"] and after[a]["deadline"] <= left + 0.5

        act(seats[a], 1, PASS)  # a passes: b's held pass and c's held call apply in play order
        f = until(seats[a], lambda f: f["seq"] == 4)
        assert f["window"] is None and f["view"]["revealed"] is not None
        assert logged(db, table)[1:] == [
            (a, "pass", "player"),
            (b, "pass", "player"),
            (c, "challenge", "player"),
        ]
        for p in seats.values():
            p.ws.close()
    finally:
        proc.kill()
        proc.wait(10)


def test_a_window_that_ran_out_while_down_closes_at_the_restart(db: Db, tmp_path: Path) -> None:
    port = free_port()
    proc = start(db, port, tmp_path)
    try:
        table, _, seats, (a, b, c), _ = cheat_window(port, {}, 3.0)
        until(seats[b], lambda f: f["seq"] == 1 and PASS in f["legal"])
        act(seats[b], 1, PASS)  # held: a has not answered
        until(seats[b], lambda f: f["seq"] == 1 and f["legal"] == [])
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        time.sleep(3.5)  # the window's time runs out while the server is down
        proc = start(db, port, tmp_path)
        deadline = time.monotonic() + 10
        while len(logged(db, table)) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert logged(db, table)[1:] == [(a, "pass", "window"), (b, "pass", "player"), (c, "pass", "window")]
    finally:
        proc.kill()
        proc.wait(10)
