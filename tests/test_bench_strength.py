"""The strength benchmark labels what it counts: Love Letter's single rounds, or whole matches.

Why: a Love Letter round and a match to four wins give very different rates
for the same bot (33% of rounds, 46% of matches against three Keepers), so a
line that said "rounds" for a run of matches would misreport the figure.
Strength itself is measured in bench/, never here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import strength


@pytest.mark.parametrize(
    ("extra", "label"),
    [((), "rounds"), ((("target_wins", 1),), "rounds"), ((("target_wins", 4),), "matches")],
)
def test_love_letter_lines_say_rounds_or_matches(extra: tuple[tuple[str, int], ...], label: str) -> None:
    bench = strength.gauntlet_benches("love-letter", "basic", 2, "counter")[0]
    assert strength.unit(bench, (*bench.options, *extra)) == label


def test_other_games_carry_no_label() -> None:
    bench = strength.gauntlet_benches("liegen", "basic", 3, "honest")[0]
    assert strength.unit(bench, (*bench.options, ("target_wins", 2))) == ""


def test_a_run_of_matches_prints_matches(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--gauntlet", "--only", "love-letter", "--players", "2", "--style", "counter", "--level", "basic"]
    # One job: no fork from a test worker that may hold other libraries' threads.
    assert strength.main([*args, "--games", "2", "--jobs", "1", "-o", "target_wins=2"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "basic vs Counter" in line and " matches " in line and "rounds" not in line
