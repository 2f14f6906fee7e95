"""The full-screen table, driven headless by Textual's own pilot (``App.run_test``).

Each test sets the table up as ``run_tui`` does, waits for the input to ask,
reads the widgets a person sees (the seats, the hand, the prompt, the log) and
types into the input: keystrokes for some answers, a paste (one event, as a
terminal sends it) for the rest, so whole games stay fast.  What is typed is
read off the screen (the numbered hand, the cards as shown) or is the docs'
own syntax; what is expected comes from the game's screen module and the
catalogs in each language, so nb and nl are checked for their own words.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static

import liars
from liars.bots import action_bound
from liars.bots import load as load_bot
from liars.coach.review import TERMINAL_KEYS
from liars.terminal import i18n, screens, setup
from liars.terminal.games import ui_for
from liars.terminal.i18n import _, listing, ngettext
from liars.terminal.tui import AGAIN, LEFT, SaveScreen, TableApp, run_tui
from liars.terminal.tui_forms import BLACK, RED, ActionSuggester, reads_back, suited, typed_forms
from liars.terminal.ui import InputError
from liars.terminal.words import card, rank_name

LANGS = ("nb", "nl", "en")
SIZE = (120, 40)
# Short games: one die each; a single round; three players; eight players with one accuser each time.
GAMES: dict[str, dict[str, Any]] = {
    "liars-dice": {"players": 2, "dice": 1},
    "love-letter": {"players": 2, "target_wins": 1},
    "cheat": {"players": 3},
    "liegen": {"players": 8, "accuse": "next"},
}
SEEDS = {"love-letter": 1}  # a round of five turns (seed 2 ends in one)
CALL = {"nb": "løgner", "nl": "je liegt", "en": "liar"}
# English that must not show on an nb or nl screen (each is a msgid those catalogs translate).
ENGLISH = ("Players:", "Game over", "Your hand", "Your dice", "to act", "Round ", "Winner:", "You won")


def table_app(
    gid: str,
    lang: str,
    seed: int = 1,
    human: int | None = 0,
    level: str = "random",
    save: str | None = None,
    again: bool = False,
    **extra: Any,
) -> TableApp:
    """The app as ``run_tui`` builds it, with the seats, names and bot seeds of ``liars play``."""
    i18n.use(lang)
    opts = {**GAMES[gid], **extra}
    players = opts.pop("players")
    game = liars.make(gid, players=players, seed=seed, **opts)
    names = setup.names(lang, players, human)
    bots = {s: load_bot(level, gid, seed=seed * 31 + s + 1) for s in range(players) if s != human}
    levels = [level] * len(bots)
    ui = ui_for(gid, names, human)
    return TableApp(game, ui, bots, human, save_path=save, delay=0, again=again, levels=levels)


def saved_state(path: Path) -> str:
    """The game in a saved file as the engine's JSON: its moves replayed from the deal, checked against it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    game_id: str = data["game"]
    state = liars.make(game_id, players=data["players"], seed=data["seed"], **data["options"]).new_game()
    for seat, action in data["moves"]:
        state.act(seat, action)
    engine = {k: v for k, v in data.items() if k not in TERMINAL_KEYS}
    assert liars.load(json.dumps(engine)).to_json() == state.to_json()
    return state.to_json()


def drive(app: TableApp, body: Callable[[Person], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            person = Person(app, pilot)
            await person.wait(0)
            await body(person)

    asyncio.run(main())


def shown(widget: Widget) -> str:
    """The widget's text as drawn on the screen, whitespace collapsed."""
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return flat(" ".join(s.text for s in strips))


def flat(text: str) -> str:
    return " ".join(text.split())


def squash(text: str) -> str:
    return "".join(text.split())


class Person:
    """Someone at the screen: reads the widgets, types, waits for the next question."""

    def __init__(self, app: TableApp, pilot: Pilot[Any]) -> None:
        self.app, self.pilot = app, pilot

    async def wait(self, after: int) -> None:
        """Until the app asks its next question (or has left)."""
        for _tick in range(4000):
            if not self.app.is_running:
                return
            if self.app.waiting and self.app.asked > after:
                return
            await asyncio.sleep(0.005)
        raise AssertionError("the app never asked")

    async def answer(self, text: str, keys: bool = False) -> None:
        """Type ``text`` (keystrokes, or one paste) and Enter, then wait for the next question."""
        before = self.app.asked
        await self.put(text, keys)
        await self.pilot.press("enter")
        await self.wait(before)

    async def put(self, text: str, keys: bool = False) -> None:
        if keys:
            await self.pilot.press(*text)
        elif text:
            self.field.post_message(events.Paste(text))  # handled before the Enter that follows

    @property
    def field(self) -> Input:
        return self.app.query_one("#action", Input)

    def text(self, wid: str) -> str:
        return shown(self.app.query_one(wid, Static))

    def log(self) -> str:
        """The log panel's text, whitespace collapsed (a line may wrap anywhere in a long word)."""
        return flat(" ".join(s.text for s in self.app.query_one("#log", RichLog).lines))

    def logged(self, line: str) -> bool:
        """Is ``line`` in the log panel, wherever its wrapping broke it?"""
        return squash(line) in squash(" ".join(s.text for s in self.app.query_one("#log", RichLog).lines))

    @property
    def seat(self) -> int:
        assert self.app.human is not None
        return self.app.human

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.app.table.state.view(self.seat)
        return view

    def legal(self) -> list[Any]:
        return self.app.table.state.legal_actions(self.seat)

    def my_turn(self) -> bool:
        state = self.app.table.state
        return not state.over and state.to_act[0] == self.seat

    def hand_codes(self) -> list[str]:
        """The hand as the screen numbers it: ``1:Kn♥`` -> ``Kn♥`` (what may be typed back)."""
        return [t.split(":", 1)[1] for t in self.text("#hand").split() if ":" in t and t[0].isdigit()]


def choose(p: Person) -> tuple[str, bool]:
    """A plain player's answer, read off the screen: (text, complete it with the suggestion)."""
    ui, view, legal = p.app.ui, p.view(), p.legal()
    if ui.is_window(legal):
        return "", False  # Enter lets it pass
    gid = ui.game_id
    if gid == "liars-dice":
        if view["bid"] is not None:
            return CALL[i18n.lang()][:1], True  # the first letter, completed to the call word
        a = legal[0].to_json()
        return f"{a['quantity']}x{a['face']}", False
    if gid == "cheat":
        rank = view["required_rank"]
        mine = [str(i) for i, c in enumerate(view["hand"], 1) if c[0] == rank][:4]
        return " ".join(mine or ["1"]), False
    if gid == "liegen":
        plays = [a.to_json() for a in legal]
        codes = p.hand_codes()
        true = [a for a in plays if a["card"] == a["announce"]]
        if true:
            return codes[view["hand"].index(true[0]["card"])], False  # the card alone, as shown: "Kn♥"
        a = plays[0]
        return f"{view['hand'].index(a['card']) + 1} {card(a['announce'])}", False
    return "1", False  # Love Letter: the first listed choice


async def check_turn(p: Person) -> None:
    """The screen on the person's turn: whose turn, the hand, what may be typed."""
    await p.pilot.pause()  # the panels' new layout
    ui, view, legal = p.app.ui, p.view(), p.legal()
    seats = shown(p.app.query_one("#seats", Static))
    me = ui.name(p.seat)
    assert flat(_("◀ to act")) in seats.split(me, 1)[1].split(ui.name((p.seat + 1) % view["players"]))[0]
    assert p.text("#hand") == flat("\n".join(ui.mine(view)))
    assert p.text("#status") == flat("\n".join(ui.status(view)))  # the bid to beat, the pile, the claim
    if ui.game_id == "liars-dice":
        pictures = [f"[{d}]" for d in view["dice"]]
    elif ui.game_id == "love-letter":
        pictures = [rank_name(c) for c in view["hand"]]
    else:
        pictures = [card(c) for c in view["hand"]]
    assert pictures and all(c in p.text("#hand") for c in pictures)
    lines = [ui.window_question(view)] if ui.is_window(legal) else ui.prompt_help(view, legal)
    assert p.text("#prompt") == flat("\n".join(lines))
    assert p.text("#title").startswith(flat(i18n.game_name(ui.game_id)))


async def play_to_the_end(p: Person, check: bool = True) -> int:
    """Answer every question as :func:`choose` does; the number of turns played."""
    turns = 0
    while p.my_turn():
        if check:
            await check_turn(p)
        text, complete = choose(p)
        before = p.app.table.state.to_json()
        if complete:
            await p.put(text, keys=True)
            await p.pilot.press("right")  # accept the completion
            assert p.field.value == CALL[i18n.lang()]
            await p.answer("")
        else:
            await p.answer(text, keys=turns == 0)  # the first answer keystroke by keystroke
        assert p.app.table.state.to_json() != before, p.text("#message")  # the answer was taken
        turns += 1
    return turns


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("gid", list(GAMES))
def test_a_whole_game_typed_through_the_input(gid: str, lang: str) -> None:
    app = table_app(gid, lang, seed=SEEDS.get(gid, 2))

    async def body(p: Person) -> None:
        turns = await play_to_the_end(p)
        state = app.table.state
        assert state.over and turns > 0
        log = p.log()
        view = state.view(p.seat)
        who = [f"{app.ui.name(s)} ({setup.level_word('random')})" for s in range(1, app.game.players)]
        assert log.startswith(flat(setup.players_line(who, True, app.game.seed)))
        # Everything the line mode narrates is in the log panel, then the line mode's end.
        narrated = [line for e in app.ui.events(view) for line in app.ui.narrate(e, view)]
        assert narrated
        for line in narrated:
            assert p.logged(line)
        assert p.logged(_("Game over"))
        if p.seat in state.winners:
            assert p.logged(_("You won!"))
        else:
            names = listing([app.ui.name(w) for w in state.winners])
            won = ngettext("Winner: {names}", "Winners: {names}", len(state.winners))
            assert p.logged(won.format(names=names))
        if lang != "en":
            screen = " ".join([log, p.text("#seats"), p.text("#hand"), p.text("#prompt")])
            assert not [w for w in ENGLISH if w in screen]
        assert p.text("#prompt") == flat(_("Game over"))
        await p.answer("")  # Enter leaves

    drive(app, body)
    assert app.return_value == 0


BAD = {"liars-dice": "7 9", "cheat": "99", "liegen": "zz", "love-letter": "z"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("gid", list(GAMES))
def test_bad_input_is_refused_in_the_language_and_changes_nothing(gid: str, lang: str) -> None:
    app = table_app(gid, lang, seed=3)
    said: list[str] = []
    seen: list[tuple[dict[str, Any], list[Any]]] = []

    async def body(p: Person) -> None:
        while p.app.ui.is_window(p.legal()):  # a challenge question first: let it pass
            await p.answer("")
        ui, view, legal = app.ui, p.view(), p.legal()
        with pytest.raises(InputError) as err:
            ui.parse(BAD[gid], view, legal)
        before, moves, asked = app.table.state.to_json(), len(app.table.moves), app.asked
        await p.answer(BAD[gid], keys=True)
        assert p.text("#message") == flat(str(err.value))
        assert p.logged(str(err.value))
        assert app.table.state.to_json() == before and len(app.table.moves) == moves
        assert app.asked == asked + 1 and p.my_turn()  # the same question again
        said.append(str(err.value))
        seen.append((view, legal))
        text, complete = choose(p)
        if complete:
            text = CALL[lang]
        await p.answer(text)
        assert len(app.table.moves) > moves and p.text("#message") == ""
        # Leave without saving (Ctrl-C, then Enter at the file name).
        await p.pilot.press("ctrl+c")
        await p.pilot.press("enter")

    drive(app, body)
    assert app.return_value in (0, LEFT)
    if lang != "en":  # the same entry at the same position, in English, is other words
        i18n.use("en")
        view, legal = seen[0]
        english = ui_for(gid, setup.names("en", view["players"], 0), 0)
        with pytest.raises(InputError) as err:
            english.parse(BAD[gid], view, legal)
        assert str(err.value) != said[0]


def test_help_shows_the_forms_and_changes_nothing() -> None:
    app = table_app("liars-dice", "nb", seed=2)

    async def body(p: Person) -> None:
        before = app.table.state.to_json()
        await p.answer("?", keys=True)
        ui, view, legal = app.ui, p.view(), p.legal()
        for line in screens.help_lines(ui, view, legal):
            assert p.logged(line)
        assert app.table.state.to_json() == before and p.my_turn()

    drive(app, body)


@pytest.mark.parametrize("lang", LANGS)
def test_ctrl_c_offers_the_save_path_and_leaves(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app = table_app("liars-dice", lang, seed=2, save=str(path))

    async def body(p: Person) -> None:
        text, complete = choose(p)
        await p.answer(CALL[lang] if complete else text)
        await p.pilot.press("ctrl+c")
        assert isinstance(app.screen, SaveScreen)
        question = shown(app.screen.query_one("#question", Static))
        assert question == flat(_("Save the game to {path}? [Y/n] ").format(path=path))
        await p.pilot.press("enter")  # Enter = yes

    drive(app, body)
    assert app.return_value == LEFT
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["moves"] and data["human"] == 0
    assert saved_state(path) == app.table.state.to_json()


def test_a_bad_file_name_is_explained_and_asked_again(tmp_path: Path) -> None:
    app = table_app("cheat", "nl", seed=2)
    good = tmp_path / "spel.json"

    async def body(p: Person) -> None:
        await p.pilot.press("ctrl+c")
        dialog = app.screen
        assert isinstance(dialog, SaveScreen)
        assert shown(dialog.query_one("#question", Static)) == flat(
            _("Save the game? File name (Enter = don't save): ")
        )
        bad = "/nonexistent/folder/x.json"
        dialog.query_one("#answer", Input).value = bad
        await p.pilot.press("enter")
        assert isinstance(app.screen, SaveScreen)  # still asking
        why = shown(dialog.query_one("#why", Static))
        assert why == flat(_("Cannot save to {path}: {reason}.").format(path=bad, reason=_("no such folder")))
        dialog.query_one("#answer", Input).value = str(good)
        await p.pilot.press("enter")

    drive(app, body)
    assert app.return_value == LEFT
    assert saved_state(good) == app.table.state.to_json()


async def refused_at_save(p: Person, answer: str) -> str:
    """Ctrl-C, then ``answer`` at the save dialog: the dialog still asks, and what it says why."""
    await p.pilot.press("ctrl+c")
    dialog = p.app.screen
    assert isinstance(dialog, SaveScreen)
    dialog.query_one("#answer", Input).value = answer
    await p.pilot.press("enter")
    assert p.app.screen is dialog  # still asking
    return shown(dialog.query_one("#why", Static))


async def answer_save(p: Person, answer: str) -> None:
    """``answer`` at the save dialog that is open."""
    p.app.screen.query_one("#answer", Input).value = answer
    await p.pilot.press("enter")


@pytest.mark.parametrize(("lang", "no", "yes"), [("nb", "n", "j"), ("nl", "nee", "ja"), ("en", "no", "y")])
def test_a_yes_or_no_at_the_file_name_is_no_file_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, no: str, yes: str
) -> None:
    """«n» at «Lagre spillet? Filnavn (Enter = ikke lagre):» saved the game to a file called «n»
    (nl «j» likewise) and the screen closed without a word.  A yes is refused with what to type;
    a no leaves without saving; nothing named after either is written."""
    monkeypatch.chdir(tmp_path)
    app = table_app("cheat", lang, seed=2)
    seen: dict[str, str] = {}

    async def body(p: Person) -> None:
        seen["why"] = await refused_at_save(p, yes)
        await answer_save(p, no)

    drive(app, body)
    assert seen["why"] == flat(_("Type the name of a file to save to, or press Enter not to save."))
    assert app.return_value == LEFT and app.table.saved_to is None
    assert list(tmp_path.iterdir()) == []


def test_a_question_mark_at_the_save_questions_explains_and_saves_nothing_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """«?» at «Lagre spillet i FIL? [J/n]» closed the screen unsaved (a «?» read as a no), and at
    «Filnavn (Enter = ikke lagre)» it saved the game to a file called «?».  Both now say what to
    answer and ask again."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.json"
    app = table_app("liars-dice", "nb", seed=4, save=str(path))
    seen: dict[str, str] = {}

    async def body(p: Person) -> None:
        seen["save_to"] = await refused_at_save(p, "?")
        await answer_save(p, "n")

    drive(app, body)
    assert seen["save_to"] == flat(
        _("Enter or y saves the game to {path}; n leaves it unsaved.").format(path=path)
    )
    assert app.return_value == LEFT and list(tmp_path.iterdir()) == []
    app = table_app("liars-dice", "nb", seed=4)

    async def named(p: Person) -> None:
        seen["name"] = await refused_at_save(p, "?")
        await p.pilot.press("ctrl+c")

    drive(app, named)
    assert seen["name"] == flat(_("Type the name of a file to save to, or press Enter not to save."))
    assert list(tmp_path.iterdir()) == []


def test_escape_goes_back_to_the_game_and_ctrl_c_twice_leaves_unsaved(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    app = table_app("love-letter", "en", seed=1, save=str(path))

    async def body(p: Person) -> None:
        await p.pilot.press("ctrl+c")
        assert isinstance(app.screen, SaveScreen)
        await p.pilot.press("escape")
        assert not isinstance(app.screen, SaveScreen)
        moves = len(app.table.moves)
        await p.answer("1")
        assert len(app.table.moves) > moves  # the game goes on
        await p.pilot.press("ctrl+c", "ctrl+c")

    drive(app, body)
    assert app.return_value == LEFT and not path.exists()


def test_a_finished_game_is_saved_and_play_again_answers(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    app = table_app("liars-dice", "nb", seed=4, save=str(path), again=True)

    async def body(p: Person) -> None:
        await play_to_the_end(p, check=False)
        assert p.logged(_("Saved to {path}.").format(path=path))
        assert p.text("#prompt") == flat(_("Play again? [y/N] "))
        await p.answer("kanskje")
        assert p.text("#message") == flat(_("Answer y (yes) or n (no); Enter means no."))
        # «?» says what each answer does, as the line mode does, and asks again (it was refused)
        await p.answer("?")
        assert p.logged(_("y deals a new game at the same table (the next game number); n (or Enter) stops."))
        assert p.text("#prompt") == flat(_("Play again? [y/N] "))
        await p.answer("j")

    drive(app, body)
    assert app.return_value == AGAIN
    assert saved_state(path) == app.table.state.to_json()


def test_a_saved_game_continues_where_it_stood(tmp_path: Path) -> None:
    """``liars play --load``: the state and moves of a save; the log tells the story so far."""
    i18n.use("nb")
    game = liars.make("liegen", players=3, seed=4, accuse="next")
    state = game.new_game()
    bot = load_bot("random", game.id, seed=9)
    moves: list[list[Any]] = []
    while len(moves) < 12 or state.to_act[0] != 0:  # twelve moves in, at the person's turn
        seat = state.to_act[0]
        action = bot.act(state.view(seat), state.legal_actions(seat))
        moves.append([seat, action.to_json()])
        state.act(seat, action)
    names = setup.names("nb", 3, 0)
    bots = {s: load_bot("random", game.id, seed=s) for s in (1, 2)}
    path = tmp_path / "g.json"
    app = TableApp(game, ui_for(game.id, names, 0), bots, 0, str(path), 0, state=state.clone(), moves=moves)

    async def body(p: Person) -> None:
        view = p.view()
        for line in [line for e in app.ui.events(view) for line in app.ui.narrate(e, view)]:
            assert p.logged(line)
        await check_turn(p)
        text, _complete = choose(p)
        await p.answer(text)
        await p.pilot.press("ctrl+c", "enter")  # leave, saved back to the file

    drive(app, body)
    assert app.return_value == LEFT and len(app.table.moves) > len(moves)
    assert app.table.moves[: len(moves)] == [tuple(m) for m in moves]
    assert saved_state(path) == app.table.state.to_json()


def test_once_out_the_person_may_skip_to_the_result() -> None:
    # Three players, one die each: the person bids the most there can be, so someone calls and they lose.
    app = table_app("liars-dice", "en", seed=1, players=3)

    async def body(p: Person) -> None:
        while p.my_turn():
            legal = [a.to_json() for a in p.legal()]
            bids = [a for a in legal if a["type"] == "bid"]
            await p.answer(f"{bids[-1]['quantity']} {bids[-1]['face']}" if bids else "liar")
        assert not app.table.state.over
        assert p.text("#prompt") == flat(_("You are out. Skip to the result? [y/N] "))
        await p.answer("y")
        assert app.skipping and app.table.state.over
        await p.answer("")

    drive(app, body)
    assert app.return_value == 0


def test_watch_plays_bots_only_to_the_end() -> None:
    app = table_app("liars-dice", "nb", seed=5, human=None, players=4, dice=2)
    assert app.bound == action_bound(app.game)

    async def body(p: Person) -> None:
        state = app.table.state
        assert state.over
        names = listing([app.ui.name(w) for w in state.winners])
        won = ngettext("Winner: {names}", "Winners: {names}", len(state.winners))
        assert p.logged(won.format(names=names))
        await p.answer("")

    drive(app, body)
    assert app.return_value == 0


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_a_watch_says_in_its_empty_field_how_to_leave(lang: str) -> None:
    """Watching, the field at the foot was an empty box with no prompt over it: nothing said that
    Ctrl-C leaves or that the log scrolls (a person's game has its prompt line over the field).
    At the end the field answers the last question, and the hint is gone."""
    app = table_app("liars-dice", lang, seed=5, human=None, players=2, dice=1)
    app.delay = 2.0  # a pause after each move: the watch is under way when we look

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.5)
            shown = app.query_one("#action", Input).placeholder
            assert not app.table.state.over
            assert shown == _("Ctrl-C to leave · PageUp/PageDown: scroll the log")
            assert "Ctrl-C" in shown and shown != "Ctrl-C to leave · PageUp/PageDown: scroll the log"
            app.delay = 0
            person = Person(app, pilot)
            await person.wait(0)  # the game's end: its last question
            assert app.table.state.over and app.query_one("#action", Input).placeholder == ""
            await person.answer("")

    asyncio.run(main())


def test_watch_stops_at_the_action_bound() -> None:
    app = table_app("liegen", "nl", seed=5, human=None)
    app.bound = 9  # the real bound (checked above) takes thousands of moves; the stop is the same

    async def body(p: Person) -> None:
        assert len(app.table.moves) == 9 and not app.table.state.over
        assert p.logged(_("The game so far"))
        await p.answer("")

    drive(app, body)
    assert app.return_value == 0


def test_the_hand_shows_red_and_black_suits() -> None:
    app = table_app("cheat", "en", seed=2)

    async def body(p: Person) -> None:
        hand = app.query_one("#hand", Static).content
        assert isinstance(hand, Text)
        red = [hand.plain[s.start : s.end] for s in hand.spans if s.style == RED]
        black = [hand.plain[s.start : s.end] for s in hand.spans if s.style == BLACK]
        cards = [card(c) for c in p.view()["hand"]]
        assert sorted(red + black) == sorted(cards)
        assert all(c[-1] in "♥♦" for c in red) and all(c[-1] in "♣♠" for c in black)
        assert red and black
        await p.pilot.press("ctrl+c", "ctrl+c")

    drive(app, body)


def test_suited_colours_the_local_rank_letters() -> None:
    i18n.use("nb")
    t = suited("Du la Kn♥ og 10♠ (egentlig: D♦)")
    marked = {t.plain[s.start : s.end]: s.style for s in t.spans}
    assert marked == {"Kn♥": RED, "10♠": BLACK, "D♦": RED}


def positions(gid: str, options: dict[str, Any], count: int, seed: int) -> list[liars.State]:
    """Positions from random games of ``gid``: every third action's, for the seat to act."""
    opts = dict(options)
    players = opts.pop("players")
    rng_bot = load_bot("random", gid, seed=seed)
    out: list[liars.State] = []
    state = liars.make(gid, players=players, seed=seed, **opts).new_game()
    step = 0
    while len(out) < count:
        if state.over:
            seed += 1
            state = liars.make(gid, players=players, seed=seed, **opts).new_game()
        seat = state.to_act[0]
        if step % 3 == 0:
            out.append(state.clone())
        step += 1
        state.act(seat, rng_bot.act(state.view(seat), state.legal_actions(seat)))
    return out


VARIANTS = [
    *GAMES.items(),
    ("liars-dice", {"players": 3, "dice": 3, "wild_ones": True, "spot_on": True}),
    ("cheat", {"players": 4, "max_cards": 2}),
    ("liegen", {"players": 3, "follow": "rank_step", "jokers": True}),
    ("liegen", {"players": 4, "follow": "suit"}),
    ("love-letter", {"players": 4}),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("gid", "options"), VARIANTS)
def test_every_completion_is_read_back_as_its_action(gid: str, options: dict[str, Any], lang: str) -> None:
    """The forms the input completes to parse, with the game's own parser, into a legal action."""
    i18n.use(lang)
    for state in positions(gid, options, 10, seed=7):
        seat = state.to_act[0]
        ui = ui_for(gid, setup.names(lang, state.game.players, seat), seat)
        view, legal = state.view(seat), state.legal_actions(seat)
        forms = typed_forms(ui, view, legal)
        check = reads_back(ui, view, legal)
        step = max(1, len(forms) // 40)  # Liegen lists ~900: a spread of them
        for form in forms[::step]:
            assert check(form), form
            state.clone().act(seat, form[1])  # the engine takes it
        if not ui.is_window(legal):  # every legal action can be completed, once or in a few forms
            assert len({json.dumps(f[1], sort_keys=True) for f in forms}) == len(legal)
        assert {a.to_json()["type"] for a in legal} == {f[1]["type"] for f in forms}
        suggester = ActionSuggester(forms, check)
        typed = max(forms, key=lambda f: len(f[0]))[0][:-1]  # all but the last letter of a form
        got = suggester.suggest(typed.upper())
        assert got is not None and got.casefold().startswith(typed.casefold()) and len(got) > len(typed)
        assert any(f[0] == got and check(f) for f in forms)
        assert suggester.suggest("@@") is None


class SpyBot:
    """A bot that keeps what it was given and answers in the JSON form (read back by ``checked_act``)."""

    def __init__(self) -> None:
        self.given: list[tuple[Any, list[Any]]] = []

    def act(self, view: Any, legal: Any) -> Any:
        self.given.append((view, list(legal)))
        return legal[-1].to_json()


def test_bots_get_their_own_views_only() -> None:
    i18n.use("en")
    game = liars.make("liars-dice", players=3, seed=3, dice=2)
    spies = {s: SpyBot() for s in range(3)}
    app = TableApp(game, ui_for(game.id, setup.names("en", 3, None)), spies, None, delay=0)

    async def body(p: Person) -> None:
        await p.answer("")

    drive(app, body)
    replay = game.new_game()
    for seat, action in app.table.moves:
        # Exactly that seat's view (its own dice, the others' counts) and its legal actions.
        assert spies[seat].given.pop(0) == (replay.view(seat), replay.legal_actions(seat))
        replay.act(seat, action)
    assert replay.over and not any(spy.given for spy in spies.values())


def headless(monkeypatch: pytest.MonkeyPatch, script: Callable[[Person], Awaitable[None]]) -> None:
    """``run_tui`` runs its app in the terminal; here the same call runs headless, ``script`` at the keys."""
    real = TableApp.run

    def run(app: TableApp, **_: Any) -> int | None:
        async def auto(pilot: Pilot[object]) -> None:
            person = Person(app, pilot)
            await person.wait(0)
            await script(person)

        return real(app, headless=True, size=SIZE, auto_pilot=auto)

    monkeypatch.setattr(TableApp, "run", run)


def test_run_tui_returns_what_the_person_chose(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    async def leave(p: Person) -> None:
        await p.pilot.press("ctrl+c", "enter")  # leave, saving to the --save path

    headless(monkeypatch, leave)
    game = liars.make("liars-dice", players=2, seed=2, dice=1)
    i18n.use("nl")
    ui = ui_for(game.id, setup.names("nl", 2, 0), 0)
    path = tmp_path / "spel.json"
    assert run_tui(game, ui, {1: load_bot("basic", game.id, seed=1)}, 0, "nl", str(path), delay=0) == LEFT
    assert json.loads(path.read_text(encoding="utf-8"))["names"] == setup.names("nl", 2, 0)


class BrokenBot:
    def act(self, view: Any, legal: Any) -> Any:
        return {"type": "bid", "quantity": 99, "face": 9}


def test_run_tui_reports_a_broken_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def nothing(p: Person) -> None:
        return

    headless(monkeypatch, nothing)
    game = liars.make("liars-dice", players=2, seed=3, dice=1)
    ui = ui_for(game.id, setup.names("en", 2, None))
    code = run_tui(game, ui, {0: BrokenBot(), 1: BrokenBot()}, None, "en", delay=0)
    assert code not in (0, LEFT, AGAIN)
