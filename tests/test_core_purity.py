"""The core (``liars``, :mod:`liars.core`, :mod:`liars.rng`, :mod:`liars.games`) imports only the
standard library, as its docstring and the README say: a researcher can vendor it, and a game
runs where nothing else is installed.  Checked in a fresh interpreter that plays every game at
every player count through the public API (views, legal actions, saves and ``liars.load``)."""

from __future__ import annotations

import json
import subprocess
import sys

PLAY = """
import json, sys
before = set(sys.modules)  # the interpreter's own start (site, .pth hooks such as setuptools')
import liars
for gid in liars.GAME_IDS:
    info = liars.game_class(gid).info
    for n in range(info.min_players, info.max_players + 1):
        game = liars.make(gid, players=n, seed=n)
        state = game.new_game()
        steps = 0
        while not state.over and steps < 400:
            seat = state.to_act[0]
            state.view(seat)
            state.act(seat, state.legal_actions(seat)[steps % len(state.legal_actions(seat))])
            steps += 1
        liars.load(state.to_json())
print(json.dumps(sorted(set(sys.modules) - before)))
"""

CORE = ("liars", "liars.core", "liars.rng", "liars.games")


def test_the_core_loads_only_the_standard_library_and_itself() -> None:
    """What playing loads beyond the interpreter's start: the core's modules and the standard
    library's, nothing else (numpy, rich, a bot or an edge would show here)."""
    done = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout)
    ours = [m for m in loaded if m.split(".")[0] == "liars"]
    assert "liars.games.love_letter" in ours and "liars.games.cheat" in ours  # the games did run
    assert [m for m in ours if not m.startswith(CORE) or m.startswith(("liars.core_", "liars.rng_"))] == []
    others = {m.split(".")[0] for m in loaded} - {"liars", "__main__"}
    assert sorted(others - set(sys.stdlib_module_names) - set(sys.builtin_module_names)) == []
