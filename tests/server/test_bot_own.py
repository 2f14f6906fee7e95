"""``liars bot`` plays a bot writer's own class (``--level my_bots:MyBot``), and says what is wrong
in one line, on stderr, before it takes the seat.

Why: ``liars bot`` built only the built-in levels; ``--level my_bots:MyBot`` connected, took the
seat and died on the table's first turn with a ``ValueError`` traceback (as did ``--level nope``),
and ``--server 127.0.0.1:8000`` died in websockets with ``InvalidURI``.  A refusal by the server
(no such table) was printed on stdout, where the result's JSON goes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from liars import cli

from .conftest import Server

MY_BOTS = """
class OwnCards:
    '''Cheat, from the docs alone: play the cards of the claimed rank from the hand, by suit.'''

    def act(self, view, legal_actions):
        if view["window"]:
            return {"type": "pass"}
        rank = view["required_rank"]
        true = [c for c in view["hand"] if c[0] == rank]
        return {"type": "play", "cards": true or [view["hand"][0]]}
"""


@pytest.fixture
def my_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bot writer's folder holding ``my_bots_own.py``, as the current directory."""
    (tmp_path / "my_bots_own.py").write_text(MY_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # `liars bot` puts the folder on it: undone after
    return tmp_path


def test_a_users_own_bot_plays_a_server_table_to_the_end(
    shared_server: Server, my_bots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = shared_server.create(game="cheat", players=3, seats=["human", "bot:basic", "bot:basic"], name="Me")
    argv = ["bot", "--server", shared_server.url, "--table", made["table"], "--token", made["token"]]
    assert cli.main([*argv, "--level", "my_bots_own:OwnCards", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert result["table"] == made["table"] and result["seat"] == 0
    assert "failed" not in err, err  # every play by suit was taken: none replaced at random
    info = shared_server.http.get(f"/api/tables/{made['table']}").json()
    assert info["status"] == "over" and info["winners"] == result["winners"]


@pytest.mark.parametrize(
    ("server", "level", "said"),
    [
        (None, "nope", "'nope' is neither a level (random, basic, strong) nor a bot of your own"),
        (None, "my_bots_ownn:OwnCards", "cannot load bot 'my_bots_ownn:OwnCards'"),
        (None, "my_bots_own:Nope", "module 'my_bots_own' has no 'Nope'"),
        ("ftp://example.org", "basic", "the server is an address like http://127.0.0.1:8000"),
    ],
)
def test_a_mistake_on_the_command_line_is_said_before_the_seat_is_taken(
    shared_server: Server,
    my_bots: Path,
    capsys: pytest.CaptureFixture[str],
    server: str | None,
    level: str,
    said: str,
) -> None:
    made = shared_server.create(game="liars-dice", players=2, seats=["human", "bot:basic"], name="Me")
    argv = [
        "bot",
        "--server",
        server or shared_server.url,
        "--table",
        made["table"],
        "--token",
        made["token"],
    ]
    assert cli.main([*argv, "--level", level]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("liars bot: ") and said in err and "Traceback" not in err, err
    seats = shared_server.http.get(f"/api/tables/{made['table']}").json()["seats"]
    assert not seats[0]["connected"]  # never connected: the seat was not taken and left


def test_a_server_given_as_host_and_port_is_played(
    shared_server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--server 127.0.0.1:8000`` (no ``http://``) ended in an ``InvalidURI`` traceback."""
    made = shared_server.create(game="liars-dice", players=2, seats=["human", "bot:basic"], name="Me")
    host_port = shared_server.url.removeprefix("http://")
    argv = ["bot", "--server", host_port, "--table", made["table"], "--token", made["token"]]
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["table"] == made["table"] and "Traceback" not in err, err


def test_a_refusal_by_the_server_is_on_stderr_and_stdout_stays_for_the_result(
    shared_server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    made = shared_server.create(game="liars-dice", players=2, seats=["human", "bot:basic"], name="Me")
    for table, token, said in (
        ("no-such-table", made["token"], "no such table"),
        (made["table"], "not-a-token", "holds no seat"),
    ):
        argv = ["bot", "--server", shared_server.url, "--table", table, "--token", token, "--tries", "0"]
        assert cli.main(argv) == 1
        out, err = capsys.readouterr()
        assert out == "" and "liars bot: " in err and said in err, (out, err)
