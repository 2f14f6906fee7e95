"""The bots' CPU budget (issue 21.6): bots at tables of people first, tables of bots only paced.

Before it, a table of bots only played as fast as the server could commit (a random-bot
game of Liar's Dice in a fraction of a second) however many there were, beside people
waiting for their own tables' bots.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

from liars.server import bot_budget
from liars.server.bot_budget import MOVE_COST, BotBudget

from .conftest import Server

BOTS_ONLY: dict[str, Any] = {"game": "liars-dice", "players": 4, "seats": ["bot:random"] * 4}


def seq(server: Server, table: str) -> int:
    out: int = server.http.get(f"/api/tables/{table}").json()["seq"]
    return out


def test_a_spent_budget_paces_bots_only_tables_but_not_a_table_with_a_person(server: Server) -> None:
    # A budget of 4 random-bot moves a second, nearly empty: the bots-only table crawls.
    server.on_loop(lambda: setattr(server.hub, "bot_budget", BotBudget(4 * MOVE_COST, burst=MOVE_COST)))
    crawling = server.create(**BOTS_ONLY)["table"]
    person = server.create(
        game="liars-dice", players=4, seats=["human", "bot:random", "bot:random", "bot:random"], name="Kari"
    )
    kari = server.connect(person["table"], person["token"])
    rng = random.Random(5)
    started = time.monotonic()
    turns = 0
    while turns < 6:  # Kari plays six turns; three bots answer each, the budget long spent
        view = kari.until(lambda f: f["type"] == "view" and (bool(f["legal"]) or f["view"]["over"]))
        if view["view"]["over"]:
            break
        kari.act(rng.choice(view["legal"]))
        turns += 1
    elapsed = time.monotonic() - started
    assert elapsed < 3.0, f"the bots at Kari's table waited: {elapsed:.1f} s for {turns} turns"
    moves = seq(server, crawling)
    # Four moves a second (a little more: the bots' own thinking is charged after the move),
    # shared with the 18 moves of Kari's bots that were charged first: far below a whole game.
    assert moves <= 4 * (time.monotonic() - started) + 3, moves
    assert server.on_loop(lambda: server.hub.bot_budget.waited) > 0
    kari.close()
    # With the budget back (the default), the same kind of table plays its game to the end at once.
    server.on_loop(lambda: setattr(server.hub, "bot_budget", BotBudget()))
    free = server.create(**BOTS_ONLY)["table"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and server.http.get(f"/api/tables/{free}").json()["status"] != "over":
        time.sleep(0.05)
    assert server.http.get(f"/api/tables/{free}").json()["status"] == "over"


def test_watched_tables_of_bots_go_before_unwatched_ones() -> None:
    async def run() -> list[str]:
        budget = BotBudget(0.01, burst=0.001)
        budget.charge(0.002)  # spent: whoever comes now waits
        order: list[str] = []

        async def move(name: str, watched: bool) -> None:
            await budget.admit(watched)
            order.append(name)

        unwatched = [asyncio.create_task(move(f"unwatched {i}", False)) for i in range(2)]
        await asyncio.sleep(0)
        watched = asyncio.create_task(move("watched", True))  # comes last, goes first
        await asyncio.wait_for(asyncio.gather(*unwatched, watched), 5)
        return order

    assert asyncio.run(run()) == ["watched", "unwatched 0", "unwatched 1"]


def test_waiting_moves_go_one_at_a_time_as_the_budget_refills() -> None:
    async def run() -> list[float]:
        budget = BotBudget(0.05, burst=MOVE_COST / 2)  # 100 moves a second
        budget.charge(0.01)  # owes 0.2 s
        t0 = time.monotonic()
        times: list[float] = []

        async def move() -> None:
            await budget.admit(False)
            times.append(time.monotonic() - t0)

        await asyncio.wait_for(asyncio.gather(*(move() for _ in range(10))), 5)
        return times

    times = asyncio.run(run())
    assert times[0] >= 0.15  # the debt is paid first
    assert times[-1] - times[0] >= 0.04  # nine more moves of 10 ms each: paced, not let through at once


def test_unwatched_tables_of_bots_get_a_share_however_free_the_budget() -> None:
    async def run() -> tuple[int, int, float]:
        budget = BotBudget(0.01, burst=MOVE_COST, unwatched_share=0.5)  # 20 moves a second, 10 unseen
        counts = {True: 0, False: 0}
        elapsed = [0.0]

        async def moves(watched: bool) -> None:
            while True:
                await budget.admit(watched)
                counts[watched] += 1

        tasks = [asyncio.create_task(moves(False))]
        t0 = time.monotonic()
        await asyncio.sleep(0.5)
        unwatched_alone, elapsed[0] = counts[False], time.monotonic() - t0
        tasks.append(asyncio.create_task(moves(True)))
        counts[False] = 0
        await asyncio.sleep(0.5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return unwatched_alone, counts[True], elapsed[0]

    unwatched_alone, watched, elapsed = asyncio.run(run())
    # 10 a second from the unwatched share (and its burst of one), not 20 from the budget
    assert 2 <= unwatched_alone <= 10 * elapsed + 2, (unwatched_alone, elapsed)
    assert watched >= 4  # a watched table beside it gets the rest


def test_a_cancelled_waiter_leaves_the_queue() -> None:
    async def run() -> int:
        budget = BotBudget(1.0, burst=0.001)
        budget.charge(0.5)
        task = asyncio.create_task(budget.admit(False))
        await asyncio.sleep(0.01)
        assert budget.queued == 1
        task.cancel()
        await asyncio.sleep(0)
        return budget.queued

    assert asyncio.run(run()) == 0


def test_the_debt_is_bounded_and_no_budget_counts_nothing() -> None:
    budget = BotBudget(0.1, burst=0.05, debt=0.2)
    budget.charge(100.0)  # a spike of people's bots
    assert budget.tokens == pytest.approx(-0.2, abs=1e-3)  # 2 s of waiting at most, not 1,000
    free = BotBudget(None)
    free.charge(100.0)
    asyncio.run(asyncio.wait_for(free.admit(False), 1))
    assert free.waited == 0
    with pytest.raises(ValueError):
        BotBudget(0.0)
    assert bot_budget.BOT_CPU > 0
