"""``liars serve --redis`` with no Redis answering: one clear line and exit 2, before the database.

Before, uvicorn's lifespan printed redis-py's traceback ("Application startup failed"), after
the migrations had already run on the database.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .private_redis import PrivateRedis, free_port


def test_serve_says_redis_cannot_be_reached(tmp_path: Path) -> None:
    nothing = free_port()  # nobody listens here
    cmd = [sys.executable, "-m", "liars.cli", "serve", "--port", "0"]
    # an unreachable database too: the check comes first, so nothing is migrated anywhere
    cmd += [
        "--db",
        "postgresql+asyncpg://nobody@127.0.0.1:1/none",
        "--redis",
        f"redis://:secret@127.0.0.1:{nothing}/0",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 2, out.stderr
    assert "--redis: cannot reach Redis" in out.stderr and f"127.0.0.1:{nothing}" in out.stderr
    assert "Traceback" not in out.stderr and "secret" not in out.stderr


def test_a_live_redis_passes_the_check(tmp_path: Path) -> None:
    from liars.commands.serve import redis_unreachable

    server = PrivateRedis(tmp_path)
    server.start()
    try:
        assert redis_unreachable(server.url) is None
    finally:
        server.stop()
    assert redis_unreachable(server.url) is not None  # stopped: the same URL fails
