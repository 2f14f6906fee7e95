"""Recovery: a table rebuilt from its log, and a table dropped when memory may be ahead of it.

The log is the truth.  Replaying it (the same seed, the same actions) gives
the same game; it also tells where the challenge window open at its end began
(the seq and the wall-clock time of the commit that opened it), so that the
window reopens with the deadline it had, and when the last action was
committed, so that a turn timer does too.  If anything goes wrong between the
engine taking an action and the store committing it, the table is *broken*:
every connection is told to reconnect and closed, the copy leaves memory, and
the next access replays the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from liars.core import Game, State

from .frames import dumps
from .store import ActionRow


@dataclass
class Replayed:
    state: State
    seq: int  # actions in the log
    reopen: tuple[int, float | None] | None  # the open window's first seq and its commit's time
    last_at: float | None  # when the last action was committed (wall clock; None: unknown)


def replay(game: Game, seed: int, actions: Sequence[ActionRow]) -> Replayed:
    """The game at the end of ``actions``; the live rules of the window driver say where its window began.

    An answer in a window that is not the engine's pass (a call) closes that window;
    a window opens after the action that left the engine's ``window`` non-empty.
    """
    state = game.new_game(seed=seed)
    opened: tuple[int, float | None] | None = None
    for a in actions:
        called = bool(state.window) and a.seat in state.window and a.action != state.window_pass().to_json()
        state.act(a.seat, a.action)
        if called or not state.window:
            opened = None
        if state.window and opened is None:
            opened = (a.n + 1, a.at)
    return Replayed(state, len(actions), opened, actions[-1].at if actions else None)


RELOAD_NOTICE = dumps(
    {
        "type": "error",
        "code": "internal",
        "params": {},
        "message": "the table is being reloaded; reconnect",
        "ref": None,
    }
)
