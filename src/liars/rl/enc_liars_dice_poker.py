"""Poker Liar's Dice encoder: the engine's own 536 integer actions, a one-hot view of the round.

The action space is the engine's (``0``-``71`` the claims in their order,
``72`` liar, ``73`` accept, ``74 + r`` the re-roll of the value multiset
``REROLLS[r]``), so it is fixed and complete.  Dice are written as a
thermometer of how many show each face (the order of five dice says
nothing).  The observation holds all a seat may know of the round in play
and the last call; older rounds only through the lives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Game
from ..games.liars_dice_poker import CLAIM_INDEX, DICE, FACES, Claim
from .base import Encoder, Field, Obs

CLAIMS = len(CLAIM_INDEX)
PHASES = ("claim", "answer", "reroll")
DICE_CELLS = FACES * DICE


def claim_index(entry: Mapping[str, Any]) -> int:
    return CLAIM_INDEX[Claim(entry["hand"], tuple(entry["values"]))]


def dice_cells(at: int, dice: Sequence[int]) -> list[int]:
    """The cells of five dice from ``at``: per face 1-6, a thermometer of how many (5 cells)."""
    seen = [0] * FACES
    out = []
    for d in dice:
        out.append(at + (d - 1) * DICE + seen[d - 1])
        seen[d - 1] += 1
    return out


class PokerEncoder(Encoder):
    """Layout in ``docs/rl.md``; its size does not depend on the options but ``lives`` (L)."""

    version = 0
    tail = 0  # the round in play and the last call are keys of their own: no history

    def __init__(self, game: Game) -> None:
        self.lives: int = game.options["lives"]
        self.fields = (
            Field("my_dice", DICE_CELLS, "the dice under the cup when I hold it and have looked"),
            Field("passed_dice", DICE_CELLS, "the dice as I last passed them this round (any holder)"),
            Field("lives", 2 * self.lives, "lives per relative seat (0 = me), thermometer of L cells"),
            Field("to_act", 2, "one-hot relative seat to act (all 0 once over)"),
            Field("holder", 2, "one-hot relative seat holding the cup"),
            Field("phase", 3, "one-hot: claim, answer (liar or accept), re-roll"),
            Field("claim", CLAIMS, "one-hot index of the claim to beat (all 0 before one)"),
            Field(
                "claims", 2 * CLAIMS, "this round's claims: cell r*72 + index is 1 if relative seat r made it"
            ),
            Field("claim_rerolled", DICE + 1, "one-hot: dice re-rolled before the claim to beat"),
            Field("rerolled", DICE + 1, "one-hot: dice the holder re-rolled for the claim still to come"),
            Field("rev_dice", DICE_CELLS, "the last call: the five dice"),
            Field("rev_claim", CLAIMS, "the last call: one-hot index of the called claim"),
            Field("rev_held", 1, "the last call: 1 if the dice held the claim"),
            Field("rev_caller", 2, "the last call: one-hot relative caller"),
            Field("rev_loser", 2, "the last call: one-hot relative seat that lost a life"),
        )
        self.num_actions = game.num_actions or 0
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        o = self.offsets
        hot: list[int] = []
        if view["dice"] is not None:
            hot += dice_cells(o["my_dice"], view["dice"])
        claims = view["claims"]
        mine = [c for c in claims if c["seat"] == me and c["dice"] is not None]
        if mine:
            hot += dice_cells(o["passed_dice"], mine[-1]["dice"])
        for s, n in enumerate(view["lives"]):
            hot += range(
                o["lives"] + ((s - me) % 2) * self.lives, o["lives"] + ((s - me) % 2) * self.lives + n
            )
        if view["to_act"]:
            hot.append(o["to_act"] + (view["to_act"][0] - me) % 2)
        if view["holder"] is not None:
            hot.append(o["holder"] + (view["holder"] - me) % 2)
        if view["phase"] in PHASES:
            hot.append(o["phase"] + PHASES.index(view["phase"]))
        if claims:
            hot.append(o["claim"] + claim_index(claims[-1]))
            hot.append(o["claim_rerolled"] + claims[-1]["rerolled"])
            for c in claims:
                hot.append(o["claims"] + ((c["seat"] - me) % 2) * CLAIMS + claim_index(c))
        if view["rerolled"] is not None:
            hot.append(o["rerolled"] + view["rerolled"])
        rev = view["revealed"]
        if rev is not None:
            hot += dice_cells(o["rev_dice"], rev["dice"])
            hot.append(o["rev_claim"] + claim_index(rev["claim"]))
            if rev["held"]:
                hot.append(o["rev_held"])
            hot.append(o["rev_caller"] + (rev["caller"] - me) % 2)
            hot.append(o["rev_loser"] + (rev["loser"] - me) % 2)
        out.put(hot, 1.0)

    def action_name(self, action: int) -> str:
        return str(self.game.action_from_id(action))


class PokerRecallEncoder(Encoder):
    """Perfect-recall tensor for OpenSpiel, for one round (OpenSpiel plays ``lives=1``).

    Claims only rise, so the round's whole record is: which relative seat made
    each claim, how many dice were re-rolled before it, and the dice passed
    with it when this seat knows them (its own, and those it accepted); plus
    the dice it sees now, the lives, and what the seat to act must do (that
    the other accepted is public, and shows only there).
    """

    def __init__(self, game: Game) -> None:
        self.lives: int = game.options["lives"]
        self.fields = (
            Field("lives", 2 * self.lives, "lives per relative seat, thermometer of L cells"),
            Field("my_dice", DICE_CELLS, "the dice under the cup when I hold it and have looked"),
            Field("claims", 2 * CLAIMS, "cell r*72 + index: relative seat r made that claim"),
            Field("claim_rerolled", CLAIMS * (DICE + 1), "per claim index, one-hot dice re-rolled before it"),
            Field("claim_dice", CLAIMS * DICE_CELLS, "per claim index, the dice passed with it when known"),
            Field("rerolled", DICE + 1, "one-hot: dice the holder re-rolled for the claim still to come"),
            Field("phase", 3, "one-hot: claim, answer (liar or accept), re-roll"),
        )
        self.num_actions = game.num_actions or 0
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        o = self.offsets
        hot: list[int] = []
        if view["phase"] in PHASES:
            hot.append(o["phase"] + PHASES.index(view["phase"]))
        for s, n in enumerate(view["lives"]):
            at = o["lives"] + ((s - me) % 2) * self.lives
            hot += range(at, at + n)
        if view["dice"] is not None:
            hot += dice_cells(o["my_dice"], view["dice"])
        for c in view["claims"]:
            i = claim_index(c)
            hot.append(o["claims"] + ((c["seat"] - me) % 2) * CLAIMS + i)
            hot.append(o["claim_rerolled"] + i * (DICE + 1) + c["rerolled"])
            if c["dice"] is not None:
                hot += dice_cells(o["claim_dice"] + i * DICE_CELLS, c["dice"])
        if view["rerolled"] is not None:
            hot.append(o["rerolled"] + view["rerolled"])
        out.put(hot, 1.0)

    def action_name(self, action: int) -> str:
        return str(self.game.action_from_id(action))
