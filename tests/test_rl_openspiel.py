"""OpenSpiel adapter: random_sim_test on every game, chance nodes, info states equal iff views equal."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import liars
import liars.rl.openspiel  # registers the python_* games
from liars import GameConfigError

SIMS: list[tuple[str, dict[str, Any], int]] = [
    ("python_liars_dice", {"players": 2, "dice": 1}, 20),
    ("python_liars_dice", {"players": 3, "dice": 2, "wild_ones": True}, 4),
    ("python_liars_dice", {"players": 2, "dice": 3, "spot_on": True}, 4),
    ("python_love_letter", {"players": 2}, 10),
    ("python_love_letter", {"players": 4}, 5),
    # Whole games of hundreds to thousands of moves (random_sim_test reads every
    # player's strings and tensors at every one): seconds each, since the
    # history's views and text are read once per game, not once per step.
    ("python_cheat", {"players": 3}, 2),
    ("python_cheat", {"players": 5, "max_cards": 2}, 1),
    ("python_liegen", {"players": 2, "follow": "suit"}, 1),
    ("python_liegen", {"players": 3, "jokers": True, "follow": "rank_step"}, 1),
]
LONG = [(name, params) for name, params, _ in SIMS[-4:]]


@pytest.mark.parametrize(("name", "params", "sims"), SIMS, ids=[f"{n}-{p}" for n, p, _ in SIMS])
def test_random_sim(name: str, params: dict[str, Any], sims: int) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(("name", "params"), LONG, ids=[f"{n}-{p}" for n, p in LONG])
def test_whole_games(name: str, params: dict[str, Any]) -> None:
    """Our own checks over whole games, beyond random_sim_test's.

    Information-state strings are exactly the canonical JSON of the engine
    views, though they are now written from history text kept across moves
    and copies: checked at many steps, and on a copy that then takes a
    different action (the copy's kept text must not leak into the original's),
    and at the end.
    """
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    rng = random.Random(1)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            state.apply_action(rng.choice(outcomes)[0])
            continue
        legal = state.legal_actions()
        assert legal == sorted(legal) and all(0 <= a < game.num_distinct_actions() for a in legal)
        mask = state.legal_actions_mask()
        assert [i for i, m in enumerate(mask) if m] == legal
        for p in range(n):
            state.information_state_string(p)
            assert len(state.observation_tensor(p)) == game.observation_tensor_size()
        if moves < 20 or moves & (moves - 1) == 0 or moves % 1000 == 0:  # a full view costs the whole history
            for p in range(n):
                assert state.information_state_string(p) == canonical(state.view(p))
                observed = {k: v for k, v in state.view(p).items() if k not in ("history", "history_len")}
                assert state.observation_string(p) == canonical(observed)
            twin = state.clone()
            assert str(twin) == str(state)
            twin.apply_action(legal[-1])
            state.apply_action(legal[0])
            assert (str(twin) != str(state)) == (len(legal) > 1)  # the copy is independent
            for p in range(n):
                assert twin.information_state_string(p) == canonical(twin.view(p))
                assert state.information_state_string(p) == canonical(state.view(p))
        else:
            state.apply_action(rng.choice(legal))
        moves += 1
    for p in range(n):
        assert state.information_state_string(p) == canonical(state.view(p))
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.history() == state.history()
    assert again.information_state_string(0) == state.information_state_string(0)


def deal(game: Any, outcomes: list[int]) -> Any:
    state = game.new_initial_state()
    for o in outcomes:
        assert state.is_chance_node()
        assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9
        state.apply_action(o)
    return state


def test_deal_builds_the_engine_position() -> None:
    """The chance nodes are the engine's own draws: the roll-off's dice, then the cups', one die each."""
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 2})
    # the roll-off: seat 0 throws 1, seat 1 throws 2 (it opens); seat 0 rolls 1 and 6, seat 1 3 and 3
    state = deal(game, [0, 1, 0, 5, 2, 2])
    assert state.current_player() == 1
    assert state.view(0)["dice"] == [1, 6] and state.view(1)["dice"] == [3, 3]
    assert state.view(0)["rolloff"] == [[1, 2]]


def test_a_tied_roll_off_is_thrown_again_by_chance_nodes() -> None:
    game = pyspiel.load_game("python_liars_dice", {"players": 3, "dice": 1})
    state = deal(game, [5, 5, 0, 1, 2, 3])  # seats 0 and 1 tie on 6; the three cups
    assert state.is_chance_node() and state.action_to_string(-1, 0) == "die 1"
    state.apply_action(0)  # seat 0 throws 1 again, seat 1 throws 4: seat 1 opens
    state.apply_action(3)
    assert state.current_player() == 1
    assert state.view(2)["rolloff"] == [[6, 6, 1], [1, 4, None]]
    assert [state.view(p)["dice"] for p in range(3)] == [[2], [3], [4]]


def test_later_rounds_are_rolled_by_chance_nodes() -> None:
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 2})
    state = deal(game, [1, 0, 0, 0, 0, 0])  # seat 0 wins the roll-off; all ones
    state.apply_action(2 + 6 * 3 + 5)  # seat 0 bids four sixes (there are none)
    state.apply_action(0)  # seat 1 calls liar: seat 0 loses a die
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    for face in (4, 3, 5):  # three dice in play: 5, 4, 6
        state.apply_action(face)
    assert state.current_player() == 0
    assert state.view(0)["dice"] == [5] and state.view(1)["dice"] == [4, 6]
    assert state.view(0)["dice_counts"] == [1, 2] and state.view(0)["round"] == 2


def test_info_state_strings_are_equal_exactly_when_views_are() -> None:
    game = pyspiel.load_game("python_liars_dice", {"players": 3, "dice": 2})
    rng = random.Random(0)
    by_string: dict[str, str] = {}
    by_view: dict[str, str] = {}
    for _ in range(40):
        # Seat 0's dice are fixed, the others random: many states share seat 0's information.
        state = deal(game, [5, 0, 0, 2, 3, *[rng.randrange(6) for _ in range(4)]])
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for p in range(3):
                s = state.information_state_string(p)
                v = json.dumps(state.view(p), sort_keys=True)
                assert by_string.setdefault(s, v) == v
                assert by_view.setdefault(v, s) == s
            state.apply_action(rng.choice(state.legal_actions()[:4]))
    shared = sum(1 for s in by_string if '"seat":0' in s)
    assert 1 < shared < len(by_string)


def test_other_seats_dice_change_nothing_a_seat_observes() -> None:
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 2})
    a, b = deal(game, [1, 0, 1, 4, 0, 0]), deal(game, [1, 0, 1, 4, 5, 3])
    for action in (2 + 2, 2 + 9):
        for p in (0, 1):
            same = p == 0
            assert (a.information_state_string(p) == b.information_state_string(p)) == same
            assert np.array_equal(a.information_state_tensor(p), b.information_state_tensor(p)) == same
            assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p)) == same
        a.apply_action(action)
        b.apply_action(action)


def test_love_letter_plays_single_rounds() -> None:
    """Its perfect-recall tensor has room for one round only, so a match is refused."""
    with pytest.raises(GameConfigError):
        pyspiel.load_game("python_love_letter", {"players": 2, "target_wins": 3})


def test_a_new_liegen_round_is_dealt_by_chance_nodes() -> None:
    """Multi-round matches play on: the next round's shuffle is a run of chance nodes (no dealer here)."""
    game = pyspiel.load_game("python_liegen", {"players": 2, "target_wins": 2})
    rng = random.Random(3)
    state = deal(game, [])
    while state.is_chance_node():  # the first deal
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    while not state.is_chance_node():
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.view(0) is None and state.information_state_string(0).startswith("chance")
    dealt = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and len(outcomes) <= game.max_chance_outcomes()
        assert state.action_to_string(-1, outcomes[0][0]).startswith("card ")
        state.apply_action(rng.choice(outcomes)[0])
        dealt += 1
    assert dealt == 51  # 52 cards, the last one forced
    view = state.view(0)
    assert view["round"] == 2 and sum(view["round_wins"]) == 1 and sum(view["hand_sizes"]) == 52
    assert state.information_state_string(0) == canonical(view)


def test_the_declared_length_holds() -> None:
    """``max_game_length`` is the engine's action bound, and a game that reaches it ends there (a draw).

    Random Liegen once ran to 23,057 moves against a declared 20,000 (random_sim_test failed).
    """
    from liars.bots import action_bound

    game = pyspiel.load_game("python_liegen", {"players": 2})
    assert game.max_game_length() == action_bound(liars.make("liegen", players=2, target_wins=1))
    state = game.new_initial_state()
    kept, state.kit.bound = state.kit.bound, 300  # short, so that a random game surely reaches it
    try:
        rng = random.Random(0)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.history()) == 300
        assert state.returns() == [0.0, 0.0] and state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == [] and not state.box.state.over
    finally:
        state.kit.bound = kept  # the kit is the loaded game's, shared


def test_rolloff_false_draws_the_opener_as_one_chance_node() -> None:
    """``rolloff=False``: the opener is one uniform chance node, then the cups; no throws in any view."""
    game = pyspiel.load_game("python_liars_dice", {"players": 3, "dice": 1, "rolloff": False})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(2)  # seat 2 opens
    for face in (0, 1, 2):  # the three cups: 1, 2, 3
        assert state.is_chance_node() and len(state.chance_outcomes()) == 6
        state.apply_action(face)
    assert state.current_player() == 2
    assert [state.view(p)["dice"] for p in range(3)] == [[1], [2], [3]]
    assert not state.view(0)["rolloff"]
    with_rolloff = pyspiel.load_game("python_liars_dice", {"players": 3, "dice": 1})
    assert len(with_rolloff.new_initial_state().chance_outcomes()) == 6  # the roll-off's first throw


def test_a_refused_action_changes_nothing_and_a_finished_game_refuses_plainly() -> None:
    """An illegal action (player or chance) raises ``IllegalAction`` and leaves the state as it was.

    The move counter once went up before the engine refused, so every refused
    try showed in ``str(state)`` and brought the game's cut
    (``max_game_length``) one step nearer: enough tries and a running game was
    terminal with 0 for all.  And a finished game answered any action with an
    ``IndexError`` from inside the adapter.
    """
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 1, "rolloff": False})
    state = game.new_initial_state()
    with pytest.raises(liars.IllegalAction):
        state.apply_action(99)  # not a chance outcome of the opener's draw
    for outcome in (0, 2, 4):  # seat 0 opens; cups 3 and 5
        state.apply_action(outcome)
    before = (str(state), state.history(), state.information_state_string(0), state.observation_tensor(0))
    for _ in range(game.max_game_length() + 1):  # more tries than the game's whole length
        with pytest.raises(liars.IllegalAction):
            state.apply_action(0)  # "liar" before any bid
    assert (
        str(state),
        state.history(),
        state.information_state_string(0),
        state.observation_tensor(0),
    ) == before
    assert not state.is_terminal() and state.current_player() == 0
    state.apply_action(2)  # a bid: the game goes on as if nothing had been tried
    state.apply_action(0)  # liar
    assert state.is_terminal() and state.returns() in ([1.0, -1.0], [-1.0, 1.0])
    with pytest.raises(liars.IllegalAction, match="over"):
        state.apply_action(0)
