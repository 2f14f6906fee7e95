"""The coach's odds for Liar's Dice: how likely the standing bid and every legal raise are to hold.

Two numbers per bid, both from the seat's view alone:

- ``exact``: each die the seat cannot see is uniform, so the count of the
  bid's face among them is binomial (a face other than one counts the ones
  too with ``wild_ones``: chance 1/3, else 1/6).  This is what the dice say,
  believing nobody.
- ``adjusted``: the same count under the strong bot's beliefs
  (:class:`liars.bots.liars_dice.Beliefs`, weighed by what the cups lifted in
  finished rounds showed of each seat's honesty, :class:`Knowledge`): a seat
  that bid fives is taken to hold more fives.  Its cups are still independent
  per seat, so the count is an exact convolution of per-seat binomials.

With ``spot_on`` the chance that the standing bid is exactly right is given
too, both ways, since claiming it is one of the seat's choices.

The poker version for two (:func:`poker_odds`) has one cup and poker hands:
the same keys, read the way its rules allow (see there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots import liars_dice_poker as poker_bot
from ..bots.liars_dice import Beliefs, Knowledge, exactly, face_p, holds, own_count, tuned
from ..games.liars_dice import FACES, bid_index, bid_of
from ..games.liars_dice_poker import BEST, CLAIMS

GAME = "liars-dice"


class DiceCounts:
    """Per face, the distribution of how many dice on the table count for it, on the bot's beliefs.

    Built once per view (six convolutions over the seats), so the standing
    bid and every raise are a table look-up.
    """

    def __init__(self, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        wild = bool(options["wild_ones"])
        # the bot's own settings row for this table (from three seats on, wild ones use another prior)
        rules = tuned(wild, bool(options["spot_on"]), int(view["players"]))
        knowledge = Knowledge(view["players"], wild, bool(options["spot_on"]), rules["share_prior"])
        knowledge.update(view)
        shares = [knowledge.share(s) for s in range(view["players"])]
        beliefs = Beliefs(view, rules["belief"], shares, knowledge)  # as StrongDiceBot.beliefs
        me: int = view["seat"]
        dice: list[int] = view["dice"]
        self.tails: list[list[float]] = [[]]
        for face in range(1, FACES + 1):
            pmf = [0.0] * own_count(dice, face, wild) + [1.0]
            for s, c in enumerate(view["dice_counts"]):
                if c and s != me:
                    pmf = _convolve(pmf, _binomial(c, beliefs.p(s, face)))
            tail, acc = [0.0] * (len(pmf) + 1), 0.0
            for k in range(len(pmf) - 1, -1, -1):
                acc += pmf[k]
                tail[k] = acc
            self.tails.append(tail)

    def at_least(self, quantity: int, face: int) -> float:
        tail = self.tails[face]
        return min(1.0, tail[quantity]) if quantity < len(tail) else 0.0

    def exactly(self, quantity: int, face: int) -> float:
        return max(0.0, self.at_least(quantity, face) - self.at_least(quantity + 1, face))


def _binomial(n: int, p: float) -> list[float]:
    return [exactly(k, n, p) for k in range(n + 1)]


def _convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def exact_holds(quantity: int, face: int, dice: list[int], unseen: int, wild: bool) -> float:
    """P(at least ``quantity`` dice count for ``face``) knowing only ``dice`` and ``unseen`` uniform dice."""
    return holds(quantity, face, dice, unseen, wild)


def exact_spot(quantity: int, face: int, dice: list[int], unseen: int, wild: bool) -> float:
    """P(exactly ``quantity`` dice count for ``face``), on the same footing as :func:`exact_holds`."""
    return exactly(quantity - own_count(dice, face, wild), unseen, face_p(face, wild))


def odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The Liar's Dice part of :func:`liars.coach.odds` (see the module docstring).

    Keys: ``standing_exact``, ``standing`` (``None`` before the round's first
    bid or when the seat has no dice), ``spot_on_exact``/``spot_on`` (only
    with the ``spot_on`` option, ``None`` without a bid), ``bids`` (each
    legal raise of the seat to act: ``quantity``, ``face``, ``exact``,
    ``adjusted``), ``unseen`` (the dice the seat cannot see).
    """
    wild = bool(options["wild_ones"])
    spot_rule = bool(options["spot_on"])
    dice: list[int] = list(view["dice"] or [])
    seat = view["seat"]
    playing = not view["over"] and dice
    total: int = view["total_dice"]
    unseen = total - len(dice)
    out: dict[str, Any] = {"unseen": unseen, "standing_exact": None, "standing": None, "bids": []}
    if spot_rule:
        out["spot_on_exact"] = out["spot_on"] = None
    if not playing:
        return out
    counts = DiceCounts(view, options)
    bid = view["bid"]
    index = -1
    if bid is not None:
        q, f = bid["quantity"], bid["face"]
        index = bid_index(q, f)
        out["standing_exact"] = exact_holds(q, f, dice, unseen, wild)
        out["standing"] = counts.at_least(q, f)
        if spot_rule:
            out["spot_on_exact"] = exact_spot(q, f, dice, unseen, wild)
            out["spot_on"] = counts.exactly(q, f)
    if seat in view["to_act"]:
        out["bids"] = [
            {
                "quantity": b.quantity,
                "face": b.face,
                "exact": exact_holds(b.quantity, b.face, dice, unseen, wild),
                "adjusted": counts.at_least(b.quantity, b.face),
            }
            for b in map(bid_of, range(index + 1, total * FACES))
        ]
    return out


# -- the poker version for two ----------------------------------------------------------------

POKER = "liars-dice-poker"


def poker_support(passed: list[int] | None, rerolled: int, claim: int) -> float:
    """P(the dice make ``claim``) after the other re-rolled ``rerolled`` of the dice ``passed``.

    The re-rolled dice are uniform; which ones the other kept it alone knows,
    so they are taken to be those that best back the claim it made (the most
    it can have going for it; ``passed`` ``None``: five fresh dice, the
    opening roll).  The strong bot reads a claim the same way
    (:func:`liars.bots.liars_dice_poker.support`).
    """
    return min(1.0, float(poker_bot.support(passed, rerolled, claim)))  # the table's sums round over 1


def poker_odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The poker version's part of :func:`liars.coach.odds`.

    ``standing_exact``: the chance the standing claim holds from what the seat
    saw: certain (1 or 0) when it saw the dice the claim was passed with (its
    own claim, or one it accepted and looked at), else :func:`poker_support`.
    ``standing``: the strong bot's belief, which also prices bluffing (at its
    prior rates: the coach keeps no memory between views).  ``bids``: each
    claim the seat may pass the cup with, true or not on the dice it holds
    (``exact``, ``adjusted``: certain, it sees them), and ``looks``, how likely
    it looks to the other from the dice it passed and the re-roll it was told
    of (what decides whether it will be called).
    """
    out: dict[str, Any] = {"standing_exact": None, "standing": None, "bids": []}
    claims = view["claims"]
    if view["over"] or (not claims and view["phase"] != "claim"):
        return out
    if claims:
        last = claims[-1]
        c = poker_bot.claim_index(last)
        if last["dice"] is not None:
            out["standing_exact"] = out["standing"] = float(BEST[tuple(sorted(last["dice"]))] >= c)
        else:
            passed = claims[-2]["dice"] if len(claims) >= 2 else None
            q = poker_support(passed, last["rerolled"], c)
            jump = c > (poker_bot.claim_index(claims[-2]) + 1 if len(claims) >= 2 else 0)
            out["standing_exact"] = q
            out["standing"] = poker_bot.StrongBot(POKER, seed=0, learn=False).believed(q, jump)
    if view["phase"] == "claim" and view["seat"] in view["to_act"] and view["dice"] is not None:
        standing = poker_bot.claim_index(claims[-1]) if claims else -1
        held = BEST[tuple(sorted(view["dice"]))]
        theirs = claims[-1]["dice"] if claims else None
        k = view["rerolled"] if claims else 5
        out["bids"] = [
            {
                "claim": CLAIMS[x].to_json(),
                "exact": float(held >= x),
                "adjusted": float(held >= x),
                "looks": poker_support(theirs, k, x),
            }
            for x in range(standing + 1, len(CLAIMS))
        ]
    return out
