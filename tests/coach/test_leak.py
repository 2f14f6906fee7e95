"""The coach reads only the seat's view: twins that differ only in others' secrets get the same coaching.

The twins come from the conformance suite's specs (``hidden_twins``), played
on by the same random legal actions until something is revealed, as
``tests/test_conformance.py`` does for the views themselves.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import liars
from liars import coach
from tests.conformance import Spec, all_specs

SPECS = [s for s in all_specs() if s.game_id in coach.GAMES]
CASES = [(spec, players, opts) for spec in SPECS for players, opts in spec.configs[:3]]
IDS = [f"{s.game_id}-{p}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for s, p, o in CASES]


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_twins_get_the_same_coaching(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        seat = rng.randrange(players)
        setup_a, setup_b = spec.hidden_twins(players, opts, seat, rng)
        game = liars.make(spec.game_id, players=players, seed=seed, **opts)
        a, b = game.new_game(setup=setup_a), game.new_game(setup=setup_b)
        assert a.to_json() != b.to_json()
        for _ in range(40):
            ca = coach.odds(spec.game_id, a.view(seat))
            cb = coach.odds(spec.game_id, b.view(seat))
            assert ca == cb, f"seat {seat} is coached differently on the twins"
            json.dumps(ca)
            compared += 1
            if a.over or a.to_act != b.to_act:
                break
            actor = rng.choice(a.to_act)
            common = [x for x in a.legal_actions(actor) if x in b.legal_actions(actor)]
            if not common:
                break
            action = rng.choice(common)
            a.act(actor, action)
            b.act(actor, action)
            if spec.reveals(action.to_json()):
                break
    assert compared >= 6
