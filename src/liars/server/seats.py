"""Seats and their tokens: who sits where, and who may claim a seat held for a rematch.

A seat token is a long random secret given once to the player who takes the
seat; the database keeps only its hash, and a token is compared with
:func:`hmac.compare_digest` so that timing tells nothing of the stored hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .refusals import TableError

# settings keys never shown to anybody: a rematch's reservations, an unlisted table's invite secret
PRIVATE_SETTINGS = ("reserved", "reserved_until", "invite")


@dataclass
class Seat:
    index: int
    kind: str  # "human" or "bot"
    level: str | None
    name: str | None
    token_hash: str | None
    conns: int = 0
    away: bool = False  # a human seat played by a stand-in bot until its player comes back

    @property
    def free(self) -> bool:
        """A human seat nobody has taken yet."""
        return self.kind == "human" and self.token_hash is None

    @property
    def botted(self) -> bool:
        """Played by a bot: a bot seat, or a human seat whose player is away."""
        return self.kind == "bot" or self.away


def typeable_secret(nbytes: int) -> str:
    """A URL-safe random string that never begins with ``-``.

    Table ids and tokens are typed on command lines (``liars bot --table ID --token T``), where a
    leading ``-`` reads as an option and the command refuses its own table: one id in 64 did.
    """
    while True:
        out = secrets.token_urlsafe(nbytes)
        if not out.startswith("-"):
            return out


def new_table_id() -> str:
    """A new table's id (16 characters)."""
    return typeable_secret(12)


def new_token() -> tuple[str, str]:
    """A seat token (a long random secret) and its hash, which is all the database keeps."""
    token = typeable_secret(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_for_token(seats: Sequence[Seat], token: str) -> int | None:
    """The seat ``token`` holds, or None."""
    h = hash_token(token)
    for s in seats:
        if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
            return s.index
    return None


def reserved(settings: Mapping[str, Any]) -> dict[int, str]:
    """Seats held for a rematch's players (seat -> the token hash that may claim it).

    A rematch table's seats belong to the old table's players until each claims theirs
    (with their own token) or declines, or ``reserved_until`` (wall-clock seconds) passes:
    a stranger who read the new table's id from the old table's news cannot take them.
    """
    held = settings.get("reserved") or {}
    if not held or time.time() >= float(settings.get("reserved_until") or 0):
        return {}
    return {int(k): str(v) for k, v in held.items()}


def reserved_for(held: Mapping[int, str], token_hash: str) -> int | None:
    """The seat of ``held`` reserved for ``token_hash``, or None."""
    return next((i for i, h in held.items() if hmac.compare_digest(h, token_hash)), None)


def new_invite() -> str:
    """An unlisted table's invite secret: with the id, what the invite link carries (``#k=``)."""
    return typeable_secret(12)


def check_invite(settings: Mapping[str, Any], key: str | None) -> None:
    """Refuse a join of an unlisted table without its invite secret (403 ``invite_required``)
    or with another one (403 ``bad_invite``).

    A table's id travels in screenshots, logs and the lobby's links of old: alone it must
    not take the seat a host kept for a friend.  Listed tables, and tables made before
    invite secrets (no ``invite`` in their settings), are open to anyone with the id.
    """
    secret = settings.get("invite")
    if settings.get("listed") or not secret:
        return
    if key is None:
        raise TableError("invite_required", "this table is for the invited only: send its invite secret", 403)
    if not hmac.compare_digest(key.encode(), str(secret).encode()):
        raise TableError("bad_invite", "this invite secret is not this table's", 403)


def public_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The table's settings without the rematch's reservations (token hashes) or the invite secret.

    ``invite_required`` says (never what the secret is) whether a join needs one, as
    :func:`check_invite` decides: the page tells a visitor without it at once, and a table made
    before invite secrets, unlisted but open to anyone with its id, is not refused by mistake.
    """
    public = {k: v for k, v in settings.items() if k not in PRIVATE_SETTINGS}
    public["invite_required"] = bool(not settings.get("listed") and settings.get("invite"))
    return public
