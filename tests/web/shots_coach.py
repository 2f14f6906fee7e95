"""Screenshots of the coach for docs/web.md: the panel at the table and the review after the game,
phone (360×640) and desktop (1280×800), in nb and nl.

Not a test (pytest does not collect it): run ``.venv/bin/python -m tests.web.shots_coach`` from the
repo root. It starts the real server on a temporary database, plays against bots through the UI
(as :mod:`tests.web.shots` does), switches the coach on and writes ``docs/web/coach-*.png``.
"""

from __future__ import annotations

import sys
import tempfile
from typing import Any

from playwright.sync_api import sync_playwright

from .conftest import ARGS, CHROMIUM, WebServer
from .helpers import create_table
from .shots import OUT, SIZES, play_a_little

# picture name, game, players, options, cards to pick at most, own moves first, language, size
PANELS: list[tuple[str, str, int, dict[str, Any], int, int, str, str]] = [
    ("liars-dice", "liars-dice", 4, {}, 1, 1, "nb", "desktop"),
    ("liars-dice", "liars-dice", 4, {}, 1, 1, "nb", "phone"),
    ("cheat", "cheat", 4, {}, 3, 4, "nl", "desktop"),
    ("love-letter", "love-letter", 3, {}, 1, 2, "nb", "phone"),
    ("liars-dice-poker", "liars-dice-poker", 2, {}, 2, 2, "nl", "desktop"),
]
REVIEWS = [("nl", "desktop"), ("nb", "phone")]

BID_HIGH = """() => {
    if (document.querySelector('#over') || !document.querySelector('#actions')) return false;
    const q = document.querySelector('#quantity');
    if (q && q.value !== q.options[q.options.length - 1].value) {
        q.value = q.options[q.options.length - 1].value; q.dispatchEvent(new Event('change')); return true;
    }
    const bids = document.querySelectorAll('#actions button.bid:not(:disabled)');
    if (bids.length) { bids[bids.length - 1].click(); return true; }
    const liar = document.querySelector('#actions button.liar:not(:disabled)');
    if (liar) { liar.click(); return true; }
    return false;
}"""


def panel(browser: Any, url: str, spec: tuple[str, str, int, dict[str, Any], int, int, str, str]) -> None:
    name, game, players, options, max_pick, moves, lang, size = spec
    phone = size == "phone"
    ctx = browser.new_context(viewport=SIZES[size], locale=lang, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    seats = ["human"] + ["bot:basic"] * (players - 1)
    create_table(page, url, game, players, options, seats, "Kari", window=30)
    page.wait_for_selector("#table")
    page.click("#coach-switch")
    play_a_little(page, moves, max_pick)
    page.wait_for_selector("#coach[data-seq]:not([data-seq=''])")
    page.locator("#coach").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    path = OUT / f"coach-{name}-{lang}-{size}.png"
    page.screenshot(path=str(path))
    print(path)
    ctx.close()


def review(browser: Any, url: str, lang: str, size: str) -> None:
    """A short game of Liar's Dice played badly on purpose (always the highest bid), then its review."""
    phone = size == "phone"
    ctx = browser.new_context(viewport=SIZES[size], locale=lang, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    create_table(page, url, "liars-dice", 2, {"dice": 2}, ["human", "bot:basic"], "Kari")
    page.wait_for_selector("#table")
    for _ in range(600):
        if page.locator("#over").count():
            break
        if not page.evaluate(BID_HIGH):
            page.wait_for_timeout(40)
    page.click("#review-ask")
    page.wait_for_selector("#review-list li, #review-none", timeout=60000)
    if page.locator("#review-next:not(:disabled)").count():
        page.click("#review-next")
    page.locator("#review-step, #review").last.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    path = OUT / f"coach-review-{lang}-{size}.png"
    page.screenshot(path=str(path))
    print(path)
    ctx.close()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        srv = WebServer(f"sqlite+aiosqlite:///{tmp}/shots.sqlite3")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                only = sys.argv[1:]  # picture names: only those (all by default)
                for spec in PANELS:
                    if not only or spec[0] in only:
                        panel(browser, srv.url, spec)
                for lang, size in REVIEWS:
                    if not only or "review" in only:
                        review(browser, srv.url, lang, size)
                browser.close()
        finally:
            srv.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
