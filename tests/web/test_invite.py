"""Issue 21 item 3 in the browser: the invite link (``/t/{id}#k=...``) joins an unlisted table;
the table's address alone (a stranger's) is refused, and the seat stays free."""

from __future__ import annotations

from typing import Any

from .helpers import create_table, join


def test_the_invite_link_joins_and_the_bare_address_does_not(web: Any, contexts: list[Any]) -> None:
    a, b, stranger = (c.new_page() for c in contexts)
    table = create_table(a, web.url, "liars-dice", 2, {}, ["human", "human"], "Anna")
    link = a.locator("#invite").input_value()
    assert link.startswith(f"{web.url}/t/{table}#k=") and len(link.split("#k=")[1]) >= 16
    stranger.goto(f"{web.url}/t/{table}")
    stranger.fill("#join-name", "Sly")
    stranger.click("#join")
    stranger.wait_for_selector("#error")
    assert "invited only" in stranger.locator("#error").inner_text()
    join(b, link, "Bram")
    assert b.url == f"{web.url}/t/{table}"  # the secret is out of the address bar once kept
    a.wait_for_selector("#table")
    assert "Bram" in a.locator("#seats").inner_text() and "Sly" not in a.locator("#seats").inner_text()
