"""What the card games share on screen: a numbered hand and choosing cards by number or code."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import _
from .ui import InputError
from .words import card, read_card


def numbered(hand: Sequence[str]) -> str:
    """``1:A♣ 2:3♣ 3:3♠``: the numbers are what a player may type instead of the codes."""
    return "  ".join(f"{i}:{card(c)}" for i, c in enumerate(hand, 1))


def pick(token: str, hand: Sequence[str]) -> str:
    """One card of ``hand`` from its number in the listing or its code; :class:`InputError` if neither."""
    t = token.strip()
    if t.isdigit():
        n = int(t)
        if 1 <= n <= len(hand):
            return hand[n - 1]
        raise InputError(
            _("There is no card number {n}: your cards are numbered 1 to {last}.").format(n=n, last=len(hand))
        )
    code = read_card(t)
    if code is None:
        raise InputError(
            _("“{word}” is not a card: type its number, or its code like 5H, TH or 10H, KS.").format(word=t)
        )
    if code not in hand:
        raise InputError(_("You do not hold {card}.").format(card=card(code)))
    return code


def pick_many(tokens: Sequence[str], hand: Sequence[str]) -> list[str]:
    """Distinct cards of ``hand``, by numbers or codes, in the order typed."""
    out: list[str] = []
    for t in tokens:
        c = pick(t, hand)
        if c in out:
            raise InputError(_("{card} is named twice.").format(card=card(c)))
        out.append(c)
    return out
