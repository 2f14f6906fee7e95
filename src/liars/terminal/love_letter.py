"""Kjærlighetsbrev on the screen: your two cards, what lies face up, and numbered choices.

Love Letter has few choices a turn (a card, maybe a player, maybe a guess),
so they are listed and numbered; ``6 2 T`` (card, player, guess) works too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .i18n import _, alternatives, listing, ngettext, pgettext
from .ui import JSON, GameUI, InputError, words
from .words import rank_letter, rank_name, read_rank


def effect(code: str) -> str:
    texts = {
        "K": _("if you play or discard it, you are out"),
        "Q": _("no effect; must be played if you also hold J or 10"),
        "J": _("swap hands with another player"),
        "T": _("a player, or you, discards and draws"),
        "9": _("protected until your next turn"),
        "8": _("compare hands with a player: the lower is out"),
        "7": _("look at a player's hand"),
        "6": _("guess a player's card, 7 or higher: right, they are out"),
        "5": _("guess a player's card, 7 or higher: right, they are out"),
    }
    return texts.get(code, "")


def name_of(code: str) -> str:
    return rank_name(code)


def a_card(code: str) -> str:
    """A card as the object of a sentence, with the article a native puts there: «Kari la ned dama»,
    «Piet legde de vrouw af», "discarded the queen", «en 8» / «een 8» / "an 8".

    Why: the bare name («Kari la ned dame», «Piet legde vrouw af») is no sentence in nb or nl.  The
    king, queen and jack are single cards, so definite; the numbers have copies, so indefinite.
    """
    forms = {
        "K": pgettext("love-letter card in a sentence", "the king"),
        "Q": pgettext("love-letter card in a sentence", "the queen"),
        "J": pgettext("love-letter card in a sentence", "the jack"),
        "T": pgettext("love-letter card in a sentence", "a 10"),
        "9": pgettext("love-letter card in a sentence", "a 9"),
        "8": pgettext("love-letter card in a sentence", "an 8"),
        "7": pgettext("love-letter card in a sentence", "a 7"),
        "6": pgettext("love-letter card in a sentence", "a 6"),
        "5": pgettext("love-letter card in a sentence", "a 5"),
    }
    return forms.get(code, name_of(code))


def card_letters() -> str:
    """The nine ranks as this language's hand writes them, highest first: «K D Kn 10 9 8 7 6 5» in
    nb, «H V B 10 …» in nl (the help and a refusal listed the English «K Q J» in every language)."""
    return " ".join(rank_letter(c) for c in "KQJT98765")


class LoveLetterUI(GameUI):
    game_id = "love-letter"

    def narrate(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        kind = e.get("type")
        if kind == "round":
            return [
                _("Round {round}, started by {name}.").format(
                    round=e["round"], name=self.mid(e.get("starter"))
                )
            ]
        if kind == "play":
            return self._play(e, view)
        if kind == "out":
            card = e.get("card")
            if card:
                return [
                    _("{name} went out of the round (card: {card}).").format(
                        name=self.name(e["seat"]), card=name_of(card)
                    )
                ]
            return [_("{name} went out of the round.").format(name=self.name(e["seat"]))]
        if kind == "round_end":
            lines = []
            hands = e.get("hands") or {}
            if hands:
                shown = ", ".join(f"{self.name(int(s))} {name_of(c)}" for s, c in hands.items())
                lines.append(_("The deck is empty; hands shown: {hands}.").format(hands=shown))
                lines += self._tie(e)
            # The winner as the subject, «Ola vant omgang 1.», «Du vant omgang 1.» (it said «Omgang 1
            # vunnet av Ola.», nl «Ronde 1 gewonnen door jou.»); a shared win says so.
            winners = e.get("winners", [])
            names = listing([self.mid(s) if i else self.name(s) for i, s in enumerate(winners)])
            won = ngettext("{names} won round {round}.", "{names} won round {round} together.", len(winners))
            lines.append(won.format(round=e["round"], names=names))
            return lines
        return []

    def _tie(self, e: Mapping[str, Any]) -> list[str]:
        """The sums when the highest card is shared: "Ola 8, Lars 8" then "won by Ola" reads as a
        mistake unless the tie-break of the sheet (the most played and discarded) is told."""
        hands = e["hands"]  # with "sums", on every round that the empty deck ended (a won one)
        top = hands[str(e["winners"][0])]
        tied = [s for s, c in hands.items() if c == top]
        if len(tied) < 2:
            return []
        listed = ", ".join(f"{self.name(int(s))} {e['sums'][s]}" for s in tied)
        return [
            _(
                "Equal highest cards, so the sum of the cards they played and discarded decides: {sums}."
            ).format(sums=listed)
        ]

    def pauses_after(self, event: Mapping[str, Any]) -> bool:
        # A round ends in a few quick plays; the next deal would scroll its end away unread.
        return event.get("type") == "round_end"

    def _play(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        who, card = self.name(e["seat"]), e["card"]
        target = e.get("target")
        if target is None or card in ("K", "Q", "9"):
            return [_("{name} played {card}.").format(name=who, card=a_card(card))]
        at = self.name(target)
        if target == e["seat"]:  # a 10 at oneself: "Ola played 10 on Ola" read as a slip
            if target == self.me:
                line = _("You played {card} on yourself.").format(card=a_card(card))
            else:
                line = _("{name} played {card} on their own hand.").format(name=who, card=a_card(card))
        else:
            line = _("{name} played {card} on {target}.").format(
                name=who, card=a_card(card), target=self.obj(target)
            )
        lines = [line]
        if "guess" in e:
            lines.append(
                (_("Guess: {guess}. Right!") if e.get("hit") else _("Guess: {guess}. Wrong.")).format(
                    guess=name_of(e["guess"])
                )
            )
        if "seen" in e:
            lines.append(_("{name}'s card: {card}.").format(name=at, card=name_of(e["seen"])))
        if "cards" in e:
            a, b = e["cards"]
            lines.append(
                _("{name} had {a}, {target} had {b}.").format(
                    name=who, a=a_card(a), target=self.mid(target), b=a_card(b)
                )
            )
        if card == "8" and "loser" in e and e["loser"] is None:  # else the loser's own line follows
            lines.append(_("Equal cards: nobody is out."))
        if "discarded" in e:
            lines.append(_("{name} discarded {card}.").format(name=at, card=a_card(e["discarded"])))
            if e.get("from_set_aside"):
                lines.append(
                    _("The deck was empty: {name} took the card set aside.").format(name=self.mid(target))
                )
        if "gave" in e:
            lines.append(
                _("Swapped: {name} gave {a} and got {b}.").format(
                    name=who, a=a_card(e["gave"]), b=a_card(e["got"])
                )
            )
        return lines

    def title(self, view: Mapping[str, Any]) -> str:
        return _("Round {round} · {n} cards in the deck").format(round=view["round"], n=view["deck_size"])

    def columns(self, view: Mapping[str, Any]) -> list[str]:
        # The seat number first, counted from 1 as the web counts: "6 2 K" names the player by it.
        return [_("Seat"), _("Played"), pgettext("love-letter", "Rounds won")]  # "omganger" in nb

    def row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        return [str(seat + 1), *self._row(view, seat)]

    def narrow_columns(self, view: Mapping[str, Any]) -> list[str]:
        # On a narrow board the seat number goes before the name, and the wins' header is one word.
        return [_("Played"), pgettext("love-letter", "Wins")]  # "Seire" in nb, as "først til 5 seire"

    def narrow_row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        return self._row(view, seat)

    def narrow_name(self, seat: int) -> str:
        return f"{seat + 1} {self.name(seat)}"

    def rules(self, view: Mapping[str, Any]) -> list[str]:
        """The 16 cards, highest first: how many of each and what each does."""
        counts = {"K": 1, "Q": 1, "J": 1, "T": 2, "9": 2, "8": 2, "7": 2, "6": 3, "5": 2}
        return [f"  {n}× {name_of(code)}: {effect(code)}" for code, n in counts.items()]

    def _row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        # the letters the hand and the guesses use: «8 B» in Dutch, «8 Kn» in Norwegian (not «8 J»)
        played = " ".join(rank_letter(c) for c in view["played"][seat]) or "—"
        if view["out"][seat]:
            played += " " + _("(out)")
        elif view["protected"][seat]:
            played += " " + _("(protected)")
        return [played, f"{view['round_wins'][seat]}/{view['target_wins']}"]

    def status(self, view: Mapping[str, Any]) -> list[str]:
        known = view.get("known") or {}
        if not known:
            return []
        # «Du vet at Ola har dama og Lars en 7.», «Je weet dat Anouk de vrouw heeft en Piet een 7.»: it
        # said «Du vet: Ola dame.».  The first clause has the verb; the others leave it out.
        (first, card), *rest = ((int(s), c) for s, c in known.items())
        clauses = [
            pgettext("love-letter, what you know", "{name} has {card}").format(
                name=self.mid(first), card=a_card(card)
            )
        ]
        clauses += [f"{self.mid(s)} {a_card(c)}" for s, c in rest]
        return [_("You know that {known}.").format(known=listing(clauses))]

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        hand = view.get("hand") or []
        if not hand:
            return []
        if len(hand) == 2 and effect(hand[0]) == effect(hand[1]):  # a 6 and a 5: one effect, said once
            cards = f"{listing([name_of(c) for c in hand])} ({effect(hand[0])})"
        else:
            cards = ", ".join(f"{name_of(c)} ({effect(c)})" for c in hand)
        return [_("Your hand: {cards}").format(cards=cards)]

    def choices(self, legal: Sequence[Any]) -> list[JSON]:
        return [a.to_json() for a in legal]

    def describe(self, a: Mapping[str, Any]) -> str:
        text = name_of(a["card"])
        if "target" in a:
            text += " → " + self.name(a["target"])
        if "guess" in a:
            text += ", " + _("guess {card}").format(card=name_of(a["guess"]))
        return text

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        """The numbered choices, a 6 or 5's guesses at one player on one line, and a card played
        at one player or another on one line.

        Why: one line a guess made a 6 at three players 21 lines (43 with a 6
        and a 5), and on an 80×24 full screen the list pushed the table and
        the hand out of sight; a 10 or a 7 at four players still took four
        lines.  The numbers stay those :meth:`parse` reads.
        """
        lines: list[str] = []
        group: tuple[str, Any] | None = None
        for i, a in enumerate(self.choices(legal), 1):
            if "target" not in a:
                lines.append(f"  {i}) {self.describe(a)}")
                group = None
                continue
            if "guess" not in a:  # one card at each player in turn: «10 → 15) Du  16) Ola  17) Lars»
                key: tuple[str, Any] = (a["card"], None)
                pick = f"{i}) {self.name(a['target'])}"
                start = f"{name_of(a['card'])} → {pick}"
            else:
                key = (a["card"], a["target"])
                pick = f"{i}) {name_of(a['guess'])}"
                play = self.describe({"card": a["card"], "target": a["target"]})
                start = _("{play}, guess: {choices}").format(play=play, choices=pick)
            if key == group:
                lines[-1] += "  " + pick
            else:
                lines.append("  " + start)
                group = key
        return [*lines, _("Your turn: type a number, or card, player and guess (e.g. 6 2 K) · ? = help")]

    def help(self, view: Mapping[str, Any]) -> list[str]:
        return [
            _("Type a choice's number, or the card ({cards}), the player (seat number or name)").format(
                cards=card_letters()
            )
            + " "
            + _("and, for 6 and 5, the card you guess: “6 2 K”.")
        ]

    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        acts = self.choices(legal)
        toks = words(text)
        if len(toks) == 1 and re.fullmatch(r"\d+\)", toks[0]):  # «8)», as the list writes it: the choice
            if 1 <= int(toks[0][:-1]) <= len(acts):
                return acts[int(toks[0][:-1]) - 1]
            raise InputError(_("Type a number from 1 to {n}.").format(n=len(acts)))
        if len(toks) == 1 and toks[0].isdigit():
            # A number in the list's range is a choice; past it, it may still be a card held ("9").
            n = int(toks[0])
            held = read_rank(toks[0]) in (view.get("hand") or [])
            if 1 <= n <= len(acts):
                if held:
                    self._one_reading(n, acts)
                return acts[n - 1]
            if not held:
                raise InputError(_("Type a number from 1 to {n}.").format(n=len(acts)))
        if not toks or len(toks) > 3:
            raise InputError(_("Type the number of a choice, or card, player and guess (e.g. 6 2 K)."))
        card = read_rank(toks[0])
        if card is None or card not in "KQJT98765":
            raise InputError(
                _("“{word}” is not a Love Letter card ({cards}).").format(word=toks[0], cards=card_letters())
            )
        if card not in (view.get("hand") or []):
            raise InputError(_("You have no {card} in your hand.").format(card=name_of(card)))
        want: JSON = {"type": "play", "card": card}
        if len(toks) >= 2:
            want["target"] = self.seat_of(toks[1], view)
        if len(toks) == 3:
            guess = read_rank(toks[2])
            if guess is None:
                raise InputError(_("“{word}” is not a card to guess.").format(word=toks[2]))
            want["guess"] = guess
        if want in acts:
            return want
        same = [a for a in acts if a["card"] == card]
        if len(same) == 1 and len(toks) == 1:
            return same[0]
        if not same:
            raise InputError(_("You must play the queen now (you hold a jack or a 10)."))
        self._say_what_is_missing(want, same, view)
        options = "; ".join(self.describe(a) for a in same[:6])
        raise InputError(
            _("Not a choice now. With {card} you may: {options}.").format(card=name_of(card), options=options)
        )

    def _say_what_is_missing(self, want: JSON, same: Sequence[JSON], view: Mapping[str, Any]) -> None:
        """Refuse a play at a protected player, or a card typed without its player or guess, saying so.

        Why: «6 2 K» with Ola protected by a 9 got «Ikke et valg nå. Med 6 kan du: 6.», and «10» alone
        got «… Med 10 kan du: 10 → Du; 10 → Ingrid; 10 → Lars.»: both listed the plays without saying
        what was wrong with the one typed.  Now the first says that Ola is protected (and how to play
        the card without effect, or at whom), the second asks for the player (and the guess) with an
        example.  Anything else falls through to the list of plays.
        """
        card, target = want["card"], want.get("target")
        free = [a for a in same if "target" in a]  # the plays at a player (none: the card's no-effect play)
        if target is not None and target != view.get("seat") and view["protected"][target]:
            said = {"name": self.name(target), "card": name_of(card)}
            if not free:  # every other player is protected: the card is played without effect
                raise InputError(
                    _(
                        "{name} is protected (9), so you cannot play your {card} on {name} now. "
                        "Type “{typed}” to play it without effect."
                    ).format(typed=rank_letter(card), **said)
                )
            whom = alternatives([self._whom(t) for t in dict.fromkeys(a["target"] for a in free)])
            raise InputError(
                _(
                    "{name} is protected (9), so you cannot play your {card} on {name} now. "
                    "Choose {whom}: e.g. “{example}”."
                ).format(whom=whom, example=self._typed(self._example(free, view)), **said)
            )
        if not free or "guess" in want:
            return
        if target is None:  # (a 6 or a 5 alone is a choice's number: ``_one_reading`` asks about it)
            pick = self._example(free, view)
            raise InputError(
                _("Name the player too: e.g. “{example}” ({who}).").format(
                    example=self._typed(pick), who=self._whom(pick["target"])
                )
            )
        guesses = [a for a in free if a["target"] == target and "guess" in a]
        if guesses:
            pick = guesses[-1]
            raise InputError(
                _("Name your guess too: e.g. “{example}” ({guess}).").format(
                    example=self._typed(pick), guess=name_of(pick["guess"])
                )
            )

    def _whom(self, seat: int) -> str:
        """A player to choose, as the object of a sentence: «Ingrid», «deg selv» for a 10 at yourself."""
        return pgettext("love-letter target", "yourself") if seat == self.me else self.name(seat)

    def _example(self, plays: Sequence[JSON], view: Mapping[str, Any]) -> JSON:
        """A play to show as an example: at another player if there is one, guessing the highest card."""
        others = [a for a in plays if a["target"] != view.get("seat")] or list(plays)
        seat = others[0]["target"]
        return [a for a in others if a["target"] == seat][-1]

    @staticmethod
    def _typed(play: Mapping[str, Any], word: Callable[[str], str] = rank_letter) -> str:
        """A play as it is typed: card, seat number (from 1) and guess, in the hand's letters «6 3 K»
        (or as ``word`` writes a card: «6 2 dame»)."""
        parts = [word(play["card"]), str(play["target"] + 1)]
        if "guess" in play:
            parts.append(word(play["guess"]))
        return " ".join(parts)

    def _one_reading(self, n: int, acts: Sequence[JSON]) -> None:
        """Refuse a lone number that is both a choice and a card in the hand, unless both mean the same.

        Why: holding an 8 and a 5 among 24 choices, «8» (meant as the card) played choice 8, «a 5
        at Ola, guessing jack», without a word; with fewer choices the same «8» was the card.  Either
        reading may be what the person meant, so neither is guessed at: the refusal shows how to
        type each.
        """
        card = read_rank(str(n)) or ""
        plays = [a for a in acts if a["card"] == card]
        if plays == [acts[n - 1]]:  # the card's only play is that very choice
            return
        first = plays[0]
        # card, seat number and guess, as parse reads them («8 2», «6 2 dame»); a 9 is played alone,
        # so it is the number again: its choice, as the list writes it
        as_card = self._typed(first, rank_name) if "target" in first else f"{acts.index(first) + 1})"
        raise InputError(
            _(
                "“{n}” is both choice {n} ({choice}) and your {card}. For the choice, type “{n})”; for "
                "the card, e.g. “{as_card}”."
            ).format(n=n, choice=self.describe(acts[n - 1]), card=name_of(card), as_card=as_card)
        )

    def seat_of(self, token: str, view: Mapping[str, Any]) -> int:
        if token.isdigit() and 1 <= int(token) <= view["players"]:
            return int(token) - 1  # as the table numbers the seats, from 1
        for s, n in enumerate(self.names):
            if n.lower() == token.lower():
                return s
        raise InputError(_("“{word}” is not a player: type a seat number or a name.").format(word=token))

    def reveal(self, views: Sequence[Mapping[str, Any]]) -> list[str]:
        return self.hands_left(views, lambda hand: ", ".join(name_of(c) for c in hand))
