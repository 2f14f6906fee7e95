"""Every game's view type (a TypedDict of docs/protocol.md's keys) is what its views hold, key for key."""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest

import liars
from liars.core import State, View, game_ids
from liars.hints import fits


def view_types(game_id: str) -> tuple[Any, Any]:
    """The ``V, W`` of the game's ``State[V, W]``: a seat's view type and anyone's."""
    cls = liars.make(game_id, seed=0).state_class
    for base in getattr(cls, "__orig_bases__", ()):
        if typing.get_origin(base) is State:
            seat, anyone = typing.get_args(base)
            return seat, anyone
    raise AssertionError(f"{cls.__name__} does not say its view types")


@pytest.mark.parametrize("game_id", game_ids())
def test_views_hold_exactly_their_typed_keys(game_id: str) -> None:
    """A seat's view fits the seat's view type (its hand never ``None``), a spectator's anyone's."""
    seat_type, anyone = view_types(game_id)
    assert seat_type is not anyone and seat_type.__required_keys__ == anyone.__required_keys__
    assert issubclass(seat_type, dict) and set(View.__required_keys__) <= seat_type.__required_keys__
    seat_hints, anyone_hints = typing.get_type_hints(seat_type), typing.get_type_hints(anyone)
    assert seat_hints["seat"] is int and not fits(None, seat_hints["seat"])
    for seed in range(3):
        game = liars.make(game_id, seed=seed)
        state = game.new_game()
        rng = random.Random(seed)
        for _ in range(200):
            for seat in (None, *range(game.players)):
                view = state.view(seat)
                vt, hints = (anyone, anyone_hints) if seat is None else (seat_type, seat_hints)
                assert set(view) == vt.__required_keys__, set(view) ^ vt.__required_keys__
                wrong = {k: v for k, v in view.items() if not fits(v, hints[k])}
                assert not wrong, wrong
            if state.over:
                break
            seat = state.to_act[0]
            state.act(seat, rng.choice(state.legal_actions(seat)))
