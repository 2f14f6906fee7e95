"""A phone that comes back with a connection that died without closing (the screen was off, the
network changed) must not wait for ever: the page asks the server and connects again.

Before, the page relied on the connection's close alone, and a connection that dies silently
never closes: the phone showed the table as it stood when it went to sleep, while the game went
on.  Here the connection is silenced by Playwright's WebSocket routing (frames dropped both ways,
the socket left open), which is what such a phone sees."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from .helpers import create_table, join, step

SEQ = "() => Number(document.querySelector('#table')?.dataset.seq ?? -1)"  # the view the page shows


def test_a_page_that_comes_back_to_a_silent_connection_connects_again(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    opened: list[dict[str, bool]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        state = {"dead": False}
        opened.append(state)
        ws.on_message(lambda m: None if state["dead"] else server.send(m))
        server.on_message(lambda m: None if state["dead"] else ws.send(m))

    a.route_web_socket(re.compile(r"/ws/tables/"), route)
    table = create_table(a, web.url, "liars-dice", 2, {"dice": 5}, ["human", "human"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    a.wait_for_selector("#table")
    b.wait_for_selector("#table")

    def until(cond: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 20
        while not cond() and time.monotonic() < deadline:
            a.wait_for_timeout(50)
        assert cond()

    def seq() -> int:  # the table's own count of actions, on the server
        n: int = web.app.state.hub.tables[table].seq
        return n

    if web.table_state(table).to_act[0] == 0:  # Anna (the host, seat 1) opens: she bids first
        step(a)
        until(lambda: web.table_state(table).to_act[0] == 1)
    until(lambda: a.evaluate(SEQ) == seq())
    assert len(opened) == 1
    opened[0]["dead"] = True  # the phone sleeps: its connection is silent, and stays open
    before = seq()
    step(b)  # the game goes on without her page: Bram bids (or calls)
    until(lambda: seq() > before)
    a.wait_for_timeout(1000)
    assert a.evaluate(SEQ) == before  # the silent connection told her nothing
    a.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # the screen is on again
    # the page's ping goes unanswered: it connects again and catches up with the table
    a.wait_for_function(f"() => ({SEQ})() >= {seq()}", timeout=20_000)
    assert len(opened) == 2
