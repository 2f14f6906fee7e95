"""Cards for ``cheat``: codes, bit masks, the integer play table, and what a view knows.

Kept apart from the rules (``cheat.py``) so that bots can use the same
helpers without touching a state.  This module registers nothing.

A card is an integer ``rank * 4 + suit`` (rank 0 = Ace ... 12 = King, suit
``CDHS``), and a set of cards is a 52-bit mask: a hand, the pile and the last
play are each one int, so playing, taking the pile and testing a claim are a
few bit operations.  Cards of one rank sit in one 4-bit nibble.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK = 52
FULL = (1 << DECK) - 1
PILE = -1  # a location: the discard pile
MAX_LISTED = 4  # legal_actions lists plays of at most four cards (more is a sure lie)

CODES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
CARD_OF: dict[str, int] = {c: i for i, c in enumerate(CODES)}
RANK_OF: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
RANK_MASK: tuple[int, ...] = tuple(0xF << (4 * r) for r in range(13))
POP4: tuple[int, ...] = tuple(bin(i).count("1") for i in range(16))
LOW4: tuple[int, ...] = (0, *((i & -i) for i in range(1, 16)))  # lowest set bit of a nibble

# -- the integer play table --------------------------------------------------
# Ids 0 and 1 are challenge and pass; 2 + k is the k-th multiset of ranks of
# size 1..4, by size and then lexicographically (suits do not matter).
PLAY_RANKS: tuple[tuple[int, ...], ...] = tuple(
    t for k in range(1, MAX_LISTED + 1) for t in combinations_with_replacement(range(13), k)
)
PLAY_ID: dict[tuple[int, ...], int] = {t: 2 + i for i, t in enumerate(PLAY_RANKS)}
NUM_ACTIONS = 2 + len(PLAY_RANKS)
# CHILD[node][r]: the id of multiset ``node + (r,)`` (node 0 is the empty multiset; 0 where undefined).
CHILD: list[list[int]] = [[0] * 13 for _ in range(NUM_ACTIONS)]
for _t, _i in PLAY_ID.items():
    CHILD[PLAY_ID[_t[:-1]] if len(_t) > 1 else 0][_t[-1]] = _i


def rank_counts(hand: int) -> list[int]:
    """How many cards of each rank a hand mask holds."""
    return [POP4[(hand >> (4 * r)) & 15] for r in range(13)]


def legal_play_ids(counts: Sequence[int], most: int) -> list[int]:
    """Ids of every rank multiset of 1..``most`` cards (``most`` <= 4) that ``counts`` can pay, in id order.

    Walks the table as a trie: a sorted multiset grows by its last rank
    again (if the hand has another) or by a higher rank held.  Levels come
    out in size order and each in lexicographic order, which is id order.
    """
    avail = [r for r in range(13) if counts[r]]
    k = len(avail)
    out: list[int] = []
    level: list[tuple[int, int, int]] = []  # (node id, index of its last rank in avail, multiplicity)
    for j, r in enumerate(avail):
        i = CHILD[0][r]
        out.append(i)
        level.append((i, j, 1))
    for size in range(2, most + 1):
        last_level = size == most
        nxt: list[tuple[int, int, int]] = []
        for node, j, mult in level:
            child = CHILD[node]
            if mult < counts[avail[j]]:
                i = child[avail[j]]
                out.append(i)
                if not last_level:
                    nxt.append((i, j, mult + 1))
            if last_level:
                out.extend([child[r] for r in avail[j + 1 :]])
            else:
                for jj in range(j + 1, k):
                    i = child[avail[jj]]
                    out.append(i)
                    nxt.append((i, jj, 1))
        level = nxt
    return out


def take_ranks(hand: int, ranks: Iterable[int]) -> int:
    """The mask of the lowest-suit cards of ``ranks`` in ``hand`` (repeats take more); 0 if short."""
    chosen = 0
    for r in ranks:
        shift = 4 * r
        free = ((hand & ~chosen) >> shift) & 15
        if not free:
            return 0
        chosen |= LOW4[free] << shift
    return chosen


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes_of(mask: int) -> list[str]:
    """Card codes of a mask, Ace of clubs first (the canonical order everywhere).

    A byte of the mask at a time from a table: every view lists a hand, and
    card by card it was most of a view's cost.
    """
    out: list[str] = []
    for k, table in enumerate(_BYTE_CODES):
        b = (mask >> (8 * k)) & 255
        if b:
            out += table[b]
    return out


# _BYTE_CODES[k][b]: the codes of the cards 8k..8k+7 set in byte value b.
_BYTE_CODES = tuple(
    tuple(tuple(CODES[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < DECK) for b in range(256))
    for k in range((DECK + 7) // 8)
)


def mask_of(codes: Iterable[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << CARD_OF[c]
    return m


# -- what a view knows about where cards are ---------------------------------
def known_locations(view: Mapping[str, Any]) -> dict[int, int]:
    """Cards whose place the viewer knows for certain: card -> seat, or :data:`PILE`.

    Read from the view only: its own hand, its own plays (now in the pile),
    pickups (the pile goes to the taker with every card known in it, and the
    turned cards), and forgetting a seat's known cards once that seat plays
    (any of them may now be in the pile).  A sound under-approximation: what
    it says is true, what it does not say is unknown.
    """
    me = view["seat"]
    known: dict[int, int] = {}
    for e in view["history"]:
        kind = e["type"]
        if kind == "play":
            s = e["seat"]
            if s == me and e.get("cards") is not None:
                for c in e["cards"]:
                    known[CARD_OF[c]] = PILE
            else:
                for c in [c for c, where in known.items() if where == s]:
                    del known[c]
        elif kind == "challenge":
            taker = e["taker"]
            for c, where in list(known.items()):
                if where == PILE:
                    known[c] = taker
            for c in e["cards"]:
                known[CARD_OF[c]] = taker
    if me is not None:
        for c in [c for c, where in known.items() if where == me]:
            del known[c]
        for code in view["hand"]:
            known[CARD_OF[code]] = me
    return known


# -- history events ----------------------------------------------------------
# A state keeps its history as one string of short events joined by ";" (saving,
# loading and cloning a long game stay cheap); views expand them for the viewer:
#   "S<starter>,<rank>,<pile size>,<size>.<size>..."   start
#   "P<seat>,<rank>,<count>,<mask or ->"                  play ("-": cards unknown, in sampled states)
#   "C<seat>,<target>,<rank>,<mask>,<1|0>,<taker>,<taken>" challenge
#   "W<seat>"                                             win
def start_event(starter: int, rank: int, pile: int, sizes: Sequence[int]) -> str:
    return f"S{starter},{rank},{pile},{'.'.join(map(str, sizes))}"


def play_event(seat: int, rank: int, cards: int | None, count: int) -> str:
    return f"P{seat},{rank},{count},{'-' if cards is None else cards}"


def challenge_event(
    seat: int, target: int, rank: int, turned: int, truthful: bool, taker: int, taken: int
) -> str:
    return f"C{seat},{target},{rank},{turned},{int(truthful)},{taker},{taken}"


def event_json(event: str, viewer: int | None) -> dict[str, Any]:
    """One stored event as ``viewer`` may see it: a play's cards only for its player."""
    kind = event[0]
    f = event[1:].split(",")
    if kind == "P":
        seat = int(f[0])
        out: dict[str, Any] = {"type": "play", "seat": seat, "count": int(f[2]), "rank": RANKS[int(f[1])]}
        if seat == viewer and f[3] != "-":
            out["cards"] = codes_of(int(f[3]))
        return out
    if kind == "C":
        return {
            "type": "challenge",
            "seat": int(f[0]),
            "target": int(f[1]),
            "rank": RANKS[int(f[2])],
            "cards": codes_of(int(f[3])),
            "truthful": f[4] == "1",
            "taker": int(f[5]),
            "taken": int(f[6]),
        }
    if kind == "S":
        return {
            "type": "start",
            "starter": int(f[0]),
            "required_rank": RANKS[int(f[1])],
            "hand_sizes": [int(x) for x in f[3].split(".")],
            "pile_size": int(f[2]),
        }
    return {"type": "win", "seat": int(f[0])}


def event_of_json(e: Mapping[str, Any], viewer: int) -> str:
    """The stored form of a viewed event (other seats' played cards become unknown)."""
    kind = e["type"]
    if kind == "play":
        cards = mask_of(e["cards"]) if e["seat"] == viewer and "cards" in e else None
        return play_event(e["seat"], RANK_OF[e["rank"]], cards, e["count"])
    if kind == "challenge":
        return challenge_event(
            e["seat"],
            e["target"],
            RANK_OF[e["rank"]],
            mask_of(e["cards"]),
            e["truthful"],
            e["taker"],
            e["taken"],
        )
    if kind == "start":
        return start_event(e["starter"], RANK_OF[e["required_rank"]], e["pile_size"], e["hand_sizes"])
    return f"W{e['seat']}"
