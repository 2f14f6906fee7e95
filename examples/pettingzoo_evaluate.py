"""Evaluate a rule read off the observation vector against random play (PettingZoo AEC loop).

player_0 calls "liar" when the bid to beat asks for more dice than it can
see plus a third of the hidden ones, else makes the lowest legal bid;
player_1 plays uniformly at random.  Two players, one die each.

    .venv/bin/python examples/pettingzoo_evaluate.py [--games 2000]
"""

from __future__ import annotations

import argparse
import random
from typing import cast

import numpy as np

from liars.rl.enc_liars_dice import DiceEncoder
from liars.rl.pettingzoo import env

ap = argparse.ArgumentParser(description="a rule against random play, two players, one die each")
ap.add_argument("--games", type=int, default=2000)
GAMES = ap.parse_args().games
e = env("liars-dice", players=2, seed=0, dice=1)
encoder = cast(DiceEncoder, e.encoder)  # liars-dice's encoder
at = encoder.offsets
rng = random.Random(0)
wins = 0
for _ in range(GAMES):
    e.reset()
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        if term or trunc:
            wins += agent == "player_0" and reward > 0
            e.step(None)
            continue
        assert obs is not None  # last() observes unless told not to
        legal = np.flatnonzero(obs["action_mask"])
        if agent == "player_1":
            e.step(int(rng.choice(legal)))
            continue
        x = obs["observation"]
        bid = np.flatnonzero(x[at["bid"] : at["bid"] + encoder.bids])
        if bid.size:
            quantity, face = divmod(int(bid[0]), 6)
            mine = x[at["my_dice"] + face]  # 1 if my die shows that face
            e.step(0 if quantity + 1 > mine + 1 / 3 else int(legal[1]))
        else:
            e.step(int(legal[0]))
print(f"rule vs random: won {wins} of {GAMES} ({wins / GAMES:.0%})")
