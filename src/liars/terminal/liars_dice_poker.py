"""Poker Liar's Dice on the screen: lives, who has the cup, the claims, and the five dice for the holder only.

The turn has three shapes, told apart by the legal actions: a claim (typed
the way it is said, see :mod:`.poker_words`), "Løgner!" or accept (unseen),
and, after accepting, the dice to re-roll.  The five dice show only when the
view holds them (``dice`` for the holder who has looked, ``passed_dice`` for
the one who passed the cup): the screen draws what the engine lets the seat
see and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import _, ngettext
from .poker_words import best_hand, claim_of, claim_words, read_claim, read_value
from .ui import CALL_WORDS, JSON, GameUI, InputError, by_type
from .words import capital

ACCEPT_WORDS = frozenset(
    {
        "a",
        "accept",
        "ok",
        "g",
        "godta",
        "godtar",
        "jeg godtar",
        "ik geloof je",
        "geloof",
        "geloof je",
        "geloven",
    }
)
# "None" and "all" for a re-roll, and the words that may lead one (nb, nl, en).
KEEP_ALL = frozenset(
    {"0", "-", "none", "no", "nothing", "keep", "ingen", "behold", "geen", "niets", "niks", "houd"}
)
ALL = frozenset({"all", "alle", "alt", "alles"})
REROLL_LEAD = frozenset(
    {"reroll", "re-roll", "roll", "kast", "kaste", "slå", "om", "på", "nytt", "gooi", "opnieuw"}
)
KEEP_LEAD = frozenset({"keep", "behold", "houd", "hou"})


def dice(values: Sequence[int] | None) -> str:
    return " ".join(f"[{d}]" for d in values or ()) or "—"


def rerolled_text(n: int) -> str:
    if n == 0:
        return _("kept all five dice")
    return ngettext("re-rolled {n} die", "re-rolled {n} dice", n).format(n=n)


def rerolled_sentence(name: str, n: int) -> str:
    if n == 0:
        return _("{name} kept all five dice.").format(name=name)
    return ngettext("{name} re-rolled {n} die.", "{name} re-rolled {n} dice.", n).format(name=name, n=n)


class PokerUI(GameUI):
    game_id = "liars-dice-poker"

    # -- narration --------------------------------------------------------
    def events(self, view: Mapping[str, Any]) -> list[JSON]:
        """Roll-off, then per round: its start, each claim (after an accept and a re-roll), the call.

        A finished round yields the same events it yielded while it was being
        played (an accept shows as the phase ``reroll``, a re-roll as the phase
        ``claim`` with a count), so the list only grows.
        """
        out: list[JSON] = []
        if view.get("rolloff"):
            out.append({"type": "rolloff", "throws": view["rolloff"]})
        for h in view.get("history", []):
            out += self._round(h["round"], h["starter"], h["claims"])
            out.append({"type": "call", **h})
        if view.get("over") or view.get("starter") is None:
            return out
        claims = view.get("claims", [])
        out += self._round(view["round"], view["starter"], claims)
        if claims and view.get("phase") in ("reroll", "claim"):
            out.append({"type": "accept", "seat": view["holder"]})
            if view["phase"] == "claim" and view.get("rerolled") is not None:
                out.append({"type": "reroll", "seat": view["holder"], "n": view["rerolled"]})
        return out

    @staticmethod
    def _round(rnd: int, starter: int, claims: Sequence[Mapping[str, Any]]) -> list[JSON]:
        out: list[JSON] = [{"type": "round", "round": rnd, "starter": starter}]
        for j, c in enumerate(claims):
            if j:
                out.append({"type": "accept", "seat": c["seat"]})
                out.append({"type": "reroll", "seat": c["seat"], "n": c["rerolled"]})
            out.append({"type": "claim", "seat": c["seat"], "hand": c["hand"], "values": c["values"]})
        return out

    def narrate(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        kind = e.get("type")
        if kind == "rolloff":
            lines = []
            for i, throw in enumerate(e["throws"]):
                shown = ", ".join(f"{self.name(s)} {d}" for s, d in enumerate(throw))
                line = _("Roll for who opens: {throws}") if i == 0 else _("Re-roll for the tie: {throws}")
                lines.append(line.format(throws=shown))
            return lines
        if kind == "round":
            return [
                _("Round {round}, opened by {name}.").format(round=e["round"], name=self.mid(e["starter"]))
            ]
        if kind == "claim":
            return [_("{name} claimed {claim}.").format(name=self.name(e["seat"]), claim=claim_of(e))]
        if kind == "accept":
            return [_("{name} accepted and looked under the cup.").format(name=self.name(e["seat"]))]
        if kind == "reroll":
            return [rerolled_sentence(self.name(e["seat"]), e["n"])]
        if kind == "call":
            return self._call(e)
        return []

    def _call(self, e: Mapping[str, Any]) -> list[str]:
        claim = e["claims"][-1]
        hand, values = best_hand(e["dice"])
        lines = [
            _("{name} called Liar! on {claim}.").format(name=self.name(e["caller"]), claim=claim_of(claim)),
            _("The cup is lifted: {dice} ({hand}).").format(
                dice=dice(e["dice"]), hand=claim_words(hand, values)
            ),
            _("The claim held.") if e["held"] else _("The claim was too high."),
        ]
        loser = e["loser"]
        left = e["lives"][loser] - 1
        if loser == self.me:
            lines.append(
                _("You lost your last life.") if not left else _("You lost a life: {n} left.").format(n=left)
            )
        elif not left:
            lines.append(_("{name} lost their last life.").format(name=self.name(loser)))
        else:
            lines.append(_("{name} lost a life: {n} left.").format(name=self.name(loser), n=left))
        return lines

    def pauses_after(self, event: Mapping[str, Any]) -> bool:
        return event.get("type") == "call"

    # -- screen -----------------------------------------------------------
    def title(self, view: Mapping[str, Any]) -> str:
        return _("Round {round}").format(round=view["round"])

    def columns(self, view: Mapping[str, Any]) -> list[str]:
        return [_("Lives"), _("Cup")]

    def row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        return [str(view["lives"][seat]), "●" if view.get("holder") == seat else ""]

    def status(self, view: Mapping[str, Any]) -> list[str]:
        if view.get("over"):
            return []
        claims = view.get("claims", [])
        if not claims:
            if view["starter"] == self.me:
                return [_("You have the cup: open the round with a claim.")]
            return [_("{name} has the cup and opens the round.").format(name=self.name(view["starter"]))]
        said = "; ".join(self._claim_line(c, j) for j, c in enumerate(claims))
        last = view["claim"]
        lines = [
            _("Claims this round: {claims}").format(claims=said),
            _("Claim to beat: {claim} ({name})").format(claim=claim_of(last), name=self.mid(last["seat"])),
        ]
        if view["holder"] != self.me:  # the person's own cup is told under "mine"
            lines.append(_("{name} has the cup.").format(name=self.name(view["holder"])))
        return lines

    def _claim_line(self, c: Mapping[str, Any], j: int) -> str:
        text = f"{self.name(c['seat'])}: {claim_of(c)}"
        return text if j == 0 else f"{text} ({rerolled_text(c['rerolled'])})"

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        if view.get("dice"):
            hand, values = best_hand(view["dice"])
            return [
                _("Your dice under the cup: {dice} ({hand})").format(
                    dice=dice(view["dice"]), hand=claim_words(hand, values)
                )
            ]
        if view.get("passed_dice"):
            return [_("You passed the cup with: {dice}").format(dice=dice(view["passed_dice"]))]
        if view.get("holder") == view.get("seat") and view.get("claims"):
            return [_("You have the cup but have not looked under it.")]
        return []

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        kinds = by_type(legal)
        parts = []
        if "claim" in kinds:
            claims = kinds["claim"]
            hand, values = best_hand(view["dice"] or [2, 3, 4, 5, 5])
            true = {"type": "claim", "hand": hand, "values": values}
            other = true if true in claims[1:] else claims[min(len(claims) - 1, 12)]
            parts.append(_("claim, e.g. “{a}” or “{b}”").format(a=claim_of(claims[0]), b=claim_of(other)))
        if "reroll" in kinds:
            parts.append(_("the dice to re-roll by their values (e.g. 3 5), “all”, or 0 to keep all five"))
        if "liar" in kinds:
            parts.append(_("l = Liar!"))
        if "accept" in kinds:
            parts.append(_("a = accept and look under the cup"))
        elif "liar" in kinds:
            parts.append(_("nothing is higher than five aces"))
        parts.append(_("? = help"))
        return [_("Your turn: {choices}").format(choices=" · ".join(parts))]

    def help(self, view: Mapping[str, Any]) -> list[str]:
        return [
            _("Claims, lowest first: nothing; a pair; two pairs; three of a kind; low straight (2–6);")
            + " "
            + _("high straight (3–ace); full house; four of a kind; five of a kind. The ace (1) is highest."),
            _("Type a claim as you would say it: “pair of aces”, “two pairs 5 and 2”, “three 4s”,")
            + " "
            + _("“low straight”, “full house 6 over 3”, “four sixes”, “five aces”."),
            _("Re-roll: the values of the dice to throw (“3 5”), “keep 1 1” to keep those, “all”, or 0."),
        ]

    # -- input ------------------------------------------------------------
    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        kinds = by_type(legal)
        flat = " ".join(text.strip().lower().split()).strip("!")
        if flat in CALL_WORDS:
            if "liar" not in kinds:
                raise InputError(_("There is no claim to call now."))
            return {"type": "liar"}
        if flat in ACCEPT_WORDS:
            if "accept" not in kinds:
                if "liar" in kinds:
                    raise InputError(_("Nothing is higher than five aces: you can only call Liar!"))
                raise InputError(_("There is no claim to accept now."))
            return {"type": "accept"}
        if "reroll" in kinds:
            return {"type": "reroll", "dice": self._reroll(flat, view["dice"] or [])}
        if "claim" not in kinds:
            if "accept" in kinds:
                raise InputError(_("Answer l (Liar!) or a (accept and look under the cup)."))
            raise InputError(_("Call l (Liar!): nothing is higher than five aces."))
        hand, values = read_claim(text)
        action = {"type": "claim", "hand": hand, "values": values}
        if action not in kinds["claim"]:
            last = view.get("claim") or {"hand": "nothing", "values": []}
            text = _("{claim} is not higher than {last}.")
            raise InputError(capital(text.format(claim=claim_words(hand, values), last=claim_of(last))))
        return action

    @staticmethod
    def _reroll(flat: str, held: Sequence[int]) -> list[int]:
        """The values to re-roll from "3 5", "35", "all", "0", "keep 1 1", "kast 3 og 5"."""
        toks = [t for t in flat.replace(",", " ").split() if t not in ("og", "en", "and", "&")]
        keep = bool(toks) and toks[0] in KEEP_LEAD and len(toks) > 1
        toks = [t for t in toks if t not in REROLL_LEAD and t not in KEEP_LEAD]
        if not toks and not keep:
            if flat in KEEP_ALL:
                return []
            raise InputError(
                _("Type the values of the dice to re-roll (e.g. 3 5), “all”, or 0 to keep all five.")
            )
        if not keep and len(toks) == 1 and (toks[0] in KEEP_ALL):
            return []
        if not keep and len(toks) == 1 and toks[0] in ALL:
            return sorted(held)
        if len(toks) == 1 and toks[0].isdigit() and len(toks[0]) > 1:
            toks = list(toks[0])
        values = []
        for t in toks:
            v = read_value(t)
            if v is None:
                raise InputError(_("“{word}” is not a die value (1 to 6).").format(word=t))
            values.append(v)
        left = list(held)
        for v in values:
            if v not in left:
                raise InputError(
                    _("The dice are {dice}: there is no (further) {value} among them.").format(
                        dice=dice(held), value=v
                    )
                )
            left.remove(v)
        return sorted(left) if keep else sorted(values)

    # -- the end ----------------------------------------------------------
    def reveal(self, views: Sequence[Mapping[str, Any]]) -> list[str]:
        last = views[0].get("revealed") if views else None
        if not last:
            return []
        hand, values = best_hand(last["dice"])
        return [
            _("The last cup: {dice} ({hand}); the claim was {claim}.").format(
                dice=dice(last["dice"]), hand=claim_words(hand, values), claim=claim_of(last["claim"])
            )
        ]


ACCEPT_WORD = {"nb": "godta", "nl": "ik geloof je", "en": "accept"}


def typed_forms(lang: str, call_word: str, legal: Sequence[JSON]) -> list[tuple[str, JSON]]:
    """What the full-screen input completes to: claims in words, the call and accept words, re-rolls.

    Each is a text :meth:`PokerUI.parse` reads back as its action ("0" keeps all five dice).
    """
    out: list[tuple[str, JSON]] = []
    for a in legal:
        if a["type"] == "claim":
            out.append((claim_of(a), a))
        elif a["type"] == "liar":
            out.append((call_word, a))
        elif a["type"] == "accept":
            out.append((ACCEPT_WORD.get(lang, ACCEPT_WORD["en"]), a))
        elif a["type"] == "reroll":
            out.append((" ".join(map(str, a["dice"])) or "0", a))
    return out
