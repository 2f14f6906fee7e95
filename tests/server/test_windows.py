"""Challenge windows in real time (with the real Cheat engine): everyone asked at once,
the first call received wins (or the first in play order with the house rule), bots answer
at once, and a window that runs out passes for whoever did not answer.
"""

from __future__ import annotations

from typing import Any

from .conftest import Player, Server

CHALLENGE = {"type": "challenge"}
PASS = {"type": "pass"}


def open_window(
    server: Server, house_rule: bool = False, window: float = 30.0
) -> tuple[str, dict[int, Player], list[int]]:
    """A 4-seat Cheat table where the starter has just played: the table, players, window seats."""
    out = server.create(
        game="cheat",
        players=4,
        options={"first_challenger_in_play_order": house_rule},
        name="p0",
        window_seconds=window,
    )
    tokens = {out["seat"]: out["token"]}
    for i in range(3):
        j = server.join(out["table"], f"p{i + 1}")
        tokens[j["seat"]] = j["token"]
    players = {s: server.connect(out["table"], t) for s, t in tokens.items()}
    first = {s: p.view() for s, p in players.items()}
    starter = first[0]["view"]["to_act"][0]
    play = next(a for a in first[starter]["legal"] if a["type"] == "play")
    players[starter].act(play)
    seats = [(starter + k) % 4 for k in (1, 2, 3)]
    for s in seats:  # every window seat is asked at once, on the same view
        f = players[s].until(lambda f: f["type"] == "view" and f["seq"] == 1)
        assert CHALLENGE in f["legal"] and PASS in f["legal"]
        assert f["deadline"] is not None and f["window"]["seats"] == seats
        assert s in f["view"]["to_act"]
    return out["table"], players, seats


def logged(server: Server, table: str) -> list[tuple[int, str, str]]:
    return [(a.seat, a.action["type"], a.by) for a in server.log(table)][1:]


def wait_log(server: Server, table: str, n: int) -> list[tuple[int, str, str]]:
    import time

    deadline = time.monotonic() + 10
    while len(server.log(table)) < n and time.monotonic() < deadline:
        time.sleep(0.01)
    return logged(server, table)


def test_the_first_call_received_wins(server: Server) -> None:
    table, players, (a, b, c) = open_window(server)
    players[c].act(CHALLENGE)
    assert wait_log(server, table, 4) == [
        (a, "pass", "window"),
        (b, "pass", "window"),
        (c, "challenge", "player"),
    ]
    f = players[a].until(lambda f: f["type"] == "view" and f["seq"] == 4)
    assert f["view"]["revealed"] is not None and f["window"] is None
    players[a].act(CHALLENGE, seq=1)  # too late: the window is closed
    assert players[a].error()["code"] in ("stale", "not_your_turn", "no_window")
    assert len(server.log(table)) == 4


def test_passes_apply_in_order_and_the_others_stay_asked(server: Server) -> None:
    table, players, (a, b, c) = open_window(server)
    players[a].act(PASS)
    assert wait_log(server, table, 2) == [(a, "pass", "player")]
    f = players[c].until(lambda f: f["type"] == "view" and f["seq"] == 2)
    assert CHALLENGE in f["legal"]  # still asked, on the view it was asked on
    players[c].act(CHALLENGE, seq=1)
    assert wait_log(server, table, 4) == [
        (a, "pass", "player"),
        (b, "pass", "window"),
        (c, "challenge", "player"),
    ]


def test_house_rule_the_first_in_play_order_wins(server: Server) -> None:
    table, players, (a, b, c) = open_window(server, house_rule=True)
    players[c].act(CHALLENGE)
    f = players[c].until(
        lambda f: f["type"] == "view" and f["legal"] == []
    )  # answer taken, nothing public yet
    assert f["seq"] == 1 and len(server.log(table)) == 1
    players[b].act(CHALLENGE)
    players[b].until(lambda f: f["type"] == "view" and f["legal"] == [])
    assert len(server.log(table)) == 1  # a's answer may still beat them
    players[a].act(PASS)
    assert wait_log(server, table, 3) == [(a, "pass", "player"), (b, "challenge", "player")]


def test_answering_twice_is_refused(server: Server) -> None:
    table, players, (_a, _b, c) = open_window(server, house_rule=True)
    players[c].act(PASS)
    players[c].until(lambda f: f["type"] == "view" and f["legal"] == [])
    players[c].act(CHALLENGE)
    err = players[c].error()
    assert err["code"] == "already_answered" and "already answered" in err["message"]
    assert len(server.log(table)) == 1


def test_a_window_that_runs_out_passes_for_the_silent(server: Server) -> None:
    table, players, (a, b, c) = open_window(server, house_rule=True, window=1.5)
    players[c].act(CHALLENGE)  # a and b stay silent: at the close they pass, so c's call counts
    assert wait_log(server, table, 4) == [
        (a, "pass", "window"),
        (b, "pass", "window"),
        (c, "challenge", "player"),
    ]


def test_a_window_nobody_answers_closes_with_passes(server: Server) -> None:
    table, players, (a, b, c) = open_window(server, window=0.3)
    assert wait_log(server, table, 4) == [(a, "pass", "window"), (b, "pass", "window"), (c, "pass", "window")]
    f = players[a].until(lambda f: f["type"] == "view" and f["seq"] == 4)
    assert f["window"] is None


def test_bots_answer_windows_at_once(server: Server) -> None:
    out = server.create(
        game="cheat", players=3, seats=["human", "bot:random", "bot:random"], name="p0", window_seconds=60
    )
    p = server.connect(out["table"], out["token"])
    plays = 0
    while plays < 6:
        f = p.view(timeout=5)  # a bot waiting for the 60 s window would time this out
        if f["view"]["over"]:
            break
        if f["legal"]:
            pick: Any = next((a for a in f["legal"] if a["type"] == "play"), PASS)
            p.act(pick)
            plays += pick["type"] == "play"
    assert any(by == "bot" and kind in ("pass", "challenge") for _, kind, by in logged(server, out["table"]))
