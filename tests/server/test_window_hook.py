"""A game the server has never heard of plays through a live table with a challenge window.

The server asks the engine who may answer (``State.window``), what letting the play stand
is (``State.window_pass``) and which answer counts (``State.arbitrate_window``); it knows no
game by name.  The toy game below spells its pass "allow" and lets the *last* objector in
play order count (the reverse of Cheat's house rule): a server that decided by itself would
take the first objection received, or answer "pass" for the silent seats.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import liars.core
from liars.core import JSON, BareAction, Game, GameInfo, IllegalAction, State

from .conftest import Player, Server


@dataclass(frozen=True, slots=True)
class Claim(BareAction):
    TYPE: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class Object(BareAction):
    TYPE: ClassVar[str] = "object"


@dataclass(frozen=True, slots=True)
class Allow(BareAction):
    TYPE: ClassVar[str] = "allow"


ACTIONS = {a.TYPE: a for a in (Claim(), Object(), Allow())}


class ObjectionState(State):
    """Seat 0 claims; seats 1 and 2 are asked, in order, to object or allow."""

    _FIELDS = ("history",)
    history: list[str]

    @classmethod
    def deal(cls, game: Game, rng: Any) -> ObjectionState:
        s = cls._blank(game, rng)
        s.to_act, s.history = (0,), []
        return s

    @property
    def window(self) -> tuple[int, ...]:
        return tuple(range(len(self.history), 3)) if self.history and not self.over else ()

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act:
            return []
        return [Claim()] if not self.history else [Object(), Allow()]

    def _check(self, seat: int, action: Any) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not legal now", code="illegal")

    def _apply(self, seat: int, action: Any) -> None:
        self.history.append(f"{seat}:{action}")
        if isinstance(action, Object):
            self.over, self.winners, self.to_act = True, (seat,), ()
        elif seat == 2:
            self.over, self.winners, self.to_act = True, (0,), ()
        else:
            self.to_act = (seat + 1,)

    def window_pass(self) -> Any:
        return Allow()

    def arbitrate_window(self, answers: Sequence[tuple[int, Any]]) -> int | None:
        """Once every asked seat has answered, the last objector in play order counts."""
        if len(answers) < len(self.window):
            return None
        objections = [i for i, (_, a) in enumerate(answers) if self.game.parse_action(a) == Object()]
        return max(objections, key=lambda i: answers[i][0], default=None)

    def _view(self, seat: int | None, since: int) -> JSON:
        return {"history": self.history[since:], "history_len": len(self.history)}


class Objection(Game):
    info = GameInfo(
        id="toy-objection",
        names={"en": "Objection"},
        min_players=3,
        max_players=3,
        default_players=3,
        options=(),
    )
    state_class = ObjectionState

    def parse_action(self, action: Any) -> Any:
        if isinstance(action, BareAction):
            return action
        if isinstance(action, Mapping) and action.get("type") in ACTIONS:
            return ACTIONS[action["type"]]
        raise IllegalAction(f"not an action: {action!r}", code="bad_action")


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registered for this test only (the registry is the engine's, shared by the process)."""
    monkeypatch.setitem(liars.core._REGISTRY, Objection.info.id, Objection)
    yield


def seated(server: Server, window: float = 30.0) -> tuple[str, dict[int, Player]]:
    """A toy table of three players where seat 0 has claimed: seats 1 and 2 are asked at once."""
    out = server.create(game="toy-objection", name="p0", window_seconds=window)
    tokens = {out["seat"]: out["token"]}
    for name in ("p1", "p2"):
        j = server.join(out["table"], name)
        tokens[j["seat"]] = j["token"]
    players = {s: server.connect(out["table"], t) for s, t in tokens.items()}
    players[0].until(lambda f: f["type"] == "view")
    players[0].act({"type": "claim"})
    for s in (1, 2):
        f = players[s].until(lambda f: f["type"] == "view" and f["seq"] == 1)
        assert f["window"]["seats"] == [1, 2] and {"type": "allow"} in f["legal"]
    return out["table"], players


def logged(server: Server, table: str, n: int) -> list[tuple[int, str, str]]:
    deadline = time.monotonic() + 10
    while len(server.log(table)) < n and time.monotonic() < deadline:
        time.sleep(0.01)
    return [(a.seat, a.action["type"], a.by) for a in server.log(table)]


def test_the_engine_arbitrates_a_game_the_server_does_not_know(server: Server) -> None:
    table, players = seated(server)
    players[1].act({"type": "object"})
    held = players[1].until(lambda f: f["type"] == "view" and f["legal"] == [])
    assert held["seq"] == 1  # the first objection received waits: the engine has not decided
    players[2].act({"type": "object"})
    over = players[0].until(lambda f: f["type"] == "view" and f["view"]["over"])
    assert over["view"]["winners"] == [2]
    assert logged(server, table, 3) == [
        (0, "claim", "player"),
        (1, "allow", "window"),
        (2, "object", "player"),
    ]


def test_a_window_that_runs_out_takes_the_engines_own_pass(server: Server) -> None:
    table, players = seated(server, window=0.5)
    over = players[0].until(lambda f: f["type"] == "view" and f["view"]["over"])
    assert over["view"]["winners"] == [0]
    assert logged(server, table, 3) == [
        (0, "claim", "player"),
        (1, "allow", "window"),
        (2, "allow", "window"),
    ]
