"""Screenshots of each game in play for docs/web.md: phone (360×640) and desktop (1280×800), nb and nl.

Not a test (pytest does not collect it): run ``.venv/bin/python -m tests.web.shots`` from the repo
root; it starts the real server on a temporary database, plays a few turns of each game against
bots through the UI, and writes ``docs/web/{game}-{lang}-{phone,desktop}.png`` at a moment when it
is the player's turn (so the action bar is in the picture).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import ViewportSize, sync_playwright

from .conftest import ARGS, CHROMIUM, WebServer
from .helpers import create_table, step

OUT = Path(__file__).resolve().parents[2] / "docs" / "web"
# game, players, options, cards to pick at most, own moves before the picture
GAMES: list[tuple[str, int, dict[str, Any], int, int]] = [
    ("liars-dice", 4, {}, 1, 2),
    ("cheat", 4, {}, 3, 6),
    ("liegen", 4, {}, 1, 6),
    ("love-letter", 3, {"target_wins": 3}, 1, 4),
    ("liars-dice-poker", 2, {}, 2, 3),
]
SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 360, "height": 640},
    "desktop": {"width": 1280, "height": 800},
}


def play_a_little(page: Any, moves: int, max_pick: int, claim_picker: bool = False) -> None:
    """Take a few turns by the tests' policy, then wait until it is the player's turn again."""
    done = 0
    for _ in range(600):
        if page.locator("#over").count():
            return
        bid = page.locator("#actions button.bid:not(:disabled)")
        if bid.count():  # in Liar's Dice, bid (the lowest) rather than call: stay in the game for the picture
            bid.first.click()
            done += 1
        elif step(page, max_pick) == "act":
            done += 1
        if done >= moves and page.locator("#actions button.act, #actions .hint").count():
            break
        page.wait_for_timeout(40)
    # the picture: cards picked where the game picks them, so the play buttons show
    picked = page.locator("#mine .pick.selected").count()
    window = page.locator("#actions button.liar").count()
    if page.locator("#mine .pick").count() and not picked and not window:
        page.locator("#mine .pick").first.click()
    if claim_picker and page.locator("#actions #reroll").count():  # Poker Liar's Dice: on to the claim
        if page.locator("#actions #reroll:not(:disabled)").count():  # (not already sent)
            page.locator("#actions #reroll").click()
        page.wait_for_selector("#actions #picker")
    page.wait_for_timeout(300)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        srv = WebServer(f"sqlite+aiosqlite:///{tmp}/shots.sqlite3")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                only = sys.argv[1:]  # game ids: only their pictures (all by default)
                for game, players, options, max_pick, moves in GAMES:
                    if only and game not in only:
                        continue
                    for lang in ("nb", "nl"):
                        for size, viewport in SIZES.items():
                            phone = size == "phone"
                            ctx = browser.new_context(
                                viewport=viewport, locale=lang, is_mobile=phone, has_touch=phone
                            )
                            page = ctx.new_page()
                            seats = ["human"] + ["bot:basic"] * (players - 1)
                            create_table(page, srv.url, game, players, options, seats, "Kari", window=30)
                            page.wait_for_selector("#table")
                            play_a_little(page, moves, max_pick, claim_picker=not phone)
                            path = OUT / f"{game}-{lang}-{size}.png"
                            page.screenshot(path=str(path))
                            print(path)
                            ctx.close()
                browser.close()
        finally:
            srv.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
