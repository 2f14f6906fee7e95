"""Several server processes over one database: liveness, forwarding and fan-out through Redis.

Each table has one owner, the process that runs its game (the ``owner`` and
``lease`` of its row, :mod:`.store`); any process accepts any connection.  A
client that reaches a process that does not own its table is *relayed*: that
process opens a virtual connection on the owner (``open``), forwards every
message of the client to it (``in``) and sends the client every frame the
owner sends back (``out``, ``shut``).  The owner runs that connection exactly
like one of its own (:func:`.ws.play` on a :class:`RemoteSocket`): the same
authentication, rate limits, hidden-information views and history tails, so
only a seat's own view ever leaves the owner, and only to that seat's client.
HTTP requests about a table (its page, a join, a rematch) are forwarded as
calls with a reply (``call``, ``reply``).

Every process listens on one Redis pub/sub channel of its own; whatever one
process has for another is queued and published by a single flusher, one
pipeline at a time, so what a process sends another arrives in the order it
was sent (Redis delivers a connection's publications in order): the frames of
a connection never overtake each other.  A destination's frames of one loop
turn share one publication.

Liveness: every process keeps a key with a short time to live (``TTL``)
fresh, and watches the others' keys.  When one's key is gone, its relayed
clients are told to reconnect, the connections it relayed here are closed,
and the others take its unfinished tables (each first the ones it is the
rendezvous choice for, then any left): a take-over is the store's atomic
claim of a row still naming the dead owner, so two processes never both win
it, and the log's ``(table, n)`` key stays the final word should a process
thought dead still write (its commit conflicts, its copy is dropped and the
log replayed).  A process that could not refresh its own key for ``TTL``
drops every table it holds (the others may have taken them).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from .conn import Conn
from .limits import Bucket
from .recovery import RELOAD_NOTICE
from .refusals import TableError

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

    from .hub import Hub

log = logging.getLogger("liars.server")

TTL = 2.5  # seconds a process's liveness key outlives its last heartbeat: failover in TTL + WATCH
BEAT = 0.4  # seconds between heartbeats
WATCH = 0.5  # seconds between looks at the other processes' keys
CALL_TIMEOUT = 10.0  # seconds a forwarded HTTP request waits for the owner's reply
TAKE_PAUSE = 1.0  # seconds the rendezvous choice has to take a dead process's table before anyone may
MAX_INBOX = 256  # client messages waiting at the owner for one relayed connection
RELAY_SLACK = 2.0  # a relayed client may send this many times a connection's rate before it is cut off
MOVED = 0  # the status of a reply that says "not mine (any more)": find the table again

# What the owner runs for a forwarded HTTP request: (hub, table id, op, args) -> (status, body);
# status MOVED when this process does not own the table.
Handler = Callable[["Hub", str, str, dict[str, Any]], Awaitable[tuple[int, Any]]]
# What the owner runs for a relayed connection (``ws.play`` without relaying again).
Player = Callable[["RemoteSocket"], Awaitable[None]]


def rendezvous(table_id: str, members: list[str]) -> str:
    """The live process that should take ``table_id`` first (the same answer on every process)."""
    return max(members, key=lambda m: hashlib.blake2b(f"{table_id}|{m}".encode(), digest_size=8).digest())


def _glob_escape(text: str) -> str:
    """``text`` matched literally by a Redis ``SCAN MATCH`` pattern (its ``*?[]\\`` escaped)."""
    return "".join("\\" + c if c in "*?[]\\" else c for c in text)


async def forget(redis_url: str, prefix: str) -> int:
    """Delete every Redis key of the cluster ``prefix`` (``--redis-prefix``); returns how many.

    A cluster leaves keys behind when it is gone: its ``members`` set names every process that
    ever joined (a process stopped cleanly deletes only its own liveness key), so a benchmark or
    a test run that makes a cluster under a prefix of its own calls this once every process of
    it has stopped (a live one would write its keys again).  Only ``prefix:`` and what follows
    is matched, literally: ``liars`` never takes ``liars-test:...`` or another prefix's keys,
    even one with glob characters in it.  The pub/sub channels are not keys: nothing to delete.
    """
    if not prefix:
        raise ValueError("forget needs a cluster prefix: an empty one would match other clusters' keys")
    from redis.asyncio import Redis

    r = Redis.from_url(redis_url)
    deleted = 0
    try:
        batch: list[bytes] = []
        async for k in r.scan_iter(match=f"{_glob_escape(prefix)}:*", count=500):
            batch.append(k)
            if len(batch) >= 500:
                deleted += await r.delete(*batch)
                batch = []
        if batch:
            deleted += await r.delete(*batch)
    finally:
        await r.aclose()
    return deleted


class RemoteSocket:
    """At the owner: a client connected to another process (``src``), as :func:`.ws.play` sees it."""

    def __init__(self, cluster: Cluster, cid: str, src: str, table_id: str, query: Mapping[str, str]) -> None:
        self.cluster, self.cid, self.src = cluster, cid, src
        self._path = {"table_id": table_id}
        self._query = dict(query)
        self._inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False

    @property
    def path_params(self) -> Mapping[str, Any]:
        return self._path

    @property
    def query_params(self) -> Mapping[str, str]:
        return self._query

    def deliver(self, text: str | None) -> None:
        """A message of the client (None: a binary one, which :class:`.ws.Reader` refuses)."""
        if self._inbox.qsize() >= MAX_INBOX:  # the relay forwards faster than the table reads
            self.gone()
            return
        self._inbox.put_nowait({"type": "websocket.receive", "text": text})

    def gone(self) -> None:
        """The client (or the process relaying it) is gone."""
        self._inbox.put_nowait({"type": "websocket.disconnect", "code": 1006})

    async def receive(self) -> Mapping[str, Any]:
        return await self._inbox.get()

    async def send_text(self, data: str) -> None:
        if self.closed:
            raise ConnectionError("the relayed connection is closed")
        self.cluster.send(self.src, ["out", self.cid, data])

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.send(self.src, ["shut", self.cid, code])


@dataclass
class _Relay:
    """Here: a client whose table another process (``owner``) runs."""

    owner: str
    out: Conn
    shut: bool = False  # the owner closed it (no need to say goodbye)


@dataclass
class _Peers:
    """What this process knows of the others."""

    live: list[str] = field(default_factory=list)  # sorted, this process included
    dead: set[str] = field(default_factory=set)
    taking: set[str] = field(default_factory=set)  # dead processes whose tables are being taken


class Cluster:
    """This process's part of a cluster of ``liars serve`` processes sharing one Redis."""

    def __init__(self, url: str, name: str, prefix: str = "liars") -> None:
        self.url, self.name, self.prefix = url, name, prefix
        self.redis: Redis | None = None
        self.hub: Hub | None = None
        self.handler: Handler | None = None
        self.player: Player | None = None
        self._pubsub: PubSub | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._out: dict[str, list[Any]] = {}
        self._wake = asyncio.Event()
        self._calls: dict[str, tuple[str, asyncio.Future[tuple[int, Any]]]] = {}
        self._relays: dict[str, _Relay] = {}
        self._remotes: dict[str, RemoteSocket] = {}
        self._remote_tasks: set[asyncio.Task[None]] = set()
        self.peers = _Peers(live=[name])
        self._beat_ok = time.monotonic()
        self._listening = False  # subscribed to this process's channel (else messages to it are lost)
        self._down_since: float | None = None  # when this outage of Redis began (None: no outage)

    def key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    @property
    def cut_off(self) -> bool:
        """Whether this process serves no table: it lost its channel, or its key may have run out.

        Then another process may take its tables (or messages to it are lost), so it holds none
        and loads none (:meth:`.hub.Hub.find` refuses with ``reload``, 503) until Redis is back.
        Loading them again at once, as before, had them dropped a moment later, over and over:
        the players' connections kept opening and closing for as long as Redis was away.
        """
        return not self._listening or time.monotonic() - self._beat_ok > TTL

    def _redis_failed(self, what: str, exc: BaseException) -> None:
        """Redis failed at ``what``: one error line for the outage, not one per loop and try."""
        if self._down_since is None:
            self._down_since = time.monotonic()
            log.error("cannot reach Redis (%s: %r): no table is served until it is back", what, exc)
        else:
            log.debug("Redis still unreachable (%s: %r)", what, exc)

    def _redis_back(self) -> None:
        if self._down_since is not None:
            log.warning(
                "Redis reachable again after %.1f s: tables are served again",
                time.monotonic() - self._down_since,
            )
            self._down_since = None

    # -- life ------------------------------------------------------------------------------
    async def start(self, hub: Hub) -> None:
        """Connect, listen on this process's channel, say it is alive, then watch the others."""
        from redis.asyncio import Redis

        self.hub = hub
        self.redis = Redis.from_url(self.url)
        await self.redis.ping()
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.key("p", self.name))
        self._listening = True
        await self._beat_once()
        await self.redis.sadd(self.key("members"), self.name)
        self._wake = asyncio.Event()
        for loop in (self._listen, self._flush, self._heartbeat, self._watch):
            self._tasks.append(asyncio.create_task(loop()))

    async def stop(self) -> None:
        """Leave: the others see this process gone at their next look and take its tables."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        for relay in list(self._relays.values()):
            relay.out.push(RELOAD_NOTICE)
            relay.out.close(1012)
        for sock in list(self._remotes.values()):
            sock.gone()
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.delete(self.key("alive", self.name))
            if self._pubsub is not None:
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # untyped before redis 8
            with contextlib.suppress(Exception):
                await self.redis.aclose()
            self.redis = None

    @property
    def _redis(self) -> Redis:
        if self.redis is None:
            raise TableError("internal", "the cluster is not connected", 503)
        return self.redis

    async def alive(self, name: str) -> bool:
        """Whether process ``name`` keeps its liveness key fresh (this one always is)."""
        if name == self.name:
            return True
        try:
            return bool(await self._redis.exists(self.key("alive", name)))
        except Exception as exc:  # without Redis nobody can tell: refuse, the client tries again
            self._redis_failed("a liveness key", exc)
            raise TableError("reload", "the server cannot reach its cluster; try again", 503) from None

    # -- sending ---------------------------------------------------------------------------
    def send(self, dest: str, item: list[Any]) -> None:
        """Queue ``item`` for process ``dest``; the flusher publishes it, in order, soon."""
        self._out.setdefault(dest, []).append(item)
        self._wake.set()

    async def _flush(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._out:
                out, self._out = self._out, {}
                dests = list(out)
                try:
                    if len(dests) == 1:  # the usual case: a pipeline costs a quarter more CPU
                        counts = [
                            await self._redis.publish(self.key("p", dests[0]), orjson.dumps(out[dests[0]]))
                        ]
                    else:
                        pipe = self._redis.pipeline(transaction=False)
                        for d in dests:
                            pipe.publish(self.key("p", d), orjson.dumps(out[d]))
                        counts = await pipe.execute()
                except Exception as exc:
                    self._redis_failed(f"publishing to {', '.join(dests)}", exc)
                    counts = [0] * len(dests)
                for d, n in zip(dests, counts, strict=True):
                    if not n:  # nobody listens there: that process is gone (or cut off)
                        self._undelivered(d, out[d])

    def _undelivered(self, dest: str, items: list[Any]) -> None:
        for item in items:
            kind = item[0]
            if kind == "call":
                self._fail_call(item[1])
            elif kind in ("open", "in"):
                self._lost_relay(item[1])
            elif kind in ("out", "shut"):
                sock = self._remotes.get(item[1])
                if sock is not None:
                    sock.gone()

    # -- receiving -------------------------------------------------------------------------
    async def _listen(self) -> None:
        while True:
            try:
                if self._pubsub is None:
                    return
                async for msg in self._pubsub.listen():
                    if msg.get("type") != "message":
                        continue
                    for item in orjson.loads(msg["data"]):
                        try:
                            self._dispatch(item)
                        except Exception as exc:
                            log.error("a cluster message failed: %r", exc)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the subscription is lost: whatever was sent here meanwhile is
                self._listening = False
                self._redis_failed("the cluster channel: every table and relay dropped", exc)
                self._fence()
                await asyncio.sleep(0.2)
                with contextlib.suppress(Exception):
                    if self._pubsub is not None:
                        await self._pubsub.subscribe(self.key("p", self.name))
                        self._listening = True

    def _dispatch(self, item: list[Any]) -> None:
        kind = item[0]
        if kind == "out":
            relay = self._relays.get(item[1])
            if relay is not None:
                relay.out.push(item[2])
        elif kind == "shut":
            relay = self._relays.get(item[1])
            if relay is not None:
                relay.shut = True
                relay.out.close(item[2])
        elif kind == "in":
            sock = self._remotes.get(item[1])
            if sock is None:  # not (any more) here: the relay's client must reconnect
                self.send(item[2], ["out", item[1], RELOAD_NOTICE])
                self.send(item[2], ["shut", item[1], 1012])
            else:
                sock.deliver(item[3])
        elif kind == "open":
            self._open(item[1], item[2], item[3], item[4])
        elif kind == "bye":
            sock = self._remotes.get(item[1])
            if sock is not None:
                sock.gone()
        elif kind == "call":
            task = asyncio.create_task(self._answer(item[1], item[2], item[3], item[4], item[5]))
            self._remote_tasks.add(task)
            task.add_done_callback(self._remote_tasks.discard)
        elif kind == "reply":
            entry = self._calls.pop(item[1], None)
            if entry is not None and not entry[1].done():
                entry[1].set_result((item[2], item[3]))

    # -- relayed connections -----------------------------------------------------------------
    def _open(self, cid: str, src: str, table_id: str, query: Mapping[str, str]) -> None:
        """At the owner: a client of process ``src`` connects to one of this process's tables."""
        if self.player is None:
            return
        sock = self._remotes[cid] = RemoteSocket(self, cid, src, table_id, query)
        task = asyncio.create_task(self._play(sock))
        self._remote_tasks.add(task)
        task.add_done_callback(self._remote_tasks.discard)

    async def _play(self, sock: RemoteSocket) -> None:
        try:
            assert self.player is not None  # set with the handler by the app, before start
            await self.player(sock)
        except Exception as exc:
            log.error("relayed connection to table %s failed: %r", sock.path_params["table_id"], exc)
        finally:
            self._remotes.pop(sock.cid, None)
            await sock.close(1011 if not sock.closed else 1000)

    async def relay(self, ws: Any, owner: str, table_id: str, rate: float, burst: float) -> None:
        """Here: carry a client's connection to ``owner``, which runs the table, until either ends."""
        cid = secrets.token_hex(8)
        out = Conn(None, ws.send_text)
        relay = self._relays[cid] = _Relay(owner, out)
        writer = asyncio.create_task(out.run())
        self.send(owner, ["open", cid, self.name, table_id, dict(ws.query_params)])
        reader = asyncio.create_task(self._pump(ws, cid, owner, rate * RELAY_SLACK, burst * RELAY_SLACK))
        try:
            await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._relays.pop(cid, None)
            if not relay.shut:
                self.send(owner, ["bye", cid])
            reader.cancel()
            out.close(out.close_code or 1000)
            if not writer.done():
                try:
                    await asyncio.wait_for(writer, 2.0)
                except (TimeoutError, Exception):
                    writer.cancel()
            with contextlib.suppress(Exception):
                await ws.close(out.close_code or 1000)

    async def _pump(self, ws: Any, cid: str, owner: str, rate: float, burst: float) -> None:
        """The client's messages to the owner (which checks them); a flood far over the rate is cut."""
        bucket = Bucket(rate, burst, time.monotonic())
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            if bucket.take(time.monotonic()) > 0:
                relay = self._relays.get(cid)
                if relay is not None:
                    relay.out.close(1008)
                return
            self.send(owner, ["in", cid, self.name, msg.get("text")])

    def _lost_relay(self, cid: str) -> None:
        """The owner of a relayed client's table is gone: the client is told to reconnect."""
        relay = self._relays.get(cid)
        if relay is not None and not relay.out.closed:
            relay.shut = True
            relay.out.push(RELOAD_NOTICE)
            relay.out.close(1012)

    # -- forwarded requests --------------------------------------------------------------------
    async def call(self, owner: str, op: str, table_id: str, args: dict[str, Any]) -> tuple[int, Any]:
        """Have ``owner`` run ``op`` on its table; (status, body), or (MOVED, None) if it is not its."""
        rid = secrets.token_hex(8)
        fut: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        self._calls[rid] = (owner, fut)
        self.send(owner, ["call", rid, self.name, op, table_id, args])
        try:
            return await asyncio.wait_for(fut, CALL_TIMEOUT)
        except TimeoutError:
            raise TableError("reload", "the table's server did not answer; try again", 503) from None
        finally:
            self._calls.pop(rid, None)

    def _fail_call(self, rid: str) -> None:
        entry = self._calls.pop(rid, None)
        if entry is not None and not entry[1].done():
            entry[1].set_exception(TableError("reload", "the table's server is gone; try again", 503))

    async def _answer(self, rid: str, src: str, op: str, table_id: str, args: dict[str, Any]) -> None:
        status: int
        body: Any
        try:
            if self.handler is None or self.hub is None:
                status, body = MOVED, None
            else:
                status, body = await self.handler(self.hub, table_id, op, args)
        except Exception as exc:
            log.error("forwarded %s of table %s failed: %r", op, table_id, exc)
            status, body = 500, {"error": {"code": "internal", "params": {}, "message": "internal error"}}
        self.send(src, ["reply", rid, status, body])

    # -- liveness ------------------------------------------------------------------------------
    async def _beat_once(self) -> None:
        await self._redis.set(self.key("alive", self.name), "1", px=int(TTL * 1000))
        self._beat_ok = time.monotonic()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            now = time.monotonic()
            if now - self._beat_ok > TTL:  # the key may have run out: others may hold our tables
                if self._down_since is None:  # a stalled loop, not Redis (that has its line)
                    log.error("no heartbeat for %.1f s: dropping every table", now - self._beat_ok)
                self._fence()
            try:
                await self._beat_once()
                await self._redis.sadd(self.key("members"), self.name)
            except Exception as exc:
                self._redis_failed("the heartbeat", exc)
            else:
                self._redis_back()

    def _fence(self) -> None:
        """This process may have been taken for dead: it gives up every table and relayed client."""
        if self.hub is not None:
            self.hub.drop_all()
        for cid in list(self._relays):
            self._lost_relay(cid)
        for sock in list(self._remotes.values()):
            sock.gone()

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH)
            try:
                await self._look()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._redis_failed("watching the other processes", exc)

    async def _look(self) -> None:
        raw = await self._redis.smembers(self.key("members"))
        members = {m.decode() if isinstance(m, bytes) else str(m) for m in raw}
        others = sorted(members - {self.name})
        flags = await self._redis.mget([self.key("alive", m) for m in others]) if others else []
        dead = {m for m, f in zip(others, flags, strict=True) if f is None}
        self.peers.live = sorted({self.name, *(set(others) - dead)})
        self.peers.dead = dead
        for d in dead:
            self._peer_gone(d)
            if d not in self.peers.taking:
                self.peers.taking.add(d)
                task = asyncio.create_task(self._take_over(d))
                self._remote_tasks.add(task)
                task.add_done_callback(self._remote_tasks.discard)

    def _peer_gone(self, dead: str) -> None:
        """``dead`` is gone: its relayed clients reconnect, its calls fail, its relays here close."""
        for cid, relay in list(self._relays.items()):
            if relay.owner == dead:
                self._lost_relay(cid)
        for sock in list(self._remotes.values()):
            if sock.src == dead:
                sock.gone()
        for rid, (owner, _fut) in list(self._calls.items()):
            if owner == dead:
                self._fail_call(rid)

    async def _take_over(self, dead: str) -> None:
        """Take ``dead``'s unfinished tables: the rendezvous choice first, then anyone."""
        try:
            hub = self.hub
            if hub is None:
                return
            ids = await hub.store.owned_by(dead)
            mine = [t for t in ids if rendezvous(t, self.peers.live) == self.name]
            for t in mine:
                await self._take(hub, t)
            if len(mine) < len(ids):
                await asyncio.sleep(TAKE_PAUSE)
                for t in await hub.store.owned_by(dead):
                    await self._take(hub, t)
            if not await hub.store.owned_by(dead):
                await self._redis.srem(self.key("members"), dead)
        except Exception as exc:
            log.error("could not take the tables of %s: %r", dead, exc)
        finally:
            self.peers.taking.discard(dead)

    async def _take(self, hub: Hub, table_id: str) -> None:
        try:
            await hub.find(table_id)
        except TableError as exc:
            log.warning("table %s not taken: %s", table_id, exc)
