"""``liars serve --redis`` over SQLite is refused with a clear line, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_redis_with_sqlite_is_refused(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "liars.cli", "serve", "--port", "0", "--redis", "redis://127.0.0.1:6379/0"],
        env={**os.environ, "LIARS_DATA_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert "--redis needs a PostgreSQL --db" in out.stderr and "Traceback" not in out.stderr
