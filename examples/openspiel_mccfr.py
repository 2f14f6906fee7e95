"""OpenSpiel's outcome-sampling MCCFR on two-player Liar's Dice with one die, then play it.

Full-tree CFR works too (``cfr.CFRSolver``) but walks ~10^6 Python states per
iteration; sampling keeps this example to seconds.

    .venv/bin/python examples/openspiel_mccfr.py [--iterations 5000] [--games 500]
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import liars.rl.openspiel  # noqa: F401  (registers python_liars_dice & co.)

ap = argparse.ArgumentParser(description="outcome-sampling MCCFR on python_liars_dice, then play it")
ap.add_argument("--iterations", type=int, default=5000)
ap.add_argument("--games", type=int, default=500)
args = ap.parse_args()
# rolloff=False: the opener is one chance node, not the roll-off's throws (which every
# information state would carry, splitting each some thirty ways for nothing)
game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 1, "rolloff": False})
np.random.seed(0)  # the solver samples with numpy's global generator: seeded, the run repeats
solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
for _ in range(args.iterations):
    solver.iteration()
policy = solver.average_policy()

rng = np.random.default_rng(0)
total = 0.0
for game_no in range(args.games):
    learner = game_no % 2
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == learner:
            probs = policy.action_probabilities(state)
            actions = list(probs)
            p = np.array([probs[a] for a in actions])
            state.apply_action(int(rng.choice(actions, p=p / p.sum())))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    total += state.returns()[learner]
print(
    f"MCCFR ({args.iterations} iterations) vs uniform random, {args.games} games:"
    f" mean return {total / args.games:+.2f} (-1..+1)"
)
