"""Liegen encoder: the engine's own integer actions (``0`` accuse, ``1`` pass, ``2 + card*A + announce``).

The space is fixed per configuration (2706 ids, or 2 + 53*13 under
``follow = "rank_step"`` with jokers ...) and masks make it usable as it is,
so no abstraction is added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Game
from ..games.cheat_cards import RANKS
from .base import Encoder, Field, Obs

SUITS = "CDHS"
CARD = {r + s: i for i, (r, s) in enumerate((r, s) for r in RANKS for s in SUITS)}
RANK = {r: 52 + i for i, r in enumerate(RANKS)}  # rank-only announcements (rank_step)
EVENTS = ("play", "accuse", "pass")
RECENT = 8


def card_cell(code: str) -> int:
    """52 cards, then 13 rank-only codes, then the joker."""
    if code == "X":
        return 65
    return CARD[code] if code in CARD else RANK[code]


class LiegenEncoder(Encoder):
    """Layout in ``docs/rl.md``."""

    version = 0
    tail = 3 * RECENT  # fill reads the recent events from this many

    def __init__(self, game: Game) -> None:
        n = game.players
        self.fields = (
            Field(
                "my_hand", 66, "own cards: 52 cards (rank-major, suits C D H S), 13 unused, jokers held / 2"
            ),
            Field("hand_sizes", n, "cards held per relative seat, / 54"),
            Field("pile_size", 1, "cards in the pile, / 54"),
            Field("announcement", 66, "one-hot last announcement (a card, or a rank under rank_step)"),
            Field("announcer", n, "one-hot relative seat of the last announcement"),
            Field("to_act", n, "one-hot relative seat to act"),
            Field("window", n, "relative seats still asked in the open accusation window"),
            Field("dealer", n, "one-hot relative dealer"),
            Field("round_wins", n, "rounds won per relative seat, / target_wins"),
            Field("turned", 66 + 66 + 1, "the last turned card: the card, what was announced, lie"),
            Field("turned_seats", 3 * n, "the last turned card: one-hot relative player, accuser, taker"),
            Field(
                "recent", RECENT * (3 + n), f"the last {RECENT} plays/accusations/passes: type, relative seat"
            ),
        )
        self.num_actions = game.num_actions or 0
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        n = self.players
        o = self.offsets
        if view["hand"]:
            for c in view["hand"]:
                if c == "X":
                    out[o["my_hand"] + 65] += 0.5
                else:
                    out[o["my_hand"] + card_cell(c)] = 1.0
        for s, k in enumerate(view["hand_sizes"]):
            out[o["hand_sizes"] + (s - me) % n] = k / 54
        out[o["pile_size"]] = view["pile_size"] / 54
        ann = view["announcement"]
        if ann is not None:
            out[o["announcement"] + card_cell(ann["card"])] = 1.0
            out[o["announcer"] + (ann["seat"] - me) % n] = 1.0
        if view["to_act"]:
            out[o["to_act"] + (view["to_act"][0] - me) % n] = 1.0
        for s in view["window"] or ():
            out[o["window"] + (s - me) % n] = 1.0
        out[o["dealer"] + (view["dealer"] - me) % n] = 1.0
        target = view["options"]["target_wins"]
        for s, w in enumerate(view["round_wins"]):
            out[o["round_wins"] + (s - me) % n] = w / target
        t = view["turned"]
        if t is not None:
            out[o["turned"] + card_cell(t["card"])] = 1.0
            out[o["turned"] + 66 + card_cell(t["announce"])] = 1.0
            out[o["turned"] + 132] = float(bool(t["lie"]))
            accused = t["accused"] if "accused" in t else t["seat"]  # older saves name it seat
            for i, seat in enumerate((accused, t["accuser"], t["taker"])):
                out[o["turned_seats"] + i * n + (seat - me) % n] = 1.0
        events = [e for e in view["history"][-3 * RECENT :] if e["type"] in EVENTS][-RECENT:]
        for i, e in enumerate(reversed(events)):
            base = o["recent"] + i * (3 + n)
            out[base + EVENTS.index(e["type"])] = 1.0
            out[base + 3 + (e["seat"] - me) % n] = 1.0
