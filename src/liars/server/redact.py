"""Seat tokens and invite secrets never reach a log: a filter on the server's loggers blanks them.

A token is the whole of a seat's secret, and logs are kept, shipped and read by
more people than the players.  Current clients send it in the first WebSocket
message (``?auth=1``), never in a URL, but an older one may still put
``?token=`` in the address, which uvicorn logs at ``--log-level info``
(``"WebSocket /ws/tables/X?token=..."``) and any proxy in front would too.
So every record of the server's and uvicorn's loggers is rewritten with its
tokens blanked, whatever the message (a URL's query, a JSON body quoted in an
error).  An unlisted table's invite secret is blanked the same way (``"key": "..."`` in a
join's body, ``#k=`` of an invite link quoted anywhere), though browsers never send a
link's fragment.
"""

from __future__ import annotations

import logging
import re

TOKEN = re.compile(r"(token=|#k=)[^&\s\"']+|(\"(?:token|key|invite)\"\s*:\s*\")[^\"]*", re.IGNORECASE)
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "liars.server", "liars.client")


def redact(text: str) -> str:
    """``text`` with every ``token=...``, ``#k=...`` and ``"token"``/``"key"``/``"invite"`` value blanked."""
    return TOKEN.sub(lambda m: (m.group(1) or m.group(2)) + "[redacted]", text)


class RedactTokens(logging.Filter):
    """Rewrites a record's message with its tokens blanked (it never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


def install() -> None:
    """Put the filter on each logger that may see a request's address or body (once each).

    Filters on a logger see only the records logged to it by name (not those its children
    pass up), so each of uvicorn's loggers gets its own.
    """
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
