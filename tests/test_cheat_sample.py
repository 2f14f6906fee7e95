"""``cheat`` sample_state: states drawn from a view alone, consistent with it, keeping what it knows."""

from __future__ import annotations

import random
from typing import Any

import pytest

import liars
from liars import GameConfigError
from liars.games.cheat import CheatGame, CheatState
from liars.games.cheat_cards import CARD_OF, PILE, known_locations
from tests.conformance.spec_cheat import hidden_twins
from tests.typed import some


def positions(players: int, seed: int, steps: int) -> list[CheatState]:
    """States along a random game, every ``few`` actions."""
    rng = random.Random(seed)
    state = liars.make("cheat", players=players, seed=seed).new_game()
    assert isinstance(state, CheatState)
    out = []
    for i in range(steps):
        if state.over:
            break
        if i % 3 == 0:
            out.append(state.clone())
        state.act_id(rng.choice(state.legal_ids()))
    out.append(state)
    return out


@pytest.mark.parametrize("players", [3, 4, 6])
def test_sampled_states_show_the_viewer_exactly_its_view(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        for state in positions(players, seed, 240):
            seat = rng.randrange(players)
            view = state.view(seat)
            sampled = state.game.sample_state(view, random.Random(rng.random()))
            assert sampled.view(seat) == view
            assert sampled.view(None) == state.view(None)
            union = sampled.pile
            for h in sampled.hands:
                assert not union & h
                union |= h
            assert union == (1 << 52) - 1 and sampled.last & ~sampled.pile == 0


def test_sampled_states_play_on_to_the_end() -> None:
    for state in positions(4, 7, 200)[::10]:
        seat = state.to_act[0] if state.to_act else 0
        sampled = state.game.sample_state(state.view(seat), random.Random(1))
        rng = random.Random(2)
        while not sampled.over:
            sampled.act_id(rng.choice(sampled.legal_ids()))
        assert len(sampled.winners) == 1


def test_twins_with_equal_views_give_identical_samples() -> None:
    """sample_state reads the view only: twins differing in hidden cards sample the same state."""
    game = liars.make("cheat", players=4, seed=0)
    for seed in range(6):
        rng = random.Random(seed)
        seat = seed % 4
        a_setup, b_setup = hidden_twins(4, {}, seat, rng)
        a, b = game.new_game(setup=a_setup), game.new_game(setup=b_setup)
        for _ in range(12):
            if a.view(seat) != b.view(seat) or a.over:
                break
            sa = game.sample_state(a.view(seat), random.Random(seed))
            sb = game.sample_state(b.view(seat), random.Random(seed))
            assert sa.to_json() == sb.to_json()
            common = [x for x in a.legal_actions(a.to_act[0]) if x in b.legal_actions(a.to_act[0])]
            if not common:
                break
            action = rng.choice([x for x in common if x.to_json()["type"] != "challenge"] or common)
            actor = a.to_act[0]
            a.act(actor, action)
            b.act(actor, action)
        assert a.to_json() != b.to_json()


def test_the_hidden_cards_really_are_resampled() -> None:
    state = liars.make("cheat", players=4, seed=3).new_game()
    assert isinstance(state, CheatState)
    hands = set()
    for k in range(20):
        sampled = state.game.sample_state(state.view(0), random.Random(k))
        assert isinstance(sampled, CheatState)
        assert sampled.hands[0] == state.hands[0]
        hands.add(sampled.hands[1])
    assert len(hands) == 20


def setup_state(hands: list[str], starter: int = 0, rank: str = "5") -> CheatState:
    hs = [h.split() for h in hands]
    used = {c for h in hs for c in h}
    pile = [c for c in CARD_OF if c not in used]
    state = liars.make("cheat", players=len(hands), seed=1).new_game(
        setup={"hands": hs, "pile": pile, "starter": starter, "required_rank": rank}
    )
    assert isinstance(state, CheatState)
    return state


def test_own_cards_in_the_pile_stay_in_the_pile() -> None:
    state = setup_state(["5C 5D KC KD", "7C 8C", "9C 9D"])
    state.act(0, {"type": "play", "cards": ["KC", "KD"]})
    state.act(1, {"type": "pass"})
    for k in range(10):
        sampled = state.game.sample_state(state.view(0), random.Random(k))
        assert sampled.last == sampled.pile & (3 << (4 * 12))  # KC KD: the open window's play
        assert known_locations(state.view(0))[CARD_OF["KC"]] == PILE


def test_pickups_put_known_cards_in_the_takers_hand_until_they_play() -> None:
    state = setup_state(["5C 5D KC KD", "7C 8C", "9C 9D"])
    state.act(0, {"type": "play", "cards": ["KC"]})  # a lie, on top of a pile
    state.act(1, {"type": "pass"})
    state.act(2, {"type": "pass"})
    state.act(1, {"type": "play", "cards": ["7C"]})  # claims sixes: a lie
    state.act(2, {"type": "challenge"})  # seat 1 takes the pile with KC and 7C in it
    view = state.view(0)
    known = known_locations(view)
    assert known[CARD_OF["KC"]] == 1 and known[CARD_OF["7C"]] == 1
    for k in range(10):
        sampled = state.game.sample_state(view, random.Random(k))
        assert isinstance(sampled, CheatState)
        assert sampled.hands[1] >> CARD_OF["KC"] & 1 and sampled.hands[1] >> CARD_OF["7C"] & 1
    for seat, card in ((2, "9C"), (0, "5C")):  # others' plays do not blur what seat 1 holds
        state.act(seat, {"type": "play", "cards": [card]})
        state.resolve_window([])
    assert known_locations(state.view(0))[CARD_OF["KC"]] == 1
    state.act(1, {"type": "play", "cards": ["8C"]})
    assert CARD_OF["KC"] not in known_locations(state.view(0))


def test_a_challenge_on_a_sampled_own_play_resolves_as_in_the_real_game() -> None:
    state = setup_state(["5C KD", "7C 8C", "9C 9D"])
    state.act(0, {"type": "play", "cards": ["KD"]})
    sampled = state.game.sample_state(state.view(0), random.Random(5))
    sampled.act(1, {"type": "challenge"})
    state.act(1, {"type": "challenge"})
    assert sampled.view(None) == state.view(None)  # the pile taken is sampled; the outcome is not
    assert some(sampled.view(None)["revealed"])["taker"] == 0


def test_views_that_are_not_a_seats_are_refused() -> None:
    state = liars.make("cheat", players=4, seed=3).new_game()
    game = state.game
    bad: list[dict[str, Any]] = [
        dict(state.view(None)),
        {**state.view(0), "game": "liars-dice"},
        {**state.view(0), "players": 5},
        {**state.view(0), "options": {"first_challenger_in_play_order": True, "max_cards": None}},
        {**state.view(0), "pile_size": 3},
    ]
    for view in bad:
        with pytest.raises(GameConfigError):
            game.sample_state(view, random.Random(0))
    assert isinstance(game, CheatGame)
