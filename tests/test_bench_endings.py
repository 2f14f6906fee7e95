"""The Love Letter endings benchmark sorts a round by what really ended it (bench/love_letter_endings.py).

Why: its table is read to decide where the strong bot loses rounds; a
round put under the wrong cause would send that work the wrong way.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import love_letter_endings as endings


def play(seat: int, card: str, **more: object) -> dict[str, object]:
    return {"type": "play", "seat": seat, "card": card, **more}


def out(seat: int, card: str) -> dict[str, object]:
    return {"type": "out", "seat": seat, "card": card}


def test_each_way_out_is_told_apart() -> None:
    named = [play(1, "6", target=0, guess="9", hit=True), out(0, "9")]
    assert endings.ending(named, 0, [1], 2) == "out: named by a 6 or 5"
    theirs = [play(1, "8", target=0, loser=0), out(0, "7")]
    assert endings.ending(theirs, 0, [1], 2) == "out: an 8 played at it"
    mine = [play(0, "8", target=1, loser=0), out(0, "7")]
    assert endings.ending(mine, 0, [1], 2) == "out: its own 8"
    prince = [play(2, "T", target=0, discarded="K"), out(0, "K")]
    assert endings.ending(prince, 0, [2], 3) == "out: a 10 threw its K"
    own_k = [play(0, "K"), out(0, "K")]
    assert endings.ending(own_k, 0, [1], 2) == "out: played its K"


def test_wins_and_the_showdown() -> None:
    others_out = [
        play(0, "6", target=1, guess="9", hit=True),
        out(1, "9"),
        play(0, "8", target=2, loser=2),
        out(2, "7"),
    ]
    assert endings.ending(others_out, 0, [0], 3) == "won: last one in"
    assert endings.ending(others_out[:2], 0, [0], 3) == "won: showdown"
    assert endings.ending(others_out[:2], 0, [0, 2], 3) == "won: shared"
    assert endings.ending(others_out[:2], 2, [0], 3) == "lost: showdown"


def test_a_run_sorts_every_round() -> None:
    counts = endings.run("basic", "counter", rounds=6, seed=1, players=3)
    assert sum(counts.values()) == 6 and set(counts) <= set(endings.ORDER)
