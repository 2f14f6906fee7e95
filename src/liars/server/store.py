"""Persistence: tables, seats and an append-only log of actions (SQLAlchemy 2 async).

The log is the truth.  A table's game is rebuilt by replaying its logged
actions on a fresh deal from its (secret, stored) seed: the engine is
deterministic, so the replay lands exactly where the game was, even after a
``kill -9``.  Nothing is snapshotted, so nothing can disagree with the log.

Writes of actions are group commits: every action that arrives while the
commits in flight are busy (one for SQLite, a few for PostgreSQL) waits for
the next one, so under load many actions (of many tables) share one
transaction and one fsync, and each action is still committed before anyone
is told of it.  A table has at most one append in flight (its lock), so
batches never hold two actions of one table out of order.

A database hiccup (a PostgreSQL backend killed or restarted, a network blip,
SQLite locked by another program) must not fail a player's action: a commit
that fails is tried again, ``len(RETRY_PAUSES) + 1`` times in all with growing
pauses between (about 4 s of them; on SQLite each try may also wait up to
``BUSY_MS`` for a lock), before its actions are refused.  A retry can never log
an action twice: the log's key is ``(table, n)``, and a retry whose earlier try
did commit (only its answer was lost) finds its rows already there and counts
as done.

The same code runs on SQLite (WAL, the embedded default) and PostgreSQL
(asyncpg); the schema is made by the Alembic migrations in ``migrations/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import ArgumentError, IntegrityError, InvalidRequestError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.sql.elements import ColumnElement

log = logging.getLogger("liars.server")

LINGER = 0.002  # seconds a small batch waits for company: fewer commits under load, 2 ms more latency
LINGER_BELOW = 8
RETRY_PAUSES = (0.2, 0.5, 1.0, 2.3)  # seconds between the tries of a failed commit (5 tries, 4 s)
BUSY_MS = 10_000  # how long a SQLite statement waits for another connection's lock

metadata = MetaData()

tables_t = Table(
    "liars_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("settings", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("rematch", String(32), nullable=True),
    Column("owner", String(128), nullable=True),
    Column("lease", Float, nullable=True),
    Column("created", Float, nullable=False),
    Index("liars_tables_status", "status"),
)

seats_t = Table(
    "liars_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("liars_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(16), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

actions_t = Table(
    "liars_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("liars_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("by", String(8), nullable=False),
    Column("at", Float, nullable=False),
)

# Answers given in an open challenge window that cannot be applied yet (a seat before them in
# play order has not answered).  They are not actions of the log (the engine has not taken them),
# but a player was told "your answer is in", so they must outlive a crash: a row is written before
# that is said, and deleted in the same transaction as the log rows that apply or discard it.
answers_t = Table(
    "liars_answers",
    metadata,
    Column("table_id", String(32), ForeignKey("liars_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("opened", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("by", String(8), nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    status: str
    rematch: str | None = None
    created: float = 0.0  # wall-clock seconds; set by create_table


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None
    name: str | None
    token_hash: str | None


@dataclass(frozen=True)
class ActionRow:
    n: int
    seat: int
    action: dict[str, Any]
    by: str  # "player", "bot", "standin" (a bot for an absent player), "window" (a closed window)
    # When it was committed (wall clock, from the log; None before): a restarted table reopens a
    # challenge window with the deadline it had, counted from the commit that opened it.
    at: float | None = field(default=None, compare=False)


@dataclass(frozen=True)
class AnswerRow:
    """A held challenge-window answer: ``seat`` answered ``action`` in the window opened at ``opened``."""

    seat: int
    opened: int
    action: dict[str, Any]
    by: str


class StoreError(RuntimeError):
    """A write could not be committed, even tried again (nothing of it is in the log)."""


class StoreConflict(StoreError):
    """The log already holds another action at that ``(table, n)``: memory is behind the log."""


@dataclass
class _Pending:
    table_id: str
    rows: list[ActionRow]
    status: str | None
    future: asyncio.Future[None]
    drop_answers: Sequence[int] = ()


class Store:
    """The database: open (migrating to the newest schema), read and write tables."""

    def __init__(self, url: str, schema: str | None = None) -> None:
        self.url = url
        self.schema = schema
        self.is_sqlite = url.startswith("sqlite")
        self.engine: AsyncEngine | None = None
        self._queue: list[_Pending] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._writers: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        connect_args: dict[str, Any] = {}
        if self.schema is not None:
            if self.is_sqlite:
                raise ValueError("a schema is for PostgreSQL only")
            connect_args["server_settings"] = {"search_path": self.schema}
        if not self.is_sqlite:  # which backends are this server's (pg_stat_activity), per schema
            settings = connect_args.setdefault("server_settings", {})
            settings["application_name"] = application_name(self.schema)
        # Every use of a connection here ends its own transaction (begin() commits, connect() rolls
        # back on close), so the pool's extra rollback on return would only cost a round trip.
        kwargs: dict[str, Any] = {"connect_args": connect_args, "pool_reset_on_return": None}
        if not self.is_sqlite:
            kwargs.update(pool_size=10, max_overflow=10)
        engine = create_async_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        self.engine = engine
        async with engine.begin() as conn:
            if not self.is_sqlite:  # several processes starting at once migrate one at a time
                lock = zlib.crc32((self.schema or "public").encode())
                await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock})
            await conn.run_sync(_upgrade)
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._commit_loop())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._writers:  # let the commits in flight finish: they are someone's answer
            await asyncio.wait(set(self._writers), timeout=10)
        for p in self._queue:
            if not p.future.done():
                p.future.set_exception(StoreError("the server is shutting down"))
        self._queue = []
        if self.engine is not None:
            await self.engine.dispose()
            self.engine = None

    @property
    def _engine(self) -> AsyncEngine:
        if self.engine is None:
            raise StoreError("the store is not open")
        return self.engine

    # -- tables and seats -------------------------------------------------------
    async def create_table(self, row: TableRow, seats: Sequence[SeatRow]) -> None:
        row.created = time.time()
        async with self._engine.begin() as conn:
            await conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    seed=row.seed,
                    options=json.dumps(row.options),
                    settings=json.dumps(row.settings),
                    status=row.status,
                    rematch=row.rematch,
                    created=row.created,
                )
            )
            await conn.execute(
                insert(seats_t),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "level": s.level,
                        "name": s.name,
                        "token_hash": s.token_hash,
                    }
                    for s in seats
                ],
            )

    async def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, status: str) -> None:
        """Give a free seat its holder; the table's status changes with it (a start)."""
        async with self._engine.begin() as conn:
            res = await conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.token_hash.is_(None))
                .values(name=name, token_hash=token_hash)
            )
            if res.rowcount != 1:
                raise StoreError(f"seat {seat} of table {table_id} is not free")
            await conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=status))

    async def expire(self, table_id: str) -> bool:
        """A waiting table that never started is closed for good (False: it had started)."""
        async with self._engine.begin() as conn:
            res = await conn.execute(
                update(tables_t)
                .where(tables_t.c.id == table_id, tables_t.c.status == "waiting")
                .values(status="expired")
            )
            return bool(res.rowcount == 1)

    async def set_rematch(self, table_id: str, rematch: str) -> None:
        async with self._engine.begin() as conn:
            await conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(rematch=rematch))

    async def load(self, table_id: str) -> tuple[TableRow, list[SeatRow], list[ActionRow]] | None:
        async with self._engine.connect() as conn:
            t = (await conn.execute(select(tables_t).where(tables_t.c.id == table_id))).first()
            if t is None:
                return None
            seats = (
                await conn.execute(
                    select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
                )
            ).all()
            acts = (
                await conn.execute(
                    select(actions_t).where(actions_t.c.table_id == table_id).order_by(actions_t.c.n)
                )
            ).all()
        row = TableRow(
            id=t.id,
            game=t.game,
            players=t.players,
            seed=t.seed,
            options=json.loads(t.options),
            settings=json.loads(t.settings),
            status=t.status,
            rematch=t.rematch,
            created=t.created,
        )
        return (
            row,
            [SeatRow(s.seat, s.kind, s.level, s.name, s.token_hash) for s in seats],
            [ActionRow(a.n, a.seat, json.loads(a.action), a.by, a.at) for a in acts],
        )

    async def unfinished(self, owner: str | None = None) -> list[str]:
        """The tables still in play; with ``owner``, only its own and nobody's (a cluster's start)."""
        where: list[ColumnElement[bool]] = [tables_t.c.status.not_in(("over", "expired"))]
        if owner is not None:
            where.append(tables_t.c.owner.is_(None) | (tables_t.c.owner == owner))
        async with self._engine.connect() as conn:
            res = await conn.execute(select(tables_t.c.id).where(*where).order_by(tables_t.c.created))
            return [r.id for r in res]

    async def count_actions(self, table_id: str) -> int:
        async with self._engine.connect() as conn:
            res = await conn.execute(select(actions_t.c.n).where(actions_t.c.table_id == table_id))
            return len(res.all())

    # -- ownership ----------------------------------------------------------------
    # Row locks are always taken in id order: a renewal (many rows) that met a batch's status
    # updates (a few rows) in the other order was a deadlock on PostgreSQL under load.
    async def head(self, table_id: str) -> tuple[str | None, float | None, str] | None:
        """A table's owner, lease and status (None: no such table): who runs it, without its log."""
        async with self._engine.connect() as conn:
            t = (
                await conn.execute(
                    select(tables_t.c.owner, tables_t.c.lease, tables_t.c.status).where(
                        tables_t.c.id == table_id
                    )
                )
            ).first()
        return None if t is None else (t.owner, t.lease, t.status)

    async def claim(self, table_id: str, owner: str, lease: float, dead: str | None = None) -> bool:
        """Take the table for ``owner`` unless another live process holds it (lease not run out).

        ``dead``: a process known to be gone (its liveness key ran out): its lease does not count.
        The update is atomic, so of two processes taking one dead owner's table only one wins.
        """
        now = time.time()
        free = (tables_t.c.owner.is_(None)) | (tables_t.c.owner == owner) | (tables_t.c.lease < now)
        if dead is not None:
            free = free | (tables_t.c.owner == dead)
        async with self._engine.begin() as conn:
            res = await conn.execute(
                update(tables_t).where(tables_t.c.id == table_id, free).values(owner=owner, lease=now + lease)
            )
            return bool(res.rowcount == 1)

    async def owned_by(self, owner: str) -> list[str]:
        """The unfinished tables ``owner`` holds (a dead process's, for the others to take)."""
        async with self._engine.connect() as conn:
            res = await conn.execute(
                select(tables_t.c.id)
                .where(tables_t.c.owner == owner, tables_t.c.status.not_in(("over", "expired")))
                .order_by(tables_t.c.id)
            )
            return [r.id for r in res]

    def _mine(self, owner: str, unfinished: bool) -> Any:
        """``owner``'s rows, locked in id order (PostgreSQL; SQLite has one writer anyway)."""
        where = [tables_t.c.owner == owner]
        if unfinished:
            where.append(tables_t.c.status != "over")
        q = select(tables_t.c.id).where(*where).order_by(tables_t.c.id)
        if not self.is_sqlite:
            q = q.with_for_update(key_share=True)  # FOR NO KEY UPDATE: logging actions goes on
        return q

    async def renew(self, owner: str, lease: float) -> set[str]:
        """Extend ``owner``'s leases of its unfinished tables; returns the ids it still holds."""
        async with self._engine.begin() as conn:
            res = await conn.execute(
                update(tables_t)
                .where(tables_t.c.id.in_(self._mine(owner, True)))
                .values(lease=time.time() + lease)
                .returning(tables_t.c.id)
            )
            return {r.id for r in res}

    async def release(self, owner: str) -> None:
        async with self._engine.begin() as conn:
            await conn.execute(
                update(tables_t)
                .where(tables_t.c.id.in_(self._mine(owner, False)))
                .values(owner=None, lease=None)
            )

    # -- the log --------------------------------------------------------------------
    async def append(
        self,
        table_id: str,
        rows: list[ActionRow],
        status: str | None = None,
        drop_answers: Sequence[int] = (),
    ) -> None:
        """Commit ``rows`` (and a new status) with the next group commit; returns once durable.

        ``drop_answers``: seats whose held window answers these rows apply or discard; they
        are deleted in the same transaction, so a crash never finds an answer both held and logged.
        """
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(_Pending(table_id, rows, status, fut, drop_answers))
        self._wake.set()
        await fut

    # -- held challenge-window answers ------------------------------------------------
    async def hold_answer(self, table_id: str, answer: AnswerRow) -> None:
        """Keep an answer that waits for the seats before it (committed before the seat is told).

        Tried again like a commit of actions: it replaces the seat's held answer, so a second
        try of one that did commit changes nothing.
        """
        await self._retrying(f"the held answer of table {table_id}", partial(self._hold, table_id, answer))

    async def _hold(self, table_id: str, answer: AnswerRow) -> None:
        async with self._engine.begin() as conn:
            await conn.execute(
                delete(answers_t).where(answers_t.c.table_id == table_id, answers_t.c.seat == answer.seat)
            )
            await conn.execute(
                insert(answers_t).values(
                    table_id=table_id,
                    seat=answer.seat,
                    opened=answer.opened,
                    action=json.dumps(answer.action, separators=(",", ":")),
                    by=answer.by,
                    at=time.time(),
                )
            )

    async def held_answers(self, table_id: str) -> list[AnswerRow]:
        async with self._engine.connect() as conn:
            res = await conn.execute(
                select(answers_t).where(answers_t.c.table_id == table_id).order_by(answers_t.c.seat)
            )
            return [AnswerRow(r.seat, r.opened, json.loads(r.action), r.by) for r in res]

    async def _commit_loop(self) -> None:
        """Form batches and write them; PostgreSQL may have a few in flight, SQLite has one writer."""
        slots = asyncio.Semaphore(1 if self.is_sqlite else 4)
        writers = self._writers
        while True:
            await self._wake.wait()
            self._wake.clear()
            if not self._queue:
                continue
            if len(self._queue) < LINGER_BELOW:  # a moment for more actions to share this commit
                await asyncio.sleep(LINGER)
            await slots.acquire()  # while every slot is busy, the queue grows: a bigger next batch
            batch, self._queue = self._queue, []
            task = asyncio.create_task(self._write_batch(batch))
            writers.add(task)
            task.add_done_callback(writers.discard)
            task.add_done_callback(lambda _: slots.release())

    async def _write_batch(self, batch: list[_Pending]) -> None:
        """Commit a batch, tried again after a failure; a conflict fails only its own table's items.

        A conflict (``IntegrityError``: another process logged that ``(table, n)``) is not
        a hiccup and is not tried again, but it belongs to one table: the others are then
        committed one by one.  Any other failure is the database's, and fails every item.
        """
        try:
            await self._retrying(f"{len(batch)} commits", partial(self._write_once, batch))
        except IntegrityError as exc:
            if len(batch) == 1:
                _fail(batch[0], exc)
                return
            for p in batch:
                try:
                    await self._retrying(f"the commit of table {p.table_id}", partial(self._write_once, [p]))
                except Exception as one:
                    _fail(p, one)
                    continue
                _done(p)
            return
        except Exception as exc:
            for p in batch:
                _fail(p, exc)
            return
        for p in batch:
            _done(p)

    async def _retrying(self, what: str, attempt: Callable[[], Awaitable[None]]) -> None:
        """``attempt()``, tried again after each failure but a conflict, with the pauses of
        ``RETRY_PAUSES``; the last failure is raised."""
        for tries, pause in enumerate((*RETRY_PAUSES, None), start=1):
            try:
                await attempt()
                return
            except IntegrityError:
                raise
            except Exception as exc:
                if pause is None or self.engine is None:
                    raise
                log.warning(
                    "%s failed (try %d of %d), again in %g s: %r",
                    what,
                    tries,
                    len(RETRY_PAUSES) + 1,
                    pause,
                    exc,
                )
                await asyncio.sleep(pause)

    async def _write_once(self, batch: list[_Pending]) -> None:
        """One try; a conflict on a batch whose rows are all in the log already is a success.

        That happens when an earlier try committed but its answer was lost with the
        connection (a backend killed just after its commit): the rows are ours, not doubled.
        """
        try:
            await self._write(batch)
        except IntegrityError:
            if not await self._logged(batch):
                raise

    async def _logged(self, batch: list[_Pending]) -> bool:
        """Every row of ``batch`` is in the log, as it is (seat, action, by)."""
        async with self._engine.connect() as conn:
            for p in batch:
                if not p.rows:
                    continue
                ns = [r.n for r in p.rows]
                res = await conn.execute(
                    select(actions_t.c.n, actions_t.c.seat, actions_t.c.action, actions_t.c.by).where(
                        actions_t.c.table_id == p.table_id, actions_t.c.n.in_(ns)
                    )
                )
                have = {r.n: (r.seat, json.loads(r.action), r.by) for r in res}
                if any(have.get(r.n) != (r.seat, r.action, r.by) for r in p.rows):
                    return False
        return True

    async def _write(self, batch: list[_Pending]) -> None:
        now = time.time()
        rows = [
            {
                "table_id": p.table_id,
                "n": r.n,
                "seat": r.seat,
                "action": json.dumps(r.action, separators=(",", ":")),
                "by": r.by,
                "at": now,
            }
            for p in batch
            for r in p.rows
        ]
        if not self.is_sqlite and rows and not any(p.status or p.drop_answers for p in batch):
            # PostgreSQL, only actions (nearly every batch): one statement, its own transaction.
            # BEGIN, INSERT and COMMIT are three round trips, each waiting for a busy event
            # loop and a busy database; one INSERT of all the rows (unnest of arrays) in
            # autocommit is one round trip and one WAL flush, and as atomic: all rows or none.
            async with self._engine.connect() as conn:
                auto = await conn.execution_options(isolation_level="AUTOCOMMIT")
                await auto.execute(
                    _PG_INSERT,
                    {
                        "t": [r["table_id"] for r in rows],
                        "n": [r["n"] for r in rows],
                        "s": [r["seat"] for r in rows],
                        "a": [r["action"] for r in rows],
                        "b": [r["by"] for r in rows],
                        "at": [now] * len(rows),
                    },
                )
            return
        async with self._engine.begin() as conn:
            if rows:
                await conn.execute(insert(actions_t), rows)
            for p in sorted(batch, key=lambda p: p.table_id):  # row locks in id order (see renew)
                if p.status is not None:
                    await conn.execute(
                        update(tables_t).where(tables_t.c.id == p.table_id).values(status=p.status)
                    )
                if p.drop_answers:
                    await conn.execute(
                        delete(answers_t).where(
                            answers_t.c.table_id == p.table_id, answers_t.c.seat.in_(list(p.drop_answers))
                        )
                    )


_PG_INSERT = text(
    'INSERT INTO liars_actions (table_id, n, seat, action, "by", at) '
    "SELECT * FROM unnest(CAST(:t AS varchar[]), CAST(:n AS integer[]), CAST(:s AS integer[]), "
    "CAST(:a AS text[]), CAST(:b AS varchar[]), CAST(:at AS double precision[]))"
)


async def unopenable(url: str, schema: str | None = None) -> str | None:
    """Why the database at ``url`` cannot be opened and migrated (None: it can).

    ``liars serve`` asks this before uvicorn starts, so a mistyped URL or a database that is
    down gets one clear line instead of the lifespan's traceback.  The reason names the
    driver's error, never the URL itself (it may hold a password): SQLAlchemy's "could not
    parse" message quotes the URL, so that one is replaced by what a URL should look like.
    """
    store = Store(url, schema)
    reason: str | None = None
    try:
        await store.open()
    except ArgumentError:
        reason = "not a database URL: sqlite+aiosqlite:///PATH or postgresql+asyncpg://USER@HOST/DB"
    except Exception as exc:  # any driver's failure: a reason to print, not a crash
        reason = (str(exc).splitlines() or [type(exc).__name__])[0].replace(url, "the URL")
        if isinstance(exc, (ImportError, InvalidRequestError)):  # postgresql://: a sync driver
            reason += "; the server needs an asyncio driver: postgresql+asyncpg:// or sqlite+aiosqlite://"
    with contextlib.suppress(Exception):
        await store.close()
    if reason is not None and store.is_sqlite:  # aiosqlite's thread answers a failed connection's
        await asyncio.sleep(0.2)  # close a moment later: on a closed loop it would print a traceback
    return reason


def application_name(schema: str | None) -> str:
    """The name this server's PostgreSQL connections go by (``pg_stat_activity``)."""
    return f"liars:{schema}" if schema else "liars"


def _done(p: _Pending) -> None:
    if not p.future.done():
        p.future.set_result(None)


def _fail(p: _Pending, exc: BaseException) -> None:
    log.error("commit failed for table %s: %r", p.table_id, exc)
    if not p.future.done():
        kind = StoreConflict if isinstance(exc, IntegrityError) else StoreError
        p.future.set_exception(kind(f"could not save the action of table {p.table_id}"))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers go on while the writer commits; FULL makes each commit reach the disk."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    cur.close()


def _upgrade(conn: Connection) -> None:
    """Run the Alembic migrations to the newest revision on this connection."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "liars.server:migrations")
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
