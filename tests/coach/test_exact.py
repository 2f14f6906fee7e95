"""The solved endgame's coaching, checked against a plain recursion over the solver's own tables."""

from __future__ import annotations

from typing import Any

import pytest

import liars
from liars import coach
from liars.coach.exact import exact, expected_loss
from liars.games.liars_dice import bid_index
from liars.solver import table
from liars.solver.round import Round, hand_prob, hands_of

pytest.importorskip("numpy")


def brute(a: int, b: int, wild: bool, me: int, hand: list[int], bids: list[int]) -> dict[int, float]:
    """Per action (-1 liar, else a bid): my expected payoff, by recursion with Table.weights for both."""
    tbl = table(a, b, wild)
    assert tbl is not None
    rnd = Round(a, b, 1 if wild else None)
    opp = 1 - me
    h = rnd.hand_index(me, hand)
    hands = hands_of(b if opp else a)
    post = []
    for o, oh in enumerate(hands):
        p, m = hand_prob(oh), 0
        for i, x in enumerate(bids):
            if i % 2 == opp:
                p *= dict(tbl.weights(m, o)).get(x, 0.0)
            m |= 1 << x
        post.append(p)
    total = sum(post)

    def payoff(m: int, o: int) -> float:
        """Liar called at m: my payoff."""
        last = m.bit_length() - 1
        h0, h1 = (h, o) if me == 0 else (o, h)
        held = bool(rnd.holds(last)[h0, h1])
        bidder = 0 if m.bit_count() % 2 == 1 else 1
        return 1.0 if held == (bidder == me) else -1.0

    def value(m: int, o: int) -> float:
        actor = m.bit_count() % 2
        out = 0.0
        for act, p in tbl.weights(m, h if actor == me else o):
            out += p * (payoff(m, o) if act < 0 else value(m | 1 << act, o))
        return out

    m = 0
    for x in bids:
        m |= 1 << x
    result = {}
    acts = ([-1] if m else []) + list(range(m.bit_length(), rnd.bids))
    for act in acts:
        result[act] = (
            sum(w * (payoff(m, o) if act < 0 else value(m | 1 << act, o)) for o, w in enumerate(post)) / total
        )
    return result


def view_after(
    a_dice: list[int], b_dice: list[int], bids: list[tuple[int, int]], wild: bool = False
) -> tuple[liars.State, dict[str, Any]]:
    game = liars.make("liars-dice", players=2, seed=1, dice=max(len(a_dice), len(b_dice)), wild_ones=wild)
    state = game.new_game(setup={"dice": [a_dice, b_dice], "opener": 0})
    for q, f in bids:
        state.act(state.to_act[0], {"type": "bid", "quantity": q, "face": f})
    return state, dict(state.view(state.to_act[0]))


@pytest.mark.parametrize(
    ("a_dice", "b_dice", "bids", "wild"),
    [
        ([3], [5], [], False),
        ([3], [5], [(1, 3)], False),
        ([1], [6], [(1, 2), (1, 6)], True),
        ([2, 5], [4], [(2, 2), (2, 4)], False),  # 2 v 1, deep enough for the recursion
        ([6], [1, 6], [(2, 3), (2, 6)], True),
    ],
)
def test_values_and_mix_match_the_recursion(
    a_dice: list[int], b_dice: list[int], bids: list[tuple[int, int]], wild: bool
) -> None:
    state, view = view_after(a_dice, b_dice, bids, wild)
    seat = view["seat"]
    me = 0 if seat == 0 else 1
    hand = a_dice if me == 0 else b_dice
    out = exact(view)
    assert out is not None
    want = brute(len(a_dice), len(b_dice), wild, me, hand, [bid_index(q, f) for q, f in bids])
    legal = [x.to_json() for x in state.legal_actions(seat)]
    assert [x["action"] for x in out["actions"]] == legal
    mix = dict(
        (a["type"] if a["type"] == "liar" else (a["quantity"], a["face"]), p)
        for a, p in liars.solver.lookup(view) or []
    )
    eq = 0.0
    for x, act in zip(out["actions"], want, strict=True):
        assert x["win"] == pytest.approx((1 + want[act]) / 2, abs=1e-4)
        key = "liar" if act < 0 else (x["action"]["quantity"], x["action"]["face"])
        assert x["prob"] == pytest.approx(mix.get(key, 0.0), abs=1e-6)
        eq += x["prob"] * want[act]
    assert out["win"] == pytest.approx((1 + eq) / 2, abs=1e-4)
    # On the equilibrium's path every action it plays is as good as it gets (up to its exploitability).
    assert min(x["loss"] for x in out["actions"]) == 0.0
    for x in out["actions"]:
        if x["prob"] > 0.01 and out["on_path"]:
            assert x["loss"] < 2e-3
        assert x["loss"] >= 0.0
    if (len(a_dice), len(b_dice), tuple(bids)) == (2, 1, ((2, 2), (2, 4))):
        assert not out["on_path"]  # the opener never bids two twos holding 2 5


def test_the_openers_value_averaged_over_its_rolls_is_the_game_value() -> None:
    """docs/solver.md: 1 v 1 plain is worth -0.111111 to the opener."""
    total = 0.0
    for hand in hands_of(1):
        _, view = view_after(list(hand), [4], [])
        out = exact(view)
        assert out is not None
        total += hand_prob(hand) * (2 * out["win"] - 1)
    assert total == pytest.approx(-1 / 9, abs=1e-4)


def test_outside_the_solved_sizes_there_is_nothing_exact() -> None:
    _, view = view_after([2, 5], [4, 4], [(1, 2)])
    assert exact(view) is None
    assert coach.odds("liars-dice", view)["exact"] is None
    _, mine = view_after([3], [5], [(1, 3)])
    assert coach.odds("liars-dice", mine)["exact"] == exact(mine)
    # not the seat's turn: nothing to advise, nothing exact
    game = liars.make("liars-dice", players=2, seed=1, dice=1)
    state = game.new_game(setup={"dice": [[3], [5]], "opener": 0})
    assert exact(state.view(1)) is None


def test_the_advice_in_a_solved_endgame_quotes_the_equilibrium() -> None:
    _, view = view_after([3], [5], [(1, 3)])
    out = coach.odds("liars-dice", view)
    why = out["advice"]["why"]
    assert why["code"] == "dice_solved"
    played = next(x for x in out["exact"]["actions"] if x["action"] == out["advice"]["action"])
    assert why["params"]["prob"] == pytest.approx(played["prob"], abs=1e-6)


def test_expected_loss_is_in_the_rounds_stakes() -> None:
    """What the review reads: twice the win chance an action gives up, None where nothing is solved."""
    _, view = view_after([3], [5], [(1, 3)])
    out = exact(view)
    assert out is not None
    for x in out["actions"]:
        assert expected_loss(view, x["action"]) == pytest.approx(2 * x["loss"])
    assert expected_loss(view, {"type": "bid", "quantity": 1, "face": 1}) is None  # not legal there
    _, big = view_after([2, 5], [4, 4], [(1, 2)])
    assert expected_loss(big, {"type": "liar"}) is None
