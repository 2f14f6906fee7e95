"""Instructions per PettingZoo step, counted by valgrind: an A/B of source trees that CPU steal cannot move.

Wall-clock figures on a shared virtual machine move by tens of percent from
run to run (``top`` shows the hypervisor's steal); an instruction count does
not.  For each game, the random masked AEC loop of ``bench/rl.py`` runs for
a fixed number of agent steps under ``valgrind --tool=callgrind``, once for
1 step and once for ``1 + steps``: the difference over ``steps`` is the cost
of a step, start-up excluded.  Card games are truncated at 400 steps an
episode (``max_steps``) so that every tree plays the same prefix of the same
games.  Each ``--tree`` is a checkout whose ``src`` is put first on the path,
e.g. an older commit::

    git worktree add /tmp/old <commit>
    .venv/bin/python bench/rl_instructions.py --tree /tmp/old --tree .

``--games engine+view1,openspiel`` adds the loops the targets compare with (``OTHERS``):
the engine with the seat's tail view and OpenSpiel's ``rl_environment``, counted the same
way, so the ratios are all instructions.  Needs Debian's ``valgrind``.  Slow: about a
minute per game and tree.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

LOOP = r"""
import random, sys
import numpy as np
game, steps = sys.argv[1], int(sys.argv[2])
rng = random.Random(0)
n = 0
if game.startswith("engine"):  # bench/rl.py's engine+tail view: the engine's ids and the seat's view
    import liars
    g = liars.make("liars-dice", players=2, seed=1, dice=int(game[len("engine+view"):]))
    i = 0
    while n < steps:
        s = g.new_game(seed=i)
        i += 1
        while not s.over and n < steps:
            s.view(s.to_act[0], since=2**62)
            s.act_id(rng.choice(s.legal_ids()))
            n += 1
elif game == "openspiel":  # bench/rl.py's openspiel rl_env: OpenSpiel's own RL loop on pyspiel's game
    import pyspiel
    from open_spiel.python import rl_environment
    e = rl_environment.Environment(pyspiel.load_game("liars_dice", {"players": 2, "numdice": 1}))
    while n < steps:
        ts = e.reset()
        while not ts.last() and n < steps:
            obs = ts.observations
            ts = e.step([rng.choice(obs["legal_actions"][obs["current_player"]])])
            n += 1
else:
    from liars.rl.pettingzoo import env
    dice = {"dice1": {"players": 2, "dice": 1}, "dice5": {"players": 2, "dice": 5}}
    kw = dice.get(game, {"players": 4, "max_steps": 400})
    e = env("liars-dice" if game.startswith("dice") else game, seed=1, **kw)
    while n < steps:
        e.reset()
        while e.agents and n < steps:
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                n += 1
"""

GAMES = ("dice1", "dice5", "cheat", "liegen", "love-letter")
#: Loops that are not our PettingZoo env, for the ratios of the targets (``--games`` names them):
#: ``engine+view1`` / ``engine+view5`` the engine's integer path with the seat's tail view every
#: step (one / five dice), ``openspiel`` OpenSpiel's ``rl_environment`` on pyspiel's one-die game.
OTHERS = ("engine+view1", "engine+view5", "openspiel")


def count(tree: Path, game: str, steps: int) -> int:
    """Instructions of the whole process for ``steps`` agent steps of ``game`` with ``tree``'s source."""
    # A fixed hash seed: with string hashing randomized per process, set and dict
    # orders (and so the counts) move by a few percent between runs.
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            LOOP,
            game,
            str(steps),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(out.stderr[-2000:])
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", action="append", type=Path, help="a source tree (repeat); default: this one")
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--games", default=",".join(GAMES), help=f"of {', '.join(GAMES + OTHERS)}")
    args = ap.parse_args()
    trees = args.tree or [Path(__file__).resolve().parent.parent]
    print(f"{'game':<14}" + "".join(f"{t!s:>22}" for t in trees))
    found: dict[str, float] = {}
    for game in args.games.split(","):
        per_step = [(count(t, game, 1 + args.steps) - count(t, game, 1)) / args.steps for t in trees]
        cells = "".join(f"{p:>22,.0f}" for p in per_step)
        ratio = f"   {per_step[-1] / per_step[0]:.2f}x" if len(per_step) > 1 else ""
        print(f"{game:<14}{cells}{ratio}")
        found[game] = per_step[-1]
    # The targets' ratios (the last tree's counts), when their loops were run.
    for d in (1, 5):
        if f"dice{d}" in found and f"engine+view{d}" in found:
            speed = found[f"dice{d}"] / found[f"engine+view{d}"]
            print(f"dice={d}: pettingzoo / engine+tail view {speed:.2f}x")
    if "dice1" in found and "openspiel" in found:
        print(f"dice=1: pettingzoo speed / openspiel rl_env {found['openspiel'] / found['dice1']:.2f}")


if __name__ == "__main__":
    main()
