"""The 16 cards of Kjærlighetsbrev as data, shared by the rules, the views and the bots.

A module of its own so that :mod:`.love_letter_view` and the bots can use
the card table without importing the rules module (no import cycles).
"""

from __future__ import annotations

RANKS = ("K", "Q", "J", "T", "9", "8", "7", "6", "5")  # rank codes, highest first
VALUE = {"K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5}
COUNT = {"K": 1, "Q": 1, "J": 1, "T": 2, "9": 2, "8": 2, "7": 2, "6": 3, "5": 2}
DECK = tuple(r for r in RANKS for _ in range(COUNT[r]))  # the 16 cards
GUESSES = ("7", "8", "9", "T", "J", "Q", "K")  # a 6 or 5 names a card of 7 or higher
TARGETED = frozenset("JT8765")  # cards that choose a player
GUESSING = frozenset("65")
SECRET_KEYS = ("seen", "cards", "gave", "got", "drew")  # event details only "_for" seats see
