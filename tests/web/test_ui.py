"""The parts of the web app around a game: languages, coming back to a seat, refusals, the lobby's
lists, a phone-sized screen, and the server's web routes."""

from __future__ import annotations

import re
import threading
from typing import Any

import httpx

import liars

from .conftest import SHOTS
from .helpers import boxes, create_table, join, step


def test_language_switch_changes_the_strings(web: Any, browser: Any) -> None:
    ctx = browser.new_context(locale="en-US")
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        assert page.locator("#create").inner_text() == "Create table"
        english_howto = page.locator("#howto").inner_text()
        page.select_option("#lang", "nl")
        assert page.locator("#create").inner_text() == "Tafel maken"
        assert page.locator("html").get_attribute("lang") == "nl"
        assert page.locator("#howto").inner_text() != english_howto
        assert page.locator("label[for=opt-dice]").inner_text() == "Dobbelstenen per speler"
        page.select_option("#lang", "nb")
        assert page.locator("#create").inner_text() == "Opprett bord"
        assert page.locator("label[for=players]").inner_text() == "Spillere"
        # the choice is remembered across visits
        page.reload()
        assert page.locator("#create").inner_text() == "Opprett bord"
    finally:
        ctx.close()
    # the browser's language is the default
    for locale, text in (("nb-NO", "Opprett bord"), ("nl-BE", "Tafel maken"), ("fr-FR", "Create table")):
        ctx = browser.new_context(locale=locale)
        try:
            page = ctx.new_page()
            page.goto(web.url + "/")
            assert page.locator("#create").inner_text() == text, locale
        finally:
            ctx.close()


def test_every_string_is_translated(web: Any, browser: Any) -> None:
    """The nb, nl and en tables (app strings, how-to-play, options, each game's narration) have
    the same keys and no empty string."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        missing = page.evaluate(
            """async () => {
            const out = [];
            const i18n = await import('/static/i18n.js');
            const howto = await import('/static/howto.js');
            const tables = {strings: i18n.STRINGS, ranks: i18n.RANKS, options: howto.OPTION_LABELS};
            for (const g of ['cheat', 'liars_dice', 'liegen', 'love_letter']) {
                tables[g] = (await import(`/static/games/${g}.js`)).TX;
            }
            for (const [g, v] of Object.entries(howto.HOWTO)) tables['howto ' + g] = Object.fromEntries(
                Object.entries(v).map(([l, s]) => [l, {text: s}]));
            for (const [name, t] of Object.entries(tables)) {
                const keys = new Set(Object.values(t).flatMap(Object.keys));
                for (const lang of ['nb', 'nl', 'en']) {
                    for (const k of keys) if (!t[lang] || !t[lang][k]) out.push(`${name}.${lang}.${k}`);
                }
            }
            return out;
        }"""
        )
        assert missing == []
        games = page.evaluate("async () => Object.keys((await import('/static/howto.js')).HOWTO)")
        assert sorted(games) == sorted(liars.GAME_IDS)
    finally:
        ctx.close()


def test_reload_and_coming_back_restore_the_seat(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(a, web.url, "liars-dice", 3, {"dice": 3}, ["human", "human", "bot:random"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    a.wait_for_selector("#table")
    for _ in range(2):  # some play first (two calls at most: Anna keeps a die)
        for p in (a, b):
            step(p)
        a.wait_for_timeout(100)
    seat = a.locator(".seat.me").get_attribute("data-seat")
    dice = a.locator("#mine .die").evaluate_all("els => els.map(e => e.dataset.face)")
    assert seat == "0" and dice
    a.reload()
    a.wait_for_selector("#table")
    assert a.locator(".seat.me").get_attribute("data-seat") == seat
    assert a.locator(".seat.me strong").inner_text() == "Anna"
    # the dice drawn are this seat's dice (polled: a bot's call may start a new round meanwhile)
    for _ in range(50):
        drawn = a.locator("#mine .die").evaluate_all("els => els.map(e => Number(e.dataset.face))")
        if drawn == web.table_state(table).view(0)["dice"]:
            break
        a.wait_for_timeout(50)
    assert drawn == web.table_state(table).view(0)["dice"]
    # close the tab, open the link again in a new tab of the same browser: the same seat
    a.close()
    again = contexts[0].new_page()
    again.goto(f"{web.url}/t/{table}")
    again.wait_for_selector("#table .seat.me")
    assert again.locator(".seat.me").get_attribute("data-seat") == "0"
    assert again.locator("#spectating").count() == 0
    # and the seat still plays: moves go on until the game is over
    for _ in range(400):
        if web.table_state(table).over:
            break
        if step(again) in ("None",) and step(b) in ("None",):
            again.wait_for_timeout(30)
    assert web.table_state(table).over
    again.wait_for_selector("#over")


def test_a_rejected_action_shows_its_message(web: Any, contexts: list[Any]) -> None:
    pages = [x.new_page() for x in contexts]
    table = create_table(pages[0], web.url, "cheat", 3, {"max_cards": 2}, ["human"] * 3, "Anna", window=30)
    for p, name in zip(pages[1:], ("Bram", "Cor"), strict=True):
        join(p, f"{web.url}/t/{table}", name)
    pages[0].wait_for_selector("#table")
    starter = web.table_state(table).to_act[0]
    player = next(p for p in pages if p.locator(".seat.me").get_attribute("data-seat") == str(starter))
    player.wait_for_selector("#actions button.play")
    seq = player.locator("#table").get_attribute("data-seq")
    before = web.table_state(table).view(starter)["hand"]
    for i in range(3):  # three cards where the table allows two
        player.locator("#mine .pick").nth(i).click()
    player.click("#actions button.play")
    error = player.locator("#error")
    error.wait_for()
    assert error.inner_text() == "Refused: A play holds at most 2 cards here."
    assert error.get_attribute("data-code") == "play_too_big"
    # nothing changed: same position, same hand, and the cards are still picked to fix the play
    assert player.locator("#table").get_attribute("data-seq") == seq
    assert web.table_state(table).view(starter)["hand"] == before
    assert player.locator("#mine .pick.selected").count() == 3
    player.locator("#mine .pick.selected").first.click()
    player.click("#actions button.play")
    player.wait_for_function(
        f"() => document.querySelector('#table').dataset.seq !== '{seq}'"
        " || !document.querySelector('#actions')"
    )
    assert player.locator("#error").count() == 0
    # the two others are asked at once: a "Liar!" button with the window's countdown
    for p in pages:
        if p is player:
            continue
        p.wait_for_selector("#actions button.liar")
        assert p.locator("#actions button.liar").inner_text() == "Liar!"
        assert re.fullmatch(r"\d+ s", p.locator("#countdown").inner_text())
        assert 0 < int(p.locator("#countdown").inner_text().split()[0]) <= 30
    # a call turns the two cards over for everyone, with who took the pile
    caller = next(p for p in pages if p is not player)
    caller.locator("#actions button.liar").click()
    for p in pages:
        p.wait_for_selector("#revealed")
        assert p.locator("#revealed .card.face").count() == 2
    taker = web.table_state(table).view(None)["revealed"]["taker"]
    names = {0: "Anna", 1: "Bram", 2: "Cor"}
    assert names[taker] in pages[0].locator("#revealed").inner_text()


def test_lobby_lists_open_tables_and_tables_in_play(web: Any, contexts: list[Any]) -> None:
    a, b, c = (x.new_page() for x in contexts)
    # a table is for the invited only unless its host lists it
    two = ["human", "human"]
    hidden = create_table(a, web.url, "love-letter", 2, {"target_wins": 1}, two, "Anna")
    table = create_table(a, web.url, "love-letter", 2, {"target_wins": 1}, two, "Anna", listed=True)
    b.goto(web.url + "/")
    link = b.locator(f"#open-tables a[href='/t/{table}']")
    link.wait_for()
    assert b.locator(f"#open-tables a[href='/t/{hidden}']").count() == 0
    assert all(t["table"] != hidden for t in httpx.get(f"{web.url}/api/tables").json()["open"])
    link.click()
    b.fill("#join-name", "Bram")
    b.click("#join")
    b.wait_for_selector("#table")
    c.goto(web.url + "/")
    watch = c.locator(f"#playing-tables a[href='/t/{table}']")
    watch.wait_for()
    assert "Anna" in watch.inner_text() and "Bram" in watch.inner_text()
    watch.click()
    c.wait_for_selector("#table #spectating")
    assert c.locator("#mine").count() == 0


# Each lobby tick box: its label's text, whether it shares the line of its label (its middle inside
# the label's height), and its size in px.
TICK_BOXES = """() => [...document.querySelectorAll('#lobby input[type=checkbox]')].map((box) => {
  const b = box.getBoundingClientRect();
  const l = document.querySelector(`label[for="${box.id}"]`).getBoundingClientRect();
  const mid = b.top + b.height / 2;
  return { label: document.querySelector(`label[for="${box.id}"]`).textContent,
           beside: mid >= l.top && mid <= l.bottom, size: Math.min(b.width, b.height) };
})"""


def test_phone_sized_screen_has_no_sideways_scrolling(web: Any, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        table = create_table(page, web.url, "cheat", 3, {}, ["human", "bot:random", "bot:random"], "Anna")
        page.wait_for_selector("#table")
        for url in (web.url + "/", f"{web.url}/t/{table}"):
            page.goto(url)
            page.wait_for_selector("#lobby, #table")
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{url} is {wide}px too wide"
            if url.endswith("/"):  # every tick box on the line of its words, big enough for a thumb
                boxes = page.evaluate(TICK_BOXES)
                assert len(boxes) >= 3, boxes  # the game's options, listing and coach
                for box in boxes:
                    assert box["beside"] and box["size"] >= 20, box
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / ("phone-lobby.png" if url.endswith("/") else "phone-cheat.png")))
    finally:
        ctx.close()


def test_the_invite_link_has_a_line_of_its_own_on_a_phone(web: Any, browser: Any) -> None:
    """At 360 px the link sat beside its label and ran off the edge, and Copy stood alone under it,
    left of the QR code; now the link fills a line under its label, and Copy sits by the code."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        create_table(page, web.url, "love-letter", 3, {}, ["human", "human", "bot:basic"], "Anna")
        page.wait_for_selector("#waiting #invite")
        # all four at once: the waiting room is rebuilt as the page connects (helpers.boxes)
        b = boxes(page, {"label": ".invite label", "link": "#invite", "copy": "#copy", "qr": "#invite-qr"})
        assert all(v and v["width"] > 0 for v in b.values()), b
        inner = page.evaluate("document.querySelector('.invite').clientWidth")
        assert b["link"]["y"] >= b["label"]["y"] + b["label"]["height"] - 1, b  # under its label
        assert b["link"]["width"] >= inner - 2, (b, inner)  # the whole line
        assert (
            abs(b["copy"]["y"] + b["copy"]["height"] / 2 - (b["qr"]["y"] + b["qr"]["height"] / 2))
            < b["qr"]["height"]
        )
    finally:
        ctx.close()


def test_the_waiting_room_is_centred_on_a_laptop_as_the_lobby_is(web: Any, browser: Any) -> None:
    """At 1280x800 the waiting room sat at the window's left edge (x = 0) while the lobby before it
    and the table after it are centred: it was not inside a ``main``."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        page.wait_for_selector("#lobby")
        lobby = boxes(page, {"lobby": "#lobby"})["lobby"]
        create_table(page, web.url, "love-letter", 3, {}, ["human", "human", "bot:basic"], "Anna")
        page.wait_for_selector("#waiting #invite")
        room = boxes(page, {"room": "#waiting"})["room"]
        width = page.evaluate("document.documentElement.clientWidth")
        for name, box in (("lobby", lobby), ("waiting room", room)):
            left, right = box["x"], width - box["x"] - box["width"]
            assert left > 100 and abs(left - right) <= 2, (name, box, width)
        assert page.evaluate("!!document.querySelector('main > #waiting')")  # with a main's margins
    finally:
        ctx.close()


def test_the_board_names_a_bot_plainly_and_its_seat_gives_the_level(web: Any, browser: Any) -> None:
    """The board's sentences said «Robot 2 (middels) sier to par …» and «Robot 2 (middels): et par
    seksere» right under the seat that already says «Robot 2 (middels)»; the log had dropped the
    level for the same reason. The seat keeps it."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        create_table(page, web.url, "liars-dice-poker", 2, {}, ["human", "bot:basic"], "Anna")
        page.wait_for_selector("#table")
        for _ in range(200):  # until the bot has said something on the board
            if "Bot 2" in page.locator("#board").inner_text():
                break
            if step(page) in (None, "None"):
                page.wait_for_timeout(50)
        board = page.locator("#board").inner_text()
        assert "Bot 2" in board and "(medium)" not in board, board
        assert "Bot 2 (medium)" in page.locator("#seats").inner_text()
    finally:
        ctx.close()


def test_web_routes(web: Any) -> None:
    with httpx.Client(base_url=web.url, timeout=10) as http:
        for path in ("/", "/t/anything"):
            page = http.get(path)
            assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
        assert http.get("/static/app.js").headers["content-type"].startswith("text/javascript")
        assert http.get("/static/nope.js").status_code == 404
        assert http.get("/api/bots").json() == {g: liars.bots.levels(g) for g in liars.GAME_IDS}
        made = http.post(
            "/api/tables",
            json={"game": "liars-dice", "players": 2, "options": {"dice": 1}, "name": "Kari", "listed": True},
        ).json()
        listed = http.get("/api/tables").json()
        entry = next(t for t in listed["open"] if t["table"] == made["table"])
        assert entry["seats"][0]["name"] == "Kari" and "token" not in str(entry)
        # hands are not shown while the game is on
        assert http.get(f"/api/tables/{made['table']}/reveal").status_code == 409
        http.post(f"/api/tables/{made['table']}/join", json={"name": "Ola"})
        assert any(t["table"] == made["table"] for t in http.get("/api/tables").json()["playing"])
        assert http.get("/api/tables/nope/reveal").status_code == 404
        # a table of bots plays at once; once it is over every hand is shown
        bots = http.post(
            "/api/tables",
            json={
                "game": "love-letter",
                "players": 3,
                "options": {"target_wins": 1},
                "seats": ["bot:random"] * 3,
            },
        ).json()
        for _ in range(200):
            shown = http.get(f"/api/tables/{bots['table']}/reveal")
            if shown.status_code == 200:
                break
            threading.Event().wait(0.05)
        state = web.table_state(bots["table"])
        assert state.over
        assert [p["hand"] for p in shown.json()["seats"]] == [state.view(s)["hand"] for s in range(3)]


def test_the_lobby_names_bot_levels_as_players_say_them(web: Any, browser: Any) -> None:
    """Players pick "hard", "vanskelig", "moeilijk"; the API ids random/basic/strong stay behind."""
    want = {
        "en": ["Human", "easy", "medium", "hard"],
        "nb": ["lett", "middels", "vanskelig"],
        "nl": ["makkelijk", "gemiddeld", "moeilijk"],
    }
    ctx = browser.new_context(locale="en-US")
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        for lang, words in want.items():
            page.select_option("#lang", lang)
            options = page.locator("#seat-1 option")
            texts = " | ".join(options.all_inner_texts())
            values = [options.nth(i).get_attribute("value") for i in range(options.count())]
            assert all(w.lower() in texts.lower() for w in words if w != "Human"), (lang, texts)
            assert values == ["human", "bot:random", "bot:basic", "bot:strong"], values
    finally:
        ctx.close()
