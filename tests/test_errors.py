"""Refusal codes: every code raised in the source is catalogued and said in nb, nl and en.

The codes are found the way a reviewer would: by reading the source (``ast``)
for every ``IllegalAction`` / ``GameConfigError`` / ``Stale`` / ``TableError``
and error frame, so a new raise without a code, or with a code nobody
translated, fails here rather than reaching a player in English.
"""

from __future__ import annotations

import ast
import json
import pickle
import re
from pathlib import Path
from typing import Any, cast

import pytest

import liars
from liars import locale
from liars.core import GameConfigError, IllegalAction, Refusal
from liars.errors import MESSAGES, english, fill, usage_error
from liars.terminal import i18n
from liars.terminal.refusals import refusal

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "liars"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
REFUSALS = {"IllegalAction", "GameConfigError", "Stale", "Refusal"}
CODE_FIRST = {"TableError", "_error_frame", "error"}  # the code is the first argument


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def raised_codes() -> tuple[set[str], list[str]]:
    """Every literal code in the source, and the places that raise a refusal without one."""
    codes: set[str] = set()
    missing: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            if name in REFUSALS:
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    codes.add(code.value)
                elif not (isinstance(code, ast.Attribute) and code.attr == "code"):
                    missing.append(where)  # a refusal passed on with its code (the arena says where) is fine
            elif name == "err" and isinstance(code, ast.Constant):  # check_int's chosen class
                codes.add(cast(str, code.value))
            elif name in CODE_FIRST and isinstance(node.func, ast.Name) and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
                elif not (isinstance(first, ast.Attribute) and first.attr == "code"):
                    missing.append(where)  # a code passed on from a refusal is fine; anything else is not
            elif name == "dumps" and node.args and isinstance(node.args[0], ast.Dict):
                for key, value in zip(node.args[0].keys, node.args[0].values, strict=True):
                    is_code = isinstance(key, ast.Constant) and key.value == "code"
                    if is_code and isinstance(value, ast.Constant):  # a hand-built error frame
                        codes.add(cast(str, value.value))
    return codes, missing


def web_errors() -> dict[str, dict[str, str]]:
    """The ``ERRORS`` table the web app imports (the server serves this text as its errors.js)."""
    from liars.server.catalogue import errors_module

    body = errors_module().split("export const ERRORS = ", 1)[1].rstrip().rstrip(";")
    data: dict[str, dict[str, str]] = json.loads(body)
    return data


def po_errors(lang: str) -> dict[str, tuple[str, str]]:
    """code -> (msgid, msgstr) of the ``error <code>`` entries of a catalog."""
    out = {}
    for e in locale.read_po(locale.po_path(lang).read_text(encoding="utf-8")):
        ctx = e.get("msgctxt", "")
        if ctx.startswith("error "):
            out[ctx[len("error ") :]] = (e["msgid"], e["msgstr"])
    return out


def test_every_refusal_in_the_source_has_a_literal_code() -> None:
    codes, missing = raised_codes()
    assert len(codes) > 60  # the scan found the raise sites (a broken scan must not pass vacuously)
    assert missing == [], f"refusals without a literal code: {missing}"


def test_every_raised_code_is_catalogued_and_every_catalogued_code_is_used() -> None:
    codes, _ = raised_codes()
    defaults = {Refusal.default_code, IllegalAction.default_code, GameConfigError.default_code}
    assert sorted(codes - set(MESSAGES)) == []
    assert sorted(set(MESSAGES) - codes - defaults) == []
    assert all(re.fullmatch(r"[a-z][a-z_]*", c) for c in MESSAGES)


def test_the_web_app_says_every_code_in_every_language() -> None:
    table = web_errors()
    assert set(table) == {"en", "nb", "nl"}
    assert table["en"] == MESSAGES  # the English is the catalogue's own
    for lang in ("nb", "nl"):
        assert set(table[lang]) == set(MESSAGES), lang
        for code, text in table[lang].items():
            assert text.strip(), (lang, code)
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(MESSAGES[code])), (lang, code)
    assert table["nb"]["not_your_turn"] != MESSAGES["not_your_turn"]


@pytest.mark.parametrize("lang", locale.LANGS)
def test_the_terminal_catalogs_hold_every_code(lang: str) -> None:
    entries = po_errors(lang)
    assert set(entries) == set(MESSAGES), lang
    for code, (msgid, msgstr) in entries.items():
        assert msgid == MESSAGES[code], (lang, code)  # the msgid follows the English template
        if lang != "en":  # (en leaves msgstr empty: the msgid is the English)
            assert msgstr.strip(), (lang, code)


def test_a_refusal_keeps_its_english_message_and_is_still_a_value_error() -> None:
    exc = IllegalAction("the game is over", code="game_over")
    assert str(exc) == "the game is over" and isinstance(exc, ValueError)
    assert exc.to_json() == {"code": "game_over", "params": {}, "message": "the game is over"}
    old = IllegalAction("some third-party refusal")  # the old one-argument form still works
    assert old.code == "illegal" and old.params == {}
    assert GameConfigError("x").code == "bad_config"
    assert usage_error("bad flag").to_json() == {
        "code": "usage",
        "params": {"detail": "bad flag"},
        "message": "bad flag",
    }


def _refusal(fn: Any) -> Refusal:
    with pytest.raises(Refusal) as info:
        fn()
    return info.value


def test_engine_refusals_carry_codes_and_json_params() -> None:
    dice = liars.make("liars-dice", players=2, seed=3).new_game()
    opener = dice.to_act[0]
    before = dice.to_json()
    cases = [
        (
            lambda: dice.act(1 - opener, {"type": "liar"}),
            "not_your_turn",
            {"seat": 1 - opener, "to_act": [opener]},
        ),
        (lambda: dice.act(opener, {"type": "liar"}), "no_bid_yet", {}),
        (lambda: dice.act(opener, {"type": "bid", "quantity": 1}), "missing_keys", {"keys": ["face"]}),
        (lambda: dice.act(opener, {"type": "bid", "quantity": 1, "face": 9}), "out_of_range", None),
        (lambda: dice.act(opener, "3x5"), "action_not_object", None),
        (lambda: liars.make("liars-dice", dice=0), "option_range", None),
        (lambda: liars.make("liars-dice", colour="red"), "option_unknown", None),
        (lambda: liars.make("chess"), "game_unknown", None),
        (lambda: liars.load("{}"), "bad_save", None),
    ]
    for fn, code, params in cases:
        exc = _refusal(fn)
        assert exc.code == code, (code, exc)
        if params is not None:
            assert exc.params == params
        json.dumps(exc.params)  # JSON-able: it goes over the wire as it is
    assert dice.to_json() == before
    dice.act(opener, {"type": "bid", "quantity": 2, "face": 5})
    exc = _refusal(lambda: dice.act(dice.to_act[0], {"type": "bid", "quantity": 2, "face": 4}))
    assert exc.code == "bid_too_low"
    assert english(exc.code, exc.params) == "2×4 is not higher than 2×5."


def test_every_games_refusals_are_catalogued() -> None:
    """A spread of bad actions in every game: each refusal's code is known and its params JSON."""
    bad: list[Any] = [
        {"type": "nope"},
        {"type": "play"},
        {"type": "play", "cards": "5H"},
        {"type": "play", "cards": ["ZZ"]},
        {"type": "play", "card": "ZZ", "announce": "3S"},
        {"type": "play", "card": "Q", "target": None},
        {"type": "bid", "quantity": 0, "face": 1},
        {"type": "liar", "extra": 1},
        [1, 2],
    ]
    for gid in liars.GAME_IDS:
        state = liars.make(gid, seed=5).new_game()
        seat = state.to_act[0]
        for action in bad:
            try:
                state.act(seat, action)
            except IllegalAction as exc:
                assert exc.code in MESSAGES, (gid, action, exc.code)
                json.dumps(exc.params)
            else:  # pragma: no cover - a bad action taken would be a bug in the engine
                pytest.fail(f"{gid} took {action!r}")


def test_fill_leaves_unknown_placeholders_and_joins_lists() -> None:
    assert fill("{a} and {b}", {"a": [1, 2]}) == "1, 2 and {b}"
    assert fill("{a}", {"a": "{b}", "b": "x"}) == "{b}"  # values are not filled again
    assert english("no_such_code", {}) is None


@pytest.mark.parametrize(
    ("lang", "want"),
    [("nb", "Du har ikke 10♥."), ("nl", "Je hebt 10♥ niet."), ("en", "You do not hold 10♥.")],
)
def test_the_terminal_says_a_refusal_in_its_language(lang: str, want: str) -> None:
    exc = IllegalAction("seat 0 does not hold TH", code="not_in_hand", params={"seat": 0, "cards": ["TH"]})
    i18n.use(lang)
    try:
        assert refusal(exc) == want
        seated = IllegalAction("x", code="target_out", params={"target": 2})
        assert refusal(seated, lambda s: f"Kari{s}").startswith("Kari2 ")
        assert refusal(IllegalAction("an English reason", code="from_a_newer_engine")) == "an English reason"
    finally:
        i18n.use("en")


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("nb", "liars: {file} er ikke et lagret spill: players må være mellom 2 og 6.\n"),
        # English: the engine's full message
        ("en", "liars: {file} is not a saved game: players must be between 2 and 6, not 9\n"),
    ],
)
def test_the_command_line_says_a_refusal_in_the_chosen_language(
    lang: str, want: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from liars import cli

    saved = tmp_path / "bad.json"
    saved.write_text(
        json.dumps({"format": "liars/1", "game": "liars-dice", "players": 9, "seed": 1, "options": {}})
    )
    try:
        assert cli.main(["replay", "--lang", lang, str(saved)]) == 2
    finally:
        i18n.use("en")
    assert capsys.readouterr().err == want.format(file=saved)


def test_the_protocol_documents_every_code() -> None:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert sorted(c for c in MESSAGES if f"`{c}`" not in text) == []


def test_a_refusal_survives_pickling() -> None:
    """Arena workers and thread pools may send a refusal across a process boundary."""
    exc = IllegalAction("seat 1 may not act now", code="not_your_turn", params={"seat": 1, "to_act": [0]})
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is IllegalAction and back.to_json() == exc.to_json()
