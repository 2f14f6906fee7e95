"""What a browser must not be made to do for another site: the Origin check, JSON-only writes, headers.

A seat token lives in the player's browser, so another site open in the same
browser must not be able to play for them:

* a WebSocket opened from a page of another origin is refused before it is
  accepted (the handshake answers 403).  The default allow-list is the server's
  own origin, as the request's ``Host`` names it; ``liars serve --allow-origin``
  adds more (a web app served from elsewhere).  A client that sends no Origin
  (``liars bot``, scripts) is not a browser page and is served;
* a write (``POST``) must be ``application/json``: a cross-site form or a
  ``text/plain`` fetch cannot send that without the CORS preflight this server
  never grants, so no other page can create tables or take seats in the
  player's name.  A ``POST`` that names a foreign Origin is refused too;
* every HTTP answer carries a Content-Security-Policy (scripts, styles and
  connections from this origin only, no framing), ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` (an
  invite link in a page's address must not travel to another site).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")
READS = ("GET", "HEAD", "OPTIONS")

# The web app: its own scripts and styles (style *attributes* too: the table places each seat
# with CSS variables in a style attribute), images from itself or data: URLs (the icons and the
# invite's QR code), connections to itself (the WebSocket's ws:/wss: forms are named per
# request, as CSP 2 browsers do not count them as 'self'), nothing framed, framing or plugged in.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'{ws}; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", ()):
        if k == name:
            return str(v.decode("latin-1"))
    return None


def _netloc(origin: str) -> str | None:
    """``host[:port]`` of an Origin (``scheme://host[:port]``), lower-cased; None if it is none."""
    scheme, sep, rest = origin.partition("://")
    if not sep or scheme.lower() not in ("http", "https") or "/" in rest or not rest:
        return None
    return rest.lower()


class Guard:
    """ASGI middleware: the Origin allow-list, JSON-only writes and the security headers."""

    def __init__(self, app: ASGIApp, allow_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {o.strip().rstrip("/").lower() for o in allow_origins if o.strip()}

    def origin_ok(self, scope: Scope) -> bool:
        """No Origin (not a browser page), the server's own (the Host it was asked as), or listed."""
        origin = _header(scope, b"origin")
        if origin is None:
            return True
        if origin.rstrip("/").lower() in self.allowed:
            return True
        host = _header(scope, b"host")
        netloc = _netloc(origin)
        return netloc is not None and host is not None and netloc == host.lower()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not self.origin_ok(scope):
                await send({"type": "websocket.close", "code": 4403})  # before accept: HTTP 403
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        ws = f" ws://{host} wss://{host}" if host and HOST.match(host) else ""
        headers = [
            (b"content-security-policy", CSP.format(ws=ws).encode()),
            (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        if scope.get("method", "GET") not in READS:
            refusal = self._refuse_write(scope)
            if refusal is not None:
                await refusal(scope, receive, send_with_headers)
                return
        await self.app(scope, receive, send_with_headers)

    def _refuse_write(self, scope: Scope) -> JSONResponse | None:
        if not self.origin_ok(scope):
            return _error("forbidden", "writes from another site's pages are refused", 403)
        kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if kind != "application/json":
            return _error("bad_request", "a request body must be application/json", 415)
        return None


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "params": {}, "message": message}}, status_code=status)
