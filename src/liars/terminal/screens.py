"""The screen a player sees on their turn, drawn with rich from their view and legal actions only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .i18n import _, game_name, game_summary
from .ui import GameUI


def show(console: Console, ui: GameUI, view: Mapping[str, Any], legal: Sequence[Any]) -> None:
    title = " · ".join(p for p in (game_name(view["game"]), ui.title(view)) if p)
    console.print(Rule(Text(title, style="bold")))
    console.print(ui.table(view))
    for line in ui.status(view):
        console.print(Text(line))
    for line in ui.mine(view):
        console.print(Text(line, style="bold cyan"))
    for line in ui.prompt_help(view, legal):
        console.print(Text(line, style="bold"))


def help_lines(ui: GameUI, view: Mapping[str, Any], legal: Sequence[Any]) -> list[str]:
    """The long help behind ``?``: the rules in brief, the forms this game reads, then this turn's help.

    At a challenge question (call or let pass) this turn's help is how to answer it: the turn's
    own prompt («Din tur: spill ett eller flere kort …») is no answer to «Rope «Løgner!»? [j/N]».
    """
    now = [window_answer(ui)] if ui.is_window(legal) else []
    return [
        _("Rules: {summary}").format(summary=rules_summary(ui, view)),
        *ui.rules(view),
        *ui.help(view),
        *(now or ui.prompt_help(view, legal)),
        _("Ctrl-C leaves the game (you may save it first)."),
    ]


def rules_summary(ui: GameUI, view: Mapping[str, Any]) -> str:
    """The rules in brief: the rules in force where the game's screen says them (Liegen's
    ``summary``, which follows its options), else the game's one-line summary."""
    own = getattr(ui, "summary", None)
    return str(own(view)) if callable(own) else game_summary(view["game"])


def window_answer(ui: GameUI) -> str:
    """How to answer a challenge question, in the game's own word where it has one (Liegen
    «anklage» / «beschuldigen»), else «rop løgn»."""
    own = getattr(ui, "window_answer", None)
    return str(own()) if callable(own) else _("Answer y (yes, call it) or n (no); Enter means no.")
