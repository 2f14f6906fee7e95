"""Poker hands in words, and reading them back: "et par seksere", "full house, drie zessen en twee drieën".

Why a reader of its own: a poker claim is said many ways at a table, and a
player should type it the way they would say it: "pair of aces", "to par,
femmere og toere", "hus 6 over 3", "kleine straat", "fem ess", "carré
vieren".  The hand names and the value words come from the catalog (so what
the screen says can be typed back), with the English forms always read too.
The reader only turns words into a claim; whether the claim is allowed now
is for the legal actions (and the engine) to say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import _, pgettext
from .ui import InputError
from .words import NUMBERS_EN, capital, number_word, read_face

HANDS = (
    "nothing", "pair", "two_pairs", "three", "low_straight", "high_straight", "full_house", "four", "five",
)  # fmt: skip
# How many values each hand names: the straights and "nothing" name none.
ARITY = {"nothing": 0, "pair": 1, "two_pairs": 2, "three": 1, "low_straight": 0, "high_straight": 0,
         "full_house": 2, "four": 1, "five": 1}  # fmt: skip


def rank(value: int) -> int:
    """A die value's place in poker order: the ace (1) is highest, then 6, 5, 4, 3, 2."""
    return 7 if value == 1 else value


def value_word(value: int) -> str:
    """A value in the plural, as hands name it: "ess" / "azen" / "aces", "seksere" / "zessen" / "sixes"."""
    return (
        pgettext("poker value", "aces"),
        pgettext("poker value", "twos"),
        pgettext("poker value", "threes"),
        pgettext("poker value", "fours"),
        pgettext("poker value", "fives"),
        pgettext("poker value", "sixes"),
    )[value - 1]


def hand_type(hand: str) -> str:
    """A hand's kind alone, as the picker and the help name it: "tre like", "kleine straat", "two pairs"."""
    return {
        "nothing": pgettext("poker hand", "nothing"),
        "pair": pgettext("poker hand", "pair"),
        "two_pairs": pgettext("poker hand", "two pairs"),
        "three": pgettext("poker hand", "three of a kind"),
        "low_straight": pgettext("poker hand", "low straight"),
        "high_straight": pgettext("poker hand", "high straight"),
        "full_house": pgettext("poker hand", "full house"),
        "four": pgettext("poker hand", "four of a kind"),
        "five": pgettext("poker hand", "five of a kind"),
    }[hand]


def claim_words(hand: str, values: Sequence[int]) -> str:
    """A claim as a player says it: "a pair of sixes", "to par, femmere og toere", "vijf azen"."""
    v = [value_word(x) for x in values]
    if hand == "nothing":
        return _("nothing")
    if hand == "pair":
        return _("a pair of {x}").format(x=v[0])
    if hand == "two_pairs":
        return _("two pairs, {x} and {y}").format(x=v[0], y=v[1])
    if hand == "three":
        return _("three {x}").format(x=v[0])
    if hand == "low_straight":
        return _("a low straight")
    if hand == "high_straight":
        return _("a high straight")
    if hand == "full_house":
        return _("a full house, three {x} and two {y}").format(x=v[0], y=v[1])
    if hand == "four":
        return _("four {x}").format(x=v[0])
    return _("five {x}").format(x=v[0])


def claim_of(c: Mapping[str, Any]) -> str:
    return claim_words(c["hand"], c["values"])


def best_hand(dice: Sequence[int]) -> tuple[str, list[int]]:
    """The best claim five dice hold (to say what a lifted cup showed)."""
    counts = {v: list(dice).count(v) for v in set(dice)}
    by = sorted(counts, key=lambda v: (counts[v], rank(v)), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        return "five", [by[0]]
    if shape[0] == 4:
        return "four", [by[0]]
    if shape[:2] == [3, 2]:
        return "full_house", [by[0], by[1]]
    if set(dice) == {1, 3, 4, 5, 6}:
        return "high_straight", []
    if set(dice) == {2, 3, 4, 5, 6}:
        return "low_straight", []
    if shape[0] == 3:
        return "three", [by[0]]
    if shape[:2] == [2, 2]:
        return "two_pairs", [by[0], by[1]]
    if shape[0] == 2:
        return "pair", [by[0]]
    return "nothing", []


# Phrases that name a hand, in nb, nl and en, as people say them (the catalog's names are added).
PHRASES: dict[str, tuple[str, ...]] = {
    "nothing": ("nothing", "no hand", "ingenting", "ingen ting", "ingen", "niets", "niks"),
    "two_pairs": ("two pairs", "two pair", "2 pairs", "2 pair", "to par", "2 par", "twee paar", "2 paar",
                  "twee paren"),
    "pair": ("pair", "one pair", "par", "paar"),
    "three": ("three of a kind", "trips", "tre like", "tress", "drie gelijke", "drie dezelfde", "drieling"),
    "low_straight": ("low straight", "small straight", "liten straight", "lav straight", "kleine straat",
                     "kleine straight", "lage straat"),
    "high_straight": ("high straight", "big straight", "large straight", "stor straight", "høy straight",
                      "grote straat", "grote straight", "hoge straat"),
    "full_house": ("full house", "full", "house", "fullt hus", "hus", "fullhouse"),
    "four": ("four of a kind", "quads", "fire like", "vier gelijke", "carré", "carre"),
    "five": ("five of a kind", "fem like", "vijf gelijke", "poker", "yatzy", "yahtzee"),
}  # fmt: skip
STRAIGHT = frozenset({"straight", "straat"})
# Little words around the values: articles, "of", "and", "over" (nb, nl, en).
FILLER = frozenset(
    {"a", "an", "of", "the", "and", "over", "with", "full", "et", "ett", "ei", "i", "med", "av", "og",
     "fulle", "een", "één", "van", "met", "en", "&", "+", "/"}
)  # fmt: skip
ACES = frozenset({"ace", "aces", "ess", "esser", "aas", "azen", "a's"})


def _phrases() -> list[tuple[list[str], str]]:
    """Every hand phrase as tokens, the longest first (so "to par" wins over "par")."""
    out = [(p.split(), h) for h, ps in PHRASES.items() for p in ps]
    out += [(hand_type(h).lower().split(), h) for h in HANDS]
    return sorted(out, key=lambda x: -len(x[0]))


def read_value(token: str) -> int | None:
    """A die value from ``6``, ``6s``, "seksere", "zessen", "sixes", "ess", "azen", "aces"."""
    t = token.strip().lower().strip("'’")
    if t in ACES:
        return 1
    for v in range(1, 7):
        if t == value_word(v).lower():
            return v
    if len(t) > 1 and t[0].isdigit() and t[1:] in ("s", "'s", "ere", "er", "en", "'en"):
        t = t[0]
    face = read_face(t)
    return face if face is not None and 1 <= face <= 6 else None


def _count(token: str) -> int | None:
    """2 to 5 as a word of this language or English, or a digit."""
    t = token.lower()
    if t.isdigit():
        return int(t) if 2 <= int(t) <= 5 else None
    for n in range(2, 6):
        if t in (number_word(n).lower(), NUMBERS_EN[n]):
            return n
    return None


def tokens(text: str) -> list[str]:
    t = text.strip().lower()
    for sep in (",", ";", ":", ".", "!", "(", ")", "–", "—"):
        t = t.replace(sep, " ")
    return t.split()


def read_claim(text: str) -> tuple[str, list[int]]:
    """(hand, values) from what a player typed; else :class:`InputError`, saying what is missing."""
    toks = tokens(text)
    hand = None
    for phrase, h in _phrases():
        n = len(phrase)
        for i in range(len(toks) - n + 1):
            if toks[i : i + n] == phrase:
                hand, toks = h, toks[:i] + toks[i + n :]
                break
        if hand:
            break
    if hand is None and STRAIGHT & set(toks):
        raise InputError(_("Which straight: low (2 to 6) or high (3 to ace)?"))
    rest = [t for t in toks if t not in FILLER]
    items: list[tuple[int | None, int]] = []  # (how many, value), in the order typed
    i = 0
    while i < len(rest):
        t = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        c = _count(t)
        if c is not None and nxt is not None and read_value(nxt) is not None and _count(nxt) is None:
            items.append((c, read_value(nxt) or 0))
            i += 2
            continue
        v = read_value(t)
        if v is None:
            raise InputError(_("“{word}” is not a hand or a die value I know.").format(word=t))
        items.append((None, v))
        i += 1
    if hand is None:
        hand = _hand_from_counts(items)
    values = [v for _c, v in items]
    want = ARITY[hand]
    if len(values) != want or len(set(values)) != len(values):
        raise InputError(_need(hand))
    if hand == "two_pairs":
        values.sort(key=rank, reverse=True)
    elif hand == "full_house" and items[1][0] == 3:
        values.reverse()  # "two threes and three sixes": the three of a kind comes first
    return hand, values


def _hand_from_counts(items: list[tuple[int | None, int]]) -> str:
    counts = [c for c, _v in items]
    if counts == [2]:
        return "pair"
    if counts == [3]:
        return "three"
    if counts == [4]:
        return "four"
    if counts == [5]:
        return "five"
    if sorted(c or 0 for c in counts) == [2, 3]:
        return "full_house"
    if counts == [2, 2]:
        return "two_pairs"
    raise InputError(_("Name a hand, e.g. “a pair of sixes”, “two pairs 5 and 2”, “full house 6 over 3”."))


def _need(hand: str) -> str:
    if ARITY[hand] == 0:
        return capital(_("{hand} names no values: type it alone.").format(hand=hand_type(hand)))
    if ARITY[hand] == 1:
        text = _("{hand} needs one value, e.g. “{example}”.")
        return capital(text.format(hand=hand_type(hand), example=claim_words(hand, [6])))
    text = _("{hand} needs two different values, e.g. “{example}”.")
    return capital(text.format(hand=hand_type(hand), example=claim_words(hand, [6, 3])))
