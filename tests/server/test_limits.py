"""HTTP writes are rate-limited per remote address (a token bucket); reads are not."""

from __future__ import annotations

import httpx
import pytest

from liars.server.limits import TokenBuckets

from .conftest import Db, Server


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_the_burst_then_the_rate() -> None:
    clock = Clock()
    buckets = TokenBuckets(rate=2.0, burst=3.0, clock=clock)
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a") == pytest.approx(0.5)  # empty: one token comes in half a second
    assert buckets.take("b") == 0.0  # another client has its own bucket
    clock.now += 0.5
    assert buckets.take("a") == 0.0
    assert buckets.take("a") > 0
    clock.now += 60  # a long pause refills to the burst, not beyond
    assert [buckets.take("a") for _ in range(4)][-1] > 0


def test_buckets_forget_the_longest_unseen_clients() -> None:
    clock = Clock()
    buckets = TokenBuckets(rate=1.0, burst=1.0, clients=2, clock=clock)
    for key in ("a", "b", "a", "c"):  # c pushes out b (a was seen again after b)
        buckets.take(key)
    assert buckets.take("a") > 0  # a is still remembered: its bucket is empty
    assert buckets.take("b") == 0.0  # b was forgotten: a fresh bucket


def test_bad_settings_are_refused() -> None:
    for rate, burst in ((0.0, 5.0), (1.0, 0.5), (-1.0, 5.0)):
        with pytest.raises(ValueError):
            TokenBuckets(rate, burst)


def test_writes_over_the_rate_get_429_per_address(db: Db) -> None:
    server = Server(db, http_rate=0.01, http_burst=3)
    try:
        out = server.create(game="liars-dice", players=2)
        for _ in range(2):
            r = server.http.post(
                f"/api/tables/{out['table']}/join", json={"name": "x" * 100, "key": out["key"]}
            )
            assert r.status_code == 400  # refused requests count too: they cost work all the same
        r = server.http.post(f"/api/tables/{out['table']}/join", json={"name": "Ola", "key": out["key"]})
        assert r.status_code == 429
        assert r.headers["content-type"] == "application/json"
        assert int(r.headers["retry-after"]) >= 1
        err = r.json()["error"]
        assert err["code"] == "rate_limited" and "requests a second" in err["message"]
        assert server.http.get(f"/api/tables/{out['table']}").json()["seats"][1]["taken"] is False
        assert server.http.get("/api/games").status_code == 200  # reads are not limited
        p = server.connect(out["table"])  # nor is the WebSocket (it has its own limit)
        assert p.recv()["type"] == "table"
        p.close()
        # Another address has its own bucket (all of 127/8 is loopback on Linux).
        other = httpx.Client(
            base_url=server.url, transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=10
        )
        try:
            r = other.post(f"/api/tables/{out['table']}/join", json={"name": "Ola", "key": out["key"]})
            assert r.status_code == 200, r.text
        finally:
            other.close()
    finally:
        server.stop()
