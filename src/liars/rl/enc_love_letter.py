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
        # Cells of 1 go in one list, fractions in another, each set by one
        # numpy call (an item assignment costs more than finding the cell).
        me = view["seat"]
        n = self.players
        o = self.offsets
        hot: list[int] = []
        cells: list[int] = []
        values: list[float] = []
        seen = [0] * 9
        at = o["my_hand"]
        for c in view["hand"] or ():
            r = RANK[c]
            hot.append(at + 2 * r + seen[r])
            seen[r] += 1
        at = o["played"]
        for s, played in enumerate(view["played"]):
            if played:
                counts = [0] * 9
                for c in played:
                    counts[RANK[c]] += 1
                base = at + 9 * ((s - me) % n)
                for r, k in enumerate(counts):
                    if k:
                        cells.append(base + r)
                        values.append(k / COPIES[RANKS[r]])
        out_at, prot_at = o["out"], o["protected"]
        knocked, protected = view["out"], view["protected"]
        for s in range(n):
            if knocked[s]:
                hot.append(out_at + (s - me) % n)
            if protected[s]:
                hot.append(prot_at + (s - me) % n)
        at = o["known"]
        for s, c in (view["known"] or {}).items():
            hot.append(at + 9 * ((int(s) - me) % n) + RANK[c])
        at = o["unseen"]
        for c, k in (view["unseen"] or {}).items():
            cells.append(at + RANK[c])
            values.append(k / COPIES[c])
        cells.append(o["deck_size"])
        values.append(view["deck_size"] / 16)
        if view["to_act"]:
            hot.append(o["to_act"] + (view["to_act"][0] - me) % n)
        if view["starter"] is not None:
            hot.append(o["starter"] + (view["starter"] - me) % n)
        target = view["target_wins"]
        at = o["round_wins"]
        cells += [at + (s - me) % n for s in range(n)]
        values += [w / target for w in view["round_wins"]]
        plays = [e for e in view["history"][-4 * RECENT :] if e["type"] == "play"][-RECENT:]
        width = n + 9 + n + 9
        at = o["recent"]
        for i, e in enumerate(reversed(plays)):
            base = at + i * width
            hot.append(base + (e["seat"] - me) % n)
            hot.append(base + n + RANK[e["card"]])
            if e.get("target") is not None:
                hot.append(base + n + 9 + (e["target"] - me) % n)
            if e.get("guess") is not None:
                hot.append(base + n + 9 + n + RANK[e["guess"]])
        out.put(cells, values)
        out.put(hot, 1.0)
