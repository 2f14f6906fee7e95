"""Two or three people at one table (a play-test): what each of them, and a spectator, reads.

The table talk keeps its newest line in sight; a challenge window asks only the seats it asks and
tells the others who may call; the waiting room says when you have sat down, and a private
table's bare address says at once that it is for the invited only; a friend who comes when every
seat is taken is told why they watch; the rematch notice; the «You were away» notice in sight at
1280x800; who opens a round of Liar's Dice; Liegen's last card told once; a bot named alike in the
lobby and at the table; the review's heading. Each test failed on the page before its fix.
"""

from __future__ import annotations

import random
from typing import Any

import liars

from .helpers import INVITES, create_table, game_logs, in_each_language, join, play_out, step

# The chat box's scroll: [scrollTop, clientHeight, scrollHeight].
CHAT_SCROLL = (
    "(() => { const l = document.querySelector('#chat-lines');"
    " return [l.scrollTop, l.clientHeight, l.scrollHeight]; })()"
)


def at_bottom(box: list[float]) -> bool:
    return bool(box[0] + box[1] >= box[2] - 2)


def seat_of(page: Any) -> int:
    return int(page.locator(".seat.me").get_attribute("data-seat"))


def test_the_table_talk_keeps_its_newest_line_in_sight(web: Any, contexts: list[Any]) -> None:
    """The chat (at most 9rem, scrolling) stayed at its top, the newest lines below its fold, and
    every game event put a reader who had scrolled to the bottom back at the top."""
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(a, web.url, "liars-dice", 2, {"dice": 5}, ["human", "human"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    for p in (a, b):
        p.wait_for_selector("#table #chat-form")
    said = 0
    for p, who in ((a, "Anna"), (b, "Bram")):
        for i in range(4):  # four lines each: the burst a seat may send at once
            p.fill("#chat-text", f"{who} {i}: " + "bla " * 45)
            p.click("#chat-send")
            said += 1
            p.wait_for_function("(n) => document.querySelectorAll('#chat-lines li').length === n", arg=said)
    for p in (a, b):
        p.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 8")
        box = p.evaluate(CHAT_SCROLL)
        assert box[2] > box[1] + 20, box  # the lines overflow the box
        assert at_bottom(box), box  # and the newest is in sight
        assert p.locator("#chat-lines li").last.inner_text().startswith("Bram: Bram 3:")
    # a reader who scrolled up is left there by a game event (a bid) ...
    b.evaluate("document.querySelector('#chat-lines').scrollTop = 0")
    mover = a if a.locator("#actions button.act").count() else b
    seq = int(b.locator("#table").get_attribute("data-seq"))
    assert step(mover) == "act"
    b.wait_for_function("(s) => Number(document.querySelector('#table').dataset.seq) > s", arg=seq)
    assert b.evaluate(CHAT_SCROLL)[0] == 0
    # ... and one who scrolled back to the bottom stays at the bottom
    b.evaluate("(() => { const l = document.querySelector('#chat-lines'); l.scrollTop = l.scrollHeight; })()")
    mover = a if a.locator("#actions button.act").count() else b
    seq = int(b.locator("#table").get_attribute("data-seq"))
    assert step(mover) == "act"
    b.wait_for_function("(s) => Number(document.querySelector('#table').dataset.seq) > s", arg=seq)
    assert at_bottom(b.evaluate(CHAT_SCROLL))


def test_a_window_asks_only_the_seats_it_asks_and_tells_the_others_who_may_call(
    web: Any, browser: Any, contexts: list[Any]
) -> None:
    """Liegen with accuse = "next": only the next player is asked, but everyone (the player who
    made the claim, the third player and a spectator) read «Bram noemt A♣ — Je liegt! of Ik geloof
    je»."""
    pages = [c.new_page() for c in contexts]
    table = create_table(pages[0], web.url, "liegen", 3, {"accuse": "next"}, ["human"] * 3, "Anna", window=30)
    for p, name in zip(pages[1:], ("Bram", "Sanne"), strict=True):
        join(p, f"{web.url}/t/{table}", name)
    names = {seat_of(p): name for p, name in zip(pages, ("Anna", "Bram", "Sanne"), strict=True)}
    spec_ctx = browser.new_context(locale="nb")
    try:
        spec = spec_ctx.new_page()
        spec.goto(f"{web.url}/t/{table}")
        spec.wait_for_selector("#table")
        player = web.table_state(table).to_act[0]
        by_seat = {seat_of(p): p for p in pages}
        claimer, asked, third = (by_seat[(player + k) % 3] for k in range(3))
        claimer.select_option("#lang", "nb")
        third.select_option("#lang", "nl")
        assert step(claimer) == "pick" and step(claimer) == "act"
        for p in (*pages, spec):
            p.wait_for_selector("#window-countdown")
        who, nxt = names[player], names[(player + 1) % 3]
        mine = claimer.locator("#status").inner_text()
        assert mine.startswith("Du sa ") and f" — {nxt} kan rope «Løgner!» · " in mine, mine
        assert claimer.locator("#actions").count() == 0
        assert "Liar! or accept" in asked.locator("#status").inner_text()
        assert asked.locator("#actions button.liar").count() == 1
        for p, start, middle in (
            (third, f"{who} noemt ", f" — {nxt} mag “Je liegt!” roepen · "),
            (spec, f"{who} sier ", f" — {nxt} kan rope «Løgner!» · "),
        ):
            status = p.locator("#status").inner_text()
            assert status.startswith(start) and middle in status, status
            assert "Je liegt! of Ik geloof je" not in status and "eller godta" not in status
            assert p.locator("#actions").count() == 0
    finally:
        spec_ctx.close()


def test_in_cheat_the_others_may_call_and_who_still_may_is_named(web: Any, contexts: list[Any]) -> None:
    """Cheat asks every other seat: the player who made the claim reads «You claimed one ace — the
    others may call “Liar!”»; once one of them accepted, everyone not asked reads who still may."""
    pages = [c.new_page() for c in contexts]
    table = create_table(pages[0], web.url, "cheat", 3, {}, ["human"] * 3, "Anna", window=30)
    for p, name in zip(pages[1:], ("Bram", "Cor"), strict=True):
        join(p, f"{web.url}/t/{table}", name)
    names = {seat_of(p): name for p, name in zip(pages, ("Anna", "Bram", "Cor"), strict=True)}
    player = web.table_state(table).to_act[0]
    by_seat = {seat_of(p): p for p in pages}
    claimer, first, last = (by_seat[(player + k) % 3] for k in range(3))
    first.select_option("#lang", "nl")
    assert step(claimer) == "pick" and step(claimer) == "act"
    for p in pages:
        p.wait_for_selector("#window-countdown")
    assert (
        claimer.locator("#status")
        .inner_text()
        .startswith("You claimed one ace — the others may call “Liar!” · ")
    )
    for p in (first, last):
        assert p.locator("#actions button.liar").count() == 1
    assert (
        first.locator("#status")
        .inner_text()
        .startswith(f"{names[player]} zegt één aas — Je liegt! of Ik geloof je")
    )
    first.locator("#actions button.pass").click()
    first.wait_for_selector("#table:not(:has(#actions))")
    claimer.wait_for_function("() => !document.querySelector('#status').innerText.includes('the others')")
    who = names[(player + 2) % 3]
    assert (
        claimer.locator("#status").inner_text().startswith(f"You claimed one ace — {who} may call “Liar!” · ")
    )
    assert (
        first.locator("#status")
        .inner_text()
        .startswith(f"{names[player]} zegt één aas — {who} mag “Je liegt!” roepen · ")
    )
    assert "Liar! or accept" in last.locator("#status").inner_text()


def test_a_guest_who_sat_down_is_told_so(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(a, web.url, "liars-dice", 3, {}, ["human"] * 3, "Anna")
    b.goto(INVITES[table])
    b.wait_for_selector("#join-form")
    b.select_option("#lang", "nb")
    assert b.locator("#waiting-help").inner_text().startswith("Du er invitert til å spille Løgnterninger. ")
    b.select_option("#lang", "en")
    b.fill("#join-name", "Bram")
    b.click("#join")
    b.wait_for_selector("#waiting:not(:has(#join-form))")
    help_ = b.locator("#waiting-help")
    assert help_.inner_text() == "You have a seat. The game starts when every seat is taken."
    b.select_option("#lang", "nb")
    assert help_.inner_text() == "Du har satt deg. Spillet starter når alle plassene er tatt."
    b.select_option("#lang", "nl")
    assert help_.inner_text() == "Je zit aan tafel. Het spel begint als elke plaats bezet is."


def test_a_friend_who_comes_when_every_seat_is_taken_is_told_why_they_watch(
    web: Any, contexts: list[Any]
) -> None:
    a, b, late = (c.new_page() for c in contexts)
    table = create_table(a, web.url, "love-letter", 2, {"target_wins": 3}, ["human", "human"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    late.goto(INVITES[table])  # the whole link, as the friends were sent it
    late.wait_for_selector("#table #spectating")
    said = {
        "en": (
            "Every seat is taken, so you are watching.",
            "Spectators can read the table talk, but not write in it.",
        ),
        "nb": (
            "Alle plassene er tatt, så du ser på.",
            "Tilskuere kan lese praten ved bordet, men ikke skrive selv.",
        ),
        "nl": ("Alle plaatsen zijn bezet; je kijkt mee.", "Kijkers kunnen meelezen, maar niet meepraten."),
    }
    for lang, (why, chat) in said.items():
        late.select_option("#lang", lang)
        assert why in late.locator("#spectating").inner_text()
        assert late.locator("#chat #chat-spectator").inner_text() == chat
        assert late.locator("#chat-form").count() == 0
    assert a.locator("#chat-spectator").count() == 0  # a player has the form instead


def test_the_rematch_notice_asks_a_player_and_tells_a_spectator(web: Any, contexts: list[Any]) -> None:
    a, b, spec = (c.new_page() for c in contexts)
    table = create_table(a, web.url, "love-letter", 2, {"target_wins": 1}, ["human", "human"], "Kari")
    join(b, f"{web.url}/t/{table}", "Ola")
    spec.goto(f"{web.url}/t/{table}")
    spec.wait_for_selector("#table")
    play_out([a, b], 120)
    spec.wait_for_selector("#over")
    for p in (b, spec):
        p.select_option("#lang", "nb")
    a.click("#rematch")
    a.wait_for_selector("#waiting")
    asked, told = b.locator("#rematch-notice"), spec.locator("#rematch-notice")
    asked.wait_for()
    told.wait_for()
    assert asked.inner_text() == "Kari vil ha revansj: trykk «Revansj» for å bli med."
    assert told.inner_text() == "Kari vil ha revansj."
    assert (
        spec.locator("#rematch").count() == 0 and "Revansj" not in spec.locator("#over .buttons").inner_text()
    )
    spec.select_option("#lang", "nl")
    assert told.inner_text() == "Kari wil een revanche."


def plays(view: dict[str, Any], seat: int) -> int:
    """How many cards ``seat`` has played in a Love Letter match so far (one more each turn)."""
    return sum(e["type"] == "play" and e["seat"] == seat for e in view["history"])


def test_the_away_notice_is_in_sight_on_a_desktop(web: Any, browser: Any) -> None:
    """At 1280x800 the page scrolled down to the hand when the turn began (Love Letter, Cheat), and
    the «You were away: a bot is playing your seat. I'm back» notice above the seats, and the status
    line, were out of sight: when her turn timed out, and on every turn the bot played for her."""
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx_b = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        table = create_table(
            a, web.url, "love-letter", 2, {"target_wins": 7}, ["human", "human"], "Anna", turn=2
        )
        join(b, f"{web.url}/t/{table}", "Bram")
        a.wait_for_selector("#table")

        def in_sight() -> bool:
            return bool(
                a.evaluate(
                    "(() => { const e = document.querySelector('#away-me'); if (!e) return null;"
                    " const s = document.querySelector('#status').getBoundingClientRect();"
                    " const r = e.getBoundingClientRect(); return s.top >= 0 && r.bottom <= innerHeight; })()"
                )
            )

        anna = seat_of(a)
        first: int | None = None  # her plays when she was first seen away
        for _ in range(600):  # Bram plays at once; Anna's seat times out, then a bot plays it
            if web.table_state(table).over:
                break
            if a.locator("#away-me").count():
                done = plays(web.table_state(table).view(None), anna)
                if first is None:
                    assert in_sight(), "the notice came out of sight"
                    first = done
                elif done > first and a.locator("#actions").count() == 0:
                    break  # a turn of hers came and went while she was away
            step(b)
            a.wait_for_timeout(50)
        assert first is not None, "Anna was never marked away"
        assert a.locator("#away-me").count() == 1
        assert plays(web.table_state(table).view(None), anna) > first, "no turn of hers while away"
        assert in_sight(), "the page moved down to the hand on her turn while she was away"
    finally:
        ctx_a.close()
        ctx_b.close()


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


def liegen_to_a_win(target_wins: int) -> list[Any]:
    """An engine-made Liegen history (three seats, random play) up to the first round won."""
    state = liars.make("liegen", players=3, seed=7, target_wins=target_wins).new_game()
    rng = random.Random(7)
    while not any(e["type"] == "win" for e in state.view(None)["history"]):
        seat = state.to_act[0]
        state.act(seat, rng.choice(state.legal_actions(seat)))
    return list(state.view(None)["history"])


def test_liegen_tells_the_last_card_once(web: Any, browser: Any) -> None:
    """«Robot 4 legger et kort og sier 2♠.» then «Robot 4 legger sitt siste kort og vinner runde 1.»
    read as two plays: it is one card."""
    names = ["Anna", "Bram", "Robot 3"]
    history = liegen_to_a_win(1)  # the match's last round: the play and the win
    play, win = history[-2:]
    assert play["type"] == "play" and win["type"] == "win" and play["seat"] == win["seat"]
    who = names[win["seat"]]
    logs = game_logs(web, browser, "liegen", history, names)
    assert logs["nb"][-1] == f"Det var det siste kortet til {who}: {who} vinner runde 1."
    assert logs["nl"][-1] == f"Dat was de laatste kaart van {who}: {who} wint ronde 1."
    assert logs["en"][-1] == f"That was {who}'s last card: {who} wins round 1."
    # a new round's history starts with the win (its play was the old round's): said whole there
    history = liegen_to_a_win(2)
    assert history[0]["type"] == "win"
    who = names[history[0]["seat"]]
    assert game_logs(web, browser, "liegen", history, names)["nb"][0] == (
        f"{who} legger sitt siste kort og vinner runde 1."
    )


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
