"""Persistence: the migrations make the schema the code expects, group commits, ownership, loading once."""

from __future__ import annotations

import asyncio
import time

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from liars.server.hub import Hub
from liars.server.store import ActionRow, SeatRow, Store, StoreError, TableRow, metadata

from .conftest import Db


def row(table_id: str) -> TableRow:
    return TableRow(table_id, "liars-dice", 2, 7, {"dice": 1}, {"window_seconds": 5.0}, "playing")


def seats() -> list[SeatRow]:
    return [SeatRow(0, "bot", "random", "a", None), SeatRow(1, "bot", "random", "b", None)]


def test_migrations_make_exactly_the_schema_of_the_code(db: Db) -> None:
    async def run() -> list[object]:
        store = Store(db.url, db.schema)
        await store.open()
        assert store.engine is not None
        async with store.engine.connect() as conn:
            diff = await conn.run_sync(
                lambda c: compare_metadata(
                    MigrationContext.configure(c, opts={"version_table": "liars_alembic_version"}), metadata
                )
            )
        await store.close()
        return list(diff)

    assert [d for d in run_sync(run()) if "alembic_version" not in str(d)] == []


def run_sync(coro: object) -> list[object]:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_group_commits_keep_every_action_and_fail_only_the_bad_one(db: Db) -> None:
    async def run() -> None:
        store = Store(db.url, db.schema)
        await store.open()
        try:
            ids = [f"t{i}" for i in range(20)]
            for t in ids:
                await store.create_table(row(t), seats())
            appends = [
                store.append(t, [ActionRow(n, n % 2, {"type": "liar"}, "bot")]) for n in range(5) for t in ids
            ]
            await asyncio.gather(*appends)
            for t in ids:
                loaded = await store.load(t)
                assert loaded is not None and [a.n for a in loaded[2]] == [0, 1, 2, 3, 4]
            good = store.append("t0", [ActionRow(5, 1, {"type": "pass"}, "bot")], status="over")
            twice = store.append("t1", [ActionRow(4, 0, {"type": "pass"}, "bot")])  # n=4 is taken
            results = await asyncio.gather(good, twice, return_exceptions=True)
            assert results[0] is None and isinstance(results[1], StoreError)
            assert "t0" not in await store.unfinished()
            assert await store.count_actions("t1") == 5
        finally:
            await store.close()

    asyncio.run(run())


def test_a_table_has_one_owner_at_a_time(db: Db) -> None:
    async def run() -> None:
        store = Store(db.url, db.schema)
        await store.open()
        try:
            await store.create_table(row("own"), seats())
            assert await store.claim("own", "a", lease=30)
            assert await store.claim("own", "a", lease=30)  # the same owner (a restart) takes it back
            assert not await store.claim("own", "b", lease=30)
            await store.release("a")
            assert await store.claim("own", "b", lease=0.01)
            time.sleep(0.05)
            assert await store.claim("own", "c", lease=30)  # b's lease ran out
        finally:
            await store.close()

    asyncio.run(run())


def test_concurrent_loads_build_one_table(db: Db) -> None:
    async def run() -> None:
        setup = Store(db.url, db.schema)
        await setup.open()
        await setup.create_table(row("once"), seats())
        await setup.append("once", [ActionRow(0, 0, {"type": "bid", "quantity": 1, "face": 2}, "bot")])
        await setup.close()
        hub = Hub(Store(db.url, db.schema), owner="x")
        await hub.store.open()
        try:
            tables = await asyncio.gather(*(hub.get("once") for _ in range(10)))
            assert all(t is tables[0] for t in tables) and tables[0] is not None
            assert tables[0].seq == 1
            assert await hub.get("missing") is None and await hub.get("../bad") is None
            other = Hub(Store(db.url, db.schema), owner="y")
            await other.store.open()
            with pytest.raises(Exception, match="another server process"):
                await other.get("once")
            await other.store.close()
        finally:
            for t in hub.tables.values():
                t.shutdown()
            await hub.store.close()

    asyncio.run(run())
