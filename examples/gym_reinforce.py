"""Train a masked linear softmax policy with REINFORCE on liars/LiarsDice-v0 against random bots.

Numpy only, to stay small; any masked learner (e.g. sb3-contrib's
MaskablePPO with ``info["action_mask"]``) plugs into the same environment.

    .venv/bin/python examples/gym_reinforce.py [--episodes 3000] [--games 500]
"""

from __future__ import annotations

import argparse
from typing import cast

import gymnasium
import numpy as np
from gymnasium import spaces

import liars.rl.gym  # noqa: F401  (registers liars/*-v0)

ap = argparse.ArgumentParser(description="REINFORCE on liars/LiarsDice-v0 against random bots")
ap.add_argument("--episodes", type=int, default=3000)
ap.add_argument("--games", type=int, default=500, help="evaluation games before and after")
args = ap.parse_args()
env = gymnasium.make("liars/LiarsDice-v0", players=2, dice=1, opponents="random")
n_obs = cast(spaces.Box, env.observation_space).shape[0]
n_act = cast(spaces.Discrete, env.action_space).n
weights: np.ndarray = np.zeros((n_obs, n_act))
rng = np.random.default_rng(0)


def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits: np.ndarray = obs @ weights
    logits[mask == 0] = -np.inf
    p = np.exp(logits - logits.max())
    probabilities: np.ndarray = p / p.sum()
    return probabilities


def evaluate(episodes: int) -> float:
    won = 0
    for i in range(episodes):
        obs, info = env.reset(seed=10**6 + i)
        done = False
        while not done:
            a = int(np.argmax(policy(obs, info["action_mask"])))
            obs, reward, done, _, info = env.step(a)
        won += cast(float, reward) > 0
    return won / episodes


print(
    f"before training: wins {evaluate(args.games):.0%} of {args.games}"
    " (greedy on zero weights: liar, else the lowest bid)"
)
for episode in range(args.episodes):
    obs, info = env.reset(seed=episode)
    steps, done = [], False
    while not done:
        p = policy(obs, info["action_mask"])
        a = int(rng.choice(n_act, p=p))
        steps.append((obs, a, p))
        obs, reward, done, _, info = env.step(a)
    for o, a, p in steps:  # grad of log softmax: onehot(a) - p
        g = -p
        g[a] += 1.0
        weights += 0.05 * cast(float, reward) * np.outer(o, g)
print(f"after {args.episodes} episodes: wins {evaluate(args.games):.0%} of {args.games}")
