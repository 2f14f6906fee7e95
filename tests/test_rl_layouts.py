"""Observation vectors mean what docs/rl.md says, field by field.

Each expected vector is written here again from the view, the slow and
obvious way (per field, from ``encoder.layout()``'s offsets), so a fast
encoder that sets a wrong cell, or misses one, fails.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import liars
from liars.rl import encoder

FACES = 6


def expected_dice(view: dict[str, Any], n: int, d: int) -> np.ndarray:
    """The Liar's Dice layout of docs/rl.md, one field at a time."""
    me = view["seat"]
    b = FACES * n * d
    fields: dict[str, np.ndarray] = {}

    def rel(s: int) -> int:
        return (s - me) % n

    def thermo(count: int, width: int) -> list[float]:
        return [1.0 if i < count else 0.0 for i in range(width)]

    def cup(dice: list[int]) -> list[float]:
        return [x for face in range(1, FACES + 1) for x in thermo(dice.count(face), d)]

    def one_hot(i: int | None, size: int) -> list[float]:
        return [1.0 if i == k else 0.0 for k in range(size)]

    def index(bid: dict[str, Any]) -> int:
        return (bid["quantity"] - 1) * FACES + bid["face"] - 1

    fields["my_dice"] = np.array(cup(view["dice"] or []))
    counts = [0] * n
    for s, c in enumerate(view["dice_counts"]):
        counts[rel(s)] = c
    fields["dice_counts"] = np.array([x for c in counts for x in thermo(c, d)])
    fields["to_act"] = np.array(one_hot(rel(view["to_act"][0]) if view["to_act"] else None, n))
    fields["opener"] = np.array(one_hot(None if view["opener"] is None else rel(view["opener"]), n))
    fields["bid"] = np.array(one_hot(None if view["bid"] is None else index(view["bid"]), b))
    bids = np.zeros(n * b)
    for bid in view["bids"]:
        bids[rel(bid["seat"]) * b + index(bid)] = 1.0
    fields["bids"] = bids
    rev = view["revealed"]
    fields["rev_bid"] = np.array(one_hot(None if rev is None else index(rev["bid"]), b))
    fields["rev_call"] = np.array(
        [0.0, 0.0] if rev is None else [float(rev["call"] == "liar"), float(rev["call"] == "spot_on")]
    )
    fields["rev_caller"] = np.array(one_hot(None if rev is None else rel(rev["caller"]), n))
    cups: list[list[float]] = [cup([]) for _ in range(n)]
    losers = [0.0] * n
    if rev is not None:
        for s, dice in enumerate(rev["dice"]):
            cups[rel(s)] = cup(dice)
        for s in rev["losers"]:
            losers[rel(s)] = 1.0
    fields["rev_dice"] = np.array([x for c in cups for x in c])
    fields["rev_losers"] = np.array(losers)
    return np.concatenate([fields[name] for name in FIELD_ORDER]).astype(np.float32)


FIELD_ORDER = (
    "my_dice",
    "dice_counts",
    "to_act",
    "opener",
    "bid",
    "bids",
    "rev_bid",
    "rev_call",
    "rev_caller",
    "rev_dice",
    "rev_losers",
)


@pytest.mark.parametrize(
    "opts",
    [
        {"players": 2, "dice": 1},
        {"players": 3, "dice": 2, "spot_on": True},
        {"players": 4, "dice": 3, "wild_ones": True, "spot_on": True},
        {"players": 6, "dice": 5},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_liars_dice_vector_is_the_documented_layout(opts: dict[str, Any]) -> None:
    game = liars.make("liars-dice", seed=0, **opts)
    enc = encoder(game)
    n, d = opts["players"], opts["dice"]
    assert [name for name, *_ in enc.layout()] == list(FIELD_ORDER)
    rng = random.Random(5)
    seen_rev = seen_bids = 0
    for g in range(12):
        state = game.new_game(seed=g)
        while True:
            for seat in range(n):
                view = state.view(seat)
                got = enc.observe(view)
                assert got.dtype == np.float32 and got.shape == (enc.size,)
                np.testing.assert_array_equal(got, expected_dice(view, n, d), err_msg=f"{view}")
                seen_rev += view["revealed"] is not None
                seen_bids += len(view["bids"]) > 1
            if state.over:
                break
            state.act_id(rng.choice(state.legal_ids()))
    assert seen_rev and seen_bids  # calls, lifted cups and rounds of several bids were all encoded
