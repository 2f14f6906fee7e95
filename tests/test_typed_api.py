"""The public API's types: ``liars.make`` is typed per game id, so a typed caller needs no casts.

Why: researchers and bot writers check their code with mypy; before, every
``liars.make(...).new_game()`` was a plain ``State`` and game-specific code
needed a ``cast``.  ``assert_type`` is checked by ``mypy --strict`` (part of
``make test``); the ``isinstance`` checks hold the run-time classes to the
same promise.
"""

from __future__ import annotations

import random
from typing import assert_type

import liars
from liars.core import Game, State
from liars.games.cheat import CheatGame, CheatState, CheatView
from liars.games.liars_dice import DiceGame, DiceState, DiceView
from liars.games.liars_dice_poker import PokerGame, PokerState
from liars.games.liegen import LiegenGame, LiegenState, LiegenView
from liars.games.love_letter import LoveGame, LoveState


def test_make_gives_each_games_own_game_and_state_types() -> None:
    cheat = liars.make("cheat", players=3, seed=1)
    assert_type(cheat, CheatGame)
    assert_type(cheat.new_game(), CheatState)
    assert_type(cheat.new_game().view(0), CheatView)
    dice = liars.make("liars-dice", players=2, seed=1)
    assert_type(dice, DiceGame)
    assert_type(dice.new_game(), DiceState)
    assert_type(dice.new_game().view(0), DiceView)
    poker = liars.make("liars-dice-poker", seed=1)
    assert_type(poker.new_game(), PokerState)
    liegen = liars.make("liegen", players=3, seed=1)
    assert_type(liegen.new_game(), LiegenState)
    assert_type(liegen.new_game().view(0), LiegenView)
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
