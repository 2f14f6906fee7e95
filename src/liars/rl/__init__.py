"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel over the engine.

A game is known to the adapters by its *registration* here and nothing else:
an entry in :data:`NAMES`, its encoder in :func:`encoder`, and optionally a
perfect-recall encoder in :func:`recall_encoder` and OpenSpiel parameter
defaults in :data:`SPIEL_PARAMS` (``docs/rl.md``, "Adding a game").

Each game has one *encoder* (``enc_<game>.py``): a seat's view to a fixed-size
``float32`` vector and a fixed ``Discrete`` action space.  The three adapters
share it, so an observation or an action id means the same everywhere; the
layouts, rewards and abstract action spaces are in ``docs/rl.md``.

Only :mod:`liars.rl.pettingzoo`, :mod:`liars.rl.gym` and
:mod:`liars.rl.openspiel` import their framework, so each is usable without
the others installed.  Numpy is needed by all of them (extra ``rl``).
"""

from __future__ import annotations

from typing import Any

from ..chance import Start
from ..core import Game, GameConfigError
from ..rng import Chance
from .base import Encoder, rewards

#: Version of every environment id (``liars_dice_v0``, ``liars/LiarsDice-v0``,
#: ``python_liars_dice``); bumped with a changelog entry in ``docs/rl.md``
#: whenever an observation, action id or reward changes meaning.
VERSION = 0

#: Engine game id -> (PettingZoo / OpenSpiel name, Gymnasium name).
NAMES: dict[str, tuple[str, str]] = {
    "liars-dice": ("liars_dice", "LiarsDice"),
    "cheat": ("cheat", "Cheat"),
    "liegen": ("liegen", "Liegen"),
    "love-letter": ("love_letter", "LoveLetter"),
    "liars-dice-poker": ("liars_dice_poker", "LiarsDicePoker"),
}


#: OpenSpiel parameters whose default differs from the engine's (single rounds where a
#: perfect-recall tensor or a game length needs them; a nullable option's "none" is
#: written ``min - 1``, since pyspiel has no None: see :mod:`liars.rl.openspiel`).
def _opener_drawn(chance: Chance, game: Game) -> dict[str, Any]:
    """Liar's Dice for OpenSpiel: the opener drawn uniformly, as the roll-off makes it, not thrown.

    The roll-off's throws are public and stay in every view, so in OpenSpiel they would split
    each information state some thirty ways without changing the game (every seat is as likely
    to open); the round's dice are then rolled as the engine rolls them.
    """
    return {"opener": chance.below(game.players)}


#: Another start a game offers under OpenSpiel: game id -> (a bool parameter, default true for the
#: engine's own start; false for this one).  ``python_liars_dice`` with ``rolloff=False`` draws the
#: opener as one chance node instead of the roll-off's throws, which every information state would
#: otherwise carry (MCCFR then learns one strategy per roll-off: see docs/rl.md).
SPIEL_START: dict[str, tuple[str, Start]] = {"liars-dice": ("rolloff", _opener_drawn)}

SPIEL_PARAMS: dict[str, dict[str, Any]] = {
    "liegen": {"target_wins": 1},
    "love-letter": {"target_wins": 1},
    "liars-dice-poker": {"lives": 1},
}


def recall_encoder(game: Game) -> Encoder | None:
    """The perfect-recall encoder of ``game`` (OpenSpiel's information-state tensor), if it has one.

    Games whose whole history fits a fixed size have one; Cheat and Liegen
    (unbounded rounds) have none.
    """
    if game.id == "liars-dice":
        from .enc_liars_dice import DiceRecallEncoder

        return DiceRecallEncoder(game)
    if game.id == "love-letter":
        from .enc_love_letter import LoveRecallEncoder

        return LoveRecallEncoder(game)
    if game.id == "liars-dice-poker" and game.options["lives"] == 1:  # one round: the tensor's scope
        from .enc_liars_dice_poker import PokerRecallEncoder

        return PokerRecallEncoder(game)
    return None


def encoder(game: Game, **kwargs: Any) -> Encoder:
    """The encoder of ``game`` (``kwargs``: encoder options, e.g. cheat's ``actions``).

    An encoder option the game's encoder does not have is a ``GameConfigError``
    naming it, not the ``TypeError`` of a constructor deep inside.
    """
    gid = game.id
    if kwargs and gid != "cheat":  # only Cheat's encoder has options (its abstract or engine actions)
        detail = f"{', '.join(sorted(kwargs))}: the {gid} encoder has no options (actions= is Cheat's)"
        raise GameConfigError(detail, code="rl_unsupported", params={"detail": detail})
    enc: Encoder
    if gid == "liars-dice":
        from .enc_liars_dice import DiceEncoder

        enc = DiceEncoder(game, **kwargs)
    elif gid == "cheat":
        from .enc_cheat import CheatEncoder

        enc = CheatEncoder(game, **kwargs)
    elif gid == "liegen":
        from .enc_liegen import LiegenEncoder

        enc = LiegenEncoder(game, **kwargs)
    elif gid == "love-letter":
        from .enc_love_letter import LoveEncoder

        enc = LoveEncoder(game, **kwargs)
    elif gid == "liars-dice-poker":
        from .enc_liars_dice_poker import PokerEncoder

        enc = PokerEncoder(game, **kwargs)
    else:
        raise GameConfigError(
            f"no RL encoder for {gid!r}; encoders: {', '.join(NAMES)}",
            code="rl_unsupported",
            params={"detail": f"no RL encoder for {gid!r}"},
        )
    return enc


__all__ = [
    "NAMES",
    "SPIEL_PARAMS",
    "SPIEL_START",
    "VERSION",
    "Encoder",
    "encoder",
    "recall_encoder",
    "rewards",
]
