"""A bots-only table stops at the game's action bound and says so: a looping game never spins."""

from __future__ import annotations

import time

import pytest

from liars import bots

from .conftest import Server


def test_a_bots_only_table_stops_unfinished_at_the_bound(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots, "action_bound", lambda game: 7)
    out = server.create(game="liegen", players=3, seats=["bot:random"] * 3)
    info: dict[str, object] = {}
    for _ in range(250):
        info = server.http.get(f"/api/tables/{out['table']}").json()
        if info["unfinished"]:
            break
        time.sleep(0.02)
    assert info["unfinished"] is True and info["seq"] == 7 and info["winners"] is None
    time.sleep(0.3)  # nothing moves after the bound
    again = server.http.get(f"/api/tables/{out['table']}").json()
    assert again["seq"] == 7 and len(server.log(out["table"])) == 7


def test_a_table_with_a_person_is_not_bounded(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "action_bound", lambda game: 0)
    out = server.create(game="liars-dice", players=2, options={"dice": 1}, seats=["human", "bot:random"])
    info = server.http.get(f"/api/tables/{out['table']}").json()
    assert info["unfinished"] is False
