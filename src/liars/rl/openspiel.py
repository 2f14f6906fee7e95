"""OpenSpiel games over the engine: ``pyspiel.load_game("python_liars_dice", {"players": 2})``.

Importing this module registers ``python_<name>`` for every game with an RL
encoder (:data:`liars.rl.NAMES`).  Parameters are ``players`` and the game's
options; a nullable whole-number option's "none" is ``min - 1`` (pyspiel has
no None: Cheat's ``max_cards`` 0 means no limit).

Chance is explicit, because OpenSpiel's algorithms must see it, and it is the
engine's own: the state is driven by :class:`liars.chance.Explicit`, so every
draw the engine makes (the deal, a new round's dice, a reshuffle) is a run of
chance nodes, one per atomic outcome (a die, a card of the arrangement, a
draw among ``m``), before anybody sees it.  Nothing here knows a game's deal,
and no saved field is edited: the engine plays the outcomes chosen.

A game ends by its declared length: ``max_game_length`` is the engine's
action bound (:func:`liars.bots.action_bound`, the drivers' own stop), and a
game that reaches it, chance nodes included, is terminal with 0 for every
seat, as the arena reports an unfinished game.

Information-state strings are the seat's engine view as canonical JSON, so two
are equal exactly when the views are (the views carry the whole history:
perfect recall).  Observation tensors are the encoders' vectors
(``docs/rl.md``); games with a perfect-recall encoder
(:func:`liars.rl.recall_encoder`) also have an information-state tensor.
Rewards: winners share +1, the others share -1 (zero-sum).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from ..bots import action_bound
from ..chance import Explicit, Start
from ..core import JSON, Game, GameConfigError, IllegalAction, State, make
from . import NAMES, SPIEL_PARAMS, SPIEL_START, encoder, recall_encoder
from .base import Encoder, Obs, Tails, rewards


def _unsupported(detail: str) -> GameConfigError:
    return GameConfigError(detail, code="rl_unsupported", params={"detail": detail})


def _none_value(game: Game, name: str) -> int | None:
    """What stands for ``None`` in OpenSpiel's parameters of a nullable whole-number option."""
    option = game.info.option_map[name]
    if option.kind != "int" or not option.nullable:
        return None
    return (option.min if option.min is not None else 0) - 1


def _engine_options(game_id: str, params: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    probe = make(game_id, seed=0)
    opts = {k: v for k, v in params.items() if k != "players"}
    for name, value in opts.items():
        if name in probe.info.option_map and value is not None and value == _none_value(probe, name):
            opts[name] = None
    return int(params["players"]), opts


def _chance_bound(engine: Game, start: Start | None = None, moves: int = 400) -> int:
    """The most outcomes one chance node has: those of the deal and of a random game's later draws.

    Every later draw of our games re-deals the same deck or rolls the same
    dice, so one seeded game of ``moves`` moves sees every kind there is.
    """
    rng = random.Random(0)
    x = Explicit.deal(engine, start=start)
    most = engine.players
    for _ in range(moves):
        outcomes = x.chance_outcomes()
        if outcomes is not None:
            event = x.event
            most = max(most, event.m if event is not None else 0)
            x.apply_chance(rng.choice(outcomes)[0])
            continue
        state = x.state
        if state.over:
            break
        x.act_id(rng.choice(list(state.legal_ids())))
    return most


class Kit:
    """What every state of one configured game shares: engine game, encoders, bounds.

    OpenSpiel clones a Python state by deep-copying its attributes; a kit is
    configuration, so a copy is the kit itself.
    """

    def __init__(self, game_id: str, params: Mapping[str, Any]) -> None:
        params = dict(params)
        self.start: Start | None = None
        if game_id in SPIEL_START:  # the game's other start, when its parameter says so
            name, start = SPIEL_START[game_id]
            if not params.pop(name, True):
                self.start = start
        players, opts = _engine_options(game_id, params)
        self.game_id = game_id
        self.engine = make(game_id, players=players, seed=0, **opts)
        self.encoder = encoder(self.engine)
        self.recall: Encoder | None = recall_encoder(self.engine)
        self.bound = action_bound(self.engine)
        self.max_outcomes = _chance_bound(self.engine, self.start)
        self.names: dict[int, str] = {}  # action strings: OpenSpiel asks for every legal one, often

    def __deepcopy__(self, memo: dict[int, Any]) -> Kit:
        return self


class Box:
    """Holds the game (an :class:`~liars.chance.Explicit`): OpenSpiel's deep copy is the engine's ``clone``.

    It also keeps what was derived from the state's views: OpenSpiel asks for
    the strings and tensors of every player at every step.  ``views`` and
    ``strings`` are this position's, emptied by :meth:`changed` whenever the
    state moves on.  ``tails`` (the history entries the encoders read) and
    ``texts`` (each seat's history as canonical JSON text, in chunks) are
    kept across moves and copies: an entry never changes once it is in a
    view, so each is decoded and written once per game rather than once per
    step, which made long games quadratic.  They outlive a chance event in
    the middle of a game (a new round's roll): the game goes on, and so does
    its history.
    """

    def __init__(
        self,
        x: Explicit,
        tails: dict[int | None, Tails] | None = None,
        texts: dict[int, tuple[int, int, tuple[str, ...]]] | None = None,
    ) -> None:
        self.x = x
        self.views: dict[tuple[int | None, int | None], JSON] = {}
        self.strings: dict[int, str] = {}
        self.tails: dict[int | None, Tails] = {} if tails is None else tails
        self.texts: dict[int, tuple[int, int, tuple[str, ...]]] = {} if texts is None else texts

    def view(self, seat: int | None, keep: int | None = None, whole: bool = True) -> JSON:
        """``seat``'s view; with ``whole=False`` only its last ``keep`` history entries (all if ``None``)."""
        key = (seat, keep) if not whole else (seat, -1)
        v = self.views.get(key)
        if v is None:
            if whole:
                v = self.state.view(seat)
            else:
                tails = self.tails.get(keep)
                if tails is None:
                    tails = self.tails[keep] = Tails(keep)
                v = tails.view(self.state, seat)
            self.views[key] = v
        return v

    def info_string(self, seat: int) -> str:
        """The full view of ``seat`` as canonical JSON, its history from the text kept so far."""
        out = self.strings.get(seat)
        if out is not None:
            return out
        epoch, done, chunks = self.texts.get(seat, (0, 0, ()))
        v = self.state.view(seat, since=done)
        n = v["history_len"]
        if v["history_epoch"] != epoch:  # the history started again (a new Liegen round)
            chunks = ()
            v = self.state.view(seat)
        if v["history"]:
            chunks = _add_chunk(chunks, ",".join(map(_CANONICAL.encode, v["history"])))
        self.texts[seat] = (v["history_epoch"], n, chunks)
        out = self.strings[seat] = canonical(v, chunks)
        return out

    @property
    def state(self) -> State:
        """The engine state (refused while a chance event is open)."""
        return self.x.state

    def changed(self) -> None:
        self.views.clear()
        self.strings.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> Box:
        return Box(self.x.clone(), {k: t.copy() for k, t in self.tails.items()}, dict(self.texts))


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def _add_chunk(chunks: tuple[str, ...], new: str) -> tuple[str, ...]:
    """Append ``new`` (comma-joined entries) to a history text kept in chunks.

    A chunk no longer than the newcomer is merged into it first, as in a
    binary counter: there are few chunks (about log2 of the entries) and each
    character is copied a few times over the game, where keeping one string
    copied all of it at every step.
    """
    out = list(chunks)
    while out and len(out[-1]) <= len(new):
        new = f"{out.pop()},{new}"
    out.append(new)
    return tuple(out)


def canonical(view: Mapping[str, Any], history: Sequence[str]) -> str:
    """The canonical JSON of ``view`` (sorted keys, compact) whose history is the text of ``history``.

    ``view["history"]`` itself is not read (it may be a tail): the keys
    before ``"history"`` in sorted order, then the history's chunks, then the
    rest, built by one join, exactly as
    ``json.dumps(full_view, sort_keys=True, separators=(",", ":"))``.
    """
    head = _CANONICAL.encode({k: v for k, v in view.items() if k < "history"})
    rest = _CANONICAL.encode({k: v for k, v in view.items() if k > "history"})
    parts = ["{", head[1:-1], "," if len(head) > 2 else "", '"history":[']
    for chunk in history:
        parts += (chunk, ",")
    if history:
        parts.pop()
    parts += ("]", "," if len(rest) > 2 else "", rest[1:-1], "}")
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Encoded:
    """The move of abstract id ``action`` for ``seat``, through the encoder (picklable, for OpenSpiel)."""

    encoder: Encoder
    seat: int
    action: int

    def __call__(self, state: State) -> None:
        self.encoder.apply(state, self.seat, self.action)


class SpielGame(pyspiel.Game):
    """One of our games as a Python OpenSpiel game (subclassed per game id below)."""

    game_id = ""
    game_type: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        full = {**self.game_type.parameter_specification, **(params or {})}
        self.kit = kit = Kit(self.game_id, full)
        info = pyspiel.GameInfo(
            num_distinct_actions=kit.encoder.num_actions,
            max_chance_outcomes=kit.max_outcomes,
            num_players=kit.engine.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=kit.bound,
        )
        super().__init__(self.game_type, info, full)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.kit)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        recall = bool(iig_obs_type is None or iig_obs_type.perfect_recall)
        return Observer(self.kit, recall)


class SpielState(pyspiel.State):
    """Chance nodes wherever the engine draws (:class:`liars.chance.Explicit`), the engine's turns between.

    ``count`` is the number of actions so far, chance included: at the
    game's bound the state is terminal.
    """

    def __init__(self, game: SpielGame, kit: Kit, explicit: Explicit | None = None) -> None:
        super().__init__(game)
        self.kit = kit
        if explicit is None:
            explicit = Explicit.deal(kit.engine, start=kit.start)
        self.box = Box(explicit)
        self.count = 0
        # __str__, written as moves are made: joining the whole history at every call was quadratic.
        self.text = f"{kit.game_id} "
        self.sep = ""

    @property
    def engine(self) -> State | None:
        """The engine state, ``None`` while chance is being drawn."""
        x = self.box.x
        return None if x.pending else x.state

    @property
    def cut(self) -> bool:
        """The game reached its declared length unfinished: terminal, a draw."""
        return self.count >= self.kit.bound

    # -- OpenSpiel API ----------------------------------------------------
    def current_player(self) -> int:
        engine = self.engine
        if self.cut or (engine is not None and engine.over):
            return int(pyspiel.PlayerId.TERMINAL)
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        return engine.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        if engine is None or self.cut:
            return []
        return sorted(self.kit.encoder.legal(engine, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.cut:
            return []
        return self.box.x.chance_outcomes() or []

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome or a player's id; a refused one (``IllegalAction``) changes nothing.

        The move is counted and written into ``str`` only once the engine has
        taken it: a refused try must not bring the game's cut nearer.
        """
        box = self.box
        x = box.x
        if x.pending:
            if self.cut:
                raise IllegalAction("the game is over (it reached its length)", code="game_over")
            x.apply_chance(action)
        else:
            engine = x.state
            if self.cut or engine.over:
                raise IllegalAction("the game is over", code="game_over")
            x.play(Encoded(self.kit.encoder, engine.to_act[0], action))
            box.changed()
        self.text += f"{self.sep}{action}"
        self.sep = " "
        self.count += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            x = self.box.x
            return x.label(action) if x.pending else f"chance {action}"
        names = self.kit.names
        name = names.get(action)
        if name is None:
            name = names[action] = self.kit.encoder.action_name(action)
        return name

    def is_terminal(self) -> bool:
        engine = self.engine
        return self.cut or (engine is not None and engine.over)

    def returns(self) -> list[float]:
        engine = self.engine
        if engine is None:
            return [0.0] * self.kit.engine.players
        return rewards(engine)

    def __str__(self) -> str:
        """Debug text: the moves so far (chance included), which fix the whole state.

        A state from :meth:`resample_from_infostate` starts from a line naming the
        seat and seed it was drawn with instead of the moves from the root.
        """
        return self.text

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> SpielState:
        """A state ``player_id`` cannot tell from this one, its hidden parts drawn afresh.

        For ISMCTS (``open_spiel/python/algorithms/ismcts.py``), which passes
        ``pyspiel.UniformProbabilitySampler(0., 1.)``: one call of the sampler
        (a uniform float in [0, 1)) gives the seed, so equal draws give equal
        states.  Only ``player_id``'s engine view is read, never the state's
        hidden parts: the engine's ``game.sample_state(view, rng)`` deals what
        the view cannot see (other cups or hands, the pile, the deck, the
        set-aside card) at random among the deals that agree with it, so the
        result's information-state string for ``player_id`` is this one's.
        The distribution is the engine's (uniform over what is consistent,
        not weighted by how likely the other seats' moves were).

        The result plays on like any state: moves, clones, strings, tensors,
        returns, and the engine's later draws (a new round's dice) as chance
        nodes.  It has no path from the root, so its OpenSpiel ``history()``
        is empty and it cannot be serialized.

        Refused (:class:`liars.GameConfigError`, a ``ValueError``, code
        ``rl_unsupported``) at chance nodes: while the engine draws (the deal,
        a new round's roll) there is no position yet, so the
        information-state string is a placeholder, not a seat's information.
        Also refused for a ``player_id`` that is not a seat.
        """
        box = self.box
        if box.x.pending:
            raise _unsupported("resample_from_infostate at a chance node (the engine's draw is not complete)")
        n = self.kit.engine.players
        if type(player_id) is not int or not 0 <= player_id < n:
            raise _unsupported(
                f"resample_from_infostate: player_id must be a seat 0..{n - 1}, not {player_id!r}"
            )
        u = float(probability_sampler())
        if not 0.0 <= u < 1.0:
            raise _unsupported(f"resample_from_infostate: the sampler gave {u!r}, not a number in [0, 1)")
        seed = int(u * 2**53)
        # A fresh full view: sample_state needs the whole history, and what it
        # builds must share no list with the views this state keeps.
        view = box.state.view(player_id)
        sampled = self.kit.engine.sample_state(view, random.Random(seed))
        out = SpielState(self.get_game(), self.kit, Explicit(sampled))
        # The seat's history is the same in both (that is the point), so the
        # result starts from the text of it already written here instead of
        # writing it again: search resamples at every simulation, and in a long
        # card game that text is most of the cost.
        box.info_string(player_id)
        out.box.texts[player_id] = box.texts[player_id]
        out.text = f"{self.kit.game_id} resampled for seat {player_id}, seed {seed}:"
        out.sep = " "
        return out

    def view(self, player: int, keep: int | None = None, whole: bool = True) -> dict[str, Any] | None:
        """``player``'s engine view at a decision point (shared: do not change it); ``None`` while dealing.

        ``whole=False``: only the last ``keep`` history entries (all if ``None``; see
        :class:`.base.Tails`), what the encoders read.
        """
        if self.box.x.pending:
            return None
        return self.box.view(player, keep, whole)

    def info_string(self, player: int) -> str | None:
        """``player``'s full view as canonical JSON at a decision point; ``None`` while dealing."""
        if self.box.x.pending:
            return None
        return self.box.info_string(player)


class Observer:
    """OpenSpiel's PyObserver: views as strings, encoder vectors as tensors."""

    def __init__(self, kit: Kit, recall: bool) -> None:
        self.recall = recall
        enc = kit.recall if recall and kit.recall is not None else kit.encoder
        self.enc = enc
        self.tensor: Obs = np.zeros(enc.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0.0)
        view = state.view(player, self.enc.tail, whole=False)
        if view is not None:
            self.enc.fill(view, self.tensor)

    def string_from(self, state: SpielState, player: int) -> str:
        if self.recall:
            text = state.info_string(player)
            return f"chance {state.count} seat {player}" if text is None else text
        view = state.view(player, 0, whole=False)
        if view is None:
            return f"chance {state.count} seat {player}"
        return _CANONICAL.encode({k: v for k, v in view.items() if k not in ("history", "history_len")})


def _spiel_value(game: Game, name: str, value: Any) -> Any:
    """An option's value as an OpenSpiel parameter (pyspiel has no None)."""
    if value is not None:
        return value
    none = _none_value(game, name)
    if none is None:
        raise _unsupported(f"{game.id}: option {name!r} defaults to none, which OpenSpiel cannot pass")
    return none


def _register(game_id: str) -> type[SpielGame]:
    probe = make(game_id, seed=0)
    name = NAMES[game_id][0]
    params: dict[str, Any] = {"players": probe.info.default_players}
    params.update({o.name: _spiel_value(probe, o.name, o.default) for o in probe.info.options})
    params.update(SPIEL_PARAMS.get(game_id, {}))
    if game_id in SPIEL_START:
        params[SPIEL_START[game_id][0]] = True
    has_recall_tensor = recall_encoder(make(game_id, seed=0, **SPIEL_PARAMS.get(game_id, {}))) is not None
    game_type = pyspiel.GameType(
        short_name=f"python_{name}",
        long_name=f"liars {probe.info.names['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=probe.info.max_players,
        min_num_players=probe.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=has_recall_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )
    cls = type(f"Spiel_{name}", (SpielGame,), {"game_id": game_id, "game_type": game_type})
    pyspiel.register_game(game_type, cls)
    return cls


GAMES: dict[str, type[SpielGame]] = {gid: _register(gid) for gid in NAMES}
