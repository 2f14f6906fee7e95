"""Train sb3-contrib's MaskablePPO on liars/LiarsDice-v0 against random bots, then evaluate it.

Needs the ``train`` extra (PyTorch and sb3-contrib).  MaskablePPO reads the
mask from the env's ``action_masks()`` (the same array as ``info["action_mask"]``);
the env is made with ``illegal="raise"``, so one unmasked action would stop the run.

    .venv/bin/python examples/ppo_liars_dice.py --timesteps 20000
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import liars.rl.gym  # noqa: F401  (registers liars/*-v0)

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--timesteps", type=int, default=20000, help="training steps (our seat's moves)")
parser.add_argument("--games", type=int, default=1000, help="games for each evaluation")
parser.add_argument("--dice", type=int, default=1, help="dice per player (two players)")
parser.add_argument("--seed", type=int, default=0)
args = parser.parse_args()
torch.set_num_threads(1)  # a 64x64 MLP: one thread is as fast, and the machine is shared


def make_env() -> gymnasium.Env[Any, Any]:
    kw = {"players": 2, "dice": args.dice, "opponents": "random", "illegal": "raise"}
    return gymnasium.make("liars/LiarsDice-v0", **kw)


def win_rate(choose: Callable[[np.ndarray, np.ndarray], int]) -> float:
    """Share of the evaluation games won by ``choose(obs, mask) -> action`` (seeds 10**6 + i)."""
    env, won = make_env(), 0
    for i in range(args.games):
        obs, info = env.reset(seed=10**6 + i)
        done = False
        while not done:
            obs, reward, done, _, info = env.step(choose(obs, info["action_mask"]))
        won += float(reward) > 0
    games: int = args.games
    return won / games


rng = np.random.default_rng(args.seed)
model = MaskablePPO("MlpPolicy", make_env(), seed=args.seed, verbose=0)


def random_legal(obs: np.ndarray, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def ppo(obs: np.ndarray, mask: np.ndarray) -> int:
    return int(model.predict(obs, action_masks=mask, deterministic=True)[0])


print(f"random legal moves: win rate {win_rate(random_legal):.3f} over {args.games} games")
print(f"MaskablePPO untrained: win rate {win_rate(ppo):.3f}")
model.learn(total_timesteps=args.timesteps)
print(f"MaskablePPO after {model.num_timesteps} steps: win rate {win_rate(ppo):.3f}")
