"""Hypothesis fuzzing of incoming WebSocket messages: nothing crashes, nothing changes on bad input."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from liars.errors import MESSAGES

from .conftest import Server

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["bid", "liar", "spot_on", "pass", "play", ""])},
        optional={"quantity": scalars, "face": scalars, "extra": json_values},
    ),
)
messages = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "ping", "auth", "ACT", "view"])},
        optional={"seq": scalars, "action": actions, "token": scalars, "x": json_values},
    ),
)
raw = st.one_of(
    messages.map(json.dumps),
    st.text(max_size=40),
    st.binary(max_size=20),
    st.just('{"type": "act", "seq": 0, "action": {"type": "liar"}, "seq": 1}'),
    st.just('{"type": "act", "seq": NaN, "action": {}}'),
    st.just("[" * 3000 + "]" * 3000),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_bad_messages_change_nothing(server: Server, data: st.DataObject) -> None:
    if not hasattr(server, "_fuzz"):
        out = server.create(game="liars-dice", players=2, options={"dice": 2}, name="a")
        joined = server.join(out["table"])
        tokens = {out["seat"]: out["token"], joined["seat"]: joined["token"]}
        conns = {s: server.connect(out["table"], t) for s, t in tokens.items()}
        conns[-1] = server.connect(out["table"])
        for c in conns.values():
            c.view()
            c.send({"type": "ping"})  # the first message is spent: a later auth is just refused
            c.until(lambda f: f["type"] == "pong")
        table = server.hub.tables[out["table"]]
        server._fuzz = (out["table"], conns, table)  # type: ignore[attr-defined]
    table_id, conns, table = server._fuzz  # type: ignore[attr-defined]
    sender = data.draw(st.sampled_from(sorted(conns)))
    msg: Any = data.draw(raw)
    if sender >= 0 and isinstance(msg, str):
        try:
            parsed = json.loads(msg)
        except (ValueError, RecursionError):
            parsed = None
        if isinstance(parsed, dict) and parsed.get("type") == "act":
            legal = server.on_loop(lambda: [a.to_json() for a in table.state.legal_actions(sender)])
            assume(parsed.get("action") not in legal)  # a legal action is not bad input
    before = server.on_loop(lambda: (table.seq, table.state.to_json()))
    conns[sender].send(msg)
    reply = conns[sender].until(lambda f: f["type"] in ("error", "pong"))
    if reply["type"] == "error":
        assert reply["code"] in MESSAGES and reply["code"] not in ("internal", "reload")
        assert reply["message"] and "Traceback" not in reply["message"] and "File " not in reply["message"]
    assert server.on_loop(lambda: (table.seq, table.state.to_json())) == before
    assert server.log(table_id) == []
