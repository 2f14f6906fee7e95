"""Issue 21.9: a deadline for each request to arrive, idle connections closed, and caps on WebSockets
(per address, per table, in all), exactly as ``liars serve`` builds them from its flags."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from .conftest import Db
from .test_abuse import CliServer, cli_server


def raw(srv: CliServer, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", srv.port), timeout=5, source_address=(source, 0))
    return sock


def read_all(sock: socket.socket, within: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took."""
    t0 = time.monotonic()
    sock.settimeout(within)
    got = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return got, time.monotonic() - t0
        got += chunk


def table(srv: CliServer) -> str:
    r = srv.http.post("/api/tables", json={"game": "liars-dice", "players": 2})
    assert r.status_code == 201, r.text
    out: str = r.json()["table"]
    return out


def spectate(srv: CliServer, table_id: str, source: str = "127.0.0.1") -> ClientConnection:
    """A spectator's WebSocket from ``source`` (any 127.x.y.z is this machine's loopback).

    It reads nothing after the first frame, so its queue is unbounded (with the default 16 the
    client would stop reading and never see the server's close frame)."""
    sock = socket.create_connection(("127.0.0.1", srv.port), timeout=5, source_address=(source, 0))
    ws = connect(
        f"ws://127.0.0.1:{srv.port}/ws/tables/{table_id}", sock=sock, open_timeout=5, max_queue=None
    ).__enter__()
    assert json.loads(ws.recv(timeout=5))["type"] == "table"
    return ws


def refused(srv: CliServer, table_id: str, source: str = "127.0.0.1") -> bool:
    try:
        spectate(srv, table_id, source).close()
    except InvalidStatus as exc:
        assert exc.response.status_code == 403
        return True
    return False


@contextmanager
def server(db: Db, *flags: str) -> Iterator[CliServer]:
    with cli_server(db, "--http-rate", "0", *flags) as srv:
        yield srv


# -- the request deadline ---------------------------------------------------------------------------
def test_a_request_whose_headers_never_finish_is_answered_408_and_closed(db: Db) -> None:
    with server(db, "--header-timeout", "1") as srv:
        sock = raw(srv)
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        for _ in range(3):  # a header now and then keeps nothing alive
            time.sleep(0.3)
            sock.sendall(b"X-Slow: 1\r\n")
        got, took = read_all(sock, 5)
        assert got.startswith(b"HTTP/1.1 408 ") and took < 2.5
        sock.close()
        assert srv.http.get("/api/games").status_code == 200


def test_a_body_that_never_finishes_is_closed(db: Db) -> None:
    with server(db, "--header-timeout", "1") as srv:
        sock = raw(srv)
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            b"content-length: 200\r\n\r\n{"
        )
        _, took = read_all(sock, 5)
        assert took < 2.5
        sock.close()


def test_a_kept_alive_connection_may_not_dribble_its_next_request(db: Db) -> None:
    with server(db, "--header-timeout", "1", "--idle-timeout", "30") as srv:
        sock = raw(srv)
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(5)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
        time.sleep(1.5)  # idle, and kept: the deadline is for requests, idling is --idle-timeout's
        sock.sendall(b"GET /api/games HTTP/1.1\r\n")
        got, took = read_all(sock, 5)
        assert b"408" in got.split(b"\r\n")[0] and took < 2.5


def test_a_newcomer_closes_the_longest_pending_request_beyond_the_cap(db: Db) -> None:
    with server(db, "--max-pending", "3") as srv:
        slow = [raw(srv) for _ in range(3)]
        for sock in slow:
            sock.sendall(b"GET /api/games HTTP/1.1\r\n")
            time.sleep(0.05)  # so that the first is the oldest
        assert srv.http.get("/api/games").status_code == 200  # the newcomer is served
        got, took = read_all(slow[0], 5)
        assert got.startswith(b"HTTP/1.1 408 ") and took < 1
        for sock in slow[1:]:  # the others are still waiting (two in three places)
            sock.sendall(b"Host: x\r\n\r\n")
        codes = [sock.recv(4096).split(b"\r\n")[0] for sock in slow[1:]]
        assert all(c.startswith(b"HTTP/1.1 200") for c in codes), codes
        for sock in slow:
            sock.close()


def test_a_request_accepted_in_a_burst_is_read_before_anyone_is_closed_for_the_cap(db: Db) -> None:
    """A newcomer accepted together with many others (the server was busy for a moment, so the
    kernel held them all) gets its chance to send before the cap picks whom to close.

    Seen in CI under load: a normal GET accepted in the same burst as a flood of slow
    connections was closed with a 408 before its request, already in the kernel, was read."""
    with server(db, "--max-pending", "4", "--header-timeout", "5") as srv:
        slow = [raw(srv) for _ in range(4)]
        for sock in slow:  # four requests that are arriving slowly: the cap is full
            sock.sendall(b"GET /api/games HTTP/1.1\r\n")
        time.sleep(0.2)
        srv.loop.call_soon_threadsafe(time.sleep, 1.0)  # the server is busy for a second
        time.sleep(0.1)
        get = raw(srv)
        get.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")  # all of it, at once
        fresh = [raw(srv) for _ in range(5)]  # five more accepted in the same burst
        got = get.recv(4096).split(b"\r\n")[0]
        assert got.startswith(b"HTTP/1.1 200"), got
        for sock in slow:  # the slow ones were the ones to go
            assert read_all(sock, 5)[0].startswith(b"HTTP/1.1 408 ")
        for sock in [get, *fresh]:
            sock.close()


def test_newcomers_that_never_send_are_closed_for_the_cap_once_their_moment_is_over(db: Db) -> None:
    """The burst's grace is short: connections that send nothing are still held to the cap."""
    with server(db, "--max-pending", "3", "--header-timeout", "30") as srv:
        quiet = [raw(srv) for _ in range(6)]
        time.sleep(1.0)  # four times the moment a newcomer has
        closed = []
        for sock in quiet:
            try:
                closed.append(read_all(sock, 0.3)[0])
            except TimeoutError:
                continue
        assert len(closed) == 3 and all(g.startswith(b"HTTP/1.1 408 ") for g in closed), closed
        for sock in quiet:
            sock.close()


def test_an_idle_http_connection_is_closed_after_the_idle_timeout(db: Db) -> None:
    with server(db, "--idle-timeout", "1") as srv:
        sock = raw(srv)
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        got, took = read_all(sock, 5)
        assert got.startswith(b"HTTP/1.1 200 ") and 0.5 < took < 2.5


def test_a_quiet_websocket_outlives_the_request_deadline(db: Db) -> None:
    with server(db, "--header-timeout", "0.5") as srv:
        ws = spectate(srv, table(srv))
        time.sleep(1.2)
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=5))["type"] == "pong"
        ws.close()


# -- the WebSocket caps -----------------------------------------------------------------------------
def test_one_address_cannot_open_a_thousand_spectators(db: Db) -> None:
    """The issue's case, at the defaults: 32 spectators from one address, the 33rd refused."""
    with server(db) as srv, ExitStack() as stack:
        t = table(srv)
        for _ in range(32):
            stack.callback(spectate(srv, t).close)
        assert refused(srv, t)
        assert not refused(srv, t, source="127.0.0.2")  # another address is still welcome


def test_the_per_address_cap_frees_a_place_when_a_connection_goes(db: Db) -> None:
    with server(db, "--max-ws-per-address", "2") as srv:
        t = table(srv)
        a, b = spectate(srv, t), spectate(srv, t)
        assert refused(srv, t)
        a.close()
        for _ in range(50):  # the server learns of the close a moment later
            if not refused(srv, t):
                break
            time.sleep(0.05)
        else:
            pytest.fail("the closed connection's place was not freed")
        b.close()


def test_a_table_takes_at_most_its_cap_of_connections(db: Db) -> None:
    with server(db, "--max-ws-per-table", "3", "--max-ws-per-address", "0") as srv, ExitStack() as stack:
        t, other = table(srv), table(srv)
        for i in range(3):
            stack.callback(spectate(srv, t, source=f"127.0.3.{i + 1}").close)
        assert refused(srv, t, source="127.0.3.9")
        stack.callback(spectate(srv, other, source="127.0.3.9").close)  # another table is not full


def test_the_total_cap_counts_every_websocket(db: Db) -> None:
    with server(db, "--max-connections", "3", "--max-ws-per-address", "0") as srv, ExitStack() as stack:
        tables = [table(srv) for _ in range(4)]
        for i in range(3):
            stack.callback(spectate(srv, tables[i], source=f"127.0.4.{i + 1}").close)
        assert refused(srv, tables[3], source="127.0.4.9")


def test_a_cap_of_zero_is_no_cap(db: Db) -> None:
    with server(db, "--max-ws-per-address", "0") as srv, ExitStack() as stack:
        t = table(srv)
        for _ in range(40):
            stack.callback(spectate(srv, t).close)
        assert not refused(srv, t)
