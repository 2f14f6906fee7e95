"""Issue 21.9, the case as reported: 300 slowloris connections against a real ``liars serve`` process
whose open-file limit is 256 must not keep it from answering a normal GET.

Before the fix the slow connections took every file descriptor, and uvloop (like libuv in
general) then accepts and drops whoever comes next: the GETs were answered with a reset.
"""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

FD_LIMIT = 256
SLOW = 300
DEADLINE = 1.5  # the server's --header-timeout in this test


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def limit_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FD_LIMIT, FD_LIMIT))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[int]:
    """A real ``liars serve`` (SQLite) limited to 256 open files; its port."""
    port = free_port()
    cmd = [sys.executable, "-m", "liars.cli", "serve", "--port", str(port)]
    cmd += ["--header-timeout", str(DEADLINE), "--http-rate", "0"]
    env = {**os.environ, "LIARS_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limit_files
    )
    try:
        for _ in range(300):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        else:
            pytest.fail("the server did not start")
        yield port
    finally:
        proc.terminate()
        proc.wait(20)


class Slowloris:
    """``SLOW`` connections that each send a request a header line at a time and never finish it;
    a connection the server closes is opened again at once (as an attacker would)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.stop = threading.Event()
        self.reopened = 0
        self.socks = [self._open() for _ in range(SLOW)]
        self.started = [False] * SLOW  # the request line is sent: the rest are header lines
        self.thread = threading.Thread(target=self._dribble, daemon=True)
        self.thread.start()

    def _open(self) -> socket.socket:
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", self.port))  # completes in the kernel's backlog
        return sock

    def _dribble(self) -> None:
        while not self.stop.wait(0.3):
            for i, sock in enumerate(self.socks):
                try:
                    sock.send(b"X-Slow: 1\r\n" if self.started[i] else b"GET / HTTP/1.1\r\nHost: x\r\n")
                    self.started[i] = True
                except BlockingIOError:
                    continue
                except OSError:
                    sock.close()
                    self.socks[i] = self._open()
                    self.started[i] = False
                    self.reopened += 1

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        for sock in self.socks:
            sock.close()


def test_slowloris_cannot_starve_normal_gets_even_at_a_low_open_file_limit(served: int) -> None:
    attack = Slowloris(served)
    try:
        time.sleep(2 * DEADLINE)  # the attack is in full swing: the server is at its file limit
        url = f"http://127.0.0.1:{served}/api/games"

        def get(_: int) -> int | str:
            try:
                return httpx.get(url, timeout=10).status_code
            except httpx.HTTPError as exc:
                return repr(exc)

        with ThreadPoolExecutor(4) as pool:
            codes = list(pool.map(get, range(20)))
        assert codes == [200] * 20
        assert attack.reopened > 0  # the server did close them (and they came back)
    finally:
        attack.close()
