"""``liars bot`` takes its seat up again when the connection drops, and gives up after a bound.

A real ``liars serve`` process is killed (SIGKILL) in the middle of a game while the bot waits
for the other player, and started again on the same port: the bot says in Norwegian that it
lost the connection, reconnects with its token when the server is back, and plays the game to
its end.  A server that never comes back: the bot tries ``--tries`` times, waiting longer each
time, and stops with a Dutch sentence saying the seat is still the user's.  What no
reconnection can mend (a token that holds no seat) is not tried again.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from liars.server.client import RECONNECT_FIRST, RECONNECT_MAX, backoff

from .conftest import Db
from .serving import free_port, start


def _bot(base: str, table: str, token: str, lang: str, err: Path, *extra: str) -> subprocess.Popen[bytes]:
    # --table=ID, --token=T: the form that takes any id, even one from before ids stopped beginning with "-"
    cmd = [sys.executable, "-m", "liars.cli", "bot", "--server", base, f"--table={table}", f"--token={token}"]
    cmd += ["--level", "random", "--seed", "1", "--lang", lang, *extra]
    with err.open("wb") as f:
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=f)


def _wait_for(path: Path, text: str, proc: subprocess.Popen[bytes], seconds: float = 20) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = path.read_text(encoding="utf-8")
        if text in said:
            return said
        assert proc.poll() is None or text in path.read_text(encoding="utf-8"), said
        time.sleep(0.05)
    raise AssertionError(f"the bot never said {text!r}: {path.read_text(encoding='utf-8')!r}")


def _table(base: str) -> tuple[str, str, str]:
    """A two-player Liar's Dice table: (id, seat 0's token for the bot, seat 1's for the test)."""
    out = httpx.post(f"{base}/api/tables", json={"game": "liars-dice", "players": 2, "options": {"dice": 3}})
    made = out.json()
    joined = httpx.post(f"{base}/api/tables/{made['table']}/join", json={"name": "Ola", "key": made["key"]})
    return made["table"], made["token"], joined.json()["token"]


def _seat(port: int, table: str, token: str) -> ClientConnection:
    ws = connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?auth=1", open_timeout=5).__enter__()
    ws.send(json.dumps({"type": "auth", "token": token}))
    return ws


def _my_turn(ws: ClientConnection) -> dict[str, Any]:
    """The next view of this seat with something to do (or the last one)."""
    while True:
        frame = json.loads(ws.recv(timeout=20))
        assert frame["type"] != "error", frame
        if frame["type"] == "view" and (frame["legal"] or frame["view"]["over"]):
            return dict(frame)


def _connected(base: str, table: str, seat: int) -> bool:
    seats = httpx.get(f"{base}/api/tables/{table}").json()["seats"]
    return bool(seats[seat]["connected"])


def stop(bot: subprocess.Popen[bytes] | None, server: Any) -> None:
    """Kill the bot (if still running) and the server, whatever the test came to."""
    if bot is not None and bot.poll() is None:
        bot.kill()
        bot.wait(10)
    server.kill()
    server.wait(10)


def test_the_bot_takes_its_seat_up_again_after_a_server_restart(db: Db, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(db, port, tmp_path)
    bot: subprocess.Popen[bytes] | None = None
    try:
        table, bot_token, my_token = _table(base)
        err = tmp_path / "bot.txt"
        bot = _bot(base, table, bot_token, "nb", err, "--tries", "20")  # room for a slow restart
        me = _seat(port, table, my_token)
        rng = random.Random(5)
        frame = _my_turn(me)
        for _ in range(3):  # a few rounds of bids with the bot before the crash
            bids = [a for a in frame["legal"] if a["type"] == "bid"]
            me.send(json.dumps({"type": "act", "seq": frame["seq"], "action": bids[0]}))
            frame = _my_turn(me)
        before = frame["seq"]
        assert before >= 5 and not frame["view"]["over"]  # the bot has played: it is at the table
        me.close()
        server.send_signal(signal.SIGKILL)  # while it is my turn: the bot waits for me
        server.wait(10)
        _wait_for(err, "liars bot: mistet forbindelsen", bot)
        time.sleep(1.0)  # a failed try or two against no server at all
        server = start(db, port, tmp_path)
        said = _wait_for(err, "liars bot: tilbake ved bordet, på plass 1", bot)
        assert "forsøk 1 av 20" in said and "Traceback" not in said
        me = _seat(port, table, my_token)
        frame = _my_turn(me)
        assert frame["seq"] == before  # nothing lost, nothing taken twice
        while not frame["view"]["over"]:
            legal = frame["legal"]
            pick = {"type": "liar"} if {"type": "liar"} in legal and rng.random() < 0.5 else legal[0]
            me.send(json.dumps({"type": "act", "seq": frame["seq"], "action": pick}))
            frame = _my_turn(me)
        out, _ = bot.communicate(timeout=30)
        assert bot.returncode == 0, err.read_text(encoding="utf-8")
        result = json.loads(out)
        assert result["table"] == table and result["seat"] == 0
        info = httpx.get(f"{base}/api/tables/{table}").json()
        assert info["status"] == "over" and info["winners"] == result["winners"] == frame["view"]["winners"]
        assert (
            info["seq"] > before + 1
        )  # both played after the restart (the bot, not a stand-in: no timer ran out)
        me.close()
    finally:
        stop(bot, server)


def test_the_bot_gives_up_after_its_tries_and_says_the_seat_is_still_yours(db: Db, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(db, port, tmp_path)
    bot: subprocess.Popen[bytes] | None = None
    try:
        table, bot_token, _ = _table(base)
        # a token that holds no seat is final: no reconnection, at once
        bad = tmp_path / "bad.txt"
        refused = _bot(base, table, "no-such-token", "nl", bad)
        refused.communicate(timeout=30)
        assert refused.returncode == 1 and "poging" not in bad.read_text(encoding="utf-8")

        err = tmp_path / "bot.txt"
        bot = _bot(base, table, bot_token, "nl", err, "--tries", "2")
        deadline = time.monotonic() + 20
        while not _connected(base, table, 0):
            assert time.monotonic() < deadline, err.read_text(encoding="utf-8")
            time.sleep(0.05)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        bot.communicate(timeout=30)  # 0.5 s and 1 s at most between the tries: it ends soon
        said = err.read_text(encoding="utf-8")
        assert bot.returncode == 1, said
        assert "verbinding verbroken" in said and "poging 1 van 2" in said and "poging 2 van 2" in said
        assert "poging 3" not in said and "Traceback" not in said
        assert "kon na 2 pogingen niet terug aan tafel komen" in said
        assert "De plaats is nog steeds van jou" in said
    finally:
        stop(bot, server)


def test_a_server_never_reached_is_not_a_lost_connection(tmp_path: Path) -> None:
    """Nothing was lost when the bot never got to the table: it says it cannot reach it, in nb."""
    err = tmp_path / "bot.txt"
    base = f"http://127.0.0.1:{free_port()}"  # nobody listens here
    bot = _bot(base, "abc", "token", "nb", err, "--tries", "1")
    bot.communicate(timeout=30)
    said = err.read_text(encoding="utf-8")
    assert bot.returncode == 1, said
    assert "får ikke kontakt med bordet" in said and "forsøk 1 av 1" in said and "Sjekk --server" in said
    assert "mistet forbindelsen" not in said and "Plassen er fortsatt din" not in said, said
    assert "Traceback" not in said


def test_the_waits_double_up_to_a_cap() -> None:
    rng = random.Random(0)
    waits = [backoff(n, rng) for n in range(1, 9)]
    for n, w in enumerate(waits, start=1):
        top = min(RECONNECT_MAX, RECONNECT_FIRST * 2 ** (n - 1))
        assert top / 2 <= w <= top
    assert waits[-1] <= RECONNECT_MAX and waits[0] <= RECONNECT_FIRST


def test_a_seat_waiting_for_players_that_loses_the_server_was_reached(db: Db, tmp_path: Path) -> None:
    """A seat at a table still waiting for its players gets the table's news but no view yet; when
    the server went away then, the bot said it «cannot reach the table» and, giving up, to «check
    --server», though it had been seated: it is a lost connection, and the seat is still the user's."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(db, port, tmp_path)
    bot: subprocess.Popen[bytes] | None = None
    try:
        made = httpx.post(f"{base}/api/tables", json={"game": "liars-dice", "players": 2}).json()
        err = tmp_path / "bot.txt"
        bot = _bot(base, made["table"], made["token"], "en", err, "--tries", "1")
        deadline = time.monotonic() + 20
        while not _connected(base, made["table"], 0):  # seated; nobody has joined seat 1
            assert time.monotonic() < deadline, err.read_text(encoding="utf-8")
            time.sleep(0.05)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        bot.communicate(timeout=30)
        said = err.read_text(encoding="utf-8")
        assert bot.returncode == 1, said
        assert "connection lost" in said and "The seat is still yours" in said, said
        assert "cannot reach" not in said and "Check --server" not in said, said
    finally:
        stop(bot, server)
