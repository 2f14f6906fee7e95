"""Shared helpers for the liegen tests (no tests here): exact positions from a few chosen cards."""

from __future__ import annotations

from typing import Any

import liars
from liars.games.liegen import CARD_INDEX, CODES, LiegenState


def hands(players: int, fixed: dict[int, list[str]], jokers: bool = False) -> list[list[str]]:
    """Every card dealt: seats in ``fixed`` hold exactly those, the rest go round the others."""
    deck = [*CODES[:52], *(["X", "X"] if jokers else [])]
    for cards in fixed.values():
        for c in cards:
            deck.remove(c)
    free = [s for s in range(players) if s not in fixed]
    out: list[list[str]] = [list(fixed.get(s, [])) for s in range(players)]
    for i, c in enumerate(deck):
        out[free[i % len(free)]].append(c)
    return out


def position(
    players: int, fixed: dict[int, list[str]], dealer: int = 0, pile: list[Any] | None = None, **options: Any
) -> LiegenState:
    """A game of ``players`` from a setup built by :func:`hands` (cards in ``pile`` are taken out first)."""
    game = liars.make("liegen", players=players, seed=1, **options)
    pile = pile or []
    jokers = bool(options.get("jokers"))
    all_fixed = {s: list(c) for s, c in fixed.items()}
    spare = hands(players, all_fixed, jokers)
    for p in pile:
        for h in spare:
            if p["card"] in h:
                h.remove(p["card"])
                break
    state = game.new_game(setup={"hands": spare, "dealer": dealer, "pile": pile})
    assert isinstance(state, LiegenState)
    return state


def play(card: str, announce: str) -> dict[str, str]:
    return {"type": "play", "card": card, "announce": announce}


ACCUSE = {"type": "accuse"}
PASS = {"type": "pass"}


def total_cards(state: LiegenState) -> list[str]:
    cards = [c for h in state.hands for c in h] + list(state.pile)
    return sorted(CODES[c] for c in cards)


def sort_codes(codes: list[str]) -> list[str]:
    return sorted(codes, key=CARD_INDEX.__getitem__)


def own_plays(seed: int = 3) -> tuple[LiegenState, dict[str, Any], dict[str, Any]]:
    """Two players; seat 0 plays a card it names truly, then (a trick later) one it lies about.

    The other seat plays its first legal action and everybody passes every window, so the
    history seat 0 sees holds both of its plays with their real cards.
    """
    state = liars.make("liegen", players=2, seed=seed).new_game()

    def on_to_seat_0() -> None:
        while state.to_act[0] != 0 or state.legal_actions(0)[0].to_json()["type"] != "play":
            acts = [a.to_json() for a in state.legal_actions(state.to_act[0])]
            state.act(state.to_act[0], next((a for a in acts if a["type"] == "pass"), acts[0]))

    on_to_seat_0()
    honest = next(
        a.to_json() for a in state.legal_actions(0) if a.to_json()["card"] == a.to_json()["announce"]
    )
    state.act(0, honest)
    on_to_seat_0()
    lie = next(
        a.to_json()
        for a in state.legal_actions(0)
        if a.to_json()["card"] != a.to_json()["announce"] and len(a.to_json()["announce"]) == 2
    )
    state.act(0, lie)
    return state, honest, lie
