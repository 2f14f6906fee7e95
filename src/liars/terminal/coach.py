"""The coach at the terminal table: the odds from your seat and the strong bot's advice, when switched on.

Off by default; typing ``coach`` (nb also ``trener``) at your turn, or F2 in
the full-screen table, switches it on or off.  Every number comes from
:func:`liars.coach.odds` on the seat's own view, the one the screen is drawn
from, so the panel tells the player nothing their view does not hold.  A
view the coach cannot read gives no panel rather than an error: the coach
must never stop a game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import GameConfigError
from . import i18n
from .coach_review import percent
from .coach_words import action_words
from .i18n import _, ngettext
from .love_letter import name_of
from .poker_words import claim_of
from .ui import NO_BREAK, GameUI
from .words import faces

#: What switches the coach on or off at the turn prompt.
COACH_WORDS = frozenset({"coach", "trener", "coachen"})
TOP_BIDS = 3  # the poker claims shown: enough to choose from, short enough to read each turn


def hint() -> str:
    """The help line that tells how to switch the coach."""
    return _(
        "coach (or F2 on the full screen) = the odds from your seat and the strong bot's advice, on or off"
    )


def switched(on: bool) -> str:
    return (
        _("The coach is on: the odds and the advice show at each of your turns.")
        if on
        else _("The coach is off.")
    )


def no_break(text: str) -> str:
    """The coach's reason with «31 %» (nb) held together by a no-break space, as :func:`percent`
    writes a chance: the reason comes from :mod:`liars.coach.words`, which the web shares."""
    return re.sub(r"(?<=\d) %", NO_BREAK + "%", text)


def lines(ui: GameUI, view: Mapping[str, Any]) -> list[str]:
    """The coach panel for ``view``'s seat, in the language in use; [] if there is nothing to say."""
    from .. import coach

    game = view.get("game")
    if not isinstance(game, str) or game not in coach.GAMES:
        return []
    try:
        odds = coach.odds(game, view, lang=i18n.lang(), names=ui.names)
    except GameConfigError:
        return []
    out = [_("Coach:")]
    if game in ("liars-dice", "liars-dice-poker"):
        out += _dice(view, odds)
    elif game in ("cheat", "liegen"):
        out += _cards(odds)
    elif game == "love-letter":
        out += _love(ui, odds)
    advice = odds.get("advice")
    if advice:
        out.append(
            _("The strong bot would {action}: {why}").format(
                action=action_words(ui, view, advice["action"]), why=no_break(advice.get("text", ""))
            )
        )
    return out if len(out) > 1 else []


def _dice(view: Mapping[str, Any], odds: Mapping[str, Any]) -> list[str]:
    out = []
    if odds.get("standing_exact") is not None:
        out.append(
            _("The bid to beat holds {exact} given your dice, {adjusted} with what the bids say.").format(
                exact=percent(odds["standing_exact"]), adjusted=percent(odds["standing"])
            )
        )
    bids: Sequence[Mapping[str, Any]] = odds.get("bids") or []
    if "claim" in (bids[0] if bids else {}):
        # The poker version: the claims the other is likeliest to believe are the ones worth weighing.
        shown = sorted(bids, key=lambda b: -float(b.get("looks", 0.0)))[:TOP_BIDS]
    else:
        # Liar's Dice: the lowest bid of each face, the frontier every raise starts from.
        lowest: dict[int, Mapping[str, Any]] = {}
        for b in bids:
            lowest.setdefault(int(b["face"]), b)
        shown = [lowest[f] for f in sorted(lowest)]
    if shown:
        said = "; ".join(f"{_bid(b)} {percent(b['exact'])} / {percent(b['adjusted'])}" for b in shown)
        out.append(
            _("Bids you could make, true given your dice / with what the bids say: {bids}").format(bids=said)
        )
    solved = odds.get("exact")
    if solved and solved.get("actions"):
        mix = ", ".join(
            f"{_action(x['action'])} {percent(x['prob'])}"
            for x in sorted(solved["actions"], key=lambda x: -float(x["prob"]))
            if x["prob"] > 0
        )
        out.append(_("The exact equilibrium: {mix}.").format(mix=mix))
    return out


def _bid(b: Mapping[str, Any]) -> str:
    if "claim" in b:
        return claim_of(b["claim"])
    return faces(int(b["quantity"]), int(b["face"]))


def _action(a: Mapping[str, Any]) -> str:
    if a.get("type") == "bid":
        return faces(int(a["quantity"]), int(a["face"]))
    return _("call liar")


def _cards(odds: Mapping[str, Any]) -> list[str]:
    if odds.get("last_play_exact") is None:
        return []
    out = [
        _(
            "The last play is true {exact} of the time from the cards alone, "
            "{adjusted} by what its player has shown so far."
        ).format(exact=percent(odds["last_play_exact"]), adjusted=percent(odds["last_play"]))
    ]
    n = odds.get("out_there")
    if isinstance(n, int):
        out.append(
            ngettext(
                "{n} card of the claim can still be out there.",
                "{n} cards of the claim can still be out there.",
                n,
            ).format(n=n)
        )
    return out


def _love(ui: GameUI, odds: Mapping[str, Any]) -> list[str]:
    out = []
    for seat, chances in enumerate(odds.get("cards") or []):
        if not chances:
            continue
        ranked = sorted(((p, c) for c, p in chances.items() if p > 0), reverse=True)
        said = ", ".join(f"{name_of(c)} {percent(p)}" for p, c in ranked)
        out.append(_("{name} holds: {cards}").format(name=ui.name(seat), cards=said))
    return out
