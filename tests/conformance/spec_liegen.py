"""Conformance spec for ``liegen``.

Uniformly random play makes very long games when anyone may accuse (nearly
every card is accused and a random card is nearly always a lie, so hands hardly
shrink: thousands of actions a game, tens of thousands with many players), and
this suite replays every action many times.  So the configurations here use
``accuse = "next"`` with several players, where random games take a few hundred
actions; ``tests/test_liegen_playouts.py`` runs the same kind of checks on the
``anyone`` rule with a policy that accuses less often.
"""

from __future__ import annotations

import random
from typing import Any

from liars.games.cheat_cards import RANKS
from liars.games.liegen import CARD_INDEX, CODES

from . import JSON, Spec


def hidden_twins(players: int, options: JSON, seat: int, rng: random.Random) -> tuple[JSON, JSON]:
    """A dealt position with one card of the next seat on the pile; twin b swaps that pile card
    with a card of another seat's hand (hidden from ``seat`` in both places)."""
    deck = list(CODES[:52]) + (["X", "X"] if options.get("jokers") else [])
    rng.shuffle(deck)
    other = (seat + 1) % players
    pile_card = next(c for c in deck if c != "X")
    deck.remove(pile_card)
    hands = [sorted(deck[k::players], key=CARD_INDEX.__getitem__) for k in range(players)]
    announce = rng.choice(RANKS if options.get("follow") == "rank_step" else CODES[:52])
    dealer = rng.randrange(players)
    a = {"hands": hands, "dealer": dealer, "pile": [{"seat": other, "card": pile_card, "announce": announce}]}
    holder = rng.choice([s for s in range(players) if s != seat])
    swap = rng.choice([c for c in hands[holder] if c != "X"])
    hands_b = [list(h) for h in hands]
    hands_b[holder] = sorted(
        [c for c in hands[holder] if c != swap] + [pile_card], key=CARD_INDEX.__getitem__
    )
    b = {"hands": hands_b, "dealer": dealer, "pile": [{"seat": other, "card": swap, "announce": announce}]}
    return a, b


def own_secret(view: JSON, setup: JSON, seat: int) -> bool:
    return bool(view["hand"] == sorted(setup["hands"][seat], key=CARD_INDEX.__getitem__))


def reveals(action: JSON) -> bool:
    kind: str = action["type"]
    return kind == "accuse"


MALFORMED: list[Any] = [
    None,
    3,
    "pass",
    [],
    {},
    {"type": "bid"},
    {"type": "play"},
    {"type": "play", "card": "KS"},
    {"type": "play", "announce": "3S"},
    {"type": "play", "card": "ZZ", "announce": "3S"},
    {"type": "play", "card": "10S", "announce": "3S"},
    {"type": "play", "card": "ks", "announce": "3S"},
    {"type": "play", "card": 5, "announce": "3S"},
    {"type": "play", "card": "KS", "announce": "X"},
    {"type": "play", "card": "KS", "announce": "33"},
    {"type": "play", "card": "KS", "announce": None},
    {"type": "play", "card": "KS", "announce": "3S", "extra": 1},
    {"type": "accuse", "card": "KS"},
    {"type": "pass", "seat": 1},
]

SPEC = Spec(
    game_id="liegen",
    configs=[
        (4, {"accuse": "next", "follow": "suit", "first_dealer": 3}),
        (5, {"accuse": "next", "follow": "rank_step"}),
        (6, {"accuse": "next", "jokers": True}),
        (8, {"accuse": "next", "target_wins": 2}),
    ],
    hidden_twins=hidden_twins,
    own_secret=own_secret,
    reveals=reveals,
    malformed=MALFORMED,
    max_steps=100000,
)
