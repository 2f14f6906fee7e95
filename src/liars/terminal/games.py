"""The screen module of each game, and a generic one for a game that has none yet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import _
from .ui import JSON, GameUI, InputError


class GenericUI(GameUI):
    """Any game: the legal actions, numbered, in the engine's own text form."""

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        lines = [f"  {i}) {a}" for i, a in enumerate(legal, 1)]
        return [*lines[:40], _("Your turn: type a number.")]

    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        t = text.strip()
        if t.isdigit() and 1 <= int(t) <= len(legal):
            out: JSON = legal[int(t) - 1].to_json()
            return out
        raise InputError(_("Type a number from 1 to {n}.").format(n=len(legal)))


def ui_for(game_id: str, names: Sequence[str], me: int | None = None) -> GameUI:
    """The screen module of ``game_id`` (or the generic one); ``me`` is the person's seat, if any."""
    from .cheat import CheatUI
    from .liars_dice import DiceUI
    from .liars_dice_poker import PokerUI
    from .liegen import LiegenUI
    from .love_letter import LoveLetterUI

    for cls in (CheatUI, DiceUI, PokerUI, LiegenUI, LoveLetterUI):
        if cls.game_id == game_id:
            return cls(names, me)
    return GenericUI(names, me)
