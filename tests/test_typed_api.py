"""The public API's types: ``liars.make`` is typed per game id, so a typed caller needs no casts.

Why: researchers and bot writers check their code with mypy; before, every
``liars.make(...).new_game()`` was a plain ``State`` and game-specific code
needed a ``cast``.  ``assert_type`` is checked by ``mypy --strict`` (part of
``make test``); the ``isinstance`` checks hold the run-time classes to the
same promise.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Sequence
from typing import assert_type

import liars
from liars import bots
from liars.bots import Bot
from liars.core import Game, State
from liars.games.cheat import CheatGame, CheatSeatView, CheatState, CheatView
from liars.games.liars_dice import DiceGame, DiceSeatView, DiceState, DiceView
from liars.games.liars_dice_poker import PokerGame, PokerSeatView, PokerState, PokerView
from liars.games.liegen import LiegenGame, LiegenSeatView, LiegenState, LiegenView
from liars.games.love_letter import LoveGame, LoveSeatView, LoveState, LoveView, Play


def test_make_gives_each_games_own_game_and_state_types() -> None:
    cheat = liars.make("cheat", players=3, seed=1)
    assert_type(cheat, CheatGame)
    assert_type(cheat.new_game(), CheatState)
    assert_type(cheat.new_game().view(0), CheatSeatView)
    dice = liars.make("liars-dice", players=2, seed=1)
    assert_type(dice, DiceGame)
    assert_type(dice.new_game(), DiceState)
    assert_type(dice.new_game().view(0), DiceSeatView)
    poker = liars.make("liars-dice-poker", seed=1)
    assert_type(poker.new_game(), PokerState)
    liegen = liars.make("liegen", players=3, seed=1)
    assert_type(liegen.new_game(), LiegenState)
    assert_type(liegen.new_game().view(0), LiegenSeatView)
    love = liars.make("love-letter", players=2, seed=1)
    assert_type(love.new_game(), LoveState)
    pairs: list[tuple[Game, type[Game], type[State]]] = [
        (cheat, CheatGame, CheatState),
        (dice, DiceGame, DiceState),
        (poker, PokerGame, PokerState),
        (liegen, LiegenGame, LiegenState),
        (love, LoveGame, LoveState),
    ]
    for game, game_class, state_class in pairs:
        assert type(game) is game_class and type(game.new_game()) is state_class
        assert type(game.sample_state(game.new_game().view(0), random.Random(0))) is state_class


def test_an_id_known_only_at_run_time_gives_a_plain_game() -> None:
    game_id: str = "liegen"
    game = liars.make(game_id, players=3, seed=1)
    assert_type(game, Game)
    assert_type(game.new_game(), State)
    assert isinstance(game.new_game(), LiegenState)


def test_a_seats_view_has_its_hand_and_a_spectators_may_not() -> None:
    """``view(seat)`` is the seat's view type (hand or dice never ``None``), ``view(None)`` anyone's.

    Why: a bot writer's typed code reads ``view(seat)["hand"]`` on every
    turn; it should not have to narrow a ``None`` that only a spectator's
    view can hold.  The run-time half checks that the promise is true.
    """
    cheat = liars.make("cheat", players=3, seed=1).new_game()
    assert_type(cheat.view(0)["hand"], list[str])
    assert_type(cheat.view(0)["seat"], int)
    assert_type(cheat.view(None), CheatView)
    assert_type(cheat.view(None)["hand"], list[str] | None)
    dice = liars.make("liars-dice", players=2, seed=1).new_game()
    assert_type(dice.view(1)["dice"], list[int])
    assert_type(dice.view(None)["dice"], list[int] | None)
    liegen = liars.make("liegen", players=3, seed=1).new_game()
    assert_type(liegen.view(2)["hand"], list[str])
    assert_type(liegen.view(None), LiegenView)
    love = liars.make("love-letter", players=2, seed=1).new_game()
    assert_type(love.view(0), LoveSeatView)
    assert_type(love.view(0)["hand"], list[str])
    assert_type(love.view(None), LoveView)
    poker = liars.make("liars-dice-poker", seed=1).new_game()
    assert_type(poker.view(0), PokerSeatView)
    assert_type(poker.view(None), PokerView)
    seat: int | None = None
    assert_type(love.view(seat), LoveSeatView | LoveView)
    for hand in (cheat.view(0)["hand"], liegen.view(2)["hand"], love.view(0)["hand"]):
        assert isinstance(hand, list) and hand and all(isinstance(c, str) for c in hand)
    assert isinstance(dice.view(1)["dice"], list) and dice.view(1)["dice"]
    for key, spectator in (("hand", cheat.view(None)), ("dice", dice.view(None))):
        assert spectator[key] is None and spectator["seat"] is None  # type: ignore[literal-required]


def test_every_view_type_reads_at_run_time() -> None:
    """``typing.get_type_hints`` works on every view type, with no ``typing_extensions`` needed.

    Why: tools that read the types at run time (a schema, a validator) must
    not trip over the ``ReadOnly`` marking, which only type checkers read.
    """
    for seat_view, view in (
        (CheatSeatView, CheatView),
        (DiceSeatView, DiceView),
        (PokerSeatView, PokerView),
        (LiegenSeatView, LiegenView),
        (LoveSeatView, LoveView),
    ):
        hints, wide = typing.get_type_hints(seat_view), typing.get_type_hints(view)
        assert set(hints) == set(wide) and hints["seat"] is int and wide["seat"] == int | None
        assert seat_view.__required_keys__ == view.__required_keys__


class HighCard:
    """A bot written as a typed user would: the game's seat view and action types in ``act``."""

    def act(self, view: LoveSeatView, legal_actions: Sequence[Play]) -> Play:
        keep = max(view["hand"], key="56789TJQK".index)  # a str, no None to narrow
        return next((a for a in legal_actions if a.card != keep), legal_actions[0])


def test_a_bot_typed_with_its_games_types_is_a_bot() -> None:
    """``mypy --strict`` takes a bot annotated with ``LoveSeatView`` and ``Play`` where a ``Bot`` goes.

    Why: ``Bot.act`` once took a ``Mapping[str, Any]``, which no ``TypedDict``
    parameter accepts, so a bot writer's typed bot did not type-check as a
    ``Bot`` (the arena, ``liars.bots``).  Run-time half: it plays a round.
    """
    bot: Bot = HighCard()
    players: list[Bot] = [bot, bots.make("basic", "love-letter", seed=1)]
    state = liars.make("love-letter", players=2, seed=3, target_wins=1).new_game()
    while not state.over:
        seat = state.to_act[0]
        action = players[seat].act(state.view(seat), state.legal_actions(seat))
        state.act(seat, action)
    assert state.winners
