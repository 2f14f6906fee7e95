"""At 1280x800 nothing on the oval table is cut off: the board in the middle and every seat show
all they hold without a scroll bar of their own.

Reproduced 2026-12-02 in the docs' screenshots: in Liegen and Love Letter the pile's card was cut
in half and the line saying what was just claimed ("Bot 2 noemt V♦") sat below the board's edge;
in Cheat the claim line was cut through; a Love Letter seat's played cards were cut at the
bottom; in Liar's Dice a call's cups ran far below the board's edge.  The board was 150 px tall
there (the felt's height less the tallest seats above and below it).  Seen 2026-12-07: the Dutch
pile line broke inside its count ("Speelstapel: 9" over "kaarten").
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import create_table, step

CLIPPED = """() => [...document.querySelectorAll('#felt #board, #felt .seat')]
    .filter(e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.id || e.className}: ${e.scrollHeight} > ${e.clientHeight}: ${e.innerText}`)"""


@pytest.mark.parametrize(
    ("game", "players", "options", "max_pick"),
    [
        ("cheat", 4, {}, 3),
        ("liegen", 4, {}, 1),
        ("love-letter", 4, {"target_wins": 3}, 1),
        ("liars-dice", 4, {}, 1),
        ("liars-dice-poker", 2, {}, 2),
        # the fullest tables: eight seats leave the board the narrowest band (Liegen cut «4 kaarten»)
        ("liegen", 8, {}, 1),
        ("cheat", 6, {}, 3),
        ("liars-dice", 6, {}, 1),
    ],
)
def test_nothing_on_the_felt_is_cut_off(
    web: Any, browser: Any, game: str, players: int, options: dict[str, Any], max_pick: int
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="nl")
    try:
        page = ctx.new_page()
        seats = ["human"] + ["bot:basic"] * (players - 1)
        create_table(page, web.url, game, players, options, seats, "Kari", window=30)
        page.wait_for_selector("#table")
        looked = 0
        for _ in range(400):  # a few dozen moments of the game, each with Kari to act
            if page.locator("#over").count() or looked >= 12:
                break
            if page.locator("#actions").count():
                page.wait_for_timeout(100)  # the page settles after its rebuild
                clipped = page.evaluate(CLIPPED)
                assert not clipped, f"{game}, turn {looked}: {clipped}"
                if game in ("cheat", "liegen"):  # it read "Speelstapel: 9" over "kaarten"
                    count = "document.querySelector('#pile .count')"  # none while the pile is empty
                    lines = page.evaluate(f"{count} ? {count}.getClientRects().length : 1")
                    assert lines == 1, f"{game}: the pile's count wraps"
                looked += 1
            step(page, max_pick)
            page.wait_for_timeout(60)
        assert looked >= 3, f"Kari had only {looked} turns to look at"
    finally:
        ctx.close()
