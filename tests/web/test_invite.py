"""Issue 21 item 3 in the browser: the invite link (``/t/{id}#k=...``) joins an unlisted table;
the table's address alone (a stranger's) is refused at once, and the seat stays free."""

from __future__ import annotations

from typing import Any

from .helpers import create_table, join


def test_the_invite_link_joins_and_the_bare_address_does_not(web: Any, contexts: list[Any]) -> None:
    a, b, stranger = (c.new_page() for c in contexts)
    table = create_table(a, web.url, "liars-dice", 2, {}, ["human", "human"], "Anna")
    link = a.locator("#invite").input_value()
    assert link.startswith(f"{web.url}/t/{table}#k=") and len(link.split("#k=")[1]) >= 16
    # The address alone: the page says at once that the table is for the invited only (it said so
    # only after a name was typed and «Sit down» clicked), with no form to fill in and no invite
    # link or QR code of the bare address to pass on.
    stranger.goto(f"{web.url}/t/{table}")
    help_ = stranger.locator("#waiting-help[data-code=invite_required]")
    help_.wait_for()
    assert help_.inner_text() == "This table is for the invited only: open the invite link you were sent."
    for gone in ("#join-form", "#join-name", "#invite", "#invite-qr", "#copy"):
        assert stranger.locator(gone).count() == 0, gone
    stranger.select_option("#lang", "nb")
    assert help_.inner_text() == "Dette bordet er bare for inviterte: åpne invitasjonslenken du fikk."
    join(b, link, "Bram")
    assert b.url == f"{web.url}/t/{table}"  # the secret is out of the address bar once kept
    a.wait_for_selector("#table")
    assert "Bram" in a.locator("#seats").inner_text() and "Sly" not in a.locator("#seats").inner_text()
