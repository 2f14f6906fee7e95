"""A redis-server of the test's own, on a free port, that a test may stop and start again.

Tests that take Redis away must never touch the machine's shared Redis (6379, used by every
other run): this one lives in the test's temporary folder, without persistence, and is gone
when the test is.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from .serving import free_port, terminate

__all__ = ["PrivateRedis", "free_port"]

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


class PrivateRedis:
    """``redis-server`` on 127.0.0.1:``port`` (``url``), started by :meth:`start`."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
        cmd += ["--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            done = subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True, check=False
            )
            if done.stdout.strip() == "PONG":
                return
            time.sleep(0.05)
        self.stop()
        raise AssertionError("the private redis-server did not come up")

    def stop(self) -> None:
        """Stop this test's own redis-server (its process, by its id)."""
        if self.proc is not None:
            terminate(self.proc, 10)
        self.proc = None
