"""The review after the game at a live table: asked by a seat, computed once from the table's game
and log, sent to that seat only; refused before the end, to spectators and where the host said no."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import liars
from liars.coach.review import review

from .conftest import Player, Server
from .test_coach import drain

Frames = Callable[[dict[str, Any]], bool]  # a test on the frames a player reads

SEED = 2  # a deal on which seat 0's policy below gives two decisions the strong bot would not take


def policy(seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Seat 0 always bids as high as it may (a poor habit the review should catch); seat 1 calls."""
    bids = [a for a in legal if a["type"] == "bid"]
    liar = next((a for a in legal if a["type"] == "liar"), None)
    if seat == 0:
        return bids[-1] if bids else legal[0]
    return liar or bids[0]


def finished_table(server: Server, **settings: Any) -> tuple[str, Player, Player, list[tuple[int, Any]]]:
    """A two-seat game of Liar's Dice with two dice each, dealt from ``SEED``, played to its end."""
    out = server.create(
        game="liars-dice", players=2, options={"dice": 2}, name="Kari", turn_seconds=None, **settings
    )
    friend = server.join(out["table"], "Ola")

    def deal() -> None:  # a known deal (the server's own seed is secret): the review is then known too
        table = server.hub.tables[out["table"]]
        table.row.seed = SEED
        table.state = table.game.new_game(seed=SEED)

    server.on_loop(deal)
    players = [server.connect(out["table"], out["token"]), server.connect(out["table"], friend["token"])]
    for p in players:
        p.view()
    moves = []
    while True:
        for p in players:
            assert p.last_view is not None
        frames = [p.last_view for p in players if p.last_view is not None]
        if frames[0]["view"]["over"]:
            break
        mover = next(p for p, f in zip(players, frames, strict=True) if f["legal"])
        assert mover.last_view is not None
        seat, seq = mover.last_view["seat"], mover.last_view["seq"]
        action = policy(seat, mover.last_view["legal"])
        mover.act(action)
        moves.append((seat, action))
        for p in players:  # (cast: mypy cannot infer the type of a lambda with a default)
            p.until(cast(Frames, lambda f, after=seq: f["type"] == "view" and f["seq"] > after))
    return out["table"], players[0], players[1], moves


def test_the_review_is_the_seats_own_and_computed_from_the_log(shared_server: Server) -> None:
    table, kari, ola, moves = finished_table(shared_server)
    kari.send({"type": "review"})
    got = kari.until(lambda f: f["type"] == "review", timeout=30)
    game = liars.make("liars-dice", players=2, seed=SEED, dice=2)
    assert got["table"] == table and got["seat"] == 0
    assert got["review"] == review(game, moves, 0).to_json()
    items = got["review"]["items"]
    assert len(items) == 2 and all(it["taken"]["quantity"] >= 3 for it in items)  # the high bids
    assert all(it["view"]["seat"] == 0 and it["view"]["dice"] for it in items)  # as seat 0 saw it
    assert not [f for f in drain(ola) if f["type"] == "review"]  # the other seat asked nothing
    kari.send({"type": "review"})  # asked again: the same, kept (not computed again)
    assert kari.until(lambda f: f["type"] == "review")["review"] == got["review"]
    ola.send({"type": "review"})
    theirs = ola.until(lambda f: f["type"] == "review", timeout=30)
    assert theirs["seat"] == 1 and theirs["review"] == review(game, moves, 1).to_json()
    spectator = shared_server.connect(table)
    spectator.send({"type": "review"})
    assert spectator.error()["code"] == "spectator"


def test_no_review_before_the_end_or_where_the_host_said_no(shared_server: Server) -> None:
    out = shared_server.create(game="liars-dice", players=2, name="Kari", turn_seconds=None)
    shared_server.join(out["table"], "Ola")
    kari = shared_server.connect(out["table"], out["token"])
    kari.view()
    kari.send({"type": "review"})
    assert kari.error()["code"] == "not_over"
    _, kari, _, _ = finished_table(shared_server, coach=False)
    kari.send({"type": "review"})
    assert kari.error()["code"] == "coach_off"
    assert not [f for f in drain(kari) if f["type"] == "review"]
