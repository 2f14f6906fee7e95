"""OpenSpiel games over the engine: ``pyspiel.load_game("python_liars_dice", {"players": 2})``.

Importing this module registers ``python_liars_dice``, ``python_cheat``,
``python_liegen`` and ``python_love_letter``.  Parameters are ``players``
and the game's options (``max_cards``: 0 means no limit).

Chance is explicit, because OpenSpiel's algorithms must see it: the deal (or
the dice, and the opener or starter) is drawn one outcome per chance node,
then the engine state is built from that exact deal with
``game.new_game(setup=...)``.  In Liar's Dice every later round's roll is also
a run of chance nodes (one per die), written into the engine's saved game
(the ``dice`` field of ``to_json``, reloaded with ``liars.load``): the engine
rolls the next round itself, and the adapter replaces that roll with the
chance outcomes before anybody sees it.  Liegen and Love Letter reshuffle for
every round of a match, so here they are single rounds (``target_wins`` 1).

Information-state strings are the seat's engine view as canonical JSON, so two
are equal exactly when the views are (the views carry the whole history:
perfect recall).  Observation tensors are the encoders' vectors
(``docs/rl.md``); Liar's Dice and Love Letter also have a perfect-recall
information-state tensor.  Rewards: winners share +1, the others share -1 (zero-sum).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..core import JSON, Game, GameConfigError, State, load, make
from . import NAMES, encoder
from .base import Encoder, Obs, Tails, rewards

RANKS = "A23456789TJQK"
SUITS = "CDHS"
CARDS52 = tuple(r + s for r in RANKS for s in SUITS)
#: Kjærlighetsbrev's 16 cards (seed 004): 1 K, 1 Q, 1 J, 2 T, 2 9, 2 8, 2 7, 3 6, 2 5.
LOVE_DECK = ("K", "Q", "J", "T", "T", "9", "9", "8", "8", "7", "7", "6", "6", "6", "5", "5")


class Dealer:
    """The opening chance of one game: maybe a seat draw, then ``count`` items from ``pool``.

    ``pool`` is a multiset of codes drawn without replacement, or ``None``
    for dice (faces 1-6 with replacement).  :meth:`setup` turns the outcomes
    into the engine's ``setup`` dict.
    """

    seat_draw = True

    def __init__(self, game: Game) -> None:
        self.game = game
        self.pool: tuple[str, ...] | None = None
        self.count = 0

    @property
    def distinct(self) -> tuple[str, ...]:
        if self.pool is None:
            return ("1", "2", "3", "4", "5", "6")
        return tuple(dict.fromkeys(self.pool))

    def outcomes(self, drawn: list[int]) -> list[tuple[int, float]]:
        """(outcome, probability) of the next chance node, ``drawn`` being the outcomes so far."""
        if self.seat_draw and not drawn:
            n = self.game.players
            return [(s, 1.0 / n) for s in range(n)]
        if self.pool is None:
            return [(f, 1.0 / 6) for f in range(6)]
        items = drawn[1:] if self.seat_draw else drawn
        codes = self.distinct
        left = {c: self.pool.count(c) for c in codes}
        for i in items:
            left[codes[i]] -= 1
        total = sum(left.values())
        return [(i, left[c] / total) for i, c in enumerate(codes) if left[c]]

    def complete(self, drawn: list[int]) -> bool:
        return len(drawn) == self.count + self.seat_draw

    def split(self, drawn: list[int]) -> tuple[int, list[str]]:
        seat = drawn[0] if self.seat_draw else -1
        codes = self.distinct
        return seat, [codes[i] for i in drawn[int(self.seat_draw) :]]

    def setup(self, drawn: list[int]) -> dict[str, Any]:
        raise NotImplementedError

    def max_outcomes(self) -> int:
        return max(self.game.players, len(self.distinct))


class DiceDealer(Dealer):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.count = game.players * game.options["dice"]

    def setup(self, drawn: list[int]) -> dict[str, Any]:
        opener, faces = self.split(drawn)
        d = self.game.options["dice"]
        dice = [int(f) for f in faces]
        return {
            "dice": [sorted(dice[s * d : (s + 1) * d]) for s in range(self.game.players)],
            "opener": opener,
        }


class CheatDealer(Dealer):
    """One card at a time from seat 0 (as the engine deals), then the starter; the first rank is A."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.pool = CARDS52
        self.count = 52

    def setup(self, drawn: list[int]) -> dict[str, Any]:
        starter, cards = self.split(drawn)
        n = self.game.players
        return {"hands": [cards[s::n] for s in range(n)], "starter": starter, "required_rank": "A"}


class LiegenDealer(Dealer):
    """The whole deck, one card at a time from the dealer's left (the option ``first_dealer``)."""

    seat_draw = False

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if game.options["target_wins"] != 1:
            raise GameConfigError(
                "python_liegen plays single rounds: target_wins must be 1",
                code="rl_unsupported",
                params={"detail": "python_liegen plays single rounds: target_wins must be 1"},
            )
        self.pool = CARDS52 + (("X", "X") if game.options["jokers"] else ())
        self.count = len(self.pool)

    def setup(self, drawn: list[int]) -> dict[str, Any]:
        _, cards = self.split(drawn)
        n = self.game.players
        dealer = self.game.options["first_dealer"] % n
        hands: list[list[str]] = [[] for _ in range(n)]
        for k, c in enumerate(cards):
            hands[(dealer + 1 + k) % n].append(c)
        return {"hands": hands, "dealer": dealer}


class LoveDealer(Dealer):
    """The starter, then the shuffled 16: one card per seat, one set aside, the rest the deck."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if game.options["target_wins"] != 1:
            raise GameConfigError(
                "python_love_letter plays single rounds: target_wins must be 1",
                code="rl_unsupported",
                params={"detail": "python_love_letter plays single rounds: target_wins must be 1"},
            )
        self.pool = LOVE_DECK
        self.count = 16

    def setup(self, drawn: list[int]) -> dict[str, Any]:
        starter, cards = self.split(drawn)
        n = self.game.players
        return {
            "hands": [[c] for c in cards[:n]],
            "set_aside": cards[n],
            "deck": cards[n + 1 :],
            "starter": starter,
        }


DEALERS: dict[str, type[Dealer]] = {
    "liars-dice": DiceDealer,
    "cheat": CheatDealer,
    "liegen": LiegenDealer,
    "love-letter": LoveDealer,
}
#: Defaults of the OpenSpiel parameters that differ from the engine's (pyspiel has no None).
PARAM_DEFAULTS: dict[str, dict[str, Any]] = {
    "cheat": {"max_cards": 0},
    "love-letter": {"target_wins": 1},
}


def _unsupported(detail: str) -> GameConfigError:
    return GameConfigError(detail, code="rl_unsupported", params={"detail": detail})


def _engine_options(game_id: str, params: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    opts = {k: v for k, v in params.items() if k != "players"}
    if game_id == "cheat" and opts.get("max_cards") == 0:
        opts["max_cards"] = None
    return int(params["players"]), opts


def _max_length(game: Game) -> int:
    """An upper bound on player actions for OpenSpiel (Cheat and Liegen: a generous cap, not a proof)."""
    if game.id == "liars-dice":
        n, d = game.players, int(game.options["dice"])
        return (6 * n * d + 1) * (n * d - 1)
    if game.id == "love-letter":
        return 16
    return 20000


class Kit:
    """What every state of one configured game shares: engine game, encoders, dealer.

    OpenSpiel clones a Python state by deep-copying its attributes; a kit is
    configuration, so a copy is the kit itself.
    """

    def __init__(self, game_id: str, params: Mapping[str, Any]) -> None:
        players, opts = _engine_options(game_id, params)
        self.game_id = game_id
        self.engine = make(game_id, players=players, seed=0, **opts)
        self.encoder = encoder(self.engine)
        self.dealer = DEALERS[game_id](self.engine)  # first: it refuses what OpenSpiel cannot play
        self.recall: Encoder | None = None
        if game_id == "liars-dice":
            from .enc_liars_dice import DiceRecallEncoder

            self.recall = DiceRecallEncoder(self.engine)
        elif game_id == "love-letter":
            from .enc_love_letter import LoveRecallEncoder

            self.recall = LoveRecallEncoder(self.engine)
        self.names: dict[int, str] = {}  # action strings: OpenSpiel asks for every legal one, often

    def __deepcopy__(self, memo: dict[int, Any]) -> Kit:
        return self


class Box:
    """Holds the engine state so that OpenSpiel's deep copy is the engine's own fast ``clone``.

    It also keeps what was derived from the state's views: OpenSpiel asks for
    the strings and tensors of every player at every step.  ``views`` and
    ``strings`` are this position's, emptied by :meth:`changed` whenever the
    state moves on.  ``tails`` (the history entries the encoders read) and
    ``texts`` (each seat's history as canonical JSON text, in chunks) are
    kept across moves and copies: an entry never changes once it is in a
    view, so each is decoded and written once per game rather than once per
    step, which made long games quadratic.
    """

    def __init__(
        self,
        state: State,
        tails: dict[int | None, Tails] | None = None,
        texts: dict[int, tuple[int, int, tuple[str, ...]]] | None = None,
    ) -> None:
        self.state = state
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

    def changed(self) -> None:
        self.views.clear()
        self.strings.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> Box:
        return Box(self.state.clone(), {k: t.copy() for k, t in self.tails.items()}, dict(self.texts))


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


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games as a Python OpenSpiel game (subclassed per game id below)."""

    game_id = ""
    game_type: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        full = {**self.game_type.parameter_specification, **(params or {})}
        self.kit = kit = Kit(self.game_id, full)
        info = pyspiel.GameInfo(
            num_distinct_actions=kit.encoder.num_actions,
            max_chance_outcomes=kit.dealer.max_outcomes(),
            num_players=kit.engine.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_length(kit.engine),
        )
        super().__init__(self.game_type, info, full)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.kit)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        recall = bool(iig_obs_type is None or iig_obs_type.perfect_recall)
        return Observer(self.kit, recall)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """Chance nodes while dealing (or re-rolling), then the engine state's own turns."""

    def __init__(self, game: SpielGame, kit: Kit) -> None:
        super().__init__(game)
        self.kit = kit
        self.box: Box | None = None
        self.drawn: list[int] = []
        self.reroll = 0  # liars-dice: dice still to roll for the round that just began
        self.round = 1
        # __str__, written as moves are made: joining the whole history at every call was quadratic.
        self.text = f"{kit.game_id} "
        self.sep = ""

    @property
    def engine(self) -> State | None:
        return None if self.box is None else self.box.state

    @engine.setter
    def engine(self, state: State) -> None:
        self.box = Box(state)

    # -- OpenSpiel API ----------------------------------------------------
    def current_player(self) -> int:
        if self.engine is None or self.reroll:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.engine.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine is None:
            return []
        return sorted(self.kit.encoder.legal(self.engine, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.reroll:
            return [(f, 1.0 / 6) for f in range(6)]
        return self.kit.dealer.outcomes(self.drawn)

    def _apply_action(self, action: int) -> None:
        self.text += f"{self.sep}{action}"
        self.sep = " "
        box = self.box
        if box is None:
            self.drawn.append(action)
            if self.kit.dealer.complete(self.drawn):
                self.engine = self.kit.engine.new_game(setup=self.kit.dealer.setup(self.drawn))
                self.drawn = []
            return
        if self.reroll:
            self.drawn.append(action)
            self.reroll -= 1
            if not self.reroll:
                self._write_dice()
            return
        box.changed()
        engine = box.state
        self.kit.encoder.apply(engine, engine.to_act[0], action)
        if self.kit.game_id == "liars-dice" and not engine.over:
            public = box.view(None, 0, whole=False)
            if public["round"] != self.round:
                self.round = public["round"]
                self.reroll = public["total_dice"]

    def _write_dice(self) -> None:
        """Put the chance outcomes under the cups of the round that just began (saved-game round trip)."""
        engine = self.engine
        if engine is None:
            raise RuntimeError("no round to roll for")
        data = json.loads(engine.to_json())
        data["state"]["dice"] = [f + 1 for f in self.drawn]
        old = self.box
        self.engine = load(json.dumps(data))
        if old is not None and self.box is not None:  # the finished rounds are the same: keep what was read
            self.box.tails, self.box.texts = old.tails, old.texts
        self.drawn = []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.reroll or (self.kit.dealer.pool is None and self.drawn):
                return f"die {action + 1}"
            if self.kit.dealer.seat_draw and not self.drawn:
                return f"first seat {action}"
            return f"card {self.kit.dealer.distinct[action]}"
        names = self.kit.names
        name = names.get(action)
        if name is None:
            name = names[action] = self.kit.encoder.action_name(action)
        return name

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.over and not self.reroll

    def returns(self) -> list[float]:
        if self.engine is None:
            return [0.0] * self.kit.engine.players
        return rewards(self.engine)

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
        returns, and in Liar's Dice the next rounds' rolls as chance nodes (its
        round counter is the view's).  It has no path from the root, so its
        OpenSpiel ``history()`` is empty and it cannot be serialized.

        Refused (:class:`liars.GameConfigError`, a ``ValueError``, code
        ``rl_unsupported``) at chance nodes: while dealing there is no engine
        state and no view yet, and while Liar's Dice rolls a new round the
        view would show dice the chance nodes are about to replace; either
        way the information-state string is a placeholder, not a seat's
        information.  Also refused for a ``player_id`` that is not a seat.
        """
        box = self.box
        if box is None or self.reroll:
            what = "the deal" if box is None else "the roll of a new round"
            raise _unsupported(f"resample_from_infostate at a chance node ({what} is not complete)")
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
        out = SpielState(self.get_game(), self.kit)
        out.engine = self.kit.engine.sample_state(view, random.Random(seed))
        # The seat's history is the same in both (that is the point), so the
        # result starts from the text of it already written here instead of
        # writing it again: search resamples at every simulation, and in a long
        # card game that text is most of the cost.
        box.info_string(player_id)
        if out.box is not None:
            out.box.texts[player_id] = box.texts[player_id]
        if self.kit.game_id == "liars-dice":
            out.round = view["round"]
        out.text = f"{self.kit.game_id} resampled for seat {player_id}, seed {seed}:"
        out.sep = " "
        return out

    def view(self, player: int, keep: int | None = None, whole: bool = True) -> dict[str, Any] | None:
        """``player``'s engine view at a decision point (shared: do not change it); ``None`` while dealing.

        ``whole=False``: only the last ``keep`` history entries (all if ``None``; see
        :class:`.base.Tails`), what the encoders read.
        """
        if self.box is None or self.reroll:
            return None
        return self.box.view(player, keep, whole)

    def info_string(self, player: int) -> str | None:
        """``player``'s full view as canonical JSON at a decision point; ``None`` while dealing."""
        if self.box is None or self.reroll:
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
            return f"chance {len(state.drawn)} seat {player}" if text is None else text
        view = state.view(player, 0, whole=False)
        if view is None:
            return f"chance {len(state.drawn)} seat {player}"
        return _CANONICAL.encode({k: v for k, v in view.items() if k not in ("history", "history_len")})


def _register(game_id: str) -> type[SpielGame]:
    probe = make(game_id, seed=0)
    name = NAMES[game_id][0]
    params: dict[str, Any] = {"players": probe.info.default_players}
    params.update({o.name: o.default for o in probe.info.options})
    params.update(PARAM_DEFAULTS.get(game_id, {}))
    if game_id == "liegen":
        params["target_wins"] = 1
    # Cheat and Liegen have none: their rounds are unbounded, so no fixed size holds a whole history.
    has_recall_tensor = game_id in ("liars-dice", "love-letter")
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


GAMES: dict[str, type[SpielGame]] = {gid: _register(gid) for gid in DEALERS}
