"""The HTTP endpoints, good and bad: create, join, show, rematch, games, errors."""

from __future__ import annotations

import pytest

import liars
from liars.errors import MESSAGES

from .conftest import Server


def test_games_lists_every_game(shared_server: Server) -> None:
    r = shared_server.http.get("/api/games")
    assert r.status_code == 200
    assert [g["id"] for g in r.json()] == list(liars.GAME_IDS)


def test_create_gives_the_creator_the_first_human_seat(shared_server: Server) -> None:
    out = shared_server.create(
        game="liars-dice", players=3, seats=["bot:random", "human", "human"], name="Kari"
    )
    assert out["seat"] == 1
    assert len(out["token"]) >= 40
    assert out["invite"].endswith(
        (f"/t/{out['table']}#k={out['key']}", f"/api/tables/{out['table']}#k={out['key']}")
    )
    info = shared_server.http.get(f"/api/tables/{out['table']}").json()
    assert info["status"] == "waiting" and info["view"] is None
    assert [s["name"] for s in info["seats"]] == ["random bot", "Kari", None]
    assert [s["taken"] for s in info["seats"]] == [True, True, False]
    assert "token" not in str(info) and "seed" not in str(info)


def test_game_starts_when_every_human_seat_is_taken(shared_server: Server) -> None:
    out = shared_server.create(game="liars-dice", players=2, options={"dice": 3}, name="Kari")
    joined = shared_server.join(out["table"], "Ola")
    assert joined["seat"] == 1 and joined["token"] != out["token"]
    info = shared_server.http.get(f"/api/tables/{out['table']}").json()
    assert info["status"] == "playing"
    assert info["options"]["dice"] == 3
    view = info["view"]
    assert view["seat"] is None and view["dice"] is None  # the public view: no cup is lifted
    r = shared_server.http.post(f"/api/tables/{out['table']}/join", json={"name": "Per", "key": out["key"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "full"


@pytest.mark.parametrize("game", liars.GAME_IDS)
def test_every_game_can_be_created_with_defaults(shared_server: Server, game: str) -> None:
    out = shared_server.create(game=game, name="Kari")
    info = shared_server.http.get(f"/api/tables/{out['table']}").json()
    assert info["game"] == game
    assert info["players"] == liars.game_class(game).info.default_players


# (body, words of the English message, the refusal's code: liars.errors lists it for translation)
BAD_CREATES = [
    ({"game": "chess"}, "unknown game", "game_unknown"),
    ({"game": "liars-dice", "players": 3.0}, "players", "bad_request"),
    ({"game": "liars-dice", "players": True}, "players", "bad_request"),
    ({"game": "liars-dice", "players": 9}, "players", "out_of_range"),
    ({"game": "liars-dice", "options": {"dice": 0.0}}, "options", "bad_request"),
    ({"game": "liars-dice", "options": {"dice": True}}, "dice", "option_int"),
    ({"game": "liars-dice", "options": {"no_such": 1}}, "allowed", "option_unknown"),
    ({"game": "liars-dice", "players": 2, "seats": ["human"]}, "seats", "seats_count"),
    ({"game": "liars-dice", "players": 2, "seats": ["human", "bot:genius"]}, "bot:LEVEL", "seat_kind"),
    ({"game": "liars-dice", "players": 2, "seats": ["human", "robot"]}, "seat 1", "seat_kind"),
    ({"game": "liars-dice", "window_seconds": 0}, "window_seconds", "bad_request"),
    ({"game": "liars-dice", "name": ""}, "name", "bad_request"),
    ({"game": "liars-dice", "name": "x" * 41}, "name", "bad_request"),
    ({"game": "liars-dice", "name": "a\nb"}, "name", "bad_request"),
    ({"game": "liars-dice", "surprise": 1}, "surprise", "bad_request"),
    ({"players": 2}, "game", "bad_request"),
    ({"game": "liars-dice", "standin": "genius"}, "standin", "standin_unknown"),
]


@pytest.mark.parametrize(("body", "why", "code"), BAD_CREATES, ids=[str(b) for b, _, _ in BAD_CREATES])
def test_bad_creates_are_refused_clearly(
    shared_server: Server, body: dict[str, object], why: str, code: str
) -> None:
    r = shared_server.http.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == code and code in MESSAGES
    assert isinstance(err["params"], dict)
    assert why in err["message"]
    assert "Traceback" not in r.text


def test_an_option_refusal_names_the_option_and_its_range(shared_server: Server) -> None:
    r = shared_server.http.post("/api/tables", json={"game": "liars-dice", "options": {"dice": 99}})
    err = r.json()["error"]
    assert r.status_code == 400 and err["code"] == "option_range"
    assert err["params"] == {"option": "dice", "min": 1, "max": 10, "value": 99}


def test_malformed_bodies_are_refused(shared_server: Server) -> None:
    for raw in (b"not json", b"[1, 2]", b'{"game": "liars-dice"', b'{"game": NaN}'):
        r = shared_server.http.post("/api/tables", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    r = shared_server.http.post(
        "/api/tables",
        content=b'{"game": "' + b"x" * 20000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"


def test_unknown_tables_are_404(shared_server: Server) -> None:
    for path in ("/api/tables/nope", "/api/tables/..%2F..%2Fetc", "/api/tables/" + "x" * 40):
        r = shared_server.http.get(path)
        assert r.status_code == 404
    r = shared_server.http.post("/api/tables/nope/join", json={"name": "x"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = shared_server.http.post("/api/tables/nope/join", json={"name": 5})
    assert r.status_code == 400


def test_rematch_offers_a_new_table_with_the_same_seats(server: Server) -> None:
    out = server.create(game="liars-dice", players=2, options={"dice": 1}, seats=["human", "bot:random"])
    table = out["table"]
    r = server.http.post(f"/api/tables/{table}/rematch", json={"token": out["token"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    p = server.connect(table, out["token"])
    while True:
        f = p.view()
        if f["view"]["over"]:
            break
        if f["legal"]:
            p.act(f["legal"][-1] if f["view"]["bid"] is None else {"type": "liar"})
    r = server.http.post(f"/api/tables/{table}/rematch", json={"token": "wrong"})
    assert r.status_code == 403
    r = server.http.post(f"/api/tables/{table}/rematch", json={"token": out["token"]})
    assert r.status_code == 200, r.text
    again = r.json()
    assert again["table"] != table and again["seat"] == 0
    news = p.until(lambda f: f["type"] == "table" and f["rematch"] is not None)
    assert news["rematch"] == again["table"]
    info = server.http.get(f"/api/tables/{again['table']}").json()
    assert info["status"] == "playing"
    assert [(s["kind"], s["level"]) for s in info["seats"]] == [("human", None), ("bot", "random")]
    assert server.http.get(f"/api/tables/{table}").json()["rematch"] == again["table"]
    p.close()


def test_metrics_count_committed_actions(server: Server) -> None:
    out = server.create(game="liars-dice", players=2, options={"dice": 1}, seats=["bot:random", "bot:random"])
    for _ in range(200):
        if server.http.get(f"/api/tables/{out['table']}").json()["status"] == "over":
            break
        threading_wait(0.02)
    m = server.http.get("/api/metrics").json()
    assert m["actions"] == len(server.log(out["table"])) > 0


def threading_wait(seconds: float) -> None:
    import time

    time.sleep(seconds)
