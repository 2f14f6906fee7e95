"""The coach at a live table: a per-connection switch, frames only to the seat that asked, the
host's "no coach" enforced by the server, and odds computed from that seat's view alone."""

from __future__ import annotations

import random
from typing import Any

import liars.coach
from tests.conformance import spec_liars_dice

from .conftest import Player, Server


def drain(p: Player, seconds: float = 0.3) -> list[dict[str, Any]]:
    """Every frame that arrives within ``seconds`` of the last one."""
    out = []
    while True:
        try:
            out.append(p.recv(seconds))
        except TimeoutError:
            return out


def coach_frame(p: Player, seq: int | None = None) -> dict[str, Any]:
    """The next coach frame (for view ``seq`` if given)."""
    return p.until(lambda f: f["type"] == "coach" and (seq is None or f.get("seq") == seq))


def two_seats(server: Server, **settings: Any) -> tuple[str, Player, Player]:
    """A two-player Liar's Dice table, both seats connected (seat 0 and seat 1)."""
    out = server.create(game="liars-dice", players=2, name="Kari", turn_seconds=None, **settings)
    friend = server.join(out["table"], "Ola")
    a = server.connect(out["table"], out["token"])
    b = server.connect(out["table"], friend["token"])
    a.view()
    b.view()
    return out["table"], a, b


def opener_and_other(a: Player, b: Player) -> tuple[Player, Player]:
    assert a.last_view is not None
    return (a, b) if a.last_view["view"]["to_act"] == [0] else (b, a)


def test_the_coach_is_off_until_switched_on_and_then_follows_every_view(shared_server: Server) -> None:
    table, a, b = two_seats(shared_server)
    first, second = opener_and_other(a, b)
    first.act({"type": "bid", "quantity": 1, "face": 3})
    assert not [f for f in drain(a) + drain(b) if f["type"] == "coach"]  # off by default
    second.send({"type": "coach", "on": True})
    got = coach_frame(second)
    view = second.last_view
    assert view is not None and got["seq"] == view["seq"] == 1 and got["on"] is True
    assert got["seat"] == view["seat"] and got["table"] == table
    # the frame is liars.coach.odds of the view the seat was sent, nothing else
    assert got["odds"] == liars.coach.odds("liars-dice", view["view"])
    assert got["odds"]["standing_exact"] is not None and got["odds"]["bids"]
    # the advice (it is this seat's turn), its line said in every language, seats left for the page
    advice = got["odds"]["advice"]
    assert advice is not None and advice["action"] in view["legal"]
    names = ["{seat0}", "{seat1}"]
    assert got["advice_text"] == {
        lang: liars.coach.say(advice["why"], lang, names) for lang in ("en", "nb", "nl")
    }
    second.act({"type": "bid", "quantity": 2, "face": 3})
    got = coach_frame(second, 2)
    assert second.last_view is not None and second.last_view["seq"] == 2
    assert got["odds"] == liars.coach.odds("liars-dice", second.last_view["view"])
    second.send({"type": "coach", "on": False})
    assert coach_frame(second) == {
        "type": "coach",
        "table": table,
        "seat": second.last_view["seat"],
        "on": False,
    }
    first.act({"type": "bid", "quantity": 3, "face": 3})
    assert not [f for f in drain(second) if f["type"] == "coach"]  # off again: no more frames


def test_coach_frames_go_only_to_the_connection_that_asked(shared_server: Server) -> None:
    table, a, b = two_seats(shared_server)
    spectator = shared_server.connect(table)
    spectator.view()
    spectator.send({"type": "coach", "on": True})
    refusal = spectator.error()
    assert refusal["code"] == "spectator"
    a.send({"type": "coach", "on": True})
    coach_frame(a)
    first, _ = opener_and_other(a, b)
    first.act({"type": "bid", "quantity": 1, "face": 4})
    coach_frame(a, 1)
    others = drain(b) + drain(spectator)
    assert others and not [f for f in others if f["type"] == "coach"]  # views, but no coach
    assert not any("standing_exact" in str(f) for f in others)


def test_the_switch_is_per_connection(shared_server: Server) -> None:
    out = shared_server.create(game="liars-dice", players=2, name="Kari", turn_seconds=None)
    friend = shared_server.join(out["table"], "Ola")
    tab1 = shared_server.connect(out["table"], out["token"])  # the same seat in two tabs
    tab2 = shared_server.connect(out["table"], out["token"])
    b = shared_server.connect(out["table"], friend["token"])
    for p in (tab1, tab2, b):
        p.view()
    tab1.send({"type": "coach", "on": True})
    coach_frame(tab1)
    first, _ = opener_and_other(tab1, b)
    first.act({"type": "bid", "quantity": 1, "face": 2})
    coach_frame(tab1, 1)
    assert not [f for f in drain(tab2) if f["type"] == "coach"]


def test_a_host_who_says_no_coach_is_obeyed_by_the_server(shared_server: Server) -> None:
    table, a, b = two_seats(shared_server, coach=False)
    info = shared_server.http.get(f"/api/tables/{table}").json()
    assert info["settings"]["coach"] is False
    for p in (a, b):
        p.send({"type": "coach", "on": True})
        refusal = p.error()
        assert refusal["code"] == "coach_off" and refusal["message"]
    first, _ = opener_and_other(a, b)
    first.act({"type": "bid", "quantity": 1, "face": 5})
    assert not [f for f in drain(a) + drain(b) if f["type"] == "coach"]
    a.send({"type": "review"})
    assert a.error()["code"] == "coach_off"
    # a table allows coaching by default, and says so
    out = shared_server.create(game="liars-dice", players=2, name="Kari")
    assert shared_server.http.get(f"/api/tables/{out['table']}").json()["settings"]["coach"] is True


def test_a_bad_switch_is_a_bad_message(shared_server: Server) -> None:
    _, a, _ = two_seats(shared_server)
    for bad in ({"type": "coach"}, {"type": "coach", "on": 1}, {"type": "coach", "on": True, "x": 1}):
        a.send(bad)
        assert a.error()["code"] == "bad_message"
    assert not [f for f in drain(a) if f["type"] == "coach"]
    r = shared_server.http.post("/api/tables", json={"game": "liars-dice", "coach": "no"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"


def test_no_coaching_of_hidden_information(shared_server: Server) -> None:
    """Two tables whose deals differ only in the other seat's dice give seat 0 the same coaching."""
    rng = random.Random(23)
    setup_a, setup_b = spec_liars_dice.hidden_twins(2, {}, 0, rng)
    setup_a["opener"] = setup_b["opener"] = 1
    frames = []
    hidden = []
    for setup in (setup_a, setup_b):
        out = shared_server.create(game="liars-dice", players=2, name="Kari", turn_seconds=None)
        friend = shared_server.join(out["table"], "Ola")

        def deal(t: str = out["table"], s: dict[str, Any] = setup) -> None:
            table = shared_server.hub.tables[t]
            table.state = table.game.new_game(setup=s)

        shared_server.on_loop(deal)
        me = shared_server.connect(out["table"], out["token"])
        other = shared_server.connect(out["table"], friend["token"])
        me.view()
        hidden.append(other.view()["view"]["dice"])
        me.send({"type": "coach", "on": True})
        other.act({"type": "bid", "quantity": 2, "face": 6})
        got = coach_frame(me, 1)
        frames.append({k: v for k, v in got.items() if k != "table"})
    assert hidden[0] != hidden[1]  # the twins differ, in what seat 0 cannot see
    assert frames[0] == frames[1]
    assert frames[0]["odds"]["standing_exact"] is not None


def test_in_a_challenge_window_the_coach_reads_the_position_the_seat_is_asked_in(
    shared_server: Server,
) -> None:
    """Cheat: a seat asked (the second: its view is the position with the first seat passed) is
    coached on the view it was sent, and the coach judges the play it is asked about."""
    out = shared_server.create(game="cheat", players=3, name="Kari", turn_seconds=None, window_seconds=30)
    tokens = [out["token"]] + [shared_server.join(out["table"], n)["token"] for n in ("Ola", "Per")]
    players = [shared_server.connect(out["table"], t) for t in tokens]
    views = [p.view() for p in players]
    mover = next(p for p, v in zip(players, views, strict=True) if v["legal"])
    assert mover.last_view is not None
    mover.act({"type": "play", "cards": [mover.last_view["view"]["hand"][0]]})
    asked = [p.until(lambda f: f["type"] == "view" and f["window"] is not None) for p in players]
    second = asked[0]["window"]["seats"][1]
    p = players[second]
    frame = asked[second]
    assert frame["legal"]  # it is asked: its view is its decision position
    p.send({"type": "coach", "on": True})
    got = coach_frame(p, frame["seq"])
    assert got["odds"] == liars.coach.odds("cheat", frame["view"])
    assert got["odds"]["last_play_exact"] is not None and got["odds"]["out_there"] is not None
