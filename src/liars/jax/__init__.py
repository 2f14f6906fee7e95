"""Our games as batched PGX environments (JAX): ``liars.jax.make(game_id, players=N, **options)``.

Why a second form of the rules: researchers train on millions of steps a second, which only
compiled, batched code gives (``jax.jit`` + ``jax.vmap``, on a CPU here and a GPU or TPU
unchanged).  Each environment follows PGX's interface (``init``, ``step``, ``observe``; the
state's ``legal_action_mask``, ``rewards``, ``terminated``, ``current_player``,
``observation``) and takes the engine's own option names; a differential test keeps it equal
to the reference engine step by step.  Needs the ``jax`` extra (``pip install 'liars[jax]'``).
"""

from __future__ import annotations

from typing import Any, cast

from ..core import GameConfigError
from ..core import make as make_engine
from ..games.love_letter import LoveGame
from ..games.love_letter_cards import RANKS
from .liars_dice import DiceState, LiarsDice
from .liars_dice_poker import LiarsDicePoker, PokerState
from .love_letter import LoveLetter, LoveState

__all__ = [
    "GAMES",
    "DiceState",
    "LiarsDice",
    "LiarsDicePoker",
    "LoveLetter",
    "LoveState",
    "PokerState",
    "make",
]

#: the games that exist as PGX environments
GAMES = ("liars-dice", "love-letter", "liars-dice-poker")


def make(game_id: str, players: int | None = None, **options: Any) -> LiarsDice | LoveLetter | LiarsDicePoker:
    """The PGX environment of ``game_id`` for ``players`` seats, options as the engine's.

    The engine checks the players and options (the same errors, the same defaults), so a
    configuration is valid here exactly when ``liars.make`` accepts it.
    """
    if game_id not in GAMES:
        raise GameConfigError(
            f"no JAX environment for {game_id!r}; there is one for: {', '.join(GAMES)}",
            code="rl_unsupported",
            params={"detail": f"no JAX environment for {game_id!r}"},
        )
    game = make_engine(game_id, players=players, **options)
    opts = game.options
    if game_id == "liars-dice-poker":
        return LiarsDicePoker(lives=opts["lives"])
    if game_id == "love-letter":
        # the engine's action table, so the ids are the engine's
        love = cast(LoveGame, game)
        table = [
            (
                RANKS.index(a.card),
                -1 if a.target is None else a.target,
                -1 if a.guess is None else RANKS.index(a.guess),
            )
            for a in love.actions
        ]
        return LoveLetter(players=game.players, target_wins=love.target_wins, actions=table)
    return LiarsDice(
        players=game.players, dice=opts["dice"], wild_ones=opts["wild_ones"], spot_on=opts["spot_on"]
    )
