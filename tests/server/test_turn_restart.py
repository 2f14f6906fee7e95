"""A turn timer survives ``kill -9`` with the deadline it had (issue 21.13).

It restarted from zero: a 10 s timer killed at 4 s gave 9.87 s after the restart, while a
challenge window kept its deadline.  The turn's start is now the log's (the commit that made
it the seat's turn), so the restarted table counts from there.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import httpx

from .conftest import Db
from .serving import free_port, start
from .test_crash import Seat
from .test_window_restart import act, until

TURN = 20.0
DOWN = 3.0  # at least this long between the turn's start and the restarted view


def test_a_turn_deadline_survives_kill_9(db: Db, tmp_path: Path) -> None:
    port = free_port()
    proc = start(db, port, tmp_path)
    try:
        base = f"http://127.0.0.1:{port}"
        out = httpx.post(
            f"{base}/api/tables",
            json={"game": "liars-dice", "players": 2, "options": {"dice": 2}, "turn_seconds": TURN},
        ).json()
        joined = httpx.post(
            f"{base}/api/tables/{out['table']}/join", json={"name": "Ola", "key": out["key"]}
        ).json()
        table = out["table"]
        tokens = {out["seat"]: out["token"], joined["seat"]: joined["token"]}
        seats = {s: Seat(port, table, t) for s, t in tokens.items()}
        first = {s: until(p, lambda f: True) for s, p in seats.items()}
        mover = first[0]["view"]["to_act"][0]
        began = time.monotonic()  # just before the commit that starts the other seat's turn
        act(seats[mover], 0, next(a for a in first[mover]["legal"] if a["type"] == "bid"))
        other = 1 - mover
        armed = until(seats[other], lambda f: f["seq"] == 1)
        assert armed["deadline"] is not None and armed["deadline"] > TURN - 2

        time.sleep(DOWN)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = start(db, port, tmp_path)

        again = Seat(port, table, tokens[other])
        after = until(again, lambda f: f["seq"] == 1)
        left = TURN - (time.monotonic() - began)
        assert after["legal"] and after["deadline"] is not None
        assert after["deadline"] <= left + 0.5  # the old deadline, not a fresh turn
        assert after["deadline"] > 0
        again.ws.close()
        for p in seats.values():
            p.ws.close()
    finally:
        proc.kill()
        proc.wait(10)
