"""Where other devices reach ``liars serve``: what its first lines say and what the page is told."""

from __future__ import annotations

import httpx
import pytest

from liars.commands.serve import started
from liars.server import create_app
from liars.server.addresses import network_addresses, share_origins
from liars.terminal import i18n

from ..threaded import ThreadedUvicorn


def test_a_server_on_this_machine_only_shares_no_address() -> None:
    for host in ("127.0.0.1", "127.0.1.1", "localhost", "::1"):
        assert share_origins(host, 8000) == ()


def test_a_server_on_every_interface_shares_this_machines_network_addresses() -> None:
    got = share_origins("0.0.0.0", 8123)
    assert got == tuple(f"http://{a}:8123" for a in network_addresses())
    assert all(not o.startswith(("http://127.", "http://0.")) for o in got)


def test_a_chosen_address_or_name_is_shared_as_written() -> None:
    assert share_origins("10.1.2.3", 80) == ("http://10.1.2.3:80",)
    assert share_origins("gamebox.local", 8000) == ("http://gamebox.local:8000",)


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_the_first_lines_say_where_to_open_it_and_whether_others_can(lang: str) -> None:
    """``liars server on http://127.0.0.1:8000`` was all it said, in English: nothing told the host
    that the phones around the table could not open it."""
    i18n.use(lang)
    local = started("127.0.0.1", 8000, "sqlite+aiosqlite:///x", share_origins("127.0.0.1", 8000)).splitlines()
    assert local[0] == i18n._("liars server: open {url} (database {db})").format(
        url="http://127.0.0.1:8000/", db="sqlite+aiosqlite"
    )
    assert "liars serve --host 0.0.0.0 --port 8000" in local[1]
    shared = started("10.1.2.3", 8000, "sqlite+aiosqlite:///x", share_origins("10.1.2.3", 8000)).splitlines()
    assert shared == [
        i18n._("liars server: open {url} (database {db})").format(
            url="http://10.1.2.3:8000/", db="sqlite+aiosqlite"
        )
    ]
    i18n.use("en")


def test_the_page_is_told_the_shared_addresses(tmp_path: object) -> None:
    app = create_app(f"sqlite+aiosqlite:///{tmp_path}/x.sqlite3", share_origins=("http://10.1.2.3:8000",))
    srv = ThreadedUvicorn(app)
    try:
        got = httpx.get(f"{srv.url}/api/defaults", timeout=10).json()
        assert got["share_origins"] == ["http://10.1.2.3:8000"]
    finally:
        srv.stop()
