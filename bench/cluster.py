"""Server load on one process and on a cluster of processes over PostgreSQL and Redis, in one run.

The same load as ``bench/load.py`` (four-seat Liar's Dice tables of random bots
over real WebSockets, ``--think`` ms before each action), against ``liars serve
--db postgresql+asyncpg://...`` alone and then against ``--procs`` processes of
one cluster (``--redis``), twice: with each seat connected to its table's owner
(as behind a balancer that routes by table), and as behind a load balancer
without stickiness: table ``t`` is made on process ``t % n`` and seat ``i``
connects to process ``i % n``, so half the seats (with two processes) are
relayed to their table's owner.  The servers all run on core
0 (one process or several: the same CPU), the clients on core 1, so the
figures compare the cluster's cost at equal CPU: actions/s, the clients' p99
(action sent to next view, every hop included) and the servers' CPU per action.

    .venv/bin/python bench/cluster.py --db postgresql+asyncpg://postgres@127.0.0.1:5432/test \\
        [--tables 250] [--think 120] [--procs 2] [--redis redis://127.0.0.1:6379/0]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from load import cpu_seconds, free_port, launch, pg_schema

from liars.server.client import play_seat
from liars.server.cluster import forget


def start(db: str, schema: str, data: str, redis: str | None, prefix: str) -> tuple[Any, int]:
    port = free_port()
    cmd = [sys.executable, "-m", "liars.cli", "serve", "--port", str(port), "--metrics", "--db", db]
    cmd += ["--schema", schema, "--http-rate", "0", "--max-ws-per-address", "0"]
    if redis:
        cmd += ["--redis", redis, "--redis-prefix", prefix]
    return launch(cmd, port, data), port


async def run(bases: list[str], pids: list[int], tables: int, think: float, spread: bool) -> dict[str, Any]:
    n = len(bases)
    made: list[tuple[str, str]] = []  # (table, token)
    clients = [httpx.AsyncClient(base_url=b, timeout=30) for b in bases]
    try:
        for t in range(tables):
            http = clients[t % n]
            out = (
                await http.post(
                    "/api/tables",
                    json={"game": "liars-dice", "players": 4, "options": {"dice": 5}, "grace_seconds": None},
                )
            ).json()
            tokens = [out["token"]]
            for k in range(3):
                j = await clients[(t + k + 1) % n].post(
                    f"/api/tables/{out['table']}/join", json={"name": "bot", "key": out["key"]}
                )
                tokens.append(j.json()["token"])
            made += [(out["table"], tok) for tok in tokens]
        # spread: as behind a balancer without stickiness; else each seat at its table's owner
        seats = [(bases[(i if spread else i // 4) % n], table, tok) for i, (table, tok) in enumerate(made)]
        for c in clients:
            await c.get("/api/metrics", params={"reset": "1"})
        lat: list[float] = []
        late: list[float] = []  # those answered after the first 5 s (past the connection storm)

        def on_act(seconds: float) -> None:
            lat.append(seconds)
            if time.perf_counter() - t0 > 5.0:
                late.append(seconds)

        cpu0, t0 = sum(cpu_seconds(p) for p in pids), time.perf_counter()
        results = await asyncio.gather(
            *(
                play_seat(base, table, tok, "random", seed=i, on_act=on_act, think=think)
                for i, (base, table, tok) in enumerate(seats)
            ),
            return_exceptions=True,
        )
        wall = time.perf_counter() - t0
        cpu = sum(cpu_seconds(p) for p in pids) - cpu0
        servers = [(await c.get("/api/metrics")).json() for c in clients]
    finally:
        for c in clients:
            await c.aclose()
    errors = [r for r in results if isinstance(r, BaseException)]
    actions = sum(s["actions"] for s in servers)
    lat.sort()
    late.sort()
    return {
        "procs": n,
        "connections": len(seats),
        "errors": len(errors),
        "first_error": repr(errors[0]) if errors else None,
        "actions": actions,
        "wall_s": round(wall, 2),
        "actions_per_s": round(actions / wall, 1),
        "server_p99_ms": [s["p99_ms"] for s in servers],
        "server_cpu_ms": round(1000 * cpu / max(1, actions), 3),
        "client_p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "client_p99_ms": round(1000 * lat[int(0.99 * len(lat))], 2) if lat else None,
        "client_p99_after_5s_ms": round(1000 * late[int(0.99 * len(late))], 2) if late else None,
    }


def one(db: str, redis: str | None, procs: int, tables: int, think: float, spread: bool) -> dict[str, Any]:
    """A fresh schema (and Redis prefix), ``procs`` servers, the load, everything stopped again."""
    schema = f"liars_bench_{os.getpid()}_{procs}"
    prefix = f"liars-bench-{secrets.token_hex(4)}"
    asyncio.run(pg_schema(db, f"CREATE SCHEMA {schema}"))
    started: list[Any] = []
    try:
        with tempfile.TemporaryDirectory() as data:
            ports = []
            for i in range(procs):
                proc, port = start(db, schema, str(Path(data) / str(i)), redis if procs > 1 else None, prefix)
                started.append(proc)
                ports.append(port)
            bases = [f"http://127.0.0.1:{p}" for p in ports]
            return asyncio.run(run(bases, [p.pid for p in started], tables, think, spread))
    finally:
        for p in started:
            p.terminate()
        for p in started:
            p.wait(20)
        asyncio.run(pg_schema(db, f"DROP SCHEMA {schema} CASCADE"))
        if redis and procs > 1:
            asyncio.run(forget(redis, prefix))


async def pg_capacity(db: str, seconds: float = 5.0) -> dict[str, float]:
    """Rows a second PostgreSQL commits here: one row per commit, and 32 (a group commit) per commit.

    Four connections at once, each committing in a loop (autocommit ``INSERT``: what the
    store does for a batch of actions), into a scratch table shaped like the log.
    """
    import asyncpg  # type: ignore[import-untyped]

    url = db.replace("+asyncpg", "")
    schema = f"liars_cap_{os.getpid()}"
    await pg_schema(db, f"CREATE SCHEMA {schema}")
    try:
        setup = await asyncpg.connect(url)
        await setup.execute(
            f"CREATE TABLE {schema}.log (t varchar(32), n integer, a text, PRIMARY KEY (t, n))"
        )
        await setup.close()
        out: dict[str, float] = {}
        for rows in (1, 32):
            conns = [await asyncpg.connect(url) for _ in range(4)]
            stop, t0 = time.perf_counter() + seconds, time.perf_counter()
            counts = await asyncio.gather(
                *(_commits(c, schema, f"{rows}-{i}", rows, stop) for i, c in enumerate(conns))
            )
            out[f"rows_per_s_{rows}"] = round(sum(counts) / (time.perf_counter() - t0))
            for c in conns:
                await c.close()
        return out
    finally:
        await pg_schema(db, f"DROP SCHEMA {schema} CASCADE")


async def _commits(conn: Any, schema: str, key: str, rows: int, stop: float) -> int:
    """Commit ``rows`` rows at a time until ``stop``; how many rows were committed."""
    n = 0
    sql = f"INSERT INTO {schema}.log SELECT * FROM unnest($1::varchar[], $2::int[], $3::text[])"
    while time.perf_counter() < stop:
        await conn.execute(sql, [key] * rows, list(range(n, n + rows)), ['{"type":"bid"}'] * rows)
        n += rows
    return n


async def redis_capacity(url: str, seconds: float = 5.0, size: int = 1000) -> dict[str, float]:
    """Publications a second Redis delivers here: ``size``-byte messages, 64 per pipeline, one subscriber."""
    from redis.asyncio import Redis

    channel = f"liars-cap-{secrets.token_hex(4)}"
    pub, sub_conn = Redis.from_url(url), Redis.from_url(url)
    sub = sub_conn.pubsub(ignore_subscribe_messages=True)
    await sub.subscribe(channel)
    got = 0
    done = asyncio.Event()

    async def receive() -> None:
        nonlocal got
        async for msg in sub.listen():
            if msg["type"] == "message":
                got += 1
                if msg["data"] == b"end":
                    done.set()
                    return

    task = asyncio.create_task(receive())
    payload = b"x" * size
    sent, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        pipe = pub.pipeline(transaction=False)
        for _ in range(64):
            pipe.publish(channel, payload)
        await pipe.execute()
        sent += 64
    await pub.publish(channel, b"end")
    await asyncio.wait_for(done.wait(), 30)
    wall = time.perf_counter() - t0
    task.cancel()
    await sub.aclose()
    await pub.aclose()
    await sub_conn.aclose()
    return {"published_per_s": round(sent / wall), "delivered": got - 1, "sent": sent}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True, help="a postgresql+asyncpg:// URL (a fresh schema per run)")
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--think", type=float, default=120.0, help="ms a bot waits before acting, on average")
    ap.add_argument("--procs", type=int, default=2, help="processes of the cluster run (after one alone)")
    ap.add_argument(
        "--capacity", action="store_true", help="also PostgreSQL's commit rate and Redis's publication rate"
    )
    args = ap.parse_args()
    if args.capacity:
        print(f"PostgreSQL, 4 connections committing in a loop: {asyncio.run(pg_capacity(args.db))}")
        print(f"Redis, 1 KB publications to one subscriber: {asyncio.run(redis_capacity(args.redis))}")
    print(f"PostgreSQL, {args.tables} tables x 4 seats, think {args.think:g} ms; servers on core 0")
    runs = [(1, False, "one process, no Redis")]
    runs.append((args.procs, False, f"{args.procs} processes, Redis, each seat at its table's owner"))
    runs.append((args.procs, True, f"{args.procs} processes, Redis, seats spread"))
    for procs, spread, what in runs:
        out = one(args.db, args.redis, procs, args.tables, args.think / 1000, spread)
        print(
            f"{what}: {out['actions']} actions in {out['wall_s']} s = {out['actions_per_s']} actions/s, "
            f"errors {out['errors']}; client p50 {out['client_p50_ms']} ms, p99 {out['client_p99_ms']} ms "
            f"({out['client_p99_after_5s_ms']} ms after the first 5 s); "
            f"server p99 {out['server_p99_ms']} ms; server CPU {out['server_cpu_ms']} ms per action",
            flush=True,
        )
        if out["first_error"]:
            print(f"  first error: {out['first_error']}")
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
