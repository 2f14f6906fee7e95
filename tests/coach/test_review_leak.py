"""The review reads only the seat's view: hidden cards it never saw cannot change a word of it.

Two games that differ only in another seat's cup (never lifted: the round
is not called) give the same review of seat 0, item for item and number
for number; one that differs in seat 0's own dice does not.  And in a
two-player endgame the solver covers, the exact part is the solver's own
equilibrium for that view.
"""

from __future__ import annotations

from dataclasses import replace

import liars
from liars.coach.review import review
from liars.coach.review_play import SETTINGS
from liars.solver import lookup

FAST = replace(SETTINGS["liars-dice"], samples=4)


def bid(q: int, f: int) -> dict[str, object]:
    return {"type": "bid", "quantity": q, "face": f}


# Seat 0 opens; it jumps wildly at its second turn (the strong bot would not), nobody calls.
MOVES = [(0, bid(1, 2)), (1, bid(2, 2)), (2, bid(2, 3)), (3, bid(3, 3)), (0, bid(11, 6)), (1, bid(12, 6))]


def reviewed(cups: list[list[int]]) -> dict[str, object]:
    game = liars.make("liars-dice", players=4, seed=1)
    start = game.new_game(setup={"dice": cups, "opener": 0})
    return review(game, MOVES, 0, settings=FAST, start=start).to_json()


def test_another_seats_hidden_dice_do_not_change_the_review() -> None:
    mine = [2, 2, 3, 5, 6]
    a = reviewed([mine, [1, 1, 1, 1, 1], [4, 4, 4, 4, 4], [6, 6, 6, 6, 6]])
    b = reviewed([mine, [6, 5, 4, 3, 2], [3, 3, 3, 3, 3], [2, 2, 1, 1, 5]])
    assert a["items"], "seat 0's jump to eleven sixes is a disagreement"
    assert a == b


def test_the_seats_own_dice_do_change_it() -> None:
    others = [[1, 1, 1, 1, 1], [4, 4, 4, 4, 4], [6, 6, 6, 6, 6]]
    a = reviewed([[2, 2, 3, 5, 6], *others])
    b = reviewed([[6, 6, 6, 6, 6], *others])
    assert a != b  # the test above would pass for a review that ignored every die


def test_a_solved_endgame_carries_the_equilibrium() -> None:
    game = liars.make("liars-dice", players=2, seed=5)
    start = game.new_game(setup={"dice": [[3], [5]], "opener": 0})
    # Seat 0 opens with two sixes at one die each: a bid the equilibrium does not open with.
    result = review(game, [(0, bid(2, 6)), (1, {"type": "liar"})], 0, settings=FAST, start=start)
    assert result.items
    item = result.items[0]
    assert item.exact is not None
    want = lookup(item.view)
    assert want
    assert sorted((a["type"], a.get("quantity"), a.get("face"), p) for a, p in item.exact.policy) == sorted(
        (a["type"], a.get("quantity"), a.get("face"), p) for a, p in want
    )
    assert abs(sum(p for _, p in item.exact.policy) - 1.0) < 1e-9
    assert item.exact.taken == sum(p for a, p in want if a == bid(2, 6))
