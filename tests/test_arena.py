"""The arena: rotation, duplicate deals, reproducibility across jobs and Ray, and its outputs."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from liars import IllegalAction, arena, arena_output, cli

DICE = arena.Config("liars-dice", ("basic", "random", "random"), seed=7, options=(("dice", 2),))


def test_rotation_seats_every_entrant_in_every_seat_once() -> None:
    for n in range(2, 7):
        rots = arena.rotations(n)
        assert len(rots) == n
        for seats in rots:
            assert sorted(seats) == list(range(n))  # each rotation is a seating of everyone
        for e in range(n):
            assert sorted(seats.index(e) for seats in rots) == list(range(n))


def test_schedule_duplicates_deals_within_a_rotation_block() -> None:
    matches = arena.schedule(DICE, 9)
    assert [m.index for m in matches] == list(range(9))
    blocks = [matches[i : i + 3] for i in range(0, 9, 3)]
    for block in blocks:
        assert len({m.deal for m in block}) == 1
        assert sorted(m.rotation for m in block) == [0, 1, 2]
    assert len({b[0].deal for b in blocks}) == 3
    fresh = arena.schedule(DICE, 9, duplicate=False)
    assert len({m.deal for m in fresh}) == 9
    seat_counts = Counter((m.seats.index(e), e) for m in matches for e in range(3))
    assert set(seat_counts.values()) == {3}


def test_schedule_rounds_up_to_whole_rotations_and_is_stable() -> None:
    assert len(arena.schedule(DICE, 7)) == 9
    assert arena.schedule(DICE, 7) == arena.schedule(DICE, 9)
    other = arena.Config("liars-dice", DICE.bots, seed=8, options=DICE.options)
    assert arena.schedule(other, 3)[0].deal != arena.schedule(DICE, 3)[0].deal
    assert arena.derive(1, "deal", 0) == arena.derive(1, "deal", 0) != arena.derive(1, "deal", 1)
    with pytest.raises(ValueError):
        arena.schedule(DICE, 0)


def test_duplicate_deals_give_the_same_dice_to_the_same_seat() -> None:
    import liars

    block = arena.schedule(DICE, 3)
    starts = [liars.make("liars-dice", players=3, seed=m.deal, dice=2).new_game().view(None) for m in block]
    assert all(s == starts[0] for s in starts)


def test_labels_number_repeated_bots() -> None:
    assert DICE.labels() == ["basic", "random#1", "random#2"]


def test_play_records_a_whole_game() -> None:
    match = arena.schedule(DICE, 3)[1]
    rec = arena.play(DICE, match)
    assert rec["seats"] == list(match.seats)
    assert len(rec["winners"]) == 1 and rec["places"][rec["winners"][0]] == 1
    assert sum(rec["decisions"]) == rec["actions"] > 0
    assert rec == arena.play(DICE, match) | {"time": rec["time"], "slowest": rec["slowest"]}


def test_jobs_give_the_same_results_as_one_process() -> None:
    matches = arena.schedule(DICE, 12)
    one = arena.run(DICE, matches, jobs=1)
    two = arena.run(DICE, matches, jobs=2, chunk=2)
    strip = [{k: v for k, v in r.items() if k not in ("time", "slowest")} for r in one]
    assert strip == [{k: v for k, v in r.items() if k not in ("time", "slowest")} for r in two]
    assert arena.summarize(DICE, one)["rows"][0]["wins"] == arena.summarize(DICE, two)["rows"][0]["wins"]


@pytest.mark.extras  # the `ray` extra, run by `make test-extras`
def test_ray_gives_the_same_results_as_one_process() -> None:
    import ray

    matches = arena.schedule(DICE, 6)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = arena.run(DICE, matches, ray="auto", chunk=3)
    finally:
        ray.shutdown()
    local = arena.run(DICE, matches, jobs=1)
    keys = ("index", "deal", "seats", "winners", "places", "actions", "decisions")
    assert [[r[k] for k in keys] for r in on_ray] == [[r[k] for k in keys] for r in local]


def test_wilson_interval() -> None:
    lo, hi = arena.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = arena.wilson(0, 20)
    assert lo == 0.0 and 0.15 < hi < 0.17
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_wins_places_and_rates_the_winner_higher() -> None:
    records: list[dict[str, Any]] = [
        {
            "seats": [0, 1],
            "winners": [w],
            "places": [1 if w == 0 else 2, 1 if w == 1 else 2],
            "time": [0.002, 0.001],
            "slowest": [0.002, 0.001],
            "decisions": [2, 1],
        }
        for w in (0, 0, 0, 1)
    ]
    config = arena.Config("liars-dice", ("basic", "random"), seed=1)
    s = arena.summarize(config, records)
    a, b = s["rows"]
    assert (a["games"], a["wins"], b["wins"]) == (4, 3.0, 1.0)
    assert a["win_rate"] == 0.75 and a["mean_place"] == 1.25
    assert a["mean_decision_ms"] == pytest.approx(1.0)
    assert a["rating"]["mu"] > b["rating"]["mu"]


class Broken:
    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return {"type": "bid", "quantity": 0, "face": 9}


def test_a_bot_answering_nonsense_stops_the_tournament_naming_it() -> None:
    config = arena.Config("liars-dice", ("basic", "tests.test_arena:Broken"), seed=1)
    with pytest.raises(IllegalAction, match=r"bot tests\.test_arena:Broken answered"):
        arena.run(config, arena.schedule(config, 2))


def test_cli_json_csv_and_plot_hold_what_the_table_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "my_bots.py").write_text(
        "class First:\n    def act(self, view, legal_actions):\n        return legal_actions[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "200")  # every column shown (a narrow terminal leaves some out)
    out_json, out_csv, out_png = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    argv = ["arena", "liars-dice", "--bots", "basic,my_bots:First,random", "--games", "6", "--seed", "3"]
    argv += ["--jobs", "1", "-o", "dice=2", "--quiet", "--json", str(out_json), "--csv", str(out_csv)]
    assert cli.main([*argv, "--plot", str(out_png)]) == 0
    printed = capsys.readouterr().out
    summary = json.loads(out_json.read_text())
    assert summary["games"] == 6 and summary["options"] == {"dice": 2}
    assert [r["bot"] for r in summary["rows"]] == ["basic", "my_bots:First", "random"]
    for row in summary["rows"]:
        line = next(ln for ln in printed.splitlines() if row["bot"] in ln)
        for cell in arena_output.cells(row):
            assert cell in line
    csv_lines = out_csv.read_text().splitlines()
    assert len(csv_lines) == 4 and csv_lines[1].startswith("liars-dice,3,3,basic,")
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert cli.main([*argv[:8], "--jobs", "1", "-o", "dice=2", "--quiet", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)  # --json alone: JSON on stdout, no table
    timing = ("mean_decision_ms", "max_decision_ms")
    assert [{k: v for k, v in r.items() if k not in timing} for r in again["rows"]] == [
        {k: v for k, v in r.items() if k not in timing} for r in summary["rows"]
    ]


@pytest.mark.parametrize("columns", [80, 60])
def test_the_results_table_fits_the_terminal_and_says_what_it_left_out(
    columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns the 100-letter table wrapped every row onto two lines: columns now give way,
    the rating's parts first, and a line says which (the JSON and CSV keep them all)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    argv = ["arena", "liars-dice", "--bots", "basic,random", "--games", "2", "--jobs", "1", "--quiet"]
    assert cli.main([*argv, "-o", "dice=1"]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert all(len(line) <= columns for line in lines), [line for line in lines if len(line) > columns]
    for bot in ("basic", "random"):  # every bot on one line with its wins and interval
        row = next(line for line in lines if line.startswith(f"│ {bot} "))
        assert "%" not in row and "-" in row
    assert "win %" in printed and "95% CI" in printed and "Left out to fit" in printed
    assert " mu, sigma" in " ".join(printed.split())
    monkeypatch.setenv("COLUMNS", "200")
    assert cli.main([*argv, "-o", "dice=1"]) == 0
    wide = capsys.readouterr().out
    assert "ordinal" in wide and "Left out" not in wide


def test_cli_refuses_bad_tournaments() -> None:
    assert cli.main(["arena", "liars-dice", "--bots", "basic", "--games", "2", "--quiet"]) == 2
    assert cli.main(["arena", "liars-dice", "--bots", "basic,nope", "--games", "2", "--quiet"]) == 2
    assert cli.main(["arena", "liars-dice", "--bots", "basic,no_module:X", "--quiet"]) == 2
    assert cli.main(["arena", "liars-dice", "--bots", "basic,basic", "-o", "dice=99", "--quiet"]) == 2


@pytest.mark.parametrize(
    ("flag", "target", "said"),
    [
        ("--json", "/nonexistent/x.json", "no such folder"),
        ("--csv", "/nonexistent/x.csv", "no such folder"),
        ("--plot", "/nonexistent/p.png", "no such folder"),
        ("--plot", "p.txt", "--plot draws .png, .svg, .pdf files"),
        ("--jobs", "0", "--jobs takes 1 or more"),
    ],
)
def test_cli_refuses_an_output_it_cannot_write_before_playing(
    flag: str, target: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json /nonexist/x.json`` and ``--plot p.txt`` ended in a traceback once every game had been
    played, the results lost: they are refused at the start, with nothing played (the results
    table, printed once the games are over, never comes)."""
    args = ["arena", "liars-dice", "--bots", "random,random", "--games", "2", "--quiet", flag, target]
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert said in err and "Traceback" not in err, err
    assert out == ""


def test_a_bot_option_with_no_strong_seat_is_refused_not_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bot-option`` is for the strong bots; with none at the table it was dropped without a word,
    so a tuning run of ``basic,basic --bot-option worlds=400`` measured what it did not ask for."""
    args = ["arena", "liars-dice", "--bots", "basic,basic", "--games", "2", "--quiet"]
    assert cli.main([*args, "--bot-option", "foo=1"]) == 2
    out, err = capsys.readouterr()
    assert "--bot-option" in err and "strong" in err and "Traceback" not in err, err
    assert out == ""


def test_csv_to_standard_output_is_the_csv_alone() -> None:
    """``--csv -`` printed an empty line before the header (the progress bar's, on standard output),
    so ``liars arena ... --csv - > r.csv`` made a file whose first row was empty."""
    cmd = [sys.executable, "-m", "liars.cli", "arena", "liars-dice", "--bots", "basic,basic"]
    done = subprocess.run(
        [*cmd, "--games", "2", "--jobs", "1", "--csv", "-"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("game,players,seed,bot,"), done.stdout
    assert len(lines) == 3 and all(line.startswith("liars-dice,2,") for line in lines[1:]), done.stdout


def test_a_game_past_the_action_bound_is_stopped_and_counted_unfinished() -> None:
    config = arena.Config("liegen", ("random", "random", "random"), seed=3, max_actions=12)
    records = arena.run(config, arena.schedule(config, 3))
    assert all(r["unfinished"] and r["actions"] == 12 and r["winners"] == [] for r in records)
    summary = arena.summarize(config, records)
    assert summary["unfinished"] == 3
    assert all(row["wins"] == 0 and row["games"] == 3 for row in summary["rows"])
    assert "3 unfinished" in arena_output.table(summary)
    finished = arena.summarize(DICE, arena.run(DICE, arena.schedule(DICE, 3)))
    assert finished["unfinished"] == 0 and "unfinished" not in arena_output.table(finished)


def test_the_default_bound_is_the_games_own_and_far_beyond_real_games() -> None:
    import liars
    from liars import bots

    for game_id in liars.GAME_IDS:
        game = liars.make(game_id, seed=0)
        assert bots.action_bound(game) >= 1000
    dice = [liars.make("liars-dice", players=n, dice=d, seed=0) for n, d in ((2, 1), (6, 5))]
    assert bots.action_bound(dice[0]) < bots.action_bound(dice[1])  # more dice, more rounds
    short, long = (liars.make("love-letter", players=4, target_wins=w, seed=0) for w in (1, 9))
    assert bots.action_bound(short) < bots.action_bound(long)
    record = arena.play(DICE, arena.schedule(DICE, 1)[0])
    assert not record["unfinished"] and record["winners"]


def test_max_actions_is_checked_before_anything_is_played() -> None:
    for bad in (0, -3):
        config = arena.Config("liars-dice", ("basic", "basic"), seed=1, max_actions=bad)
        with pytest.raises(ValueError, match="max actions"):
            config.check()


def test_the_arena_command_reports_unfinished_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(
        [
            "arena",
            "liegen",
            "--bots",
            "random,random",
            "--games",
            "2",
            "--jobs",
            "1",
            "--quiet",
            "--max-actions",
            "9",
        ]
    )
    assert code == 0
    assert "2 unfinished" in capsys.readouterr().out


_CTRL_C_AT_FORK = """
import os, signal, sys
from liars import arena
fired = []
def press_ctrl_c() -> None:
    if not fired:  # the first fork only: the moment a key pressed while workers start would land
        fired.append(True)
        os.kill(os.getpid(), signal.SIGINT)
os.register_at_fork(after_in_parent=press_ctrl_c)
config = arena.Config("cheat", ("strong", "basic", "basic", "basic"), seed=1)
try:
    arena.run(config, arena.schedule(config, 400), jobs=2)
except KeyboardInterrupt:
    print("stopped")
else:
    print("played on")
"""


def test_a_ctrl_c_while_the_workers_fork_stops_the_arena() -> None:
    """CI saw a Ctrl-C pressed as `--jobs 2` forked its workers print «Exception ignored in
    _releaseLock … KeyboardInterrupt» and be lost: the interrupt was raised inside `logging`'s
    at-fork hook, which swallows it, and the arena played all 3,000 games.  The press is now held
    until the workers exist and then stops the run."""
    done = subprocess.run(
        [sys.executable, "-c", _CTRL_C_AT_FORK], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip() == "stopped", done.stderr
    assert "Exception ignored" not in done.stderr and "Traceback" not in done.stderr


def test_a_bot_that_raises_is_one_line_naming_it_the_game_and_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's bot that raised printed a wall of the arena's frames (with ``--jobs 2`` the pool's
    as well), and nothing said in which game or seat: now one line says what and where."""
    (tmp_path / "crashing_bots.py").write_text(
        "class Crash:\n"
        "    def act(self, view, legal_actions):\n"
        "        if view['bid'] is not None:\n"
        "            raise KeyError('oops')\n"
        "        return legal_actions[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    for jobs in ("1", "2"):
        argv = ["arena", "liars-dice", "--bots", "crashing_bots:Crash,basic", "--games", "2", "--quiet"]
        assert cli.main([*argv, "--jobs", jobs]) == 2
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err, err
        assert "liars: bot crashing_bots:Crash failed: KeyError: 'oops'" in err
        assert "crashing_bots.py, line 4, in act" in err
        assert "game 0 of the arena" in err and "seat " in err and "action " in err


def test_an_illegal_answer_says_in_which_game_and_seat() -> None:
    config = arena.Config("liars-dice", ("basic", "tests.test_arena:Broken"), seed=1)
    with pytest.raises(
        IllegalAction, match=r"Broken answered .*\(game 0 of the arena, deal seed \d+, seat 1"
    ):
        arena.run(config, arena.schedule(config, 2))
