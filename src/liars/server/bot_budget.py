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
   ``bot_driver.BOT_IDLE`` seconds), which also has a bucket of its own, a
   fifth of the budget (:data:`UNWATCHED_SHARE`): such tables entertain
   nobody, and a flood of them (one address making them as fast as the write
   rate allows, every one a game of random bots in a fraction of a second)
   took a fifth of the server's CPU in the soak however free the budget was.

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
UNWATCHED_SHARE = 0.2  # of it, what tables of bots only that nobody watches may use at most
BURST = 0.05  # CPU-seconds the budget may hold for a quiet moment
DEBT = 1.0  # CPU-seconds it may owe: at most DEBT / rate seconds of waiting after a spike
# Server CPU per committed action besides the bot's thinking (the commit, the views, the
# timers): bench/load.py measures 0.4-0.5 ms per action, a table of random bots nobody
# watches 0.3 ms.  A bot move is charged that too, or a table of random bots (that think in
# microseconds) would look free and play thousands of moves a second.
MOVE_COST = 0.0005


class _Bucket:
    """Tokens (CPU-seconds) refilled at ``rate`` up to ``burst``, owed down to ``-debt``."""

    __slots__ = ("rate", "burst", "debt", "tokens")

    def __init__(self, rate: float, burst: float, debt: float) -> None:
        self.rate, self.burst, self.debt, self.tokens = rate, burst, debt, burst

    def refill(self, seconds: float) -> None:
        self.tokens = min(self.burst, self.tokens + seconds * self.rate)

    def charge(self, seconds: float) -> None:
        self.tokens = max(-self.debt, self.tokens - seconds)

    def wait(self) -> float:
        """Seconds until it holds CPU again (0.0 if it does)."""
        return 0.0 if self.tokens > 0 else (1e-6 - self.tokens) / self.rate


class BotBudget:
    """One process's bot CPU budget; ``rate`` None: no budget (nobody waits, nothing is counted).

    Two buckets: ``rate`` for every bot, and ``rate * unwatched_share`` more for the tables
    of bots only that nobody watches (their moves take from both): they entertain nobody, so
    a flood of them gets a sliver of the CPU, however much is free.
    """

    def __init__(
        self,
        rate: float | None = BOT_CPU,
        burst: float = BURST,
        debt: float = DEBT,
        unwatched_share: float = UNWATCHED_SHARE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if rate is not None and not (rate > 0 and burst > 0 and debt >= 0 and 0 < unwatched_share <= 1):
            raise ValueError("the bot CPU budget must be above 0 (or None: no budget)")
        self.rate = rate
        self.clock = clock
        self.when = clock()
        r = rate or 1.0
        self._all = _Bucket(r, burst, debt)
        self._unwatched = _Bucket(r * unwatched_share, burst * unwatched_share, debt * unwatched_share)
        self.waited = 0  # moves that had to wait (for tests and the soak)
        self._queues: tuple[deque[asyncio.Future[None]], deque[asyncio.Future[None]]] = (deque(), deque())
        self._timer: asyncio.TimerHandle | None = None

    @property
    def tokens(self) -> float:
        """CPU-seconds the budget holds now (below 0: owed)."""
        self._refill()
        return self._all.tokens

    @property
    def queued(self) -> int:
        """Moves of tables of bots only waiting for the budget now."""
        return sum(1 for q in self._queues for f in q if not f.done())

    def _refill(self) -> None:
        now = self.clock()
        for bucket in (self._all, self._unwatched):
            bucket.refill(now - self.when)
        self.when = now

    def charge(self, seconds: float, unwatched: bool = False) -> None:
        """A bot used ``seconds`` of CPU (any table's: people's tables' bots count too)."""
        if self.rate is None:
            return
        self._refill()
        self._all.charge(seconds)
        if unwatched:
            self._unwatched.charge(seconds)

    async def admit(self, watched: bool) -> None:
        """Wait until a move of a table of bots only may be made (``watched``: it has spectators).

        Charges :data:`MOVE_COST` when let through; the thinking is charged after, with
        :meth:`charge`.  Cancelled while waiting (the table shut down), it leaves the queue.
        """
        if self.rate is None:
            return
        self._refill()
        if not self.queued and self._wait(watched) == 0.0:
            self.charge(MOVE_COST, not watched)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues[0 if watched else 1].append(fut)
        self.waited += 1
        self._schedule()
        await fut  # a cancelled waiter's future is cancelled too: _release skips it

    def _wait(self, watched: bool) -> float:
        wait = self._all.wait()
        return wait if watched else max(wait, self._unwatched.wait())

    def _schedule(self) -> None:
        if self._timer is not None or self.rate is None:
            return
        self._refill()
        watched = any(not f.done() for f in self._queues[0])
        wait = self._wait(watched)
        self._timer = asyncio.get_running_loop().call_later(wait, self._release)

    def _release(self) -> None:
        """Let waiting moves through while the buckets hold CPU: watched tables' first."""
        self._timer = None
        self._refill()
        while True:
            fut, watched = self._next()
            if fut is None:
                break
            fut.set_result(None)
            self.charge(MOVE_COST, not watched)
        if self.queued:
            self._schedule()

    def _next(self) -> tuple[asyncio.Future[None] | None, bool]:
        """The next waiter the buckets let through now (and whether it is watched)."""
        for i, queue in enumerate(self._queues):
            while queue and queue[0].done():
                queue.popleft()
            if queue:
                if self._wait(i == 0) > 0:
                    return None, False  # a watched one waits: no unwatched one goes before it
                return queue.popleft(), i == 0
        return None, False


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """``fn()`` and the CPU seconds it took on this thread (a bot's thinking, wherever it ran)."""
    t0 = time.thread_time()
    out = fn()
    return out, time.thread_time() - t0
