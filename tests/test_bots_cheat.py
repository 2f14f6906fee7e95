"""Cheat bots: legal, deterministic, finishing every option set; basic's rules; basic beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import liars
from liars import arena, bots
from liars.games.cheat import Challenge, CheatState, Pass, Play
from liars.games.cheat_cards import CODES
from tests.conformance.spec_cheat import hidden_twins


def run(players: int, lineup: list[str], seed: int, **opts: Any) -> CheatState:
    players_bots = [bots.make(lineup[s], "cheat", seed=seed * 10 + s) for s in range(players)]
    state = liars.make("cheat", players=players, seed=seed, **opts).new_game()
    assert isinstance(state, CheatState)
    for _ in range(5000):
        if state.over:
            break
        s = state.to_act[0]
        action = bots.checked_act(players_bots[s], lineup[s], state.view(s), state.legal_actions(s))
        state.act(s, action)
    return state


@pytest.mark.parametrize(
    ("players", "opts"),
    [(3, {}), (4, {"max_cards": 2}), (5, {"first_challenger_in_play_order": True}), (6, {"max_cards": 1})],
)
def test_bots_finish_games_for_every_option_set(players: int, opts: dict[str, Any]) -> None:
    lineup = ["strong", "basic", "random", "strong", "basic", "random"][:players]
    state = run(players, lineup, 3, **opts)
    assert state.over and len(state.winners) == 1


def test_bots_are_deterministic_for_a_seed() -> None:
    lineup = ["strong", "basic", "basic", "random"]
    assert run(4, lineup, 11).to_json() == run(4, lineup, 11).to_json()


def test_levels() -> None:
    assert bots.levels("cheat") == ["random", "basic", "strong"]
    assert bots.make("strong", "cheat", seed=1, budget=0.05) is not None


def pos(*hands: str, starter: int = 0, rank: str = "A") -> CheatState:
    hs = [h.split() for h in hands]
    used = {c for h in hs for c in h}
    setup = {
        "hands": hs,
        "pile": [c for c in CODES if c not in used],
        "starter": starter,
        "required_rank": rank,
    }
    state = liars.make("cheat", players=len(hands), seed=1).new_game(setup=setup)
    assert isinstance(state, CheatState)
    return state


def decide(level: str, state: CheatState) -> Any:
    s = state.to_act[0]
    return bots.make(level, "cheat", seed=0).act(state.view(s), state.legal_actions(s))


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_honest_when_possible_and_every_true_card_in(level: str) -> None:
    state = pos("5C 5D 9H KS 2C", "7C 8C", "9C 9D", rank="5")
    assert decide(level, state) in (Play(("5", "5")), Play(("5", "5", "K")), Play(("5", "5", "9")))


def test_basic_bluffs_one_card_of_the_rank_due_last() -> None:
    # Seat 0 of 3 claims 5 now, then 8, J, A, 4, 7, T, K, 3, 6, 9, Q, 2: the two is due last.
    state = pos("2C 8D", "7C 8C", "9C 9D", rank="5")
    assert decide("basic", state) == Play(("2",))


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_last_play_is_always_challenged(level: str) -> None:
    state = pos("5C", "7C 8C", "9C 9D", rank="5")
    state.act(0, {"type": "play", "cards": ["5C"]})
    assert decide(level, state) == Challenge()


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_claim_the_own_hand_makes_impossible_is_challenged(level: str) -> None:
    state = pos("KC 9D", "7C 8C 5S", "5C 5D 5H", rank="5")
    state.act(0, {"type": "play", "cards": ["KC", "9D"]})  # "two fives"
    state.act(1, {"type": "pass"})
    assert decide(level, state) == Challenge()  # seat 2 holds three fives: two more is impossible


def test_basic_passes_a_plausible_claim() -> None:
    state = pos("KC 9D", "7C 8C", "9C 9S", rank="5")
    state.act(0, {"type": "play", "cards": ["KC"]})
    assert decide("basic", state) == Pass()


def test_strong_keeps_its_last_play_true() -> None:
    """With two cards left, a true card and another: never both (a false last play is always caught)."""
    state = pos("5C KD", "7C 8C", "9C 9D", rank="5")
    assert decide("strong", state) != Play(("5", "K"))


def test_basic_beats_random() -> None:
    wins = 0
    games = 24
    for g in range(games):
        seat = g % 4
        lineup = ["random"] * 4
        lineup[seat] = "basic"
        wins += seat in run(4, lineup, 100 + g).winners
    assert wins >= games // 2  # measured 98% over 100 games; a coin among four would give 25%


def test_strong_uses_only_the_view() -> None:
    """Views equal for the seat, hidden cards different: the same decision."""
    rng = random.Random(4)
    for seed in range(6):
        a_setup, b_setup = hidden_twins(4, {}, 0, rng)
        a_setup["starter"] = b_setup["starter"] = 0
        game = liars.make("cheat", players=4, seed=seed)
        a, b = game.new_game(setup=a_setup), game.new_game(setup=b_setup)
        assert a.view(0) == b.view(0)
        for level in ("basic", "strong"):
            assert decide(level, a) == decide(level, b)


# -- games that always end ------------------------------------------------------------------------


def test_issue_match_76_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena game that cycled for ever (strong, basic, basic; seed 1, match 76) now has a winner."""
    monkeypatch.setattr(arena, "MAX_ACTIONS", 3000, raising=False)  # fail fast, not after 100 000 actions
    config = arena.Config("cheat", ("strong", "basic", "basic"), seed=1)
    match = arena.schedule(config, 90)[76]
    assert (match.deal, match.seats) == (5943843209102995082, (2, 0, 1))
    record = arena.play(config, match)
    assert len(record["winners"]) == 1
    assert record["actions"] < 3000
