"""``liars bot`` in a cluster: its table's owner fails over, the bot follows the table.

Two ``liars serve --redis`` processes over PostgreSQL and a redis-server of the test's own.  The
table is made on A (its owner); the bot and the other player are connected to B, which relays
them to A.  A is killed with SIGKILL: B tells its relayed clients to reconnect (close code 1012)
and takes the table within seconds; the bot reconnects to B with its token, is back at the
table, and the game is played to its end.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .conftest import PG_URL, Db, make_db
from .private_redis import PrivateRedis
from .serving import Server

pytestmark = pytest.mark.skipif(PG_URL is None, reason="a cluster shares PostgreSQL (LIARS_TEST_PG)")


def _serve(db: Db, redis: str, tmp: Path) -> Server:
    args = [*db.cli_args(), "--redis", redis, "--redis-prefix", "bot-failover", "--http-rate", "0"]
    return Server(args, tmp).wait_up()


def _seat(port: int, table: str, token: str) -> ClientConnection:
    ws = connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?auth=1", open_timeout=5).__enter__()
    ws.send(json.dumps({"type": "auth", "token": token}))
    return ws


def _next_turn(ws: ClientConnection) -> dict[str, Any] | None:
    """This seat's next view with something to do (or the last one); None: told to reconnect."""
    try:
        while True:
            frame = json.loads(ws.recv(timeout=20))
            if frame["type"] == "error":
                assert frame["message"].endswith("reconnect"), frame
                return None
            if frame["type"] == "view" and (frame["legal"] or frame["view"]["over"]):
                return dict(frame)
    except ConnectionClosed:
        return None


def _wait_for(path: Path, text: str, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = path.read_text(encoding="utf-8")
        if text in said:
            return said
        time.sleep(0.05)
    raise AssertionError(f"the bot never said {text!r}: {path.read_text(encoding='utf-8')!r}")


def test_the_bot_follows_its_table_when_the_owner_fails_over(tmp_path: Path) -> None:
    redis = PrivateRedis(tmp_path)
    redis.start()
    procs: list[Server] = []
    bot: subprocess.Popen[bytes] | None = None
    try:
        with make_db("pg", tmp_path) as db:
            a = _serve(db, redis.url, tmp_path / "a")
            procs.append(a)
            b = _serve(db, redis.url, tmp_path / "b")
            procs.append(b)
            base_a, base_b, port_b = a.base, b.base, b.port
            made = httpx.post(
                f"{base_a}/api/tables", json={"game": "liars-dice", "players": 2, "options": {"dice": 3}}
            ).json()
            table = made["table"]
            mine = httpx.post(f"{base_a}/api/tables/{table}/join", json={"name": "Ola", "key": made["key"]})
            my_token = mine.json()["token"]
            err = tmp_path / "bot.txt"
            cmd = [sys.executable, "-m", "liars.cli", "bot", "--server", base_b, f"--table={table}"]
            cmd += [f"--token={made['token']}", "--level", "random", "--seed", "2", "--lang", "en"]
            with err.open("wb") as f:
                bot = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=f)
            me = _seat(port_b, table, my_token)  # relayed to A, like the bot
            frame = _next_turn(me)
            for _ in range(3):
                assert frame is not None
                bids = [x for x in frame["legal"] if x["type"] == "bid"]
                me.send(json.dumps({"type": "act", "seq": frame["seq"], "action": bids[0]}))
                frame = _next_turn(me)
            assert frame is not None and frame["seq"] >= 5
            before = frame["seq"]

            a.kill()  # the owner dies while it is my turn
            said = _wait_for(err, "liars bot: back at the table, in seat 1")
            assert "liars bot: connection lost" in said and "Traceback" not in said
            rng = random.Random(4)
            deadline = time.monotonic() + 60
            frame = None
            while frame is None or not frame["view"]["over"]:
                assert time.monotonic() < deadline, "the game did not go on after the failover"
                if frame is None:  # told to reconnect (or cut): to B again, with the token
                    time.sleep(0.3)
                    with_b = _seat(port_b, table, my_token)
                    me.close()
                    me = with_b
                    frame = _next_turn(me)
                    continue
                legal = frame["legal"]
                pick = {"type": "liar"} if {"type": "liar"} in legal and rng.random() < 0.5 else legal[0]
                me.send(json.dumps({"type": "act", "seq": frame["seq"], "action": pick}))
                frame = _next_turn(me)
            out, _ = bot.communicate(timeout=30)
            assert bot.returncode == 0, err.read_text(encoding="utf-8")
            assert json.loads(out)["winners"] == frame["view"]["winners"]
            info = httpx.get(f"{base_b}/api/tables/{table}").json()
            assert info["status"] == "over" and info["seq"] > before + 1
            me.close()
    finally:
        if bot is not None and bot.poll() is None:
            bot.kill()
            bot.wait(10)
        for p in procs:
            p.stop()
        redis.stop()
