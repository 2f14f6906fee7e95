"""The full screen at 80×24, the size a terminal opens at: everything a person needs shows at once.

Love Letter at four players was the game that did not fit: its table was cut to «Spill…»,
«omgan…» and «(bes…» on the 38-column board, and the hand sat below the board's fold, behind a
scrollbar, while the person was asked to choose a card.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import RichLog

import liars
from liars.bots import load as load_bot
from liars.terminal import i18n, setup
from liars.terminal.games import ui_for
from liars.terminal.i18n import _, pgettext
from liars.terminal.love_letter import LoveLetterUI, effect, name_of
from liars.terminal.tui import TableApp
from liars.terminal.ui import Fitted

from .test_tui import Person, flat, shown, table_app

DECK = "KQJTT99887766655"


def four_player_deal(first: str, drawn: str) -> dict[str, Any]:
    """Seat 0 opens holding ``first`` and draws ``drawn``; the others hold what is left, in a fixed order."""
    rest = list(DECK)
    for card in (first, drawn):
        rest.remove(card)
    others: list[str] = []
    for card in "89T76KQJ5":
        if card in rest and len(others) < 3:
            rest.remove(card)
            others.append(card)
    aside = rest.pop()
    return {
        "hands": [[first], *([c] for c in others)],
        "deck": [drawn, *rest],
        "set_aside": aside,
        "starter": 0,
    }


def first_turn(lang: str, first: str, drawn: str, size: tuple[int, int]) -> dict[str, Any]:
    """The screen at the person's first turn: the board's overflow and the panels' text."""
    base = table_app("love-letter", lang, players=4, target_wins=4)
    state = base.game.new_game(setup=four_player_deal(first, drawn))
    app = TableApp(base.game, base.ui, base.table.bots, 0, delay=0, state=state)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            person = Person(app, pilot)
            await person.wait(0)
            await pilot.pause()
            seen["overflow"] = app.query_one("#board", VerticalScroll).max_scroll_y
            seen["seats"] = shown(app.query_one("#seats"))
            seen["hand"] = person.text("#hand")
            seen["prompt"] = person.text("#prompt")
            seen["prompt_rows"] = app.query_one("#prompt").size.height
            seen["screen_rows"] = size[1]

    asyncio.run(main())
    return seen


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
@pytest.mark.parametrize(("first", "drawn"), [("6", "T"), ("6", "5"), ("7", "8"), ("Q", "J")])
def test_love_letter_at_four_fits_an_80_by_24_screen(lang: str, first: str, drawn: str) -> None:
    """The whole board shows (nothing to scroll to), the table's words are whole, every seat is
    named with its number (what «6 2 K» types), and the hand and every choice are on the screen."""
    seen = first_turn(lang, first, drawn, (80, 24))
    assert seen["overflow"] == 0
    assert "…" not in seen["seats"]
    for word in (_("Player"), _("Played"), pgettext("love-letter", "Wins")):
        assert word in seen["seats"].split()
    ui = ui_for("love-letter", ["?"] * 4, 0)
    assert isinstance(ui, LoveLetterUI)
    for seat, name in enumerate(table_app("love-letter", lang, players=4).ui.names):
        assert f"{seat + 1} {name}" in seen["seats"]
    for card in (first, drawn):
        assert name_of(card) in seen["hand"] and effect(card) in seen["hand"]
    state = liars.make("love-letter", players=4, seed=1).new_game(setup=four_player_deal(first, drawn))
    assert f"{len(ui.choices(state.legal_actions(0)))})" in seen["prompt"]  # the last choice's number


def test_a_wide_screen_keeps_the_wide_table() -> None:
    """Where there is room the seat number keeps its own column, and the marker says whose turn."""
    seen = first_turn("nb", "6", "T", (120, 40))
    assert seen["overflow"] == 0
    assert {"Plass", "Spilt"} <= set(seen["seats"].split()) and "◀ står for tur" in seen["seats"]


def test_the_table_is_drawn_wide_where_it_fits_and_narrow_where_not() -> None:
    i18n.use("nb")
    state = liars.make("love-letter", players=4, seed=3).new_game()
    ui = ui_for("love-letter", ["Du", "Ola", "Ingrid", "Lars"], 0)
    table = ui.table(state.view(0))
    assert isinstance(table, Fitted)

    def drawn(width: int) -> str:
        console = Console(width=width, color_system=None)
        with console.capture() as out:
            console.print(table)
        return out.get()

    assert "Plass" in drawn(80) and "Seire" not in drawn(80)
    narrow = drawn(38)
    assert "Seire" in narrow and "Plass" not in narrow and "1 Du *" in narrow
    assert max(len(line.rstrip()) for line in narrow.splitlines()) <= 38


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_a_card_at_one_player_or_another_is_one_line(lang: str) -> None:
    """A 10 at four players listed four lines («15) 10 → Du», «16) 10 → Ola» …), and with a 6 the
    list pushed the hand off an 80×24 screen; now «10 → 15) Du  16) Ola …», each number read back."""
    i18n.use(lang)
    state = liars.make("love-letter", players=4, seed=1).new_game(setup=four_player_deal("8", "T"))
    ui = ui_for("love-letter", ["A", "B", "C", "D"], 0)
    assert isinstance(ui, LoveLetterUI)
    view, legal = state.view(0), state.legal_actions(0)
    lines = ui.prompt_help(view, legal)
    assert len(lines) == 2 + 1  # the 8's line, the 10's line, the prompt
    choices = ui.choices(legal)
    numbers = [int(n) for line in lines[:-1] for n in re.findall(r"(\d+)\) ", line)]
    assert numbers == list(range(1, len(choices) + 1))
    for n, a in enumerate(choices, 1):
        assert ui.parse(str(n), view, legal) == a
        line = next(text for text in lines[:-1] if re.search(rf"(?<!\d){n}\) ", text))
        assert line.strip().startswith(f"{name_of(a['card'])} → ")
        assert f"{n}) {ui.name(a['target'])}" in line


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_a_six_and_a_five_say_their_one_effect_once(lang: str) -> None:
    i18n.use(lang)
    state = liars.make("love-letter", players=4, seed=1).new_game(setup=four_player_deal("6", "5"))
    ui = ui_for("love-letter", ["A", "B", "C", "D"], 0)
    (line,) = ui.mine(state.view(0))
    assert line.count(effect("6")) == 1 and name_of("6") in line and name_of("5") in line


def seated_at(gid: str, players: int, lang: str) -> TableApp:
    """The full screen of ``gid`` (seed 3) with the person in seat 1 and medium bots in the others."""
    i18n.use(lang)
    game = liars.make(gid, players=players, seed=3)
    bots = {s: load_bot("basic", gid, seed=s + 1) for s in range(1, players)}
    return TableApp(game, ui_for(gid, setup.names(lang, players, 0), 0), bots, 0, delay=0)


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
@pytest.mark.parametrize(
    ("gid", "players"),
    [("liars-dice", 6), ("cheat", 6), ("liegen", 8), ("liars-dice-poker", 2), ("love-letter", 4)],
)
def test_every_game_at_its_largest_table_shows_the_hand_at_80_by_24(
    gid: str, players: int, lang: str
) -> None:
    """Every game at its fullest table, at its first question: the person's hand (dice, cards) is
    whole on the screen, whatever else the board had to scroll away.  Liegen at eight in nl is one
    row taller than the board: the hand's second line was below the fold while the person was
    asked to play or accuse; the board now scrolls the title away, not the hand."""
    app = seated_at(gid, players, lang)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await Person(app, pilot).wait(0)
            board, hand = app.query_one("#board", VerticalScroll), app.query_one("#hand")
            for _tick in range(40):  # a scroll follows the layout, a refresh or two later
                await pilot.pause(0.02)
                top = board.scroll_y
                if (
                    hand.virtual_region.y >= top
                    and hand.virtual_region.bottom <= top + board.scrollable_content_region.height
                ):
                    break
            seen.update(
                top=board.scroll_y, rows=board.scrollable_content_region.height, hand=hand.virtual_region
            )
            seen["text"], seen["overflow"] = shown(hand), board.max_scroll_y

    asyncio.run(main())
    if (gid, players, lang) == ("liegen", 8, "nl"):
        assert seen["overflow"] > 0  # the table this is about: a board taller than its room
    assert seen["text"] and seen["hand"].height > 0
    assert seen["top"] <= seen["hand"].y and seen["hand"].bottom <= seen["top"] + seen["rows"]


def test_the_table_shows_a_bots_move_while_the_log_tells_it() -> None:
    """Watching Love Letter, the log said «Anouk ligt uit de ronde» while the table beside it still
    showed Anouk in, with Daan's 6 not yet played: the table was drawn after the pause that follows a
    bot's move, so for the whole pause it lagged the log by a move."""
    i18n.use("nl")
    game = liars.make("love-letter", players=4, seed=5, target_wins=1)
    names = setup.names("nl", 4, None)
    bots = {s: load_bot("basic", "love-letter", seed=s + 1) for s in range(4)}
    app = TableApp(game, ui_for("love-letter", names, None), bots, None, delay=0.3)
    checked: list[bool] = []

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            log = app.query_one("#log", RichLog)
            told = len(log.lines)
            for _tick in range(400):
                await pilot.pause(0.01)
                if app.table.state.over or len(checked) >= 6:
                    break
                if len(log.lines) == told:
                    continue
                told = len(log.lines)
                await pilot.pause(0.05)  # well inside the 0.3 s pause after the move
                view = app.table.state.view(app.table.viewer)
                width = app.query_one("#seats").size.width
                console = Console(width=width, color_system=None)
                with console.capture() as drawn:
                    console.print(app.ui.table(view))
                checked.append(" ".join(drawn.get().split()) == shown(app.query_one("#seats")))

    asyncio.run(main())
    assert len(checked) >= 3 and all(checked), checked


def on_screen(app: TableApp) -> list[str]:
    """The rows of the screen as the person sees them."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def rows_of(widget: Widget) -> list[str]:
    """The widget's own rows as drawn (whatever part of it is scrolled out of sight), blank ones left out."""
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return [flat(strip.text) for strip in strips if strip.text.strip()]


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
@pytest.mark.parametrize(("gid", "players"), [("liars-dice", 6), ("love-letter", 4), ("cheat", 6)])
def test_the_coachs_advice_shows_beside_the_whole_table_at_80_by_24(
    gid: str, players: int, lang: str
) -> None:
    """F2 at 80×24 first put the advice wholly below the board's fold («Trener: på» in the log and
    nothing else); kept at the board's end, it then pushed the title, the seats and Liar's Dice's bid
    to beat off the top while the person read the odds of that very bid.  The advice now stands
    beside the table, above the log: the seats, the hand and the advice's last line (the strong bot's
    move) are all on the screen."""
    app = seated_at(gid, players, lang)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await Person(app, pilot).wait(0)
            await pilot.press("f2")
            advice = app.query_one("#coach")
            for _tick in range(100):  # the coach samples its odds, then the layout follows
                await pilot.pause(0.02)
                if advice.display and advice.virtual_region.height > 1:
                    break
            await pilot.pause(0.05)
            seen["screen"] = [flat(row) for row in on_screen(app)]
            seen["title"] = rows_of(app.query_one("#title"))
            seen["seats"] = rows_of(app.query_one("#seats"))
            seen["hand"] = rows_of(app.query_one("#hand"))
            seen["advice"] = rows_of(advice)
            seen["overflow"] = app.query_one("#board", VerticalScroll).max_scroll_y

    asyncio.run(main())
    assert seen["overflow"] == 0  # the board keeps the rows it had without the coach
    assert len(seen["seats"]) > players and seen["hand"] and len(seen["advice"]) > 2
    for row in (*seen["title"], *seen["seats"], *seen["hand"], seen["advice"][-1]):
        assert any(row in line for line in seen["screen"]), row


@pytest.mark.parametrize(("gid", "players"), [("liars-dice", 2), ("love-letter", 2)])
def test_a_board_shorter_than_its_room_starts_at_the_top(gid: str, players: int) -> None:
    """Keeping the board at its end (for tables taller than the screen) drew every shorter board at
    the room's foot: four to nine blank rows over the game's name, the table sunk under them."""
    app = seated_at(gid, players, "nb")
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await Person(app, pilot).wait(0)
            await pilot.pause(0.05)
            seen["rows"] = on_screen(app)
            seen["title"] = shown(app.query_one("#title"))

    asyncio.run(main())
    assert seen["rows"][0][:40].strip().startswith(seen["title"][:20]), seen["rows"][:3]


def test_page_up_reads_the_start_of_the_help_at_80_by_24() -> None:
    """At 80×24 the help («?») is taller than the log, and it began mid-sentence («kortet (K D Kn 10
    9 8 7 6 5),»): PageUp did nothing, as the input keeps the focus.  PageUp now scrolls the log
    back to the help's first line; PageDown returns to the end."""
    app = table_app("love-letter", "nb", players=2)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            person = Person(app, pilot)
            await person.wait(0)
            await person.answer("?")
            await pilot.pause(0.1)
            log = app.query_one("#log", RichLog)
            end = log.scroll_y
            lines = [strip.text for strip in log.lines]
            first = next(
                i for i, line in enumerate(lines) if line.startswith(_("Rules: {summary}").split()[0])
            )
            seen["hidden"] = first < end
            for _press in range(10):
                await pilot.press("pageup")
                await pilot.pause(0.02)
                if log.scroll_y <= first:
                    break
            seen["start"] = log.scroll_y <= first < log.scroll_y + log.scrollable_content_region.height
            for _press in range(10):
                await pilot.press("pagedown")
            await pilot.pause(0.05)
            seen["back"] = log.scroll_y == log.max_scroll_y

    asyncio.run(main())
    assert seen == {"hidden": True, "start": True, "back": True}, seen


def test_the_log_wraps_its_lines_at_60_columns() -> None:
    """At 60×20 the log is about 18 columns wide, and its lines were drawn 20 wide and cut:
    «Bram noemde “har», «Motstandere: Ola (vanskelig), Ing».  Every word of a line now shows."""
    app = table_app("love-letter", "nb", players=4)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await Person(app, pilot).wait(0)
            await pilot.pause(0.1)
            log = app.query_one("#log", RichLog)
            seen["width"] = log.scrollable_content_region.width
            seen["rows"] = [strip.text.rstrip() for strip in log.lines]

    asyncio.run(main())
    assert seen["rows"] and all(len(row) <= seen["width"] for row in seen["rows"]), seen
    opening = " ".join(" ".join(seen["rows"]).split())
    assert "Motstandere:" in opening and "Ola" in opening and "Ingrid" in opening and "Lars" in opening, (
        opening
    )
