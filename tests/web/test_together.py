"""Two or three people at one table (a play-test): what each of them, and a spectator, reads.

The table talk keeps its newest line in sight; a challenge window asks only the seats it asks and
tells the others who may call; the waiting room says when you have sat down, and a private
table's bare address says at once that it is for the invited only; a friend who comes when every
seat is taken is told why they watch; the rematch notice; the «You were away» notice in sight at
1280x800; who opens a round of Liar's Dice; Liegen's last card told once; a bot named alike in the
lobby and at the table; the review's heading. Each test failed on the page before its fix.
"""

from __future__ import annotations

from typing import Any

from .helpers import create_table, in_each_language


def test_liars_dice_says_who_opens_the_round(web: Any, browser: Any) -> None:
    view = {
        "round": 1,
        "total_dice": 10,
        "bid": None,
        "bids": [],
        "revealed": None,
        "over": False,
        "to_act": [1],
    }
    body = """async (i18n, [view, me]) => {
        const mod = (await import('/static/games/liars_dice.js')).default;
        const el = mod.board(view, { t: i18n.t, name: (i) => ['Anna', 'Bram'][i], me });
        return el.querySelector('.bid').textContent;
    }"""
    others = in_each_language(web, browser, body, [view, 0])
    mine = in_each_language(web, browser, body, [view, 1])
    assert others == {
        "en": "No bid yet: Bram opens the round.",
        "nb": "Ingen bud ennå: Bram åpner runden.",
        "nl": "Nog geen bod: Bram opent de ronde.",
    }
    assert mine == {
        "en": "No bid yet: you open the round.",
        "nb": "Ingen bud ennå: du åpner runden.",
        "nl": "Nog geen bod: jij opent de ronde.",
    }


def test_the_lobby_names_a_bot_as_the_table_does(web: Any, browser: Any) -> None:
    ctx = browser.new_context(locale="nb")
    try:
        page = ctx.new_page()
        table = create_table(
            page, web.url, "liars-dice", 3, {}, ["human", "human", "bot:basic"], "Kari", listed=True
        )
        page.goto(web.url + "/")
        row = page.locator(f"#open-tables a[href='/t/{table}']")
        row.wait_for()
        assert "Robot 3 (middels)" in row.inner_text(), row.inner_text()
    finally:
        ctx.close()


def test_the_reviews_heading(web: Any, browser: Any) -> None:
    body = """async (i18n) => {
        const coach = await import('/static/coach.js');
        return coach.cx('review_title');
    }"""
    got = in_each_language(web, browser, body)
    assert got["nb"] == "Gjennomgang av spillet ditt"
    assert got["nl"] == "Nabespreking van je partij"
