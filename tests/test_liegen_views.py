"""Views, history and ``sample_state`` of ``liegen``: what each seat may see, and nothing more."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import liars
from liars import GameConfigError
from liars.games.liegen import CODES, LiegenState
from tests.test_liegen_helpers import ACCUSE, PASS, play, position, sort_codes
from tests.typed import some

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"jokers": True}),
    (4, {"follow": "suit", "target_wins": 2}),
    (5, {"follow": "rank_step", "accuse": "next"}),
    (8, {"accuse": "next", "jokers": True}),
]


def biased_step(state: LiegenState, rng: random.Random, accuse: float = 0.15) -> tuple[int, Any]:
    """A random action that accuses rarely (so games end quickly) and is honest half of the time."""
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    if state.window:
        action = legal[0] if rng.random() < accuse else legal[1]
    else:
        honest = [
            a for a in legal if a.card == a.announce or (len(a.announce) == 1 and a.card[0] == a.announce)
        ]
        action = rng.choice(honest if honest and rng.random() < 0.5 else legal)
    state.act(seat, action)
    return seat, action


def test_view_keys_and_hidden_hands() -> None:
    state = liars.make("liegen", players=4, seed=3).new_game()
    view = state.view(2)
    for key in ("hand", "hand_sizes", "pile_size", "announcement", "dealer", "round_wins", "turned"):
        assert key in view
    assert view["hand"] == [CODES[c] for c in state.hands[2]] == sort_codes(view["hand"])
    assert view["hand_sizes"] == [13, 13, 13, 13] and view["pile_size"] == 0
    assert view["announcement"] is None and view["turned"] is None and view["round_wins"] == [0] * 4
    assert view["history"] == [{"type": "deal", "round": 1, "dealer": 0}]
    assert state.view(None)["hand"] is None
    text = json.dumps(view)
    for seat in (0, 1, 3):  # no other hand leaks, by any route
        assert json.dumps(state.view(seat)["hand"]) not in text


def test_history_shows_a_played_card_only_to_its_player_and_the_taken_pile_only_to_the_taker() -> None:
    state = position(3, {1: ["KS", "2C", "3D"]}, dealer=0)
    state.act(1, play("KS", "5H"))
    for s in (2, 0):
        state.act(s, PASS)
    state.act(2, play(CODES[state.hands[2][0]], "5D"))
    hidden = CODES[state.pile[-1]]
    state.act(0, PASS)
    state.act(1, ACCUSE)
    taker = some(state.view(0)["turned"])["taker"]
    for seat in (None, 0, 1, 2):
        hist = state.view(seat)["history"]
        plays = [e for e in hist if e["type"] == "play"]
        assert [e["announce"] for e in plays] == ["5H", "5D"]
        assert ("card" in plays[0]) is (seat == 1) and ("card" in plays[1]) is (seat == 2)
        if seat == 1:
            assert plays[0]["card"] == "KS"
        accuse = hist[-1]
        assert accuse["type"] == "accuse" and accuse["seat"] == 1 and accuse["accused"] == 2
        assert accuse["card"] == hidden and accuse["count"] == 2  # the turned card is public
        assert ("cards" in accuse) is (seat == taker)
    assert sorted(state.view(taker)["history"][-1]["cards"]) == sorted(["KS", hidden])


@pytest.mark.parametrize(("players", "opts"), CONFIGS)
def test_sampled_states_reproduce_the_view(players: int, opts: dict[str, Any]) -> None:
    rng = random.Random(players)
    for seed in range(6):
        game = liars.make("liegen", players=players, seed=seed, **opts)
        state = game.new_game()
        steps = rng.randrange(0, 120)
        for _ in range(steps):
            if state.over:
                break
            biased_step(state, rng)
        for seat in range(players):
            view = state.view(seat)
            sampled = game.sample_state(view, random.Random(seed))
            assert sampled.view(seat) == view
            assert sampled.view(None) == state.view(None)
            assert sorted(c for h in sampled.hands for c in h) + sorted(sampled.pile) != []
            assert sorted([*(c for h in sampled.hands for c in h), *sampled.pile]) == sorted(game.deck)
            if not sampled.over:  # a sampled state plays on like a real one
                twin = sampled.clone()
                for _ in range(30):
                    if twin.over:
                        break
                    biased_step(twin, rng)


def test_sampling_never_reads_the_hidden_cards() -> None:
    """Twins that differ only in what seat 0 cannot see give identical samples."""
    game = liars.make("liegen", players=3, seed=5)
    pile_a = [{"seat": 1, "card": "KS", "announce": "7H"}]
    pile_b = [{"seat": 1, "card": "QD", "announce": "7H"}]
    mine = ["2C", "3C", "4C"]
    a = position(3, {0: mine, 2: [c for c in CODES[20:52] if c not in ("KS", "QD")][:10]}, pile=pile_a)
    hands_b = [list(map(str, (CODES[c] for c in h))) for h in a.hands]
    hands_b[1] = [c if c != "QD" else "KS" for c in hands_b[1]]
    b = game.new_game(setup={"hands": hands_b, "dealer": 0, "pile": pile_b})
    assert a.to_json() != b.to_json()
    for seat, action in ((2, play(CODES[a.hands[2][0]], "7D")), (0, PASS), (1, PASS), (0, None)):
        assert a.view(0) == b.view(0)
        sa = game.sample_state(a.view(0), random.Random(9))
        sb = game.sample_state(b.view(0), random.Random(9))
        assert sa.to_json() == sb.to_json()
        if action is not None:
            a.act(seat, action)
            b.act(seat, action)


def test_sampling_honours_known_cards_and_refuses_bad_input() -> None:
    state = position(3, {0: ["2C", "3C"], 1: ["KS", "QS", "JS"]}, dealer=2)
    game = state.game
    view = state.view(0)
    for seed in range(5):
        sampled = game.sample_state(view, random.Random(seed), known={1: ["KS", "QS"]})
        assert {51, 47} <= set(sampled.hands[1])
    with pytest.raises(GameConfigError):
        game.sample_state(view, random.Random(1), known={1: ["2C"]})  # that card is mine
    with pytest.raises(GameConfigError):
        game.sample_state(state.view(None), random.Random(1))
    with pytest.raises(GameConfigError):
        game.sample_state({**view, "pile_size": 3}, random.Random(1))
    with pytest.raises(GameConfigError):
        liars.make("liegen", players=3, jokers=True).sample_state(view, random.Random(1))
