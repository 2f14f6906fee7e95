"""Love Letter encoder: the engine's own 62 integer actions (rank, target seat, guess), fixed per game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Game
from .base import Encoder, Field, Obs

RANKS = "KQJT98765"
RANK = {r: i for i, r in enumerate(RANKS)}
COPIES = {"K": 1, "Q": 1, "J": 1, "T": 2, "9": 2, "8": 2, "7": 2, "6": 3, "5": 2}
RECENT = 6


class LoveEncoder(Encoder):
    """Layout in ``docs/rl.md``; ranks are always in the order K Q J T 9 8 7 6 5."""

    version = 0
    tail = 4 * RECENT  # fill reads the recent plays from this many

    def __init__(self, game: Game) -> None:
        n = game.players
        self.fields = (
            Field("my_hand", 18, "own cards: per rank, a thermometer of 2 cells"),
            Field("played", 9 * n, "face-up cards per relative seat and rank, / copies of the rank"),
            Field("out", n, "relative seats knocked out this round"),
            Field("protected", n, "relative seats protected this round"),
            Field("known", 9 * n, "cards I know others hold now: one-hot rank per relative seat"),
            Field("unseen", 9, "copies of each rank I have not seen, / copies of the rank"),
            Field("deck_size", 1, "cards left to draw, / 16"),
            Field("to_act", n, "one-hot relative seat to act"),
            Field("starter", n, "one-hot relative seat that started this round"),
            Field("round_wins", n, "rounds won per relative seat, / target_wins"),
            Field("recent", RECENT * (n + 9 + n + 9), f"the last {RECENT} plays: seat, card, target, guess"),
        )
        self.num_actions = game.num_actions or 0
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        n = self.players
        o = self.offsets
        seen = [0] * 9
        for c in view["hand"] or ():
            out[o["my_hand"] + 2 * RANK[c] + seen[RANK[c]]] = 1.0
            seen[RANK[c]] += 1
        for s, cards in enumerate(view["played"]):
            for c in cards:
                out[o["played"] + 9 * ((s - me) % n) + RANK[c]] += 1.0 / COPIES[c]
        for s in range(n):
            r = (s - me) % n
            out[o["out"] + r] = float(bool(view["out"][s]))
            out[o["protected"] + r] = float(bool(view["protected"][s]))
        for s, c in (view["known"] or {}).items():
            out[o["known"] + 9 * ((int(s) - me) % n) + RANK[c]] = 1.0
        for c, k in (view["unseen"] or {}).items():
            out[o["unseen"] + RANK[c]] = k / COPIES[c]
        out[o["deck_size"]] = view["deck_size"] / 16
        if view["to_act"]:
            out[o["to_act"] + (view["to_act"][0] - me) % n] = 1.0
        if view["starter"] is not None:
            out[o["starter"] + (view["starter"] - me) % n] = 1.0
        target = view["target_wins"]
        for s, w in enumerate(view["round_wins"]):
            out[o["round_wins"] + (s - me) % n] = w / target
        plays = [e for e in view["history"][-4 * RECENT :] if e["type"] == "play"][-RECENT:]
        width = n + 9 + n + 9
        for i, e in enumerate(reversed(plays)):
            base = o["recent"] + i * width
            out[base + (e["seat"] - me) % n] = 1.0
            out[base + n + RANK[e["card"]]] = 1.0
            if e.get("target") is not None:
                out[base + n + 9 + (e["target"] - me) % n] = 1.0
            if e.get("guess") is not None:
                out[base + n + 9 + n + RANK[e["guess"]]] = 1.0
