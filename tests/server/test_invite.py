"""Issue 21 item 3: an unlisted table is joined only with its invite secret, never by its id alone.

A table's id leaks (a screenshot of the address bar, a log, a guess): the stranger who has it
must not take the seat kept for a friend.  The friend's invite link carries the secret in its
fragment (``/t/{id}#k=...``), which the page sends with the join.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from liars.server.redact import redact

from .conftest import Db, Server
from .test_abuse import finished_table


def join(server: Server, table: str, **body: Any) -> Any:
    return server.http.post(f"/api/tables/{table}/join", json={"name": "Stranger", **body})


def seat_free(server: Server, table: str, seat: int = 1) -> bool:
    return server.http.get(f"/api/tables/{table}").json()["seats"][seat]["taken"] is False


def test_the_id_alone_or_a_wrong_secret_takes_no_seat(shared_server: Server) -> None:
    out = shared_server.create(game="liars-dice", players=2, name="Kari")
    assert isinstance(out["key"], str) and len(out["key"]) >= 16
    assert out["invite"].endswith(f"/t/{out['table']}#k={out['key']}")
    r = join(shared_server, out["table"])
    assert r.status_code == 403 and r.json()["error"]["code"] == "invite_required"
    assert seat_free(shared_server, out["table"])
    for wrong in ("x", out["key"][:-1], out["key"] + "x", out["key"].upper()):
        if wrong == out["key"]:
            continue
        r = join(shared_server, out["table"], key=wrong)
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"
        assert seat_free(shared_server, out["table"])
    friend = join(shared_server, out["table"], name="Ola", key=out["key"])
    assert friend.status_code == 200 and friend.json()["seat"] == 1
    info = shared_server.http.get(f"/api/tables/{out['table']}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["Kari", "Ola"]


def test_a_listed_table_needs_no_secret(shared_server: Server) -> None:
    out = shared_server.create(game="liars-dice", players=2, name="Kari", listed=True)
    assert out["key"] is None and "#" not in out["invite"]
    r = join(shared_server, out["table"])
    assert r.status_code == 200 and r.json()["seat"] == 1


def test_the_secret_is_in_no_info_list_or_frame(shared_server: Server) -> None:
    out = shared_server.create(game="liars-dice", players=2, name="Kari")
    key, table = out["key"], out["table"]
    spectator = shared_server.connect(table)
    texts = [json.dumps(spectator.recv())]
    friend = shared_server.join(table, "Ola")
    texts.append(shared_server.http.get(f"/api/tables/{table}").text)
    texts.append(shared_server.http.get("/api/tables").text)
    players = [shared_server.connect(table, t) for t in (out["token"], friend["token"])]
    for p in [spectator, *players]:
        p.until(lambda f: f["type"] == "view")
        texts.extend(json.dumps(f) for f in p.frames)
        p.close()
    assert len(texts) > 5 and not [t for t in texts if key in t]
    assert "invite" not in shared_server.http.get(f"/api/tables/{table}").json()["settings"]


def test_a_rematch_keeps_the_secret_for_its_players(shared_server: Server) -> None:
    table, tokens = finished_table(shared_server)
    r = shared_server.http.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]})
    assert r.status_code == 200 and r.json()["key"] == shared_server.keys[table]
    assert join(shared_server, r.json()["table"]).json()["error"]["code"] == "invite_required"


def test_a_restart_keeps_the_secret(db: Db) -> None:
    server = Server(db)
    try:
        out = server.create(game="liars-dice", players=2, name="Kari")
    finally:
        server.stop()
    server = Server(db)
    try:
        assert join(server, out["table"]).json()["error"]["code"] == "invite_required"
        assert seat_free(server, out["table"])
        r = join(server, out["table"], key=out["key"])
        assert r.status_code == 200 and r.json()["seat"] == 1
    finally:
        server.stop()


def test_logs_blank_the_secret(shared_server: Server) -> None:
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    assert redact('{"name": "Ola", "key": "s3cret"}') == '{"name": "Ola", "key": "[redacted]"}'
    assert redact("see http://h/t/abc#k=s3cret now") == "see http://h/t/abc#k=[redacted] now"
    handler, names = Keep(), ("uvicorn.access", "uvicorn.error", "liars.server")
    saved = {n: logging.getLogger(n).level for n in names}
    for n in names:
        logging.getLogger(n).setLevel(logging.INFO)
        logging.getLogger(n).addHandler(handler)
    try:
        out = shared_server.create(game="liars-dice", players=2, name="Kari")
        join(shared_server, out["table"], key=out["key"] + "?")
        shared_server.join(out["table"], "Ola")
    finally:
        for n in names:
            logging.getLogger(n).removeHandler(handler)
            logging.getLogger(n).setLevel(saved[n])
    assert records and not [r for r in records if out["key"] in r]


def test_the_table_says_whether_a_join_needs_the_secret_never_what_it_is(shared_server: Server) -> None:
    """The page told a visitor of any unlisted table that it is for the invited only, but a table
    made before invite secrets is unlisted and open to anyone with its id: the public settings now
    say ``invite_required`` as ``check_invite`` decides it."""
    from liars.server.seats import public_settings

    private = shared_server.create(game="liars-dice", players=2, name="Kari")
    listed = shared_server.create(game="liars-dice", players=2, name="Kari", listed=True)
    got = {
        name: shared_server.http.get(f"/api/tables/{out['table']}").json()["settings"]
        for name, out in (("private", private), ("listed", listed))
    }
    assert got["private"]["invite_required"] is True and got["listed"]["invite_required"] is False
    assert "invite" not in got["private"] and private["key"] not in json.dumps(got["private"])
    assert public_settings({"listed": False})["invite_required"] is False  # no secret: open to the id
