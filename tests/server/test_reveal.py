"""``/reveal`` at the end of a game: what each seat held, for every game, without knowing its keys.

It read ``view["hand"]``, which Liar's Dice has not (its cup is ``dice``): the game-over
screen got ``[None, None]``.  Now each seat's part is what its final view held that a
spectator's did not, whatever the game calls it.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import Server

BOT_TABLES = [
    ("liars-dice", 2, {"dice": 1}),
    ("love-letter", 3, {"target_wins": 1}),
    ("cheat", 3, {}),
]


def finished(server: Server, game: str, players: int, options: dict[str, Any]) -> tuple[str, Any]:
    out = server.create(game=game, players=players, options=options, seats=["bot:random"] * players)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        r = server.http.get(f"/api/tables/{out['table']}/reveal")
        if r.status_code == 200:
            return out["table"], r.json()
        assert r.status_code == 409
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


@pytest.mark.parametrize(("game", "players", "options"), BOT_TABLES)
def test_reveal_gives_each_seats_private_part(
    shared_server: Server, game: str, players: int, options: dict[str, Any]
) -> None:
    table, shown = finished(shared_server, game, players, options)
    state = shared_server.on_loop(lambda: shared_server.hub.tables[table].state)
    public = state.view(None)
    assert len(shown["seats"]) == players
    for seat, part in enumerate(shown["seats"]):
        view = state.view(seat)
        assert isinstance(part, dict) and part, part  # never None: every game hides something
        assert all(view[k] == v and public.get(k) != v for k, v in part.items())
        assert "history" not in part and "seat" not in part
        if "hand" in view:
            assert part["hand"] == view["hand"]
