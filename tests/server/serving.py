"""Real ``liars serve`` processes for the tests that kill, restart or cluster them.

Why one module: five test files started a server the same way, each with its own start-up
wait and its own stderr policy (a pipe read only when the server died, which a long game's
log could fill and hang the server; or DEVNULL, which lost a dead server's last words).
Here the process writes stdout and stderr to a file in the test's folder, appended across
restarts on the same port, and an assertion about a dead or silent server quotes its tail.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from .conftest import Db

STARTUP = 90.0  # seconds a server may take to come up: on a loaded 2-core machine it took over 20


def free_port() -> int:
    """A port no one listens on now (the kernel's pick, released at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """One ``liars serve`` process on ``port`` (a free one by default) with ``args`` after it."""

    def __init__(self, args: Sequence[str], tmp: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        tmp.mkdir(parents=True, exist_ok=True)
        self.log = tmp / f"server-{self.port}.txt"
        cmd = [sys.executable, "-m", "liars.cli", "serve", "--port", str(self.port), *args]
        with self.log.open("ab") as out:  # the child keeps its own copy of the descriptor
            self.proc = subprocess.Popen(
                cmd, env={**os.environ, "LIARS_DATA_DIR": str(tmp)}, stdout=out, stderr=subprocess.STDOUT
            )

    def said(self, chars: int = 3000) -> str:
        """The end of what the process wrote (every run on this port in this folder)."""
        return self.log.read_text(encoding="utf-8", errors="replace")[-chars:]

    def wait_up(self, seconds: float = STARTUP) -> Server:
        """Return once ``/api/games`` answers; fail with the server's words if it died or never did."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
            if self.proc.poll() is not None:
                raise AssertionError(f"the server on {self.port} died: {self.said()}")
        self.proc.kill()
        self.proc.wait(10)
        raise AssertionError(f"the server on {self.port} did not come up: {self.said()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """SIGTERM and a wait; SIGKILL if it does not stop."""
        terminate(self.proc, 15)


def terminate(proc: subprocess.Popen[bytes], seconds: float) -> None:
    """SIGTERM and up to ``seconds`` of waiting; SIGKILL if it does not stop."""
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def start(db: Db, port: int, tmp: Path, *extra: str) -> subprocess.Popen[bytes]:
    """``liars serve`` on ``port`` over ``db``, answering (the same port again after a kill)."""
    return Server([*db.cli_args(), *extra], tmp, port=port).wait_up().proc
