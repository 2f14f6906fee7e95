"""A real server process killed with SIGKILL mid-game comes back exactly where it was."""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

import liars

from .conftest import Db
from .serving import free_port, start


class Seat:
    def __init__(self, port: int, table: str, token: str) -> None:
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}", open_timeout=5
        ).__enter__()

    def newest_view(self, min_seq: int = 0) -> dict[str, Any]:
        """The first view at ``min_seq`` or later (one action at a time: that is the newest)."""
        while True:
            frame = json.loads(self.ws.recv(timeout=5))
            assert frame["type"] != "error", frame
            if frame["type"] == "view" and frame["seq"] >= min_seq:
                return dict(frame)


def test_kill_9_mid_game_then_restart_and_finish(db: Db, tmp_path: Path) -> None:
    port = free_port()
    proc = start(db, port, tmp_path)
    try:
        base = f"http://127.0.0.1:{port}"
        out = httpx.post(
            f"{base}/api/tables", json={"game": "liars-dice", "players": 2, "options": {"dice": 2}}
        ).json()
        joined = httpx.post(
            f"{base}/api/tables/{out['table']}/join", json={"name": "Ola", "key": out["key"]}
        ).json()
        tokens = {out["seat"]: out["token"], joined["seat"]: joined["token"]}
        table = out["table"]
        seats = {s: Seat(port, table, t) for s, t in tokens.items()}
        rng = random.Random(3)
        seq = 0
        for _ in range(5):  # a few actions, then the crash
            views = {s: p.newest_view(seq) for s, p in seats.items()}
            actor = views[0]["view"]["to_act"][0]
            bids = [a for a in views[actor]["legal"] if a["type"] == "bid"]
            seats[actor].ws.send(json.dumps({"type": "act", "seq": seq, "action": bids[rng.randrange(3)]}))
            seq += 1
        before = {s: p.newest_view(seq) for s, p in seats.items()}
        assert before[0]["seq"] == 5
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = start(db, port, tmp_path)

        seats = {s: Seat(port, table, t) for s, t in tokens.items()}
        after = {s: p.newest_view() for s, p in seats.items()}
        for s in tokens:
            assert after[s]["seq"] == before[s]["seq"]
            assert after[s]["view"] == before[s]["view"]
            assert after[s]["legal"] == before[s]["legal"]
        seq = after[0]["seq"]
        views = after
        for _ in range(2000):  # finish the game
            if views[0]["view"]["over"]:
                break
            actor = views[0]["view"]["to_act"][0]
            legal = views[actor]["legal"]
            pick = {"type": "liar"} if {"type": "liar"} in legal and rng.random() < 0.5 else legal[0]
            seats[actor].ws.send(json.dumps({"type": "act", "seq": seq, "action": pick}))
            seq += 1
            views = {s: p.newest_view(seq) for s, p in seats.items()}
        final = views[0]["view"]
        assert final["over"] and len(final["winners"]) == 1
        info = httpx.get(f"{base}/api/tables/{table}").json()
        assert info["status"] == "over" and info["seq"] == seq
        for p in seats.values():
            p.ws.close()
    finally:
        proc.kill()
        proc.wait(10)
    assert liars.GAME_IDS  # the engine registry is intact in this process too
