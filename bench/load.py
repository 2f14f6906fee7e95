"""Server load: bot clients over real WebSockets on loopback against ``liars serve``.

The server runs in its own process (``liars serve --metrics``), pinned to one
core; the clients (``liars.server.client.play_seat``, random bots) run in this
process, pinned to the other.  ``--tables`` four-seat Liar's Dice tables are
created and filled over HTTP, then every seat connects at once and plays its
game to the end.  The server reports the committed actions and, per action,
the time from its arrival to the last view sent for it (p50 / p99); the
clients report the time from sending an action to seeing the next view.

With ``--think 0`` (the default) every bot acts the moment it may: the run
finds the rate where the server (or the clients' core) saturates, and its
latency is then mostly queueing.  ``--think MS`` makes each bot wait about
that long before acting, as players do, so the latency is measured at a rate
below saturation (250 tables with ``--think 200`` offer about 1,100 actions/s).

    .venv/bin/python bench/load.py [--tables 250] [--think MS] [--db sqlite|postgresql+asyncpg://...]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

from liars.server.client import play_seat


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, port: int, data: str, schema: str | None) -> subprocess.Popen[bytes]:
    prof = ["-m", "cProfile", "-o", os.environ["LIARS_PROFILE"]] if os.environ.get("LIARS_PROFILE") else []
    # --http-rate 0: every table is made from this one address, faster than a client may;
    cmd = [sys.executable, *prof, "-m", "liars.cli", "serve", "--port", str(port), "--metrics"]
    cmd += ["--http-rate", "0", "--max-ws-per-address", "0"]  # and all its seats connect from it
    if db != "sqlite":
        cmd += ["--db", db]
    if schema:
        cmd += ["--schema", schema]
    return launch(cmd, port, data)


def launch(cmd: list[str], port: int, data: str) -> subprocess.Popen[bytes]:
    """Start ``liars serve`` (``cmd``) on core 0, this process on core 1, and wait until it answers."""
    proc = subprocess.Popen(cmd, env={**os.environ, "LIARS_DATA_DIR": data}, stdout=subprocess.DEVNULL)
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) >= 2:
        os.sched_setaffinity(proc.pid, {0})
        os.sched_setaffinity(0, {1})
    for _ in range(400):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


async def pg_schema(url: str, sql: str) -> None:
    import asyncpg  # type: ignore[import-untyped]

    conn = await asyncpg.connect(url.replace("+asyncpg", ""))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc): load from elsewhere does not count."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(base: str, pid: int, tables: int, players: int, dice: int, think: float) -> dict[str, Any]:
    seats: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for _ in range(tables):
            r = await http.post(
                "/api/tables",
                json={
                    "game": "liars-dice",
                    "players": players,
                    "options": {"dice": dice},
                    "grace_seconds": None,  # no stand-ins while the other tables are still being made
                },
            )
            out = r.json()
            seats.append((out["table"], out["token"]))
            for _ in range(players - 1):
                j = (
                    await http.post(
                        f"/api/tables/{out['table']}/join", json={"name": "bot", "key": out["key"]}
                    )
                ).json()
                seats.append((out["table"], j["token"]))
        await http.get("/api/metrics", params={"reset": "1"})
        client_lat: list[float] = []
        cpu0, mine0 = cpu_seconds(pid), time.process_time()
        t0 = time.perf_counter()
        results = await asyncio.gather(
            *(
                play_seat(base, t, tok, "random", seed=i, on_act=client_lat.append, think=think)
                for i, (t, tok) in enumerate(seats)
            ),
            return_exceptions=True,
        )
        wall = time.perf_counter() - t0
        server = (await http.get("/api/metrics")).json()
        cpu, mine = cpu_seconds(pid) - cpu0, time.process_time() - mine0
    errors = [r for r in results if isinstance(r, BaseException)]
    client_lat.sort()
    return {
        "connections": len(seats),
        "errors": len(errors),
        "first_error": repr(errors[0]) if errors else None,
        "wall_s": round(wall, 2),
        "server": server,
        "actions_per_s": round(server["actions"] / wall, 1),
        "server_cpu_ms": round(1000 * cpu / max(1, server["actions"]), 3),
        "client_cpu_ms": round(1000 * mine / max(1, server["actions"]), 3),
        "client_p50_ms": round(1000 * statistics.median(client_lat), 2) if client_lat else None,
        "client_p99_ms": round(1000 * client_lat[int(0.99 * len(client_lat))], 2) if client_lat else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--dice", type=int, default=5)
    ap.add_argument("--db", default="sqlite", help="sqlite (a fresh file) or a postgresql+asyncpg:// URL")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="ms a bot waits before acting, on average (0: at once, the server's saturated rate)",
    )
    args = ap.parse_args()
    schema = None
    if args.db != "sqlite":
        schema = f"liars_bench_{os.getpid()}"
        asyncio.run(pg_schema(args.db, f"CREATE SCHEMA {schema}"))
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        proc = start_server(args.db, port, data, schema)
        try:
            out = asyncio.run(
                run(
                    f"http://127.0.0.1:{port}",
                    proc.pid,
                    args.tables,
                    args.players,
                    args.dice,
                    args.think / 1000,
                )
            )
        finally:
            proc.terminate()
            proc.wait(20)
            if schema:
                asyncio.run(pg_schema(args.db, f"DROP SCHEMA {schema} CASCADE"))
    s = out["server"]
    print(f"database: {'SQLite (WAL)' if args.db == 'sqlite' else 'PostgreSQL'}, think {args.think:g} ms")
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"tables: {args.tables} x {args.players} seats = {out['connections']} connections, "
        f"errors: {out['errors']}"
    )
    if out["first_error"]:
        print(f"  first error: {out['first_error']}")
    print(f"committed actions: {s['actions']} in {out['wall_s']} s = {out['actions_per_s']} actions/s")
    print(
        f"server, arrival to last view sent: p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, max {s['max_ms']} ms"
    )
    print(
        f"CPU per committed action: server {out['server_cpu_ms']} ms (so {1000 / out['server_cpu_ms']:.0f} "
        f"actions/s on one free core), clients {out['client_cpu_ms']} ms"
    )
    print(f"client, action sent to next view: p50 {out['client_p50_ms']} ms, p99 {out['client_p99_ms']} ms")


if __name__ == "__main__":
    main()
