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

# settings keys that hold a rematch's reservations: never shown to anybody
PRIVATE_SETTINGS = ("reserved", "reserved_until")


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


def new_token() -> tuple[str, str]:
    """A seat token (a long random secret) and its hash, which is all the database keeps."""
    token = secrets.token_urlsafe(32)
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


def public_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The table's settings without the rematch's reservations (token hashes)."""
    return {k: v for k, v in settings.items() if k not in PRIVATE_SETTINGS}
