"""The coach in the browser: the host's checkbox, the switch at the seat, the panel of odds (what the
server computed from the seat's view, nothing else), and the review list after the game."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import liars
import liars.coach
from liars.coach.review import review
from liars.terminal import i18n
from liars.terminal.coach_review import percent as terminal_percent

from .helpers import boxes, create_table, in_each_language, join, step, watch_frames

SEED = 2  # a deal on which Anna's habit below gives two decisions the strong bot would not take


def against_bots(page: Any, url: str, game: str, players: int, name: str = "Anna") -> str:
    """A table of you and the lobby's default bots (medium), waited for until it is your turn.

    Not ``helpers.create_table``: it reads the waiting room's invite, which a table of bots shows
    only for a moment (until its first view), so under load it could wait for a field that went.
    """
    page.goto(url + "/")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.press("#players", "Tab")
    page.fill("#name", name)
    page.click("#create")
    page.wait_for_selector("#actions", timeout=60000)
    return str(page.url.rsplit("/", 1)[1])


def percent(p: float) -> str:
    """A chance as the page writes it in English: whole percents, one decimal under 1% but above 0
    ("0.3%", not "0%": a small chance is not none). The game is not seeded, so both kinds occur.
    The terminal's coach writes a chance by the same rule (its own test holds it), so it is asked."""
    i18n.use("en")
    return terminal_percent(p)


def test_the_page_writes_a_chance_as_the_terminal_does(web: Any, browser: Any) -> None:
    """Near either end a tenth, never 0% or 100% of what may be: the panel said «Tre firere holder:
    100 %» over the advice's «tre firere holder >99 %»."""
    from tests.terminal.test_coach import CHANCES

    got = in_each_language(
        web,
        browser,
        "async (i18n, ps) => { const { pct } = await import('/static/coach.js'); return ps.map(pct); }",
        CHANCES,
    )
    for lang in ("en", "nb", "nl"):
        i18n.use(lang)
        assert got[lang] == [terminal_percent(p) for p in CHANCES], (lang, got[lang])


def test_the_switch_shows_the_odds_of_your_own_seat(web: Any, contexts: list[Any]) -> None:
    page = contexts[0].new_page()
    frames = watch_frames(page)
    table = against_bots(page, web.url, "liars-dice", 2)  # our turn: the position holds still
    switch = page.locator("#coach-switch")
    assert switch.get_attribute("aria-pressed") == "false" and not page.locator("#coach").count()
    assert not [f for f in frames if f["type"] == "coach"]  # off by default: nothing sent
    switch.click()
    page.wait_for_selector("#coach[data-seq]:not([data-seq=''])")
    assert page.locator("#coach-switch").get_attribute("aria-pressed") == "true"
    seq = int(page.locator("#table").get_attribute("data-seq") or -1)
    got = [f for f in frames if f["type"] == "coach" and f.get("seq") == seq][-1]
    view = web.table_state(table).view(0)
    assert got["odds"] == liars.coach.odds("liars-dice", view)  # the seat's own view, nothing more
    standing = page.locator("#coach-standing")
    if view["bid"] is None:
        assert standing.inner_text() == "No bid yet."
    else:
        assert float(standing.get_attribute("data-exact") or -1) == got["odds"]["standing_exact"]
        assert "%" in standing.inner_text()
    advice = got["odds"]["advice"]  # our turn: the strong bot's move and why, with the names we see
    said = liars.coach.say(advice["why"], "en", ["Anna", "Bot 2 (medium)"])
    assert said in page.locator("#coach-advice").inner_text()
    rows = page.locator("#coach-bids tbody tr")
    assert rows.count() == min(8, len(got["odds"]["bids"])) > 0
    first = got["odds"]["bids"][0]
    cells = rows.first.locator("td").all_inner_texts()
    assert cells[1] == percent(first["exact"]) and cells[2] == percent(first["adjusted"]), (cells, first)
    page.click("#coach-switch")  # off again: the panel goes, and the server is told
    page.wait_for_selector("#coach", state="detached")
    for _ in range(50):
        if any(f["type"] == "coach" and f["on"] is False for f in frames):
            break
        page.wait_for_timeout(40)
    assert any(f["type"] == "coach" and f["on"] is False for f in frames)


def test_the_coach_names_a_bot_as_the_board_does(web: Any, browser: Any) -> None:
    """The coach said «Robot 3 (middels) sier tre treere … etter det Robot 3 (middels) har vist så
    langt»: the level, which the seats already show, twice in one sentence, where the board and the
    log say «Robot 3». Played in nb until the coach speaks of a bot's claim."""
    context = browser.new_context(locale="nb", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    against_bots(page, web.url, "cheat", 3)
    page.click("#coach-switch")
    said = ""
    for _move in range(400):
        panel = page.locator("#coach[data-seq]:not([data-seq=''])")
        if panel.count():
            text = panel.inner_text()
            if re.search(r"Robot \d( \([a-z]+\))? sier ", text):
                said = text
                break
        if step(page) in (None, "None"):
            page.wait_for_timeout(50)
    context.close()
    assert said, "the coach never spoke of a bot's claim"
    assert "(middels)" not in said, said


def test_a_host_can_keep_the_coach_away(web: Any, contexts: list[Any]) -> None:
    page = contexts[0].new_page()
    page.goto(web.url + "/")
    page.select_option("#game", "liars-dice")
    assert page.locator("#allow-coach").is_checked()  # allowed unless the host says no
    page.uncheck("#allow-coach")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector("#table")
    table = page.url.rsplit("/", 1)[1]
    info = web.app.state.hub.tables[table].info()
    assert info["settings"]["coach"] is False
    assert not page.locator("#coach-switch").count()  # no switch; the server refuses it anyway


def _bid_high_or_call(page: Any) -> bool:
    """Anna's habit: the highest bid she may make; with no bid left, call."""
    return bool(
        page.evaluate(
            """() => {
            if (!document.querySelector('#actions')) return false;
            const q = document.querySelector('#quantity');
            if (q) {
                const top = q.options[q.options.length - 1].value;
                if (q.value !== top) { q.value = top; q.dispatchEvent(new Event('change')); return true; }
                const bids = document.querySelectorAll('#actions button.bid:not(:disabled)');
                if (bids.length) { bids[bids.length - 1].click(); return true; }
            }
            const liar = document.querySelector('#actions button.liar:not(:disabled)');
            if (liar) { liar.click(); return true; }
            return false;
        }"""
        )
    )


def _call_or_bid_low(page: Any) -> bool:
    """Bram's habit: call when he may, else the lowest bid."""
    return bool(
        page.evaluate(
            """() => {
            const liar = document.querySelector('#actions button.liar:not(:disabled)');
            if (liar) { liar.click(); return true; }
            const bid = document.querySelector('#actions button.bid:not(:disabled)');
            if (bid) { bid.click(); return true; }
            return false;
        }"""
        )
    )


def test_the_review_list_steps_through_your_decisions(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    frames_b = watch_frames(b)
    table = create_table(a, web.url, "liars-dice", 2, {"dice": 2}, ["human", "human"], "Anna")

    async def seed() -> None:  # a known deal for the game about to start (the server's is secret)
        web.app.state.hub.tables[table].row.seed = SEED

    asyncio.run_coroutine_threadsafe(seed(), web.loop).result(5)
    join(b, f"{web.url}/t/{table}", "Bram")
    a.wait_for_selector("#table")
    for _ in range(400):
        if a.locator("#over").count() and b.locator("#over").count():
            break
        if not (_bid_high_or_call(a) or _call_or_bid_low(b)):
            a.wait_for_timeout(40)
    a.wait_for_selector("#over")
    moves = [(row.seat, row.action) for row in web.app.state.hub.tables[table].logged]
    expected = review(liars.make("liars-dice", players=2, seed=SEED, dice=2), moves, 0).to_json()
    assert len(expected["items"]) == 2
    a.click("#review-ask")
    a.wait_for_selector("#review-list li", timeout=30000)
    items = a.locator("#review-list li")
    assert items.count() == 2
    assert "the strong bot: bid a " in items.first.inner_text()
    step = a.locator("#review-step")
    first = expected["items"][0]
    assert step.get_attribute("data-move") == str(first["move"])
    dice = a.locator("#review-position .mine .die").evaluate_all(
        "els => els.map(e => Number(e.dataset.face))"
    )
    assert dice == first["view"]["dice"]  # the position as Anna saw it: her dice then
    assert a.locator("#review-prev").is_disabled()
    a.click("#review-next")
    assert step.get_attribute("data-move") == str(expected["items"][1]["move"])
    assert a.locator("#review-next").is_disabled() and not a.locator("#review-prev").is_disabled()
    a.locator("#review-list li button").first.click()
    assert step.get_attribute("data-move") == str(first["move"])
    assert not a.locator("#review-position [id]").count()  # no ids doubled beside the live table
    assert not [f for f in frames_b if f["type"] == "review"]  # Bram asked nothing, got nothing


def test_every_coach_string_is_translated(web: Any, browser: Any) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        missing = page.evaluate(
            """async () => {
            const tx = (await import('/static/coach.js')).TX;
            const keys = new Set(Object.values(tx).flatMap(Object.keys));
            const out = [];
            for (const lang of ['nb', 'nl', 'en']) {
                for (const k of keys) if (!tx[lang] || !tx[lang][k]) out.push(`${lang}.${k}`);
            }
            return out;
        }"""
        )
        assert missing == []
    finally:
        ctx.close()


def test_the_review_summary_reads_as_a_sentence_for_one_decision_and_several(web: Any, browser: Any) -> None:
    """It said "1 van je 1 keuzes waarbij de sterke bot anders had gespeeld, de duurste eerst." (a
    plural for one, and no verb)."""
    got = in_each_language(
        web,
        browser,
        """async () => {
        const { cx } = await import('/static/coach.js');
        return [cx('review_summary', { k: 1, n: 1 }), cx('review_summary', { k: 2, n: 5 }),
                cx('review_none', { n: 1 })];
    }""",
    )
    assert got["nl"] == [
        "Je had één keuze, en de sterke bot had anders gespeeld.",
        "Bij 2 van je 5 keuzes had de sterke bot anders gespeeld; de duurste eerst.",
        "De sterke bot was het eens met je enige keuze.",
    ], got["nl"]
    assert got["nb"][0] == "Du hadde ett valg, og den sterke roboten ville spilt annerledes.", got["nb"]
    assert got["nb"][1].startswith("I 2 av de 5 valgene dine ville"), got["nb"]
    assert (
        got["en"][1]
        == "In 2 of your 5 decisions the strong bot would have played otherwise; the costliest first."
    )
    for lines in got.values():
        assert not any("(1)" in line for line in lines), lines


def test_a_love_letter_move_reads_as_a_phrase(web: Any, browser: Any) -> None:
    """The advice and the review said «5 (Vijf) spelen op Bram en 9 (Negen) raden», a card's label
    dropped into a sentence, and «spille 10 (Tier) mot Anna» for a 10 Anna plays at her own hand; a
    card now takes its article, as in the log and the terminal's coach."""
    got = in_each_language(
        web,
        browser,
        """async () => {
        const { actionWords } = await import('/static/coach.js');
        const name = (i) => ['Anna', 'Bram', 'Cor'][i];
        return [
            actionWords('love-letter', { type: 'play', card: '5', target: 1, guess: 'J' }, name, 0),
            actionWords('love-letter', { type: 'play', card: 'T', target: 0 }, name, 0),
            actionWords('love-letter', { type: 'play', card: '8', target: 2 }, name, 0),
            actionWords('love-letter', { type: 'play', card: 'Q' }, name, 0),
        ];
    }""",
    )
    assert got["nl"] == [
        "een 5 op Bram spelen en boer raden",
        "een 10 op jezelf spelen",
        "een 8 op Cor spelen",
        "de vrouw spelen",
    ], got["nl"]
    assert got["nb"] == [
        "spille en 5 mot Bram og gjette knekt",
        "spille en 10 mot deg selv",
        "spille en 8 mot Cor",
        "spille dama",
    ], got["nb"]
    assert got["en"] == [
        "play a 5 on Bram, guessing jack",
        "play a 10 on yourself",
        "play an 8 on Cor",
        "play the queen",
    ]


def test_the_panel_fits_a_phone(web: Any, browser: Any) -> None:
    """At 360 px the panel (the bids' table, Love Letter's table of cards) needs no sideways scroll."""
    ctx = browser.new_context(
        viewport={"width": 360, "height": 640}, locale="nb", is_mobile=True, has_touch=True
    )
    try:
        for game, players in (("liars-dice", 4), ("love-letter", 4)):
            page = ctx.new_page()
            against_bots(page, web.url, game, players, "Kari")
            page.click("#coach-switch")
            page.wait_for_selector("#coach[data-seq]:not([data-seq=''])")
            assert page.locator("#coach-bids, #coach-cards").count() == 1, game
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= 360, (game, wide)
            box = boxes(page, {"panel": "#coach-bids, #coach-cards"})["panel"]  # one read: helpers.boxes
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, (game, box)
            page.close()
    finally:
        ctx.close()


def review_item() -> dict[str, Any]:
    """A review item as the server sends it (a Liar's Dice move and the strong bot's), to vary."""
    view = liars.make("liars-dice", players=2, seed=SEED, dice=2).new_game().view(0)
    return {
        "move": 0,
        "view": view,
        "taken": {"type": "bid", "quantity": 2, "face": 6},
        "advised": {"type": "bid", "quantity": 1, "face": 5},
        "samples": 16,
        "exact": None,
    }


def review_texts(web: Any, browser: Any, items: list[dict[str, Any]], selector: str) -> dict[str, Any]:
    """The review shown at each of ``items`` in turn: the text of ``selector`` there (None if
    absent), by language."""
    return in_each_language(
        web,
        browser,
        """async (i18n, [items, selector]) => {
        const coach = await import('/static/coach.js');
        const R = (await import('/static/games/liars_dice.js')).default;
        const ctx = { t: i18n.t, name: (i) => ['Anna', 'Bram'][i], me: 0 };
        return [...items.keys()].map((at) => {
            const rv = { state: 'done', at, data: { game: 'liars-dice', decisions: 9, items } };
            const p = coach.reviewSection(rv, R, ctx, () => {}, () => {}).querySelector(selector);
            return p ? p.textContent : null;
        });
    }""",
        [items, selector],
    )


def test_a_review_item_the_bot_would_not_have_won_more_with_says_so(web: Any, browser: Any) -> None:
    """An item whose samples favoured the seat's own move read only «Kans om te winnen: 31% met jouw
    zet, 19% met die van de bot (−13%)» under «de duurste eerst»; it now says the move did better,
    and only where the worlds tell the two apart (``close``: the gain within two standard errors);
    a tie at 50% over a dozen worlds had been called «as good or better»."""
    item = review_item()
    items = [
        dict(item, gain=0.19, win_taken=0.25, win_advised=0.44, close=False),
        dict(item, move=2, gain=-0.13, win_taken=0.31, win_advised=0.19, close=False),
        dict(item, move=4, gain=0.0, win_taken=0.5, win_advised=0.5, close=True),
    ]
    got = review_texts(web, browser, items, "#review-held, #review-close")
    assert got["en"] == [
        None,
        "In the positions played out, your move did better.",
        "Too close to tell: the positions played out do not tell the two apart.",
    ], got
    assert got["nb"][1:] == [
        "I de utspilte stillingene gikk trekket ditt bedre.",
        "For jevnt til å avgjøre: de utspilte stillingene skiller ikke de to trekkene.",
    ], got
    assert got["nl"][1:] == [
        "In de uitgespeelde stellingen deed jouw zet het beter.",
        "Te dicht bij elkaar om te zeggen: de uitgespeelde stellingen maken geen onderscheid tussen"
        " de twee zetten.",
    ], got


def test_a_review_item_gives_the_difference_in_percentage_points(web: Any, browser: Any) -> None:
    """The review said «Sjanse til å vinne: 0 % med ditt trekk, 19 % med robotens (+19 %).» and
    «(−0,6%)»: a difference of two chances is not a chance. It is percentage points, whole and
    signed, as the glossary and the terminal's review say («+19 prosentpoeng», «+19 procentpunt»)."""
    item = review_item()
    items = [
        dict(item, gain=0.19, win_taken=0.0, win_advised=0.19),
        dict(item, move=2, gain=0.67, win_taken=0.08, win_advised=0.75),
        dict(item, move=4, gain=-0.006, win_taken=0.31, win_advised=0.304),
        dict(item, move=6, gain=0.004, win_taken=0.5, win_advised=0.504),
        dict(item, move=8, gain=0.01, win_taken=0.5, win_advised=0.51),
        # 5 of 16 worlds against 3 of 16: «31% … 19% (−13 procentpunt)» rounded the difference itself
        dict(item, move=10, gain=-0.125, win_taken=0.3125, win_advised=0.1875),
    ]
    got = review_texts(web, browser, items, "#review-chances")
    got = {lang: [line.replace("\u00a0", " ") for line in lines] for lang, lines in got.items()}  # «19 %»
    assert got["nb"][0] == "Sjanse til å vinne: 0 % med ditt trekk, 19 % med robotens (+19 prosentpoeng).", (
        got
    )
    assert got["nl"][1] == "Kans om te winnen: 8% met jouw zet, 75% met die van de bot (+67 procentpunt).", (
        got
    )
    assert got["en"][0] == "Chance to win: 0% with your move, 19% with the bot's (+19 points).", got
    # whole points, a sign where they differ, none where they do not; English counts one point
    assert [line.rsplit("(", 1)[1] for line in got["nb"][2:5]] == [
        "−1 prosentpoeng).",
        "0 prosentpoeng).",
        "+1 prosentpoeng).",
    ]
    assert [line.rsplit("(", 1)[1] for line in got["nl"][2:5]] == [
        "−1 procentpunt).",
        "0 procentpunt).",
        "+1 procentpunt).",
    ]
    assert [line.rsplit("(", 1)[1] for line in got["en"][2:5]] == ["−1 point).", "0 points).", "+1 point)."]
    # the points are the difference of the chances as the line shows them
    assert got["nl"][5] == "Kans om te winnen: 31% met jouw zet, 19% met die van de bot (−12 procentpunt).", (
        got
    )


def strong_cheat_play_of_two_ranks() -> dict[str, Any]:
    """The strong bot's advice (``liars.coach.odds``) at a seeded game of Cheat, followed until it
    plays two ranks at once: its cards come as bare ranks, ``{"type": "play", "cards": ["2", "6"]}``."""
    state = liars.make("cheat", players=3, seed=0).new_game()
    for _ in range(60):
        (seat,) = state.to_act
        action = liars.coach.odds("cheat", state.view(seat))["advice"]["action"]
        if action["type"] == "play" and len(set(action["cards"])) > 1:
            return dict(action)
        state.act(seat, action)
    raise LookupError("no play of two ranks in 60 moves")


def test_a_card_move_is_said_in_words(web: Any, browser: Any) -> None:
    """The advice and the review said «Den sterke roboten ville spille 3 9.», «De sterke bot zou V V H
    spelen.» (the strong bot names ranks only, codes with no suit), «zou H♦ spelen als H♦» and «spille
    9♠ som 9♠» (an honest announcement) and «kaste 1 5 5 på nytt». Now a list of cards in words, a
    player's real cards as themselves, and an honest card in the Liegen picker's words."""
    bot = strong_cheat_play_of_two_ranks()
    assert all(len(c) == 1 for c in bot["cards"]), bot  # ranks only: what the words below are for
    actions = [
        ("cheat", {"type": "play", "cards": ["3", "9"]}),
        ("cheat", {"type": "play", "cards": ["Q", "Q", "K"]}),
        ("cheat", {"type": "play", "cards": ["3C", "9H"]}),
        ("cheat", {"type": "play", "cards": ["7C", "7H"]}),
        ("cheat", {"type": "play", "cards": ["A", "8"]}),
        ("liegen", {"type": "play", "card": "KD", "announce": "KD"}),
        ("liegen", {"type": "play", "card": "9S", "announce": "KD"}),
        ("liegen", {"type": "play", "card": "9S", "announce": "8"}),  # rank_step: a rank said alone
        ("liegen", {"type": "play", "card": "9S", "announce": "9"}),
        ("liars-dice-poker", {"type": "reroll", "dice": [1, 5, 5]}),
        ("cheat", bot),
    ]
    got = in_each_language(
        web,
        browser,
        """async (i18n, actions) => {
        const { actionWords } = await import('/static/coach.js');
        return actions.map(([game, a]) => actionWords(game, a, (i) => ['Anna', 'Bram'][i], 0));
    }""",
        actions,
    )
    assert got["nb"][:10] == [
        "spille en treer og en nier",
        "spille to damer og en konge",
        "spille 3♣ og 9♥",
        "spille to sjuere",
        "spille et ess og en åtter",
        "spille K♦ og si det som det er",
        "spille 9♠ som K♦",
        "spille 9♠ som en åtter",
        "spille 9♠ og si det som det er",
        "kaste et ess og to femmere på nytt",
    ], got["nb"]
    assert got["nl"][:10] == [
        "een drie en een negen spelen",
        "twee vrouwen en een heer spelen",
        "3♣ en 9♥ spelen",
        "twee zevens spelen",
        "een aas en een acht spelen",
        "H♦ spelen en zeggen wat het is",
        "9♠ als H♦ spelen",
        "9♠ als een acht spelen",
        "9♠ spelen en zeggen wat het is",
        "een aas en twee vijven opnieuw gooien",
    ], got["nl"]
    assert got["en"][:10] == [
        "play a three and a nine",
        "play two queens and a king",
        "play 3♣ and 9♥",
        "play two sevens",
        "play an ace and an eight",
        "play K♦ and say what it is",
        "play 9♠ as K♦",
        "play 9♠ as an eight",
        "play 9♠ and say what it is",
        "re-roll an ace and two fives",
    ], got["en"]
    for lang, lines in got.items():  # the bot's own advice: words, no bare rank codes
        assert not re.search(r"\b[2-9TJQKADVHBE]\b", lines[-1].replace("K♦", "")), (lang, lines[-1])


def test_a_dutch_sentence_starts_with_een_as_the_taalunie_writes_it(web: Any, browser: Any) -> None:
    """«Eén kaart apart gelegd» but «Één vier klopt»: the coach made a bid's first letter a capital,
    «één» to «Één». The Dutch rule (Taalunie) is «Eén» at a sentence's start, everywhere; the
    server's reason, made a capital the same way («Één vier klopt in 50% …»), is put right too."""
    state = liars.make("liars-dice", players=2, seed=SEED).new_game()
    state.act(state.to_act[0], {"type": "bid", "quantity": 1, "face": 4})
    seat = state.to_act[0]
    view = state.view(seat)
    why = {
        "code": "dice_call",
        "params": {"bid": {"quantity": 1, "face": 4}, "exact": 0.5, "adjusted": 0.4, "win": 0.3},
    }
    frame = {"view": view, "seq": 7, "seat": seat, "legal": []}
    coach = {
        "on": True,
        "seq": 7,
        "odds": {
            "standing_exact": 0.5,
            "standing": 0.4,
            "bids": [],
            "unseen": 5,
            "advice": {"action": {"type": "liar"}, "why": why},
        },
        "advice_text": {lang: liars.coach.say(why, lang, ["Anna", "Bram"]) for lang in ("en", "nb", "nl")},
    }
    got = in_each_language(
        web,
        browser,
        """async (i18n, [frame, c]) => {
        const coach = await import('/static/coach.js');
        const el = coach.coachPanel(frame, c, (i) => ['Anna', 'Bram'][i]);
        const text = (id) => el.querySelector(id).textContent;
        return [text('#coach-standing'), text('#coach-advice'),
            ...['één vier', 'éénmaal', 'vier'].map((w) => (i18n.capital ? i18n.capital(w) : null))];
    }""",
        [frame, coach],
    )
    standing, advice, *capitals = got["nl"]
    assert standing.startswith("Eén vier klopt: "), standing
    assert "Eén vier klopt in 50%" in advice, advice
    assert capitals == ["Eén vier", "Éénmaal", "Vier"], capitals
    assert got["nb"][0].startswith("Én firer holder: "), got["nb"]
    assert got["en"][0].startswith("A four holds: "), got["en"]
    assert not any("Één" in line for lines in got.values() for line in lines[:2]), got
    web_dir = Path(liars.__file__).parent / "web"
    for path in web_dir.rglob("*.js"):
        assert "Één" not in path.read_text(encoding="utf-8"), path
