"""The tables this process owns: creating, loading (once), rematches, leases.

Loading a table is done under a per-table lock, so two connections arriving
together never build two copies.  Across processes a table is owned through
a lease in its row (``owner``, ``lease``): a process claims it when loading
and renews its leases while it runs.  The owner name defaults to host and
port, so a server restarted after ``kill -9`` takes its tables straight back
instead of waiting for the lease to run out.  The log's primary key
``(table, n)`` is the last guard: two writers can never both log action n.

With a :class:`.cluster.Cluster` (``liars serve --redis``) several processes share
the database: :meth:`Hub.find` answers where a table runs, here or at another
live process (a :class:`Remote`, to which the caller forwards), and takes the
table of a process whose liveness key ran out.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import liars
from liars import bots

from .bot_budget import BOT_CPU, BotBudget
from .coach import Slots
from .conn import Metrics
from .seats import new_invite, new_table_id
from .store import SeatRow, Store, TableRow
from .tables import Table, TableError, hash_token, new_token

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("liars.server")

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_GAMES = 256
MISS_SECONDS = 5.0  # an unknown table id is answered from memory for this long
MAX_MISSES = 100_000
WAITING_SECONDS = 3600.0  # a table nobody completed in this long is closed (it kept memory and the lobby)
MAX_WAITING = 20  # waiting tables one address may have at once
MAX_BOT_TABLES = 4  # bots-only tables in play one address may have at once (they cost CPU, not people)
REMATCH_HOLD = 300.0  # seconds a rematch's seats wait for the old table's players before anyone may join
# A table of two or more people gets a turn timer unless its host says otherwise: a player who
# stays connected and never acts would stall it for ever (a stand-in bot plays the turn instead).
SILENT_TURN = 90.0
DEFAULTS: dict[str, Any] = {
    "window_seconds": 5.0,
    "grace_seconds": 60.0,
    "listed": False,  # in the web lobby's lists (web.py); else the invite link is the only way in
    "coach": True,  # players may switch on the coach (liars.server.coach); the host may say no
}


@dataclass(frozen=True)
class Remote:
    """A table another live process runs (its ``owner``): requests about it are forwarded there."""

    owner: str


class _Taken(Exception):
    """The claim lost: another process holds the table (``owner``)."""

    def __init__(self, owner: str | None) -> None:
        super().__init__(owner)
        self.owner = owner


class Hub:
    """All live tables of this server, over one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        owner: str | None = None,
        metrics: Metrics | None = None,
        lease: float = 30.0,
        waiting_seconds: float = WAITING_SECONDS,
        max_waiting: int | None = MAX_WAITING,
        max_bot_tables: int | None = MAX_BOT_TABLES,
        cluster: Cluster | None = None,
        bot_cpu: float | None = BOT_CPU,
        turn_seconds: float | None = SILENT_TURN,
    ) -> None:
        self.store = store
        self.cluster = cluster
        self.owner = owner or f"liars-{secrets.token_hex(6)}"
        self.metrics = metrics
        self.lease = lease
        self.tables: dict[str, Table] = {}
        self._locks: dict[str, list[Any]] = {}  # table id -> [its load lock, how many use it]
        self._missing: dict[str, float] = {}  # unknown table id -> until when it is known unknown
        self._renewer: asyncio.Task[None] | None = None
        self._games: dict[tuple[str, int | None, str], liars.Game] = {}
        self.waiting_seconds = waiting_seconds
        self.max_waiting = max_waiting
        self.max_bot_tables = max_bot_tables
        self._hosted: dict[str, list[str]] = {}  # address -> the waiting tables it created
        self._bot_hosted: dict[str, list[str]] = {}  # address -> the bots-only tables it created
        self.coach_slots = Slots()  # coach computations at once, odds and reviews apart (.coach)
        self.bot_budget = BotBudget(bot_cpu)  # every bot's moves; tables of bots only wait for it
        self.turn_seconds = turn_seconds  # a table of two or more people's turn limit, unless chosen

    def game(self, game_id: str, players: int | None, options: dict[str, Any]) -> liars.Game:
        """The configured game for these settings, shared by every table that has them.

        A game is configuration and the caches built from it (Liar's Dice's tables of legal
        bids per number of dice in play, built once per total); states take their own seed
        (``new_game(seed=...)``).  One per table rebuilt those caches for every table and
        round: about a tenth of the server's CPU under load.  Raises like :func:`liars.make`.
        """
        key = (game_id, players, json.dumps(options, sort_keys=True, default=repr))
        game = self._games.get(key)
        if game is None:
            game = liars.make(game_id, players=players, seed=0, **options)
            if len(self._games) >= MAX_GAMES:  # setups are few; a flood of odd ones must not grow this
                self._games.clear()
            self._games[key] = game
        return game

    async def start(self) -> None:
        """Open the store and bring back every unfinished table, exactly where it was."""
        await self.store.open()
        if self.cluster is not None:
            await self.cluster.start(self)
        # in a cluster: its own and nobody's (the others' dead owners' tables are taken by watching)
        mine = None if self.cluster is None else self.owner
        for table_id in await self.store.unfinished(mine):
            try:
                await self.find(table_id)
            except TableError as exc:
                log.warning("table %s not loaded: %s", table_id, exc)
        self._renewer = asyncio.create_task(self._renew())

    async def stop(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
        for table in list(self.tables.values()):
            table.shutdown()
        self.tables.clear()
        try:
            if self.cluster is not None:  # gone from Redis: the others take the tables at once
                await self.cluster.stop()
            else:
                await self.store.release(self.owner)
        finally:
            await self.store.close()

    def drop_all(self) -> None:
        """Give up every table in memory (another process may run them now): clients reconnect."""
        for table in list(self.tables.values()):
            table.break_(RuntimeError("this process gave its tables up"))

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                before = [t for t in self.tables.values() if t.row.status != "over"]
                held = await self.store.renew(self.owner, self.lease)
                if self.cluster is not None:  # taken while this process was thought dead
                    for table in before:
                        if table.id in held or self.tables.get(table.id) is not table:
                            continue
                        head = await self.store.head(table.id)  # or just over: not renewed
                        if head is not None and head[0] != self.owner and self.tables.get(table.id) is table:
                            table.break_(RuntimeError("another process took the table"))
                await self.expire_waiting()
            except Exception as exc:
                log.error("could not renew table leases: %r", exc)

    async def expire_waiting(self) -> list[str]:
        """Close the waiting tables older than ``waiting_seconds``; returns their ids.

        An unstarted table costs memory, a reload at every start and a place in the lobby's
        list, and thousands can be made for nothing: after an hour nobody is coming.
        """
        cutoff = time.time() - self.waiting_seconds
        gone = []
        for table in list(self.tables.values()):
            if table.row.status == "waiting" and table.row.created < cutoff:
                async with table.lock:
                    if table.row.status != "waiting" or not await self.store.expire(table.id):
                        continue
                    table.row.status = "expired"
                table.shutdown(4404)
                self.evict(table)
                gone.append(table.id)
        return gone

    def _check_hosting(self, client: str | None) -> None:
        """At most ``max_waiting`` waiting tables per address (started and gone ones do not count)."""
        _check_cap(
            self._hosted,
            client,
            self.max_waiting,
            lambda t: t in self.tables and self.tables[t].row.status == "waiting",
            "waiting tables",
        )

    def _check_bot_tables(self, client: str | None) -> None:
        """At most ``max_bot_tables`` bots-only tables in play per address (not over, not stopped).

        A table of bots costs CPU and entertains nobody unless watched: 28 tables of strong
        bots from one address slowed every real table's bots tenfold.
        """
        _check_cap(
            self._bot_hosted,
            client,
            self.max_bot_tables,
            lambda t: t in self.tables and self.tables[t].running,
            "tables of bots only in play",
        )

    def _check_cluster(self) -> None:
        """Refuse while this process is cut off from its cluster (Redis unreachable): it holds no table.

        The client is told to try again (``reload``, 503): the web page says the server is
        having trouble and carries on by itself, ``liars bot`` reconnects.
        """
        if self.cluster is not None and self.cluster.cut_off:
            raise TableError("reload", "the server cannot reach its cluster; try again", 503)

    def evict(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            del self.tables[table.id]

    async def get(self, table_id: str) -> Table | None:
        """The table here (see :meth:`find`); another process's is refused ``busy``."""
        found = await self.find(table_id)
        if isinstance(found, Remote):
            raise TableError("busy", "another server process runs this table", 409)
        return found

    async def find(self, table_id: str) -> Table | Remote | None:
        """The live table (loaded from the log if needed), or None if there is no such table.

        In a cluster, a table another live process runs is that :class:`Remote`; one whose
        owner's liveness key ran out is taken here (the claim decides between takers).

        A miss is remembered for ``MISS_SECONDS`` (up to ``MAX_MISSES`` ids): a flood of
        unknown ids costs one database query each per few seconds, not one per request.  The
        per-id load lock lives only while someone waits on it, so unknown ids leave nothing.
        """
        if not TABLE_ID.match(table_id):
            return None
        self._check_cluster()
        table = self.tables.get(table_id)
        if table is not None:
            return table
        now = time.monotonic()
        missed = self._missing.get(table_id)
        if missed is not None:
            if now < missed:
                return None
            del self._missing[table_id]
        entry = self._locks.get(table_id)
        if entry is None:
            entry = self._locks[table_id] = [asyncio.Lock(), 0]
        entry[1] += 1
        try:
            async with entry[0]:
                table = self.tables.get(table_id)
                if table is not None:
                    return table
                dead: str | None = None
                if self.cluster is not None:
                    head = await self.store.head(table_id)
                    owner = None if head is None or head[2] == "expired" else head[0]
                    if owner is not None and owner != self.owner:
                        if await self.cluster.alive(owner):
                            return Remote(owner)
                        dead = owner
                loaded = await self.store.load(table_id)
                if loaded is None or loaded[0].status == "expired":
                    self._missing[table_id] = time.monotonic() + MISS_SECONDS
                    while len(self._missing) > MAX_MISSES:
                        del self._missing[next(iter(self._missing))]
                    return None
                try:
                    return await self._build(table_id, loaded, dead)
                except _Taken as taken:
                    if taken.owner is None:
                        raise TableError("busy", "another server process runs this table", 409) from None
                    return Remote(taken.owner)
        finally:
            entry[1] -= 1
            if entry[1] == 0 and self._locks.get(table_id) is entry:
                del self._locks[table_id]

    async def _build(
        self, table_id: str, loaded: tuple[TableRow, list[SeatRow], list[Any]], dead: str | None = None
    ) -> Table:
        row, seats, actions = loaded
        if not await self.store.claim(table_id, self.owner, self.lease, dead):
            if self.cluster is None:
                raise TableError("busy", "another server process runs this table", 409)
            head = await self.store.head(table_id)  # who won it
            raise _Taken(None if head is None else head[0])
        if dead is not None:
            log.warning("table %s taken over from %s", table_id, dead)
        table = Table(self, row, seats)
        try:
            table.replay(actions)
        except Exception as exc:
            log.error("table %s: the log does not replay (%r)", table_id, exc)
            raise TableError("broken", "this table's log cannot be replayed", 500) from None
        if table.state is not None and table.state.window:
            table.windows.restore_answers(await self.store.held_answers(table_id))
        self.tables[table_id] = table
        table.resume()
        return table

    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[str] | None,
        name: str | None,
        settings: dict[str, Any],
        client: str | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """A new table; the creator takes the first human seat (a token comes back for it).

        ``client``: the creator's address, whose waiting tables are capped (``max_waiting``).
        ``settings`` without ``turn_seconds``: the hub's ``turn_seconds`` for two or more human seats.
        """
        self._check_cluster()
        self._check_hosting(client)
        if seats is not None and "human" not in seats:
            self._check_bot_tables(client)
        game = self.game(game_id, players, options)
        kinds = seats if seats is not None else ["human"] * game.players
        if len(kinds) != game.players:
            raise liars.GameConfigError(
                f"seats must list {game.players} seats, not {len(kinds)}",
                code="seats_count",
                params={"players": game.players, "count": len(kinds)},
            )
        rows: list[SeatRow] = []
        levels = bots.levels(game.id)
        for i, kind in enumerate(kinds):
            if kind == "human":
                rows.append(SeatRow(i, "human", None, None, None))
            elif kind.startswith("bot:") and kind[4:] in levels:
                rows.append(SeatRow(i, "bot", kind[4:], f"{kind[4:]} bot", None))
            else:
                raise liars.GameConfigError(
                    f"seat {i}: {kind!r} is not a seat; seats are human or bot:LEVEL ({', '.join(levels)})",
                    code="seat_kind",
                    params={"seat": i, "kind": kind, "levels": list(levels)},
                )
        if "turn_seconds" not in settings:  # not chosen (null is a choice: no timer)
            settings = {**settings, "turn_seconds": self.turn_seconds if kinds.count("human") > 1 else None}
        settings = {**DEFAULTS, **settings}
        if not settings["listed"] and not settings.get("invite"):  # a rematch keeps the old one's
            settings["invite"] = new_invite()
        standin = settings.get("standin")
        if standin is None:
            settings["standin"] = "basic" if "basic" in levels else "random"
        elif standin not in levels:
            raise liars.GameConfigError(
                f"standin must be one of {', '.join(levels)}, not {standin!r}",
                code="standin_unknown",
                params={"standin": str(standin), "levels": list(levels)},
            )
        token: str | None = None
        seat: int | None = None
        humans = [r for r in rows if r.kind == "human"]
        if humans and name is not None:
            token, humans[0].token_hash = new_token()
            humans[0].name = name
            seat = humans[0].seat
        ready = all(r.token_hash is not None for r in humans)
        row = TableRow(
            id=new_table_id(),
            game=game.id,
            players=game.players,
            seed=secrets.randbits(63),
            options=dict(game.options),
            settings=settings,
            status="playing" if ready else "waiting",
        )
        await self.store.create_table(row, rows)
        self._missing.pop(row.id, None)
        table = await self.get(row.id)
        if table is None:
            raise TableError("internal", "the new table could not be loaded", 500)
        if client is not None and row.status == "waiting":
            self._hosted.setdefault(client, []).append(row.id)
        if client is not None and not humans:
            self._bot_hosted.setdefault(client, []).append(row.id)
        return table, seat, token

    async def rematch(
        self, table: Table, token: str, decline: bool = False
    ) -> tuple[Table, int | None, str | None]:
        """A finished table offers a new one with the same seats; each player claims their own.

        The new table's human seats are held for the old table's players (by their tokens'
        hashes) for ``REMATCH_HOLD`` seconds: each claims the seat they had, keeping their
        token, and claiming again gives that same seat (one token, one seat: several seats
        for one person at a hidden-hand game is collusion).  A player who declines
        (``decline``) opens their seat to anyone at once.
        """
        seat = table.seat_for_token(token)
        if seat is None:
            raise TableError("forbidden", "this token holds no seat at this table", 403)
        async with table.lock:
            if table.state is None or not table.state.over:
                raise TableError("not_over", "a rematch is offered once the game is over", 409)
            if table.row.rematch is None:
                kinds = ["human" if s.kind == "human" else f"bot:{s.level}" for s in table.seats]
                settings = {
                    k: v for k, v in table.settings.items() if k not in ("reserved", "reserved_until")
                }
                settings["reserved"] = {
                    str(s.index): s.token_hash
                    for s in table.seats
                    if s.kind == "human" and s.token_hash is not None
                }
                settings["reserved_until"] = time.time() + REMATCH_HOLD
                new, _, _ = await self.create(
                    table.row.game, table.row.players, dict(table.game.options), kinds, None, settings
                )
                await self.store.set_rematch(table.id, new.id)
                table.row.rematch = new.id
                table.news()
        new_table = await self.get(table.row.rematch)
        if new_table is None:
            raise TableError("internal", "the rematch table is gone", 500)
        if decline:
            new_table.decline(seat)
            return new_table, None, None
        name = table.seats[seat].name or f"seat {seat}"
        index, new_token_ = await new_table.join(name, prefer=seat, claim=(token, hash_token(token)))
        # Told again once the player sits at the new table: the others can see who asked for it.
        table.news()
        return new_table, index, new_token_


def _check_cap(
    book: dict[str, list[str]], client: str | None, cap: int | None, counts: Callable[[str], bool], what: str
) -> None:
    """Refuse a new table when ``client``'s tables in ``book`` that still ``count`` reach ``cap``.

    ``book`` (address -> the table ids it created) drops the ids that no longer count, and
    is bounded like the other per-address books.
    """
    if client is None or cap is None:
        return
    mine = [t for t in book.get(client, []) if counts(t)]
    book[client] = mine
    if len(mine) >= cap:
        raise TableError("rate_limited", f"at most {cap} {what} from one address", 429, {"limit": cap})
    while len(book) > MAX_MISSES:
        del book[next(iter(book))]
