"""The coach's odds for Cheat and Liegen: is the last play true?

Two numbers, from the seat's view alone:

- ``last_play_exact``: every card whose place the seat cannot be sure of is
  equally likely to be anywhere it cannot see, so the cards of the last play
  are drawn at random from those "unseen" cards (hypergeometric).  A card's
  place is sure when the seat holds it, put it in the pile itself, or saw it
  taken (a pickup, a turned card) by a seat that has not played since; the
  claimant's own known cards stop being sure the moment it plays (any of them
  may be in the play).  Cheat reads this from
  :func:`liars.games.cheat_cards.known_locations` (the engine's own
  ``sample_state`` deals from the same unseen cards), Liegen from the strong
  bot's :class:`liars.bots.liegen.Knowledge`.  ``out_there``: how many unseen
  cards would make the play true (Cheat: cards of the claimed rank; Liegen:
  cards that match the announcement, jokers included); fewer than the play
  claims is a sure lie (``last_play_exact`` 0).
- ``last_play``: the strong bot's own lie odds, which also weigh how each seat
  plays and how often it was caught lying (a sure lie stays 0).

Both are ``None`` when there is no play to judge: none yet, or it is the
seat's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any

from ..bots import cheat as cheat_bot
from ..bots import liegen as liegen_bot
from ..games.cheat_cards import DECK, RANK_OF, known_locations
from .seed import view_seed

CHEAT = "cheat"
LIEGEN = "liegen"


def hypergeometric_all(good: int, pool: int, k: int) -> float:
    """P(k cards drawn from ``pool`` are all among its ``good`` ones)."""
    if k > good or k > pool:
        return 0.0
    return comb(good, k) / comb(pool, k)


def cheat_unseen(view: Mapping[str, Any]) -> list[int]:
    """Cheat's unseen cards (as ``rank * 4 + suit``): every card whose place the view does not pin."""
    known = known_locations(view)
    return [c for c in range(DECK) if c not in known]


def cheat_odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The Cheat part of :func:`liars.coach.odds` (the module docstring says what each key means)."""
    out: dict[str, Any] = {"last_play_exact": None, "last_play": None, "out_there": None, "claimed": None}
    last = view["last_play"]
    if last is None or last["seat"] == view["seat"] or view["over"]:
        return out
    rank, count = RANK_OF[last["rank"]], last["count"]
    unseen = cheat_unseen(view)
    good = sum(1 for c in unseen if c >> 2 == rank)
    exact = hypergeometric_all(good, len(unseen), count)
    out.update(last_play_exact=exact, out_there=good, claimed={"rank": last["rank"], "count": count})
    if exact == 0.0:
        out["last_play"] = 0.0
    else:
        k = cheat_bot.Knowledge(view)
        bot = cheat_bot.StrongBot(CHEAT, seed=view_seed(view))
        out["last_play"] = 1.0 - bot.lie_chance(k, last["seat"], count, rank)
    return out


def liegen_unseen(k: liegen_bot.Knowledge, claimant: int) -> list[int]:
    """Liegen's cards the seat cannot place for sure, once ``claimant`` has played (jokers as 52)."""
    return k.unknown_pool(claimant) + sorted(k.located[claimant])


def liegen_odds(view: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The Liegen part of :func:`liars.coach.odds` (the module docstring says what each key means)."""
    out: dict[str, Any] = {"last_play_exact": None, "last_play": None, "out_there": None, "claimed": None}
    ann = view["announcement"]
    if ann is None or ann["seat"] == view["seat"] or view["over"]:
        return out
    k = liegen_bot.Knowledge(view)
    claim: str = ann["card"]
    unseen = liegen_unseen(k, ann["seat"])
    good = sum(1 for c in unseen if k.is_true(c, claim))
    exact = good / len(unseen) if unseen else 0.0
    out.update(last_play_exact=exact, out_there=good, claimed={"card": claim, "count": 1})
    if exact == 0.0:
        out["last_play"] = 0.0
    else:
        bot = liegen_bot.StrongBot(LIEGEN, seed=view_seed(view))
        lie = bot.lie_chance(k)
        if k.follow == "suit":
            lie *= lie  # the bot's own calibration there (measured overconfident: see StrongBot.window)
        out["last_play"] = 1.0 - lie
    return out
