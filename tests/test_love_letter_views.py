"""Views, history privacy and ``sample_state`` for ``love-letter``."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import liars
from liars.games.love_letter import LoveState, Play
from liars.games.love_letter_cards import DECK, SECRET_KEYS
from tests.test_love_letter import play, position, start


def positions(seed: int, players: int, count: int) -> list[LoveState]:
    """``count`` random positions from random playouts (states, cloned)."""
    rng = random.Random(seed)
    out: list[LoveState] = []
    state = liars.make("love-letter", players=players, seed=seed).new_game()
    assert isinstance(state, LoveState)
    while len(out) < count:
        if state.over:
            state = liars.make("love-letter", players=players, seed=rng.randrange(10**6)).new_game()
            assert isinstance(state, LoveState)
        if rng.random() < 0.3:
            out.append(state.clone())
        state.act_id(rng.choice(state.legal_ids()))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_sampled_states_show_the_same_view(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = liars.make("love-letter", players=players, seed=seed)
    for state in positions(seed, players, 8):
        for seat in range(players):
            view = state.view(seat)
            sampled = game.sample_state(view, rng)
            assert sampled.view(seat) == view
            assert isinstance(sampled, LoveState)
            aside = [sampled.set_aside] if sampled.set_aside else []
            placed = [*(c for h in sampled.hands for c in h), *sampled.deck, *aside]
            assert sorted(placed + [c for p in sampled.played for c in p]) == sorted(DECK)
            sampled.clone()
            if not sampled.over:  # it plays on like any state
                sampled.act_id(rng.choice(sampled.legal_ids()))


def test_sampling_never_reads_what_the_view_hides() -> None:
    checked = 0
    for state in positions(11, 4, 60) + positions(12, 2, 40):
        rng = random.Random(checked)
        seat = rng.randrange(state.game.players)
        view = state.view(seat)
        twin = state.clone()
        assert isinstance(twin, LoveState)
        hidden = [
            t for t in range(twin.game.players) if t != seat and twin.hands[t] and str(t) not in view["known"]
        ]
        if not hidden or not twin.deck:
            continue
        t = rng.choice(hidden)
        k = rng.randrange(len(twin.deck))
        twin.hands[t][-1], twin.deck[k] = twin.deck[k], twin.hands[t][-1]
        if twin.view(seat) != view or twin.to_json() == state.to_json():
            continue
        a = state.game.sample_state(view, random.Random(5))
        b = twin.game.sample_state(twin.view(seat), random.Random(5))
        assert a.to_json() == b.to_json()
        checked += 1
    assert checked > 20


def test_sampling_honours_a_missed_guess() -> None:
    state = start(position([["8"], ["6"], ["7"]], ["9", "5"], starter=1))
    play(state, "6", 0, "K")  # missed: seat 0 does not hold the K
    assert state.to_act == (2,)
    view = state.view(2)
    rng = random.Random(1)
    samples = [state.game.sample_state(view, rng) for _ in range(200)]
    assert all(s.view(0)["hand"] != ["K"] for s in samples)  # each world's own views tell its hands
    assert any("K" in (s.view(1)["hand"] or ()) for s in samples)


def test_sampling_honours_the_winner_of_an_eight() -> None:
    # seat 0 compares with seat 1 and loses with a 7: seat 2 learns seat 1 holds more than 7
    state = start(position([["8"], ["9"], ["5"]], ["7", "6"]))
    play(state, "8", 1)
    assert state.out[0] and state.to_act == (1,)
    play(state, "6", 2, "K")  # seat 1 holds 9 + 6, plays 6 (miss): the 6 was drawn, the 9 stays
    view = state.view(2)
    rng = random.Random(2)
    holds = {(state.game.sample_state(view, rng).view(1)["hand"] or ["?"])[0] for _ in range(300)}
    assert all(state.game.sample_state(view, rng).view(2) == view for _ in range(20))
    assert holds and all(c in "KQJT98" for c in holds)
    assert len(holds) > 2


def test_secrets_are_shown_only_to_whom_they_belong() -> None:
    seen = set()
    for state in positions(21, 4, 80):
        for seat in [None, 0, 1, 2, 3]:
            for raw, shown in zip(state.history, state.view(seat)["history"], strict=True):
                assert "_for" not in shown
                for key in SECRET_KEYS:
                    if key in raw:
                        seen.add(key)
                        assert (key in shown) == (seat in raw["_for"])
    assert seen == set(SECRET_KEYS)


def test_views_are_copies() -> None:
    state = start(position([["7"], ["J"], ["5"]], ["9"]))
    play(state, "7", 1)
    before = state.to_json()
    view = state.view(0)
    view["hand"].append("K")
    view["played"][0].append("K")
    view["known"]["2"] = "K"
    view["history"][-1]["seen"] = "K"
    view["out"][1] = True
    assert state.to_json() == before


def test_view_keys_and_unseen_counts() -> None:
    state = start(position([["7"], ["J"], ["5"]], ["9"]))
    play(state, "7", 1)
    view = state.view(0)
    for key in (
        "hand",
        "played",
        "out",
        "protected",
        "deck_size",
        "round_wins",
        "known",
        "history",
        "unseen",
    ):
        assert key in view
    assert view["hand"] == ["9"] and view["played"] == [["7"], [], []] and view["known"] == {"1": "J"}
    total = sum(view["unseen"].values())
    assert total == 16 - 1 - 1 - 1  # not my 9, not the face-up 7, not seat 1's J (known)
    assert view["unseen"]["J"] == 0 and view["unseen"]["7"] == 1
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["known"] == {} and sum(spectator["unseen"].values()) == 15
    json.dumps(view)


def test_history_narrates_a_round() -> None:
    state = start(position([["T"], ["K"], ["6"]], ["9"]), target_wins=1)
    play(state, "T", 1)
    assert state.view(2)["history"] == [
        {"type": "round", "round": 1, "starter": 0},
        {"type": "play", "seat": 0, "card": "T", "target": 1, "discarded": "K"},
        {"type": "out", "seat": 1, "card": None},
    ]
    assert Play("T", 1).to_json() == {"type": "play", "card": "T", "target": 1}
