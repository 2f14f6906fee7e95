"""Issue 21: the server under abuse (big integers, spoofed proxies, foreign origins, tokens in URLs,
rematch grabs, floods of unknown ids and of waiting tables)."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from .conftest import Server

HUGE = 2**64  # one beyond what a 64-bit integer holds (orjson encodes up to 2**64 - 1)


def dice_table(server: Server) -> tuple[str, dict[int, str]]:
    out = server.create(game="liars-dice", players=2, options={"dice": 2}, name="Kari")
    joined = server.join(out["table"])
    return out["table"], {out["seat"]: out["token"], joined["seat"]: joined["token"]}


# -- 11: integers beyond 64 bits -------------------------------------------------------------------
@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "seq": HUGE, "action": {"type": "liar"}},
        {"type": "act", "seq": 2**70, "action": {"type": "liar"}},
        {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": HUGE, "face": 3}},
        {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": 3, "face": -(2**64)}},
        {"type": "act", "seq": 0, "action": {"type": "bid", "quantity": [1, {"x": HUGE}], "face": 3}},
    ],
)
def test_integers_beyond_64_bits_are_a_bad_message_not_a_crash(
    shared_server: Server, message: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    table, tokens = dice_table(shared_server)
    p = shared_server.connect(table, tokens[0])
    p.view()
    with caplog.at_level(logging.INFO):
        p.send(json.dumps(message))
        err = p.error()
        assert err["code"] == "bad_message", err
        p.send({"type": "ping"})  # the connection lives on
        assert p.until(lambda f: f["type"] == "pong")["type"] == "pong"
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert shared_server.log(table) == []
    p.close()


def test_huge_integer_in_table_options_is_a_bad_request(shared_server: Server) -> None:
    r = shared_server.http.post("/api/tables", json={"game": "liars-dice", "options": {"dice": HUGE}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
