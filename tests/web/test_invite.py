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


def test_an_invite_link_made_on_this_machines_own_address_says_it_reaches_no_one_else(
    web: Any, contexts: list[Any]
) -> None:
    """The host opened http://127.0.0.1:8000/ (what ``liars serve`` printed) and sent the invite
    link, or showed its QR code: every friend's phone opened 127.0.0.1, itself, and found nothing.
    With the server on this machine only, the page now says the link works here only, and how to
    open the server to the network."""
    page = contexts[0].new_page()
    table = create_table(page, web.url, "liars-dice", 2, {}, ["human", "human"], "Anna")
    assert page.locator("#invite").input_value().startswith(f"{web.url}/t/{table}#k=")
    reach = page.locator("#invite-reach[data-reach=local]")
    assert "this computer only" in reach.inner_text() and "liars serve --host 0.0.0.0" in reach.inner_text()
    page.select_option("#lang", "nb")
    assert reach.inner_text().startswith("Denne lenken virker bare på denne maskinen")
    page.select_option("#lang", "nl")
    assert reach.inner_text().startswith("Deze link werkt alleen op deze computer")


def test_a_server_on_the_network_gives_invite_links_its_network_address(
    web: Any, contexts: list[Any]
) -> None:
    """With ``liars serve --host 0.0.0.0`` the server tells the page its network address
    (``share_origins``): a page opened as 127.0.0.1 makes its invite link and QR code from it."""
    shared = "http://192.0.2.50:8000"
    web.app.state.share_origins = (shared,)
    try:
        page = contexts[0].new_page()
        table = create_table(page, web.url, "liars-dice", 2, {}, ["human", "human"], "Anna")
        assert page.locator("#invite").input_value().startswith(f"{shared}/t/{table}#k=")
        reach = page.locator("#invite-reach[data-reach=network]")
        assert "(192.0.2.50:8000)" in reach.inner_text()
        assert page.locator("#invite-qr").count() == 1
    finally:
        web.app.state.share_origins = ()
