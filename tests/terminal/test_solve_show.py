"""``liars solve ... --show``: the solved strategy in lines a person reads (issue 18)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from .drive import LIARS


def solve(*args: str) -> str:
    done = subprocess.run([LIARS, "solve", "liars-dice", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_show_prints_each_hands_opening_bids_and_the_replies(tmp_path: Path) -> None:
    out = tmp_path / "s.npz"
    text = solve("--dice", "1", "1", "--eps", "0.05", "--quiet", "--out", str(out), "--show")
    lines = text.splitlines()
    at = lines.index("The opener (1 die) opens with, per hand:")
    hands = lines[at + 1 : at + 7]
    assert [h.split()[0] for h in hands] == [f"[{d}]" for d in range(1, 7)]
    for h in hands:
        chances = [int(p) for p in re.findall(r"(\d+)%", h)]
        assert chances and sum(chances) <= 102 and chances == sorted(chances, reverse=True)
        assert all(re.fullmatch(r"1×[1-6]", b) for b in re.findall(r"(\S+) \d+%", h))  # one die: 1×face
    replies = [line for line in lines if line.startswith("After the opening bid ")]
    assert len(replies) == 3
    # Shown again from the file, without solving: the same lines, no solver output.
    again = solve("--dice", "1", "1", "--out", str(out), "--show")
    assert "CFR+" not in again and again.splitlines() == lines[at:]
