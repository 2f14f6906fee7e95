"""``liars play --load FILE``: a game left halfway goes on exactly where it stood; a bad file is refused
with a clear sentence (no traceback), in the player's language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest

import liars
from liars.coach.review import read_save
from liars.terminal import i18n
from liars.terminal.i18n import _

from .drive import clean, ctrl_c, play, spawn
from .test_pty import dice_answer

GAME = ["play", "liars-dice", "--dice", "2", "--players", "3", "--bots", "random", "--delay", "0"]


def leave_halfway(save: Path, lang: str) -> None:
    """Start a game, make no move, leave with Ctrl-C and save it."""
    i18n.use(lang)
    child = spawn([*GAME, "--seed", "6", "--lang", lang, "--save", str(save)])
    child.expect(r"\n> ")
    ctrl_c(child, _("Save the game to {path}? [Y/n] ").format(path=save)[:20])
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()


@pytest.mark.parametrize("form", [["play", "--load"], ["play", "liars-dice", "--load"]])
def test_a_saved_game_goes_on_where_it_stood(form: list[str], tmp_path: Path) -> None:
    save = tmp_path / "half.json"
    leave_halfway(save, "nb")
    before = json.loads(save.read_text())
    state = read_save(save.read_text()).final
    assert not state.over
    child = spawn([*form, str(save), "--lang", "nb", "--delay", "0"])
    run = play(child, "nb", dice_answer("nb"))
    i18n.use("nb")
    assert run.exit == 0, run.screen[-2000:]
    assert _("Continuing {file}: {n} move so far.").split("{file}")[0] in run.screen
    assert _("Game over") in run.screen
    after = json.loads(save.read_text())  # saved back to the file it came from, finished
    assert read_save(save.read_text()).final.over
    assert (after["seed"], after["options"], after["players"]) == (before["seed"], before["options"], 3)
    assert after["moves"][: len(before["moves"])] == before["moves"]
    assert len(after["moves"]) > len(before["moves"])


def test_the_resumed_state_is_the_saved_one(tmp_path: Path) -> None:
    """Nothing is replayed or re-dealt: the first screen shows the saved position's own dice."""
    save = tmp_path / "half.json"
    leave_halfway(save, "en")
    mine = read_save(save.read_text()).final.view(0)["dice"]
    child = spawn(["play", "--load", str(save), "--lang", "en", "--delay", "0"])
    child.expect(r"\n> ")
    shown = clean(child.before)
    child.sendeof()
    child.expect_exact(_("Save the game to {path}? [Y/n] ").format(path=save)[:20])
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    i18n.use("en")
    assert _("Your dice: {dice}").format(dice=" ".join(f"[{d}]" for d in mine)) in shown


@pytest.mark.parametrize(
    ("content", "lang", "message"),
    [
        ("{not json", "nb", "{file} er ikke et lagret spill som kan fortsettes."),
        (
            '{"format": "liars/1", "game": "liars-dice"}',
            "nl",
            "{file} is geen opgeslagen spel dat verder kan.",
        ),
        (
            '{"format": "liars/1", "game": "liars-dice"}',
            "en",
            "{file} is not a saved game that can be continued. (",
        ),
        (None, "nb", "Kan ikke lese {file}: filen finnes ikke"),
    ],
)
def test_a_bad_file_is_refused_plainly(content: str | None, lang: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    child = spawn(["play", "--load", str(path), "--lang", lang])
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(clean(child.before).split())
    assert child.exitstatus == 2
    assert message.format(file=path) in text
    assert "Traceback" not in text


def test_a_file_of_another_game_or_a_finished_one_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "half.json"
    leave_halfway(save, "en")
    child = spawn(["play", "cheat", "--load", str(save), "--lang", "en"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "is a game of Liar's Dice, not Cheat." in " ".join(clean(child.before).split())
    done = tmp_path / "done.json"
    run = play(spawn([*GAME, "--seed", "2", "--lang", "en", "--save", str(done)]), "en", dice_answer("en"))
    assert run.exit == 0
    child = spawn(["play", "--load", str(done), "--lang", "en"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "is a finished game: replay it with liars replay." in " ".join(clean(child.before).split())


def test_play_without_a_game_or_a_file_says_what_to_do() -> None:
    child = spawn(["play", "--lang", "en"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert f"Choose a game: {', '.join(liars.GAME_IDS)}." in clean(child.before)
