"""Hidden information over the wire: every frame a seat receives through a whole game of each
game is that seat's own view (nothing more), checked against an independent replay of the log.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import liars
from liars.core import State

from .conftest import Server

VIEW_KEYS = {"type", "table", "seq", "seat", "view", "legal", "deadline", "window", "away"}
PASS = {"type": "pass"}


def short_options(game_id: str) -> dict[str, Any]:
    """Options that keep a whole game short (by option name, so new games are covered too)."""
    opts: dict[str, Any] = {}
    for o in liars.game_class(game_id).info.options:
        if o.name == "target_wins":
            opts[o.name] = 1
        elif o.name == "dice":
            opts[o.name] = 2
    return opts


def cautious(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A player who never calls and never lies (where an action says so): games stay short."""
    if PASS in legal:
        return PASS
    honest = [a for a in legal if a.get("announce", a.get("card")) == a.get("card")]
    return rng.choice(honest or legal)


def decision(state: State, seat: int) -> State:
    trial = state.clone()
    while trial.window and trial.window[0] != seat:
        trial.act(trial.window[0], PASS)
    return trial


def strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


@pytest.mark.parametrize("game_id", liars.GAME_IDS)
def test_no_frame_carries_another_seats_secret(server: Server, game_id: str) -> None:
    info = liars.game_class(game_id).info
    players = info.min_players
    opts = short_options(game_id)
    out = server.create(
        game=game_id,
        players=players,
        options=opts,
        seats=["human"] + ["bot:random"] * (players - 1),
        name="me",
    )
    table, me = out["table"], out["seat"]
    p = server.connect(table, out["token"])
    rng = random.Random(7)
    for _ in range(20000):
        f = p.recv(timeout=10)
        if f["type"] == "view" and f["view"]["over"]:
            break
        if f["type"] == "view" and f["legal"]:
            p.act(cautious(f["legal"], rng), seq=f["seq"])
    else:
        raise AssertionError("the game did not end")
    p.close()

    seed = server.on_loop(lambda: server.hub.tables[table].row.seed)  # the game object is shared
    log = server.log(table)
    state = liars.make(game_id, players=players, seed=seed, **opts).new_game()
    by_seq: dict[int, State] = {0: state.clone()}
    for a in log:
        state.act(a.seat, a.action)
        by_seq[a.n + 1] = state.clone()
    assert state.over

    views = [f for f in p.frames if f["type"] == "view"]
    assert views and views[-1]["seq"] == len(log)
    for f in p.frames:
        text = json.dumps(f)
        assert "token" not in text and str(seed) not in text
        if f["type"] != "view":
            assert f["type"] in ("table", "error", "pong")
            continue
        assert set(f) == VIEW_KEYS and f["seat"] == me
        st = by_seq[f["seq"]]
        candidates = [(st.view(me), st.legal_actions(me))]
        if me in st.window:
            d = decision(st, me)
            candidates.append((d.view(me), d.legal_actions(me)))
        assert any(f["view"] == v for v, _ in candidates), f"seq {f['seq']}: not the seat's own view"
        legal_ok = [[a.to_json() for a in legal] for _, legal in candidates] + [[]]
        assert f["legal"] in legal_ok
        public = st.view(None)
        mine = strings(st.view(me))
        for other in range(players):
            if other == me:
                continue
            theirs = st.view(other)
            for key, value in theirs.items():
                if key in ("seat", "to_act") or value == public.get(key) or value == st.view(me).get(key):
                    continue
                assert f["view"].get(key) != value, f"seq {f['seq']}: seat {other}'s {key} was sent"
                secret = strings(value) - strings(public) - mine
                assert not secret & strings(f["view"]), (
                    f"seq {f['seq']}: {secret & strings(f['view'])} leaked"
                )
