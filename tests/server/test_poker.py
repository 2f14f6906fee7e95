"""Poker Liar's Dice needs no server code: a whole game between two WebSocket players and a spectator.

The server is generic (it knows games only through the engine's API); this plays every turn
shape of the poker game through HTTP and WebSocket (claim, liar, accept, re-roll, a refused
re-roll) and checks each frame against an independent replay of the table's log: every seat
got exactly its own view, the receiver saw no die before accepting, the spectator none at all.
"""

from __future__ import annotations

import random
from typing import Any

import liars

from .conftest import Player, Server


def policy(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Accept mostly (so re-rolls happen), call sometimes; claim a little above the standing claim."""
    kinds = {a["type"] for a in legal}
    if "accept" in kinds:
        return {"type": "accept"} if rng.random() < 0.7 else {"type": "liar"}
    if "reroll" in kinds:
        return rng.choice(legal)
    return legal[min(len(legal) - 1, rng.randrange(4))]


def test_a_whole_poker_game_through_the_server(server: Server) -> None:
    out = server.create(
        game="liars-dice-poker", players=2, options={"lives": 2}, seats=["human", "human"], name="A"
    )
    table = out["table"]
    second = server.join(table, "B")
    players = {
        out["seat"]: server.connect(table, out["token"]),
        second["seat"]: server.connect(table, second["token"]),
    }
    spectator = server.connect(table)
    rng = random.Random(3)
    refused = False
    done: set[int] = set()  # the seqs answered
    for _ in range(20000):
        if all(p.last_view and p.last_view["view"]["over"] for p in players.values()):
            break
        for p in players.values():
            try:
                f = p.recv(timeout=0.05)
            except TimeoutError:
                continue
            if f["type"] != "view" or not f["legal"] or f["seq"] in done:
                continue
            done.add(f["seq"])
            if f["view"]["phase"] == "reroll" and not refused:  # a die the seat does not hold
                missing = next(v for v in range(1, 7) if v not in f["view"]["dice"])
                p.act({"type": "reroll", "dice": [missing]}, seq=f["seq"])
                assert p.error(timeout=10)["code"] == "reroll_not_held"
                refused = True
            p.act(policy(f["view"], f["legal"], rng), seq=f["seq"])
    assert refused
    spectator.until(lambda f: f["type"] == "view" and f["view"]["over"], timeout=10)
    check_frames(server, table, players, spectator)


def check_frames(server: Server, table: str, players: dict[int, Player], spectator: Player) -> None:
    seed = server.on_loop(lambda: server.hub.tables[table].row.seed)
    log = server.log(table)
    state = liars.make("liars-dice-poker", players=2, seed=seed, lives=2).new_game()
    by_seq = {0: state.clone()}
    for a in log:
        state.act(a.seat, a.action)
        by_seq[a.n + 1] = state.clone()
    assert state.over
    kinds = {a.action["type"] for a in log}
    assert kinds == {"claim", "liar", "accept", "reroll"}, kinds
    for seat, p in [*players.items(), (None, spectator)]:
        views = [f for f in p.frames if f["type"] == "view"]
        assert views and views[-1]["view"]["over"]
        for f in views:
            st = by_seq[f["seq"]]
            assert f["seat"] == seat and f["view"] == st.view(seat), f"seat {seat} at {f['seq']}"
            v = f["view"]
            if seat is None:
                assert v["dice"] is None and v["passed_dice"] is None
                assert all(c["dice"] is None for c in v["claims"])
            elif v["phase"] == "answer" and v["holder"] == seat:  # has the cup, has not looked
                assert v["dice"] is None and v["claims"][-1]["dice"] is None
