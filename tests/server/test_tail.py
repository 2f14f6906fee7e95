"""``?history=tail``: views carry only the history the client does not hold; put together, they are
exactly the whole views (also across Liegen's new rounds, where the history starts again, and in
challenge windows, where the asked seat sees a position that is not the game's)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.sync.client import connect

from liars.server.client import ProtocolError, whole_view

from .conftest import Player, Server


def tail_player(server: Server, table: str, token: str) -> Player:
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={token}&history=tail"
    return Player(connect(url, open_timeout=5, max_size=2**22).__enter__())


def key(frame: dict[str, Any]) -> str:
    return json.dumps([frame["seq"], frame["legal"]], sort_keys=True)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("liars-dice", 3, {"dice": 2}), ("liegen", 3, {}), ("cheat", 3, {}), ("love-letter", 2, {})],
    ids=["liars-dice", "liegen", "cheat", "love-letter"],
)
def test_tail_views_put_together_are_the_whole_views(
    shared_server: Server, game: str, players: int, options: dict[str, Any]
) -> None:
    out = shared_server.create(
        game=game,
        players=players,
        options=options,
        seats=["human"] + ["bot:random"] * (players - 1),
        name="p0",
        window_seconds=30,
    )
    table, token = out["table"], out["token"]
    whole = shared_server.connect(table, token)
    tail = tail_player(shared_server, table, token)
    rng = random.Random(7)
    held: list[Any] | None = None
    tails: dict[str, dict[str, Any]] = {}
    wholes: dict[str, dict[str, Any]] = {}
    partial = 0
    for _ in range(400):  # to the end, or far enough (a random Liegen round is very long)
        f = tail.view(timeout=10)
        assert "since" in f
        partial += f["since"] > 0
        held = whole_view(f, held)
        assert len(f["view"]["history"]) == f["view"]["history_len"]
        tails[key(f)] = f["view"]
        if f["view"]["over"]:
            break
        if f["legal"]:
            tail.act(rng.choice(f["legal"]))
        while True:  # keep the other connection read (the same seat's whole views)
            try:
                w = whole.view(timeout=0.01)
            except TimeoutError:
                break
            assert "since" not in w
            wholes[key(w)] = w["view"]
    while True:  # the table waits for this seat now (or is over): read what is left
        try:
            w = whole.view(timeout=0.5)
        except TimeoutError:
            break
        wholes[key(w)] = w["view"]
    while True:
        try:
            f = tail.view(timeout=0.5)
        except TimeoutError:
            break
        held = whole_view(f, held)
        tails[key(f)] = f["view"]
    common = set(tails) & set(wholes)
    assert len(common) > 5 and partial > 0
    for k in common:
        assert tails[k] == wholes[k], k
    now = shared_server.on_loop(lambda: shared_server.hub.tables[table].state.view(0))  # type: ignore[union-attr]
    assert held == now["history"]
    whole.close()
    tail.close()


def test_a_tail_that_does_not_continue_what_is_held_is_refused() -> None:
    frame = {"since": 3, "view": {"history": [4, 5]}}
    with pytest.raises(ProtocolError):
        whole_view(frame, [1, 2])
    assert whole_view(frame, [1, 2, 3, 9]) == [1, 2, 3, 4, 5]  # what was held past `since` is replaced
    assert whole_view({"since": 0, "view": {"history": [7]}}, [1, 2]) == [7]


def test_a_new_liegen_round_starts_the_history_again(shared_server: Server) -> None:
    """Liegen keeps the current round's history only: a tail client is sent the new round whole."""
    out = shared_server.create(game="liegen", players=2, options={"target_wins": 2}, name="p0")
    table = out["table"]
    other = shared_server.join(table, "p1")
    players = {
        0: tail_player(shared_server, table, out["token"]),
        1: shared_server.connect(table, other["token"]),
    }
    rng = random.Random(5)
    held: list[Any] | None = None
    restarts, longest, tails = 0, 0, 0
    newest: dict[int, dict[str, Any]] = {}
    acted: set[tuple[int, str]] = set()
    for _ in range(5000):
        for seat, p in players.items():  # the newest view of each seat
            while True:
                try:
                    f = p.view(timeout=0.02)
                except TimeoutError:
                    break
                newest[seat] = f
                if seat == 0:
                    held = whole_view(f, held)
                    assert len(f["view"]["history"]) == f["view"]["history_len"]
                    restarts += f["view"]["history_len"] < longest
                    tails += f["since"] > 0
                    longest = f["view"]["history_len"]
        if restarts and longest > 3:
            break
        for seat, f in newest.items():  # nobody accuses, so hands empty and rounds end
            k = (seat, key(f))
            if f["legal"] and k not in acted:
                acted.add(k)
                pick = {"type": "pass"} if {"type": "pass"} in f["legal"] else rng.choice(f["legal"])
                players[seat].act(pick, seq=f["seq"])
    assert restarts >= 1 and tails > 10
    now = shared_server.on_loop(lambda: shared_server.hub.tables[table].state.view(0))  # type: ignore[union-attr]
    assert held == now["history"]
    for p in players.values():
        p.close()
