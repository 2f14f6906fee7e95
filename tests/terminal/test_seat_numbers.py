"""Seats on the command line count from 1, as the tables and the web count them.

The terminal said «Du * 0» in Love Letter's table and took ``--seat 0`` and
``--first-dealer 0`` for the first seat, where the web's seats and its Liegen
lobby (first dealer: seat 1) start at 1. The engine and the API keep their
indexes from 0; only what a person reads and types changes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from liars import GameConfigError, cli, game_class
from liars.terminal import i18n, setup
from liars.terminal.i18n import _

from .test_review import save


def parsed(argv: list[str]) -> argparse.Namespace:
    return cli.build_parser(argv).parse_args(argv)


def test_seat_flags_count_from_one() -> None:
    assert parsed(["play", "liars-dice", "--seat", "1"]).seat == 0
    assert parsed(["play", "liars-dice", "--seat", "3"]).seat == 2
    assert parsed(["play", "liars-dice"]).seat == 0  # the first seat, said «1» in the help
    assert parsed(["replay", "f.json", "--seat", "2"]).seat == 1
    assert parsed(["review", "f.json", "--seat", "2"]).seat == 1


@pytest.mark.parametrize("text", ["0", "-1", "two"])
def test_a_seat_under_one_is_refused_in_words(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    i18n.use("nb")
    with pytest.raises(SystemExit):
        parsed(["play", "liars-dice", "--seat", text, "--lang", "nb"])
    err = capsys.readouterr().err
    assert _("{text} is not a seat: seats count from 1").format(text=repr(text)) in err
    assert "Traceback" not in err


def test_liegens_first_dealer_is_a_seat_counted_from_one() -> None:
    option = next(o for o in game_class("liegen").info.options if o.name == "first_dealer")
    assert option.seat and option.to_json()["seat"] is True
    assert not any(o.seat for g in ("cheat", "liars-dice", "love-letter") for o in game_class(g).info.options)
    args = parsed(["play", "liegen", "--first-dealer", "1", "--players", "3"])
    assert setup.options(args) == {"first_dealer": 0}
    args = parsed(["play", "liegen", "--first-dealer", "3", "--players", "3"])
    given = setup.options(args)
    assert given == {"first_dealer": 2}
    setup.check_seat_options("liegen", given, 3)  # the last of three seats: fine


def test_a_first_dealer_off_the_table_is_refused_with_the_flag() -> None:
    i18n.use("en")
    with pytest.raises(GameConfigError, match="--first-dealer takes 1 to 8, not 0"):
        setup.options(parsed(["play", "liegen", "--first-dealer", "0"]))
    given = setup.options(parsed(["play", "liegen", "--first-dealer", "4", "--players", "3"]))
    with pytest.raises(GameConfigError, match="--first-dealer takes 1 to 3, not 4"):
        setup.check_seat_options("liegen", given, 3)


@pytest.mark.parametrize(
    ("lang", "words"), [("nb", "en plass 1–8; standard 1"), ("nl", "een plaats 1–8; standaard 1")]
)
def test_the_help_says_the_first_dealer_as_a_seat(
    lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        parsed(["play", "liegen", "--help", "--lang", lang])
    assert words in " ".join(capsys.readouterr().out.split())


def test_a_seat_off_the_table_is_refused_alike_by_play_replay_and_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One check (``setup.check_seat``) for the three commands that take ``--seat``, counted from 1."""
    path = save(tmp_path, "liars-dice", 2, 5, dice=3)
    i18n.use("nb")
    off = _("Seat must be between 1 and {last}.").format(last=2)
    for argv in (["replay", str(path), "--delay", "0"], ["review", str(path)]):
        assert cli.main([*argv, "--seat", "3", "--lang", "nb"]) == 2
        err = capsys.readouterr().err
        assert off in err and "Traceback" not in err
    assert cli.main(["play", "liars-dice", "--players", "2", "--seat", "3", "--lang", "nb"]) == 2
    err = capsys.readouterr().err
    assert _("Your seat must be between 1 and {last}.").format(last=2) in err
    assert "mellom 1 og 2" in err and "Traceback" not in err
