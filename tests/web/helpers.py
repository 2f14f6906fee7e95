"""Driving the web app like a person: fill the lobby, follow the invite, click the buttons."""

from __future__ import annotations

import json
import time
from typing import Any

Page = Any
# table id -> the invite link its host's page showed (with the invite secret, ``#k=...``)
INVITES: dict[str, str] = {}


def create_table(
    page: Page,
    url: str,
    game: str,
    players: int,
    options: dict[str, Any],
    seats: list[str],
    name: str,
    window: float = 2.0,
    turn: float | None = None,
    grace: float | None = None,
    listed: bool = False,
) -> str:
    """Fill the lobby form and create the table; returns the table id (the page is at /t/ID).

    ``turn`` is the turn timer in seconds (the lobby's "seconds per turn"; none by default), ``grace``
    the seconds before a bot plays for a player who left (the server's 60 by default); ``listed``
    shows the table in the lobby's lists (by default only its invite link leads to it)."""
    page.goto(url + "/")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.press("#players", "Tab")
    for key, value in options.items():
        sel = f"#opt-{key}"
        if isinstance(value, bool):
            page.set_checked(sel, value)
        elif isinstance(value, int):
            page.fill(sel, str(value))
            page.press(sel, "Tab")
        else:
            page.select_option(sel, value)
    for i, kind in enumerate(seats):
        if i > 0:
            page.select_option(f"#seat-{i}", kind)
    if page.locator("#window").count():  # only games with challenge windows ask for its seconds
        page.fill("#window", str(window))
        page.press("#window", "Tab")
    if turn is not None:
        page.fill("#turn", str(turn))
        page.press("#turn", "Tab")
    if listed:
        page.check("#listed")
    if grace is not None:
        page.fill("#grace", str(grace))
        page.press("#grace", "Tab")
    page.fill("#name", name)
    page.click("#create")
    page.wait_for_selector("#invite, #table")
    table = str(page.url.rsplit("/", 1)[1])
    # One read in the page: a table against bots starts at once, and its invite may be gone by a second call.
    invite = page.evaluate(
        "(() => { const e = document.querySelector('#invite'); return e ? e.value : null; })()"
    )
    if invite:
        INVITES[table] = invite
    return table


def join(page: Page, invite: str, name: str) -> None:
    """Join by ``invite``; a bare ``/t/{id}`` of a table made here is the link its host was shown
    (a friend is sent the whole link, with its secret: the address alone is refused)."""
    if "#" not in invite:
        invite = INVITES.get(invite.rsplit("/", 1)[1], invite)
    page.goto(invite)
    page.fill("#join-name", name)
    page.click("#join")
    page.wait_for_selector("#table, #waiting:not(:has(#join-form))")


def watch_frames(page: Page) -> list[dict[str, Any]]:
    """Every WebSocket frame the page receives, parsed (what the browser was told, nothing else)."""
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_ws)
    return frames


def step(page: Page, max_pick: int = 1) -> str | None:
    """One move by the test player's policy: pass a challenge window, else the first enabled
    action button, else pick cards (up to ``max_pick``) so the play buttons appear."""
    return str(
        page.evaluate(
            """(maxPick) => {
            if (!document.querySelector('#table') || document.querySelector('#over')) return null;
            const pass = document.querySelector('#actions button.pass:not(:disabled)');
            if (pass) { pass.click(); return 'pass'; }
            const picked = document.querySelectorAll('#mine .pick.selected').length;
            const free = document.querySelector('#mine .pick:not(.selected)');
            if (free && picked < maxPick) { free.click(); return 'pick'; }
            const act = document.querySelector('#actions button.act:not(:disabled)');
            if (act) { act.click(); return 'act'; }
            return null;
        }""",
            max_pick,
        )
    )


def play_out(pages: list[Page], deadline: float, max_pick: int = 1, every: Any = None) -> int:
    """Let both players play by the policy until the game-over screen shows on every page."""
    moves = 0
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if all(p.locator("#over").count() for p in pages):
            return moves
        acted = False
        for p in pages:
            if step(p, max_pick) not in (None, "None"):
                acted = True
                moves += 1
        if every is not None:
            every(moves)
        if not acted:
            pages[0].wait_for_timeout(30)
    raise AssertionError(f"the game did not end within {deadline} s ({moves} moves)")


def boxes(page: Page, selectors: dict[str, str]) -> dict[str, Any]:
    """The page's box (``x``, ``y``, ``width``, ``height``) of each selector's first element, or
    None where nothing matches, all read in one script.

    Why one script: the app rebuilds the page on each frame, and a locator's ``bounding_box()``
    finds the element and measures it in two steps, so a rebuild between them reads None (CI
    hit it in the waiting room, which is rebuilt twice as the page connects).
    """
    found: dict[str, Any] = page.evaluate(
        """(selectors) => Object.fromEntries(Object.entries(selectors).map(([k, s]) => {
            const e = document.querySelector(s);
            const r = e && e.getBoundingClientRect();
            return [k, r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null];
        }))""",
        selectors,
    )
    return found


def in_app(web: Any, browser: Any, script: str, arg: Any = None) -> Any:
    """``script`` evaluated in a fresh page of the app (its modules importable), its result.

    Why: the wording tests call the app's own modules (``i18n.js``, a game's ``log``) with
    made-up or engine-made views, which needs a page but no table.
    """
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        return page.evaluate(script, arg)
    finally:
        ctx.close()


def in_each_language(web: Any, browser: Any, body: str, arg: Any = None) -> dict[str, Any]:
    """``body`` (a script ``async (i18n, arg) => …``) run with the app in en, nb and nl; its results
    by language.

    Why: the wording tests ask the app's modules the same question in every language; the loop,
    the language switch and putting English back stand here once. ``i18n`` is the app's
    ``i18n.js``, already switched to the language.
    """
    script = (
        "async (arg) => { const i18n = await import('/static/i18n.js'); const one = "
        + body
        + "; const out = {}; for (const l of ['en', 'nb', 'nl']) { i18n.setLang(l);"
        " out[l] = await one(i18n, arg); } i18n.setLang('en'); return out; }"
    )
    result: dict[str, Any] = in_app(web, browser, script, arg)
    return result


def game_logs(
    web: Any, browser: Any, game: str, history: list[Any], names: list[str], me: int | None = None
) -> Any:
    """The lines the log of ``game`` (``/static/games/{game}.js``) tells for ``history``, seat ``i``
    named ``names[i]`` and seen from seat ``me``; by language (en, nb, nl).

    Why: the wording tests read engine-made (or written-out) histories through a game's ``log``;
    the import and the context it is told in stand here once.
    """
    body = """async (i18n, [game, history, names, me]) => {
        const mod = (await import(`/static/games/${game}.js`)).default;
        return mod.log({ history }, { t: i18n.t, name: (i) => names[i], me });
    }"""
    return in_each_language(web, browser, body, [game, history, names, me])
