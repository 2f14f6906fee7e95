"""What every game's screen module provides, and the parts they share.

A :class:`GameUI` turns **views** into words and pictures and turns typed
text into actions; it never sees a state.  The loop (``loop.py``) owns the
state, as a server would, and hands each seat only its view and its legal
actions: the terminal is an edge like any remote client.

``events(view)`` must grow only by appending as the game goes on: the loop
narrates ``events[seen:]`` and remembers ``seen``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table

from .i18n import _, ngettext, pgettext

JSON = dict[str, Any]

# Words that mean "call it a lie" (nb løgn/løgner, nl lieg/leugen, en liar), and yes/no.
CALL_WORDS = frozenset(
    {
        "l",
        "liar",
        "lie",
        "løgn",
        "løgner",
        "logn",
        "logner",
        "lieg",
        "liegt",
        "leugen",
        "leugenaar",
        "je liegt",
    }
)
YES = frozenset({"y", "yes", "j", "ja", "jo", "jep", "yep", "sure"})
NO = frozenset({"", "n", "no", "nei", "nee"})
# What asks for help at any prompt, a yes-or-no question too (the game's start says «Skriv ? for hjelp»).
HELP_WORDS = frozenset({"?", "h", "help", "hjelp", "hulp"})


def asks_help(text: str) -> bool:
    """Is ``text`` a request for help (``?``, ``hjelp`` …), whatever the case and the spaces around it?"""
    return text.strip().lower() in HELP_WORDS


NO_BREAK = "\u00a0"


def keep_no_break_spaces() -> None:
    """Make rich (and Textual, which wraps with rich's ``divide_line``) wrap a line nowhere at a
    no-break space, as the character means: «46\u00a0%» stays on one line.

    Why: Norwegian writes a chance «46 %», and a wrap between the number and the sign left «%»
    alone at the start of a line.  rich's word pattern (``\\s*\\S+\\s*``) counts U+00A0 as a
    space to break at (rich issues 3545, 4196); this is the pattern with U+00A0 part of a word.
    """
    from rich import _wrap

    if hasattr(_wrap, "re_word"):
        _wrap.re_word = re.compile(rf"[^\S{NO_BREAK}]*[\S{NO_BREAK}]+[^\S{NO_BREAK}]*")


keep_no_break_spaces()


class Fitted:
    """A table drawn in the first of its forms, widest first, that fits the width it is given.

    Why: rich squeezes a table wider than its panel by wrapping and cutting its cells.  On an 80×24
    full screen the board is 38 columns wide, and Love Letter's table read «Spill…», «omgan…» and
    «(bes…».  Only at draw time is the width known, so the choice is made there.  A form fits when
    it does unwrapped: rich's own squeezing cut words even where its measure said they would fit.
    """

    def __init__(self, *forms: Table) -> None:
        self.forms = forms

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        unbounded = options.update_width(10_000)
        fits = (t for t in self.forms if Measurement.get(console, unbounded, t).maximum <= options.max_width)
        yield next(fits, self.forms[-1])

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        sizes = [Measurement.get(console, options, t) for t in self.forms]
        return Measurement(min(m.minimum for m in sizes), max(m.maximum for m in sizes))


class InputError(ValueError):
    """What the player typed is not a legal choice; the message says why, in their language."""


class GameUI:
    """Screen and input for one game; subclasses fill in the game's parts."""

    game_id: ClassVar[str] = ""
    # The action types of a challenge window: asked as a yes/no question, Enter meaning no.
    window_types: ClassVar[tuple[str, str] | None] = None

    def __init__(self, names: Sequence[str], me: int | None = None) -> None:
        self.names = list(names)
        self.me = me

    def name(self, seat: int | None) -> str:
        """A seat's name where a sentence starts with it ("You" for the person)."""
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def mid(self, seat: int | None) -> str:
        """A seat's name inside a sentence: "du" / "jij" / "you" for the person."""
        return pgettext("mid-sentence", "you") if seat is not None and seat == self.me else self.name(seat)

    def obj(self, seat: int | None) -> str:
        """A seat's name as an object ("on {name}", "by {name}"): "deg" / "jou" / "you" for the person."""
        return pgettext("object", "you") if seat is not None and seat == self.me else self.name(seat)

    # -- narration --------------------------------------------------------
    def events(self, view: Mapping[str, Any]) -> list[JSON]:
        """The view's events, oldest first; only ever appended to as the game goes on."""
        return [e for e in view.get("history", []) if isinstance(e, dict)]

    def narrate(self, event: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        """Lines that tell ``event`` (possibly none: a quiet event)."""
        return []

    def pauses_after(self, event: Mapping[str, Any]) -> bool:
        """Should a person at the table press Enter after this event (the end of a round)?"""
        return False

    # -- screen -----------------------------------------------------------
    def title(self, view: Mapping[str, Any]) -> str:
        return ""

    def columns(self, view: Mapping[str, Any]) -> list[str]:
        return []

    def row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        return []

    def status(self, view: Mapping[str, Any]) -> list[str]:
        """Public lines under the table: the bid to beat, the pile, the announcement."""
        return []

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        """The viewer's own secret: their dice or hand."""
        return []

    def prompt_help(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
        """What may be typed now, with examples."""
        return []

    def help(self, view: Mapping[str, Any]) -> list[str]:
        """Every input form this game reads (shown for ``?``)."""
        return []

    def rules(self, view: Mapping[str, Any]) -> list[str]:
        """More of the rules for ``?`` than the one-line summary (Love Letter's card table)."""
        return []

    def claim_facts(self, view: Mapping[str, Any], seat: int | None) -> str:
        """ "pile 7 cards, 3 cards left" for a challenge question: what the claim is worth judging by.

        A claimant on their last cards is marked: let it pass and they may win.
        """
        pile = view.get("pile_size", 0)
        left = view["hand_sizes"][seat] if seat is not None else 0
        pile_text = ngettext("pile {n} card", "pile {n} cards", pile).format(n=pile)
        if left == 0:
            return pile_text + ", " + _("no cards left!")
        return pile_text + ", " + ngettext("{n} card left", "{n} cards left", left).format(n=left)

    def table(self, view: Mapping[str, Any]) -> RenderableType:
        """Everyone at the table, with whoever is to act marked; narrower forms where that is too wide."""
        wide = self._seats(view, self.columns(view), self.row, self.name, _("◀ to act"))
        narrow = self.narrow_columns(view)
        if narrow is None:
            return wide
        return Fitted(
            wide,
            self._seats(view, narrow, self.narrow_row, self.narrow_name, _("◀ to act")),
            self._seats(view, narrow, self.narrow_row, self.narrow_name, "◀"),
        )

    def narrow_columns(self, view: Mapping[str, Any]) -> list[str] | None:
        """The columns where the table's wide form does not fit (None: the wide form always fits)."""
        return None

    def narrow_row(self, view: Mapping[str, Any], seat: int) -> list[str]:
        return self.row(view, seat)

    def narrow_name(self, seat: int) -> str:
        return self.name(seat)

    def _seats(
        self,
        view: Mapping[str, Any],
        columns: Sequence[str],
        row: Callable[[Mapping[str, Any], int], list[str]],
        name: Callable[[int], str],
        to_act: str,
    ) -> Table:
        t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        t.add_column(_("Player"), no_wrap=True)
        for col in columns:
            t.add_column(col, justify="right")
        t.add_column("", no_wrap=True)
        seat = view.get("seat")
        for s in range(view["players"]):
            marks = []
            if s in view.get("to_act", []):
                marks.append(to_act)
            if s in view.get("winners", []) and view.get("over"):
                marks.append(_("winner"))
            t.add_row(name(s) + (" *" if s == seat else ""), *row(view, s), " ".join(marks))
        return t

    # -- input ------------------------------------------------------------
    def is_window(self, legal: Sequence[Any]) -> bool:
        """Is this a yes/no challenge question (call or let it pass)?"""
        if self.window_types is None:
            return False
        types = {a.to_json()["type"] for a in legal}
        return types == set(self.window_types)

    def window_question(self, view: Mapping[str, Any]) -> str:
        return _("Call it a lie? [y/N]")

    def parse_window(self, text: str) -> JSON:
        """Yes (or a call word) challenges; Enter or no lets it pass."""
        call, let_pass = self.window_types or ("challenge", "pass")
        t = " ".join(text.strip().lower().split()).strip("!")
        if t in YES or t in CALL_WORDS:
            return {"type": call}
        if t in NO:
            return {"type": let_pass}
        raise InputError(_("Answer y (yes, call it) or n (no); Enter means no."))

    def parse(self, text: str, view: Mapping[str, Any], legal: Sequence[Any]) -> JSON:
        """The action the player typed, checked against ``legal``; :class:`InputError` if not."""
        raise NotImplementedError

    def eliminated(self, view: Mapping[str, Any]) -> bool:
        """Is the viewing seat out for the rest of the game (the others play on without it)?

        Only a game where a player can be knocked out for good says yes;
        the loop then offers to skip to the result.
        """
        return False

    # -- the end ----------------------------------------------------------
    def reveal(self, views: Sequence[Mapping[str, Any]]) -> list[str]:
        """Lines showing every hidden card or die at the end, from every seat's own final view."""
        return []

    def hands_left(self, views: Sequence[Mapping[str, Any]], cards: Callable[[list[str]], str]) -> list[str]:
        """A card game's reveal: a heading, then each seat's hand as ``cards`` writes it ("—" if none).

        Why the heading: «Du: —», «Ola: 7» under the final table did not say what they were, where
        Liar's Dice says «Begrene ved siste rop: …».
        """
        lines = [
            _("{name}: {cards}").format(name=self.name(s), cards=cards(list(v.get("hand") or [])) or "—")
            for s, v in enumerate(views)
        ]
        return [_("Left in hand:"), *lines] if lines else []


def by_type(legal: Sequence[Any]) -> dict[str, list[JSON]]:
    out: dict[str, list[JSON]] = {}
    for a in legal:
        j = a.to_json()
        out.setdefault(j["type"], []).append(j)
    return out


def words(text: str) -> list[str]:
    """Lower-case tokens, with the separators people use (``4x5``, ``4*5``, ``4,5``) split."""
    t = re.sub(r"(\d)\s*[x×*]\s*(\d)", r"\1 \2", text.strip().lower())
    for sep in (",", ";", "@", ":", "×", "*"):
        t = t.replace(sep, " ")
    return t.split()
