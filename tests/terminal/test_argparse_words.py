"""argparse's own words ("usage:", "options", its error messages) speak the player's language too."""

from __future__ import annotations

import subprocess
import sys

import pytest

from liars import cli, locale
from liars.terminal import i18n, setup
from liars.terminal.i18n import _

from .test_catalogs import catalog
from .test_seat_numbers import parsed


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_every_argparse_word_is_translated(lang: str) -> None:
    cat = catalog(lang)
    for word in (*i18n.ARGPARSE_WORDS, "default", "LEVELS", "SECONDS"):
        assert (None, word) in cat, f"{word!r} missing from {lang}.po"
        assert (all(cat[(None, word)]) and cat[(None, word)] != [word]) or word.startswith("argument")


def test_argparse_words_are_in_the_english_catalog() -> None:
    cat = catalog("en")
    assert all((None, w) in cat for w in i18n.ARGPARSE_WORDS)


@pytest.mark.parametrize(
    ("lang", "usage", "helpline", "error"),
    [
        ("nb", "bruk:", "vis denne hjelpen og avslutt", "feil: argument --players: ikke et helt tall: x"),
        ("nl", "gebruik:", "toon deze hulp en stop", "fout: argument --players: geen geheel getal: x"),
        (
            "en",
            "usage:",
            "show this help message and exit",
            "error: argument --players: not a whole number: x",
        ),
    ],
)
def test_help_and_errors_of_the_real_command(lang: str, usage: str, helpline: str, error: str) -> None:
    cmd = [sys.executable, "-m", "liars.cli", "play", "liars-dice", "--lang", lang]
    shown = subprocess.run([*cmd, "--help"], capture_output=True, text=True, timeout=60).stdout
    assert shown.startswith(usage) and helpline in shown
    assert ("default 5" in " ".join(shown.split())) == (lang == "en")
    bad = subprocess.run([*cmd, "--players", "x"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and error in bad.stderr
    if lang != "en":
        assert "usage:" not in shown and "show this help" not in shown and "error:" not in bad.stderr
    assert locale.LANGS


@pytest.mark.parametrize(
    ("lang", "follow", "accuse"),
    [("nb", "farge", "neste"), ("nl", "kleur", "volgende"), ("en", "suit", "next")],
)
def test_liegens_variants_are_typed_in_the_players_words(
    lang: str, follow: str, accuse: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--follow` and `--accuse` took only the engine's ids («rank_or_suit», «anyone»), which the
    help listed as they are in every language: a Dutch player now types `--follow kleur`. The ids
    still work, and a word that is neither is refused in the player's words."""
    args = parsed(["play", "liegen", "--follow", follow, "--accuse", accuse, "--lang", lang])
    assert setup.options(args) == {"follow": "suit", "accuse": "next"}
    args = parsed(["play", "liegen", "--follow", "rank_step", "--accuse", "anyone"])
    assert setup.options(args) == {"follow": "rank_step", "accuse": "anyone"}
    i18n.use(lang)
    words = [setup.choice_word(c) for c in ("rank_or_suit", "rank_step", "suit")]
    with pytest.raises(SystemExit):
        parsed(["play", "liegen", "--lang", lang, "--help"])
    assert "{" + ",".join(words) + "}" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        parsed(["play", "liegen", "--lang", lang, "--follow", "diamonds"])
    err = capsys.readouterr().err
    assert _("“{text}” is not one of {choices}").format(text="diamonds", choices=", ".join(words)) in err
    assert "'diamonds'" not in err  # Python's repr, in every language, before
    quoted = {
        "nb": "«diamonds» er ikke blant valgene",
        "nl": "“diamonds” is geen van de keuzes",
        "en": "“diamonds”",
    }
    assert quoted[lang] in err
    if lang != "en":
        assert "rank_or_suit" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "liars-dice", "--seed", "abc"],
        ["play", "cheat", "--players", "fire"],
        ["review", "x.json", "--samples", "x"],
        ["review", "x.json", "--top", "mange"],
    ],
)
def test_a_word_where_a_whole_number_goes_is_refused_in_the_players_words(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse's own refusal said «ugyldig verdi (int): 'abc'» in nb: its type's name and Python's
    quotes."""
    i18n.use("nb")
    with pytest.raises(SystemExit):
        parsed([*args, "--lang", "nb"])
    err = capsys.readouterr().err
    assert _("not a whole number: {text}").format(text=args[-1]) in err and "(int)" not in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "nb", "play", "liars-dice"],
        ["--lang=nb", "play"],
        ["--lang", "nb", "replay", "x.json"],
        ["--lang", "nb", "review", "x.json"],
        ["--lang", "nb", "games"],
        ["--lang", "nl", "play", "cheat", "--lang", "nb"],  # the last one given, as for any flag
    ],
)
def test_the_language_may_come_before_the_command(argv: list[str]) -> None:
    """``liars --lang nb play`` was refused («ugyldig valg: 'nb'»): the flag was only the commands'."""
    args = cli.build_parser(argv).parse_args(argv)
    assert args.lang == "nb" and setup.lang_from_argv(argv) == "nb"


def test_no_language_given_leaves_the_environments() -> None:
    for argv in (["play", "liars-dice"], ["replay", "x.json"], ["games"]):
        assert getattr(cli.build_parser(argv).parse_args(argv), "lang", None) is None


@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        (["play", "liars-dice", "--frobnicate"], "usage: liars play liars-dice"),
        (["arena", "cheat", "--bots", "basic,basic,basic", "--frobnicate"], "usage: liars arena"),
        (["--lang", "nb", "replay", "x.json", "--frobnicate"], "bruk: liars replay"),
    ],
)
def test_an_unknown_flag_is_refused_with_the_usage_of_its_own_command(argv: list[str], usage: str) -> None:
    """``liars play liars-dice --frobnicate`` answered with the top level's usage («liars [-h]
    [--version] COMMAND ...»), which says nothing of the flags ``play`` does take."""
    done = subprocess.run(
        [sys.executable, "-m", "liars.cli", *argv], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stderr.startswith(usage), done.stderr
    assert "--frobnicate" in done.stderr and "COMMAND" not in done.stderr and "KOMMANDO" not in done.stderr
