"""Poker Liar's Dice in the browser: Anna and Bram at one cup, a spectator watching.

The receiver's page must never show the five dice before accepting (neither in the frames it
is sent nor drawn), the picker offers only claims above the standing one, a re-roll is built
by clicking dice, and a whole game ends with the last cup shown to everyone. Each check reads
the page a person sees and compares it with the engine's state on the server.
"""

from __future__ import annotations

import json
from typing import Any

from liars.games.liars_dice_poker import BEST, CLAIM_INDEX, CLAIMS, Claim

from .conftest import SHOTS
from .helpers import create_table, in_each_language, join, watch_frames

Page = Any
# Dice drawn face up outside these places would be a secret on the page (the claims' pictures
# and the last call's cup are public; "#mine" is the seat's own).
PUBLIC = ".bid, .bids, .revealed, #reveal, #over"


def seat_of(page: Page) -> int:
    return int(page.locator(".seat.me").get_attribute("data-seat"))


def two_at_the_cup(web: Any, contexts: list[Any], lives: int = 2) -> tuple[list[Page], Page, str, list[Any]]:
    a, b, spec = (c.new_page() for c in contexts)
    frames = {"a": watch_frames(a), "b": watch_frames(b)}
    table = create_table(a, web.url, "liars-dice-poker", 2, {"lives": lives}, ["human", "human"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    spec_frames = watch_frames(spec)
    spec.goto(f"{web.url}/t/{table}")
    for p in (a, b, spec):
        p.wait_for_selector("#table")
    return [a, b], spec, table, [frames["a"], frames["b"], spec_frames]


def faces_drawn(page: Page, outside: str = PUBLIC) -> int:
    return int(
        page.evaluate(
            "(sel) => [...document.querySelectorAll('#table .die.shown')]"
            ".filter(e => !e.closest(sel)).length",
            outside,
        )
    )


def action(a: dict[str, Any]) -> str:
    """An action as the page writes it in ``data-action`` (JSON.stringify: no spaces)."""
    return json.dumps(a, separators=(",", ":"))


def index(a: dict[str, Any]) -> int:
    return CLAIM_INDEX[Claim(a["hand"], tuple(a["values"]))]


def test_the_receiver_never_sees_the_dice_before_accepting_and_the_picker_and_reroll(
    web: Any, contexts: list[Any]
) -> None:
    pages, spec, table, frames = two_at_the_cup(web, contexts)
    state = web.table_state(table)
    starter = state.to_act[0]
    opener = next(p for p in pages if seat_of(p) == starter)
    receiver = next(p for p in pages if p is not opener)
    opener.wait_for_selector("#actions #picker")
    # the opener sees its five dice (the engine's), the receiver and the spectator none
    dice = state.view(starter)["dice"]
    shown = opener.locator("#mine .die").evaluate_all("els => els.map(e => Number(e.dataset.face))")
    assert shown == dice
    assert faces_drawn(receiver) == 0 and faces_drawn(spec) == 0
    assert opener.locator("#hand").input_value() == CLAIMS[BEST[tuple(dice)]].hand  # starts at your hand
    # every claim can be picked at the opening; choose "two pairs", sixes over ...
    opener.select_option("#hand", "two_pairs")
    opener.select_option("#first", "6")
    buttons = opener.locator("#picker button.claim")
    assert buttons.count() == 4  # sixes and twos, threes, fours, fives
    assert all(b.is_enabled() for b in buttons.all())
    claim = {"type": "claim", "hand": "two_pairs", "values": [6, 3]}
    button = opener.locator(f"#picker button.claim[data-action='{action(claim)}']")
    assert button.get_attribute("aria-label") == "Pass the cup: two pairs, sixes and threes"
    button.click()
    receiver.wait_for_selector("#actions button.pass")
    assert web.table_state(table).view(None)["claim"]["values"] == claim["values"]
    # the receiver: a closed cup, Liar! or accept, no die face anywhere but the claim's picture
    assert faces_drawn(receiver) == 0
    assert receiver.locator("#mine .unseen").count() == 1
    assert receiver.locator("#board #claim .die.shown").count() == 4
    for f in frames[pages.index(receiver)]:
        if f.get("type") == "view":
            assert f["view"]["dice"] is None and f["view"]["passed_dice"] is None
            assert all(c["dice"] is None for c in f["view"]["claims"])
    # the opener keeps what it passed
    opener.wait_for_selector("#mine h3")
    assert opener.locator("#mine .die").evaluate_all("els => els.map(e => Number(e.dataset.face))") == dice
    receiver.locator("#actions button.pass").click()  # accept: now it looks
    receiver.wait_for_selector("#actions #reroll")
    held = web.table_state(table).view(seat_of(receiver))["dice"]
    assert held == dice
    assert receiver.locator("#mine .die").evaluate_all("els => els.map(e => Number(e.dataset.face))") == held
    assert receiver.locator("#reroll").inner_text() == "Keep all five"
    picks = receiver.locator("#mine button.die-pick")
    picks.nth(0).click()
    picks.nth(4).click()
    assert receiver.locator("#reroll").inner_text() == "Re-roll 2 dice"
    picks.nth(4).click()  # a second click puts it back
    assert receiver.locator("#reroll").inner_text() == "Re-roll 1 die"
    assert receiver.locator("#reroll").get_attribute("data-action") == action(
        {"type": "reroll", "dice": [held[0]]}
    )
    assert faces_drawn(spec) == 0
    receiver.locator("#reroll").click()
    receiver.wait_for_selector("#actions #picker")
    # only claims above two pairs, sixes and threes are enabled
    standing = index(claim)
    for sel in ("two_pairs", "three", "full_house"):
        receiver.select_option("#hand", sel)
        for btn in receiver.locator("#picker button.claim").all():
            a = json.loads(btn.get_attribute("data-action"))
            assert btn.is_enabled() == (index(a) > standing), a
    assert receiver.locator("#hand option[value='pair']").is_disabled()
    after = web.table_state(table)
    assert after.view(seat_of(receiver))["rerolled"] == 1
    name = "Anna" if receiver is pages[0] else "Bram"
    assert receiver.locator("#board .looking").inner_text() == f"{name} re-rolled 1 die."  # public at once
    spec.wait_for_selector("#board .looking")
    assert spec.locator("#board .looking").inner_text() == f"{name} re-rolled 1 die."
    assert faces_drawn(spec) == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    receiver.screenshot(path=str(SHOTS / "liars-dice-poker-picker.png"), full_page=True)
    # the claim that follows says how many dice came before it, for the one who must answer it
    # (the board said the claim alone: a bot's re-roll, shown for an instant, was never read)
    receiver.locator("#picker button.claim:not([disabled])").first.click()
    opener.wait_for_selector("#actions button.pass")
    for page in (opener, spec):
        page.wait_for_selector("#board #claim")
        said = page.locator("#board #claim").inner_text().strip()
        assert said.startswith(f"{name} claims ") and said.endswith("(re-rolled 1 die)"), said


def test_a_whole_game_ends_with_the_last_cup_for_everyone(web: Any, contexts: list[Any]) -> None:
    pages, spec, table, frames = two_at_the_cup(web, contexts, lives=1)
    for _ in range(200):
        if all(p.locator("#over").count() for p in [*pages, spec]):
            break
        for p in pages:
            if p.locator("#over").count():
                continue
            seat = seat_of(p)
            state = web.table_state(table)
            if state.over or state.to_act[0] != seat:
                continue
            view = state.view(seat)
            if view["phase"] == "answer":
                # The server's state can be ahead of the page (still drawing the cup it held when it
                # claimed): wait for this turn's frame, whose call button only the answer has.
                p.wait_for_selector("#actions button.liar")
                assert faces_drawn(p) == 0  # before accepting: nothing to see
                btn = p.locator("#actions button.pass:not(:disabled), #actions button.liar:not(:disabled)")
                if btn.count():
                    # accept twice, then call
                    accept = len(view["claims"]) < 3 and p.locator("#actions button.pass").count()
                    p.locator("#actions button.pass" if accept else "#actions button.liar").first.click()
            elif view["phase"] == "reroll":
                b = p.locator("#actions #reroll:not(:disabled)")
                if b.count():
                    b.click()
            else:
                b = p.locator("#picker button.claim:not(:disabled)")
                if b.count():
                    b.first.click()
            p.wait_for_timeout(30)
        pages[0].wait_for_timeout(20)
    spec.wait_for_selector("#over")
    state = web.table_state(table)
    assert state.over
    last = state.view(None)["revealed"]
    for p in [*pages, spec]:
        p.wait_for_selector("#reveal .die")
        assert (
            p.locator("#reveal .die").evaluate_all("els => els.map(e => Number(e.dataset.face))")
            == last["dice"]
        )
        assert p.locator("#over h3").first.inner_text() == "The cup at the last call"
    names = {seat_of(p): n for p, n in zip(pages, ("Anna", "Bram"), strict=True)}
    assert names[state.winners[0]] in spec.locator("#winners").inner_text()
    for f in frames[2]:
        if f.get("type") == "view":
            assert f["view"]["dice"] is None and f["view"]["passed_dice"] is None and f["seat"] is None
    assert spec.locator("#mine").count() == 0


def test_every_poker_string_is_in_nb_nl_and_en(web: Any, browser: Any) -> None:
    """The game's table of words, its how-to-play text (which says the sheet only names the variant)
    and its option label exist in all three languages."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        got = page.evaluate(
            """async () => {
            const tx = (await import('/static/games/liars_dice_poker.js')).TX;
            const howto = await import('/static/howto.js');
            const keys = new Set(Object.values(tx).flatMap(Object.keys));
            const missing = [];
            for (const lang of ['nb', 'nl', 'en']) {
                for (const k of keys) if (!tx[lang][k]) missing.push(`${lang}.${k}`);
            }
            return {missing, howto: howto.HOWTO['liars-dice-poker'],
                    lives: ['nb', 'nl', 'en'].map((l) => howto.OPTION_LABELS[l].lives)};
        }"""
        )
        assert got["missing"] == []
        assert "Løgnterninger" in got["howto"]["nb"] and "pokerutgave" in got["howto"]["nb"]
        assert "Løgnterninger" in got["howto"]["nl"] and "regels die dit spel volgt" in got["howto"]["nl"]
        assert "only names this poker version" in got["howto"]["en"]
        assert all(got["lives"])
    finally:
        ctx.close()


def test_the_table_fits_a_phone_and_a_desktop(web: Any, browser: Any) -> None:
    """At 360×640 the action bar is on screen when the turn comes and nothing scrolls sideways; at
    1280×800 the five dice stay above the sticky action bar. In Norwegian: «Løgner!» and «Godta»."""
    for size in ({"width": 360, "height": 640}, {"width": 1280, "height": 800}):
        phone = size["width"] < 500
        ctx = browser.new_context(viewport=size, locale="nb-NO", is_mobile=phone, has_touch=phone)
        try:
            page = ctx.new_page()
            create_table(page, web.url, "liars-dice-poker", 2, {}, ["human", "bot:random"], "Kari")
            page.wait_for_selector("#actions button.act")
            for _ in range(40):  # to a turn with five dice under the cup (open, or re-roll)
                if (
                    page.locator("#mine .die.shown").count() == 5
                    and page.locator("#actions button.act").count()
                ):
                    break
                if page.locator("#actions button.pass").count():
                    assert page.locator("#actions button.liar").inner_text() == "Løgner!"
                    assert page.locator("#actions button.pass").inner_text() == "Godta"
                    page.locator("#actions button.pass").click()
                elif page.locator("#actions button.liar").count():  # five aces: only the call
                    page.locator("#actions button.liar").click()
                page.wait_for_timeout(100)
            page.wait_for_selector("#mine .die.shown")
            box = page.evaluate(
                "() => { const a = document.querySelector('#actions').getBoundingClientRect();"
                " const d = document.querySelector('#mine .dice').getBoundingClientRect();"
                " return [a.top, a.bottom, innerHeight, d.bottom]; }"
            )
            assert box[0] >= 0 and box[1] <= box[2], box
            if not phone:
                assert box[3] <= box[0], box  # the dice above the bar
                # the oval: the board in the middle never runs under the seats above and below it,
                # even grown to its full height (at 1280x800 a call's reveal went under the bottom seat)
                gap = page.evaluate(
                    "() => { const el = document.querySelector('.felt-table .board');"
                    " const tall = document.createElement('div'); tall.style.height = '2000px';"
                    " el.appendChild(tall); const b = el.getBoundingClientRect(); tall.remove();"
                    " const s = [...document.querySelectorAll('.felt-table .seat')]"
                    ".map(e => e.getBoundingClientRect()), mid = (b.top + b.bottom) / 2;"
                    " const up = s.filter(r => r.bottom <= mid), down = s.filter(r => r.top >= mid);"
                    " return [b.top - Math.max(...up.map(r => r.bottom)),"
                    " Math.min(...down.map(r => r.top)) - b.bottom]; }"
                )
                assert gap[0] >= 0 and gap[1] >= 0, gap
            assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        finally:
            ctx.close()


def test_accepting_names_the_bid_on_the_board(web: Any, browser: Any) -> None:
    """The board said «Ola godtok og ser under begeret»: «godta» wants what is accepted (the
    terminal says «godtok budet og kikket under begeret»)."""
    got = in_each_language(
        web,
        browser,
        """async (i18n) => {
            const m = await import('/static/games/liars_dice_poker.js');
            return i18n.tr(m.TX, 'looking', { name: 'Ola' });
        }""",
    )
    assert got["nb"] == "Ola godtok budet og ser under begeret.", got
    assert got["nl"] == "Ola gelooft het en kijkt onder de beker.", got


def test_the_last_cup_names_a_bot_as_the_board_does(web: Any, browser: Any) -> None:
    """The game-over panel said «Budet var for drøyt: Robot 2 (vanskelig) mister et liv.», where the
    board's sentences name a bot plainly (its seat above shows the level)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        page = ctx.new_page()
        create_table(page, web.url, "liars-dice-poker", 2, {"lives": 1}, ["human", "bot:random"], "Kari")
        aces = {"type": "claim", "hand": "five", "values": [1]}
        for _ in range(100):  # five aces whenever the cup is ours: the bot can only call it
            if page.locator("#over").count():
                break
            if page.locator("#actions button.pass").count():
                page.locator("#actions button.pass").click()
            elif page.locator("#reroll").count():
                page.locator("#reroll").click()
            elif page.locator("#actions #picker").count():
                page.select_option("#hand", "five")
                page.locator(f"#picker button.claim[data-action='{action(aces)}']").click()
            page.wait_for_timeout(100)
        page.wait_for_selector("#over #reveal p")
        said = page.locator("#over #reveal p").inner_text()
        assert said.startswith("Bot 2 called Liar! on five aces."), said
        assert "(easy)" not in said, said
        assert "Bot 2 (easy)" in page.locator(".seat").nth(1).inner_text()  # the level: at the seat
    finally:
        ctx.close()
