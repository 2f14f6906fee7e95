"""Whole games of Poker Liar's Dice against a bot: typed into the real ``liars`` in a pseudo-terminal
(line mode), and through the full-screen table with Textual's pilot, in nb, nl and en.

The player reads the prompt to know which of the three turns it has (claim; "Løgner!" or
accept; re-roll), and types in its language's words: claims as the screen says them, the
call and accept words, re-rolls by value.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import liars
from liars.bots import load as load_bot
from liars.coach.review import read_save
from liars.terminal import i18n, setup
from liars.terminal.games import ui_for
from liars.terminal.i18n import _
from liars.terminal.poker_words import claim_of
from liars.terminal.tui import TableApp

from .drive import play, spawn
from .test_pty import check_end
from .test_tui import Person, drive, flat

LANGS = ("nb", "nl", "en")
CALL = {"nb": "Løgner!", "nl": "je liegt", "en": "liar"}
ACCEPT = {"nb": "godta", "nl": "ik geloof je", "en": "a"}


def poker_answer(lang: str) -> Callable[[str, int], str]:
    """Accept every other claim (re-roll a die, or keep all), call the rest; claim as the prompt suggests."""
    count = {"answers": 0}

    def answer(screen: str, tries: int) -> str:
        i18n.use(lang)
        turn = screen[screen.rfind(_("Your turn: {choices}").split("{")[0]) :]
        if _("a = accept and look under the cup") in turn:
            count["answers"] += 1
            return ACCEPT[lang] if count["answers"] % 2 else CALL[lang]
        if _("l = Liar!") in turn:
            return CALL[lang]  # five aces: only the call
        if _("the dice to re-roll by their values (e.g. 3 5), “all”, or 0 to keep all five") in turn:
            dice = screen[screen.rfind(_("Your dice under the cup: {dice} ({hand})").split("{")[0]) :]
            first = dice.split("[", 1)[1].split("]", 1)[0]
            return first if count["answers"] % 4 == 1 else "0"
        # a claim: the example the prompt gives (the lowest legal claim, or the true hand)
        quoted = turn.split("«" if lang == "nb" else "“")[2 if tries == 0 else 1]
        return quoted.split("»" if lang == "nb" else "”")[0]

    return answer


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_in_a_pseudo_terminal(lang: str, tmp_path: Path) -> None:
    save = tmp_path / "poker.json"
    args = ["play", "liars-dice-poker", "--lives", "2", "--bots", "random", "--seed", "4", "--delay", "0"]
    child = spawn([*args, "--lang", lang, "--save", str(save), "--plain"])
    run = play(child, lang, poker_answer(lang))
    check_end(run, lang, "liars-dice-poker")
    i18n.use(lang)
    assert _("The cup is lifted: {dice} ({hand}).").split("{")[0] in run.screen
    assert run.turns >= 3
    state = read_save(save.read_text()).final
    assert state.over
    moves = json.loads(save.read_text())["moves"]
    kinds = {a["type"] for seat, a in moves if seat == 0}
    assert "claim" in kinds and kinds & {"liar", "accept"}, kinds


def table_app(lang: str, seed: int) -> TableApp:
    i18n.use(lang)
    game = liars.make("liars-dice-poker", seed=seed, lives=2)
    bots = {1: load_bot("random", game.id, seed=seed)}
    return TableApp(game, ui_for(game.id, setup.names(lang, 2, 0), 0), bots, 0, delay=0, levels=["random"])


def typed(p: Person, n: int) -> str:
    """What the person types: a claim in words (true hand if legal), accept or call, a re-roll."""
    legal = [a.to_json() for a in p.legal()]
    kinds = {a["type"] for a in legal}
    lang = i18n.lang()
    if "accept" in kinds:
        return ACCEPT[lang] if n % 2 else CALL[lang]
    if kinds == {"liar"}:
        return CALL[lang]
    if "reroll" in kinds:
        return "alle" if lang != "en" and n % 3 == 0 else "0"
    return claim_of(legal[0])


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_on_the_full_screen_table(lang: str) -> None:
    app = table_app(lang, seed=6)

    async def body(p: Person) -> None:
        n = 0
        while p.my_turn():
            await p.pilot.pause()  # the panels' new layout
            ui, view, legal = p.app.ui, p.view(), p.legal()
            assert p.text("#hand") == flat("\n".join(ui.mine(view)))
            assert p.text("#status") == flat("\n".join(ui.status(view)))
            assert p.text("#prompt") == flat("\n".join(ui.prompt_help(view, legal)))
            if view["dice"] is None:  # the receiver before accepting: no die on the screen
                assert "[" not in p.text("#hand")
            before = p.app.table.state.to_json()
            await p.answer(typed(p, n), keys=n == 0)
            assert p.app.table.state.to_json() != before, p.text("#message")
            n += 1
        state = app.table.state
        assert state.over and n > 0
        view = state.view(0)
        for e in app.ui.events(view):
            for line in app.ui.narrate(e, view):
                assert p.logged(line)
        assert p.logged(_("Game over"))
        await p.answer("")

    drive(app, body)
    assert app.return_value == 0
