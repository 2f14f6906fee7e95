"""A real uvicorn serving an ASGI app on a free loopback port, in a thread of the test process.

The server tests and the browser tests both drive the real app over real
sockets while looking inside it from the test (``loop``: the server's own
event loop, for ``asyncio.run_coroutine_threadsafe``), so they share this one
way of starting and stopping it.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from typing import Any

import uvicorn


class ThreadedUvicorn:
    """``app`` served on ``url`` (``port``) until :meth:`stop`; ``config`` goes to ``uvicorn.Config``."""

    def __init__(self, app: Any, **config: Any) -> None:
        self.app = app
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port: int = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **config))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, args=(sock,), daemon=True)
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                break
            threading.Event().wait(0.01)
        assert self.server.started, "the server did not start"

    def _run(self, sock: socket.socket) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve(sockets=[sock]))

    def stop(self, timeout: float = 15.0) -> None:
        self.server.should_exit = True
        self.thread.join(timeout)
