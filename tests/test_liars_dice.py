"""Rule tests for Løgnterninger (liars-dice), one or more per rule of the rules file and seed."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liars
from liars import GameConfigError, IllegalAction
from liars.games.liars_dice import Bid, DiceState, count_face, parse
from tests.typed import some


def bid(q: int, f: int) -> dict[str, Any]:
    return {"type": "bid", "quantity": q, "face": f}


LIAR = {"type": "liar"}
SPOT = {"type": "spot_on"}


def position(dice: list[list[int]], opener: int = 0, **opts: Any) -> liars.State:
    return liars.make("liars-dice", players=len(dice), seed=1, **opts).new_game(
        setup={"dice": dice, "opener": opener}
    )


def play(state: liars.State, *actions: dict[str, Any]) -> None:
    for a in actions:
        state.act(state.to_act[0], a)


# -- set-up --------------------------------------------------------------------------------


def test_two_to_six_players_five_dice_each_by_default() -> None:
    for n in range(2, 7):
        v = liars.make("liars-dice", players=n, seed=n).new_game().view(0)
        assert v["dice_counts"] == [5] * n and len(v["dice"]) == 5
    for n in (1, 7):
        with pytest.raises(GameConfigError, match="between 2 and 6"):
            liars.make("liars-dice", players=n)


def test_dice_option_sets_the_lives() -> None:
    v = liars.make("liars-dice", players=3, seed=2, dice=2).new_game().view(1)
    assert v["dice_counts"] == [2, 2, 2] and len(v["dice"]) == 2 and v["total_dice"] == 6


def test_roll_off_highest_opens_and_ties_roll_again_among_the_tied() -> None:
    saw_tie = False
    for seed in range(300):
        state = liars.make("liars-dice", players=4, seed=seed).new_game()
        rows = state.view(None)["rolloff"]
        assert rows[0].count(None) == 0  # everyone rolls first
        for before, after in itertools.pairwise(rows):
            top = max(r for r in before if r is not None)
            tied = [s for s, r in enumerate(before) if r == top]
            assert len(tied) > 1
            assert [s for s, r in enumerate(after) if r is not None] == tied
            saw_tie = True
        last = rows[-1]
        top = max(r for r in last if r is not None)
        assert last.count(top) == 1
        assert state.to_act == (last.index(top),)
    assert saw_tie


def test_a_seat_without_dice_takes_no_part_in_the_roll_off() -> None:
    for seed in range(30):
        state = liars.make("liars-dice", players=3, seed=seed).new_game(setup={"dice": [[], [2], [3]]})
        assert state.to_act != (0,)
        assert all(row[0] is None for row in state.view(None)["rolloff"])


def test_the_opener_is_not_always_the_same_seat() -> None:
    openers = {liars.make("liars-dice", players=3, seed=s).new_game().to_act[0] for s in range(40)}
    assert openers == {0, 1, 2}


# -- bidding -------------------------------------------------------------------------------


def test_any_opening_bid_within_the_dice_in_play() -> None:
    state = position([[1, 2], [3, 4]])
    legal = state.legal_actions(0)
    assert legal == [Bid(q, f) for q in range(1, 5) for f in range(1, 7)]
    with pytest.raises(IllegalAction, match="between 1 and 4"):
        state.act(0, bid(5, 2))
    with pytest.raises(IllegalAction, match="no bid yet"):
        state.act(0, LIAR)


@given(st.integers(1, 10), st.integers(1, 6), st.integers(1, 10), st.integers(1, 6))
def test_higher_means_more_dice_or_as_many_of_a_higher_face(q1: int, f1: int, q2: int, f2: int) -> None:
    state = position([[2] * 5, [3] * 5])
    state.act(0, bid(q1, f1))
    before = state.to_json()
    higher = q2 > q1 or (q2 == q1 and f2 > f1)
    if higher:
        state.act(1, bid(q2, f2))
        assert state.view(0)["bid"] == {"seat": 1, "quantity": q2, "face": f2}
    else:
        with pytest.raises(IllegalAction, match="not higher"):
            state.act(1, bid(q2, f2))
        assert state.to_json() == before


def test_seed_examples_of_higher_bids() -> None:
    state = position([[5] * 5, [2] * 5, [6] * 5, [1] * 5])
    play(state, bid(4, 5))
    assert Bid(5, 2) in state.legal_actions(1)  # five twos after four fives
    assert Bid(4, 6) in state.legal_actions(1)  # four sixes after four fives
    assert Bid(4, 4) not in state.legal_actions(1)


def test_only_the_player_to_act_may_bid_or_call_and_turns_go_clockwise() -> None:
    state = position([[1], [2], [3]], opener=1)
    assert state.to_act == (1,)
    with pytest.raises(IllegalAction, match="may not act"):
        state.act(0, bid(1, 1))
    state.act(1, bid(1, 1))
    assert state.to_act == (2,)
    with pytest.raises(IllegalAction, match="may not act"):
        state.act(0, LIAR)
    state.act(2, bid(2, 1))
    assert state.to_act == (0,)


def test_turns_go_clockwise_from_the_roll_off_winner() -> None:
    for seed in range(6):  # a dealt game (not a set-up position) takes its own quick path
        state = liars.make("liars-dice", players=4, seed=seed).new_game()
        seat = state.to_act[0]
        for q in range(1, 5):
            play(state, bid(q, 2))
            seat = (seat + 1) % 4
            assert state.to_act == (seat,)


def test_the_integer_path_keeps_the_bidding_rules() -> None:
    # act_id is a separate fast path: it must refuse all that act refuses.
    game = liars.make("liars-dice", players=2, seed=1, spot_on=True)
    state = game.new_game(setup={"dice": [[1, 2], [3, 4]], "opener": 0})
    start = state.to_json()
    for call in (0, 1):  # liar, spot on: no call before the opening bid
        with pytest.raises(IllegalAction):
            state.act_id(call)
    with pytest.raises(IllegalAction):
        state.act_id(game.action_id(bid(5, 1)))  # more dice than the four in play
    assert state.to_json() == start
    state.act_id(game.action_id(bid(2, 3)))
    for not_higher in (bid(2, 3), bid(2, 2), bid(1, 6)):
        with pytest.raises(IllegalAction):
            state.act_id(game.action_id(not_higher))
    assert state.view(None)["bids"] == [{"seat": 0, "quantity": 2, "face": 3}]
    state.act_id(game.action_id(bid(2, 4)))  # as many of a higher face
    state.act_id(game.action_id(bid(3, 1)))  # more dice of a lower face
    assert state.view(None)["bid"] == {"seat": 0, "quantity": 3, "face": 1}
    plain = liars.make("liars-dice", players=2, seed=1)
    off = plain.new_game(setup={"dice": [[1, 2], [3, 4]], "opener": 0})
    off.act_id(plain.action_id(bid(1, 1)))
    with pytest.raises(IllegalAction):
        off.act_id(1)  # spot on, with the option off
    assert off.view(None)["revealed"] is None


def test_spot_on_only_with_its_option() -> None:
    state = position([[1], [2]])
    play(state, bid(1, 1))
    with pytest.raises(IllegalAction, match="spot_on is off"):
        state.act(1, SPOT)
    assert liars.make("liars-dice", players=2).action_from_id(1) not in state.legal_actions(1)


# -- calling liar --------------------------------------------------------------------------


def test_seed_worked_example_three_players() -> None:
    # You (seat 0) hold 2 3 3 5 6; the table holds three fives in all.
    state = position([[2, 3, 3, 5, 6], [1, 5, 4, 4, 2], [5, 1, 1, 3, 6]], opener=0)
    play(state, bid(2, 3), bid(3, 5), bid(4, 5), LIAR)
    v = state.view(0)
    assert v["revealed"]["count"] == 3
    assert v["revealed"]["losers"] == [2]  # the bidder of four fives
    assert v["dice_counts"] == [5, 5, 4] and v["total_dice"] == 14
    assert state.to_act == (2,)  # the loser opens the next round


def test_a_bid_that_holds_exactly_costs_the_caller() -> None:
    state = position([[4, 4], [4, 1]])
    play(state, bid(3, 4), LIAR)
    assert state.view(None)["dice_counts"] == [2, 1]
    assert state.to_act == (1,)


def test_a_bid_that_holds_with_more_costs_the_caller_and_fewer_costs_the_bidder() -> None:
    more = position([[6, 6], [6, 6]])
    play(more, bid(3, 6), LIAR)
    assert more.view(None)["revealed"]["losers"] == [1]
    fewer = position([[6, 2], [6, 3]])
    play(fewer, bid(3, 6), LIAR)
    assert fewer.view(None)["revealed"]["losers"] == [0]


def test_a_lost_die_is_gone_for_good_and_everyone_rolls_again() -> None:
    state = position([[1, 1, 1], [2, 2, 2]])
    play(state, bid(1, 6), LIAR)  # no six: seat 0 loses a die
    v = state.view(0)
    assert v["dice_counts"] == [2, 3]
    assert len(v["dice"]) == 2 and len(state.view(1)["dice"]) == 3
    assert v["bids"] == [] and v["bid"] is None and v["round"] == 2
    seen = {tuple(state.view(0)["dice"])}
    for seed in range(2, 8):  # the new dice come from the seed, not from the old cups
        s = liars.make("liars-dice", players=2, seed=seed).new_game(
            setup={"dice": [[1, 1, 1], [2, 2, 2]], "opener": 0}
        )
        play(s, bid(1, 6), LIAR)
        seen.add(tuple(s.view(0)["dice"]))
    assert len(seen) > 1


def test_wild_ones_count_for_every_face_but_ones() -> None:
    dice = [[1, 1, 3], [3, 5, 6]]
    assert count_face(dice, 3, wild_ones=True) == 4
    assert count_face(dice, 3, wild_ones=False) == 2
    assert count_face(dice, 1, wild_ones=True) == 2
    wild = position(dice, wild_ones=True)
    play(wild, bid(4, 3), LIAR)
    assert wild.view(None)["revealed"]["losers"] == [1]  # the bid held thanks to the ones
    plain = position(dice)
    play(plain, bid(4, 3), LIAR)
    assert plain.view(None)["revealed"]["losers"] == [0]
    ones = position([[1, 1, 3], [3, 5, 1]], wild_ones=True)
    play(ones, bid(4, 1), LIAR)  # a bid on ones counts only ones: three
    assert ones.view(None)["revealed"]["count"] == 3


def test_spot_on_exactly_right_costs_everyone_else_a_die() -> None:
    state = position([[2, 2], [2, 5], [6, 6]], spot_on=True)
    play(state, bid(3, 2), SPOT)  # seat 1 claims exactly three twos: right
    v = state.view(None)
    assert v["revealed"]["call"] == "spot_on" and v["revealed"]["losers"] == [0, 2]
    assert v["dice_counts"] == [1, 2, 1]
    assert state.to_act == (1,)  # the claimer opens


def test_spot_on_wrong_costs_the_claimer_who_still_opens() -> None:
    state = position([[2, 2], [2, 5], [6, 6]], spot_on=True)
    play(state, bid(2, 2), SPOT)
    assert state.view(None)["revealed"]["losers"] == [1]
    assert state.view(None)["dice_counts"] == [2, 1, 2]
    assert state.to_act == (1,)


def test_a_claimer_who_goes_out_hands_the_opening_clockwise() -> None:
    state = position([[2], [3], [4]], spot_on=True)
    play(state, bid(1, 6), SPOT)  # wrong: seat 1 is out
    assert state.view(None)["dice_counts"] == [1, 0, 1]
    assert state.to_act == (2,)


def test_spot_on_exactly_right_charges_only_seats_that_still_have_dice() -> None:
    state = position([[2], [], [2, 2]], spot_on=True)  # seat 1 is already out
    play(state, bid(3, 2), SPOT)  # seat 2 is exactly right
    assert state.view(None)["dice_counts"] == [0, 0, 2]
    assert state.view(None)["revealed"]["losers"] == [0]
    assert state.over and state.winners == (2,)


def test_a_loser_who_goes_out_hands_the_opening_to_the_next_with_dice() -> None:
    state = position([[2], [3], [4]], opener=2)
    play(state, bid(1, 6), LIAR)  # seat 2's bid fails: seat 2 is out
    assert state.to_act == (0,)
    play(state, bid(1, 1))
    assert state.to_act == (1,)
    play(state, bid(1, 2))
    assert state.to_act == (0,), "an eliminated seat is skipped"


def test_last_player_with_dice_wins_and_others_are_ranked_by_going_out() -> None:
    state = position([[2], [3], [4, 4]], opener=0)
    play(state, bid(1, 6), LIAR)  # seat 0 out in round 1
    assert not state.over
    state2 = state.clone()
    while not state2.over:  # bid the most there can be, then call: someone loses each round
        play(state2, bid(state2.view(None)["total_dice"], 6) if state2.view(None)["bid"] is None else LIAR)
    assert len(state2.winners) == 1 and state2.places is not None
    assert state2.places[0] == 3
    assert sorted(state2.places) == [1, 2, 3]
    assert state2.to_act == () and state2.legal_actions(state2.winners[0]) == []


def test_players_out_in_the_same_round_share_their_place() -> None:
    state = position([[5], [2], [5], [3, 3]], spot_on=True)
    play(state, bid(2, 5), SPOT)  # seat 1 is exactly right: seats 0 and 2 go out together
    assert state.view(None)["dice_counts"] == [0, 1, 0, 1]
    assert state.view(None)["history"][0]["out"] == [0, 2]
    while not state.over:  # seats 1 and 3 play it out
        play(state, bid(state.view(None)["total_dice"], 6) if state.view(None)["bid"] is None else LIAR)
    assert state.places is not None
    assert state.places[0] == state.places[2] == 3
    assert sorted(state.places) == [1, 2, 3, 3]


# -- what each player knows ----------------------------------------------------------------


def test_views_show_own_dice_counts_and_bids_but_no_other_cup() -> None:
    state = position([[1, 2, 3], [4, 5, 6]])
    play(state, bid(2, 2))
    v0, v1, spec = state.view(0), state.view(1), state.view(None)
    assert v0["dice"] == [1, 2, 3] and v1["dice"] == [4, 5, 6] and spec["dice"] is None
    assert "[4, 5, 6]" not in str(v0) and "[1, 2, 3]" not in str(v1)
    assert "[4, 5, 6]" not in str(spec) and "[1, 2, 3]" not in str(spec)
    for v in (v0, v1, spec):
        assert v["dice_counts"] == [3, 3]
        assert v["bids"] == [{"seat": 0, "quantity": 2, "face": 2}]
        assert v["revealed"] is None


def test_every_bid_of_the_round_is_public_with_its_bidder() -> None:
    state = position([[1, 2, 3], [4, 5, 6], [6, 6, 6]])
    play(state, bid(1, 2), bid(2, 5), bid(3, 1))
    want = [
        {"seat": 0, "quantity": 1, "face": 2},
        {"seat": 1, "quantity": 2, "face": 5},
        {"seat": 2, "quantity": 3, "face": 1},
    ]
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["bids"] == want and state.view(seat)["bid"] == want[-1]
    play(state, LIAR)
    assert state.view(1)["history"][0]["bids"] == want


def test_after_a_call_every_lifted_die_is_public_until_the_next_call() -> None:
    state = position([[1, 2, 3], [4, 5, 6]])
    play(state, bid(2, 2), LIAR)
    rev = state.view(None)["revealed"]
    assert rev == {
        "dice": [[1, 2, 3], [4, 5, 6]],
        "bid": {"seat": 0, "quantity": 2, "face": 2},
        "call": "liar",
        "caller": 1,
        "count": 1,
        "losers": [0],
    }
    play(state, bid(1, 1))
    assert state.view(1)["revealed"] == rev  # still shown during the next round
    assert state.view(1)["history"][0]["dice"] == [[1, 2, 3], [4, 5, 6]]


# -- input checking ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "setup",
    [
        {"dice": [[1, 2]]},
        {"dice": [[1, 7], [2]]},
        {"dice": [[1, 2], [0]]},
        {"dice": [[1] * 6, [2]]},
        {"dice": [[], [2]]},
        {"dice": [[1], [2]], "opener": 2},
        {"dice": [[], [2], [3]], "opener": 0},
        {"dice": [[1.0], [2]]},
        {"opener": True},
        {"dices": []},
    ],
)
def test_bad_setups_are_refused(setup: dict[str, Any]) -> None:
    n = len(setup.get("dice", [[1], [1]]))
    with pytest.raises(GameConfigError):
        liars.make("liars-dice", players=max(n, 2), seed=1).new_game(setup=setup)


def test_text_form_of_actions_round_trips() -> None:
    game = liars.make("liars-dice", players=3, spot_on=True)
    assert game.num_actions == 2 + 6 * 3 * 5
    for i in range(game.num_actions):
        a = game.action_from_id(i)
        assert parse(str(a)) == a
        assert game.action_id(a.to_json()) == i
    with pytest.raises(IllegalAction):
        parse("three fives")


def test_random_matches_conserve_dice_and_lose_one_at_a_time() -> None:
    rng = random.Random(0)
    for seed in range(30):
        state = liars.make("liars-dice", players=4, seed=seed, dice=3, spot_on=bool(seed % 2)).new_game()
        total = 12
        while not state.over:
            seat = state.to_act[0]
            state.act(seat, rng.choice(state.legal_actions(seat)))
            now = state.view(None)["total_dice"] if not state.over else sum(state.view(None)["dice_counts"])
            assert now <= total
            if now < total:
                lost = total - now
                assert lost == len(some(state.view(None)["revealed"])["losers"])
                total = now
        assert sum(1 for c in state.view(None)["dice_counts"] if c) == 1


def test_a_finished_game_loaded_or_cloned_offers_nothing() -> None:
    state = position([[2], [3]])
    play(state, bid(1, 6), LIAR)
    assert state.over
    for copy in (state.clone(), liars.load(state.to_json())):
        assert list(copy.legal_ids()) == [] and copy.legal_actions(0) == copy.legal_actions(1) == []
        for i in range(4):
            with pytest.raises(IllegalAction):
                copy.act_id(i)


def test_metadata_is_data() -> None:
    game = liars.make("liars-dice", players=3, dice=2)
    meta = game.describe()
    assert meta["players"] == [2, 6] and meta["config"]["players"] == 3
    assert meta["num_actions"] == 2 + 6 * 3 * 2
    assert {o["name"]: o["default"] for o in meta["options"]} == {
        "dice": 5,
        "wild_ones": False,
        "spot_on": False,
    }
    assert meta["utility"] == [0.0, 1.0] and meta["ranks"] is True
    assert liars.game_class("liars-dice").info.min_players == 2


def test_sample_state_agrees_with_the_view_and_reads_nothing_hidden() -> None:
    pick = random.Random(4)
    for seed in range(40):
        game = liars.make("liars-dice", players=3, seed=seed, dice=2, spot_on=seed % 2 == 0)
        state = game.new_game()
        while True:
            for seat in range(3):
                view = state.view(seat)
                sampled = game.sample_state(view, random.Random(seed))
                assert sampled.view(seat) == view
                # a twin whose other cups differ gives the very same sample: only the view is read
                twin = state.clone()
                assert isinstance(twin, DiceState)
                others = [s for s in range(3) if s != seat and twin.counts[s]]
                if others and not twin.over:
                    start = sum(twin.counts[: others[0]])
                    twin.dice[start] = twin.dice[start] % 6 + 1
                    assert twin.view(seat) == view and twin.to_json() != state.to_json()
                    assert (
                        game.sample_state(twin.view(seat), random.Random(seed)).to_json() == sampled.to_json()
                    )
            if state.over:
                break
            actor = state.to_act[0]
            state.act(actor, pick.choice(state.legal_actions(actor)))


# -- one bid index, one legality rule ---------------------------------------------------------


def test_bid_index_numbers_every_bid_in_bid_order_and_bid_of_inverts_it() -> None:
    from liars.games.liars_dice import bid_index, bid_of

    bids = [(q, f) for q in range(1, 61) for f in range(1, 7)]
    assert [bid_index(q, f) for q, f in bids] == list(range(len(bids)))  # higher bid = larger index
    assert all(bid_of(bid_index(q, f)) == Bid(q, f) for q, f in bids)
    game = liars.make("liars-dice", players=2, seed=1)
    assert all(game.action_id(Bid(q, f)) == 2 + bid_index(q, f) for q, f in bids[:60])


@pytest.mark.parametrize("spot_on", [False, True])
def test_id_legal_accepts_exactly_the_legal_ids_and_act_id_agrees(spot_on: bool) -> None:
    rng = random.Random(4)
    game = liars.make("liars-dice", players=3, seed=2, dice=2, spot_on=spot_on)
    state = game.new_game()
    assert isinstance(state, DiceState)
    size = 2 + 6 * 3 * 2  # liar, spot on, every bid of 6 dice
    assert game.num_actions == size
    while not state.over:
        legal = set(state.legal_ids())
        for i in range(-3, size + 3):
            assert state.id_legal(i) == (i in legal)
            if i not in legal:
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    state.act_id(i)
                assert state.to_json() == before
        state.act_id(rng.choice(sorted(legal)))
    assert not any(state.id_legal(i) for i in range(size))


def test_legal_mask_row_is_the_legal_mask_shared_between_states() -> None:
    """``legal_mask_row`` is ``legal_mask`` uncopied: equal at every position, loaded ones too, and shared."""
    rng = random.Random(6)
    game = liars.make("liars-dice", players=3, seed=2, dice=2, spot_on=True)
    rows: dict[tuple[bool, int, int], bytes] = {}
    for g in range(20):
        state = game.new_game(seed=g)
        assert isinstance(state, DiceState)
        while True:
            row = state.legal_mask_row()
            assert type(row) is bytes and row == bytes(state.legal_mask())
            loaded = liars.load(state.to_json())
            assert isinstance(loaded, DiceState) and loaded.legal_mask_row() == row
            key = (state.over, sum(state.counts), state.bid)
            assert (
                rows.setdefault(key, row) is row
            )  # one object per dice in play and bid to beat, and the end
            if state.over:
                assert row == bytes(some(game.num_actions))
                break
            state.act_id(rng.choice(list(state.legal_ids())))


def test_the_object_path_refuses_what_the_id_path_refuses_with_its_reason() -> None:
    state = position([[1, 2], [3, 4]], opener=0)
    for action, code in ((LIAR, "no_bid_yet"), (SPOT, "no_bid_yet"), (bid(5, 2), "bid_quantity")):
        with pytest.raises(IllegalAction) as exc:
            state.act(0, action)
        assert exc.value.code == code
    play(state, bid(2, 3))
    for action, code in ((bid(2, 3), "bid_too_low"), (bid(1, 6), "bid_too_low"), (SPOT, "spot_on_off")):
        with pytest.raises(IllegalAction) as exc:
            state.act(1, action)
        assert exc.value.code == code
    with pytest.raises(IllegalAction) as exc:
        state.act(1, {"type": "bid", "quantity": 2, "face": 7})
    assert exc.value.code in ("out_of_range", "bid_face")


def test_view_of_no_seat_and_sample_state_of_a_bad_view_raise_documented_errors() -> None:
    game = liars.make("liars-dice", players=3, seed=1)
    state = game.new_game()
    with pytest.raises(GameConfigError) as exc:
        state.view(9)
    assert exc.value.code
    for bad in (state.view(None), {"game": "cheat"}, dict(state.view(0), dice_counts=[9, 9, 9])):
        with pytest.raises(GameConfigError) as exc:
            game.sample_state(bad, random.Random(1))
        assert exc.value.code == "bad_view"
