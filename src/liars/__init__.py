"""liars: exact, fast engines for bluffing games (Cheat, Liar's Dice, Liegen, Love Letter).

>>> import liars
>>> game = liars.make("liars-dice", players=2, seed=7)
>>> state = game.new_game()
>>> state.to_act
(1,)

The core (this package, :mod:`liars.core`, :mod:`liars.rng`, :mod:`liars.games`)
imports only the standard library.
"""

from . import games as _games  # registers every game
from .core import (
    FORMAT,
    Game,
    GameConfigError,
    GameInfo,
    IllegalAction,
    Option,
    Refusal,
    State,
    game_class,
    game_ids,
    load,
    make,
)

GAME_IDS: tuple[str, ...] = game_ids()

__all__ = [
    "FORMAT",
    "GAME_IDS",
    "Game",
    "GameConfigError",
    "GameInfo",
    "IllegalAction",
    "Option",
    "Refusal",
    "State",
    "game_class",
    "load",
    "make",
]
__version__ = "0.1.0"
del _games
