"""Conformance spec for ``liars-dice-poker``.

The twins differ in the starter's opening roll, which the other seat does
not see until it accepts the cup: accepting (and a call) reveal it.
"""

from __future__ import annotations

import random
from typing import Any

from . import JSON, Spec


def hidden_twins(players: int, options: JSON, seat: int, rng: random.Random) -> tuple[JSON, JSON]:
    lives = options.get("lives", 5)
    dice = sorted(rng.randint(1, 6) for _ in range(5))
    other = sorted((d % 6) + 1 for d in dice)  # every die changes
    base = {"lives": [lives, lives], "starter": 1 - seat}
    return {**base, "dice": dice}, {**base, "dice": other}


def own_secret(view: JSON, setup: JSON, seat: int) -> bool:
    # the seat does not hold the cup yet: it may see nothing of the dice
    return view["dice"] is None and view["passed_dice"] is None and view["holder"] != seat


def reveals(action: JSON) -> bool:
    return action["type"] in ("liar", "accept")


MALFORMED: list[Any] = [
    None,
    3,
    "liar",
    [],
    {},
    {"type": "bid"},
    {"type": "claim"},
    {"type": "claim", "hand": "pair"},
    {"type": "claim", "hand": "pair", "values": []},
    {"type": "claim", "hand": "pair", "values": [7]},
    {"type": "claim", "hand": "pair", "values": [1.0]},
    {"type": "claim", "hand": "pair", "values": [True]},
    {"type": "claim", "hand": "pair", "values": 1},
    {"type": "claim", "hand": "royal", "values": []},
    {"type": "claim", "hand": "two_pairs", "values": [2, 6]},
    {"type": "claim", "hand": "two_pairs", "values": [3, 3]},
    {"type": "claim", "hand": "full_house", "values": [4, 4]},
    {"type": "claim", "hand": "nothing", "values": [1]},
    {"type": "claim", "hand": "pair", "values": [1], "extra": 1},
    {"type": "reroll"},
    {"type": "reroll", "dice": [0]},
    {"type": "reroll", "dice": [1, 1, 1, 1, 1, 1]},
    {"type": "reroll", "dice": "11"},
    {"type": "liar", "dice": []},
    {"type": "accept", "x": 1},
]

SPEC = Spec(
    game_id="liars-dice-poker",
    configs=[(2, {"lives": 1}), (2, {}), (2, {"lives": 10})],
    hidden_twins=hidden_twins,
    own_secret=own_secret,
    reveals=reveals,
    malformed=MALFORMED,
)
