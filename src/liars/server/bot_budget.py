"""The bots' CPU budget: bots at tables of people first, tables of bots only when there is CPU left.

Every bot of the process thinks on the same interpreter as the event loop (a
search bot in a thread, but under the same GIL), so a bot's CPU is taken
from the players' answers.  Twenty-eight tables of strong bots from one
address took 33 CPU-seconds in 43 s and slowed real tables' bots tenfold; the
cap per address (``Hub.max_bot_tables``) bounds one address, not a hundred.

So all bots share one budget, ``rate`` CPU-seconds a second (``liars serve
--bot-cpu``): a token bucket every bot move is charged to, its thinking (the
thread's own CPU time) and :data:`MOVE_COST` for the commit and the views
that follow it.  Who waits when it is spent:

1. bots at a table with a person (their own seat, or a stand-in for one)
   never wait: a person is waiting for them.  They are charged all the same,
   so what they use is what tables of bots only do not get;
2. a table of bots only that somebody watches waits for the budget, but goes
   before
3. a table of bots only that nobody watches (which pauses anyway after
   ``bot_driver.BOT_IDLE`` seconds).

Waiting moves are let through one at a time, in order within their class,
as the bucket refills: a spent budget paces those tables (their games go on,
slower) rather than stopping them, and never lets a backlog through at once.
The bucket holds at most ``burst`` seconds (a quiet server lets a little
through at once) and owes at most ``DEBT`` seconds (after a spike of
people's bots, tables of bots wait seconds, not minutes).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

BOT_CPU = 0.25  # CPU-seconds a second for all bots together (a quarter of the loop's core)
BURST = 0.05  # CPU-seconds the budget may hold for a quiet moment
DEBT = 1.0  # CPU-seconds it may owe: at most DEBT / rate seconds of waiting after a spike
# Server CPU per committed action besides the bot's thinking (the commit, the views, the
# timers): bench/load.py measures 0.4-0.5 ms per action; a bot move is charged that too, or a
# table of random bots (that think in microseconds) would look free and play thousands a second.
MOVE_COST = 0.0005


class BotBudget:
    """One process's bot CPU budget; ``rate`` None: no budget (nobody waits, nothing is counted)."""

    def __init__(
        self,
        rate: float | None = BOT_CPU,
        burst: float = BURST,
        debt: float = DEBT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if rate is not None and not (rate > 0 and burst > 0 and debt >= 0):
            raise ValueError("the bot CPU budget must be above 0 (or None: no budget)")
        self.rate = rate
        self.burst = burst
        self.debt = debt
        self.clock = clock
        self.tokens = burst
        self.when = clock()
        self.waited = 0  # moves that had to wait (for /api/metrics and the soak)
        self._queues: tuple[deque[asyncio.Future[None]], deque[asyncio.Future[None]]] = (deque(), deque())
        self._timer: asyncio.TimerHandle | None = None

    @property
    def queued(self) -> int:
        """Moves of tables of bots only waiting for the budget now."""
        return sum(1 for q in self._queues for f in q if not f.done())

    def _refill(self) -> None:
        now = self.clock()
        if self.rate is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now

    def charge(self, seconds: float) -> None:
        """A bot used ``seconds`` of CPU (any table's: people's tables' bots count too)."""
        if self.rate is None:
            return
        self._refill()
        self.tokens = max(-self.debt, self.tokens - seconds)

    async def admit(self, watched: bool) -> None:
        """Wait until a move of a table of bots only may be made (``watched``: it has spectators).

        Charges :data:`MOVE_COST` when let through; the thinking is charged after, with
        :meth:`charge`.  Cancelled while waiting (the table shut down), it leaves the queue.
        """
        if self.rate is None:
            return
        self._refill()
        if self.tokens > 0 and not self.queued:
            self.charge(MOVE_COST)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues[0 if watched else 1].append(fut)
        self.waited += 1
        self._schedule()
        await fut  # a cancelled waiter's future is cancelled too: _release skips it

    def _schedule(self) -> None:
        if self._timer is not None or self.rate is None:
            return
        self._refill()
        wait = 0.0 if self.tokens > 0 else (1e-6 - self.tokens) / self.rate
        self._timer = asyncio.get_running_loop().call_later(wait, self._release)

    def _release(self) -> None:
        """Let waiting moves through while the bucket holds CPU: watched tables' first."""
        self._timer = None
        self._refill()
        while self.tokens > 0:
            fut = self._next()
            if fut is None:
                return
            fut.set_result(None)
            self.charge(MOVE_COST)
        if self.queued:
            self._schedule()

    def _next(self) -> asyncio.Future[None] | None:
        for queue in self._queues:
            while queue:
                fut = queue.popleft()
                if not fut.done():
                    return fut
        return None


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """``fn()`` and the CPU seconds it took on this thread (a bot's thinking, wherever it ran)."""
    t0 = time.thread_time()
    out = fn()
    return out, time.thread_time() - t0
