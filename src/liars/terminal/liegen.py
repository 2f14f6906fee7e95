"""Liegen on the screen: one card a turn, announced; "Je liegt!" before the next card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import numbered, pick
from .i18n import _, ngettext
from .ui import JSON, GameUI, InputError, by_type, words
from .words import (
    card,
    card_name,
    cards,
    rank_letters,
    rank_name,
    rank_nouns,
    read_card_words,
    read_rank,
    read_suit,
)

FILLER = frozenset({"as", "som", "als", "=", "->", "→"})


def announced(code: str) -> str:
    """An announcement in words: a card ("harten 5"), or a rank alone under ``rank_step``."""
    return card_name(code) if len(code) == 2 else rank_name(code)


def follow_rule(options: Mapping[str, Any]) -> str:
    """What an announcement must follow under ``options`` (the ``follow`` option), one sentence."""
    return {
        "rank_or_suit": _("Follow the rank or the suit of the last announcement."),
        "suit": _("Follow the suit of the last announcement (the rank is free)."),
        "rank_step": _("Announce a rank one above or below the last one (no wrap from king to ace)."),
    }.get(options.get("follow", "rank_or_suit"), "")


class LiegenUI(GameUI):
    game_id = "liegen"
    window_types = ("accuse", "pass")

    def narrate(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        kind = e.get("type")
        if kind == "deal":
            return [
                _("Round {round}, dealt by {name}.").format(
                    round=e.get("round", 1), name=self.mid(e.get("dealer"))
                )
            ]
        if kind == "play":
            # «Ola meldte «hjerter 9».», the verb the question after it uses (it said «Ola spilte:
            # «hjerter 9»» and then asked «Ola meldte «hjerter 9» …»)
            line = _("{name} announced “{card}”.").format(
                name=self.name(e["seat"]), card=announced(e["announce"])
            )
            if e.get("card") and e["card"] != e["announce"]:  # one's own card, where it says more
                line = f"{line[:-1]} {_('(really: {cards})').format(cards=card(e['card']))}."
            return [line]
        if kind == "accuse":
            lines = [_("{name} called: You're lying!").format(name=self.name(e["seat"]))]
            shown = card(e["card"])
            if e.get("lie"):
                lines.append(_("The card is {card}: a lie!").format(card=shown))
            else:
                lines.append(_("The card is {card}: true.").format(card=shown))
            lines.append(
                ngettext(
                    "{name} took the pile ({n} card).", "{name} took the pile ({n} cards).", e.get("count", 0)
                ).format(name=self.name(e["taker"]), n=e.get("count", 0))
            )
            return lines
        if kind == "win":
            if e["seat"] == self.me:
                return [_("You played your last card and won the round!")]
            return [_("{name} played their last card and won the round!").format(name=self.name(e["seat"]))]
        return []

    def title(self, view: Mapping[str, Any]) -> str:
        return _("Round {round}").format(round=view.get("round", 1))

    def columns(self, view: Mapping[str, Any]) -> list[str]:
        cols = [_("Cards")]
        if view["options"].get("target_wins", 1) > 1:
            cols.append(_("Rounds won"))
        return cols

    def row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        out = [str(view["hand_sizes"][seat])]
        if view["options"].get("target_wins", 1) > 1:
            out.append(str(view["round_wins"][seat]))
        return out

    def status(self, view: Mapping[str, Any]) -> list[str]:
        opts = view["options"]
        n, dealer = view["pile_size"], self.name(view["dealer"])
        lines = [
            ngettext("Dealer: {name}. Pile: {n} card.", "Dealer: {name}. Pile: {n} cards.", n).format(
                name=dealer, n=n
            )
            if n
            else _("Dealer: {name}. The pile is empty.").format(name=dealer)
        ]
        follow = follow_rule(opts)
        rules = []
        if opts.get("accuse") == "next":
            rules.append(_("Only the next player may accuse."))
        if opts.get("jokers"):
            rules.append(_("Jokers (★) count as every card."))
        if opts.get("target_wins", 1) > 1:
            rules.append(_("First to win {n} rounds wins.").format(n=opts["target_wins"]))
        ann = view.get("announcement")
        # what to follow only while there is something to follow: a new trick follows nothing
        # (it read «Følg valøren eller fargen …» right above «Et nytt stikk: meld hvilket kort du vil.»)
        if ann:
            lines.append(" ".join([follow, *rules]))
            lines.append(
                _("Last announcement: “{card}” ({short}) by {name}.").format(
                    card=announced(ann["card"]), short=card(ann["card"]), name=self.obj(ann["seat"])
                )
            )
        else:
            if rules:
                lines.append(" ".join(rules))
            lines.append(_("A new trick: announce any card."))
        return lines

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        if not view.get("hand"):
            return []
        return [_("Your hand: {cards}").format(cards=numbered(view["hand"]))]

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        ex = "3 7" if view["options"].get("follow") == "rank_step" else "3 5H"
        return [
            _("Your turn: a card (number or code), then what you announce: {ex} · ? = help").format(ex=ex)
        ]

    def summary(self, view: Mapping[str, Any]) -> str:
        """The rules in force, for the help's «Regler:» line (``screens.help_lines``): what an
        announcement follows, who may accuse and what an accusation checks, jokers, the rounds to win.

        Why not the game's one-line summary: under ``--follow valørsteg`` it said «Ett kort per tur,
        meldt etter valør eller farge», a rule not played at that table.
        """
        opts = view["options"]
        follow = opts.get("follow", "rank_or_suit")
        parts = [
            _("One card a turn, face down, announced as a rank (the suit is not said); you may lie.")
            if follow == "rank_step"
            else _("One card a turn, face down, announced as a card; you may lie."),
            follow_rule(opts),
            _("Only the next player may accuse, before playing; whoever was wrong takes the pile.")
            if opts.get("accuse") == "next"
            else _("Anyone may accuse before the next card is played; whoever was wrong takes the pile."),
        ]
        if follow == "rank_step":
            parts.append(_("An accusation checks the rank only."))
        elif follow == "suit":
            parts.append(_("An accusation checks the suit only."))
        if opts.get("jokers"):
            parts.append(_("Jokers (★) count as every card."))
        wins = opts.get("target_wins", 1)
        parts.append(
            _("First to win {n} rounds wins.").format(n=wins)
            if wins > 1
            else _("The first to play their last card wins.")
        )
        return " ".join(parts)

    def help(self, view: Mapping[str, Any]) -> list[str]:
        """How to type a play under the rules in force, with examples :meth:`parse` reads back.

        Why per rule: under ``--follow valørsteg`` the help gave card announcements («KS som 3S»),
        which that rule refuses; it is a rank there («3 7», «3 dame»).
        """
        opts = view["options"]
        step = opts.get("follow") == "rank_step"
        codes = (
            _("Play a card by its number in your hand or its code (KS, TH or 10H; X is a joker),")
            if opts.get("jokers")
            else _("Play a card by its number in your hand or its code (KS, TH or 10H),")
        )
        then = (
            _(
                "then the rank you announce: “3 7” plays card 3 and announces a seven;"
                " “3 queen” and “3 Q” work too."
            )
            if step
            else _("then the announcement: “3 5H” plays card 3 and says hearts 5; “KS as 3S” works too.")
        )
        asked = (
            _("When the player before you plays, you are asked whether to accuse.")
            if opts.get("accuse") == "next"
            else _("When someone else plays, you are asked whether to accuse.")
        )
        return [
            f"{codes} {then}",
            _("The card alone (“KS”) announces its rank truthfully.")
            if step
            else _("The card alone (“KS”) announces it truthfully."),
            asked + " " + _("y or l says “You're lying!”; Enter lets it pass."),
        ]

    def window_answer(self) -> str:
        """How to answer «Anklage Ola? [j/N]»: with the glossary's word for Liegen, «anklage» /
        «beschuldigen» (Cheat's «rop løgn» is another game's call)."""
        return _("Answer y (yes, accuse) or n (no); Enter means no.")

    def parse_window(self, text: str) -> JSON:
        try:
            return super().parse_window(text)
        except InputError:
            raise InputError(self.window_answer()) from None

    def window_question(self, view: Mapping[str, Any]) -> str:
        ann = view.get("announcement") or {}
        return _("{name} announced “{card}” ({facts}). Accuse {name}? [y/N]").format(
            name=self.name(ann.get("seat")),
            card=announced(ann.get("card", "?")),
            facts=self.claim_facts(view, ann.get("seat")),
        )

    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        toks = words(text)
        if not toks:
            raise InputError(_("Type a card, then what you announce (e.g. 3 5H), or the card alone."))
        hand = view["hand"]
        chosen = pick(toks[0], hand)
        rest = toks[1:]
        if len(rest) >= 2 and rest[0] in FILLER:  # "KS as 3S" (but "1 AS" is the ace of spades)
            rest = rest[1:]
        step = view["options"].get("follow") == "rank_step"
        allowed = sorted({a["announce"] for a in by_type(legal).get("play", []) if a["card"] == chosen})
        if not rest:
            if chosen == "X":
                raise InputError(_("A joker needs an announcement: e.g. X 5H."))
            ann: str | None = chosen[0] if step else chosen
        elif step:
            ann = read_rank(" ".join(rest)) if len(rest) <= 2 else None
            if ann is None:
                raise InputError(
                    _("“{word}” is not a rank: type {letters} or the rank in words ({names}).").format(
                        word=" ".join(rest), letters=rank_letters(), names=rank_nouns()
                    )
                )
        else:
            ann = read_card_words(rest) or self._partial(rest, allowed, view)
        if ann not in allowed:
            raise self._not_following(announced(ann or "?"), view)
        return {"type": "play", "card": chosen, "announce": ann}

    def _not_following(self, said: str, view: Mapping[str, Any]) -> InputError:
        """An announcement that does not follow the last one, with the one rule it broke.

        Why only that rule: the refusal was the whole rules line, «… Bare neste spiller kan
        anklage. Jokere (★) teller som alle kort. Den første som vinner 2 runder, vinner.», three
        lines at 80 columns that scrolled the board away, for rules nobody had broken.
        """
        last = view.get("announcement")
        if not last:  # a new trick takes any card: what is refused is no card to announce (a joker)
            return InputError(_("“{word}” is not a card to announce (e.g. 5H).").format(word=said))
        return InputError(
            _("You cannot announce “{card}” after “{last}”.").format(card=said, last=announced(last["card"]))
            + " "
            + follow_rule(view["options"])
        )

    def _partial(self, rest: Sequence[str], allowed: Sequence[str], view: Mapping[str, Any]) -> str:
        """A rank or a suit alone ("1 heer" after "klaveren vrouw"): the one allowed card it names.

        Following the last announcement often leaves one card of that rank
        (its suit) or of that suit (its rank), so the player need not say both.
        """
        word = " ".join(rest)
        if len(rest) > 1:
            raise InputError(_("Type a card, then what you announce (e.g. 3 5H), or the card alone."))
        rank = read_rank(word)
        suit = read_suit(word) if rank is None else None
        if rank is None and suit is None:
            raise InputError(_("“{word}” is not a card to announce (e.g. 5H).").format(word=word))
        fits = [a for a in allowed if a[0] == rank or (suit is not None and a[1:] == suit)]
        if len(fits) == 1:
            return fits[0]
        if not fits:
            raise self._not_following(rank_name(rank) if rank is not None else word, view)
        raise InputError(
            _("“{word}” could be {cards}: say which, e.g. {example}.").format(
                word=word, cards=", ".join(announced(a) for a in fits[:6]), example=card(fits[0])
            )
        )

    def reveal(self, views: Sequence[Mapping[str, Any]]) -> list[str]:
        return self.hands_left(views, cards)
