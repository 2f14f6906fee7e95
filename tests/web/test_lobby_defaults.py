"""The lobby's "Seconds per turn" says what an empty field gives on *this* server.

The help text used to say "empty: 90 when two or more people play" in every language, whatever
``liars serve --turn-seconds`` had set; now the server tells the page its default
(``GET /api/defaults``) and the label shows that figure, or "no limit" when there is none, and
a table made with the field empty gets exactly what the label said.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from liars.server import create_app
from tests.threaded import ThreadedUvicorn

LABELS = {
    45.5: {
        "en": "Seconds per turn (empty: 45.5 when two or more people play)",
        "nb": "Sekunder per tur (tomt: 45,5 når to eller flere mennesker spiller)",
        "nl": "Seconden per beurt (leeg: 45,5 als twee of meer mensen spelen)",
    },
    None: {
        "en": "Seconds per turn (empty: no limit)",
        "nb": "Sekunder per tur (tomt: ingen tidsgrense)",
        "nl": "Seconden per beurt (leeg: geen tijdslimiet)",
    },
}


@pytest.fixture(params=[45.5, None], ids=["45.5s", "none"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[ThreadedUvicorn, float | None]]:
    turn: float | None = request.param
    db = f"sqlite+aiosqlite:///{tmp_path / 'liars.sqlite3'}"
    srv = ThreadedUvicorn(create_app(db, owner="web-defaults", turn_seconds=turn))
    try:
        yield srv, turn
    finally:
        srv.stop()


def test_the_turn_label_shows_the_servers_default(
    served: tuple[ThreadedUvicorn, float | None], browser: Any
) -> None:
    srv, turn = served
    assert httpx.get(f"{srv.url}/api/defaults").json() == {
        "turn_seconds": turn,
        "window_seconds": 5.0,
        "grace_seconds": 60.0,
        "share_origins": [],  # this server listens on this machine only
    }
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(srv.url + "/")
        page.wait_for_selector("#turn")
        for lang in ("en", "nb", "nl"):
            page.select_option("#lang", lang)
            assert page.inner_text("label[for=turn]") == LABELS[turn][lang]
        # the field left empty, two people: the table gets what the label said
        page.select_option("#game", "liars-dice")
        page.fill("#players", "2")
        page.press("#players", "Tab")
        page.select_option("#seat-1", "human")  # a bot by default: the limit is for two people
        assert page.input_value("#turn") == ""
        page.fill("#name", "Kari")
        page.click("#create")
        page.wait_for_selector("#invite")
        table = page.url.rsplit("/", 1)[1]
        assert httpx.get(f"{srv.url}/api/tables/{table}").json()["settings"]["turn_seconds"] == turn
        # the waiting room's list of the table's settings names the figure plainly, written as a
        # Dutch reader writes a number (45,5), no placeholder
        terms = page.locator("#table-options dt").all_inner_texts()
        values = page.locator("#table-options dd").all_inner_texts()
        shown = dict(zip(terms, values, strict=True)).get("Seconden per beurt")  # the page is in Dutch now
        assert shown == (None if turn is None else str(turn).replace(".", ","))
        assert "{" not in page.inner_text("#app")
    finally:
        ctx.close()


def test_the_default_server_says_ninety(web: Any, browser: Any) -> None:
    """``liars serve``'s own default (90 s) is what a server made without the setting says."""
    ctx = browser.new_context(locale="nb-NO", viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        page.wait_for_selector("#turn")
        label = page.inner_text("label[for=turn]")
        assert label == "Sekunder per tur (tomt: 90 når to eller flere mennesker spiller)"
    finally:
        ctx.close()
