"""Refusals in the player's language, and the turn timer's countdown.

The server sends a refusal as a code with params (docs/protocol.md, "Errors");
the page must say it in its own language, not show the English message.  The
turn timer: the countdown shows on the player's turn and runs down, and when
it runs out a stand-in bot plays the seat.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from .helpers import create_table, join


def test_a_refused_play_is_explained_in_norwegian(web: Any, contexts: list[Any]) -> None:
    pages = [x.new_page() for x in contexts]
    table = create_table(pages[0], web.url, "cheat", 3, {"max_cards": 2}, ["human"] * 3, "Anna", window=30)
    for p, name in zip(pages[1:], ("Bram", "Cor"), strict=True):
        join(p, f"{web.url}/t/{table}", name)
    starter = web.table_state(table).to_act[0]
    player = next(p for p in pages if p.locator(".seat.me").get_attribute("data-seat") == str(starter))
    player.select_option("#lang", "nb")  # the player reads Norwegian
    player.wait_for_selector("#actions button.play")
    seq = player.locator("#table").get_attribute("data-seq")
    before = web.table_state(table).to_json()
    for i in range(3):  # three cards where the table allows two: the server refuses
        player.locator("#mine .pick").nth(i).click()
    player.click("#actions button.play")
    error = player.locator("#error")
    error.wait_for()
    assert error.get_attribute("data-code") == "play_too_big"
    assert error.inner_text() == "Avvist: Et utspill har høyst 2 kort her."
    assert player.locator("#table").get_attribute("data-seq") == seq
    assert web.table_state(table).to_json() == before  # nothing changed
    # the language can change while the refusal shows: it follows, from the same code
    player.select_option("#lang", "nl")
    assert error.inner_text() == "Geweigerd: Een zet bevat hier hoogstens 2 kaarten."


def test_the_lobby_explains_a_refused_option_in_norwegian(web: Any, browser: Any) -> None:
    ctx = browser.new_context(locale="nb-NO")
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        page.select_option("#game", "liars-dice")
        label = page.locator("label[for=opt-dice]").inner_text()
        # the form's own limits stop a person; an old page (or a changed server) may not have them
        page.evaluate("document.querySelector('#opt-dice').removeAttribute('max')")
        page.fill("#opt-dice", "99")
        page.press("#opt-dice", "Tab")
        page.click("#create")
        error = page.locator("#error")
        page.wait_for_function("() => document.querySelector('#error').textContent !== ''")
        assert error.get_attribute("data-code") == "option_range"
        assert error.inner_text() == f"Avvist: Valget {label} må være mellom 1 og 10."
        assert page.url.rstrip("/") == web.url  # no table was made
    finally:
        ctx.close()


def test_the_turn_timer_counts_down_and_then_a_bot_plays_the_seat(web: Any, contexts: list[Any]) -> None:
    page = contexts[0].new_page()
    table = create_table(page, web.url, "liars-dice", 2, {"dice": 2}, ["human", "bot:random"], "Anna", turn=5)
    # (5 s, not less: on a loaded machine a shorter turn could run out before the page is read)
    page.wait_for_selector("#actions #countdown")  # the bot opens at once if it is first
    first = int(page.locator("#countdown").inner_text().split()[0])
    assert re.fullmatch(r"\d+ s", page.locator("#countdown").inner_text()) and 1 <= first <= 5
    seq = int(page.locator("#table").get_attribute("data-seq"))
    # it counts down, redrawn on the page without a new frame from the server
    page.wait_for_function(f"() => parseInt(document.querySelector('#countdown')?.textContent) < {first}")
    assert int(page.locator("#table").get_attribute("data-seq")) == seq
    # Anna does nothing: when the time is up she is marked away and a stand-in bot plays her seat
    page.wait_for_selector(".seat.me .tag", timeout=10000)
    page.wait_for_function(
        f"() => Number(document.querySelector('#table')?.dataset.seq) > {seq}", timeout=10000
    )
    hub = web.app.state.hub
    loaded = asyncio.run_coroutine_threadsafe(hub.store.load(table), web.loop).result(5)
    actions = loaded[2]
    assert actions[seq].seat == 0 and actions[seq].by == "standin"


def test_refusal_params_are_named_as_the_page_names_them(web: Any, browser: Any) -> None:
    """Cards and ranks in a refusal's params read as the page shows them; an unknown code (a newer
    server) falls back to the English message."""
    ctx = browser.new_context(locale="nb-NO")
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        got = page.evaluate(
            """async () => {
            const i18n = await import('/static/i18n.js');
            const draw = await import('/static/draw.js');
            const show = { card: draw.cardText, seat: (i) => ['Anna', 'Bram'][i] };
            return [
                i18n.refusal({ code: 'not_in_hand', params: { seat: 0, cards: ['QH', 'KS'] } }, show),
                i18n.refusal({ code: 'rank_over_four', params: { rank: 'J' } }, show),
                i18n.refusal({ code: 'target_protected', params: { target: 1 } }, show),
                i18n.refusal({ code: 'brand_new', params: {}, message: 'an English reason' }, show),
                draw.cardText('QH'),
            ];
        }"""
        )
        assert got[4] == "D♥"  # the Norwegian queen (dame) of hearts, as the table shows it
        assert got[0] == "Du har ikke D♥ K♠."
        assert got[1] == "Et utspill kan ikke ha mer enn fire kort av valøren Kn."
        assert got[2] == "Bram er beskyttet av en 9 til sin neste tur."
        assert got[3] == "an English reason"
    finally:
        ctx.close()
