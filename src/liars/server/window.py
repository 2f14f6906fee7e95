"""The window driver: a challenge window asked of every eligible seat at once.

The engine asks window seats one at a time (``State.window``, the first is
``to_act``); a live table asks them all at once and keeps the answers until
they can be applied in the engine's order.  Which answer counts is the
engine's to say (``State.arbitrate_window``: by default the first call
received; Cheat's option ``first_challenger_in_play_order`` makes a call wait
for the seats before it): the seats asked before the chosen answer pass for
it, then it is taken (faithful to the rules files' "decision points").  The
server knows no game: "pass" is ``State.window_pass``.  When the window's
time is up, whoever did not answer passes.

States of a window: *open* (``current`` set, its timer armed), answers
*waiting* (in ``answers``; those of human seats also written to the store,
``held``, before the seat is told it is in), and *closed* (``current`` None:
the engine's window is empty, or a call was taken).  A waiting answer is
deleted from the store in the transaction that logs it (or discards it); a
restarted table replays its log, reopens the window with the deadline counted
from the commit that opened it, and takes the held answers back
(:mod:`.recovery`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from liars.core import JSON, IllegalAction, State

from .refusals import TableError
from .store import AnswerRow

if TYPE_CHECKING:
    from .tables import Table


@dataclass
class Window:
    """An open challenge window: its start, its timer and the answers not yet applied."""

    opened: int  # the table's seq when it opened: views older than this are stale for it
    deadline: float  # loop time
    answers: dict[int, tuple[JSON, str]] = field(default_factory=dict)  # seat -> (action, by), arrival order
    handle: asyncio.TimerHandle | None = None
    held: set[int] = field(default_factory=set)  # seats whose waiting answer is in the store
    chosen: int | None = None  # the seat whose answer the engine said counts (None: not decided)


class WindowDriver:
    """The open window of one table (if any): answers, arbitration by the engine, the timeout."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.current: Window | None = None
        # From the replay: the window open at the end of the log (the seq it opened at and the
        # wall-clock time of the commit that opened it), and the answers held for it.
        self.reopen: tuple[int, float | None] | None = None
        self.held: list[AnswerRow] = []

    def restore_answers(self, rows: Sequence[AnswerRow]) -> None:
        """The answers the store held for the window open when the table stopped (taken at open)."""
        self.held = list(rows)

    def decision_state(self, seat: int, copy: bool = False) -> State:
        """The game as ``seat`` is asked in the window: every seat before it has passed."""
        st = self.table.live_state()
        if st.window and st.window[0] == seat and not copy:
            return st
        trial = st.clone()
        stand = trial.window_pass()
        while trial.window and trial.window[0] != seat:
            trial.act(trial.window[0], stand)
        return trial

    async def answer(self, seat: int, action: Any, by: str, t0: float | None) -> None:
        """``seat``'s answer: checked on its decision position, then applied when it is due."""
        table = self.table
        win = self.current
        if win is None:
            raise IllegalAction("no challenge window is open", code="no_window")
        if seat in win.answers:
            raise IllegalAction("you have already answered this challenge window", code="already_answered")
        canonical = table.game.parse_action(action).to_json()
        trial = self.decision_state(seat, copy=True)
        trial.act(seat, canonical)  # the engine's verdict, on a copy: the real game is untouched
        win.answers[seat] = (canonical, by)
        self._arbitrate(win)
        if not await self.advance(t0):
            try:  # it waits for the seats before it: durable before the seat is told it is in
                await table.store.hold_answer(table.id, AnswerRow(seat, win.opened, canonical, by))
            except BaseException as exc:
                table.break_(exc)
                if isinstance(exc, Exception):
                    raise TableError("internal", "the answer could not be saved; reconnect", 500) from None
                raise
            win.held.add(seat)
            # nothing public happened: only this seat learns its answer is in
            table.push_views([c for c in table.conns if c.seat == seat])

    def _arbitrate(self, win: Window) -> None:
        """Ask the engine which answer counts; the seats asked before it pass for it."""
        st = self.table.live_state()
        answers = [(s, a) for s, (a, _) in win.answers.items()]
        chosen = st.arbitrate_window(answers)
        if chosen is None:
            return
        win.chosen = answers[chosen][0]
        stand = st.window_pass().to_json()
        for s in st.window:
            if s == win.chosen:
                return
            if s not in win.answers or win.answers[s][0] != stand:
                win.answers[s] = (stand, "window")

    async def advance(self, t0: float | None) -> bool:
        """Apply the answers that are now due, in the engine's order; True if any was.

        Due: the passes at the head of the window, and the answer the engine chose once
        the seats before it have passed; any other answer waits for the engine's word.
        """
        table = self.table
        st, win = table.live_state(), self.current
        if win is None:
            return False
        stand = st.window_pass().to_json()
        done: list[tuple[int, JSON, str]] = []
        called = False
        while st.window and st.window[0] in win.answers:
            s = st.window[0]
            if win.answers[s][0] != stand and s != win.chosen:
                break
            action, by = win.answers.pop(s)
            try:
                st.act(s, action)  # checked when it was answered: the engine's order makes it legal
            except Exception as exc:  # memory would run ahead of the log: rebuild from the log
                table.break_(exc)
                raise TableError(
                    "internal", "the server could not take this answer; reconnect", 500
                ) from None
            done.append((s, action, by))
            if action != stand:
                called = True
                break
        if not done:
            return False
        applied = {s for s, _, _ in done}
        drop = sorted(s for s in win.held if called or s in applied)  # logged now, or discarded
        win.held.difference_update(drop)
        if called:
            self.close()
        await table.commit(done, t0, drop)
        return True

    def sync(self) -> None:
        """After a change: open a window for the engine's, or close ours if the engine's is gone."""
        st = self.table.live_state()
        if not st.window:
            self.close()
        elif self.current is None:
            self._open()

    def _open(self) -> None:
        table = self.table
        loop = asyncio.get_running_loop()
        secs = float(table.settings["window_seconds"])
        reopen, self.reopen = self.reopen, None
        held, self.held = self.held, []
        win = Window(opened=table.seq, deadline=loop.time() + secs)
        if reopen is not None:  # after a restart: the window it was, its deadline, its answers
            win.opened = reopen[0]
            if reopen[1] is not None:
                win.deadline = loop.time() + (reopen[1] + secs - time.time())
            st = table.live_state()
            for a in held:
                if a.opened == win.opened and a.seat in st.window:
                    win.answers[a.seat] = (a.action, a.by)
                    win.held.add(a.seat)
        win.handle = loop.call_at(win.deadline, table.timers.spawn_call, self._timeout, win)
        self.current = win

    def close(self) -> None:
        if self.current is not None and self.current.handle is not None:
            self.current.handle.cancel()
        self.current = None

    async def _timeout(self, win: Window) -> None:
        table = self.table
        async with table.lock:
            st = table.state
            if self.current is not win or table.broken or st is None:
                return
            stand = st.window_pass().to_json()
            for s in st.window:
                win.answers.setdefault(s, (stand, "window"))
            self._arbitrate(win)
            if win.chosen is None:  # every seat has answered: an engine that still has no word
                win.chosen = next((s for s in st.window if win.answers[s][0] != stand), None)
            await self.advance(None)
