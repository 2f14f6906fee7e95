"""Soak: 250 normal tables beside an abusive client mix, against a real ``liars serve`` at its defaults.

The server runs in its own process (``liars serve --metrics``, every limit at its
default), pinned to one core; the clients run in this process, on the other.
``--tables`` four-seat Liar's Dice tables are made over HTTP and played to the end by
scripted players (a random legal move after about ``--think`` ms), each table from
an address of its own (any 127.x.y.z is this machine's loopback, so the per-address
limits see them as the different households they stand for).  Beside them, for as
long as they play, abusers from addresses of their own:

* slowloris: ``--slow`` connections sending a request a header line at a time, and
  opening again whenever the server closes one;
* frame floods: seated connections sending pings far over the message rate (they are
  told ``rate_limited`` and, after 50 strikes, disconnected; they come back);
* big integers: ``seq`` and bid quantities of 2**64 and beyond, over and over;
* rematch grabs: strangers polling the finished normal tables for their rematch and
  joining it (its seats are held for the old table's players: every join must fail);
* bot-table spam: all-bot tables created as fast as the write rate lets an address;
* spectator floods: one address opening ``--spectators`` spectators on one table.

The report: the normal tables' action latency (the server's, arrival to last view
sent, and the players' own, action sent to next view), p50 / p99; what the abusers
got (accepted, refused); and the check that nothing is lost: every action a normal
player saw acknowledged (a view past the one it acted on) is in the store's log, as
it was sent, once.

    nice -n 10 .venv/bin/python bench/soak.py [--tables 250] [--think 120] [--db sqlite|postgresql+asyncpg://...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import websockets
from load import cpu_seconds, free_port, launch  # bench/load.py, beside this file

from liars.server.store import Store

HUGE = 2**64
GATE = asyncio.Semaphore(50)  # handshakes (and table creations) in flight at once from this process


@dataclass
class Stats:
    """What every client saw; the abusers' counts are keyed by what they tried and what came of it."""

    latencies: list[float] = field(default_factory=list)
    acked: list[tuple[str, int, int, Any]] = field(default_factory=list)  # table, n, seat, action
    errors: Counter[str] = field(default_factory=Counter)  # normal players' error codes
    abuse: Counter[str] = field(default_factory=Counter)
    finished: int = 0
    failed: list[str] = field(default_factory=list)


def address(kind: int, i: int) -> str:
    """A loopback address of its own for client ``i`` of ``kind`` (1: normal tables, 66: abusers)."""
    return f"127.{kind}.{i // 250}.{i % 250 + 1}"


def start_server(db: str, port: int, data: str, schema: str | None) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "liars.cli", "serve", "--port", str(port), "--metrics"]
    if db != "sqlite":
        cmd += ["--db", db]
    if schema:
        cmd += ["--schema", schema]
    return launch(cmd, port, data)


# One TLS context for every client: httpx builds one (certifi's whole bundle) per transport
# unless given one, about 24 ms of this process's CPU each time.  The rematch each table asks
# for at its end made a client, so the players' event loop stalled 24 ms at a time as games
# ended, and their moves then reached the server in bursts: the soak's tail was partly its own.
TLS = ssl.create_default_context()


def http(base: str, source: str) -> httpx.AsyncClient:
    # A connection per request: a kept-alive one can be closed by the server's idle timeout
    # just as this (busy) process sends its next request on it, which is a reset, not an answer.
    transport = httpx.AsyncHTTPTransport(
        local_address=source, verify=TLS, limits=httpx.Limits(max_keepalive_connections=0)
    )
    return httpx.AsyncClient(base_url=base, timeout=30, transport=transport)


async def make_table(base: str, source: str, players: int) -> list[tuple[int, str]]:
    """A normal table made and filled from ``source``: its seats and their tokens."""
    async with GATE, http(base, source) as h:
        r = await h.post(
            "/api/tables",
            json={"game": "liars-dice", "players": players, "grace_seconds": None, "name": "Host"},
        )
        r.raise_for_status()
        out = r.json()
        seats = [(out["seat"], out["token"], out["table"])]
        for _ in range(players - 1):
            j = await h.post(f"/api/tables/{out['table']}/join", json={"name": "Guest", "key": out["key"]})
            j.raise_for_status()
            seats.append((j.json()["seat"], j.json()["token"], out["table"]))
    return [(s, f"{t}|{tok}") for s, tok, t in seats]


async def player(
    ws_base: str, table: str, seat: int, token: str, source: str, think: float, stats: Stats
) -> None:
    """A scripted player: a random legal move after a think; every acknowledgement recorded."""
    rng = random.Random(f"{table}:{seat}")
    url = f"{ws_base}/ws/tables/{table}?auth=1&history=tail"
    acted: int | None = None
    action: Any = None
    sent_at = 0.0
    async with GATE:  # players arrive over a few seconds, not all in the same instant
        ws = await websockets.connect(
            url, local_addr=(source, 0), max_size=2**22, compression=None, open_timeout=60
        )
    async with ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        async for raw in ws:
            frame: dict[str, Any] = orjson.loads(raw)
            kind = frame.get("type")
            if kind == "error":
                stats.errors[str(frame.get("code"))] += 1
                if frame.get("ref") == acted and frame.get("code") == "retry":  # not saved: again
                    await asyncio.sleep(0.5)
                    await ws.send(json.dumps({"type": "act", "seq": acted, "action": action}))
                elif frame.get("ref") == acted:
                    acted = None
                continue
            if kind != "view":
                continue
            seq = frame["seq"]
            if acted is not None and seq > acted:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.acked.append((table, acted, seat, action))
                acted = None
            if frame["view"]["over"]:
                stats.finished += 1
                if seat == 0:  # ask for a rematch: its seats are held for us, whatever the grabbers do
                    await ask_rematch(ws_base, table, token, source, stats)
                return
            if not frame["legal"] or acted is not None:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(frame["legal"])
            acted = seq
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))
    raise RuntimeError("closed before the game was over")


async def ask_rematch(ws_base: str, table: str, token: str, source: str, stats: Stats) -> None:
    async with http(ws_base.replace("ws://", "http://"), source) as h:
        r = await h.post(f"/api/tables/{table}/rematch", json={"token": token})
        stats.abuse["rematch asked by its player: " + str(r.status_code)] += 1


# -- the abusers ------------------------------------------------------------------------------------
async def slowloris(port: int, count: int, stop: asyncio.Event, stats: Stats) -> None:
    async def one(i: int) -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address(66, i % 50), 0)
                )
            except OSError:
                stats.abuse["slowloris: connect failed"] += 1
                await asyncio.sleep(0.5)
                continue
            stats.abuse["slowloris: connections"] += 1
            try:
                writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
                while not stop.is_set() and not reader.at_eof():
                    await asyncio.sleep(1.0)
                    writer.write(b"X-Slow: 1\r\n")
                    await writer.drain()
            except OSError:
                pass
            finally:
                writer.close()
            stats.abuse["slowloris: closed by the server"] += 1

    await asyncio.gather(*(one(i) for i in range(count)))


async def abusive_seat(base: str, ws_base: str, i: int, stop: asyncio.Event, stats: Stats, mode: str) -> None:
    """A seat at an abuser's own table that floods frames or sends integers beyond 64 bits."""
    source = address(66, 100 + i)
    seats = await make_table(base, source, 2)
    _, ref = seats[0]
    table, token = ref.split("|")
    while not stop.is_set():
        try:
            url = f"{ws_base}/ws/tables/{table}?auth=1"
            async with websockets.connect(url, local_addr=(source, 0), open_timeout=30, max_queue=None) as ws:
                await ws.send(json.dumps({"type": "auth", "token": token}))
                while not stop.is_set():
                    if mode == "flood":
                        for _ in range(50):
                            await ws.send('{"type": "ping"}')
                        stats.abuse["flood: frames sent"] += 50
                        await asyncio.sleep(0.05)
                    else:
                        for msg in (
                            {"type": "act", "seq": HUGE, "action": {"type": "liar"}},
                            {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": HUGE, "face": 2}},
                        ):
                            await ws.send(json.dumps(msg))
                        stats.abuse["big integers: messages sent"] += 2
                        await asyncio.sleep(0.1)
        except (websockets.ConnectionClosed, OSError) as exc:
            stats.abuse[f"{mode}: disconnected ({type(exc).__name__})"] += 1
            await asyncio.sleep(0.2)


async def rematch_grabber(base: str, i: int, tables: list[str], stop: asyncio.Event, stats: Stats) -> None:
    """A stranger who joins every rematch table it sees on the normal tables (each join must fail)."""
    rng = random.Random(i)
    tried: set[str] = set()
    async with http(base, address(66, 200 + i)) as h:
        while not stop.is_set():
            t = rng.choice(tables)
            r = await h.get(f"/api/tables/{t}")
            if r.status_code == 429:
                await asyncio.sleep(float(r.headers.get("retry-after", "1")))
                continue
            rematch = r.json().get("rematch") if r.status_code == 200 else None
            if rematch and rematch not in tried:
                tried.add(rematch)
                j = await h.post(f"/api/tables/{rematch}/join", json={"name": "Grabber"})
                code = j.json().get("error", {}).get("code") if j.status_code != 200 else "JOINED"
                stats.abuse[f"rematch grab: {code}"] += 1
            await asyncio.sleep(0.1)


async def bot_spammer(base: str, i: int, level: str, stop: asyncio.Event, stats: Stats) -> None:
    async with http(base, address(66, 220 + i)) as h:
        while not stop.is_set():
            r = await h.post(
                "/api/tables",
                json={"game": "liars-dice", "players": 4, "seats": [f"bot:{level}"] * 4},
            )
            stats.abuse[f"bot tables: {r.status_code}"] += 1
            if r.status_code == 429:
                await asyncio.sleep(float(r.headers.get("retry-after", "1")))


async def spectator_flood(ws_base: str, table: str, count: int, stop: asyncio.Event, stats: Stats) -> None:
    held = []
    source = address(66, 240)
    for _ in range(count):
        try:
            ws = await websockets.connect(
                f"{ws_base}/ws/tables/{table}", local_addr=(source, 0), open_timeout=30, max_queue=None
            )
            held.append(ws)
            stats.abuse["spectators: accepted"] += 1
        except (websockets.InvalidStatus, OSError):
            stats.abuse["spectators: refused"] += 1
    await stop.wait()
    for ws in held:
        await ws.close()


# -- the run ----------------------------------------------------------------------------------------
def abuse(args: argparse.Namespace, port: int, tables: list[str], stop: Any, out: Any) -> None:
    """The abusers, in a process of their own (``multiprocessing``): their counts go to ``out``.

    An attacker is another machine, not a part of the players' client: in one process the
    flood's 4,000 frames a second (and the answers to them) took the players' event loop
    too, so their moves reached the server late and in bursts, a tail that was the
    benchmark's and not the server's.  The two processes still share the clients' core.
    """
    asyncio.run(_abuse(args, port, tables, stop, out))


async def _abuse(args: argparse.Namespace, port: int, tables: list[str], stopped: Any, out: Any) -> None:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats = Stats()
    stop = asyncio.Event()
    mix: dict[str, list[Coroutine[Any, Any, None]]] = {
        "slowloris": [slowloris(port, args.slow, stop, stats)],
        "flood": [abusive_seat(base, ws_base, i, stop, stats, "flood") for i in range(4)],
        "bigint": [abusive_seat(base, ws_base, 10 + i, stop, stats, "bigint") for i in range(4)],
        "rematch": [rematch_grabber(base, i, tables, stop, stats) for i in range(4)],
        "bots": [bot_spammer(base, i, args.bot_level, stop, stats) for i in range(2)],
        "spectators": [spectator_flood(ws_base, tables[0], args.spectators, stop, stats)],
    }
    skip = set(args.skip.split(",")) if args.skip else set()
    abusers = []
    for kind, coros in mix.items():
        for coro in coros:
            if kind in skip:
                coro.close()
            else:
                abusers.append(asyncio.create_task(coro))
    while not stopped.is_set():
        await asyncio.sleep(0.1)
    stop.set()
    for task in abusers:
        task.cancel()
    await asyncio.gather(*abusers, return_exceptions=True)
    out.put(dict(stats.abuse))


async def run(args: argparse.Namespace, port: int, pid: int) -> tuple[Stats, dict[str, Any], float, float]:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats = Stats()
    made = await asyncio.gather(*(make_table(base, address(1, i), args.players) for i in range(args.tables)))
    tables = [seats[0][1].split("|")[0] for seats in made]
    async with http(base, "127.0.0.1") as h:
        await h.get("/api/metrics", params={"reset": "1"})
    spawn = multiprocessing.get_context("spawn")  # not fork: this process runs an event loop
    stop, out = spawn.Event(), spawn.Queue()
    attack = spawn.Process(target=abuse, args=(args, port, tables, stop, out))
    attack.start()
    await asyncio.sleep(3)  # the attack is under way (its process started) before the first normal move
    cpu0 = cpu_seconds(pid)
    t0 = time.perf_counter()
    results = await asyncio.gather(
        *(
            player(
                ws_base, ref.split("|")[0], seat, ref.split("|")[1], address(1, i), args.think / 1000, stats
            )
            for i, seats in enumerate(made)
            for seat, ref in seats
        ),
        return_exceptions=True,
    )
    wall = time.perf_counter() - t0
    cpu = cpu_seconds(pid) - cpu0
    await asyncio.sleep(1)  # the grabbers see the last rematches
    async with http(base, "127.0.0.1") as h:
        server = (await h.get("/api/metrics")).json()
    stop.set()
    stats.abuse.update(await asyncio.to_thread(out.get, True, 60))
    await asyncio.to_thread(attack.join, 30)
    stats.failed = [repr(r) for r in results if isinstance(r, BaseException)]
    return stats, server, wall, cpu


async def check_log(db: str, schema: str | None, acked: list[tuple[str, int, int, Any]]) -> tuple[int, int]:
    """(acknowledged actions missing or different in the log, rows logged twice): both must be 0."""
    store = Store(db, schema)
    await store.open()
    missing = doubled = 0
    try:
        by_table: dict[str, list[tuple[int, int, Any]]] = {}
        for t, n, seat, action in acked:
            by_table.setdefault(t, []).append((n, seat, action))
        for t, mine in by_table.items():
            loaded = await store.load(t)
            rows = {} if loaded is None else {a.n: a for a in loaded[2]}
            ns = [a.n for a in ([] if loaded is None else loaded[2])]
            doubled += len(ns) - len(set(ns))
            for n, seat, action in mine:
                row = rows.get(n)
                if row is None or row.seat != seat or row.action != action:
                    missing += 1
    finally:
        await store.close()
    return missing, doubled


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--think", type=float, default=120.0, help="ms a normal player thinks, on average")
    ap.add_argument("--slow", type=int, default=300, help="slowloris connections")
    ap.add_argument("--spectators", type=int, default=1000, help="spectators one address tries to open")
    ap.add_argument("--bot-level", default="random", help="the bots of the spammed all-bot tables")
    ap.add_argument(
        "--skip",
        default="",
        help="abusers to leave out, comma-separated: slowloris,flood,bigint,rematch,bots,spectators",
    )
    ap.add_argument("--db", default="sqlite", help="sqlite (a fresh file) or a postgresql+asyncpg:// URL")
    args = ap.parse_args()
    schema = None
    if args.db != "sqlite":
        import asyncpg  # type: ignore[import-untyped]

        schema = f"liars_soak_{os.getpid()}"

        async def sql(text: str) -> None:
            conn = await asyncpg.connect(args.db.replace("+asyncpg", ""))
            try:
                await conn.execute(text)
            finally:
                await conn.close()

        asyncio.run(sql(f"CREATE SCHEMA {schema}"))
    port = free_port()
    try:
        with tempfile.TemporaryDirectory() as data:
            db = args.db if args.db != "sqlite" else f"sqlite+aiosqlite:///{data}/server.sqlite3"
            proc = start_server(args.db, port, data, schema)
            try:
                stats, server, wall, cpu = asyncio.run(run(args, port, proc.pid))
            finally:
                proc.terminate()
                proc.wait(30)
            missing, doubled = asyncio.run(check_log(db, schema, stats.acked))
    finally:
        if schema:
            asyncio.run(sql(f"DROP SCHEMA {schema} CASCADE"))
    print(f"database: {'SQLite (WAL)' if args.db == 'sqlite' else 'PostgreSQL'}, think {args.think:g} ms")
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"normal tables: {args.tables} x {args.players} seats; games finished {stats.finished} of "
        f"{args.tables * args.players} seats, failed players {len(stats.failed)}"
        + (f" (first: {stats.failed[0]})" if stats.failed else "")
    )
    print(f"  their acknowledged actions: {len(stats.acked)} in {wall:.1f} s; server CPU {cpu:.1f} s")
    print(
        f"  server, arrival to last view sent: p50 {server['p50_ms']} ms, p99 {server['p99_ms']} ms "
        f"({server['timed']} timed)"
    )
    if stats.latencies:
        print(
            f"  players, action sent to next view: p50 {pct(stats.latencies, 0.5)} ms, "
            f"p99 {pct(stats.latencies, 0.99)} ms (mean {1000 * statistics.mean(stats.latencies):.1f})"
        )
    print(f"  error frames they got: {dict(stats.errors) or 'none'}")
    print(f"  lost or changed acknowledged actions: {missing}; actions logged twice: {doubled}")
    print("abusers:")
    for key in sorted(stats.abuse):
        print(f"  {key}: {stats.abuse[key]}")


if __name__ == "__main__":
    main()
