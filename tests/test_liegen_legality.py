"""One legality rule: every id of the space is legal by ``act_id`` exactly when its action is by ``act``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import liars
from liars.core import IllegalAction


def _accepted(take: Callable[..., None], *args: Any) -> bool:
    try:
        take(*args)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("follow", ["rank_or_suit", "rank_step", "suit"])
@pytest.mark.parametrize("jokers", [False, True])
def test_every_id_is_legal_by_id_exactly_when_its_action_is_by_object(follow: str, jokers: bool) -> None:
    game = liars.make("liegen", players=3, seed=4, follow=follow, jokers=jokers)
    rng = random.Random(9)
    state = game.new_game()
    checked = 0
    for step in range(40):
        if state.over:
            break
        if step % 9 in (0, 1):  # a play and the window after it, a few times a game
            seat = state.to_act[0]
            before = state.to_json()
            legal = set(state.legal_ids())
            for i in range(len(state.legal_mask())):  # the whole space
                by_id, by_object = state.clone(), state.clone()
                act = game.action_from_id(i)
                ok = _accepted(by_id.act_id, i)
                assert ok == (i in legal) == _accepted(by_object.act, seat, act), i
                if ok:
                    assert by_id.to_json() == by_object.to_json()
                elif i % 97 == 0:  # a refusal changes nothing (a sample: the JSON is the slow part)
                    assert by_id.to_json() == by_object.to_json() == before
            checked += 1
        state.act_id(rng.choice(state.legal_ids()))
    assert checked >= 6
