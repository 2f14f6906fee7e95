"""``liars serve`` sets the tables' limits that were constants (issue 21): the bots-only table cap
per address, the bot CPU budget, the default turn limit of a table of people, the waiting-table
expiry; each default is the server's own, and 0 lifts it."""

from __future__ import annotations

import pytest

from liars.cli import build_parser
from liars.commands import serve
from liars.server import bot_budget, bot_driver, hub
from liars.server.hub import Hub

from .conftest import Db
from .test_abuse import cli_server

BOTS_ONLY = {"game": "liars-dice", "players": 2, "seats": ["bot:random", "bot:random"]}


def built_hub(db: Db, *flags: str) -> Hub:
    app, _ = serve.build(build_parser().parse_args(["serve", *db.cli_args(), *flags]))
    out: Hub = app.app.state.hub  # inside the connection caps (transport.SocketCaps)
    return out


def test_the_flags_defaults_are_the_servers_own(db: Db) -> None:
    assert serve.BOT_TABLES == hub.MAX_BOT_TABLES
    assert serve.TURN_SECONDS == hub.SILENT_TURN
    assert serve.BOT_CPU == bot_budget.BOT_CPU
    h = built_hub(db)
    assert h.max_bot_tables == hub.MAX_BOT_TABLES and h.turn_seconds == hub.SILENT_TURN
    assert h.bot_budget.rate == bot_budget.BOT_CPU and h.waiting_seconds == hub.WAITING_SECONDS


def test_zero_lifts_each_limit(db: Db) -> None:
    h = built_hub(db, "--max-bot-tables", "0", "--bot-cpu", "0", "--turn-seconds", "0")
    assert h.max_bot_tables is None and h.bot_budget.rate is None and h.turn_seconds is None


def test_the_flags_reach_the_tables(db: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_driver, "BOT_IDLE", 0.0)  # the bots-only table pauses at once: still in play
    with cli_server(
        db, "--max-bot-tables", "1", "--turn-seconds", "7.5", "--waiting-minutes", "2", "--bot-cpu", "0.1"
    ) as srv:
        inner = srv.app.app.state.hub
        assert inner.waiting_seconds == 120 and inner.bot_budget.rate == 0.1
        two = srv.http.post("/api/tables", json={"game": "liars-dice", "players": 2, "name": "Kari"})
        table = srv.http.get(f"/api/tables/{two.json()['table']}").json()
        assert table["settings"]["turn_seconds"] == 7.5  # the server's default, the host chose none
        chosen = srv.http.post("/api/tables", json={"game": "liars-dice", "players": 2, "turn_seconds": None})
        assert (
            srv.http.get(f"/api/tables/{chosen.json()['table']}").json()["settings"]["turn_seconds"] is None
        )
        assert srv.http.post("/api/tables", json=BOTS_ONLY).status_code == 201
        refused = srv.http.post("/api/tables", json=BOTS_ONLY)
        assert refused.status_code == 429 and refused.json()["error"]["params"]["limit"] == 1


def test_bad_values_are_usage_errors(db: Db) -> None:
    parser = build_parser()
    bad = [["--bot-cpu", "-1"], ["--turn-seconds", "nan"], ["--max-bot-tables", "-2"]]
    for flags in [*bad, ["--port", "99999"], ["--port", "-1"]]:  # 99999: uvicorn said it served, and hung
        try:
            parser.parse_args(["serve", *flags])
        except SystemExit as exc:
            assert exc.code == 2, flags
        else:
            raise AssertionError(f"{flags} was accepted")
    assert parser.parse_args(["serve", "--port", "0"]).port == 0  # any free port
    assert parser.parse_args(["serve", "--port", "65535"]).port == 65535
