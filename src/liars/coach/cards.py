"""The coach's odds for Cheat and Liegen: is the last play true?

Whether a play is true depends on the cards and on the player: nobody plays
cards at random, an honest player claims what it holds.  So both numbers are
the strong bot's Bayes over every hand the claimant may have held before the
play (drawn from the cards the seat cannot place: hypergeometric), each
weighed by the chance that hand makes this very claim (:meth:`liars.bots.
cheat.StrongBot.lie_chance`, :meth:`liars.bots.liegen_odds.LieOdds.lie_chance`).
They differ in one thing only, the claimant's record:

- ``last_play_exact`` ("from the cards alone"): the claimant taken to play
  as the bot expects of a player it has no record of (its habit rates at
  their priors), whatever it did before.
- ``last_play`` ("by what the player has shown so far"): the same with the
  claimant's record of plays turned (how often it padded or bluffed).

So the two agree until the claimant has shown something, and then the gap
is what its record says.  (They used to be two answers to two questions:
``last_play_exact`` was the chance that cards drawn at random from the
unseen ones would make the play true, which no player's play is; a named
Liegen card came out at 3% next to the bot's 98%.)

A card's place is sure when the seat holds it, put it in the pile itself,
or saw it taken (a pickup, a turned card) by a seat that has not played
since; the claimant's own known cards stop being sure the moment it plays
(any of them may be in the play).  Cheat reads this from
:func:`liars.games.cheat_cards.known_locations` (the engine's own
``sample_state`` deals from the same unseen cards), Liegen from the strong
bot's :class:`liars.bots.liegen.Knowledge`.  ``out_there``: how many unseen
cards would make the play true (Cheat: cards of the claimed rank; Liegen:
cards that match the announcement, jokers included); fewer than the play
claims is a sure lie, and both numbers are then 0.

Both are ``None`` when there is no play to judge: none yet, or it is the
seat's own.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..bots import cheat as cheat_bot
from ..bots import liegen as liegen_bot
from ..games.cheat_cards import DECK, RANK_OF, known_locations
from .seed import view_seed

CHEAT = "cheat"
LIEGEN = "liegen"


def cheat_unseen(view: Mapping[str, Any]) -> list[int]:
    """Cheat's unseen cards (as ``rank * 4 + suit``): every card whose place the view does not pin."""
    known = known_locations(view)
    return [c for c in range(DECK) if c not in known]


def _empty() -> dict[str, Any]:
    return {"last_play_exact": None, "last_play": None, "out_there": None, "claimed": None}


def cheat_without_record(k: cheat_bot.Knowledge, seat: int) -> cheat_bot.Knowledge:
    """``k`` as if ``seat`` had no record: no play turned, and no rank it claimed read as one it lacks.

    The bot reads a seat's earlier claims of a rank (no pile taken since) as "it holds none":
    a fair guess about how people play, but what the claimant has shown, not the cards alone.
    The lists the lie odds read are copied, never changed in ``k``.
    """
    fresh = copy.copy(k)
    fresh.void = [[False] * 13 if s == seat else v for s, v in enumerate(k.void)]
    fresh.open_void = False
    fresh.turned = [0 if s == seat else x for s, x in enumerate(k.turned)]
    fresh.pads = [0 if s == seat else x for s, x in enumerate(k.pads)]
    fresh.multi = [[[0, 0] for _ in m] if s == seat else m for s, m in enumerate(k.multi)]
    return fresh


def cheat_odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The Cheat part of :func:`liars.coach.odds` (the module docstring says what each key means)."""
    out = _empty()
    last = view["last_play"]
    if last is None or last["seat"] == view["seat"] or view["over"]:
        return out
    claimant, rank, count = last["seat"], RANK_OF[last["rank"]], last["count"]
    good = sum(1 for c in cheat_unseen(view) if c >> 2 == rank)
    out.update(out_there=good, claimed={"rank": last["rank"], "count": count})
    if good < count:
        out.update(last_play_exact=0.0, last_play=0.0)
        return out
    k = cheat_bot.Knowledge(view)
    bot = cheat_bot.StrongBot(CHEAT, seed=view_seed(view))
    fresh = cheat_without_record(k, claimant)
    out["last_play_exact"] = 1.0 - bot.lie_chance(fresh, claimant, count, rank)
    same = (k.turned[claimant], k.pads[claimant], k.multi[claimant], k.void[claimant]) == (
        0,
        0,
        fresh.multi[claimant],
        fresh.void[claimant],
    )
    out["last_play"] = out["last_play_exact"] if same else 1.0 - bot.lie_chance(k, claimant, count, rank)
    return out


def liegen_unseen(k: liegen_bot.Knowledge, claimant: int) -> list[int]:
    """Liegen's cards the seat cannot place for sure, once ``claimant`` has played (jokers as 52)."""
    return k.unknown_pool(claimant) + sorted(k.located[claimant])


def liegen_without_record(k: liegen_bot.Knowledge, seat: int) -> liegen_bot.Knowledge:
    """``k`` as if none of ``seat``'s cards had been turned (the habit counts the lie odds read, copied)."""
    fresh = copy.copy(k)
    fresh.free_lies = [[0, 0] if s == seat else x for s, x in enumerate(k.free_lies)]
    fresh.free_truths = [[0, 0] if s == seat else x for s, x in enumerate(k.free_truths)]
    return fresh


def _liegen_true(k: liegen_bot.Knowledge, seed: int) -> float:
    """1 - the strong bot's lie odds on ``k``, by a bot seeded ``seed`` (the same samples every time)."""
    lie = liegen_bot.StrongBot(LIEGEN, seed=seed).lie_chance(k)
    if k.follow == "suit":
        lie *= lie  # the bot's own calibration there (measured overconfident: see StrongBot.window)
    return 1.0 - lie


def liegen_odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The Liegen part of :func:`liars.coach.odds` (the module docstring says what each key means)."""
    out = _empty()
    ann = view["announcement"]
    if ann is None or ann["seat"] == view["seat"] or view["over"]:
        return out
    k = liegen_bot.Knowledge(view)
    claim: str = ann["card"]
    good = sum(1 for c in liegen_unseen(k, ann["seat"]) if k.is_true(c, claim))
    out.update(out_there=good, claimed={"card": claim, "count": 1})
    if good == 0:
        out.update(last_play_exact=0.0, last_play=0.0)
        return out
    seed = view_seed(view)
    fresh = liegen_without_record(k, ann["seat"])
    out["last_play_exact"] = _liegen_true(fresh, seed)
    same = (k.free_lies[ann["seat"]], k.free_truths[ann["seat"]]) == ([0, 0], [0, 0])
    out["last_play"] = out["last_play_exact"] if same else _liegen_true(k, seed)
    return out
