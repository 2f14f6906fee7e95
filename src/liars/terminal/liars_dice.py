"""Løgnterninger on the screen: cups, bids in words, and bids typed as ``4 5``, ``4x5`` or "fire femmere"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .i18n import _, listing, ngettext
from .ui import CALL_WORDS, JSON, NO_BREAK, GameUI, InputError, by_type, words
from .words import capital, faces, read_face, read_number

SPOT_WORDS = frozenset(
    {
        "s",
        "spot",
        "spot on",
        "spot_on",
        "exact",
        "eksakt",
        "nøyaktig",
        "helt riktig",
        "precies",
        "precies goed",
    }
)


def dice(values: Sequence[int]) -> str:
    return " ".join(f"[{d}]" for d in values) or "—"


def cups_of(name: Callable[[int], str], cups: Sequence[Sequence[int]]) -> str:
    """The lifted cups, each seat's name and dice held together by no-break spaces (ui.py makes
    rich keep them): at 80 columns a cup broke across lines, «Daan» / «[3] [4] [4] [5] [6]»."""
    return "; ".join(NO_BREAK.join([name(s), *(f"[{d}]" for d in c)]) for s, c in enumerate(cups) if c)


class DiceUI(GameUI):
    game_id = "liars-dice"

    def events(self, view: Mapping[str, Any]) -> list[JSON]:
        """The rounds flattened: roll-off, each round's start, bids and call; the current round's so far.

        A finished round lists the same round start and bids as it did while
        it was being played, so the list only grows.
        """
        out: list[JSON] = []
        if view.get("rolloff"):
            out.append({"type": "rolloff", "throws": view["rolloff"]})
        for h in view.get("history", []):
            out.append({"type": "round", "round": h["round"], "opener": h["opener"]})
            out += [{"type": "bid", **b} for b in h["bids"]]
            out.append({"type": "call", **h})
        if not view.get("over") and view.get("opener") is not None:
            out.append({"type": "round", "round": view["round"], "opener": view["opener"]})
            out += [{"type": "bid", **b} for b in view.get("bids", [])]
        return out

    def narrate(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        kind = e.get("type")
        if kind == "rolloff":
            # The first throw decides who opens; only a tie makes the next ones re-rolls.
            lines = []
            for i, throw in enumerate(e["throws"]):
                shown = ", ".join(f"{self.name(s)} {d}" for s, d in enumerate(throw) if d is not None)
                line = _("Roll for who opens: {throws}") if i == 0 else _("Re-roll for the tie: {throws}")
                lines.append(line.format(throws=shown))
            return lines
        if kind == "round":
            return [
                _("Round {round}, opened by {name}.").format(round=e["round"], name=self.mid(e["opener"]))
            ]
        if kind == "bid":
            return [
                _("{name} bid {bid}.").format(name=self.name(e["seat"]), bid=faces(e["quantity"], e["face"]))
            ]
        if kind == "call":
            return self._call(e, view)
        return []

    def _call(self, e: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        caller = self.name(e["caller"])
        bid = e["bids"][-1] if e.get("bids") else None
        lines = [
            _("{name} called: Liar!").format(name=caller)
            if e["call"] == "liar"
            else _("{name} called: Spot on!").format(name=caller)
        ]
        lines.append(_("The cups are lifted: {cups}").format(cups=cups_of(self.name, e["dice"])))
        if bid is not None:
            said, face, count = faces(bid["quantity"], bid["face"]), bid["face"], e["count"]
            text = (
                ngettext(
                    "The bid was {bid}; there was only {actual}.",
                    "The bid was {bid}; there were only {actual}.",
                    count,
                )
                if 0 < count < bid["quantity"]
                else ngettext(
                    "The bid was {bid}; there was {actual}.", "The bid was {bid}; there were {actual}.", count
                )
            )
            lines.append(text.format(bid=said, actual=faces(count, face)))
            if view.get("options", {}).get("wild_ones") and face != 1:
                wild = sum(c.count(1) for c in e["dice"] if c)
                if wild:
                    lines.append(
                        ngettext("({n} of them a wild one.)", "({n} of them wild ones.)", wild).format(n=wild)
                    )
        # a right "spot on": everyone else (the person in the list as "du" / "jij" / "you")
        losers = [self.mid(s) if i else self.name(s) for i, s in enumerate(e["losers"])]
        lines.append(
            ngettext("{names} lost a die.", "{names} each lost a die.", len(losers)).format(
                names=listing(losers)
            )
        )
        lines += [
            _("You lost your last die: you are out of the game.")
            if s == self.me
            else _("{name} lost their last die.").format(name=self.name(s))
            for s in e.get("out", [])
        ]
        return lines

    def title(self, view: Mapping[str, Any]) -> str:
        total = view["total_dice"]  # one at the end: «1 terning i spill», not «1 terninger»
        return ngettext(
            "Round {round} · {total} die in play", "Round {round} · {total} dice in play", total
        ).format(round=view["round"], total=total)

    def columns(self, view: Mapping[str, Any]) -> list[str]:
        return [_("Dice")]

    def row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        n = view["dice_counts"][seat]
        return [str(n) if n else _("out")]

    def status(self, view: Mapping[str, Any]) -> list[str]:
        opts = view["options"]
        lines = []
        rules = [_("ones are wild")] if opts.get("wild_ones") else []
        if opts.get("spot_on"):
            rules.append(_("spot on allowed"))
        if rules:
            lines.append(_("Rules: {rules}").format(rules=", ".join(rules)))
        bids = view.get("bids", [])
        if bids:
            said = ", ".join(f"{self.name(b['seat'])}: {faces(b['quantity'], b['face'])}" for b in bids)
            lines.append(_("Bids this round: {bids}").format(bids=said))
            b = view["bid"]
            lines.append(
                _("Bid to beat: {bid} ({name})").format(
                    bid=faces(b["quantity"], b["face"]), name=self.mid(b["seat"])
                )
            )
        elif not view.get("over"):
            lines.append(_("No bid yet this round."))
        return lines

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        if not view.get("dice"):
            return []
        return [_("Your dice: {dice}").format(dice=dice(view["dice"]))]

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        kinds = by_type(legal)
        parts = []
        if "bid" in kinds:
            first = kinds["bid"][0]
            parts.append(
                _("bid, e.g. {a} or {b} or “{c}”").format(
                    a=f"{first['quantity']} {first['face']}",
                    b=f"{first['quantity']}x{first['face']}",
                    c=faces(first["quantity"], first["face"]),
                )
            )
        if "liar" in kinds:
            parts.append(_("l = call liar"))
        if "spot_on" in kinds:
            parts.append(_("s = spot on"))
        parts.append(_("? = help"))
        return [_("Your turn: {choices}").format(choices=" · ".join(parts))]

    def help(self, view: Mapping[str, Any]) -> list[str]:
        """How to bid, what beats a bid, how to call, and the options in force (spot on, wild ones).

        Why: the help was the one-line summary («By på alle terningene på bordet; rop løgn når et bud
        er for høyt.»), where Love Letter's and the poker version's say how to type a move and what
        is allowed.  The raise is the engine's order (``bid_index``): more dice of any face, or as
        many of a higher face.
        """
        opts = view.get("options") or {}
        lines = [
            _(
                "A bid is a number of dice and a face: “4 5”, “4x5” or “{bid}” says that at least four"
                " of all the dice on the table, yours and the others', show a five."
            ).format(bid=faces(4, 5)),
            _(
                "Each bid must be higher than the last: more dice, of any face (after {bid}, {more}),"
                " or as many of a higher face ({higher})."
            ).format(bid=faces(4, 5), more=faces(5, 2), higher=faces(4, 6)),
            _(
                "Think the last bid is too high? Call liar: type “l” or “liar”. The cups are lifted:"
                " if fewer dice show its face than it says, the bidder loses a die; else you do."
            )
            + " "
            + (
                # after «Helt riktig!» the caller opens, right or wrong (the engine, docs/rules): the
                # help said «Den som mister en terning, åpner neste runde» there too
                _(
                    "After a call of liar, whoever loses a die opens the next round;"
                    " a player with no dice left is out."
                )
                if opts.get("spot_on")
                else _("Whoever loses a die opens the next round; a player with no dice left is out.")
            ),
        ]
        if opts.get("spot_on"):
            lines.append(
                _(
                    "Think the bid is exactly right? Call “Spot on!”: type “s” or “spot on”. If it is,"
                    " everyone else loses a die; if not, you lose one."
                )
                + " "
                + _(
                    "Right or wrong, you open the next round (if that was your last die, the next player"
                    " with dice does)."
                )
            )
        if opts.get("wild_ones"):
            lines.append(_("Ones are wild: they count as every face, except in a bid on ones."))
        return lines

    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        kinds = by_type(legal)
        flat = " ".join(text.strip().lower().split()).strip("!")
        if flat in CALL_WORDS:
            if "liar" not in kinds:
                raise InputError(_("There is no bid to call yet: you open, so you must bid."))
            return {"type": "liar"}
        if flat in SPOT_WORDS:
            if "spot_on" not in kinds:
                if not view["options"].get("spot_on"):
                    raise InputError(_("Spot on is not played here (the option --spot-on is off)."))
                raise InputError(_("There is no bid to call yet: you open, so you must bid."))
            return {"type": "spot_on"}
        toks = words(text)
        if len(toks) != 2:
            raise InputError(_("Type a bid as two numbers, quantity and face (e.g. 4 5), or l to call liar."))
        q, f = read_number(toks[0]), read_face(toks[1])
        if q is None:
            raise InputError(_("“{word}” is not a number of dice.").format(word=toks[0]))
        if f is None or not 1 <= f <= 6:
            raise InputError(_("“{word}” is not a die face (1 to 6).").format(word=toks[1]))
        total = view["total_dice"]
        if not 1 <= q <= total:
            raise InputError(_("A bid is for 1 to {total} dice: that many are in play.").format(total=total))
        bid = view.get("bid")
        if bid is not None and (q, f) <= (bid["quantity"], bid["face"]):
            said = _("{bid} is not higher than {last}: bid more dice, or {n} of a higher face.").format(
                bid=faces(q, f), last=faces(bid["quantity"], bid["face"]), n=bid["quantity"]
            )
            raise InputError(capital(said))  # «Én toer …», «Eén twee …»: a sentence starts with a capital
        return {"type": "bid", "quantity": q, "face": f}

    def eliminated(self, view: Mapping[str, Any]) -> bool:
        seat = view.get("seat")
        return isinstance(seat, int) and not view["dice_counts"][seat] and not view.get("over")

    def reveal(self, views: Sequence[Mapping[str, Any]]) -> list[str]:
        last = views[0].get("revealed") if views else None
        if not last:
            return []
        return [_("Last cups: {cups}").format(cups=cups_of(self.name, last["dice"]))]
