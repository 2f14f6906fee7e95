"""Conformance spec for ``cheat``."""

from __future__ import annotations

import random
from typing import Any

from liars.games.cheat_cards import CODES

from . import JSON, Spec


def deal_setup(players: int, rng: random.Random, pile: int = 0) -> JSON:
    """A random legal position: ``pile`` cards on the table, the rest dealt round."""
    deck = list(CODES)
    rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i, c in enumerate(deck[pile:]):
        hands[i % players].append(c)
    return {
        "hands": [sorted(h, key=CODES.index) for h in hands],
        "pile": deck[:pile],
        "starter": rng.randrange(players),
        "required_rank": rng.choice("A23456789TJQK"),
    }


def hidden_twins(players: int, options: JSON, seat: int, rng: random.Random) -> tuple[JSON, JSON]:
    """Twins that differ by swapping a card between another hand and the pile, and between two others."""
    a = deal_setup(players, rng, pile=rng.randrange(1, 6))
    b = {**a, "hands": [list(h) for h in a["hands"]], "pile": list(a["pile"])}
    one, two = (seat + 1) % players, (seat + 2) % players
    i = rng.randrange(len(b["hands"][one]))
    b["hands"][one][i], b["pile"][0] = b["pile"][0], b["hands"][one][i]
    j = rng.randrange(len(b["hands"][two]))
    b["hands"][one][0], b["hands"][two][j] = b["hands"][two][j], b["hands"][one][0]
    return a, b


def own_secret(view: JSON, setup: JSON, seat: int) -> bool:
    return bool(view["hand"] == sorted(setup["hands"][seat], key=CODES.index))


def reveals(action: JSON) -> bool:
    kind: str = action["type"]
    return kind == "challenge"


MALFORMED: list[Any] = [
    None,
    3,
    "pass",
    [],
    {},
    {"type": "bid"},
    {"type": "play"},
    {"type": "play", "cards": []},
    {"type": "play", "cards": "5H"},
    {"type": "play", "cards": ["1H"]},
    {"type": "play", "cards": ["10H"]},
    {"type": "play", "cards": ["5X"]},
    {"type": "play", "cards": ["5h"]},
    {"type": "play", "cards": [5]},
    {"type": "play", "cards": ["5H", "5H"]},
    {"type": "play", "cards": ["5", "5", "5", "5", "5"]},
    {"type": "play", "cards": ["5H"], "rank": "5"},
    {"type": "challenge", "seat": 1},
    {"type": "pass", "x": None},
]

SPEC = Spec(
    game_id="cheat",
    configs=[
        (3, {"max_cards": 3}),
        (4, {}),
        (5, {"first_challenger_in_play_order": True}),
        (6, {}),
    ],
    hidden_twins=hidden_twins,
    own_secret=own_secret,
    reveals=reveals,
    malformed=MALFORMED,
    legal_is_complete=False,
)
