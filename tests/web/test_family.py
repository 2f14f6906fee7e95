"""A family evening: the host on a laptop, the others on phones that join by the invite link, and
what each of them reads at the table (found by play-testing, docs/web.md)."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import INVITES, create_table, join

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}


def test_a_guest_who_sat_down_is_not_told_they_left_the_table(web: Any, browser: Any) -> None:
    """A guest's own seat read «Bram (jij) is van tafel gegaan» all game: the page asked for the
    table's news as it connected, and that answer, taken before the seat's connection was in,
    came back after the connection's own news and replaced it. A phone's slow answer is made
    here by handing the server's real answer to the page a second late."""
    host = browser.new_context(locale="nl-NL", viewport={"width": 1280, "height": 800})
    guest = browser.new_context(locale="nl-NL", **PHONE)
    try:
        table = create_table(host.new_page(), web.url, "liars-dice", 2, {}, ["human", "human"], "Anouk")
        page = guest.new_page()

        page.goto(INVITES[table])
        page.wait_for_selector("#join-name")
        # from here the answers to GET /api/tables/{id} reach the page a second late (the server
        # answers at once, as it stood then): a phone on a slow network
        page.evaluate(
            """(table) => {
            const fetched = window.fetch;
            window.fetch = async (url, ...rest) => {
                const answer = await fetched(url, ...rest);
                if (String(url) === `/api/tables/${table}`) await new Promise((ok) => setTimeout(ok, 1000));
                return answer;
            };
        }""",
            table,
        )
        page.fill("#join-name", "Bram")
        page.click("#join")
        page.wait_for_selector("#table")
        page.wait_for_timeout(1500)
        own = page.locator('.seat[data-seat="1"]')
        assert own.locator(".name").inner_text() == "Bram"
        assert own.locator(".offline-tag").count() == 0, own.inner_text()
    finally:
        host.close()
        guest.close()


def seats_cut(page: Any) -> list[str]:
    """The seats on the felt whose content does not fit in their box (a box that scrolls)."""
    cut: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#felt .seat')]
            .filter((s) => s.scrollHeight > s.clientHeight + 1)
            .map((s) => `${s.innerText.replace(/\\s+/g, ' ')} (${s.scrollHeight} > ${s.clientHeight})`)"""
    )
    return cut


def test_a_seat_whose_player_left_shows_all_of_itself_on_the_felt(web: Any, browser: Any) -> None:
    """At 1280x800 a Love Letter seat whose player had left read «Pieter is van tafel gegaan · over
    3 s neemt een bot het over» over three lines, and its box, of a fixed height, scrolled: the
    rounds won and «ligt eruit» were out of it, then the cards its stand-in bot played."""
    host = browser.new_context(locale="nl-NL", viewport={"width": 1280, "height": 800})
    guest = browser.new_context(locale="nl-NL", **PHONE)
    try:
        page = host.new_page()
        table = create_table(page, web.url, "love-letter", 2, {}, ["human", "human"], "Oma Gerda", grace=3)
        friend = guest.new_page()
        join(friend, INVITES[table], "Pieter")
        friend.wait_for_selector("#table")
        page.wait_for_selector("#table")
        friend.close()  # Pieter puts his phone away
        page.wait_for_selector(".seat .offline-tag .grace")
        assert seats_cut(page) == []
        page.wait_for_selector(".seat .away-tag", timeout=15000)  # his stand-in bot plays
        page.wait_for_timeout(1500)
        assert seats_cut(page) == []
    finally:
        host.close()
        guest.close()


def test_a_line_typed_while_the_table_talks_stays_in_the_order_it_was_typed(web: Any, browser: Any) -> None:
    """Bram typed «Goed gespeeld» on his phone while Anouk sent a 👍: the page, rebuilt for her line,
    gave the field its focus back with the caret at its start, and his next words came out in
    front: « oma!Goed gespeeld». The same in the waiting room's name field as others sat down."""
    host = browser.new_context(locale="nl-NL", viewport={"width": 1280, "height": 800})
    guest = browser.new_context(locale="nl-NL", **PHONE)
    try:
        page = host.new_page()
        table = create_table(page, web.url, "cheat", 3, {}, ["human", "human", "bot:basic"], "Anouk")
        phone = guest.new_page()
        join(phone, INVITES[table], "Bram")
        phone.wait_for_selector("#table")
        page.wait_for_selector("#chat-form")
        phone.click("#chat-text")
        phone.keyboard.type("Goed gespeeld")
        page.click("#chat .reaction >> nth=0")  # Anouk's 👍 reaches his phone as he types
        phone.wait_for_selector("#chat-lines li")
        phone.keyboard.type(", oma!")
        assert phone.input_value("#chat-text") == "Goed gespeeld, oma!"
    finally:
        host.close()
        guest.close()
