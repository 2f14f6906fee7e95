"""Gymnasium single-agent environments: you play one seat, built-in bots play the others.

``gymnasium.make("liars/LiarsDice-v0", players=2, opponents="random")`` after
``import liars.rl.gym`` (which registers ``liars/LiarsDice-v0``,
``liars/Cheat-v0``, ``liars/Liegen-v0``, ``liars/LoveLetter-v0`` and
``liars/LiarsDicePoker-v0``: one per game in :data:`liars.rl.NAMES`).

The observation is the encoder's vector of your seat's view (``docs/rl.md``);
the action mask is ``info["action_mask"]``, and ``env.unwrapped.action_masks()``
returns the same array (the method sb3-contrib's ``MaskablePPO`` looks for).
The reward comes at the end: +1 shared among the winners, -1 shared among the
others.  An illegal action (which ``check_env`` and unmasked policies will
send) ends the episode as a loss with ``info["illegal_action"]`` saying why;
the game itself is not changed by it, and a further ``step`` is refused until
``reset``.  ``illegal="raise"`` raises :class:`liars.IllegalAction` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, checked_act
from ..bots import levels as bot_levels
from ..bots import make as make_bot
from ..core import IllegalAction, State, make
from . import NAMES, VERSION, encoder
from .base import Mask, Obs, Tails, action_id, rewards


class LiarsGymEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a game against bots; a new deal on every ``reset``.

    ``seat``: the seat you play (``None``: a random seat each episode).
    ``opponents``: a bot level (``"random"``, ``"basic"``, ``"strong"``) for
    every other seat, or one level per other seat in seat order.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game_id: str = "liars-dice",
        players: int | None = None,
        seat: int | None = 0,
        opponents: str | Sequence[str] = "random",
        illegal: str = "lose",
        render_mode: str | None = None,
        actions: str | None = None,
        **options: Any,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = make(game_id, players=players, seed=0, **options)
        self.encoder = encoder(self.game) if actions is None else encoder(self.game, actions=actions)
        n = self.game.players
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"seat must be None or a seat 0..{n - 1}, not {seat!r}")
        levels = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != n - 1:
            raise ValueError(f"opponents: one level for each of the {n - 1} other seats, not {len(levels)}")
        known = bot_levels(game_id)
        for level in levels:  # checked here, not at the first reset(), where a typo used to surface
            if level not in known:
                raise ValueError(f"opponents: no {level!r} bot for {game_id!r}; levels: {', '.join(known)}")
        self.levels = levels
        self.fixed_seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.spec_name = f"liars/{NAMES[game_id][1]}-v{VERSION}"
        self.seat = 0 if seat is None else seat
        self.state: State | None = None
        self._tails = Tails(self.encoder.tail)
        self._bot_views = Tails(None)  # the bots' whole views, each history entry read from the engine once
        self.bots: dict[int, Bot] = {}
        self._mask: Mask | None = None
        self._lost = False  # this episode ended on an illegal action of ours

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    def _obs(self) -> tuple[Obs, dict[str, Any]]:
        state = self._state()
        self._mask = self.encoder.mask(state, self.seat)
        view = self._tails.view(state, self.seat)  # with only the history entries the encoder reads
        return self.encoder.observe(view), {"action_mask": self._mask}

    def action_masks(self) -> Mask:
        """The mask of the last observation, ``info["action_mask"]`` (what ``MaskablePPO`` calls)."""
        if self._mask is None:
            raise RuntimeError("call reset() first")
        return self._mask

    def _play_bots(self) -> None:
        """Let the bots act until it is our seat's turn or the game is over.

        Each bot gets its seat's whole view, as ``state.view(s)`` gives it, but
        through a :class:`Tails` follower that asks the engine only for the
        entries new since that seat's last turn: a full view decodes the whole
        history, and a long Liegen game (thousands of entries, several bots
        acting per step of ours) spent nearly all its time there, a minute and
        more per episode.
        """
        state = self._state()
        views = self._bot_views
        while not state.over and state.to_act[0] != self.seat:
            s = state.to_act[0]
            legal = state.legal_actions(s)
            action = checked_act(self.bots[s], f"bot@{s}", views.view(state, s), legal, self.game)
            state.act(s, action)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        n = self.game.players
        if self.fixed_seat is None:
            self.seat = int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self.bots = {
            s: make_bot(level, self.game.id, seed=int(rng.integers(2**62)))
            for s, level in zip(others, self.levels, strict=True)
        }
        self.state = self.game.new_game(seed=int(rng.integers(2**62)))
        self._tails = Tails(self.encoder.tail)
        self._bot_views = Tails(None)
        self._lost = False
        self._play_bots()
        obs, info = self._obs()
        info["seat"] = self.seat
        return obs, info

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.over or self._lost:  # lost by an illegal action: the game is not over, the episode is
            raise IllegalAction("the episode is over: call reset()", code="episode_over")
        try:
            self.encoder.apply(state, self.seat, action_id(action))
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            obs, info = self._obs()
            info["illegal_action"] = str(exc)
            info["action_mask"] = self._mask = np.zeros_like(info["action_mask"])
            self._lost = True
            return obs, -1.0, True, False, info
        self._play_bots()
        obs, info = self._obs()
        reward = rewards(state)[self.seat] if state.over else 0.0
        if state.over:
            info["winners"] = list(state.winners)
        return obs, reward, state.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        v = self.state.view(self.seat)
        return (
            f"{self.game.id} seat {self.seat}: { ({k: v[k] for k in v if k not in ('history', 'options')}) }"
        )


def register() -> None:
    """Register ``liars/<Game>-v0`` for every game with an encoder (idempotent)."""
    for game_id, (_, name) in NAMES.items():
        env_id = f"liars/{name}-v{VERSION}"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="liars.rl.gym:LiarsGymEnv", kwargs={"game_id": game_id})


register()
