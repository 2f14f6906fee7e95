"""Cheat positions that the terminal's and the web's wording tests both read."""

from __future__ import annotations

import liars


def honest_ace() -> tuple[liars.State, int, str]:
    """A three-player Cheat game whose starter plays one ace, truly (the first rank is aces)."""
    for seed in range(100):
        state = liars.make("cheat", players=3, seed=seed).new_game()
        me = state.to_act[0]
        ace = next((c for c in state.view(me)["hand"] if c.startswith("A")), None)
        if ace is not None:
            state.act(me, {"type": "play", "cards": [ace]})
            return state, me, ace
    raise AssertionError("no deal gives the starter an ace")
