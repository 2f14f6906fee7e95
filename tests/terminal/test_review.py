"""``liars review FILE``: a saved game of each game gives the ranked list, each item as the seat saw it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import liars
from liars import bots, cli
from liars.bots import checked_act
from liars.coach.review import Item
from liars.coach.review_exact import Exact
from liars.terminal import i18n
from liars.terminal.coach_review import item_lines
from liars.terminal.games import ui_for
from liars.terminal.i18n import _

GAMES = [
    ("liars-dice", 2, {"dice": 3}),
    ("liars-dice-poker", 2, {"lives": 2}),
    ("cheat", 3, {}),
    ("liegen", 3, {}),
    ("love-letter", 3, {"target_wins": 1}),
]


def save(tmp_path: Path, game_id: str, players: int, seed: int, **options: Any) -> Path:
    """A terminal save (the engine's JSON with moves, names, human) of a game seat 0 played at random."""
    game = liars.make(game_id, players=players, seed=seed, **options)
    state = game.new_game()
    seats = [bots.make("random" if s == 0 else "basic", game_id, seed=seed + s) for s in range(players)]
    moves = []
    while not state.over:
        s = state.to_act[0]
        action = checked_act(seats[s], f"seat {s}", state.view(s), state.legal_actions(s), game)
        state.act(s, action)
        moves.append([s, action.to_json()])
    data = json.loads(state.to_json())
    data.update(moves=moves, names=["Ada", *[f"Robot {s}" for s in range(1, players)]], human=0)
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = cli.main(args)
    out = capsys.readouterr().out
    assert code == 0, out
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_review_prints_the_ranked_list_of_each_game(
    game_id: str, players: int, options: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(tmp_path, game_id, players, 3, **options)
    out = run(["review", str(path), "--samples", "1", "--top", "1", "--lang", "en"], capsys)
    i18n.use("en")
    assert "Review of your game. Decisions with a choice:" in out
    assert out.count("You chose: ") == 1  # --top 1 of the random seat's mistakes
    assert "The strong bot: " in out and "Chance to win: " in out
    flat = " ".join(out.split())
    if not game_id.startswith("liars-dice"):
        assert "Your hand: " in flat  # each item shows the seat's own hand as it was then
        return
    data = json.loads(run(["review", str(path), "--samples", "1", "--json"], capsys))
    first = data["items"][0]
    ui = ui_for(game_id, ["You", *[f"Robot {s}" for s in range(1, players)]], 0)
    for line in ui.mine(first["view"]):
        assert " ".join(line.split()) in flat  # the seat's own dice, as it saw them at the first item
    gains = [it["gain"] for it in data["items"]]
    assert gains == sorted(gains, reverse=True)


def test_review_speaks_norwegian_and_dutch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save(tmp_path, "liars-dice", 2, 5, dice=3)
    for lang, words in (
        ("nb", ("Gjennomgang", "Du valgte: ", "Vinnersjanse: ")),
        ("nl", ("Nabespreking", "Jouw keuze: ", "Winkans: ")),
    ):
        out = run(["review", str(path), "--samples", "1", "--top", "1", "--lang", lang], capsys)
        for word in words:
            assert word in out, (lang, word, out)


def test_another_seat_is_reviewed_by_its_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save(tmp_path, "liars-dice", 2, 5, dice=3)
    out = run(["review", str(path), "--seat", "2", "--samples", "1", "--lang", "en"], capsys)
    assert "Review of Robot 1's game." in out


def test_bad_files_and_seats_are_refused_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save(tmp_path, "liars-dice", 2, 5, dice=3)
    i18n.use("en")
    assert cli.main(["review", str(path), "--seat", "7", "--lang", "en"]) == 2
    assert _("Seat must be between 1 and {last}.").format(last=2) in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert cli.main(["review", str(broken), "--lang", "en"]) == 2
    assert "is not a saved game" in capsys.readouterr().err
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:-1]
    broken.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["review", str(broken), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "do not lead to the saved position" in err and "Traceback" not in err
    assert cli.main(["review", str(tmp_path / "missing.json"), "--lang", "en"]) == 2
    assert cli.main(["review", str(path), "--samples", "0", "--lang", "en"]) == 2


def test_the_equilibrium_names_only_the_moves_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """«Het exacte evenwicht: één vijf bieden 99%, één vier bieden 1%, één drie bieden 0%, één twee
    bieden 0%, één één bieden 0%, één zes bieden 0%.»: the moves it never plays are left out (the
    web's review leaves them out too); the seat's own move keeps its 0% on the next line."""

    i18n.use("nl")
    state = liars.make("liars-dice", players=2, seed=9, dice=1).new_game()
    seat = state.to_act[0]

    def bid(q: int, f: int) -> dict[str, Any]:
        return {"type": "bid", "quantity": q, "face": f}

    policy = [(bid(1, 5), 0.99), (bid(1, 4), 0.006), (bid(1, 3), 0.003), (bid(1, 2), 0.001)]
    item = Item(0, dict(state.view(seat)), bid(2, 6), bid(1, 5), 0.0, 0.12, 16, Exact(policy, 0.0, 0.7))
    ui = ui_for("liars-dice", ["Jij", "Anouk"], seat)
    below = "\n".join(item_lines(ui, item)[1])
    assert "Het exacte evenwicht: één vijf bieden 99%, één vier bieden 0,6%." in below, below
    assert "één drie" not in below and "één twee" not in below
    assert "Jouw keuze: 0% in het evenwicht" in below


@pytest.mark.parametrize(
    ("taken", "advised", "error", "said"),
    [
        (0.5, 0.5, 0.2, "Too close to tell"),  # a tie over a dozen worlds tells nothing
        (0.40, 0.30, 0.12, "Too close to tell"),  # the person's move ahead, but within the noise
        (0.45, 0.20, 0.05, "your choice did better"),
        (0.20, 0.45, 0.05, None),  # the bot's move clearly better: the points say it
    ],
)
def test_the_verdict_is_only_given_where_the_worlds_tell_the_moves_apart(
    taken: float, advised: float, error: float, said: str | None
) -> None:
    """Of a Love Letter king played at 50 % against the bot's queen at 50 % over 12 worlds, the
    review said «Etter utvalget var valget ditt like godt eller bedre»; over 200 worlds the king won
    27 % and the queen 45 %.  A difference within two standard errors is now called too close to
    tell, and only a clear one says the person's move did better."""
    i18n.use("en")
    state = liars.make("love-letter", players=2, seed=5).new_game()
    seat = state.to_act[0]
    view = dict(state.view(seat))
    legal = [a.to_json() for a in state.legal_actions(seat)]
    item = Item(0, view, legal[0], legal[-1], taken, advised, 12, None, error)
    below = " ".join(item_lines(ui_for("love-letter", ["You", "Bob"], seat), item)[1])
    verdicts = [v for v in ("Too close to tell", "your choice did better") if v in below]
    assert verdicts == ([said] if said else []), below
    assert "as good or better" not in below


def test_the_points_agree_with_the_chances_shown() -> None:
    """«17 % med ditt valg, 33 % … (+17 prosentpoeng)»: the points were the rounded difference, not
    the difference of the rounded chances on the same line (now +16)."""
    i18n.use("nb")
    state = liars.make("liars-dice", players=2, seed=9).new_game()
    seat = state.to_act[0]
    legal = [a.to_json() for a in state.legal_actions(seat)]
    item = Item(0, dict(state.view(seat)), legal[0], legal[1], 1 / 6, 1 / 3, 12, None, 0.01)
    below = " ".join(item_lines(ui_for("liars-dice", ["Du", "Ola"], seat), item)[1])
    assert "17\u00a0%" in below and "33\u00a0%" in below and "(+16 prosentpoeng)" in below, below


@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("lang", ["nb", "nl"])
@pytest.mark.parametrize(
    "spoil",
    [
        {"moves": "hello"},  # a traceback: not enough values to unpack
        {"names": 5},  # a traceback: 'int' object is not iterable
        {"names": ["A"]},  # too few names
        {"format": "x"},  # «Ikke et lagret spill: format must be 'liars/1'», English inside nb
        {"levels": ["god", None]},  # bot levels, saved with the game since --load brings them back
        "move_seat",  # a move by the wrong seat: «Det er ikke din tur.» in the middle of a replay
    ],
)
def test_a_hand_edited_save_is_refused_with_its_name_in_the_players_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, lang: str, spoil: Any
) -> None:
    """``liars replay`` and ``liars review`` of a save edited by hand ended in a traceback, or in a
    refusal with the engine's English reason inside a Norwegian sentence, or a replay stepped on
    until «Det er ikke din tur.»  The whole file is now checked first and refused with its name:
    «x.json er ikke et lagret spill.», nothing of the game shown, exit status 2."""
    path = save(tmp_path, "liars-dice", 2, 5, dice=3)
    data = json.loads(path.read_text(encoding="utf-8"))
    if spoil == "move_seat":
        seat, action = data["moves"][1]
        data["moves"][1] = [1 - seat, action]
    else:
        data.update(spoil)
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    i18n.use(lang)
    args = [command, str(bad), "--lang", lang] + (["--delay", "0"] if command == "replay" else [])
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert err.strip() == f"liars: {_('{file} is not a saved game.').format(file=bad)}", err
    assert out == ""  # nothing of the game was shown before the refusal


def test_review_refuses_a_top_under_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """«--top -2» showed all but the last two decisions, «--top 0» the heading alone."""
    path = save(tmp_path, "liars-dice", 2, 5, dice=3)
    i18n.use("nb")
    for top in ("0", "-2"):
        assert cli.main(["review", str(path), "--top", top, "--lang", "nb"]) == 2
        assert _("--top takes a whole number of 1 or more.") in capsys.readouterr().err


def test_the_summary_says_the_costliest_first_and_nothing_of_order_for_one() -> None:
    """«… de største forskjellene først» of a list ranked by the signed gain (+25, −6, −12: the
    costliest first, as the web says), and «den største forskjellen først» of a list of one."""
    from liars.coach.review import Review
    from liars.terminal.coach_review import summary

    i18n.use("nb")
    state = liars.make("liars-dice", players=2, seed=9).new_game()
    seat = state.to_act[0]
    legal = [a.to_json() for a in state.legal_actions(seat)]
    item = Item(0, dict(state.view(seat)), legal[0], legal[1], 0.2, 0.45, 16, None, 0.05)
    ui = ui_for("liars-dice", ["Du", "Ola"], seat)
    one = " ".join(summary(Review("liars-dice", seat, 3, [item]), ui))
    two = " ".join(summary(Review("liars-dice", seat, 3, [item, item]), ui))
    assert one.endswith("Den sterke roboten ville gjort noe annet 1 gang."), one
    assert two.endswith("2 ganger; de dyreste først."), two


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_file_that_is_no_text_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A binary file put a UnicodeDecodeError traceback on ``replay`` and ``review``, where
    ``play --load`` already said «kan ikke lese …: ikke en tekstfil»: the three read a file alike."""
    binary = tmp_path / "x.json"
    binary.write_bytes(b'{"game": "\xd0\xff"}')
    i18n.use("nb")
    assert cli.main([command, str(binary), "--lang", "nb"]) == 2
    err = capsys.readouterr().err
    said = _("Cannot read {file}: {reason}").format(file=binary, reason=_("not a text file"))
    assert err.strip() == f"liars: {said}", err
