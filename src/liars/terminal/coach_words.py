"""An action in the player's words, for the review and the coach ("you bid four fives").

The review and the coach panel name actions the seat took or could take; a
player reads them as they read the narration, so the words are the
narration's own (``faces``, ``ranks``, ``card``, poker claims, Love Letter
cards) and the glossary's (call liar, accept, let it pass).  Only the
action and the seat's view are read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import _
from .liegen import announced
from .love_letter import a_card, name_of
from .poker_words import claim_of
from .ui import GameUI
from .words import card, cards, faces, ranks


def action_words(ui: GameUI, view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """``action`` (its JSON form) as a short phrase: "bid four fives", "call liar", "let it pass"."""
    game, kind = view.get("game"), action.get("type")
    if kind in ("liar", "challenge", "accuse"):
        return _("call liar")
    if kind == "spot_on":
        return _("call spot on")
    if kind == "pass":
        return _("let it pass")
    if kind == "accept":
        return _("accept and look under the cup")
    if kind == "bid":
        return _("bid {bid}").format(bid=faces(action["quantity"], action["face"]))
    if kind == "claim":
        return _("claim {claim}").format(claim=claim_of(action))
    if kind == "reroll":
        dice = action.get("dice") or []
        if not dice:
            return _("re-roll no dice")
        return _("re-roll {dice}").format(dice=" ".join(f"[{d}]" for d in dice))
    if kind == "play" and game == "cheat":
        played = action.get("cards") or []
        return _("play {claim} (really: {cards})").format(
            claim=ranks(len(played), view.get("required_rank", "?")), cards=cards(list(played))
        )
    if kind == "play" and game == "liegen":
        return _("play {card} as “{announced}”").format(
            card=card(action["card"]), announced=announced(action["announce"])
        )
    if kind == "play" and game == "love-letter":
        return love_letter_play(ui, view, action)
    return str(action)


def love_letter_play(ui: GameUI, view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """«spille en 5 mot Ola og gjette knekt», «een 5 op Ola spelen en boer raden»: the play as a
    sentence's verb phrase, the card with its article.  The choices' list form («5 → Ola, raad
    boer») read «De sterke bot: 5 → Ola, raad boer spelen.» in the review."""
    played = a_card(action["card"])
    target, guess = action.get("target"), action.get("guess")
    if target is None:
        return _("play {card}").format(card=played)
    if target == view.get("seat"):
        if target == ui.me:
            return _("play {card} on yourself").format(card=played)
        return _("play {card} on their own hand").format(card=played)
    if guess is None:
        return _("play {card} on {target}").format(card=played, target=ui.obj(target))
    return _("play {card} on {target}, guessing {guess}").format(
        card=played, target=ui.obj(target), guess=name_of(guess)
    )
