"""The WebSocket protocol, message by message, good and bad; reconnects, timers, stand-ins, remote bots."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

import liars
from liars.cli import main as cli_main
from liars.errors import MESSAGES
from liars.server import timers as timers_module
from liars.server.store import ActionRow

from .conftest import Db, Server


def dice_table(server: Server, **extra: Any) -> tuple[str, dict[int, str]]:
    """A started two-player Liar's Dice table (two human seats): its id and seat tokens."""
    out = server.create(game="liars-dice", players=2, options={"dice": 2}, name="Kari", **extra)
    joined = server.join(out["table"])
    return out["table"], {out["seat"]: out["token"], joined["seat"]: joined["token"]}


def state_json(server: Server, table: str) -> str:
    return str(server.on_loop(lambda: server.hub.tables[table].state.to_json()))  # type: ignore[union-attr]


def test_a_seat_gets_its_own_view_and_legal_actions(server: Server) -> None:
    table, tokens = dice_table(server)
    p = server.connect(table, tokens[0])
    news = p.recv()
    assert news["type"] == "table" and news["status"] == "playing"
    f = p.view()
    assert f["seat"] == 0 and f["seq"] == 0 and f["table"] == table
    assert len(f["view"]["dice"]) == 2
    mine = server.on_loop(lambda: server.hub.tables[table].state.view(0))  # type: ignore[union-attr]
    assert f["view"] == mine
    opener = f["view"]["to_act"][0]
    assert (f["legal"] != []) == (opener == 0)
    if f["legal"]:
        assert {"type": "bid", "quantity": 1, "face": 1} in f["legal"]
    p.close()


def test_an_action_is_committed_before_anyone_is_told(server: Server) -> None:
    table, tokens = dice_table(server)
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    first = {s: p.view() for s, p in players.items()}
    opener = first[0]["view"]["to_act"][0]
    players[opener].act({"type": "bid", "quantity": 1, "face": 3})
    for s, p in players.items():
        f = p.until(lambda f: f["type"] == "view" and f["seq"] == 1)
        assert len(server.log(table)) >= 1  # already in the log when the view arrived
        assert f["view"]["bid"] == {"seat": opener, "quantity": 1, "face": 3}
        assert f["view"]["dice"] == first[s]["view"]["dice"]
    entry = server.log(table)[0]
    assert (entry.n, entry.seat, entry.action, entry.by) == (
        0,
        opener,
        {"type": "bid", "quantity": 1, "face": 3},
        "player",
    )
    for p in players.values():
        p.close()


def test_refused_actions_change_nothing(server: Server) -> None:
    table, tokens = dice_table(server)
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    views = {s: p.view() for s, p in players.items()}
    opener = views[0]["view"]["to_act"][0]
    other = 1 - opener
    before = state_json(server, table)
    cases: list[tuple[int, Any, str]] = [
        (opener, {"type": "act", "seq": 0, "action": {"type": "liar"}}, "no_bid_yet"),
        (
            opener,
            {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": 1.0, "face": 2}},
            "not_whole_number",
        ),
        (
            opener,
            {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": True, "face": 2}},
            "not_whole_number",
        ),
        (opener, {"type": "act", "seq": 0, "action": {"type": "fold"}}, "action_type_unknown"),
        (opener, {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": 1}}, "missing_keys"),
        (
            other,
            {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": 1, "face": 2}},
            "not_your_turn",
        ),
        (
            opener,
            {"type": "act", "seq": 5, "action": {"type": "bid", "quantity": 1, "face": 2}},
            "no_such_view",
        ),
        (
            opener,
            {"type": "act", "seq": 0.0, "action": {"type": "bid", "quantity": 1, "face": 2}},
            "bad_message",
        ),
        (
            opener,
            {"type": "act", "seq": True, "action": {"type": "bid", "quantity": 1, "face": 2}},
            "bad_message",
        ),
        (
            opener,
            {"type": "act", "seq": -1, "action": {"type": "bid", "quantity": 1, "face": 2}},
            "bad_message",
        ),
        (opener, {"type": "act", "seq": 0, "action": [1]}, "bad_message"),
        (opener, {"type": "act", "seq": 0}, "bad_message"),
        (opener, {"type": "act", "seq": 0, "action": {}, "extra": 1}, "bad_message"),
        (opener, {"type": "dance"}, "bad_message"),
        (opener, [1, 2], "bad_message"),
        (opener, "not json", "bad_message"),
        (opener, b"\x00\x01", "bad_message"),
        (opener, {"type": "auth", "token": tokens[opener]}, "bad_message"),  # auth only comes first
        (opener, json.dumps({"type": "act", "seq": 0, "action": {"type": "x" * 9000}}), "too_large"),
    ]
    for seat, msg, code in cases:
        players[seat].send(msg)
        err = players[seat].error()
        assert err["code"] == code, (msg, err)
        assert code in MESSAGES and isinstance(err["params"], dict)  # a client can translate it
        assert err["message"] and "Traceback" not in err["message"]
        assert state_json(server, table) == before
        assert server.log(table) == []
    players[opener].send({"type": "ping"})
    assert players[opener].until(lambda f: f["type"] in ("pong", "error"))["type"] == "pong"
    for p in players.values():
        p.close()


def test_a_refusal_carries_its_code_and_params(server: Server) -> None:
    """A bid below the last one: the frame names the rule broken as data, for any language."""
    table, tokens = dice_table(server)
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    opener = players[0].view()["view"]["to_act"][0]
    players[1].view()
    p, q = players[opener], players[1 - opener]
    p.act({"type": "bid", "quantity": 2, "face": 3}, seq=0)
    q.until(lambda f: f["type"] == "view" and f["seq"] == 1)
    before = state_json(server, table)
    q.act({"type": "bid", "quantity": 1, "face": 4}, seq=1)
    err = q.error()
    assert err["code"] == "bid_too_low" and err["ref"] == 1
    assert err["params"] == {"quantity": 1, "face": 4, "last_quantity": 2, "last_face": 3}
    assert "not higher than" in err["message"]  # the English message is still there
    assert state_json(server, table) == before and len(server.log(table)) == 1
    for x in players.values():
        x.close()


def test_a_stale_action_is_refused(server: Server) -> None:
    table, tokens = dice_table(server)
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    opener = players[0].view()["view"]["to_act"][0]
    players[1].view()
    p, q = players[opener], players[1 - opener]
    p.act({"type": "bid", "quantity": 1, "face": 3}, seq=0)
    q.until(lambda f: f["type"] == "view" and f["seq"] == 1)
    q.act({"type": "bid", "quantity": 1, "face": 4}, seq=1)
    p.until(lambda f: f["type"] == "view" and f["seq"] == 2)
    p.act({"type": "bid", "quantity": 1, "face": 5}, seq=1)  # made on an old view
    err = p.error()
    assert err["code"] == "stale" and err["ref"] == 1
    assert len(server.log(table)) == 2
    for x in players.values():
        x.close()


def test_spectators_see_the_public_view_and_cannot_act(server: Server) -> None:
    table, _tokens = dice_table(server)
    watcher = server.connect(table)
    f = watcher.view()
    assert f["seat"] is None and f["legal"] == [] and f["view"]["dice"] is None
    watcher.act({"type": "bid", "quantity": 1, "face": 1}, seq=0)
    assert watcher.error()["code"] == "spectator"
    watcher.close()


def test_auth_as_the_first_message_takes_the_seat(server: Server) -> None:
    table, tokens = dice_table(server)
    p = server.connect(table)
    p.send({"type": "auth", "token": tokens[1]})
    f = p.until(lambda f: f["type"] == "view" and f["seat"] == 1)
    assert len(f["view"]["dice"]) == 2
    p.close()


def test_bad_tokens_and_unknown_tables_are_refused(server: Server) -> None:
    table, tokens = dice_table(server)
    for tid, tok, code in (
        (table, "nope", "forbidden"),
        ("nope", None, "not_found"),
        (table, tokens[0][:-1], "forbidden"),
    ):
        p = server.connect(tid, tok)
        err = p.recv()
        assert err["type"] == "error" and err["code"] == code
        with pytest.raises(ConnectionClosed):
            p.recv()
    p = server.connect(table)
    p.send({"type": "auth", "token": "wrong"})
    assert p.error()["code"] == "forbidden"


def test_messages_are_rate_limited(db: Db) -> None:
    server = Server(db, rate=20.0, burst=40.0)  # the defaults of liars serve
    table, tokens = dice_table(server)
    p = server.connect(table, tokens[0])
    p.view()
    for _ in range(80):
        p.send({"type": "ping"})
    codes = [p.until(lambda f: f["type"] in ("pong", "error"))["type"] for _ in range(80)]
    assert codes.count("pong") >= 40
    assert any(f.get("code") == "rate_limited" for f in p.frames)
    with pytest.raises(ConnectionClosed):  # a client that keeps flooding is let go
        for _ in range(60):  # (on a slow machine the close may already come while sending)
            p.send({"type": "ping"})
        for _ in range(200):
            p.recv()
    p.close()
    server.stop()


def test_reconnecting_with_the_token_gives_back_the_seat_and_the_full_view(server: Server) -> None:
    table, tokens = dice_table(server)
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    opener = players[0].view()["view"]["to_act"][0]
    players[1].view()
    players[1].close()
    players[0].close()
    p = server.connect(table, tokens[opener])
    p.view()
    p.act({"type": "bid", "quantity": 2, "face": 6})
    p.until(lambda f: f["type"] == "view" and f["seq"] == 1)
    back = server.connect(table, tokens[1 - opener])
    f = back.view()
    assert f["seq"] == 1 and f["view"]["bid"]["quantity"] == 2
    assert f["view"] == server.on_loop(lambda: server.hub.tables[table].state.view(1 - opener))  # type: ignore[union-attr]
    assert f["legal"]
    back.close()
    p.close()


def test_turn_timer_hands_the_seat_to_a_bot_until_the_player_is_back(server: Server) -> None:
    table, tokens = dice_table(server, turn_seconds=0.3, standin="random")
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    opener = players[0].view()["view"]["to_act"][0]
    players[1].view()
    slow = players[opener]
    f = slow.until(lambda f: f["type"] == "view" and f["seq"] >= 1, timeout=5)
    assert opener in f["away"]
    assert server.log(table)[0].by == "standin"
    slow.send({"type": "ping"})  # any message: the player is back
    f = slow.until(lambda f: f["type"] == "table" and not f["seats"][opener]["away"])
    for p in players.values():
        p.close()


def test_a_player_gone_past_the_grace_period_is_played_by_a_bot(server: Server) -> None:
    out = server.create(
        game="liars-dice", players=2, options={"dice": 1}, seats=["human", "human"], grace_seconds=0.2
    )
    server.join(out["table"])
    watcher = server.connect(out["table"])
    f = watcher.until(lambda f: f["type"] == "view" and f["view"]["over"], timeout=10)
    assert sorted(f["away"]) == [0, 1]
    assert {a.by for a in server.log(out["table"])} == {"standin"}


def test_a_server_restart_brings_every_unfinished_table_back(db: Db) -> None:
    srv = Server(db)
    table, tokens = dice_table(srv)
    players = {s: srv.connect(table, t) for s, t in tokens.items()}
    opener = players[0].view()["view"]["to_act"][0]
    players[1].view()
    players[opener].act({"type": "bid", "quantity": 1, "face": 2})
    views = {s: p.until(lambda f: f["type"] == "view" and f["seq"] == 1) for s, p in players.items()}
    srv.stop()
    srv = Server(db)
    try:
        for s, t in tokens.items():
            p = srv.connect(table, t)
            f = p.view()
            assert f["seq"] == 1 and f["view"] == views[s]["view"] and f["legal"] == views[s]["legal"]
            p.close()
    finally:
        srv.stop()


def test_remote_bots_play_over_the_protocol(server: Server) -> None:
    out = server.create(game="liars-dice", players=2, options={"dice": 2}, name="bot one")
    joined = server.join(out["table"], "bot two")
    codes: list[int] = []
    threads = [
        threading.Thread(
            target=lambda tok=tok, lvl=lvl: codes.append(
                cli_main(
                    # --token=T: a token may begin with "-", which argparse would take for an option
                    ["bot", "--server", server.url, "--table", out["table"], f"--token={tok}", "--level", lvl]
                )
            )
        )
        for tok, lvl in ((out["token"], "basic"), (joined["token"], "random"))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert codes == [0, 0]
    info = server.http.get(f"/api/tables/{out['table']}").json()
    assert info["status"] == "over" and len(info["winners"]) == 1
    assert {a.by for a in server.log(out["table"])} == {"player"}
    assert cli_main(["bot", "--server", server.url, "--table", out["table"], "--token", "bad"]) == 1


def test_bots_fill_the_empty_seats(server: Server) -> None:
    out = server.create(game="liars-dice", players=3, options={"dice": 1}, seats=["bot:random"] * 3)
    assert out["seat"] is None and out["token"] is None
    deadline = time.monotonic() + 10
    while server.http.get(f"/api/tables/{out['table']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    log = server.log(out["table"])
    replay = liars.make(
        "liars-dice",
        players=3,
        seed=server.on_loop(lambda: server.hub.tables[out["table"]].row.seed),
        dice=1,
    ).new_game()
    for a in log:
        replay.act(a.seat, a.action)
    assert replay.over and all(a.by == "bot" for a in log)


def test_a_failed_commit_drops_the_table_and_the_log_wins(server: Server) -> None:
    table, tokens = dice_table(server)
    players = {s: server.connect(table, t) for s, t in tokens.items()}
    opener = players[0].view()["view"]["to_act"][0]
    players[1].view()
    # another writer logs action 0 first (as a second process would): our commit of action 0 must fail
    server.call(
        server.hub.store.append(
            table, [ActionRow(0, opener, {"type": "bid", "quantity": 1, "face": 6}, "player")]
        )
    )
    players[opener].act({"type": "bid", "quantity": 1, "face": 2})
    err = players[opener].error()
    assert err["code"] == "internal" and "reconnect" in err["message"]
    with pytest.raises(ConnectionClosed):
        for _ in range(10):
            players[opener].recv()
    back = server.connect(table, tokens[opener])
    f = back.view()
    assert f["seq"] == 1 and f["view"]["bid"] == {"seat": opener, "quantity": 1, "face": 6}
    back.close()


def test_a_finished_unwatched_table_leaves_memory_and_comes_back_from_the_log(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(timers_module, "FORGET_SECONDS", 0.05)
    out = server.create(game="liars-dice", players=2, options={"dice": 1}, seats=["bot:random"] * 2)
    deadline = time.monotonic() + 10
    while out["table"] in server.on_loop(lambda: set(server.hub.tables)):
        assert time.monotonic() < deadline, "the finished table stayed in memory"
        time.sleep(0.02)
    info = server.http.get(f"/api/tables/{out['table']}").json()  # reloaded from the log
    assert info["status"] == "over" and info["view"]["over"] and len(info["winners"]) == 1
    assert info["seq"] == len(server.log(out["table"]))
