"""What the full-screen table offers as completion: each legal action's typed form, and coloured suits.

The input completes toward text the game's own parser reads back
(``GameUI.parse`` / ``parse_window``), so a completion is always something the
line mode would accept as well.  The forms are built from the legal actions
with the same words the screen uses (``words.faces``, the hand's rank
letters, seat names), and a form is only offered once the parser turns it
into its action: a form the parser reads differently (a Love Letter ``9``
that is also choice number 9) is never suggested.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.suggester import Suggester

from ..games.cheat_cards import RANKS
from . import i18n
from .ui import JSON, GameUI, InputError
from .words import faces, rank_letter, rank_name

# One word per language for each answer, all read by the parsers (``ui.CALL_WORDS``, ``YES``, ``NO``,
# ``liars_dice.SPOT_WORDS``); the tests check each is read back as its action in every language.
CALL_WORD = {"nb": "løgner", "nl": "je liegt", "en": "liar"}
SPOT_WORD = {"nb": "eksakt", "nl": "precies", "en": "spot on"}
YES_NO = {"nb": ("ja", "nei"), "nl": ("ja", "nee"), "en": ("yes", "no")}

Form = tuple[str, JSON]


def card_code(code: str) -> str:
    """A card as it can be typed: the hand's rank letter and the suit letter (``KnH``, ``BH``, ``10S``)."""
    if len(code) < 2:
        return code  # a joker (X) or a bare rank
    return rank_letter(code[0]) + code[1]


def rank_code(rank: str) -> str:
    """A rank as it can be typed: ``7``, ``10``, the hand's letter (``Kn``, ``B``, ``J``)."""
    return rank_letter(rank)


def window_forms(ui: GameUI) -> list[Form]:
    call, let_pass = ui.window_types or ("challenge", "pass")
    yes, no = YES_NO.get(i18n.lang(), YES_NO["en"])
    word = CALL_WORD.get(i18n.lang(), CALL_WORD["en"])
    return [(yes, {"type": call}), (word, {"type": call}), (no, {"type": let_pass})]


def _dice(legal: Sequence[JSON]) -> list[Form]:
    digits, spoken, calls = [], [], []
    for a in legal:
        if a["type"] == "bid":
            q, f = a["quantity"], a["face"]
            digits.append((f"{q} {f}", a))
            spoken.append((faces(q, f), a))
        elif a["type"] == "liar":
            calls.append((CALL_WORD.get(i18n.lang(), CALL_WORD["en"]), a))
        elif a["type"] == "spot_on":
            calls.append((SPOT_WORD.get(i18n.lang(), SPOT_WORD["en"]), a))
    return [*digits, *spoken, *calls]


def _cheat(view: Mapping[str, Any], legal: Sequence[JSON]) -> list[Form]:
    """The engine lists plays by rank (``["5", "5"]``); the form names cards of the hand with those ranks."""
    hand = list(view.get("hand") or [])
    out = []
    for a in legal:
        if a["type"] != "play":
            continue
        left, chosen = list(hand), []
        for rank in a["cards"]:
            match = next((c for c in left if c[0] == rank), None)
            if match is None:
                break
            left.remove(match)
            chosen.append(match)
        else:
            out.append((" ".join(card_code(c) for c in chosen), {"type": "play", "cards": chosen}))
    return out


def _liegen(view: Mapping[str, Any], legal: Sequence[JSON]) -> list[Form]:
    """The card alone when it tells the truth (what the parser reads so), then card and announcement."""
    step = view["options"].get("follow") == "rank_step"
    alone, announced = [], []
    for a in legal:
        if a["type"] != "play":
            continue
        card, ann = a["card"], a["announce"]
        truthful = ann == (card[0] if step else card) and card != "X"
        if truthful:
            alone.append((card_code(card), a))
        said = rank_code(ann) if step else card_code(ann)
        announced.append((f"{card_code(card)} {said}", a))
    return [*alone, *announced]


def _love_letter(ui: GameUI, legal: Sequence[JSON]) -> list[Form]:
    """Card, player and guess in words, as the choices are listed: ``konge``, ``10 Ola``, ``6 Ola dame``."""
    out = []
    for a in legal:
        parts = [rank_name(a["card"])]
        if "target" in a:
            parts.append(ui.name(a["target"]))
        if "guess" in a:
            parts.append(rank_name(a["guess"]))
        out.append((" ".join(parts), a))
    return out


def typed_forms(ui: GameUI, view: Mapping[str, Any], legal: Sequence[Any]) -> list[Form]:
    """(text, action) for the legal actions, the most likely first; ``action`` is what the parser gives."""
    if ui.is_window(legal):
        return window_forms(ui)
    js = [a.to_json() for a in legal]
    if ui.game_id == "liars-dice":
        return _dice(js)
    if ui.game_id == "cheat":
        return _cheat(view, js)
    if ui.game_id == "liegen":
        return _liegen(view, js)
    if ui.game_id == "love-letter":
        return _love_letter(ui, js)
    if ui.game_id == "liars-dice-poker":
        from .liars_dice_poker import typed_forms as poker_forms

        return poker_forms(i18n.lang(), CALL_WORD.get(i18n.lang(), CALL_WORD["en"]), js)
    return [(str(i), a) for i, a in enumerate(js, 1)]  # GenericUI numbers the actions


def reads_back(ui: GameUI, view: Mapping[str, Any], legal: Sequence[Any]) -> Callable[[Form], bool]:
    """Does the game's parser turn a form's text into the form's action?"""
    window = ui.is_window(legal)

    def check(form: Form) -> bool:
        text, action = form
        try:
            got = ui.parse_window(text) if window else ui.parse(text, view, legal)
        except (InputError, ValueError):
            return False
        return got == action

    return check


class ActionSuggester(Suggester):
    """Completes what is typed toward the first form it begins, of those the parser reads back.

    Only the form being suggested is parsed (a keystroke costs a parse or
    two, not one per legal action); the cache keeps each answer for the turn.
    """

    def __init__(self, forms: Sequence[Form], check: Callable[[Form], bool]) -> None:
        super().__init__(use_cache=True, case_sensitive=False)
        self.forms = list(forms)
        self.check = check

    async def get_suggestion(self, value: str) -> str | None:
        return self.suggest(value)

    def suggest(self, value: str) -> str | None:
        typed = value.casefold()
        for form in self.forms:
            text = form[0]
            if text.casefold().startswith(typed) and len(text) > len(typed) and self.check(form):
                return text
        return None


RED, BLACK = "bold red3 on grey93", "bold black on grey93"


def suited(text: Text | str) -> Text:
    """``text`` with each card's rank and suit drawn like a card: hearts and diamonds red, the rest black."""
    out = text.copy() if isinstance(text, Text) else Text(text)
    letters = sorted({rank_letter(r) for r in RANKS}, key=len, reverse=True)
    rank = "|".join(re.escape(x) for x in letters)
    out.highlight_regex(rf"(?:{rank})[♥♦]", RED)
    out.highlight_regex(rf"(?:{rank})[♣♠]", BLACK)
    return out
