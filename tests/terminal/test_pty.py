"""Whole games of every game in every language, typed into the real ``liars`` in a pseudo-terminal.

Each run is small (few dice, two or three players, random bots, a fixed
seed) so the whole file stays within a minute or so on two cores.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from liars import locale
from liars.coach.review import read_save
from liars.terminal import i18n
from liars.terminal.i18n import _, game_name, ngettext
from liars.terminal.words import faces
from tests.typed import some

from .drive import Run, clean, code, hand, play, spawn

LANGS = ("nb", "nl", "en")


def dice_answer(lang: str) -> Callable[[str, int], str]:
    """Open with the lowest bid, in words the first time; otherwise call liar (in this language's word)."""
    call = {"nb": "løgn", "nl": "lieg", "en": "liar"}[lang]

    def answer(screen: str, tries: int) -> str:
        i18n.use(lang)
        turn = screen[screen.rfind(_("Your turn: {choices}").split("{")[0]) - 400 :]
        if _("No bid yet this round.") in turn:
            return faces(1, 1) if tries == 0 else "1x1"
        return call if tries == 0 else "l"

    return answer


def cheat_answer(screen: str, tries: int) -> str:
    return str(1 + tries)


def liegen_answer(lang: str) -> Callable[[str, int], str]:
    def answer(screen: str, tries: int) -> str:
        i18n.use(lang)
        cards = [code(c) for c in hand(screen, _("Your hand: {cards}").split("{")[0])]
        last_line = _("Last announcement: “{card}” ({short}) by {name}.").split("{card}")[0][:-1]
        at = screen.rfind(last_line)
        new = screen.rfind(_("A new trick: announce any card."))
        if new > at or at < 0:
            return "1"
        last = code(some(re.search(r"\((\S+)\)", screen[at:])).group(1))
        for i, c in enumerate(cards, 1):
            if c[0] == last[0] or c[1] == last[1]:
                return str(i)  # the card alone: the truth
        return f"1 {last}"  # a lie: any card, announced as the last one (same rank, same suit)

    return answer


def love_answer(screen: str, tries: int) -> str:
    return str(1 + tries)


def english_leaks(screen: str, lang: str) -> list[str]:
    """English pieces of catalog strings that show on a screen meant to be in ``lang``."""
    if lang == "en":
        return []
    i18n.use(lang)
    leaks = []
    for e in locale.read_po(locale.po_path("en").read_text(encoding="utf-8")):
        msgid = e["msgid"]
        if not msgid or "msgctxt" in e or "msgid_plural" in e or _(msgid) == msgid:
            continue
        for piece in re.split(r"\{\w*\}", msgid):
            if len(piece.strip()) >= 12 and piece.strip() not in _(msgid) and piece.strip() in screen:
                leaks.append(piece.strip())
    return leaks


def check_end(run: Run, lang: str, game_id: str) -> None:
    assert not english_leaks(run.screen, lang)
    i18n.use(lang)
    assert run.exit == 0, run.screen[-3000:]
    assert game_name(game_id) in run.screen
    assert _("Game over") in run.screen
    assert (
        _("You won!") in run.screen
        or ngettext("Winner: {names}", "Winners: {names}", 1).split("{")[0] in run.screen
    )


@pytest.mark.parametrize("lang", LANGS)
def test_liars_dice_whole_game(lang: str, tmp_path: Path) -> None:
    save = tmp_path / "dice.json"
    args = ["play", "liars-dice", "--dice", "2", "--players", "3", "--bots", "random,basic"]
    child = spawn([*args, "--seed", "5", "--delay", "0", "--lang", lang, "--save", str(save)])
    run = play(child, lang, dice_answer(lang))
    check_end(run, lang, "liars-dice")
    i18n.use(lang)
    assert _("The cups are lifted: {cups}").split("{")[0] in run.screen
    state = read_save(save.read_text()).final  # the engine reads the saved game
    assert state.over
    data = json.loads(save.read_text())
    assert data["moves"] and data["human"] == 0


@pytest.mark.parametrize("lang", LANGS)
def test_cheat_whole_game(lang: str) -> None:
    child = spawn(
        ["play", "cheat", "--players", "3", "--bots", "random", "--seed", "2", "--delay", "0", "--lang", lang]
    )
    run = play(child, lang, cheat_answer, window=lambda n: "l" if n % 3 == 0 else "")
    check_end(run, lang, "cheat")
    assert run.windows > 0


@pytest.mark.parametrize("lang", LANGS)
def test_liegen_whole_game(lang: str) -> None:
    child = spawn(
        [
            "play",
            "liegen",
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "3",
            "--delay",
            "0",
            "--lang",
            lang,
        ]
    )
    run = play(child, lang, liegen_answer(lang), window=lambda n: "j" if n % 4 == 0 else "")
    check_end(run, lang, "liegen")


@pytest.mark.parametrize("lang", LANGS)
def test_love_letter_whole_game(lang: str) -> None:
    args = ["play", "love-letter", "--players", "3", "--target-wins", "2", "--bots", "random"]
    child = spawn([*args, "--seed", "4", "--delay", "0", "--lang", lang])
    run = play(child, lang, love_answer)
    check_end(run, lang, "love-letter")


def test_the_leak_check_sees_english() -> None:
    assert english_leaks("Ola bød to femmere\nNo bid yet this round.\n", "nb") == ["No bid yet this round."]
    assert english_leaks("Ola bød to femmere\nIngen bud ennå denne runden.\n", "nb") == []


def test_a_colour_terminal_plays_the_same() -> None:
    """With TERM=xterm-256color the screen is styled; what the player reads and types is unchanged."""
    args = [
        "play",
        "liars-dice",
        "--dice",
        "1",
        "--players",
        "2",
        "--seed",
        "8",
        "--delay",
        "0",
        "--lang",
        "nb",
    ]
    child = spawn([*args, "--plain"], color=True)  # the line mode, styled
    run = play(child, "nb", dice_answer("nb"))
    check_end(run, "nb", "liars-dice")


def test_an_interactive_terminal_gets_the_full_screen_table_and_plain_the_lines() -> None:
    """TERM=xterm on a pseudo-terminal starts the Textual table (the real command, not its test
    driver); it plays the bots' game to the end and Enter leaves. ``--plain`` keeps the lines."""
    args = ["watch", "liars-dice", "--dice", "1", "--players", "2", "--delay", "0", "--seed", "3"]
    child = spawn([*args, "--bots", "random,random", "--lang", "en"], color=True)
    child.expect("Game over", timeout=60)
    assert "\x1b[?1049h" in (child.before or "")  # the alternate screen: a full-screen app
    child.send("\r")
    child.expect(pexpect.EOF, timeout=30)
    child.close()
    assert child.exitstatus == 0
    plain = spawn([*args, "--bots", "random,random", "--lang", "en", "--plain"], color=True)
    plain.expect(pexpect.EOF)
    plain.close()
    assert plain.exitstatus == 0 and "\x1b[?1049h" not in (plain.before or "")
    assert "Winner" in clean(plain.before or "")


def test_the_full_screen_says_where_it_saved_once_it_has_closed(tmp_path: Path) -> None:
    """Ctrl-C, a file name, and the full screen closed with nothing said: «Lagret i …» had gone with
    the screen's log.  It is said again on the terminal the person is left at."""
    saved = tmp_path / "half.json"
    i18n.use("nb")
    args = ["play", "liars-dice", "--players", "2", "--seed", "3", "--delay", "0", "--lang", "nb"]
    child = spawn(args, color=True)
    child.expect("Din tur", timeout=60)
    child.sendcontrol("c")
    child.expect("Filnavn", timeout=30)
    child.send(str(saved) + "\r")
    child.expect(pexpect.EOF, timeout=30)
    child.close()
    after = clean((child.before or "").rsplit("\x1b[?1049l", 1)[-1])  # what stays once the screen has gone
    assert child.exitstatus == 130 and saved.exists()
    assert _("Saved to {path}.").format(path=saved) in " ".join(after.split()), after[-500:]
