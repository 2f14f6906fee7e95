"""The defects of issue 18, each driven the way it was seen: a save path that cannot be written,
garbage at "Play again?", Dutch words typed back, play-again overwriting the save, an option that
did nothing, silent replay steps, and watching every bot round once out.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pexpect
import pytest
from rich.console import Console

import liars
from liars.bots import load as load_bot
from liars.coach.review import read_save
from liars.terminal import i18n
from liars.terminal.games import ui_for
from liars.terminal.i18n import _, ngettext
from liars.terminal.liegen import announced
from liars.terminal.loop import numbered_path, replay
from liars.terminal.ui import InputError
from liars.terminal.words import card

from .drive import clean, play, spawn
from .test_pty import dice_answer

SHORT_DICE = ["play", "liars-dice", "--dice", "1", "--players", "2", "--delay", "0"]


# -- 1. an unwritable save path ----------------------------------------------


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_an_unwritable_save_path_is_refused_before_the_game(lang: str) -> None:
    child = spawn([*SHORT_DICE, "--seed", "1", "--lang", lang, "--save", "/nonexistent/x.json"])
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(clean(child.before).split())
    i18n.use(lang)
    assert child.exitstatus == 2, text
    assert (
        _("Cannot save to {path}: {reason}.").format(path="/nonexistent/x.json", reason=_("no such folder"))
        in text
    )
    assert "Traceback" not in text


def test_a_folder_as_save_path_is_refused(tmp_path: Path) -> None:
    child = spawn([*SHORT_DICE, "--seed", "1", "--lang", "en", "--save", str(tmp_path)])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "it is a folder" in clean(child.before)


def test_a_bad_name_at_the_save_prompt_is_explained_and_asked_again(tmp_path: Path) -> None:
    good = tmp_path / "half.json"
    i18n.use("nl")
    child = spawn([*SHORT_DICE, "--seed", "3", "--lang", "nl"])
    child.expect(r"\n> ")
    child.sendeof()  # Ctrl-D
    prompt = _("Save the game? File name (Enter = don't save): ")
    child.expect_exact(prompt)
    child.sendline("/nonexistent/x.json")
    child.expect_exact(
        _("Cannot save to {path}: {reason}.").format(path="/nonexistent/x.json", reason=_("no such folder"))
    )
    child.expect_exact(prompt)
    child.sendline(str(good))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in clean(child.before)
    assert not read_save(good.read_text()).final.over


def test_a_no_at_the_save_prompt_is_no_file_name(tmp_path: Path) -> None:
    """In line mode, «j» at «Het spel opslaan? Bestandsnaam (Enter = niet opslaan):» answered
    «Opgeslagen in j.»: a yes is refused with what to type, a no leaves unsaved."""
    i18n.use("nl")
    child = spawn([*SHORT_DICE, "--seed", "3", "--lang", "nl"], cwd=str(tmp_path))
    child.expect(r"\n> ")
    child.sendeof()  # Ctrl-D
    prompt = _("Save the game? File name (Enter = don't save): ")
    child.expect_exact(prompt)
    child.sendline("j")
    child.expect_exact(_("Type the name of a file to save to, or press Enter not to save."))
    child.expect_exact(prompt)
    child.sendline("?")  # it saved the game to a file called «?»
    child.expect_exact(_("Type the name of a file to save to, or press Enter not to save."))
    child.expect_exact(prompt)
    child.sendline("nee")
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in clean(child.before)
    assert list(tmp_path.iterdir()) == []


def test_a_save_that_fails_at_the_end_asks_for_another_name(tmp_path: Path) -> None:
    """The folder is there at the start and gone at the end: the game is not lost, nor the prompt."""
    folder = tmp_path / "gone"
    folder.mkdir()
    other = tmp_path / "kept.json"
    child = spawn([*SHORT_DICE, "--seed", "4", "--lang", "en", "--save", str(folder / "g.json")])
    child.expect(r"\n> ")
    folder.rmdir()
    child.sendline(dice_answer("en")(clean(child.before), 0))
    run = play(child, "en", dice_answer("en"), save_as=lambda n: str(other))
    assert run.exit == 0, run.screen[-2000:]
    assert "Cannot save to" in run.screen and "no such folder" in run.screen
    assert _("Play again? [y/N] ") in run.screen  # the session went on
    assert read_save(other.read_text()).final.over


# -- 2. garbage at "Play again?" -------------------------------------------


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_garbage_at_play_again_is_explained_and_asked_again(lang: str) -> None:
    child = spawn([*SHORT_DICE, "--seed", "2", "--lang", lang])
    run = play(child, lang, dice_answer(lang), again=lambda n: "kanskje" if n == 1 else "n")
    i18n.use(lang)
    assert run.exit == 0
    assert run.screen.count(_("Play again? [y/N] ")) == 2
    assert _("Answer y (yes) or n (no); Enter means no.") in run.screen
    assert run.screen.count(_("Game over")) == 1  # the garbage did not start a new game


# -- 3. what the screen says can be typed back (Liegen) ----------------------


def liegen_after(announce: str, seed: int = 6, **options: Any) -> liars.State:
    """A Liegen position where the next player must follow the announcement ``announce``."""
    state = liars.make("liegen", players=3, seed=seed, **options).new_game()
    seat = state.to_act[0]
    state.act(seat, {"type": "play", "card": state.view(seat)["hand"][0], "announce": announce})
    while state.legal_actions(state.to_act[0])[0].to_json()["type"] != "play":
        state.act(state.to_act[0], {"type": "pass"})
    return state


def parse_liegen(state: liars.State, text: str) -> dict[str, Any]:
    seat = state.to_act[0]
    ui = ui_for("liegen", ["A", "B", "C"])
    action = ui.parse(text, state.view(seat), state.legal_actions(seat))
    state.clone().act(seat, action)
    return action


def test_dutch_announcements_in_words_are_read_back() -> None:
    i18n.use("nl")
    state = liegen_after("QC")  # the screen says "klaveren vrouw"
    view = state.view(state.to_act[0])
    assert "klaveren vrouw" in ui_for("liegen", ["A", "B", "C"]).status(view)[2]
    for text in ("1 als klaveren heer", "1 klaveren heer", "1 heer van klaveren", "1 heer", "1 H♣", "1 HC"):
        assert parse_liegen(state, text)["announce"] == "KC", text


def test_norwegian_announcements_in_words_are_read_back() -> None:
    i18n.use("nb")
    state = liegen_after("QC")
    for text in ("1 som kløver konge", "1 konge av kløver", "1 konge", "1 K♣", "1 kløver knekt", "1 Kn♣"):
        assert parse_liegen(state, text)["announce"] in ("KC", "JC"), text
    assert parse_liegen(state, "1 knekt")["announce"] == "JC"
    assert parse_liegen(state, "1 hjerter")["announce"] == "QH"  # the suit alone: the one queen it leaves


def test_a_rank_alone_that_fits_several_cards_asks_which() -> None:
    i18n.use("en")
    state = liegen_after("QC")
    with pytest.raises(InputError, match="say which"):
        parse_liegen(state, "1 clubs")


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_every_announcement_as_the_screen_says_it_can_be_typed(lang: str) -> None:
    """Every legal announcement, in its words (as narrated) and its short form (as in a hand), parses."""
    i18n.use(lang)
    for follow in ("rank_or_suit", "suit", "rank_step"):
        state = liegen_after("QC" if follow != "rank_step" else "Q", follow=follow)
        seat = state.to_act[0]
        legal = [a.to_json() for a in state.legal_actions(seat)]
        first = state.view(seat)["hand"][0]
        for a in (a for a in legal if a["type"] == "play" and a["card"] == first):
            assert parse_liegen(state, f"1 {announced(a['announce'])}") == a
            assert parse_liegen(state, f"1 {card(a['announce'])}") == a


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_the_hand_shows_the_languages_letters_and_they_can_be_typed(lang: str) -> None:
    i18n.use(lang)
    letters = {"nb": ("Kn", "D", "K"), "nl": ("B", "V", "H")}[lang]
    assert [card(c)[:-1] for c in ("JH", "QH", "KH")] == list(letters)
    hand = ["JH", "QS", "KC", "TD"]
    ui = ui_for("cheat", ["A", "B", "C"])
    for c in hand:
        assert ui.parse(card(c), {"hand": hand, "options": {}}, [])["cards"] == [c]


def test_love_letter_reads_kn_and_the_dutch_letters() -> None:
    ALL = ["K", "Q", "J", "T", "T", "9", "9", "8", "8", "7", "7", "6", "6", "6", "5", "5"]
    rest = list(ALL)
    for c in ("J", "8", "7", "9"):
        rest.remove(c)
    state = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["J"], ["7"], ["9"]], "set_aside": rest.pop(), "deck": ["8", *rest], "starter": 0}
    )
    view, legal = state.view(0), state.legal_actions(0)
    for lang, word in (("nb", "kn"), ("nb", "knekt"), ("nl", "b"), ("nl", "boer"), ("en", "j")):
        i18n.use(lang)
        ui = ui_for("love-letter", ["A", "B", "C"], 0)
        assert ui.parse(f"{word} 2", view, legal) == {"type": "play", "card": "J", "target": 1}, (lang, word)


# -- 4. play again does not overwrite the save ---------------------------------


def test_play_again_saves_each_game_to_its_own_file(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn([*SHORT_DICE, "--seed", "7", "--lang", "en", "--save", str(save)])
    run = play(child, "en", dice_answer("en"), again=lambda n: "y" if n == 1 else "n")
    assert run.exit == 0
    second = tmp_path / "game-2.json"
    assert _("This game will be saved to {path}.").format(path=second) in " ".join(run.screen.split())
    first, then = json.loads(save.read_text()), json.loads(second.read_text())
    assert (first["seed"], then["seed"]) == (7, 8)


def test_numbered_paths_skip_files_already_there(tmp_path: Path) -> None:
    base = str(tmp_path / "g.json")
    assert numbered_path(base, 1) == base
    assert numbered_path(base, 2) == str(tmp_path / "g-2.json")
    (tmp_path / "g-2.json").write_text("{}")
    (tmp_path / "g-3.json").write_text("{}")
    assert numbered_path(base, 2) == str(tmp_path / "g-4.json")
    assert numbered_path(str(tmp_path / "plain"), 3) == str(tmp_path / "plain-3")


# -- 5. an option the terminal cannot honour is not offered --------------------


def test_the_real_time_cheat_option_is_not_a_terminal_flag() -> None:
    child = spawn(["play", "cheat", "--first-challenger-in-play-order", "--lang", "en"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "unrecognized arguments: --first-challenger-in-play-order" in clean(child.before)
    helped = spawn(["play", "cheat", "--help", "--lang", "en"])
    helped.expect(pexpect.EOF)
    helped.close()
    assert "--first-challenger" not in clean(helped.before) and "--max-cards" in clean(helped.before)


# -- 6. replay: no step that shows nothing -----------------------------------


def saved_bot_game(game_id: str, players: int, seed: int) -> str:
    """A whole game between random bots, saved the way ``liars play --save`` saves it."""
    return half_saved(game_id, players, seed, moves=10**9)[0]


# Liegen's seed 9: random bots end in 2,902 moves (seed 5's game took 4,937 and a quarter minute).
@pytest.mark.parametrize(("game_id", "players", "seed"), [("cheat", 3, 5), ("liegen", 3, 9)])
def test_replay_steps_each_show_something(game_id: str, players: int, seed: int) -> None:
    i18n.use("en")
    text = saved_bot_game(game_id, players, seed=seed)
    out = io.StringIO()
    shown: list[int] = []

    def ask(prompt: str) -> str:
        shown.append(len(out.getvalue()))
        return ""

    code = replay(Console(file=out, width=200), read_save(text), ui_for, 0, None, ask=ask)
    assert code == 0
    moves = len(json.loads(text)["moves"])
    assert 0 < len(shown) < moves  # the window passes were merged into their steps
    steps = [b - a for a, b in zip(shown, [*shown[1:], len(out.getvalue())], strict=True)]
    assert all(s > 0 for s in steps), steps  # (the prompt goes to ``ask``: this is the step's own text)


def half_saved(game_id: str, players: int, seed: int, moves: int) -> tuple[str, Any]:
    """A game between random bots stopped after ``moves`` moves, saved as ``liars play --save``
    saves it (Ctrl-C halfway), and its state."""
    state = liars.make(game_id, players=players, seed=seed).new_game()
    bots = [load_bot("random", game_id, seed=seed + s) for s in range(players)]
    done: list[list[Any]] = []
    while not state.over and len(done) < moves:
        seat = state.to_act[0]
        action = bots[seat].act(state.view(seat), state.legal_actions(seat))
        state.act(seat, action)
        done.append([seat, action if isinstance(action, dict) else action.to_json()])
    data = json.loads(state.to_json())
    data.update(moves=done, names=["A", "B", "C"][:players], human=0)
    return json.dumps(data), state


@pytest.mark.parametrize(
    ("game_id", "moves"), [("love-letter", 6), ("cheat", 9), ("liegen", 9), ("liars-dice", 3)]
)
def test_a_half_played_replay_shows_only_the_watching_seats_hand(game_id: str, moves: int) -> None:
    """``liars replay`` of a game saved halfway ended with «Igjen på hånden: Du: dame, 10 / Ola: 7»:
    the other seats' hidden cards, in a game that ``--load`` can go on with.  It now shows the
    table and the watching seat's own hand, as the table did during play."""
    i18n.use("en")
    text, state = half_saved(game_id, 3, seed=4, moves=moves)
    assert not state.over
    out = io.StringIO()
    code = replay(Console(file=out, width=200), read_save(text), ui_for, 0, 0.0)
    told = out.getvalue().split(_("The game so far"), 1)[1]
    assert code == 0
    ui = ui_for(game_id, ["A", "B", "C"], 0)
    assert " ".join(" ".join(ui.mine(state.view(0))).split()) in " ".join(told.split())
    assert _("Left in hand:") not in told
    for seat in (1, 2):
        hidden = state.view(seat).get("hand") or []
        if game_id == "love-letter":  # one card, named: its name must not follow the seat's name
            assert not any(f"{'BC'[seat - 1]}: " in line for line in told.splitlines()), told
        else:
            assert not hidden or f"{'BC'[seat - 1]}: " not in told, told


# -- 7. out of the game: skip to the result ----------------------------------


@pytest.mark.parametrize(("skip", "lang"), [("y", "en"), ("n", "en"), ("j", "nb")])
def test_once_out_the_player_may_skip_to_the_result(skip: str, lang: str) -> None:
    args = ["play", "liars-dice", "--dice", "1", "--players", "3", "--bots", "random", "--seed", "15"]
    child = spawn([*args, "--delay", "0", "--lang", lang])
    run = play(child, lang, dice_answer(lang), window=lambda n: skip)
    i18n.use(lang)
    assert run.exit == 0
    assert run.windows == 1  # asked once, when the last die was lost
    prompt = _("You are out. Skip to the result? [y/N] ")
    after = run.screen[run.screen.index(prompt) + len(prompt) : run.screen.index(_("Game over"))]
    bid_marker = _("The cups are lifted: {cups}").split("{")[0]
    assert (bid_marker in after) == (skip == "n"), after  # the bots' last rounds told only when watched
    assert ngettext("Winner: {names}", "Winners: {names}", 1).split("{")[0] in run.screen


def test_a_question_mark_at_the_replays_step_says_what_to_type() -> None:
    """«?» at «[3/40] Enter = neste, q = avslutt» stepped on, as if it were Enter: it now says what
    Enter and q do and asks again, and the replay goes on from the same step."""
    i18n.use("nb")
    text = saved_bot_game("cheat", 3, seed=5)
    out = io.StringIO()
    answers = iter(["", "?", "q"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    code = replay(Console(file=out, width=200), read_save(text), ui_for, 0, None, ask=ask)
    assert code == 0
    assert _("Enter shows the next move; q stops the replay here.") in out.getvalue()
    assert asked[1] == asked[2]  # the same step asked again, not the next one


def test_ctrl_c_at_a_replay_step_ends_its_line(tmp_path: Path) -> None:
    """Ctrl-C at «Enter = next, q = quit» left the shell's prompt on the same line as the «^C»
    («[0/2] Enter = next, q = quit ^C$»): the replay now ends the line, as play's Ctrl-C does."""
    from .test_review import save

    path = save(tmp_path, "liars-dice", 2, 3, dice=2)
    child = spawn(["replay", str(path), "--lang", "en"])
    child.expect_exact("Enter = next, q = quit")
    child.sendintr()
    child.expect(pexpect.EOF)
    tail = clean(child.before)
    assert tail.endswith("\n") and "Traceback" not in tail, repr(tail)
    child.close()
    assert child.exitstatus == 130
