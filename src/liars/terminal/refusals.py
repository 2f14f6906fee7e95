"""A refusal (an engine ``IllegalAction`` or ``GameConfigError``) said in the terminal's language.

The engine gives each refusal a ``code`` and ``params`` (:mod:`liars.errors`);
the catalogs hold each code's sentence under the context ``error <code>``
with the English template as msgid, so the placeholders are checked like any
other string.  Cards, ranks and seats in the params are shown the way the
rest of the screen shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Refusal
from ..errors import MESSAGES, fill
from .i18n import pgettext
from .words import card, cards, rank_name

SEAT_PARAMS = ("seat", "target", "player")
CARD_PARAMS = ("card", "prev", "announce")


def refusal(exc: Refusal, name: Callable[[int], str] | None = None) -> str:
    """The translated sentence for ``exc``; its English message if the code is not catalogued.

    ``name`` turns a seat number into the name the table shows (else the number stays).
    """
    template = MESSAGES.get(exc.code)
    if template is None:
        return str(exc)
    shown: dict[str, Any] = dict(exc.params)
    for key, value in exc.params.items():
        if key == "cards" and isinstance(value, list):
            shown[key] = cards([str(c) for c in value])
        elif key in CARD_PARAMS and isinstance(value, str):
            shown[key] = card(value)
        elif key == "rank" and isinstance(value, str):
            shown[key] = rank_name(value)
        elif key in SEAT_PARAMS and type(value) is int and name is not None:
            shown[key] = name(value)
    return fill(pgettext(f"error {exc.code}", template), shown)
