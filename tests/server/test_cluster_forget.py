"""``liars.server.cluster.forget``: a cluster prefix's Redis keys deleted, and nobody else's.

Against a redis-server of the test's own (never the machine's shared one).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from liars.server.cluster import Cluster, forget

from .private_redis import PrivateRedis


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


async def _keys(url: str) -> set[str]:
    from redis.asyncio import Redis

    r = Redis.from_url(url)
    try:
        return {k.decode() async for k in r.scan_iter("*")}
    finally:
        await r.aclose()


async def _write(url: str, keys: list[str]) -> None:
    from redis.asyncio import Redis

    r = Redis.from_url(url)
    try:
        for k in keys:
            await r.set(k, "1")
    finally:
        await r.aclose()


def test_forget_deletes_the_prefix_keys_only(redis_url: str) -> None:
    ours = Cluster(redis_url, "a:1", "run[1]*")  # glob characters in the prefix are taken literally
    mine = [ours.key("members"), ours.key("alive", "a:1"), ours.key("alive", "b:2")]
    mine += [ours.key("x", str(i)) for i in range(1200)]  # more than one SCAN batch
    others = ["run[1]", "run1:members", "run[1]*x:members", "run[1]-2:alive:a", "other:run[1]*:k"]
    asyncio.run(_write(redis_url, mine + others))
    assert asyncio.run(forget(redis_url, "run[1]*")) == len(mine)
    assert asyncio.run(_keys(redis_url)) == set(others)
    assert asyncio.run(forget(redis_url, "run[1]*")) == 0  # nothing left: nothing deleted


def test_forget_refuses_an_empty_prefix(redis_url: str) -> None:
    asyncio.run(_write(redis_url, [":members", "liars:members"]))
    with pytest.raises(ValueError, match="prefix"):
        asyncio.run(forget(redis_url, ""))
    assert asyncio.run(_keys(redis_url)) == {":members", "liars:members"}


def test_forget_cleans_what_a_running_cluster_wrote(redis_url: str) -> None:
    """The keys a real cluster process writes (liveness, members) are exactly what is forgotten."""

    async def run() -> tuple[set[str], int, set[str]]:
        c = Cluster(redis_url, "host:8001", "liars-forget")
        from redis.asyncio import Redis

        c.redis = Redis.from_url(redis_url)
        try:
            await c._beat_once()
            await c.redis.sadd(c.key("members"), c.name)
        finally:
            await c.redis.aclose()
        written = await _keys(redis_url)
        return written, await forget(redis_url, "liars-forget"), await _keys(redis_url)

    written, deleted, left = asyncio.run(run())
    assert written == {"liars-forget:alive:host:8001", "liars-forget:members"}
    assert deleted == 2 and left == set()
