"""``liars`` alone: how to start each game, in the person's language, within 80 columns.

It used to print every option of every game and then a random game as ``seat 0: 12x6`` lines,
in English whatever the language; and ``liars --lang nb`` (no command) had no answer at all.
"""

from __future__ import annotations

import pytest

import liars
from liars import cli
from liars.terminal import i18n
from liars.terminal.i18n import _, game_name


def shown(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_liars_alone_says_how_to_play_each_game_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", lang)
    out = shown([], capsys)
    i18n.use(lang)
    lines = out.splitlines()
    for game_id in liars.GAME_IDS:
        assert any(f"liars play {game_id} " in line and game_name(game_id) in line for line in lines), out
    assert _("Every command: {command}").format(command="liars --help") in lines
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert "seat 0" not in out and "--wild-ones" not in out
    assert "To keep this language" not in out and "Slik beholder" not in out  # the environment's own


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_a_language_given_alone_is_the_welcomes_and_it_says_how_to_keep_it(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
    out = shown(["--lang", lang], capsys)
    i18n.use(lang)
    assert out.startswith(_("liars: bluffing games, in the terminal and in the browser.") + "\n")
    keep = _("To keep this language: {flag} on each command, or {env}.")
    assert keep.split("{flag}")[0] in out and f"--lang {lang}" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_python_dash_m_liars_is_the_command() -> None:
    """``python -m liars`` (what a Python user types when the script is not on the PATH) said
    «No module named liars.__main__»."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "liars", "--lang", "nl"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.startswith("liars: bluffspellen"), done.stderr
