"""The rules modules, one per game.  Importing this package registers them all."""

from . import liars_dice

__all__ = ["liars_dice"]
