"""The coach at a live table: how soon its frame follows a view, and what it costs the other players.

``liars serve`` runs in its own process (pinned to one core, :func:`bench.load.launch`); this
process plays every seat of one table per game over real WebSockets, each seat a random player
answering its views after ``--think`` ms.  Each game is played twice in the same run, with seat
0's coach off and then on (the same random players; the deals are the server's own), and reports:

- ``coach_ms``: per view seat 0 is sent while its coach is on, the time from that view to its
  ``coach`` frame (the odds and the advice are computed in a thread: p50 / p90 / max);
- ``others_ms``: the other seats' time from sending an action to seeing the next view, p50 and
  p90, coach off and on (what the coach's thread costs the table's event loop);
- ``frames``: coach frames seat 0 received, and views it was sent meanwhile.

    .venv/bin/python bench/coach_server.py [--think 30] [--games liars-dice,cheat,...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import free_port, start_server  # bench/load.py, beside this file

GAMES = {"liars-dice": 4, "cheat": 4, "liegen": 4, "love-letter": 4, "liars-dice-poker": 2}


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return round(1000 * s[min(len(s) - 1, int(q * len(s)))], 1)


async def seat(
    base: str, table: str, token: str, rng: random.Random, think: float, coach: bool, out: dict[str, Any]
) -> None:
    """Play one seat to the end with random legal actions; seat 0 measures its coach frames."""
    ws_url = base.replace("http", "ws") + f"/ws/tables/{table}?auth=1"
    async with connect(ws_url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        if coach:
            await ws.send(json.dumps({"type": "coach", "on": True}))
        seen: dict[int, float] = {}  # view seq -> when it arrived
        sent: float | None = None
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
            now = time.perf_counter()
            if frame["type"] == "coach" and frame.get("on") and frame["seq"] in seen:
                out["coach"].append(now - seen[frame["seq"]])
            if frame["type"] != "view":
                continue
            seen.setdefault(frame["seq"], now)
            out["views"] += coach
            if sent is not None:
                out["act"].append(now - sent)
                sent = None
            if frame["view"]["over"]:
                if coach:
                    await asyncio.sleep(0.5)  # the last coach frames are not waited for: none after the end
                return
            if frame["legal"]:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                action = rng.choice(frame["legal"])
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "seq": frame["seq"], "action": action}))


async def one_game(
    base: str, game: str, players: int, think: float, coach: bool, seed: int
) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = (
            await http.post("/api/tables", json={"game": game, "players": players, "turn_seconds": None})
        ).json()
        tokens = [r["token"]]
        for _ in range(players - 1):
            j = await http.post(f"/api/tables/{r['table']}/join", json={"name": "p", "key": r["key"]})
            tokens.append(j.json()["token"])
    me: dict[str, Any] = {"coach": [], "act": [], "views": 0}
    others: dict[str, Any] = {"coach": [], "act": [], "views": 0}
    await asyncio.gather(
        *(
            seat(
                base,
                r["table"],
                tok,
                random.Random(seed * 10 + i),
                think,
                coach and i == 0,
                me if i == 0 else others,
            )
            for i, tok in enumerate(tokens)
        )
    )
    return {"me": me, "others": others}


async def run(base: str, games: list[str], think: float, rounds: int) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for game in games:
        coach: list[float] = []
        off: list[float] = []
        on: list[float] = []
        views = frames = 0
        for r in range(rounds):
            plain = await one_game(base, game, GAMES[game], think, False, r)
            coached = await one_game(base, game, GAMES[game], think, True, r)
            off += plain["others"]["act"]
            on += coached["others"]["act"]
            coach += coached["me"]["coach"]
            views += coached["me"]["views"]
            frames += len(coached["me"]["coach"])
        report[game] = {
            "coach_ms": {"p50": pct(coach, 0.5), "p90": pct(coach, 0.9), "max": pct(coach, 1.0)},
            "others_ms": {
                "off_p50": pct(off, 0.5),
                "on_p50": pct(on, 0.5),
                "off_p90": pct(off, 0.9),
                "on_p90": pct(on, 0.9),
            },
            "frames": frames,
            "views": views,
            "median_ratio": round(statistics.median(on) / statistics.median(off), 2) if on and off else None,
        }
        print(game, json.dumps(report[game]), flush=True)
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--think", type=float, default=30.0, help="ms a seat waits before acting (about)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--rounds", type=int, default=2, help="games of each kind, coach off and on")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        proc = start_server("sqlite", port, data, None)
        try:
            asyncio.run(
                run(f"http://127.0.0.1:{port}", args.games.split(","), args.think / 1000, args.rounds)
            )
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
