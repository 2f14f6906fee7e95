"""Conformance spec for ``liars-dice``."""

from __future__ import annotations

import random
from typing import Any

from . import JSON, Spec


def hidden_twins(players: int, options: JSON, seat: int, rng: random.Random) -> tuple[JSON, JSON]:
    n = options.get("dice", 5)
    mine = sorted(rng.randint(1, 6) for _ in range(n))
    a = [mine if s == seat else sorted(rng.randint(1, 6) for _ in range(n)) for s in range(players)]
    b = [list(h) for h in a]
    other = (seat + 1) % players
    b[other] = sorted(((d % 6) + 1) for d in b[other])  # every other die changes
    opener = rng.randrange(players)
    return {"dice": a, "opener": opener}, {"dice": b, "opener": opener}


def own_secret(view: JSON, setup: JSON, seat: int) -> bool:
    return bool(view["dice"] == sorted(setup["dice"][seat]))


def reveals(action: JSON) -> bool:
    return action["type"] in ("liar", "spot_on")


MALFORMED: list[Any] = [
    None,
    3,
    "liar",
    [],
    {},
    {"type": "raise"},
    {"type": "bid"},
    {"type": "bid", "quantity": 1},
    {"type": "bid", "quantity": 1, "face": 7},
    {"type": "bid", "quantity": 0, "face": 3},
    {"type": "bid", "quantity": 1.0, "face": 3},
    {"type": "bid", "quantity": True, "face": 3},
    {"type": "bid", "quantity": "2", "face": 3},
    {"type": "bid", "quantity": 2, "face": 3, "extra": 1},
    {"type": "liar", "quantity": 2},
]

SPEC = Spec(
    game_id="liars-dice",
    configs=[
        (2, {"dice": 1}),
        (2, {}),
        (3, {"wild_ones": True}),
        (4, {"spot_on": True, "dice": 2}),
        (6, {"wild_ones": True, "spot_on": True, "dice": 3}),
    ],
    hidden_twins=hidden_twins,
    own_secret=own_secret,
    reveals=reveals,
    malformed=MALFORMED,
)
