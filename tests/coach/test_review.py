"""The review engine: which decisions it lists, how it ranks them, that it is reproducible, bad input.

Small settings (a few samples, short continuations) keep each test to a
second or two; the games' own settings are measured in bench/coach_review.py.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

import liars
from liars.coach.review import Review, check_moves, record, review, review_saved
from liars.coach.review_play import SETTINGS, Settings

FAST = Settings(samples=3, strong=6, horizon=60)


def played(game_id: str, players: int, seed: int, **options: Any) -> tuple[liars.Game, list[tuple[int, Any]]]:
    """A finished game: seat 0 plays at random (so it makes mistakes), the others are strong bots."""
    game = liars.make(game_id, players=players, seed=seed, **options)
    return game, record(game, ["random"] + ["strong"] * (players - 1), seed=seed)


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("liars-dice", 3, {}),
        ("liars-dice-poker", 2, {}),
        ("cheat", 3, {}),
        ("liegen", 3, {}),
        ("love-letter", 2, {"target_wins": 1}),
    ],
)
def test_each_item_is_a_disagreement_seen_from_the_seat(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game, moves = played(game_id, players, seed=4, **options)
    plan = SETTINGS[game_id]
    fast = replace(plan, samples=2, horizon=None if plan.horizon is None else 30)
    result = review(game, moves, 0, settings=fast)
    assert result.decisions > 0
    assert result.items, "a random seat 0 against strong bots: the strong bot disagrees somewhere"
    state = game.new_game()
    views = {}
    for i, (who, action) in enumerate(moves):
        if who == 0:
            views[i] = (state.view(0), [a.to_json() for a in state.legal_actions(0)])
        state.act(who, action)
    for item in result.items:
        view, legal = views[item.move]
        assert item.view == view  # the position exactly as seat 0 saw it, and nothing else
        assert item.taken == moves[item.move][1]
        assert item.advised != item.taken and item.advised in legal
        assert 0.0 <= item.win_taken <= 1.0 and 0.0 <= item.win_advised <= 1.0
    gains = [it.gain for it in result.items]
    assert gains == sorted(gains, reverse=True)  # ranked: the costliest first
    assert result.playouts == 2 * fast.samples * len(result.items)


def test_the_same_review_twice_and_a_different_seed_differs() -> None:
    game, moves = played("liars-dice", 3, seed=8)
    a = review(game, moves, 0, settings=FAST, seed=1).to_json()
    assert review(game, moves, 0, settings=FAST, seed=1).to_json() == a
    assert json.loads(json.dumps(a)) == a  # JSON-able, as the server sends it
    others = [review(game, moves, 0, settings=FAST, seed=s).to_json() for s in (2, 3)]
    assert any(o != a for o in others)  # the seed is used (the samples and the bots' choices)


def test_a_seat_that_played_like_the_strong_bot_has_nothing_listed() -> None:
    """Seat 1 is a strong bot seeded as the advisor would not be: it may still differ, but
    a seat that always agrees must give an empty list; here every move of seat 0 is a forced one."""
    game = liars.make("liars-dice", players=2, seed=3)
    moves = record(game, ["strong", "strong"], seed=0)
    result = review(game, moves, 0, settings=FAST)
    assert result.decisions == sum(1 for s, _ in moves if s == 0)
    assert len(result.items) < result.decisions  # mostly agreeing: it is the same bot


def test_bad_input_is_refused_clearly() -> None:
    game, moves = played("liars-dice", 2, seed=2)
    with pytest.raises(liars.GameConfigError) as exc:
        record(game, ["strong"], seed=0)  # one level for two seats
    assert exc.value.code == "out_of_range"
    with pytest.raises(liars.GameConfigError) as exc:
        review(game, moves, 5)
    assert exc.value.code == "out_of_range"
    with pytest.raises(liars.GameConfigError) as exc:
        check_moves([[0, {"type": "liar"}], "nonsense"], 2)
    assert exc.value.code == "bad_save" and "move 1" in str(exc.value)
    with pytest.raises(liars.GameConfigError):
        check_moves({"a": 1}, 2)
    with pytest.raises(liars.IllegalAction) as ill:
        review(
            game, [*moves[:2], (moves[2][0], {"type": "bid", "quantity": 99, "face": 9})], 0, settings=FAST
        )
    assert "move 2" in str(ill.value)


def saved(game: liars.Game, moves: list[tuple[int, Any]], **extra: Any) -> str:
    state = game.new_game()
    for who, action in moves:
        state.act(who, action)
    data = json.loads(state.to_json())
    data.update(moves=[[s, a] for s, a in moves], names=["You", "Bot 1", "Bot 2"][: game.players], human=0)
    data.update(extra)
    return json.dumps(data)


def test_a_terminal_save_is_reviewed_for_its_player() -> None:
    game, moves = played("liars-dice", 2, seed=6)
    text = saved(game, moves)
    direct: Review = review(game, moves, 0, settings=FAST)
    assert review_saved(text, settings=FAST).to_json() == direct.to_json()
    assert review_saved(text, 1, settings=FAST).seat == 1


def test_a_save_whose_moves_lead_elsewhere_is_refused() -> None:
    game, moves = played("liars-dice", 2, seed=6)
    text = saved(game, moves)
    data = json.loads(text)
    data["moves"] = data["moves"][:-1]
    with pytest.raises(liars.GameConfigError) as exc:
        review_saved(json.dumps(data), settings=FAST)
    assert exc.value.code == "bad_save"
    del data["moves"]
    with pytest.raises(liars.GameConfigError) as exc:
        review_saved(json.dumps(data), settings=FAST)
    assert "no moves" in str(exc.value)
    for broken in ("[]", "not json", '{"format": "liars/1"}'):
        with pytest.raises(liars.GameConfigError):
            review_saved(broken, settings=FAST)


def test_warmed_bots_give_the_same_review_as_cold_ones() -> None:
    """The continuations' strong dice bots start from copies that read the history once: the same numbers."""
    game, moves = played("liars-dice", 3, seed=9)
    plan = replace(SETTINGS["liars-dice"], samples=2)
    warm = review(game, moves, 0, settings=plan)
    cold = review(game, moves, 0, settings=replace(plan, warm=False))
    assert warm.items and warm.to_json() == cold.to_json()


def test_the_paired_error_is_the_standard_error_of_the_differences() -> None:
    """``Compared.error``: the spread of the per-world differences over the root of their number,
    zero when every world agrees, and as wide as a difference can be from a single world."""
    from liars.coach.review_play import Compared

    same = Compared([[1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 0.0]])
    assert same.means == [0.5, 0.5] and same.error(0, 1) == 0.0
    split = Compared([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]])  # differences -1, 1, -1, 1
    assert split.means == [0.5, 0.5] and abs(split.error(0, 1) - (4 / 3) ** 0.5 / 2) < 1e-12
    assert Compared([[1.0], [0.0]]).error(0, 1) == 1.0
