"""``liars serve`` with a database it cannot open: one clear line and exit 2, no traceback.

Before, a mistyped ``--db`` (``nonsense://``, ``postgresql://`` without the asyncio driver), a
PostgreSQL that is down, or ``--schema`` with SQLite each printed uvicorn's lifespan traceback
("Application startup failed") and exited 0 (reproduced 2026-12-02).  The URL may hold a
password, so the line never repeats it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from liars.server.store import unopenable

from .serving import free_port


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "liars.cli", "serve", "--port", "0", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("nonsense://secret@host/x", "not a database URL"),
        ("::::secret", "not a database URL"),
        ("postgresql://postgres:secret@127.0.0.1/test", "postgresql+asyncpg://"),
    ],
)
def test_a_bad_url_is_one_line(url: str, says: str) -> None:
    out = _serve("--db", url)
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("--db: cannot open the database") and says in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and "secret" not in out.stderr


def test_a_database_that_is_down_is_one_line() -> None:
    port = free_port()  # nobody listens here
    out = _serve("--db", f"postgresql+asyncpg://nobody:secret@127.0.0.1:{port}/none")
    assert out.returncode == 2, out.stderr
    assert f"127.0.0.1', {port}" in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert "secret" not in out.stderr


def test_a_schema_with_sqlite_is_one_line(tmp_path: Path) -> None:
    out = _serve("--db", f"sqlite+aiosqlite:///{tmp_path / 'x.db'}", "--schema", "liars")
    assert out.returncode == 2 and "a schema is for PostgreSQL only" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")  # no late traceback
def test_a_good_database_passes_the_check(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'ok.db'}"
    assert asyncio.run(unopenable(url)) is None
    assert (tmp_path / "ok.db").exists()  # opened and migrated, as the server will
    assert asyncio.run(unopenable(f"sqlite+aiosqlite:///{tmp_path / 'no' / 'dir.db'}")) is not None
