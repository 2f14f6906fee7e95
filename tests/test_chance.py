"""Explicit chance: every draw goes through ``state.chance``, and a caller can choose its outcomes."""

from __future__ import annotations

import pickle
import random

import pytest

import liars
from liars import IllegalAction
from liars.chance import ChanceNeeded, Explicit, Script
from liars.core import game_ids
from liars.rng import Rng

GAMES = list(game_ids())


def random_explicit(game_id: str, seed: int, moves: int = 400) -> tuple[Explicit, list[tuple[str, int]]]:
    """A game played at random through :class:`Explicit`, and what was done (``c`` chance, ``a`` action)."""
    rng = random.Random(seed)
    x = Explicit.deal(liars.make(game_id, seed=seed))
    done: list[tuple[str, int]] = []
    while len(done) < moves:
        outcomes = x.chance_outcomes()
        if outcomes is not None:
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and len(outcomes) > 1
            o = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            x.apply_chance(o)
            done.append(("c", o))
            continue
        if x.state.over:
            break
        a = rng.choice(list(x.state.legal_ids()))
        x.act_id(a)
        done.append(("a", a))
    return x, done


def replay(game_id: str, seed: int, done: list[tuple[str, int]]) -> Explicit:
    x = Explicit.deal(liars.make(game_id, seed=seed))
    for kind, v in done:
        if kind == "c":
            x.apply_chance(v)
        else:
            x.act_id(v)
    return x


@pytest.mark.parametrize("game_id", GAMES)
def test_every_draw_goes_through_the_chance(game_id: str) -> None:
    """A chance that refuses every draw stops the deal: no game draws from anywhere else."""
    game = liars.make(game_id, seed=1)
    with pytest.raises(ChanceNeeded):
        game.new_game(chance=Script((), Rng(1)))
    state = game.new_game()
    assert state.chance is state.rng
    assert state.to_json() == game.new_game(chance=Rng(game.seed)).to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_explicit_games_are_the_outcomes_and_the_moves(game_id: str) -> None:
    """Same outcomes and moves, same game; the position saves and loads; copies are independent."""
    x, done = random_explicit(game_id, 4)
    assert any(k == "c" for k, _ in done)
    again = replay(game_id, 4, done)
    if x.pending:
        assert again.pending and again.chance_outcomes() == x.chance_outcomes()
        return
    text = x.state.to_json()
    assert again.state.to_json() == text
    loaded = liars.load(text)
    assert loaded.to_json() == text and loaded.view(0) == x.state.view(0)
    twin = x.clone()
    if not x.state.over:
        legal = list(x.state.legal_ids())
        twin.act_id(legal[-1])
        assert x.state.to_json() == text
    assert pickle.loads(pickle.dumps(x)).state.to_json() == text


def test_dice_are_the_outcomes_given() -> None:
    game = liars.make("liars-dice", players=2, seed=9, dice=2)
    # roll-off: seat 0 throws 3, seat 1 throws 5; then the cups, one die at a time
    state = game.new_game(chance=Script([2, 4, 0, 5, 1, 1], Rng(9)))
    assert state.to_act == (1,)
    assert state.view(0)["dice"] == [1, 6] and state.view(1)["dice"] == [2, 2]
    with pytest.raises(ChanceNeeded) as need:
        game.new_game(chance=Script([2, 4, 0], Rng(9)))
    assert need.value.event.kind == "dice" and need.value.event.size == 6


def test_a_new_round_waits_for_its_dice() -> None:
    game = liars.make("liars-dice", players=2, seed=0, dice=2)
    x = Explicit.deal(game)
    for o in [1, 0, 0, 0, 0, 0]:  # seat 0 opens; every die shows 1
        x.apply_chance(o)
    assert not x.pending and x.state.to_act == (0,)
    x.act(0, {"type": "bid", "quantity": 4, "face": 6})
    x.act(1, {"type": "liar"})  # seat 0 bid four sixes: there are none, it loses a die
    assert x.pending and x.event is not None and x.event.kind == "dice" and x.event.size == 3
    with pytest.raises(IllegalAction):
        x.state  # noqa: B018  (the position is not built while its dice are drawn)
    with pytest.raises(IllegalAction) as bad:
        x.apply_chance(6)  # a die shows 1 to 6: outcomes 0 to 5
    assert bad.value.code == "out_of_range"
    twin = x.clone()
    for o in (4, 3, 5):
        x.apply_chance(o)
    assert x.state.view(0)["dice"] == [5] and x.state.view(1)["dice"] == [4, 6]
    assert x.state.view(0)["round"] == 2
    assert twin.pending and twin.chance_outcomes() == [(f, 1 / 6) for f in range(6)]  # the copy waits


def test_a_shuffle_is_drawn_value_by_value() -> None:
    """Equal cards are one outcome, with the chance of its copies; the last value left is not asked."""
    game = liars.make("love-letter", players=2, seed=2)
    x = Explicit.deal(game)
    assert x.event is not None and x.event.kind == "below" and x.label(1) == "draw 1 of 2"
    x.apply_chance(1)  # seat 1 starts
    event = x.event
    assert event is not None and event.kind == "shuffle" and event.size == 16
    first = dict(x.chance_outcomes() or [])
    assert sum(first.values()) == pytest.approx(1.0)
    six = event.values.index("6")
    assert first[six] == pytest.approx(3 / 16)  # three sixes among sixteen cards
    asked = 0
    while x.pending:
        outcomes = x.chance_outcomes() or []
        x.apply_chance(outcomes[0][0])
        asked += 1
    assert asked < 16  # the tail, once one value is left, is filled in
    assert x.state.to_act == (1,)


def test_a_refused_move_changes_nothing() -> None:
    x = Explicit.deal(liars.make("cheat", players=3, seed=5))
    while x.pending:
        x.apply_chance((x.chance_outcomes() or [])[0][0])
    text = x.state.to_json()
    rng = x.state.rng
    with pytest.raises(IllegalAction):
        x.act(x.state.to_act[0], {"type": "nonsense"})
    assert x.state.to_json() == text and x.state.rng is rng
    with pytest.raises(IllegalAction):
        x.apply_chance(0)  # no chance event is open


def test_a_state_built_elsewhere_can_be_driven() -> None:
    """Explicit(state): a sampled or loaded position plays on with its later draws explicit."""
    game = liars.make("liars-dice", players=2, seed=3, dice=1)
    state = game.new_game(setup={"dice": [[2], [5]], "opener": 0})
    x = Explicit(state)
    x.act(0, {"type": "bid", "quantity": 2, "face": 6})
    x.act(1, {"type": "liar"})
    assert x.state.over  # one die each: the loser is out, nothing to draw
    y = Explicit(
        liars.make("liars-dice", players=2, seed=3, dice=2).new_game(setup={"dice": [[2, 2], [5, 5]]})
    )
    y.act(y.state.to_act[0], {"type": "bid", "quantity": 4, "face": 6})
    y.act(y.state.to_act[0], {"type": "liar"})
    assert y.pending and y.event is not None and y.event.size == 3
