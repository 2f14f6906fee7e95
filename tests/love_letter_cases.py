"""Love Letter positions that several test modules read (the engine makes them, by seed)."""

from __future__ import annotations

import random
from typing import Any

import liars


def tied_showdown(seat: int = 0) -> list[Any]:
    """The history, as ``seat`` sees it, of the first seeded three-player round (random legal
    play) that ends at an empty deck with two hands of the same highest card, so the sums of
    the cards played decide it."""
    for seed in range(1000):
        state = liars.make("love-letter", players=3, seed=seed, target_wins=1).new_game()
        rng = random.Random(seed)
        while not state.over:
            (player,) = state.to_act
            state.act(player, rng.choice(state.legal_actions(player)))
        history = list(state.view(seat)["history"])
        end = history[-1]
        if end["type"] == "round_end" and end["reason"] == "deck":
            top = end["hands"][str(end["winners"][0])]
            if sum(card == top for card in end["hands"].values()) > 1:
                return history
    raise LookupError("no tied showdown in the seeds searched")
