"""Whole games of ``liegen`` under ``accuse = "anyone"``, which the shared suite cannot afford.

Uniformly random play under "anyone" accuses nearly every card and takes
thousands of actions a game, so these playouts use a policy that accuses less
often (``biased_step``); they check what the shared suite checks (winners,
determinism, save/load, clones, the integer path) plus the window's order and
card conservation after every action.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liars
from liars import IllegalAction
from liars.games.liegen import LiegenState
from tests.test_liegen_views import biased_step

ANYONE: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"jokers": True, "first_dealer": 2}),
    (6, {"follow": "suit", "target_wins": 2}),
    (8, {"follow": "rank_step"}),
]


def check_invariants(state: LiegenState) -> None:
    assert sorted([*(c for h in state.hands for c in h), *state.pile]) == sorted(state.game.deck)
    if state.over:
        assert state.window == () and state.to_act == ()
        return
    assert all(state.hands), "a hand is empty while the round goes on"
    window = state.window
    if window:
        n = state.game.players
        p = state.ann_seat
        assert window[0] == state.to_act[0]
        if state.game.options["accuse"] == "next":
            assert window == ((p + 1) % n,)
        else:  # the rest of the others in play order, ending with the seat before the player
            assert window == tuple((p + k) % n for k in range(n - len(window), n))


def test_window_order_helper() -> None:
    state = liars.make("liegen", players=5, seed=1).new_game()
    biased_step(state, random.Random(1))
    assert state.window == (2, 3, 4, 0) and state.ann_seat == 1


@pytest.mark.parametrize(("players", "opts"), ANYONE)
def test_anyone_playouts_end_conserve_cards_and_replay(players: int, opts: dict[str, Any]) -> None:
    for seed in range(4):
        game = liars.make("liegen", players=players, seed=seed, **opts)
        state = game.new_game()
        rng = random.Random(seed)
        actions = []
        while not state.over:
            seat = state.to_act[0]
            before = state.to_json()
            assert sorted(game.action_id(a) for a in state.legal_actions(seat)) == sorted(state.legal_ids())
            for idle in [s for s in range(players) if s != seat][:3]:
                assert state.legal_actions(idle) == []
                with pytest.raises(IllegalAction):
                    state.act(idle, {"type": "pass"})
            assert state.to_json() == before
            actions.append(biased_step(state, rng))
            check_invariants(state)
            assert len(actions) < 20000
        assert len(state.winners) == 1 and state.round_wins[state.winners[0]] == opts.get("target_wins", 1)
        # the same seed and actions replay the same game; a save (or a clone on the integer
        # path) taken anywhere, windows included, continues identically
        replay = game.new_game()
        cut = rng.randrange(len(actions))
        for i, (seat, action) in enumerate(actions):
            if i == cut:
                replay = cast(LiegenState, liars.load(replay.to_json()))
                twin = replay.clone()
                for _, later in actions[i:]:
                    twin.act_id(game.action_id(later))
                assert twin.to_json() == state.to_json()
            replay.act(seat, action.to_json())
        assert replay.to_json() == state.to_json()
        assert replay.view(0) == state.view(0)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 8),
    follow=st.sampled_from(["rank_or_suit", "rank_step", "suit"]),
    jokers=st.booleans(),
    accuse=st.sampled_from(["anyone", "next"]),
    steps=st.integers(1, 150),
)
def test_invariants_hold_after_any_actions(
    seed: int, players: int, follow: str, jokers: bool, accuse: str, steps: int
) -> None:
    game = liars.make("liegen", players=players, seed=seed, follow=follow, jokers=jokers, accuse=accuse)
    state = game.new_game()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        # any legal action, uniformly: the invariants must not depend on the policy
        state.act(seat, rng.choice(state.legal_actions(seat)))
        check_invariants(state)
        view = state.view(seat)
        assert view["hand_sizes"] == [len(h) for h in state.hands]
        assert view["pile_size"] == len(state.pile)
