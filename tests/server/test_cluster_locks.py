"""A lease renewal and a commit that updates several tables never deadlock on PostgreSQL.

Under load PostgreSQL once reported a deadlock between the renewal of a
process's leases (every row it owns) and a batch commit updating the status of
a few of them: each took its row locks in its own order.  Both now lock in id
order; here a transaction holds ``a`` and then wants ``b`` while a renewal of
``b`` and ``a`` runs, which deadlocked when the renewal took ``b`` first.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from liars.server.store import SeatRow, Store, TableRow

from .conftest import PG_URL, make_db

pytestmark = pytest.mark.skipif(PG_URL is None, reason="row locks of PostgreSQL (LIARS_TEST_PG)")


def test_renewal_takes_row_locks_in_id_order(tmp_path: Path) -> None:
    with make_db("pg", tmp_path) as db:
        asyncio.run(_race(db.url, db.schema))


async def _race(url: str, schema: str | None) -> None:
    import asyncpg  # type: ignore[import-untyped]

    store = Store(url, schema)
    await store.open()
    try:
        for t in ("b", "a"):  # b first: a scan in the heap's order meets b before a
            row = TableRow(t, "liars-dice", 2, 1, {}, {}, "playing")
            await store.create_table(row, [SeatRow(0, "human", None, None, None)])
            assert await store.claim(t, "p", 30.0)
        settings = {"search_path": str(schema)}
        other = await asyncpg.connect(url.replace("+asyncpg", ""), server_settings=settings)
        try:
            tx = other.transaction()
            await tx.start()
            await other.execute("SET LOCAL deadlock_timeout = '200ms'")
            await other.execute("UPDATE liars_tables SET status = 'playing' WHERE id = 'a'")
            renewal = asyncio.create_task(store.renew("p", 30.0))
            await asyncio.sleep(0.5)  # the renewal waits for a (and, locked in id order, holds nothing)
            assert not renewal.done()
            await other.execute("UPDATE liars_tables SET status = 'playing' WHERE id = 'b'")
            await tx.commit()
            assert await asyncio.wait_for(renewal, 10) == {"a", "b"}
        finally:
            await other.close()
    finally:
        await store.close()
