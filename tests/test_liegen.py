"""Rule tests for ``liegen``: one or more per rule of docs/rules/liegen.md and per option."""

from __future__ import annotations

from typing import Any, cast

import pytest

import liars
from liars import GameConfigError, IllegalAction
from liars.games.liegen import CODES, Play, parse
from tests.test_liegen_helpers import ACCUSE, PASS, play, position, total_cards
from tests.typed import some

DECK = sorted(CODES[:52])
Seats = tuple[int, ...]  # the accusation window's type, for a cast where mypy narrowed it by ==


# -- setup and the deal ---------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_deal_gives_every_card_one_at_a_time_from_the_dealers_left(players: int) -> None:
    for dealer in range(players):
        state = liars.make("liegen", players=players, seed=dealer, first_dealer=dealer).new_game()
        assert total_cards(state) == DECK and state.pile == []
        sizes = [len(state.hands[(dealer + 1 + k) % players]) for k in range(players)]
        # one at a time clockwise from the dealer's left: the first seats get the odd cards
        assert sizes == [52 // players + (1 if k < 52 % players else 0) for k in range(players)]
        assert state.dealer == dealer and state.view(0)["dealer"] == dealer
        assert state.to_act == ((dealer + 1) % players,)  # the player left of the dealer opens


def test_every_round_is_dealt_from_a_freshly_shuffled_deck() -> None:
    # "De Deler ... is verantwoordelijk voor het schudden": the deal depends on the shuffle,
    # at the start of the match and again for every later round.
    first = {str(liars.make("liegen", players=3, seed=s).new_game().hands) for s in range(6)}
    assert len(first) == 6
    hands = [["2C"], [c for c in CODES[:26] if c != "2C"], list(CODES[26:52])]
    later = set()
    for s in range(6):
        game = liars.make("liegen", players=3, seed=s, target_wins=2)
        state = game.new_game(setup={"hands": hands, "dealer": 2})
        state.act(0, play("2C", "9H"))
        assert state.round == 2 and total_cards(state) == DECK
        later.add(str(state.hands))
    assert len(later) == 6


def test_first_dealer_is_seat_0_by_default_and_must_be_a_seat() -> None:
    assert liars.make("liegen", players=3, seed=1).new_game().dealer == 0
    with pytest.raises(GameConfigError, match="first_dealer"):
        liars.make("liegen", players=3, first_dealer=3)


def test_jokers_add_two_jokers() -> None:
    state = liars.make("liegen", players=4, seed=2, jokers=True).new_game()
    assert total_cards(state) == sorted([*DECK, "X", "X"])
    without = liars.make("liegen", players=4, seed=2).new_game()
    assert "X" not in total_cards(without)


def test_setup_is_validated() -> None:
    game = liars.make("liegen", players=2, seed=1)
    good = [list(CODES[:26]), list(CODES[26:52])]
    assert game.new_game(setup={"hands": good}).dealer == 0
    bad_setups: list[dict[str, Any]] = [
        {"hands": [list(CODES[:26]), list(CODES[26:51])]},  # a card missing
        {"hands": [list(CODES[:27]), list(CODES[26:52])]},  # a card twice
        {"hands": [[], list(CODES[:52])]},  # an empty hand
        {"hands": [list(CODES[:26]), [*CODES[26:52], "X"]]},  # a joker without the option
        {"hands": good, "dealer": 2},
        {"hands": good, "dealer": True},
        {"hands": [list(CODES[:26])]},
        {"hands": [list(CODES[:26]), [*CODES[26:51], "10S"]]},
        {"hands": good, "extra": 1},
        {"hands": good, "round_wins": [1, 0]},  # target_wins is 1: that match would be over
    ]
    for setup in bad_setups:
        with pytest.raises(GameConfigError):
            game.new_game(setup=setup)


def test_setup_pile_must_follow_the_rules_and_go_clockwise() -> None:
    game = liars.make("liegen", players=3, seed=1)
    hands = [list(CODES[2:18]), list(CODES[18:35]), list(CODES[35:52])]
    ok = [{"seat": 1, "card": "AC", "announce": "5H"}, {"seat": 2, "card": "AD", "announce": "5S"}]
    state = game.new_game(setup={"hands": hands, "pile": ok})
    assert state.to_act == (0,) and state.view(0)["announcement"] == {"seat": 2, "card": "5S"}
    for pile in (
        [ok[0], {"seat": 2, "card": "AD", "announce": "6S"}],  # follows neither
        [ok[0], {"seat": 0, "card": "AD", "announce": "5S"}],  # not clockwise
        [ok[0]],  # AD is then nowhere
    ):
        with pytest.raises(GameConfigError):
            game.new_game(setup={"hands": hands, "pile": pile})


# -- playing a card -----------------------------------------------------------
def test_a_new_trick_may_announce_anything() -> None:
    state = position(3, {1: ["2C", "9D"]}, dealer=0)
    legal = state.legal_actions(1)
    assert {a.announce for a in legal} == set(CODES[:52])
    assert {a.card for a in legal} == {"2C", "9D"}
    state.act(1, play("2C", "KS"))  # an outright lie is a legal play
    assert state.view(0)["announcement"] == {"seat": 1, "card": "KS"}


def test_an_announcement_must_follow_the_rank_or_the_suit() -> None:
    state = position(3, {0: ["2C", "9D", "KH"]}, pile=[{"seat": 2, "card": "3C", "announce": "5H"}])
    assert state.to_act == (0,)
    legal = {a.announce for a in state.legal_actions(0) if a.card == "2C"}
    assert legal == {c for c in CODES[:52] if c[0] == "5" or c[1] == "H"} and len(legal) == 16
    before = state.to_json()
    with pytest.raises(IllegalAction, match="does not follow 5H"):
        state.act(0, play("2C", "6S"))  # neither rank nor suit
    assert state.to_json() == before
    state.act(0, play("2C", "5C"))  # same rank, and a lie
    state2 = liars.load(before)
    state2.act(0, play("KH", "QH"))  # same suit


def test_only_a_card_in_hand_may_be_played_and_only_one() -> None:
    state = position(2, {0: ["2C", "9D"]}, dealer=1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        state.act(0, play("AS", "AS"))
    with pytest.raises(IllegalAction):
        state.act(0, {"type": "play", "cards": ["2C", "9D"], "announce": "2C"})
    with pytest.raises(IllegalAction):
        state.act(0, PASS)  # no passing instead of playing
    assert state.to_json() == before


# -- the accusation window -------------------------------------------------------
def test_after_a_card_everyone_else_is_asked_in_play_order_then_the_next_plays() -> None:
    state = position(4, {1: ["2C", "9D"]}, dealer=0)
    state.act(1, play("2C", "2C"))
    assert state.to_act == (2,) and state.window == (2, 3, 0)
    assert state.view(3)["window"] == [2, 3, 0]
    assert state.legal_actions(2) == [liars.games.liegen.ACCUSE, liars.games.liegen.PASS]
    with pytest.raises(IllegalAction, match="accuse or pass"):
        state.act(2, play(CODES[state.hands[2][0]], "2H"))
    state.act(2, PASS)
    assert cast(Seats, state.window) == (3, 0)  # cast: mypy would keep the == narrowing across act()
    state.act(3, PASS)
    state.act(0, PASS)
    assert cast(Seats, state.window) == () and state.to_act == (2,)  # the next player plays, following 2C
    assert state.view(2)["announcement"] == {"seat": 1, "card": "2C"}
    assert all(a.announce[0] == "2" or a.announce[1] == "C" for a in state.legal_actions(2))


def test_the_player_cannot_accuse_their_own_card() -> None:
    state = position(3, {0: ["2C", "9D"]}, dealer=2)
    state.act(0, play("2C", "7C"))
    assert 0 not in state.window
    with pytest.raises(IllegalAction):
        state.act(0, ACCUSE)


def test_a_lie_accused_gives_the_whole_pile_to_the_liar_who_opens_the_next_trick() -> None:
    pile = [{"seat": 1, "card": "4S", "announce": "8D"}, {"seat": 2, "card": "8D", "announce": "8H"}]
    state = position(4, {3: ["KS", "2C"]}, dealer=0, pile=pile)
    state.act(3, play("KS", "3H"))  # a lie
    state.act(0, PASS)
    state.act(1, ACCUSE)  # any other player may accuse, not only the next one
    assert sorted(CODES[c] for c in state.hands[3]) == sorted(["2C", "KS", "4S", "8D"])
    assert state.pile == [] and state.to_act == (3,) and state.window == ()
    view = state.view(0)
    assert view["turned"] == {
        "card": "KS",
        "taker": 3,
        "accused": 3,
        "accuser": 1,
        "announce": "3H",
        "lie": True,
    }
    assert view["announcement"] is None and view["pile_size"] == 0
    assert {a.announce for a in state.legal_actions(3)} == set(CODES[:52])  # announced freely


def test_a_true_card_accused_gives_the_pile_to_the_accuser_and_only_the_last_card_is_turned() -> None:
    pile = [{"seat": 1, "card": "4S", "announce": "8D"}]  # an earlier lie stays hidden
    state = position(3, {2: ["8H", "2C"]}, dealer=0, pile=pile)
    state.act(2, play("8H", "8H"))
    before = [CODES[c] for c in state.hands[0]]
    state.act(0, ACCUSE)
    assert sorted(CODES[c] for c in state.hands[0]) == sorted([*before, "4S", "8H"])
    assert [CODES[c] for c in state.hands[2]] == ["2C"] and state.pile == []
    assert state.to_act == (0,)  # the loser of the accusation opens the new trick
    turned = some(state.view(1)["turned"])
    assert turned["card"] == "8H" and turned["taker"] == 0 and turned["lie"] is False
    for seat in (None, 2):  # the rest of the pile goes into the taker's hand unseen by others
        assert "4S" not in str(state.view(seat))


def test_accused_joker_is_always_true() -> None:
    for follow, announce in (("rank_or_suit", "5H"), ("suit", "5H"), ("rank_step", "5")):
        state = position(3, {1: ["X", "2C"]}, dealer=0, jokers=True, follow=follow)
        state.act(1, play("X", announce))
        state.act(2, ACCUSE)
        assert state.to_act == (2,) and 52 in state.hands[2] and state.hands[1] == [4]


def test_accuse_next_asks_only_the_next_player() -> None:
    state = position(4, {1: ["2C", "9D"]}, dealer=0, accuse="next")
    state.act(1, play("2C", "5H"))
    assert state.window == (2,) and state.to_act == (2,)
    before = state.to_json()
    for seat in (3, 0):
        with pytest.raises(IllegalAction):
            state.act(seat, ACCUSE)
    assert state.to_json() == before
    state.act(2, PASS)
    assert cast(Seats, state.window) == () and state.to_act == (2,)  # and now seat 2 plays
    state.act(2, play(CODES[state.hands[2][0]], "5S"))
    state.act(3, ACCUSE)  # the next player of that card may accuse it
    assert state.pile == []


def test_the_last_card_wins_at_once_and_cannot_be_accused() -> None:
    state = position(3, {1: ["2C"]}, dealer=0)
    state.act(1, play("2C", "KS"))  # a lie, but the last card
    assert state.over and state.winners == (1,) and state.to_act == ()
    assert state.window == ()
    with pytest.raises(IllegalAction):
        state.act(2, ACCUSE)
    assert state.view(None)["round_wins"] == [0, 1, 0]
    assert state.view(0)["history"][-1] == {"type": "win", "seat": 1, "round": 1, "round_wins": [0, 1, 0]}


def test_the_winner_deals_the_next_round_and_wins_are_counted() -> None:
    state = position(3, {2: ["2C"]}, dealer=1, target_wins=2)
    state.act(2, play("2C", "2C"))
    assert not state.over
    assert state.round == 2 and state.dealer == 2 and state.round_wins == [0, 0, 1]
    assert total_cards(state) == DECK and state.pile == []  # a fresh deal of the whole deck
    assert [len(h) for h in state.hands] == [18, 17, 17]  # from the new dealer's left
    assert state.to_act == (0,)  # left of the new dealer opens
    hist = state.view(1)["history"]
    assert hist == [
        {"type": "win", "seat": 2, "round": 1, "round_wins": [0, 0, 1]},
        {"type": "deal", "round": 2, "dealer": 2},
    ]
    assert state.view(1)["turned"] is None


def test_the_match_ends_at_target_wins() -> None:
    game = liars.make("liegen", players=2, seed=4, target_wins=3)
    hands = [["2C"], [c for c in CODES[:52] if c != "2C"]]
    state = game.new_game(setup={"hands": hands, "dealer": 1, "round_wins": [2, 1]})
    assert state.round == 4
    state.act(0, play("2C", "7D"))
    assert state.over and state.winners == (0,) and state.round_wins == [3, 1]
    assert state.returns() == (1.0, 0.0)


def test_the_integer_path_enforces_the_same_rules() -> None:
    state = position(3, {0: ["2C", "9D", "KH"]}, pile=[{"seat": 2, "card": "3C", "announce": "5H"}])
    game = state.game
    before = state.to_json()
    refused = (
        game.action_id(Play("2C", "6S")),  # follows neither the rank nor the suit of 5H
        game.action_id(Play("AS", "5S")),  # a card that is not in the hand
        game.action_id(liars.games.liegen.PASS),  # no passing instead of playing
        game.action_id(liars.games.liegen.ACCUSE),  # no card is waiting to be accused
    )
    for bad in refused:
        with pytest.raises(IllegalAction):
            state.act_id(bad)
        assert state.to_json() == before
    state.act_id(game.action_id(Play("2C", "5C")))
    assert state.window == (1, 2)
    with pytest.raises(IllegalAction):
        state.act_id(game.action_id(Play(CODES[state.hands[1][0]], "5D")))  # seat 1 must accuse or pass
    state.act_id(game.action_id(liars.games.liegen.ACCUSE))
    assert state.to_act == (0,) and some(state.view(2)["turned"])["lie"] is True


# -- the variations ---------------------------------------------------------------
def test_rank_step_announces_a_rank_one_up_or_down_without_wrap() -> None:
    state = position(
        3, {0: ["2C", "9D"]}, pile=[{"seat": 2, "card": "3C", "announce": "7"}], follow="rank_step"
    )
    assert {a.announce for a in state.legal_actions(0)} == {"6", "8"}
    before = state.to_json()
    for bad in ("9", "5", "7"):  # a jump of two, or standing still
        with pytest.raises(IllegalAction, match="one above or below"):
            state.act(0, play("2C", bad))
    with pytest.raises(IllegalAction):
        state.act(0, play("2C", "7C"))  # under rank_step only ranks are announced
    assert state.to_json() == before
    ends = {"K": {"Q"}, "A": {"2"}}
    for top, allowed in ends.items():
        s = position(
            3, {0: ["2C"], 1: ["4D"]}, pile=[{"seat": 2, "card": "3C", "announce": top}], follow="rank_step"
        )
        assert {a.announce for a in s.legal_actions(0)} == allowed  # no wrap from K to A or A to K
        with pytest.raises(IllegalAction):
            s.act(0, play("2C", "A" if top == "K" else "K"))


def test_rank_step_accusation_checks_the_rank_only() -> None:
    state = position(3, {1: ["7S", "2C"]}, follow="rank_step")
    state.act(1, play("7S", "7"))
    state.act(2, ACCUSE)  # a seven of another suit than anyone expected is still a seven
    assert state.to_act == (2,) and some(state.view(0)["turned"])["lie"] is False
    state = position(3, {1: ["8S", "2C"]}, follow="rank_step")
    state.act(1, play("8S", "7"))
    state.act(2, ACCUSE)
    assert state.to_act == (1,) and some(state.view(0)["turned"])["lie"] is True


def test_suit_follow_keeps_the_suit_and_punishes_only_a_wrong_suit() -> None:
    state = position(3, {0: ["2C", "9D"]}, pile=[{"seat": 2, "card": "3C", "announce": "5H"}], follow="suit")
    assert {a.announce for a in state.legal_actions(0)} == {r + "H" for r in "A23456789TJQK"}
    with pytest.raises(IllegalAction, match="suit"):
        state.act(0, play("2C", "5S"))  # same rank is not enough under suit
    state = position(3, {1: ["9H", "2C"]}, follow="suit")
    state.act(1, play("9H", "KH"))  # wrong rank, right suit
    state.act(2, ACCUSE)
    assert state.to_act == (2,) and some(state.view(0)["turned"])["lie"] is False  # never punished
    state = position(3, {1: ["9S", "2C"]}, follow="suit")
    state.act(1, play("9S", "9H"))  # right rank, wrong suit
    state.act(2, ACCUSE)
    assert state.to_act == (1,) and some(state.view(0)["turned"])["lie"] is True


def test_rank_or_suit_punishes_any_difference() -> None:
    for card, lie in (("5H", False), ("5S", True), ("6H", True)):
        state = position(3, {1: [card, "2C"]})
        state.act(1, play(card, "5H"))
        state.act(2, ACCUSE)
        assert some(state.view(0)["turned"])["lie"] is lie
        assert state.to_act == ((1,) if lie else (2,))


# -- actions ------------------------------------------------------------------------
def test_actions_round_trip_through_text_and_json() -> None:
    game = liars.make("liegen", players=3, follow="rank_step", jokers=True)
    for a in (Play("KS", "3"), Play("X", "K"), liars.games.liegen.ACCUSE, liars.games.liegen.PASS):
        assert parse(str(a)) == a
        assert game.parse_action(a.to_json()) == a
        assert game.action_from_id(game.action_id(a)) == a
    with pytest.raises(IllegalAction):
        parse("KS 3S")
    with pytest.raises(IllegalAction):
        game.parse_action(Play("KS", "3S"))  # a card announcement under rank_step
    assert game.num_actions == 2 + 53 * 13
    assert liars.make("liegen").num_actions == 2 + 52 * 52
