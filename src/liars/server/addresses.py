"""Where other devices reach this server: the addresses an invite link should carry.

Why: a family plays from their own phones.  The host opens ``http://127.0.0.1:8000/``, and an
invite link or QR code made from that page's address sends every phone to itself.  When the
server listens on the network (``liars serve --host 0.0.0.0``), the page builds its invite
links from this machine's network address instead; when it listens on this machine only,
the page says that the link works only here, and how to open the server to the network.
"""

from __future__ import annotations

import ipaddress
import socket
from contextlib import suppress

EVERY_INTERFACE = ("0.0.0.0", "::", "")  # the hosts that listen on every network of this machine
_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): a UDP connect picks a route and sends nothing


def share_origins(host: str, port: int) -> tuple[str, ...]:
    """The ``http://address:port`` origins at which other devices can open a server on ``host``.

    Empty for a loopback host (this machine only).  For every interface (``0.0.0.0``), this
    machine's own IPv4 addresses on its networks, the one its default route uses first.
    A named or specific host is taken as it is written.
    """
    if host in EVERY_INTERFACE:
        addresses = network_addresses()
    else:
        try:
            if ipaddress.ip_address(host).is_loopback:
                return ()
        except ValueError:  # a name ("gamebox.local"): the person chose it for others to use
            if host.lower() == "localhost":
                return ()
        addresses = [host]
    return tuple(f"http://{_bracketed(a)}:{port}" for a in addresses)


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses other devices can reach (not loopback), best first."""
    found: list[str] = []
    # no route at all (no network): the host name's addresses may still do
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)
        found.append(probe.getsockname()[0])
    with suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return [a for a in dict.fromkeys(found) if _reachable(a)]


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address else address
