"""Bots for ``love-letter``: they finish games, repeat themselves for a seed, and basic beats random."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

import liars
from liars import bots
from liars.bots.love_letter import _sightings, _Worlds, choose, kept_after
from liars.bots.love_letter_sim import Sim
from liars.games.love_letter import LoveState, Play
from liars.games.love_letter_cards import COUNT, GUESSES
from liars.games.love_letter_view import unseen
from tests.test_love_letter import last_end, play, position, start

FAST = {"budget": 5.0, "worlds": 3}  # fixed work per decision: deterministic and quick


def run(levels: list[str], players: int, seed: int, **options: Any) -> tuple[LoveState, list[Any]]:
    state = liars.make("love-letter", players=players, seed=seed, **options).new_game()
    assert isinstance(state, LoveState)
    agents = [
        bots.make(lvl, "love-letter", seed=seed * 7 + s, **(FAST if lvl == "strong" else {}))
        for s, lvl in enumerate(levels)
    ]
    moves = []
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots.checked_act(agents[seat], f"seat {seat}", state.view(seat), legal)
        moves.append(action)
        state.act(seat, action)
    return state, moves


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"target_wins": 1}), (3, {"target_wins": 2}), (4, {}), (2, {"target_wins": 2})],
)
def test_bots_finish_games(players: int, options: dict[str, Any]) -> None:
    levels = ["strong", "basic", "random", "basic"][:players]
    state, _ = run(levels, players, 3, **options)
    assert state.over and state.winners


def test_bots_are_deterministic_for_a_seed() -> None:
    for levels in (["basic", "basic", "basic"], ["strong", "basic", "random"]):
        _, a = run(levels, 3, 5, target_wins=1)
        _, b = run(levels, 3, 5, target_wins=1)
        assert a == b


def test_rule_of_thumb_is_always_legal() -> None:
    """The strong bot's rollouts skip the legality check, so this must hold everywhere."""
    rng = random.Random(4)
    for seed in range(150):
        state = liars.make("love-letter", players=rng.choice([2, 3, 4]), seed=seed, target_wins=1).new_game()
        assert isinstance(state, LoveState)
        while not state.over:
            seat = state.to_act[0]
            hand, known = state.hands[seat], state.known[seat]
            left = partial(unseen, hand, state.played, known)
            pick = choose(hand, seat, state.out, state.protected, known, left, rng)
            assert pick in state.legal_actions(seat)
            state.act(seat, pick if rng.random() < 0.5 else rng.choice(state.legal_actions(seat)))


def test_basic_takes_a_sure_kill() -> None:
    state = start(position([["7"], ["J"]], ["6", "5", "T"]))
    play(state, "7", 1)  # seat 0 looks at seat 1's J and keeps the 6
    play(state, "5", 0, "K")  # seat 1 (J + 5) misses and keeps the J
    bot = bots.make("basic", "love-letter", seed=1)
    assert bot.act(state.view(0), state.legal_actions(0)) == Play("6", 1, "J")


def test_strong_finds_the_sure_kill_and_does_not_throw_the_k_away() -> None:
    state = start(position([["7"], ["J"]], ["6", "5", "T"]))
    play(state, "7", 1)
    play(state, "5", 0, "K")
    bot = bots.make("strong", "love-letter", seed=3, **FAST)
    assert bot.act(state.view(0), state.legal_actions(0)) == Play("6", 1, "J")
    state = start(position([["K"], ["6"], ["7"]], ["9"]))
    assert bot.act(state.view(0), state.legal_actions(0)) == Play("9")


@pytest.mark.parametrize(("hand", "card"), [(["5", "Q"], "5"), (["K", "9"], "9"), (["T", "8"], "8")])
def test_basic_keeps_the_higher_card(hand: list[str], card: str) -> None:
    state = start(position([[hand[0]], ["6"], ["7"]], [hand[1]]))
    bot = bots.make("basic", "love-letter", seed=2)
    for _ in range(5):
        assert bot.act(state.view(0), state.legal_actions(0)).card == card


@pytest.mark.parametrize(("players", "least"), [(2, 0.62), (4, 0.35)])
def test_basic_beats_random(players: int, least: float) -> None:
    wins = 0.0
    games = 240
    for g in range(games):
        hero = g % players
        levels = ["basic" if s == hero else "random" for s in range(players)]
        state, _ = run(levels, players, 1000 + g, target_wins=1)
        if hero in state.winners:
            wins += 1 / len(state.winners)
    assert wins / games >= least  # random's fair share is 1/players


def test_the_rollout_simulator_plays_by_the_engines_rules() -> None:
    rng = random.Random(9)
    rounds = 0
    for seed in range(150):
        state = liars.make("love-letter", players=rng.choice([2, 3, 4]), seed=seed, target_wins=1).new_game()
        assert isinstance(state, LoveState)
        for _ in range(rng.randrange(6)):
            if not state.over:
                state.act_id(rng.choice(state.legal_ids()))
        if state.over:
            continue
        sim = Sim.of(state)
        while True:
            seat = state.to_act[0]
            assert sim.turn == seat and [sim.hands[seat], sim.drawn] == state.hands[seat]
            assert [h[0] if h else None for s, h in enumerate(state.hands) if s != seat] == [
                h for s, h in enumerate(sim.hands) if s != seat
            ]
            assert sim.deck[::-1] == state.deck and sim.aside == state.set_aside
            assert sim.out == state.out and sim.prot == state.protected and sim.known == state.known
            hand, known = state.hands[seat], state.known[seat]
            if rng.random() < 0.5:
                action = rng.choice(state.legal_actions(seat))
            else:
                left = partial(unseen, hand, state.played, known)
                action = choose(hand, seat, state.out, state.protected, known, left, rng)
                assert sim.unseen(seat) == {g: left()[g] for g in GUESSES}
            winners = sim.play(action.card, action.target, action.guess)
            state.act(seat, action)
            if winners is not None:
                assert state.over and last_end(state)["winners"] == winners
                break
            assert not state.over
        rounds += 1
    assert rounds > 100


def test_sightings_follow_the_cards() -> None:
    ev = [
        {"type": "play", "seat": 1, "card": "7", "target": 2},
        {"type": "play", "seat": 3, "card": "8", "target": 0, "loser": None},
    ]
    assert _sightings(ev) == {(1, 2), (3, 0), (0, 3)}
    assert _sightings([*ev, {"type": "play", "seat": 2, "card": "9"}]) == {(3, 0), (0, 3)}
    swap = {"type": "play", "seat": 0, "card": "J", "target": 2}  # seat 2's card goes to seat 0
    assert _sightings([*ev, swap]) == {(1, 0), (0, 2), (2, 0), (0, 3)}
    assert _sightings([*ev, {"type": "out", "seat": 3, "card": "5"}]) == {(1, 2)}


def test_strong_believes_players_keep_the_higher_card() -> None:
    # seat 1 plays a 10 at seat 2 (no sure kill): basic would only do that holding a 10 or more
    state = start(position([["5"], ["T"], ["6"]], ["7", "K", "8", "9"]))
    play(state, "5", 2, "K")  # seat 0 keeps the 7
    play(state, "T", 2)  # seat 1 (T + K) keeps the K; seat 2 discards its 6 and draws the 8
    view = state.view(2)
    rng = random.Random(3)
    for bias, least in ((0.95, 0.8), (0.0, 0.0)):
        worlds = _Worlds(state.game.sample_state(view, rng), view, 2, bias)  # type: ignore[attr-defined]
        high = sum(worlds.draw(rng).hands[1] in ("T", "J", "Q", "K") for _ in range(400)) / 400
        assert high >= least and (bias > 0 or high < 0.5)


def test_kept_after_follows_the_rule_of_thumb_and_the_forced_q() -> None:
    assert kept_after("7", "9") and not kept_after("9", "7")
    assert kept_after("Q", "J") and kept_after("Q", "T") and kept_after("Q", "K") and not kept_after("Q", "9")
    assert not kept_after("J", "Q") and not kept_after("T", "Q") and kept_after("9", "Q")
    for played in "KQJT98765":  # what choose() does with every hand, when there is no sure kill
        for other in "KQJT98765":
            if played == other == "K" or (played == other and played in "QJ"):
                continue
            pick = choose(
                [played, other], 0, [False] * 3, [False] * 3, {}, partial(dict, COUNT), random.Random(1)
            )
            if pick.card == played and played != other:
                assert kept_after(played, other), (played, other)


def test_the_searcher_guesses_by_belief_in_its_rollouts() -> None:
    state = start(position([["6"], ["T"]], ["5", "K"]))
    play(state, "5", 1, "K")  # seat 0 keeps the 6; seat 1 (T + K) will play the 10
    play(state, "T", 0)  # seat 0 discards its 6 and draws; seat 1 keeps the K
    sim = Sim.of(state)
    plain = sim.unseen_now()
    sim.me, sim.last[1] = 0, "T"
    believed = sim.unseen_now()
    assert plain["9"] > 0 and believed["9"] == 0 and believed["K"] == plain["K"]
    sim.me = 1  # only the searcher's own guesses change
    assert sim.unseen_now() == sim.unseen(0) == plain
