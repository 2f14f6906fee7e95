"""PettingZoo AEC environments for every game: ``liars.rl.pettingzoo.env("liars-dice", players=2)``.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers).  The agent to act
is always the engine's ``to_act[0]``, so a challenge window appears as the
turns of the asked agents, one after another.  Observations are
``{"observation": float32 vector, "action_mask": int8 vector}``; the vector is
computed from ``state.view(seat)`` alone (layout: ``docs/rl.md``).  Rewards
come at the end only (:func:`liars.rl.base.rewards`: winners share +1, the
others share -1).  An illegal action raises :class:`liars.IllegalAction` and
changes nothing: mask your policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import IllegalAction, State, make
from . import NAMES, VERSION, encoder
from .base import Mask, Obs, Tails, action_id, rewards

ObsDict = dict[str, Obs | Mask]


class FinalObservation(dict[str, Obs | Mask]):
    """A dead agent's observation of a finished game, built from its seat's view when first read.

    When a game ends, every agent takes one dead step, and ``last()`` hands it
    the observation of the final position first; most loops never read it
    (they step ``None``), yet building it (a view, the vector, the mask) cost
    0.6 of a live step's observation per step of a one-die game.  A finished
    game never changes, so building it on the first read gives exactly what
    building it at once gives.  It is a ``dict`` in everything one can do
    with it: any read, write, comparison, copy or pickling builds it first
    (and a copy or a pickle is a plain ``dict``).
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[], ObsDict]) -> None:
        # No dict.__init__: dict.__new__ has made it empty already (one call less, twice a game).
        self._make: Callable[[], ObsDict] | None = make

    def _fill(self) -> None:
        make = self._make
        if make is not None:
            self._make = None
            dict.update(self, make())

    def __reduce__(self) -> tuple[type[dict[str, Obs | Mask]], tuple[dict[str, Obs | Mask]]]:
        self._fill()
        return (dict, (dict(self.items()),))

    def __copy__(self) -> ObsDict:
        self._fill()
        return dict(self.items())

    def __deepcopy__(self, memo: dict[int, Any]) -> ObsDict:
        self._fill()
        return {k: v.copy() for k, v in self.items()}


def _filled_first(name: str) -> Callable[..., Any]:
    """``dict``'s own method ``name``, after building the observation (see :class:`FinalObservation`)."""
    method = getattr(dict, name)

    def call(self: FinalObservation, *args: Any, **kwargs: Any) -> Any:
        self._fill()
        for other in args:  # dict's C code reads another FinalObservation's storage directly (==, |)
            if type(other) is FinalObservation:
                other._fill()
        return method(self, *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


# Every dict method that reads or writes (setting a dunder on the class also sets its slot, so
# len(), ==, in and iteration come here; {**obs} and dict(obs) call keys() since __iter__ is ours).
for _name in (
    "__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__reversed__", "__len__",
    "__eq__", "__ne__", "__repr__", "__or__", "__ror__", "__ior__", "get", "keys", "values", "items",
    "copy", "pop", "popitem", "setdefault", "update", "clear",
):  # fmt: skip
    setattr(FinalObservation, _name, _filled_first(_name))


class LiarsEnv(AECEnv):
    """One game of ours as an AEC environment; a new deal (seed) on every ``reset``.

    ``seed`` seeds the sequence of deals: ``reset(seed=s)`` restarts it, so
    equal seeds give equal games.  ``max_steps`` (optional) truncates long
    games (cheat can run long under random play).  ``actions`` is passed to
    the encoder (cheat: ``"abstract"`` or ``"engine"``).
    """

    metadata = {"render_modes": ["ansi"], "name": "liars_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str = "liars-dice",
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        actions: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            # 0 or less once truncated every game after its first move
            raise ValueError(f"max_steps must be None or a whole number of at least 1, not {max_steps!r}")
        self.game = make(game_id, players=players, seed=0, **options)
        self.encoder = encoder(self.game) if actions is None else encoder(self.game, actions=actions)
        self.metadata = {**self.metadata, "name": f"{NAMES[game_id][0]}_v{VERSION}"}
        self.render_mode = render_mode
        self.max_steps = max_steps
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._zeros: dict[str, float] = dict.fromkeys(self.possible_agents, 0.0)
        self._falses: dict[str, bool] = dict.fromkeys(self.possible_agents, False)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.state_: State | None = None
        self._tails = Tails(self.encoder.tail)  # the views of this game, read a new history entry once
        self.steps = 0
        self._first_dead = ""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_obj(self) -> State:
        """The engine state (for tests and tools, never for agents: it holds every secret)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state_ = state = self.game.new_game(seed=self._seeds.getrandbits(63))
        if self.encoder.tail != 0:  # a follower that keeps no entry keeps nothing at all: it is reused
            self._tails = Tails(self.encoder.tail)
        self.steps = 0
        agents = self.possible_agents
        self.agents = agents[:]
        # Copies of dicts built once (a C copy each, where dict.fromkeys walks the agents).
        zeros, falses = self._zeros, self._falses
        self.rewards = zeros.copy()
        self._cumulative_rewards = zeros.copy()
        self.terminations = falses.copy()
        self.truncations = falses.copy()
        infos: dict[str, dict[str, Any]] = {}
        for a in agents:  # a loop, not a comprehension: no frame of its own (Python 3.11)
            infos[a] = {}
        self.infos = infos
        self.agent_selection = agents[state.to_act[0]]

    def observe(self, agent: str) -> ObsDict:
        state = self.state_
        if state is None:
            raise RuntimeError("call reset() first")
        return self._observe(state, self._tails, self.agent_seat[agent])

    def _observe(self, state: State, tails: Tails, seat: int) -> ObsDict:
        enc = self.encoder
        view = tails.view(state, seat)  # the seat's view, with the history entries the encoder reads
        return {"observation": enc.observe_of(view, state), "action_mask": enc.mask(state, seat)}

    def last(self, observe: bool = True) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, without its assert and with one lookup of the agent: it runs every step.

        Once the game is over (the agents' dead steps) the observation is a
        :class:`FinalObservation` of this game, built from the seat's view
        when it is first read, even after ``reset`` (the game and its
        follower of views are kept with it).
        """
        agent = self.agent_selection
        obs: ObsDict | None = None
        if observe:
            state = self.state_
            if state is None:
                raise RuntimeError("call reset() first")
            if state.over:
                obs = self._final(state, self._tails, self.agent_seat[agent])
            else:
                obs = self._observe(state, self._tails, self.agent_seat[agent])  # observe(agent), inlined
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _final(self, state: State, tails: Tails, seat: int) -> FinalObservation:
        """``seat``'s observation of the finished game ``state``, built when first read.

        A method of its own, so that :meth:`last` has no closure: the
        variables a lambda captures become cells, made at every call of the
        function that holds it, live steps included.
        """
        return FinalObservation(lambda: self._observe(state, tails, seat))

    def _was_dead_step(self, action: int | None) -> None:
        """PettingZoo's dead step, for this env where every agent's game ends at once.

        The same result as the base class's (the next dead agent is
        selected, and after the last one the first that died), without its
        scan of every agent at every dead step.  With :meth:`last`, 2 to 8 %
        fewer instructions a step (``bench/rl_instructions.py``).
        """
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        if len(self.agents) == len(self.possible_agents):
            self._first_dead = agent
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        self.agent_selection = self.agents[0] if self.agents else self._first_dead
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(
                f"{agent} must act: None is only for agents whose game is over",
                code="must_act",
                params={"agent": str(agent)},
            )
        state = self.state_
        if state is None:  # not reachable: agents exist only after reset()
            raise RuntimeError("call reset() first")
        if type(action) is not int:  # the call only when needed: this is every step's path
            action = action_id(action)
        self.encoder.apply(state, self.agent_seat[agent], action)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if state.over:
            for a, r in zip(self.possible_agents, rewards(state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            # Rewards are all 0 until the end, so there is nothing to accumulate.
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[state.to_act[0]]
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.state_obj
        v = state.view(None)
        shown = {k: v[k] for k in v if k not in ("history", "options", "game")}
        return f"{self.game.id} step {self.steps}: {shown}"

    def close(self) -> None:
        pass


def env(
    game_id: str = "liars-dice",
    players: int | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> LiarsEnv:
    """An AEC environment of ``game_id`` (``options``: the game's options, ``max_steps``, ``actions``)."""
    return LiarsEnv(game_id, players=players, seed=seed, render_mode=render_mode, **options)


def raw_env(**kwargs: Any) -> LiarsEnv:
    """PettingZoo's usual name for the unwrapped environment (ours needs no wrappers)."""
    return LiarsEnv(**kwargs)
