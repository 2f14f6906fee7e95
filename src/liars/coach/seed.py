"""The coach's seed: one number drawn from the view itself, so the same view gets the same coaching.

The strong bots the coach asks (and the Liegen lie odds, which sample hands)
take a seed; deriving it from the whole view (its canonical JSON, hashed)
makes every answer reproducible, in another process or on another machine,
while two different positions still get independent draws.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any


def view_seed(view: Mapping[str, Any]) -> int:
    """A 63-bit seed from the view's canonical JSON (sorted keys): equal views, equal seeds."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
