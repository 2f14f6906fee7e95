"""A live table: the engine state, its seats and connections, challenge windows, timers, bots.

Everything that changes a table happens under ``table.lock``, in this order:
the engine checks and takes the action (a rejected action changes nothing),
the store commits it to the log, and only then are views sent.  If the commit
fails, the table is dropped from memory and rebuilt from the log on the next
access, so what was told and what was saved never disagree.

Challenge windows (``State.window``) are asked of every eligible seat at once.
Answers are kept until they can be applied in the engine's order: the engine
asks window seats one at a time, so a call by a later seat is the engine's
"pass" for every seat before it, then the call (faithful to the rules files'
"decision points").  By default the first call received wins; with the game
option ``first_challenger_in_play_order`` a call waits for the seats before
it, and the earliest call in play order wins.  When the window's time is up,
whoever did not answer passes.

An answer that has to wait (a pass, or with the house rule any answer, while
a seat before it has not answered) is written to the store before its seat
is told it is in, and deleted in the transaction that logs it (or discards
it); a restarted table replays its log, reopens the window with the deadline
counted from the commit that opened it, and takes the held answers back.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from liars import bots
from liars.core import JSON, IllegalAction, State

from .conn import Conn, MetricKey
from .store import ActionRow, AnswerRow, SeatRow, StoreError, TableRow

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("liars.server")

PASS: JSON = {"type": "pass"}
FORGET_SECONDS = 300.0  # how long a finished, unwatched table stays in memory (for a rematch)


class Stale(IllegalAction):
    """An action for a view that is no longer the newest (a double click, a race)."""


class TableError(Exception):
    """A request the table refuses: ``code`` and ``status`` for the HTTP answer.

    Like the engine's refusals it carries ``params`` (JSON-able values) so that
    clients can explain it in their own language; ``code`` is listed in
    :mod:`liars.errors`.
    """

    def __init__(self, code: str, message: str, status: int = 400, params: JSON | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.params: JSON = dict(params or {})

    def to_json(self) -> JSON:
        """The wire form: ``{"code", "params", "message"}``, as for :class:`liars.Refusal`."""
        return {"code": self.code, "params": self.params, "message": str(self)}


def new_token() -> tuple[str, str]:
    """A seat token (a long random secret) and its hash, which is all the database keeps."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def dumps(obj: Any) -> str:
    """Compact JSON text; orjson, because encoding views is much of the server's work under load."""
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass
class Seat:
    index: int
    kind: str  # "human" or "bot"
    level: str | None
    name: str | None
    token_hash: str | None
    conns: int = 0
    away: bool = False  # a human seat played by a stand-in bot until its player comes back


@dataclass
class Window:
    """An open challenge window: its start, its timer and the answers not yet applied."""

    opened: int
    deadline: float
    answers: dict[int, tuple[JSON, str]] = field(default_factory=dict)
    handle: asyncio.TimerHandle | None = None
    held: set[int] = field(default_factory=set)  # seats whose waiting answer is in the store


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
        self.house_rule = bool(self.game.options.get("first_challenger_in_play_order", False))
        self.state: State | None = None
        self.seq = 0
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.window: Window | None = None
        self.broken = False
        self._bots: dict[int, bots.Bot] = {}
        self._turn: dict[int, tuple[float, asyncio.TimerHandle]] = {}
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._driver: asyncio.Task[None] | None = None
        # From the replay: the window open at the end of the log (the seq it opened at and the
        # wall-clock time of the commit that opened it), and the answers held for it.
        self._reopen: tuple[int, float | None] | None = None
        self.held: list[AnswerRow] = []

    # -- building --------------------------------------------------------------------
    def replay(self, actions: list[ActionRow]) -> None:
        """Rebuild the game from the log (deterministic: the same seed and actions, the same game)."""
        if self.row.status == "waiting":
            return
        state = self.game.new_game(seed=self.row.seed)
        opened: tuple[int, float | None] | None = None
        for a in actions:  # the live rules of _changed and _advance_window: where the open window began
            called = a.action != PASS and a.seat in state.window
            state.act(a.seat, a.action)
            if called or not state.window:
                opened = None
            if state.window and opened is None:
                opened = (a.n + 1, a.at)
        self.state = state
        self.seq = len(actions)
        self._reopen = opened

    def resume(self) -> None:
        """After a (re)load: open the window, arm the timers, let the bots play."""
        if self.state is None:
            return
        for s in self.seats:
            if s.kind == "human" and not s.conns:
                self._arm_grace(s.index)
        self._changed(None)

    # -- seats and tokens --------------------------------------------------------------
    def seat_for_token(self, token: str) -> int | None:
        h = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.index
        return None

    def reserved(self) -> dict[int, str]:
        """Seats held for a rematch's players (seat -> the token hash that may claim it).

        A rematch table's seats belong to the old table's players until each claims theirs
        (with their own token) or declines, or ``reserved_until`` (wall-clock seconds) passes:
        a stranger who read the new table's id from the old table's news cannot take them.
        """
        held = self.settings.get("reserved") or {}
        if not held or time.time() >= float(self.settings.get("reserved_until") or 0):
            return {}
        return {int(k): str(v) for k, v in held.items()}

    def decline(self, seat: int) -> None:
        """The old table's player of ``seat`` wants no rematch: the seat opens to anyone."""
        held = self.settings.get("reserved") or {}
        if str(seat) in held:
            self.settings["reserved"] = {k: v for k, v in held.items() if k != str(seat)}
            self._news()

    async def join(
        self, name: str, prefer: int | None = None, claim: tuple[str, str] | None = None
    ) -> tuple[int, str]:
        """Take a free human seat (``prefer`` if free); the game starts when none is left.

        ``claim``: (token, its hash) of a rematch player, who takes the seat reserved for that
        hash and keeps their token; claiming again gives the same seat (one token, one seat).
        Without it, reserved seats are not free.
        """
        async with self.lock:
            self._check_live()
            reserved = self.reserved()
            if claim is not None:
                mine = [i for i, h in reserved.items() if hmac.compare_digest(h, claim[1])]
                held = self.seat_for_token(claim[0])
                if held is not None:
                    return held, claim[0]
                if not mine or self.seats[mine[0]].token_hash is not None:
                    raise TableError("full", "no seat of this table is held for you", 409)
                free = [self.seats[mine[0]]]
                token, h = claim
            else:
                free = [
                    s
                    for s in self.seats
                    if s.kind == "human" and s.token_hash is None and s.index not in reserved
                ]
                if not free:
                    raise TableError("full", "every seat of this table is taken", 409)
                token, h = new_token()
            seat = next((s for s in free if s.index == prefer), free[0])
            starting = sum(1 for s in self.seats if s.kind == "human" and s.token_hash is None) == 1
            await self.store.take_seat(self.id, seat.index, name, h, "playing" if starting else "waiting")
            seat.name, seat.token_hash = name, h
            if starting:
                self.row.status = "playing"
                self.state = self.game.new_game(seed=self.row.seed)
                self.seq = 0
                for s in self.seats:
                    if s.kind == "human" and not s.conns:
                        self._arm_grace(s.index)
            self._news()
            if starting:
                self._changed(None)
            return seat.index, token

    # -- public information ------------------------------------------------------------
    def info(self) -> JSON:
        """What anybody may know of the table (no tokens, no seed, no hidden card)."""
        st = self.state
        reserved = self.reserved()
        return {
            "table": self.id,
            "game": self.row.game,
            "players": self.row.players,
            "options": dict(self.game.options),
            "settings": {k: v for k, v in self.settings.items() if k not in ("reserved", "reserved_until")},
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
                    "grace": self._grace_left(s.index),
                }
                for s in self.seats
            ],
            "winners": None if st is None or not st.over else list(st.winners),
            "unfinished": self.unfinished,
            "rematch": self.row.rematch,
        }

    def _grace_left(self, seat: int) -> float | None:
        """Seconds until a stand-in bot takes over ``seat``, whose player has no connection (else None).

        Sent in the table news so that the others see why the table waits, and for how long."""
        handle = self._grace.get(seat)
        if handle is None:
            return None
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # not on the loop (a caller outside the server): no countdown to give
            return None
        return round(max(0.0, handle.when() - now), 1)

    def _asked(self, seat: int | None) -> bool:
        """Whether ``seat`` sees a window's decision position (the seats before it passed), not the game."""
        st, win = self.state, self.window
        return (
            st is not None
            and win is not None
            and seat is not None
            and not st.over
            and seat in st.window
            and seat not in win.answers
            and st.window[0] != seat
        )

    def frame(self, seat: int | None, since: int | None = None) -> JSON:
        """The ``view`` message for ``seat``: its own view and what it may do now.

        ``since``: the history from that index on only (and ``since`` in the frame), for a
        connection that holds the rest (``?history=tail``).
        """
        st = self.state
        if st is None:
            raise TableError("waiting", "the game has not started")
        win = self.window
        src, legal, deadline = st, [], None
        now = asyncio.get_running_loop().time()
        if seat is not None and not st.over:
            if win is not None and seat in st.window:
                if seat not in win.answers:
                    src = self._decision_state(seat)
                    legal = src.legal_actions(seat)
                    deadline = win.deadline
            else:
                legal = st.legal_actions(seat)
                if seat in self._turn:
                    deadline = self._turn[seat][0]
        out: JSON = {
            "type": "view",
            "table": self.id,
            "seq": self.seq,
            "seat": seat,
            "view": src.view(seat) if since is None else src.view(seat, since=since),
            "legal": [a.to_json() for a in legal],
            "deadline": None if deadline is None else round(max(0.0, deadline - now), 3),
            "window": None
            if win is None
            else {"seats": list(st.window), "closes": round(win.deadline - now, 3)},
            "away": [s.index for s in self.seats if s.away],
        }
        if since is not None:
            out["since"] = since
        return out

    def _push_views(
        self, conns: Iterable[Conn], key: MetricKey | None = None, cache: dict[Any, Any] | None = None
    ) -> None:
        """Send each of ``conns`` its view: built and encoded once per seat (and history start).

        A tail connection gets the history from what it holds on (``conn.held``: the
        history's epoch and length).  Within one epoch (``State.history_epoch``) a history
        only grows, so the tail is exact; when the epoch moved on (Liegen keeps the current
        round's record only), the client is sent the whole history again.  A window's
        decision position (the seats before the asked one have passed) is not the game's
        history, so it is always sent whole, and the client holds nothing to extend after it.
        """
        cache = {} if cache is None else cache
        for c in conns:
            seat = c.seat
            if not c.tail:
                text = cache.get((seat, None))
                if text is None:
                    text = cache[(seat, None)] = dumps(self.frame(seat))
                c.push_view(text, key)
                continue
            if self._asked(seat):
                text = cache.get((seat, 0))
                if text is None:
                    text = cache[(seat, 0)] = dumps(self.frame(seat, 0))
                c.push_view(text, key, None)
                continue
            held, st = c.held, self.state
            epoch = 0 if st is None else st.history_epoch
            since = held[1] if held is not None and held[0] == epoch else 0
            hit = cache.get((seat, since))
            if hit is None:
                frame = self.frame(seat, since)
                view = frame["view"]
                length = view.get("history_len")
                if not isinstance(length, int):  # a game without one: whole views, always
                    c.push_view(dumps(frame), key, None)
                    continue
                if since > length:  # cannot happen within an epoch; never leave stale entries
                    since = 0
                    frame = self.frame(seat, 0)
                hit = cache[(seat, since)] = (dumps(frame), (view["history_epoch"], length))
            c.push_view(hit[0], key, hit[1])

    # -- connections -------------------------------------------------------------------
    async def attach(self, conn: Conn) -> None:
        async with self.lock:
            self._check_live()
            self.conns.add(conn)
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.conns += 1
                handle = self._grace.pop(seat.index, None)
                if handle is not None:
                    handle.cancel()
                if seat.away:
                    seat.away = False
                    self._changed(None)  # everyone learns the player is back
            self._news()
            if self.state is not None:
                conn.held = None  # a new connection (or a new seat) holds no history yet
                self._push_views([conn])

    async def detach(self, conn: Conn) -> None:
        conn.forget()
        async with self.lock:
            if conn not in self.conns:
                return
            self.conns.discard(conn)
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.conns -= 1
                if not seat.conns and self.state is not None and not self.state.over:
                    self._arm_grace(seat.index)
            if not self.broken:
                self._news()
            self._arm_forget()

    async def touch(self, seat: int) -> None:
        """A message from a player who was away: they are back and play their seat again."""
        if not self.seats[seat].away:
            return
        async with self.lock:
            if self.seats[seat].away:
                self.seats[seat].away = False
                self._news()
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
                if self.window is not None and seat in st.window:
                    if seq < self.window.opened:
                        raise Stale(
                            f"view {seq} is older than this challenge window ({self.window.opened})",
                            code="stale",
                            params={"seq": seq, "newest": self.window.opened},
                        )
                    await self._window_answer(seat, action, "player", t0)
                    return
                if seq != self.seq:
                    raise Stale(
                        f"your action was made on view {seq}, but the table is at {self.seq}",
                        code="stale",
                        params={"seq": seq, "newest": self.seq},
                    )
                parsed = self.game.parse_action(action)
                st.act(seat, parsed)
                await self._commit([(seat, parsed.to_json(), "player")], t0)
            except (IllegalAction, TableError):
                raise
            except Exception as exc:
                self._break(exc)
                raise TableError(
                    "internal", "the server could not take this action; reconnect", 500
                ) from None

    async def _window_answer(self, seat: int, action: Any, by: str, t0: float | None) -> None:
        st, win = self._st(), self._win()
        if seat in win.answers:
            raise IllegalAction("you have already answered this challenge window", code="already_answered")
        canonical = self.game.parse_action(action).to_json()
        trial = self._decision_state(seat, copy=True)
        trial.act(seat, canonical)  # the engine's verdict, on a copy: the real game is untouched
        if canonical != PASS and not self.house_rule:
            for s in st.window:  # the first call received wins: the seats before it pass
                if s == seat:
                    break
                win.answers.setdefault(s, (PASS, "window"))
        win.answers[seat] = (canonical, by)
        if not await self._advance_window(t0):
            try:  # it waits for the seats before it: durable before the seat is told it is in
                await self.store.hold_answer(self.id, AnswerRow(seat, win.opened, canonical, by))
            except BaseException as exc:
                self._break(exc)
                if isinstance(exc, Exception):
                    raise TableError("internal", "the answer could not be saved; reconnect", 500) from None
                raise
            win.held.add(seat)
            # nothing public happened: only this seat learns its answer is in
            self._push_views([c for c in self.conns if c.seat == seat])

    async def _advance_window(self, t0: float | None) -> bool:
        """Apply the answers that are now due, in the engine's order; True if any was."""
        st, win = self._st(), self._win()
        done: list[tuple[int, JSON, str]] = []
        called = False
        while st.window and st.window[0] in win.answers:
            s = st.window[0]
            action, by = win.answers.pop(s)
            try:
                st.act(s, action)  # checked when it was answered: the engine's order makes it legal
            except Exception as exc:  # memory would run ahead of the log: rebuild from the log
                self._break(exc)
                raise TableError(
                    "internal", "the server could not take this answer; reconnect", 500
                ) from None
            done.append((s, action, by))
            if action != PASS:
                called = True
                break
        if not done:
            return False
        applied = {s for s, _, _ in done}
        drop = sorted(s for s in win.held if called or s in applied)  # logged now, or discarded
        win.held.difference_update(drop)
        if called:
            self._close_window()
        await self._commit(done, t0, drop)
        return True

    def _decision_state(self, seat: int, copy: bool = False) -> State:
        """The game as ``seat`` is asked in the window: every seat before it has passed."""
        st = self._st()
        if st.window and st.window[0] == seat and not copy:
            return st
        trial = st.clone()
        while trial.window and trial.window[0] != seat:
            trial.act(trial.window[0], PASS)
        return trial

    async def _commit(
        self, acts: list[tuple[int, JSON, str]], t0: float | None, drop: Sequence[int] = ()
    ) -> None:
        """The engine has taken ``acts``: make them durable, then tell everyone.

        ``drop``: the seats whose held window answers these actions log or discard.
        """
        st = self._st()
        rows = [ActionRow(self.seq + i, seat, action, by) for i, (seat, action, by) in enumerate(acts)]
        status = "over" if st.over else None
        try:
            await self.store.append(self.id, rows, status, drop)
        except BaseException as exc:
            self._break(exc)
            if isinstance(exc, StoreError):
                raise TableError("internal", "the action could not be saved; reconnect", 500) from None
            raise
        self.seq += len(rows)
        if status is not None:
            self.row.status = status
        if self.hub.metrics is not None:
            self.hub.metrics.actions += len(rows)
        self._changed(t0)

    # -- after every change --------------------------------------------------------------
    def _changed(self, t0: float | None) -> None:
        st = self._st()
        if not st.window:
            self._close_window()
        elif self.window is None:
            self._open_window()
        self._arm_turn_timers()
        self._broadcast(t0)
        if st.over:
            self._news()
            self._stop_timers()
            self._arm_forget()
        else:
            self._kick()

    def _arm_forget(self) -> None:
        """A finished table nobody watches leaves memory after a while (its log stays; a visit reloads it)."""
        if self.state is None or not self.state.over or self.conns:
            return
        loop = asyncio.get_running_loop()
        loop.call_later(FORGET_SECONDS, self._forget)

    def _forget(self) -> None:
        if not self.conns and not self.lock.locked() and self.state is not None and self.state.over:
            self.hub.evict(self)

    def _broadcast(self, t0: float | None) -> None:
        metrics = self.hub.metrics
        key = (self.id, self.seq)
        if metrics is not None and t0 is not None:
            metrics.expect(key, len(self.conns), t0)
        self._push_views(list(self.conns), key if t0 is not None else None)

    def _news(self) -> None:
        """Table news (seats, status, rematch) for everybody connected."""
        text = dumps({"type": "table", **self.info()})
        for c in list(self.conns):
            c.push(text)

    def _open_window(self) -> None:
        loop = asyncio.get_running_loop()
        secs = float(self.settings["window_seconds"])
        reopen, self._reopen = self._reopen, None
        held, self.held = self.held, []
        win = Window(opened=self.seq, deadline=loop.time() + secs)
        if reopen is not None:  # after a restart: the window it was, its deadline, its answers
            win.opened = reopen[0]
            if reopen[1] is not None:
                win.deadline = loop.time() + (reopen[1] + secs - time.time())
            st = self._st()
            for a in held:
                if a.opened == win.opened and a.seat in st.window:
                    win.answers[a.seat] = (a.action, a.by)
                    win.held.add(a.seat)
        win.handle = loop.call_at(win.deadline, self._spawn_timeout, win)
        self.window = win

    def _spawn_timeout(self, win: Window) -> None:
        self._spawn(self._window_timeout(win))

    def _close_window(self) -> None:
        if self.window is not None and self.window.handle is not None:
            self.window.handle.cancel()
        self.window = None

    async def _window_timeout(self, win: Window) -> None:
        async with self.lock:
            st = self.state
            if self.window is not win or self.broken or st is None:
                return
            for s in st.window:
                win.answers.setdefault(s, (PASS, "window"))
            await self._advance_window(None)

    def _arm_turn_timers(self) -> None:
        for _, handle in self._turn.values():
            handle.cancel()
        self._turn.clear()
        secs = self.settings.get("turn_seconds")
        st = self.state
        if secs is None or st is None or st.over:
            return
        loop = asyncio.get_running_loop()
        for s in st.to_act:
            seat = self.seats[s]
            if seat.kind == "human" and not seat.away and s not in st.window:
                handle = loop.call_later(float(secs), self._spawn_turn_timeout, s, self.seq)
                self._turn[s] = (loop.time() + float(secs), handle)

    def _spawn_turn_timeout(self, seat: int, seq: int) -> None:
        self._spawn(self._turn_timeout(seat, seq))

    async def _turn_timeout(self, seat: int, seq: int) -> None:
        async with self.lock:
            st = self.state
            if self.broken or st is None or self.seq != seq or seat not in st.to_act:
                return
            self._send_away(seat)

    def _arm_grace(self, seat: int) -> None:
        secs = self.settings.get("grace_seconds")
        if secs is None or seat in self._grace:
            return
        loop = asyncio.get_running_loop()
        self._grace[seat] = loop.call_later(float(secs), self._spawn_grace, seat)

    def _spawn_grace(self, seat: int) -> None:
        self._spawn(self._grace_over(seat))

    async def _grace_over(self, seat: int) -> None:
        async with self.lock:
            self._grace.pop(seat, None)
            st = self.state
            if self.broken or st is None or st.over or self.seats[seat].conns:
                return
            self._send_away(seat)

    def _send_away(self, seat: int) -> None:
        self.seats[seat].away = True
        self._news()
        self._changed(None)

    def _stop_timers(self) -> None:
        self._close_window()
        for _, handle in self._turn.values():
            handle.cancel()
        self._turn.clear()
        for handle in self._grace.values():
            handle.cancel()
        self._grace.clear()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: background task failed: %r", self.id, task.exception())

    # -- bots ------------------------------------------------------------------------------
    def _botted(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or s.away

    def _bot(self, seat: int) -> tuple[bots.Bot, str]:
        s = self.seats[seat]
        level = s.level if s.kind == "bot" and s.level else str(self.settings["standin"])
        key = seat if s.kind == "bot" else -1 - seat
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = bots.make(level, self.row.game, seed=secrets.randbits(63))
        return bot, level

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

    def _next_job(self) -> tuple[int, JSON, list[Any], tuple[int, int]] | None:
        st = self.state
        if st is None or st.over or self.broken or self.unfinished:
            return None
        if self.window is not None:
            for s in st.window:
                if s not in self.window.answers and self._botted(s):
                    dec = self._decision_state(s)
                    return s, dec.view(s), dec.legal_actions(s), (self.window.opened, id(self.window))
            return None
        for s in st.to_act:
            if self._botted(s):
                return s, st.view(s), st.legal_actions(s), (self.seq, 0)
        return None

    def _kick(self) -> None:
        if (self._driver is None or self._driver.done()) and self._next_job() is not None:
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Play the bot seats (and the seats of absent players) while it is their turn."""
        while True:
            async with self.lock:
                job = self._next_job()
                if job is None:
                    if self.unfinished:
                        self._news()  # the lobby and the table's page learn it stopped
                    return
                seat, view, legal, token = job
                bot, level = self._bot(seat)
            try:
                if level == "random":
                    action = bots.checked_act(bot, level, view, legal)
                else:  # search bots think in a thread so the tables keep moving
                    action = await asyncio.to_thread(bots.checked_act, bot, level, view, legal)
            except Exception as exc:
                log.error(
                    "table %s: bot %s failed (%r); it plays its first legal action", self.id, level, exc
                )
                action = legal[0]
            async with self.lock:
                job = self._next_job()
                if job is None or job[0] != seat or job[3] != token:
                    continue  # the game moved on while the bot thought
                by = "bot" if self.seats[seat].kind == "bot" else "standin"
                try:
                    await self._bot_act(seat, action.to_json(), by)
                except IllegalAction as exc:
                    log.error("table %s: bot action refused: %s", self.id, exc)
                    await self._bot_act(seat, legal[0].to_json(), by)

    async def _bot_act(self, seat: int, action: JSON, by: str) -> None:
        st = self._st()
        if self.window is not None and seat in st.window:
            await self._window_answer(seat, action, by, None)
        else:
            st.act(seat, action)
            await self._commit([(seat, action, by)], None)

    def _st(self) -> State:
        if self.state is None:
            raise TableError("waiting", "the game has not started")
        return self.state

    def _win(self) -> Window:
        if self.window is None:
            raise IllegalAction("no challenge window is open", code="no_window")
        return self.window

    # -- failure and shutdown ----------------------------------------------------------------
    def _check_live(self) -> None:
        if self.broken:
            raise TableError("reload", "the table is being reloaded; reconnect", 503)

    def _break(self, exc: BaseException) -> None:
        """Memory may be ahead of the log: forget this copy; the next access replays the log."""
        if not isinstance(exc, asyncio.CancelledError):
            log.error("table %s: dropped from memory after %r", self.id, exc)
        self.broken = True
        notice = dumps(
            {
                "type": "error",
                "code": "internal",
                "params": {},
                "message": "the table is being reloaded; reconnect",
                "ref": None,
            }
        )
        for c in list(self.conns):
            c.push(notice)  # sent before the close below: everyone knows to reconnect
        self.shutdown(1011)
        self.hub.evict(self)

    def shutdown(self, code: int = 1001) -> None:
        self._stop_timers()
        for task in list(self._tasks):
            task.cancel()
        if self._driver is not None and self._driver is not asyncio.current_task():
            self._driver.cancel()
        for c in list(self.conns):
            c.close(code)
        self.broken = True
