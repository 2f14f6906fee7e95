"""One legality rule: an id is legal by ``act_id`` exactly when its play is by ``act``; card codes."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import liars
from liars import IllegalAction
from liars.games.cheat import Play
from liars.games.cheat_cards import CODES, NUM_ACTIONS


def _accepted(take: Callable[..., None], *args: Any) -> bool:
    try:
        take(*args)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("opts", [{}, {"max_cards": 2}])
def test_every_id_is_legal_by_id_exactly_when_its_action_is_by_object(opts: dict[str, int]) -> None:
    game = liars.make("cheat", players=4, seed=3, **opts)
    rng = random.Random(5)
    state = game.new_game()
    checked = 0
    for step in range(30):
        if state.over:
            break
        if step % 5 in (0, 1):  # a play and the window after it
            seat = state.to_act[0]
            before = state.to_json()
            legal = set(state.legal_ids())
            for i in range(NUM_ACTIONS):
                by_id, by_object = state.clone(), state.clone()
                act = game.action_from_id(i)
                ok = _accepted(by_id.act_id, i)
                assert ok == (i in legal) == _accepted(by_object.act, seat, act), i
                assert by_id.to_json() == by_object.to_json()
                if not ok:
                    assert by_id.to_json() == before
            checked += 1
        state.act_id(rng.choice(state.legal_ids()))
    assert checked >= 6


def test_named_cards_go_first_then_bare_ranks_take_the_lowest_suit_left() -> None:
    hands = [["5C", "5D", "5S", "9H"], ["2C"], ["3C"]]
    used = {c for h in hands for c in h}
    pile = [c for c in CODES if c not in used]
    state = liars.make("cheat", players=3, seed=1).new_game(
        setup={"hands": hands, "pile": pile, "starter": 0, "required_rank": "5"}
    )
    twin = state.clone()
    twin.act(0, Play(("5S", "5")))
    assert twin.view(0)["history"][-1]["cards"] == ["5C", "5S"]
    twin = state.clone()
    twin.act(0, Play(("5C", "5", "5")))
    assert twin.view(0)["history"][-1]["cards"] == ["5C", "5D", "5S"]
    for bad in (("5S", "5S"), ("5H",), ("5C", "5", "5", "5")):
        with pytest.raises(IllegalAction):
            state.act(0, Play(bad))  # a card named twice, one not held, more fives than held
    assert state.view(0)["hand"] == ["5C", "5D", "5S", "9H"]
