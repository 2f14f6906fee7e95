"""Rule tests for ``cheat`` (docs/rules/cheat.md): one or more per rule and option."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

import liars
from liars import GameConfigError, IllegalAction
from liars.games.cheat import Challenge, CheatState
from liars.games.cheat_cards import CODES
from tests.typed import some

CH = {"type": "challenge"}
Seats = tuple[int, ...]  # the challenge window's type, for a cast where mypy narrowed it by ==
PS = {"type": "pass"}


def play(*cards: str) -> dict[str, Any]:
    return {"type": "play", "cards": list(cards)}


def pos(*hands: str, starter: int = 0, rank: str = "A", **opts: Any) -> CheatState:
    """A position: the hands given (space-separated codes), every other card in the pile."""
    hs = [h.split() for h in hands]
    used = {c for h in hs for c in h}
    setup = {"hands": hs, "pile": [c for c in CODES if c not in used], "starter": starter}
    setup["required_rank"] = rank
    state = liars.make("cheat", players=len(hands), seed=1, **opts).new_game(setup=setup)
    assert isinstance(state, CheatState)
    return state


def hand(state: CheatState, seat: int) -> list[str]:
    return list(state.view(seat)["hand"])


# -- the deal -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, [18, 17, 17]), (4, [13] * 4), (5, [11, 11, 10, 10, 10]), (6, [9, 9, 9, 9, 8, 8])],
)
def test_deal_gives_every_card_and_low_seats_the_odd_ones(players: int, sizes: list[int]) -> None:
    for seed in range(5):
        state = liars.make("cheat", players=players, seed=seed).new_game()
        views = [state.view(s) for s in range(players)]
        assert [len(v["hand"]) for v in views] == sizes == views[0]["hand_sizes"]
        cards = [c for v in views for c in v["hand"]]
        assert sorted(cards) == sorted(CODES)
        assert views[0]["pile_size"] == 0 and views[0]["required_rank"] == "A"
        assert views[0]["last_play"] is None and views[0]["revealed"] is None


def test_deal_and_starter_are_random_but_seeded() -> None:
    starts = {liars.make("cheat", players=5, seed=s).new_game().to_act[0] for s in range(40)}
    assert starts == set(range(5))
    hands = {tuple(liars.make("cheat", players=3, seed=s).new_game().view(0)["hand"]) for s in range(5)}
    assert len(hands) == 5
    a = liars.make("cheat", players=4, seed=9).new_game()
    b = liars.make("cheat", players=4, seed=9).new_game()
    assert a.to_json() == b.to_json()


def test_starter_plays_first_and_the_first_claim_is_aces() -> None:
    state = liars.make("cheat", players=4, seed=3).new_game()
    s = state.to_act[0]
    assert state.view(s)["starter"] == s
    state.act(s, play(hand(state, s)[0]))
    assert state.view(None)["last_play"] == {"seat": s, "count": 1, "rank": "A"}


# -- a turn -----------------------------------------------------------------------
def test_rank_advances_every_turn_and_wraps_after_king() -> None:
    state = pos("AC AD AH AS 2C 2D", "3C 3D 3H", "4C 4D 4H", rank="J")
    seen = []
    for _ in range(4):
        seen.append(state.view(None)["required_rank"])
        p = state.to_act[0]
        state.act(p, play(hand(state, p)[0]))
        assert some(state.view(None)["last_play"])["rank"] == seen[-1]
        state.act(state.to_act[0], PS)
        state.act(state.to_act[0], PS)
    assert seen == ["J", "Q", "K", "A"]
    assert state.view(None)["required_rank"] == "2"


def test_a_full_cycle_goes_through_all_thirteen_ranks() -> None:
    state = pos(*[" ".join(CODES[i::3][:-1]) for i in range(3)])
    claims = []
    for _ in range(14):
        p = state.to_act[0]
        state.act(p, play(hand(state, p)[0]))
        claims.append(some(state.view(None)["last_play"])["rank"])
        state.act(state.to_act[0], PS)
        state.act(state.to_act[0], PS)
    assert "".join(claims) == "A23456789TJQKA"


def test_rank_is_never_reset_by_a_challenge() -> None:
    state = pos("5C 6D", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("6D"))  # a lie about fives
    state.act(1, CH)
    assert some(state.view(None)["revealed"])["taker"] == 0
    assert state.view(None)["required_rank"] == "6"
    state.act(1, play("7C"))
    state.act(2, CH)  # 7C is no six: seat 1 takes the pile
    assert state.view(None)["required_rank"] == "7"
    assert state.to_act == (2,)


def test_one_or_more_cards_and_no_passing_on_ones_turn() -> None:
    state = pos("AC AD AH 2C 3C", "KC", "QC")
    for bad in (PS, CH, play()):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.act(0, bad)
        assert state.to_json() == before
    state.act(0, play("AC", "AD", "AH", "2C", "3C"))  # five at once: allowed without max_cards
    assert state.view(None)["last_play"] == {"seat": 0, "count": 5, "rank": "A"}


def test_lying_is_allowed_and_cards_of_any_rank_may_be_played() -> None:
    state = pos("KC QD", "AC", "2C")
    state.act(0, play("KC", "QD"))
    assert state.view(None)["last_play"] == {"seat": 0, "count": 2, "rank": "A"}


def test_the_announced_count_is_the_number_of_cards_put_down() -> None:
    """Seed: the count said must match the cards laid; every viewer is told that count."""
    state = pos("5C 6D KC QS", "7C 8C", "9C 9D", rank="5")
    pile = state.view(None)["pile_size"]
    state.act(0, play("6D", "KC", "QS"))
    for seat in (None, 0, 1, 2):
        v = state.view(seat)
        assert v["last_play"] == {"seat": 0, "count": 3, "rank": "5"}
        assert v["history"][-1]["count"] == 3 and v["history"][-1]["rank"] == "5"
        assert v["pile_size"] == pile + 3


def test_cards_not_in_hand_are_refused() -> None:
    state = pos("AC AD", "AH", "AS")
    for bad in (play("AH"), play("AC", "AC"), play("A", "A", "A"), play("K")):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.act(0, bad)
        assert state.to_json() == before


# -- the challenge window -----------------------------------------------------------
def test_every_other_seat_is_asked_in_play_order_before_the_next_play() -> None:
    state = pos("AC 2C", "3C 3D", "4C 4D", "5C 5D", starter=1, rank="3")
    state.act(1, play("3C"))
    asked = []
    while state.view(None)["window"]:
        assert state.window[0] == state.to_act[0]
        assert state.view(None)["to_ask"] == list(state.window)
        asked.append(state.to_act[0])
        with pytest.raises(IllegalAction):
            state.act(state.to_act[0], play(hand(state, state.to_act[0])[0]))
        state.act(state.to_act[0], PS)
    assert asked == [2, 3, 0]
    assert state.window == () and state.to_act == (2,)


def test_window_lists_the_seats_still_to_be_asked() -> None:
    state = pos("AC 2C", "3C 3D", "4C 4D", "5C 5D")
    assert state.window == ()
    state.act(0, play("AC"))
    assert cast(Seats, state.window) == (1, 2, 3)  # cast: mypy would keep the == narrowing across act()
    state.act(1, PS)
    assert cast(Seats, state.window) == (2, 3)


def test_a_false_play_challenged_the_player_takes_the_pile() -> None:
    state = pos("5C KC", "7C 8C", "9C 9D", rank="5")
    pile_before = state.view(None)["pile_size"]
    state.act(0, play("5C", "KC"))
    state.act(1, CH)
    v = state.view(None)
    assert v["revealed"] == {
        "seat": 0,
        "challenger": 1,
        "rank": "5",
        "cards": ["5C", "KC"],
        "truthful": False,
        "taker": 0,
    }
    assert v["pile_size"] == 0 and v["hand_sizes"][0] == pile_before + 2
    assert v["last_play"] is None and v["window"] is False
    assert state.to_act == (1,)


def test_a_true_play_challenged_the_challenger_takes_the_pile() -> None:
    state = pos("5C 5D KC", "7C 8C", "9C 9D", rank="5")
    pile_before = state.view(None)["pile_size"]
    state.act(0, play("5C", "5D"))
    state.act(1, PS)
    state.act(2, CH)  # not the next player
    v = state.view(None)
    assert some(v["revealed"])["truthful"] is True and some(v["revealed"])["taker"] == 2
    assert v["hand_sizes"] == [1, 2, 2 + pile_before + 2]
    assert "5C" in hand(state, 2) and "5D" in hand(state, 2)
    assert state.to_act == (1,), "the player left of the challenged one plays next"


def test_only_the_last_play_is_turned() -> None:
    state = pos("AC 2D", "2C 3D", "KS QS", rank="A")
    state.act(0, play("AC"))
    state.act(1, PS)
    state.act(2, PS)
    state.act(1, play("3D"))  # a lie about twos on top of a true ace
    state.act(2, CH)
    assert some(state.view(None)["revealed"])["cards"] == ["3D"]


@pytest.mark.parametrize("suit", "CDHS")
def test_suits_do_not_matter_a_five_of_any_suit_is_a_five(suit: str) -> None:
    """Seed: the five of hearts and the five of spades are both fives."""
    state = pos("5C 5D 5H 5S KC", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("5" + suit))
    state.act(1, CH)
    rev = some(state.view(None)["revealed"])
    assert rev["cards"] == ["5" + suit] and rev["truthful"] is True and rev["taker"] == 1


def test_a_claim_of_all_four_suits_is_true() -> None:
    state = pos("5C 5D 5H 5S KC", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("5C", "5D", "5H", "5S"))
    state.act(1, PS)
    state.act(2, CH)
    assert some(state.view(None)["revealed"])["truthful"] is True
    assert state.view(None)["hand_sizes"][0] == 1


def test_a_play_cannot_be_challenged_once_the_window_has_closed() -> None:
    """Seed: "Liar!" comes before the next player plays; once all have passed, the lie stands."""
    state = pos("5C KC", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("KC"))  # a lie
    state.act(1, PS)
    state.act(2, PS)
    assert state.to_act == (1,) and not state.view(None)["window"]
    assert 0 not in state.legal_ids() and Challenge() not in state.legal_actions(1)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.act(1, CH)
    with pytest.raises(IllegalAction):
        state.act_id(0)
    assert state.to_json() == before


def test_the_challenger_who_is_next_still_plays_next_after_taking_the_pile() -> None:
    state = pos("5C 5D", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("5C"))
    state.act(1, CH)
    assert some(state.view(None)["revealed"])["taker"] == 1
    assert state.to_act == (1,)
    assert state.view(None)["required_rank"] == "6"


def test_first_challenger_in_play_direction_counts_in_turn_based_play() -> None:
    for house in (False, True):
        state = pos("5C KC", "7C 8C", "9C 9D", "TC TD", rank="5", first_challenger_in_play_order=house)
        state.act(0, play("KC"))
        state.act(1, PS)
        state.act(2, CH)
        assert some(state.view(None)["revealed"])["challenger"] == 2
        assert state.to_act == (1,)
        assert not any(e["type"] == "challenge" and e["seat"] == 3 for e in state.view(None)["history"])


# -- live windows: the house rule ---------------------------------------------------
def test_default_rule_the_first_call_received_counts() -> None:
    state = pos("5C KC", "7C 8C", "9C 9D", "TC TD", rank="5")
    state.act(0, play("KC"))
    assert state.arbitrate([3, 1]) == 3
    assert state.arbitrate([]) is None
    state.resolve_window([3, 1])
    assert some(state.view(None)["revealed"])["challenger"] == 3
    kinds = [(e["type"], e.get("seat")) for e in state.view(None)["history"][-2:]]
    assert kinds == [("play", 0), ("challenge", 3)]


def test_house_rule_the_first_caller_in_play_direction_counts() -> None:
    state = pos("5C KC", "7C 8C", "9C 9D", "TC TD", starter=2, rank="5", first_challenger_in_play_order=True)
    state.act(2, play("9C"))  # window asks 3, 0, 1
    assert state.arbitrate([1, 0, 3]) == 3
    assert state.arbitrate([1, 0]) == 0
    state.resolve_window([1, 0])
    assert some(state.view(None)["revealed"])["challenger"] == 0


def test_live_window_refuses_seats_that_cannot_call_and_changes_nothing() -> None:
    state = pos("5C KC", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("KC"))
    before = state.to_json()
    for bad in ([0], [1, 0], [7]):
        with pytest.raises(IllegalAction):
            state.resolve_window(bad)
        assert state.to_json() == before
    state.resolve_window([])
    assert state.to_act == (1,) and not state.view(None)["window"]


# -- the end ---------------------------------------------------------------------
def test_a_last_play_nobody_challenges_wins_when_the_window_closes() -> None:
    state = pos("5C", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("5C"))
    assert not state.over and state.to_act == (1,)
    state.act(1, PS)
    assert not state.over
    state.act(2, PS)
    assert state.over and state.winners == (0,) and state.to_act == ()
    assert state.returns() == (1.0, 0.0, 0.0)
    assert state.view(1)["history"][-1] == {"type": "win", "seat": 0}


def test_a_false_last_play_that_nobody_challenges_still_wins() -> None:
    state = pos("KC", "7C 8C", "9C 9D", rank="5")
    state.act(0, play("KC"))
    state.act(1, PS)
    state.act(2, PS)
    assert state.winners == (0,)


def test_a_true_last_play_challenged_still_wins() -> None:
    state = pos("5C", "7C 8C", "9C 9D", rank="5")
    pile = state.view(None)["pile_size"]
    state.act(0, play("5C"))
    state.act(1, PS)
    state.act(2, CH)
    assert state.over and state.winners == (0,)
    assert state.view(None)["hand_sizes"] == [0, 2, 2 + pile + 1]


def test_a_false_last_play_challenged_takes_the_pile_and_play_goes_on() -> None:
    state = pos("KC", "7C 8C", "9C 9D", rank="5")
    pile = state.view(None)["pile_size"]
    state.act(0, play("KC"))
    state.act(1, CH)
    assert not state.over and state.winners == ()
    assert state.view(None)["hand_sizes"][0] == pile + 1
    assert state.to_act == (1,)
    assert state.view(None)["required_rank"] == "6"


def test_nobody_else_can_win_while_a_window_on_an_empty_hand_is_open() -> None:
    state = pos("5C", "6C", "9C 9D", rank="5")
    state.act(0, play("5C"))
    state.act(1, CH)  # true: seat 1 takes the pile and seat 0 has won
    assert state.winners == (0,)
    with pytest.raises(IllegalAction):
        state.act(1, play("6C"))


def test_one_winner_and_the_others_are_not_ranked_by_cards_left() -> None:
    """Seed: no points, no shared win; how few cards the others hold decides nothing."""
    state = pos("5C", "7C 8C", "9C 9D 9H", rank="5")
    state.act(0, play("5C"))
    state.act(1, PS)
    state.act(2, PS)
    assert state.winners == (0,)
    assert state.returns() == (1.0, 0.0, 0.0)
    assert state.places == (1, 2, 2)


# -- the option max_cards ------------------------------------------------------------
def test_max_cards_limits_a_play() -> None:
    state = pos("5C 5D 5H KC", "7C 8C", "9C 9D", rank="5", max_cards=2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="max_cards"):
        state.act(0, play("5C", "5D", "5H"))
    assert state.to_json() == before
    assert max(len(a.cards) for a in state.legal_actions(0)) == 2
    state.act(0, play("5C", "5D"))
    assert some(state.view(None)["last_play"])["count"] == 2


def test_without_max_cards_plays_of_any_size_are_accepted_but_only_four_listed() -> None:
    state = pos("5C 5D 5H 5S KC KD", "7C 8C", "9C 9D", rank="5")
    assert max(len(a.cards) for a in state.legal_actions(0)) == 4
    state.act(0, play("5C", "5D", "5H", "5S", "KC", "KD"))
    state.act(1, CH)
    assert some(state.view(None)["revealed"])["truthful"] is False


# -- conservation and leaks ------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_are_conserved_through_random_games(players: int) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = liars.make("cheat", players=players, seed=seed).new_game()
        while not state.over:
            assert isinstance(state, CheatState)
            union = state.pile
            for h in state.hands:
                assert not union & h
                union |= h
            assert union == (1 << 52) - 1
            assert sum(h.bit_count() for h in state.hands) + state.pile.bit_count() == 52
            assert state.last & ~state.pile == 0
            state.act_id(rng.choice(state.legal_ids()))


def _codes_in(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj} if obj in CODES else set()
    if isinstance(obj, dict):
        return set().union(*(_codes_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(_codes_in(v) for v in obj)) if obj else set()
    return set()


@pytest.mark.parametrize("players", [3, 5])
def test_views_show_no_card_of_another_hand_or_of_the_pile(players: int) -> None:
    """Every card code in a view is in the own hand, was the viewer's own play, or was turned."""
    for seed in range(3):
        rng = random.Random(seed)
        state = liars.make("cheat", players=players, seed=seed).new_game()
        for _ in range(150):  # views grow with the game: the first 150 actions hold every kind of event
            if state.over:
                break
            for seat in [None, *range(players)]:
                v = state.view(seat)
                allowed = set(v["hand"] or [])
                for e in v["history"]:
                    if e["type"] == "challenge" or (e["type"] == "play" and e["seat"] == seat):
                        allowed |= set(e["cards"])
                    elif e["type"] == "play":
                        assert "cards" not in e
                assert _codes_in(v) <= allowed
            state.act_id(rng.choice(state.legal_ids()))
        assert any(e["type"] == "challenge" for e in state.view(None)["history"])


def test_history_narrates_plays_challenges_and_the_end_per_viewer() -> None:
    state = pos("5C KC", "6C 6D", "9C 9D", rank="5")
    state.act(0, play("KC"))
    state.act(1, PS)
    state.act(2, CH)
    mine, theirs = state.view(0)["history"], state.view(2)["history"]
    assert mine[0]["type"] == "start" and mine[0]["hand_sizes"] == [2, 2, 2]
    assert mine[1] == {"type": "play", "seat": 0, "count": 1, "rank": "5", "cards": ["KC"]}
    assert theirs[1] == {"type": "play", "seat": 0, "count": 1, "rank": "5"}
    assert (
        theirs[2]
        == mine[2]
        == {
            "type": "challenge",
            "seat": 2,
            "target": 0,
            "rank": "5",
            "cards": ["KC"],
            "truthful": False,
            "taker": 0,
            "taken": 47,
        }
    )


def test_a_view_is_a_copy() -> None:
    state = pos("5C KC", "6C 6D", "9C 9D", rank="5")
    state.act(0, play("KC"))
    state.act(1, CH)
    v = state.view(0)
    v["history"][-1]["cards"].append("XX")
    some(v["revealed"])["cards"].append("XX")
    v["hand"].append("XX")
    assert some(state.view(0)["revealed"])["cards"] == ["KC"]
    assert state.view(0)["history"][-1]["cards"] == ["KC"]


# -- setups -----------------------------------------------------------------------
def test_setup_counts_and_defaults() -> None:
    state = pos("AC", "2C", "3C")
    v = state.view(None)
    assert v["hand_sizes"] == [1, 1, 1] and v["pile_size"] == 49 and v["required_rank"] == "A"
    hands = [[c for c in CODES[i::3]] for i in range(3)]
    s = liars.make("cheat", players=3, seed=2).new_game(setup={"hands": hands})
    assert s.view(None)["pile_size"] == 0 and s.view(0)["hand"] == hands[0]


@pytest.mark.parametrize(
    "setup",
    [
        {"hands": [["AC"], ["2C"]]},  # wrong number of hands
        {"hands": [["AC"], ["2C"], []], "pile": [c for c in CODES if c not in ("AC", "2C")]},
        {"hands": [["AC"], ["2C"], ["3C"]]},  # cards missing
        {"hands": [["AC"], ["AC"], ["3C"]], "pile": [c for c in CODES if c not in ("AC", "3C")]},
        {"hands": [["AC"], ["2C"], ["3X"]], "pile": []},
        {"hands": [["AC"], ["2C"], ["3C"]], "pile": [c for c in CODES if c not in ("2C", "3C")]},
        {"hands": "AC", "pile": []},
        {"hands": [["AC"], ["2C"], [3]], "pile": []},
        {"hands": [["AC"], ["2C"], ["3C"]], "pile": [c for c in CODES[3:]], "starter": 3},
        {"hands": [["AC"], ["2C"], ["3C"]], "pile": [c for c in CODES[3:]], "starter": True},
        {"hands": [["AC"], ["2C"], ["3C"]], "pile": [c for c in CODES[3:]], "required_rank": "1"},
        {"hands": [["AC"], ["2C"], ["3C"]], "pile": [c for c in CODES[3:]], "extra": 1},
    ],
)
def test_bad_setups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(GameConfigError):
        liars.make("cheat", players=3).new_game(setup=setup)


def test_options_are_checked() -> None:
    for bad in (
        {"max_cards": 0},
        {"max_cards": 53},
        {"max_cards": 2.0},
        {"first_challenger_in_play_order": 1},
    ):
        with pytest.raises(GameConfigError):
            liars.make("cheat", **bad)
    assert liars.make("cheat").options == {"first_challenger_in_play_order": False, "max_cards": None}


def test_deal_counts_over_many_seeds_are_uniform_enough() -> None:
    """Every card lands in every seat of a 4-player deal over 200 deals (a broken shuffle would not)."""
    seen: Counter[tuple[str, int]] = Counter()
    for seed in range(200):
        state = liars.make("cheat", players=4, seed=seed).new_game()
        for s in range(4):
            for c in state.view(s)["hand"]:
                seen[(c, s)] += 1
    assert len(seen) == 52 * 4
    assert max(seen.values()) < 90
