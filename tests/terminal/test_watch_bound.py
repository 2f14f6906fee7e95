"""``liars watch`` in the line mode stops a bots' game at the action bound and says so."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import liars
from liars import bots
from liars.terminal import i18n, loop
from liars.terminal.games import ui_for
from liars.terminal.i18n import _


@pytest.mark.parametrize("lang", ["en", "nb", "nl"])
def test_watch_stops_at_the_bound_unfinished(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.use(lang)
    monkeypatch.setattr(loop, "action_bound", lambda game: 9)
    game = liars.make("liegen", players=3, seed=4)
    table_bots = {s: bots.make("random", game.id, seed=s) for s in range(3)}
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    table = loop.Table(game.new_game(), ui_for(game.id, ["A", "B", "C"], None), table_bots, None, console)
    table.run()
    assert not table.state.over and len(table.moves) == 9
    stopped = _("The bots stopped after {n} moves with no winner: the game went round in circles.")
    assert stopped.format(n=9) in out.getvalue()
    assert (
        lang == "en"
        or stopped != "The bots stopped after {n} moves with no winner: the game went round in circles."
    )


def test_a_person_at_the_table_is_never_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loop, "action_bound", lambda game: 0)
    game = liars.make("liars-dice", players=2, dice=1, seed=4)
    table = loop.Table(
        game.new_game(),
        ui_for(game.id, ["A", "B"], 0),
        {1: bots.make("random", game.id, seed=1)},
        0,
        Console(file=io.StringIO(), color_system=None),
        ask=lambda prompt: "liar" if "liar" in " ".join(map(str, table.state.legal_actions(0))) else "1x2",
    )
    table.run()
    assert table.state.over
