"""A live table: the engine state, its seats and connections, and the parts that drive it.

Everything that changes a table happens under ``table.lock``, in this order:
the engine checks and takes the action (a rejected action changes nothing),
the store commits it to the log, and only then are views sent.  If the commit
fails, the table is dropped from memory and rebuilt from the log on the next
access (:mod:`.recovery`), so what was told and what was saved never disagree.

The parts, each in its own module: seats and tokens (:mod:`.seats`), the
``view`` frames (:mod:`.frames`), challenge windows (:mod:`.window`), the
clocks (:mod:`.timers`), the bots (:mod:`.bot_driver`) and replaying the log
(:mod:`.recovery`).  A table is *waiting* (seats free, no state), *playing*,
*over*, or *broken* (dropped from memory; the next access replays the log).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from liars import bots
from liars.core import JSON, IllegalAction, State

from . import seats as seats_
from .bot_driver import BotDriver
from .coach import CoachDriver
from .conn import Conn, MetricKey
from .frames import dumps, frame, push_views
from .recovery import RELOAD_NOTICE, replay
from .refusals import Stale, TableError
from .seats import Seat, hash_token, new_token
from .store import ActionRow, SeatRow, StoreConflict, StoreError, TableRow
from .timers import Timers
from .window import WindowDriver

if TYPE_CHECKING:
    from .hub import Hub

__all__ = ["Seat", "Stale", "Table", "TableError", "dumps", "hash_token", "new_token"]

log = logging.getLogger("liars.server")


class Table:
    """One table in memory; see the module docstring for how it changes."""

    def __init__(self, hub: Hub, row: TableRow, seats: list[SeatRow]) -> None:
        self.hub = hub
        self.store = hub.store
        self.id = row.id
        self.row = row
        self.game = hub.game(row.game, row.players, row.options)  # shared: states take row.seed
        self.seats = [Seat(s.seat, s.kind, s.level, s.name, s.token_hash) for s in seats]
        self.settings: dict[str, Any] = row.settings
        self.state: State | None = None
        self.seq = 0
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.broken = False
        self.logged: list[ActionRow] = []  # the log as committed: a commit that fails is undone from it
        self.windows = WindowDriver(self)
        self.timers = Timers(self)
        self.bots = BotDriver(self)
        self.coach = CoachDriver(self)

    # -- building --------------------------------------------------------------------
    def replay(self, actions: list[ActionRow]) -> None:
        """Rebuild the game from the log (deterministic: the same seed and actions, the same game)."""
        if self.row.status == "waiting":
            return
        done = replay(self.game, self.row.seed, actions)
        self.state, self.seq, self.windows.reopen = done.state, done.seq, done.reopen
        self.timers.restore(done.seq, done.last_at)
        self.logged = list(actions)

    def resume(self) -> None:
        """After a (re)load: open the window, arm the timers, let the bots play."""
        if self.state is None:
            return
        for s in self.seats:
            if s.kind == "human" and not s.conns:
                self.timers.arm_grace(s.index)
        self._changed(None)

    # -- seats ---------------------------------------------------------------------------
    def seat_for_token(self, token: str) -> int | None:
        return seats_.seat_for_token(self.seats, token)

    def reserved(self) -> dict[int, str]:
        """Seats held for a rematch's players: see :func:`.seats.reserved`."""
        return seats_.reserved(self.settings)

    def decline(self, seat: int) -> None:
        """The old table's player of ``seat`` wants no rematch: the seat opens to anyone."""
        held = self.settings.get("reserved") or {}
        if str(seat) in held:
            self.settings["reserved"] = {k: v for k, v in held.items() if k != str(seat)}
            self.news()

    async def join(
        self,
        name: str,
        prefer: int | None = None,
        claim: tuple[str, str] | None = None,
        key: str | None = None,
    ) -> tuple[int, str]:
        """Take a free human seat (``prefer`` if free); the game starts when none is left.

        ``claim``: (token, its hash) of a rematch player, who takes the seat reserved for that
        hash and keeps their token; claiming again gives the same seat (one token, one seat).
        Without it, reserved seats are not free, and an unlisted table needs its invite secret
        ``key`` (:func:`.seats.check_invite`).
        """
        async with self.lock:
            self._check_live()
            if claim is None:
                seats_.check_invite(self.settings, key)
            reserved = self.reserved()
            if claim is not None:
                held = self.seat_for_token(claim[0])
                if held is not None:
                    return held, claim[0]
                mine = seats_.reserved_for(reserved, claim[1])
                if mine is None or self.seats[mine].token_hash is not None:
                    raise TableError("full", "no seat of this table is held for you", 409)
                free = [self.seats[mine]]
                token, h = claim
            else:
                free = [s for s in self.seats if s.free and s.index not in reserved]
                if not free:
                    raise TableError("full", "every seat of this table is taken", 409)
                token, h = new_token()
            seat = next((s for s in free if s.index == prefer), free[0])
            starting = sum(1 for s in self.seats if s.free) == 1
            await self.store.take_seat(self.id, seat.index, name, h, "playing" if starting else "waiting")
            seat.name, seat.token_hash = name, h
            if starting:
                self.row.status = "playing"
                self.state = self.game.new_game(seed=self.row.seed)
                self.seq = 0
                for s in self.seats:
                    if s.kind == "human" and not s.conns:
                        self.timers.arm_grace(s.index)
            self.news()
            if starting:
                self._changed(None)
            return seat.index, token

    # -- public information ------------------------------------------------------------
    @property
    def invite(self) -> str | None:
        """The invite secret of an unlisted table (None if listed): for its creator and players only."""
        secret = self.settings.get("invite")
        return None if self.settings.get("listed") or not secret else str(secret)

    def info(self) -> JSON:
        """What anybody may know of the table (no tokens, no seed, no hidden card, no invite secret)."""
        st = self.state
        reserved = self.reserved()
        return {
            "table": self.id,
            "game": self.row.game,
            "players": self.row.players,
            "options": dict(self.game.options),
            "settings": seats_.public_settings(self.settings),
            "status": self.row.status,
            "seq": self.seq,
            "seats": [
                {
                    "seat": s.index,
                    "kind": s.kind,
                    "level": s.level,
                    "name": s.name,
                    "taken": s.kind == "bot" or s.token_hash is not None,
                    "reserved": s.token_hash is None and s.index in reserved,
                    "connected": s.conns > 0,
                    "away": s.away,
                    "grace": self.timers.grace_left(s.index),
                }
                for s in self.seats
            ],
            "winners": None if st is None or not st.over else list(st.winners),
            "unfinished": self.unfinished,
            "paused": self.bots.paused(),
            "rematch": self.row.rematch,
        }

    @property
    def unfinished(self) -> bool:
        """A bots-only game stopped at the action bound (``liars.bots.action_bound``).

        Derived from the log, not stored: a table replayed after a restart reaches the same
        count and stays stopped, so a looping bot game never spins a server for ever.
        """
        st = self.state
        return (
            st is not None
            and not st.over
            and all(s.kind == "bot" for s in self.seats)
            and self.seq >= bots.action_bound(self.game)
        )

    @property
    def running(self) -> bool:
        """A bots-only table still in play (not over, not stopped at the bound): it costs CPU."""
        st = self.state
        return st is not None and not st.over and not self.unfinished and not self.broken

    def frame(self, seat: int | None, since: int | None = None) -> JSON:
        """The ``view`` message for ``seat``: see :func:`.frames.frame`."""
        return frame(self, seat, since)

    def push_views(
        self, conns: Iterable[Conn], key: MetricKey | None = None, cache: dict[Any, Any] | None = None
    ) -> None:
        conns = list(conns)
        push_views(self, conns, key, cache)
        self.coach.changed(conns)  # the seats that switched their coach on: the odds of these views

    def news(self) -> None:
        """Table news (seats, status, rematch) for everybody connected."""
        text = dumps({"type": "table", **self.info()})
        for c in list(self.conns):
            c.push(text)

    # -- connections -------------------------------------------------------------------
    async def attach(self, conn: Conn) -> None:
        async with self.lock:
            self._check_live()
            self.conns.add(conn)
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.conns += 1
                self.timers.cancel_grace(seat.index)
                if seat.away:
                    seat.away = False
                    self._changed(None)  # everyone learns the player is back
            self.news()
            if self.state is not None:
                conn.held = None  # a new connection (or a new seat) holds no history yet
                self.push_views([conn])
                if not self.state.over:
                    self.bots.kick()  # a paused table of bots plays on while it is watched

    async def detach(self, conn: Conn) -> None:
        conn.forget()
        self.coach.forget(conn)
        async with self.lock:
            if conn not in self.conns:
                return
            self.conns.discard(conn)
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.conns -= 1
                if not seat.conns and self.state is not None and not self.state.over:
                    self.timers.arm_grace(seat.index)
            if not self.conns:
                self.bots.unwatched()
            if not self.broken:
                self.news()
            self.timers.arm_forget()

    async def touch(self, seat: int) -> None:
        """A message from a player who was away: they are back and play their seat again."""
        if not self.seats[seat].away:
            return
        async with self.lock:
            if self.seats[seat].away:
                self.seats[seat].away = False
                self.news()
                self._changed(None)

    def send_away(self, seat: int) -> None:
        """A stand-in bot plays ``seat`` (its time ran out, or its player is gone) until they are back."""
        self.seats[seat].away = True
        self.news()
        self._changed(None)

    # -- acting --------------------------------------------------------------------------
    async def act(self, seat: int, seq: int, action: Any, t0: float | None = None) -> None:
        """A player's action for ``seat``, made on view ``seq``; :class:`IllegalAction` if refused."""
        async with self.lock:
            self._check_live()
            st = self.state
            if st is None:
                raise IllegalAction("the game has not started: seats are still free", code="not_started")
            if st.over:
                raise IllegalAction("the game is over", code="game_over")
            if seq > self.seq:
                raise IllegalAction(
                    f"there is no view {seq} yet; the newest is {self.seq}",
                    code="no_such_view",
                    params={"seq": seq, "newest": self.seq},
                )
            try:
                win = self.windows.current
                if win is not None and seat in st.window:
                    if seq < win.opened:
                        raise Stale(
                            f"view {seq} is older than this challenge window ({win.opened})",
                            code="stale",
                            params={"seq": seq, "newest": win.opened},
                        )
                    await self.windows.answer(seat, action, "player", t0)
                    return
                if seq != self.seq:
                    raise Stale(
                        f"your action was made on view {seq}, but the table is at {self.seq}",
                        code="stale",
                        params={"seq": seq, "newest": self.seq},
                    )
                parsed = self.game.parse_action(action)
                st.act(seat, parsed)
                await self.commit([(seat, parsed.to_json(), "player")], t0, undo=True)
            except (IllegalAction, TableError):
                raise
            except Exception as exc:
                self.break_(exc)
                raise TableError(
                    "internal", "the server could not take this action; reconnect", 500
                ) from None

    async def commit(
        self,
        acts: list[tuple[int, JSON, str]],
        t0: float | None,
        drop: Sequence[int] = (),
        undo: bool = False,
    ) -> None:
        """The engine has taken ``acts``: make them durable, then tell everyone.

        ``drop``: the seats whose held window answers these actions log or discard.
        ``undo``: only the game has changed since the last commit (a player's plain action):
        if the store gives up (it retries a hiccup first), the game is rebuilt from the log
        in memory and the player is refused with ``retry``, their connection kept, instead
        of the table being dropped and everyone disconnected.
        """
        st = self.live_state()
        rows = [ActionRow(self.seq + i, seat, action, by) for i, (seat, action, by) in enumerate(acts)]
        status = "over" if st.over else None
        try:
            await self.store.append(self.id, rows, status, drop)
        except StoreError as exc:
            if not undo or isinstance(exc, StoreConflict):  # a conflict: the log is ahead of memory
                self.break_(exc)
                raise TableError("internal", "the action could not be saved; reconnect", 500) from None
            self.state = replay(self.game, self.row.seed, self.logged).state
            raise TableError(  # 409, not 5xx: the connection stays open for the resend
                "retry", "the action could not be saved; send it again", 409, {"seq": self.seq}
            ) from None
        except BaseException as exc:
            self.break_(exc)
            raise
        self.seq += len(rows)
        self.logged.extend(rows)
        if status is not None:
            self.row.status = status
        if self.hub.metrics is not None:
            self.hub.metrics.actions += len(rows)
        self._changed(t0)

    def _changed(self, t0: float | None) -> None:
        """After every change: the window, the timers, the views, then the bots."""
        st = self.live_state()
        self.windows.sync()
        self.timers.arm_turns()
        metrics = self.hub.metrics
        key = (self.id, self.seq)
        if metrics is not None and t0 is not None:
            metrics.expect(key, len(self.conns), t0)
        self.push_views(list(self.conns), key if t0 is not None else None)
        if st.over:
            self.news()
            self._stop_timers()
            self.timers.arm_forget()
        else:
            self.bots.kick()

    def live_state(self) -> State:
        """The game, or the ``waiting`` refusal if it has not started."""
        if self.state is None:
            raise TableError("waiting", "the game has not started")
        return self.state

    # -- failure and shutdown ----------------------------------------------------------------
    def _check_live(self) -> None:
        if self.broken:
            raise TableError("reload", "the table is being reloaded; reconnect", 503)

    def break_(self, exc: BaseException) -> None:
        """Memory may be ahead of the log: forget this copy; the next access replays the log."""
        if not isinstance(exc, asyncio.CancelledError):
            log.error("table %s: dropped from memory after %r", self.id, exc)
        self.broken = True
        for c in list(self.conns):
            c.push(RELOAD_NOTICE)  # sent before the close below: everyone knows to reconnect
        self.shutdown(1011)
        self.hub.evict(self)

    def _stop_timers(self) -> None:
        self.windows.close()
        self.timers.stop()

    def shutdown(self, code: int = 1001) -> None:
        self._stop_timers()
        self.timers.cancel_tasks()
        self.bots.cancel()
        self.coach.cancel()
        for c in list(self.conns):
            c.close(code)
        self.broken = True
