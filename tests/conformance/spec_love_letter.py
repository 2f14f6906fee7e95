"""Conformance spec for ``love-letter``."""

from __future__ import annotations

import random
from typing import Any

from liars.games.love_letter_cards import DECK

from . import JSON, Spec


def hidden_twins(players: int, options: JSON, seat: int, rng: random.Random) -> tuple[JSON, JSON]:
    """A fresh deal, and the same deal with another seat's card swapped with the set-aside card."""
    while True:
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [[c] for c in cards[:players]]
        aside, deck = cards[players], cards[players + 1 :]
        other = rng.choice([s for s in range(players) if s != seat])
        if hands[other][0] != aside:
            break
    starter = rng.randrange(players)
    a = {"hands": hands, "set_aside": aside, "deck": deck, "starter": starter}
    b_hands = [list(h) for h in hands]
    b_hands[other] = [aside]
    b = {"hands": b_hands, "set_aside": hands[other][0], "deck": deck, "starter": starter}
    return a, b


def own_secret(view: JSON, setup: JSON, seat: int) -> bool:
    return bool(setup["hands"][seat][0] in view["hand"])


def reveals(action: JSON) -> bool:
    """Every card but Q and 9 can show or test a hand (and the twins' decks hold 11+ cards, so
    Q and 9 plays alone, at most three, never reach the showdown)."""
    return action["card"] not in ("Q", "9")


MALFORMED: list[Any] = [
    None,
    3,
    "Q",
    [],
    {},
    {"type": "draw"},
    {"type": "play"},
    {"type": "play", "card": "A"},
    {"type": "play", "card": "10", "target": 0},
    {"type": "play", "card": 6, "target": 1, "guess": "T"},
    {"type": "play", "card": "Q", "target": 1},
    {"type": "play", "card": "9", "guess": "K"},
    {"type": "play", "card": "6", "target": 1},
    {"type": "play", "card": "6", "target": 1, "guess": "6"},
    {"type": "play", "card": "5", "target": 1, "guess": "5"},
    {"type": "play", "card": "6", "guess": "K"},
    {"type": "play", "card": "7", "target": 1, "guess": "K"},
    {"type": "play", "card": "7", "target": 1.0},
    {"type": "play", "card": "7", "target": True},
    {"type": "play", "card": "7", "target": "1"},
    {"type": "play", "card": "7", "target": 9},
    {"type": "play", "card": "7", "target": None},
    {"type": "play", "card": "T"},
    {"type": "play", "card": "K", "extra": 1},
]

SPEC = Spec(
    game_id="love-letter",
    configs=[
        (2, {}),
        (3, {}),
        (4, {}),
        (2, {"target_wins": 1}),
        (4, {"target_wins": 2}),
    ],
    hidden_twins=hidden_twins,
    own_secret=own_secret,
    reveals=reveals,
    malformed=MALFORMED,
    single_winner=False,
)
