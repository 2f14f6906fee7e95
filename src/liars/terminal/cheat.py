"""Løgneren on the screen: your numbered hand, the required rank, the pile, and "Løgner!"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import numbered, pick_many
from .i18n import _, ngettext
from .ui import JSON, GameUI, InputError, words
from .words import cards, ranks


def one_card(view: Mapping[str, Any]) -> bool:
    """Is a play one card exactly (``--max-cards 1``)?"""
    return bool(view["options"].get("max_cards") == 1)


def at_most(n: int) -> str:
    """The ``--max-cards`` rule, «Hoogstens 1 kaart per zet.» (not «1 kaarten»)."""
    return ngettext("At most {n} card a play.", "At most {n} cards a play.", n).format(n=n)


class CheatUI(GameUI):
    game_id = "cheat"
    window_types = ("challenge", "pass")

    def narrate(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        kind = e.get("type")
        if kind == "start":
            return [_("{name} started; the first rank is aces.").format(name=self.name(e.get("starter")))]
        if kind == "play":
            said = ranks(e["count"], e["rank"])
            line = _("{name} played {claim}.").format(name=self.name(e["seat"]), claim=said)
            if e.get("cards"):  # inside the sentence: «Du la ett ess (egentlig: 2♥).», not after its stop
                # "really" only where the cards differ from the claim: an honest play just shows them
                honest = all(c[:-1] == e["rank"] for c in e["cards"])
                shown = cards(e["cards"])
                really = f"({shown})" if honest else _("(really: {cards})").format(cards=shown)
                line = f"{line[:-1]} {really}." if line.endswith(".") else f"{line} {really}"
            return [line]
        if kind == "challenge":
            lines = [_("{name} called: Liar!").format(name=self.name(e["seat"]))]
            shown = cards(e.get("cards", []))
            if len(e.get("cards", [])) == 1:  # one card: «Kortet er 10♣: løgn!», not «Kortene er»
                if e.get("truthful"):
                    lines.append(_("The card is {card}: true.").format(card=shown))
                else:
                    lines.append(_("The card is {card}: a lie!").format(card=shown))
            elif e.get("truthful"):
                lines.append(_("The cards are {cards}: true.").format(cards=shown))
            else:
                lines.append(_("The cards are {cards}: a lie!").format(cards=shown))
            lines.append(
                ngettext(
                    "{name} took the pile ({n} card).", "{name} took the pile ({n} cards).", e.get("taken", 0)
                ).format(name=self.name(e["taker"]), n=e.get("taken", 0))
            )
            return lines
        if kind == "win":
            if e["seat"] == self.me:
                return [_("You got rid of your last cards and won!")]
            return [_("{name} got rid of their last cards and won!").format(name=self.name(e["seat"]))]
        return []

    def title(self, view: Mapping[str, Any]) -> str:
        return _("Now: {rank}").format(rank=ranks(2, view["required_rank"]).split(" ", 1)[-1])

    def columns(self, view: Mapping[str, Any]) -> list[str]:
        return [_("Cards")]

    def row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        return [str(view["hand_sizes"][seat])]

    def status(self, view: Mapping[str, Any]) -> list[str]:
        n = view["pile_size"]  # after a call it is empty: "0 cards face down" said it in a roundabout way
        lines = [
            ngettext("Pile: {n} card face down.", "Pile: {n} cards face down.", n).format(n=n)
            if n
            else _("The pile is empty.")
        ]
        last = view.get("last_play")
        if last:
            lines.append(
                _("Last play: {name}, {claim}.").format(
                    name=self.mid(last["seat"]), claim=ranks(last["count"], last["rank"])
                )
            )
        most = view["options"].get("max_cards")
        if most:
            lines.append(at_most(most))
        return lines

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        if not view.get("hand"):
            return []
        return [_("Your hand: {cards}").format(cards=numbered(view["hand"]))]

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        if one_card(view):  # «--max-cards 1»: not «spill ett eller flere kort»
            return [
                _(
                    "Your turn: play one card (you claim {claim}), by number (1) or code (5H) · ? = help"
                ).format(claim=ranks(1, view["required_rank"]))
            ]
        claim = ranks(2, view["required_rank"]).split(" ", 1)[-1]
        return [
            _(
                "Your turn: play one or more cards as {rank}, by number (1 3) or code (5H KC) · ? = help"
            ).format(rank=claim)
        ]

    def help(self, view: Mapping[str, Any]) -> list[str]:
        if one_card(view):
            how = _("Put down a card by its number in your hand (3) or its code (5H, KC, 10D).")
            claim = _("You always claim the rank in turn; the card may be anything.")
        else:
            how = _("Put down cards by their numbers in your hand (1 3 4) or their codes (5H KC TD, 10D).")
            claim = _("You always claim the rank in turn; the cards may be anything.")
        return [
            how + " " + claim,
            _("When someone else plays, you are asked whether to call it.")
            + " "
            + _("y or l calls “Liar!”; Enter lets it pass."),
        ]

    def window_question(self, view: Mapping[str, Any]) -> str:
        last = view.get("last_play") or {}
        return _("{name} played {claim} ({facts}). Call liar? [y/N]").format(
            name=self.name(last.get("seat")),
            claim=ranks(last.get("count", 1), last.get("rank", "?")),
            facts=self.claim_facts(view, last.get("seat")),
        )

    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        toks = words(text)
        if not toks:
            raise InputError(
                _("Choose a card: its number (1) or code (5H).")
                if one_card(view)
                else _("Choose at least one card: its number (1) or code (5H).")
            )
        chosen = pick_many(toks, view["hand"])
        most = view["options"].get("max_cards")
        if most and len(chosen) > most:
            raise InputError(at_most(most))
        return {"type": "play", "cards": chosen}

    def reveal(self, views: Sequence[Mapping[str, Any]]) -> list[str]:
        return self.hands_left(views, cards)
