"""The bot driver: plays the bot seats, and the seats of absent players, while it is their turn.

One task per table at most (``kick`` starts it when a bot has something to
do).  A search bot thinks in a thread, without the table's lock, so the table
keeps taking answers meanwhile; when it is done the driver checks, under the
lock, that the bot's job (the seat and the view it was given) is still the
table's, and otherwise asks again.  A bot that fails or answers illegally
plays its first legal action: a bot never stalls a table.

A table of bots only that nobody watches plays on for ``BOT_IDLE`` seconds
(from its creation or its last spectator leaving), then pauses until someone
watches: bots entertain nobody unseen, and their search costs the CPU that
real tables' bots need.  Its log is whole meanwhile; a spectator resumes it.
Every move is charged to the process's bot CPU budget (:mod:`.bot_budget`),
and a table of bots only waits for it when it is spent: tables with people
come first.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from liars import bots
from liars.core import JSON, IllegalAction

from .bot_budget import MOVE_COST, timed

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("liars.server")

BOT_IDLE = 60.0  # seconds a bots-only table plays on with nobody watching, then it pauses

Job = tuple[int, JSON, list[Any], tuple[int, int]]  # seat, its view, its legal actions, what it is for


class BotDriver:
    """The bots of one table and the task that plays them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._bots: dict[int, bots.Bot] = {}
        self._task: asyncio.Task[None] | None = None
        self._unwatched_since = time.monotonic()

    def unwatched(self) -> None:
        """The table's last connection left: a bots-only table pauses ``BOT_IDLE`` seconds from now."""
        self._unwatched_since = time.monotonic()

    def paused(self) -> bool:
        """A bots-only table nobody has watched for ``BOT_IDLE`` seconds: its bots wait."""
        table = self.table
        return (
            not table.conns
            and all(s.kind == "bot" for s in table.seats)
            and time.monotonic() - self._unwatched_since >= BOT_IDLE
        )

    def _bot(self, seat: int) -> tuple[bots.Bot, str]:
        table = self.table
        s = table.seats[seat]
        level = s.level if s.kind == "bot" and s.level else str(table.settings["standin"])
        key = seat if s.kind == "bot" else -1 - seat  # a seat's own bot and its stand-in differ
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = bots.make(level, table.row.game, seed=secrets.randbits(63))
        return bot, level

    def next_job(self) -> Job | None:
        """What a bot has to do now: a window answer first, else a turn; None if nothing."""
        table = self.table
        st, win = table.state, table.windows.current
        if st is None or st.over or table.broken or table.unfinished or self.paused():
            return None
        if win is not None:
            for s in st.window:
                if s not in win.answers and table.seats[s].botted:
                    dec = table.windows.decision_state(s)
                    return s, dec.view(s), dec.legal_actions(s), (win.opened, id(win))
            return None
        for s in st.to_act:
            if table.seats[s].botted:
                return s, st.view(s), st.legal_actions(s), (table.seq, 0)
        return None

    def kick(self) -> None:
        if (self._task is None or self._task.done()) and self.next_job() is not None:
            self._task = asyncio.get_running_loop().create_task(self._drive())

    def cancel(self) -> None:
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()

    async def _drive(self) -> None:
        table = self.table
        while True:
            async with table.lock:
                job = self.next_job()
                if job is None:
                    if table.unfinished or self.paused():
                        table.news()  # the lobby and the table's page learn it stopped
                    return
                seat, view, legal, token = job
                bot, level = self._bot(seat)
                people = any(s.kind == "human" for s in table.seats)
                watched = bool(table.conns)
            budget = table.hub.bot_budget
            if people:  # a person waits for this move: it never waits, but it counts
                budget.charge(MOVE_COST)
            else:
                await budget.admit(watched)
            think = partial(bots.checked_act, bot, level, view, legal)
            try:
                if level == "random":
                    action, cpu = timed(think)
                else:  # search bots think in a thread so the tables keep moving
                    action, cpu = await asyncio.to_thread(timed, think)
            except Exception as exc:
                log.error(
                    "table %s: bot %s failed (%r); it plays its first legal action", table.id, level, exc
                )
                action, cpu = legal[0], 0.0
            budget.charge(cpu, unwatched=not people and not watched)
            async with table.lock:
                job = self.next_job()
                if job is None or job[0] != seat or job[3] != token:
                    continue  # the game moved on while the bot thought
                by = "bot" if table.seats[seat].kind == "bot" else "standin"
                try:
                    await self._act(seat, action.to_json(), by)
                except IllegalAction as exc:
                    log.error("table %s: bot action refused: %s", table.id, exc)
                    await self._act(seat, legal[0].to_json(), by)

    async def _act(self, seat: int, action: JSON, by: str) -> None:
        table = self.table
        st = table.live_state()
        if table.windows.current is not None and seat in st.window:
            await table.windows.answer(seat, action, by, None)
        else:
            st.act(seat, action)
            await table.commit([(seat, action, by)], None)
