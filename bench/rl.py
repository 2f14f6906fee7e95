"""RL environment throughput: our PettingZoo AEC env against OpenSpiel's liars_dice, in the same run.

Steps per second of uniformly random masked play, two players:

* ``pettingzoo``: ``env.last()`` (observation vector and mask from the
  seat's view) then ``env.step(a)``, as an RL loop runs it;
* ``engine ids``: the raw engine's integer path (``legal_ids`` / ``act_id``),
  no observation at all: the floor the wrapper is measured against;
* ``engine+view``: the raw engine plus a full ``state.view(seat)`` every
  step (what the wrapper read before views had ``since``), and ``engine+tail
  view`` with ``since`` past the end (no history entries): the view the
  wrapper asks for now, the part of an observation it cannot skip;
* ``aec floor``: an AEC environment with no game in it (two agents take
  turns, three steps an episode, as a random one-die game roughly lasts, a
  constant observation and mask, the leanest methods we could write),
  driven by the same loop: what PettingZoo's API and the driver's masked
  sampling cost by themselves, a floor no AEC environment written in Python
  goes below; with the engine's own step added it bounds what any Python
  AEC environment over our engine can reach (``floor+engine bound``);
* ``driver only``: the same loop's masked sampling (``np.flatnonzero`` of a
  mask, ``random.choice``) with no environment at all: what is left for an
  environment's whole step, compiled or not, to match pyspiel's loop;
* ``openspiel``: pyspiel's C++ ``liars_dice`` through its Python API
  (``legal_actions`` / ``apply_action``, chance sampled by the driver), and
  ``openspiel+obs`` which also reads ``observation_tensor()`` every step;
* ``openspiel rl_env``: the same C++ game through OpenSpiel's own RL API,
  ``open_spiel.python.rl_environment.Environment`` (``reset`` / ``step``,
  random legal actions from its time steps): the like-for-like comparison
  with an RL loop over our AEC environment, since both hand the agent an
  observation vector and its legal actions at every step.

OpenSpiel's liars_dice is one round (a call ends the game), so the dice
figures use ``dice=1`` for both (then ours is one round too) and ``dice=5``
for ours alone.  Rounds alternate between the drivers so load elsewhere on
the machine hits all alike; the report gives the median of the rounds.

    .venv/bin/python bench/rl.py [--rounds 5] [--seconds 1.0] [--clock cpu] [--targets]

``paired`` lines give each target's ratio per round (the two loops ran
seconds apart), their median and range: the figure to read when the
machine's speed drifts between rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from pettingzoo import AECEnv

import liars
from liars.rl.pettingzoo import env

#: The clock the drivers run against: wall time, or with ``--clock cpu`` this process's CPU
#: time (``time.process_time``), which other processes' load moves less.
CLOCK: list[Callable[[], float]] = [time.perf_counter]

#: ``since`` past any history's end: the view without history entries, as the
#: dice encoder asks for it (it reads none).
NO_HISTORY = 2**62


def aec_loop(e: AECEnv) -> Callable[[float], int]:
    """Random masked play through an AEC environment, as an RL loop runs it; counts agents' steps."""

    def run(seconds: float) -> int:
        rng = random.Random(0)
        steps = 0
        end = CLOCK[0]() + seconds
        while CLOCK[0]() < end:
            e.reset()
            while e.agents:
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                else:
                    e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                    steps += 1
        return steps

    return run


def pettingzoo(dice: int) -> Callable[[float], int]:
    return aec_loop(env("liars-dice", players=2, seed=1, dice=dice))


class FloorEnv(AECEnv):  # type: ignore[misc]
    """No game: agents alternate, every episode ends after ``length`` steps (see ``aec floor``).

    As lean as an AEC environment gets: ``last`` returns constant objects
    without calling ``observe``, ``step`` only flips a string and counts,
    and the dicts of a finished episode are built as literals.  What is
    left is the protocol's own method calls and the driver's masked
    sampling, which any Python AEC environment pays on top of its game.
    """

    metadata = {"name": "floor_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, length: int = 3) -> None:
        super().__init__()
        self.length = length
        self.possible_agents = ["player_0", "player_1"]
        self.obs = {"observation": np.zeros(78, np.float32), "action_mask": np.ones(14, np.int8)}

    def observe(self, agent: str) -> dict[str, Any]:
        return self.obs

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        a = self.agent_selection
        return (
            self.obs,
            self._cumulative_rewards[a],
            self.terminations[a],
            self.truncations[a],
            self.infos[a],
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = ["player_0", "player_1"]
        self.rewards = {"player_0": 0.0, "player_1": 0.0}
        self._cumulative_rewards = {"player_0": 0.0, "player_1": 0.0}
        self.terminations = {"player_0": False, "player_1": False}
        self.truncations = {"player_0": False, "player_1": False}
        self.infos: dict[str, dict[str, Any]] = {"player_0": {}, "player_1": {}}
        self.agent_selection = "player_0"
        self.steps = 0

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self.steps += 1
        if self.steps >= self.length:
            self.rewards = {"player_0": 1.0, "player_1": -1.0}
            self._cumulative_rewards = {"player_0": 1.0, "player_1": -1.0}
            self.terminations = {"player_0": True, "player_1": True}
        else:
            self.agent_selection = "player_1" if agent == "player_0" else "player_0"


def driver_only() -> Callable[[float], int]:
    """The driver's own share of a step: masked sampling from a numpy mask, and its loop, with no env."""

    def run(seconds: float) -> int:
        rng = random.Random(0)
        mask = np.ones(14, np.int8)
        steps = 0
        end = CLOCK[0]() + seconds
        while CLOCK[0]() < end:
            for _ in range(3):
                rng.choice(np.flatnonzero(mask).tolist())
                steps += 1
        return steps

    return run


def aec_floor() -> Callable[[float], int]:
    return aec_loop(FloorEnv())


def engine(dice: int, view: bool, since: int = 0) -> Callable[[float], int]:
    game = liars.make("liars-dice", players=2, seed=1, dice=dice)

    def run(seconds: float) -> int:
        rng = random.Random(0)
        steps = i = 0
        end = CLOCK[0]() + seconds
        while CLOCK[0]() < end:
            s = game.new_game(seed=i)
            i += 1
            while not s.over:
                if view:
                    s.view(s.to_act[0], since=since)
                s.act_id(rng.choice(s.legal_ids()))
                steps += 1
        return steps

    return run


def openspiel(dice: int, obs: bool) -> Callable[[float], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("liars_dice", {"players": 2, "numdice": dice})

    def run(seconds: float) -> int:
        rng = random.Random(0)
        steps = 0
        end = CLOCK[0]() + seconds
        while CLOCK[0]() < end:
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.choice(s.chance_outcomes())[0])
                else:
                    if obs:
                        s.observation_tensor(s.current_player())
                    s.apply_action(rng.choice(s.legal_actions()))
                    steps += 1
        return steps

    return run


def openspiel_rl(dice: int) -> Callable[[float], int] | None:
    try:
        import pyspiel
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    e = rl_environment.Environment(pyspiel.load_game("liars_dice", {"players": 2, "numdice": dice}))

    def run(seconds: float) -> int:
        rng = random.Random(0)
        steps = 0
        end = CLOCK[0]() + seconds
        while CLOCK[0]() < end:
            ts = e.reset()
            while not ts.last():
                obs = ts.observations
                ts = e.step([rng.choice(obs["legal_actions"][obs["current_player"]])])
                steps += 1
        return steps

    return run


#: The loops the targets compare (``--targets`` runs only these).
TARGET_LOOPS = (
    "pettingzoo dice=1",
    "engine+tail view dice=1",
    "openspiel rl_env dice=1",
    "pettingzoo dice=5",
    "engine+tail view dice=5",
)


def paired(rates: dict[str, list[float]]) -> None:
    """The targets' ratios round by round: loops of one round ran within seconds of each other.

    The machine's speed drifts between rounds (other load, the host's CPU
    time), by more than the effects measured; a ratio of two loops of the
    same round cancels most of that drift, where a ratio of two medians over
    all rounds does not.  Reported: the median of the per-round ratios and
    their range.
    """
    pairs = [
        ("dice=1: wrapper overhead vs engine+tail view", "engine+tail view dice=1", "pettingzoo dice=1"),
        ("dice=5: wrapper overhead vs engine+tail view", "engine+tail view dice=5", "pettingzoo dice=5"),
        ("dice=1: pettingzoo / openspiel rl_env", "pettingzoo dice=1", "openspiel rl_env dice=1"),
    ]
    for label, top, bottom in pairs:
        if top in rates and bottom in rates:
            ratios = sorted(a / b for a, b in zip(rates[top], rates[bottom], strict=True))
            print(
                f"paired, {label}: median {statistics.median(ratios):.2f} "
                f"(rounds {ratios[0]:.2f} to {ratios[-1]:.2f}, {len(ratios)} rounds)"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="steps per second of which time")
    ap.add_argument("--targets", action="store_true", help="only the loops the issue's targets compare")
    args = ap.parse_args()
    if args.clock == "cpu":
        CLOCK[0] = time.process_time
    drivers: dict[str, Callable[[float], int] | None] = {
        "pettingzoo dice=1": pettingzoo(1),
        "engine ids dice=1": engine(1, view=False),
        "engine+view dice=1": engine(1, view=True),
        "engine+tail view dice=1": engine(1, view=True, since=NO_HISTORY),
        "aec floor": aec_floor(),
        "driver only": driver_only(),
        "openspiel dice=1": openspiel(1, obs=False),
        "openspiel+obs dice=1": openspiel(1, obs=True),
        "openspiel rl_env dice=1": openspiel_rl(1),
        "pettingzoo dice=5": pettingzoo(5),
        "engine ids dice=5": engine(5, view=False),
        "engine+view dice=5": engine(5, view=True),
        "engine+tail view dice=5": engine(5, view=True, since=NO_HISTORY),
    }
    if args.targets:
        drivers = {k: v for k, v in drivers.items() if k in TARGET_LOOPS}
    rates: dict[str, list[float]] = {k: [] for k, v in drivers.items() if v is not None}
    for _ in range(args.rounds):
        for name, run in drivers.items():
            if run is not None:
                rates[name].append(run(args.seconds) / args.seconds)
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"{'driver (2 players)':<26}{'steps/s (median)':>18}")
    for name, r in med.items():
        print(f"{name:<26}{r:>18,.0f}")
    paired(rates)
    if args.targets:
        return
    for d in (1, 5):
        pz = med[f"pettingzoo dice={d}"]
        print(
            f"dice={d}: wrapper overhead vs engine ids {med[f'engine ids dice={d}'] / pz:.1f}x, "
            f"vs engine+view {med[f'engine+view dice={d}'] / pz:.1f}x, "
            f"vs engine+tail view {med[f'engine+tail view dice={d}'] / pz:.1f}x"
        )
    if "openspiel dice=1" in med:
        pz = med["pettingzoo dice=1"]
        print(
            f"dice=1: pettingzoo / openspiel {pz / med['openspiel dice=1']:.2f}, "
            f"/ openspiel+obs {pz / med['openspiel+obs dice=1']:.2f}"
        )
    if "openspiel rl_env dice=1" in med:
        ratio = med["pettingzoo dice=1"] / med["openspiel rl_env dice=1"]
        print(f"dice=1: pettingzoo / openspiel rl_env {ratio:.2f}")
    # A step of any Python AEC env over our engine costs at least the floor's step plus the
    # engine's: these bound what the targets could reach, observations costing nothing.
    floor, ids = med["aec floor"], med["engine ids dice=1"]
    bound = 1.0 / (1.0 / floor + 1.0 / ids)
    print(f"dice=1: floor+engine bound {bound:,.0f} steps/s, its overhead vs engine ids {ids / bound:.1f}x")
    if "openspiel dice=1" in med:
        print(f"aec floor / openspiel dice=1 {floor / med['openspiel dice=1']:.2f}")
        print(f"floor+engine bound / openspiel dice=1 {bound / med['openspiel dice=1']:.2f}")
        budget = 1e6 / med["openspiel dice=1"] - 1e6 / med["driver only"]
        print(f"an env matching openspiel dice=1 has {budget:.2f} us a step beside the driver's sampling")


if __name__ == "__main__":
    main()
