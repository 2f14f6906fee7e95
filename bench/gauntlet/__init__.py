"""The gauntlet: opponents of several styles per game, written apart from the shipped bots.

Why: a bot tuned against our own ``basic`` loses to the first stranger.  These
opponents are deliberately *not* the levels in ``liars.bots``; they never
import that package, and they play only from the seat's view and the legal
actions, as any user's bot would.  ``bench/strength.py --gauntlet`` plays the
shipped levels against each style, and against mixed tables, at every player
count a game allows.

Each game's module (``bench/gauntlet/<game id with _>.py``) defines
``STYLES``: a style name -> a bot class built as ``Cls(game_id=..., seed=...)``.
In the arena a style is the spec ``gauntlet.<module>:<Class>`` (``bench/`` on
``sys.path``).
"""

from __future__ import annotations

import importlib
from typing import Any

GAMES = ("liars-dice", "cheat", "liegen", "love-letter", "liars-dice-poker")


def module_name(game_id: str) -> str:
    return "gauntlet." + game_id.replace("-", "_")


def styles(game_id: str) -> dict[str, Any]:
    """A game's styles: name -> class (an empty dict for a game without a gauntlet yet)."""
    try:
        mod = importlib.import_module(module_name(game_id))
    except ModuleNotFoundError:
        return {}
    return dict(mod.STYLES)


def spec(game_id: str, style: str) -> str:
    """The arena spec of one style (``gauntlet.liars_dice:Honest``)."""
    return f"{module_name(game_id)}:{styles(game_id)[style].__name__}"
