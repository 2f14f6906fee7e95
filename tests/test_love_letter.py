"""Rule tests for ``love-letter``: every card, every edge of the issue, from exact positions."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

import liars
from liars import GameConfigError, IllegalAction
from liars.games.love_letter import LoveState, Play, parse
from liars.games.love_letter_cards import DECK
from tests.typed import some

JSON = dict[str, Any]


def position(
    hands: list[list[str]],
    top: list[str],
    *,
    aside: str | None = None,
    played: list[list[str]] | None = None,
    starter: int = 0,
    exact: bool = False,
    **options: Any,
) -> JSON:
    """A setup: these hands, ``top`` on top of the deck, the other cards under it (none if ``exact``)."""
    rest = Counter(DECK)
    rest.subtract(c for h in hands for c in h)
    rest.subtract(top)
    rest.subtract(c for p in played or [] for c in p)
    if aside is not None:
        rest[aside] -= 1
    left = sorted(rest.elements())
    assert all(v >= 0 for v in rest.values()), "the test position uses a card twice"
    if aside is None:
        aside = left.pop(0)
    deck = top if exact else top + left
    if exact:
        played = [list(p) for p in played or [[] for _ in hands]]
        played[starter] += left  # park the unused cards face up in front of the starter
    setup: JSON = {"hands": hands, "set_aside": aside, "deck": deck, "starter": starter}
    if played is not None:
        setup["played"] = played
    return setup


def start(setup: JSON, **options: Any) -> LoveState:
    players = len(setup["hands"])
    state = liars.make("love-letter", players=players, seed=1, **options).new_game(setup=setup)
    assert isinstance(state, LoveState)
    return state


def play(state: LoveState, card: str, target: int | None = None, guess: str | None = None) -> None:
    state.act(state.to_act[0], Play(card, target, guess))


def rejected(state: LoveState, action: Any) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.act(state.to_act[0], action)
    assert state.to_json() == before
    return str(info.value)


def cards_of(state: LoveState) -> list[str]:
    aside = [state.set_aside] if state.set_aside else []
    return sorted(
        [*(c for h in state.hands for c in h), *state.deck, *aside, *(c for p in state.played for c in p)]
    )


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "wins"), [(2, 7), (3, 5), (4, 4)])
def test_deal_and_default_target(players: int, wins: int) -> None:
    state = liars.make("love-letter", players=players, seed=3).new_game()
    assert isinstance(state, LoveState)
    assert cards_of(state) == sorted(DECK)
    assert len(DECK) == 16 and Counter(DECK) == Counter("KQJTT99887766655")
    starter = state.to_act[0]
    assert [len(h) for h in state.hands] == [2 if s == starter else 1 for s in range(players)]
    assert state.set_aside is not None and len(state.deck) == 16 - players - 2
    assert state.view(0)["target_wins"] == wins
    # the metadata tells a lobby the same number, for an empty option (as JSON: string keys)
    option = liars.make("love-letter").info.option_map["target_wins"].to_json()
    assert option["nullable"] is True and option["by_players"][str(players)] == wins


def test_first_starter_is_drawn_at_random() -> None:
    starters = {liars.make("love-letter", players=4, seed=s).new_game().to_act[0] for s in range(40)}
    assert starters == {0, 1, 2, 3}


def test_action_forms() -> None:
    a = Play("6", 2, "T")
    assert a.to_json() == {"type": "play", "card": "6", "target": 2, "guess": "T"}
    assert Play("Q").to_json() == {"type": "play", "card": "Q"}
    for act in (a, Play("Q"), Play("7", 1), Play("T", 0)):
        assert parse(str(act)) == act
    assert [liars.make("love-letter", players=n).num_actions for n in (2, 3, 4)] == [44, 62, 80]
    game = liars.make("love-letter", players=4)
    assert all(game.action_id(game.action_from_id(i)) == i for i in range(some(game.num_actions)))
    assert game.action_id(a.to_json()) == game.action_id(a)
    with pytest.raises(IllegalAction):
        parse("6@2=5")


def test_only_a_held_card_is_played_and_played_cards_lie_face_up_in_order() -> None:
    state = start(position([["7"], ["6"]], ["9", "5", "8"]))
    assert "you hold" in rejected(state, Play("8", 1))  # seat 0 holds 7 and 9
    play(state, "9")
    play(state, "5")  # seat 1 (6 + 5): seat 0 is protected, no effect
    play(state, "7", 1)  # seat 0 drew the 8
    assert state.played == [["9", "7"], ["5"]]


# -- the forced Q ---------------------------------------------------------------------------


@pytest.mark.parametrize("other", ["J", "T"])
def test_q_is_forced_with_j_or_ten(other: str) -> None:
    state = start(position([["Q"], ["7"]], [other]))
    assert state.legal_actions(0) == [Play("Q")]
    assert "must play the Q" in rejected(state, Play(other, 1))
    play(state, "Q")
    assert state.played[0] == ["Q"] and state.hands[0] == [other]


@pytest.mark.parametrize("other", ["K", "9", "8", "7", "6", "5"])
def test_q_is_free_otherwise(other: str) -> None:
    state = start(position([["Q"], ["7"]], [other]))
    cards = {a.card for a in state.legal_actions(0)}
    assert cards == {"Q", other}


@pytest.mark.parametrize(
    ("other", "args"), [("K", ()), ("9", ()), ("8", (1,)), ("7", (1,)), ("6", (1, "K")), ("5", (1, "K"))]
)
def test_q_can_be_kept_when_not_forced(other: str, args: tuple[Any, ...]) -> None:
    state = start(position([["Q"], ["7"], ["6"]], [other]))
    play(state, other, *args)
    assert state.played[0][0] == other and "Q" in state.played[0] + state.hands[0]


# -- the 9: protection until your next turn -------------------------------------------------


def test_nine_protects_exactly_until_the_next_turn() -> None:
    state = start(position([["9"], ["7"], ["6"]], ["5", "8", "J", "5"]))
    play(state, "9")
    assert state.protected == [True, False, False]
    assert state.to_act == (1,)  # holds 7 and 8
    assert all(a.target != 0 for a in state.legal_actions(1))
    assert "protected" in rejected(state, Play("7", 0))
    assert "protected" in rejected(state, Play("8", 0))
    play(state, "7", 2)
    assert state.to_act == (2,)  # holds 6 and J
    assert all(a.target != 0 for a in state.legal_actions(2))
    assert "protected" in rejected(state, Play("J", 0))
    assert "protected" in rejected(state, Play("6", 0, "K"))
    play(state, "J", 1)
    assert state.to_act == (0,) and state.protected == [False, False, False]  # seat 0's turn: over
    play(state, "5", 1, "K")
    assert any(a.target == 0 for a in state.legal_actions(1))


def test_nine_is_not_protection_from_your_own_ten() -> None:
    state = start(position([["9"], ["7"]], ["5", "T", "6"]))
    play(state, "9")
    assert [a.target for a in state.legal_actions(1) if a.card == "T"] == [1]


# -- cards that need a target when nobody can be chosen -------------------------------------


@pytest.mark.parametrize("card", ["J", "8", "7", "6", "5"])
def test_no_one_to_choose_means_no_effect(card: str) -> None:
    top = ["6", card] if card != "6" else ["5", card]
    state = start(position([["9"], ["7" if card != "7" else "8"]], top))
    play(state, "9")
    legal = [a for a in state.legal_actions(1) if a.card == card]
    assert legal == [Play(card)]
    other = state.hands[1][0] if state.hands[1][1] == card else state.hands[1][1]
    play(state, card)
    assert state.hands[0][0] == top[0] and state.hands[1] == [other] and not any(state.out)
    assert state.history[-1] == {"type": "play", "seat": 1, "card": card}


def test_with_someone_to_choose_a_target_is_required() -> None:
    state = start(position([["7"], ["6"]], ["5"]))
    assert "must choose a player" in rejected(state, Play("7"))
    assert "must choose a player" in rejected(state, Play("5"))
    assert "not yourself" in rejected(state, Play("7", 0))


def test_ten_may_choose_any_other_player_in_the_round_or_yourself() -> None:
    state = start(position([["T"], ["7"], ["6"], []], ["5"], played=[[], [], [], ["8"]]))
    assert [a.target for a in state.legal_actions(0) if a.card == "T"] == [0, 1, 2]
    assert "out of the round" in rejected(state, Play("T", 3))
    play(state, "T", 2)
    assert state.played[2] == ["6"] and len(state.hands[2]) == 1


def test_a_player_who_is_out_cannot_be_chosen() -> None:
    state = start(position([["6"], [], ["8"]], ["J"], played=[[], ["7"], []]))
    for card, guess in (("6", "7"), ("J", None)):
        assert "out of the round" in rejected(state, Play(card, 1, guess))


def test_ten_must_be_played_on_yourself_when_nobody_else_can_be_chosen() -> None:
    state = start(position([["9"], ["7"]], ["5", "T"]))
    play(state, "9")
    assert [a for a in state.legal_actions(1) if a.card == "T"] == [Play("T", 1)]
    assert "protected" in rejected(state, Play("T", 0))
    play(state, "T", 1)
    assert state.played[1] == ["T", "7"] and len(state.hands[1]) == 1


# -- the 6 and 5: guesses ---------------------------------------------------------------------


@pytest.mark.parametrize(("card", "guess"), [("6", "6"), ("6", "5"), ("5", "5"), ("5", "6")])
def test_a_guess_must_be_seven_or_higher(card: str, guess: str) -> None:
    other = "5" if card == "6" else "6"
    state = start(position([[card], [other]], ["9"]))
    assert "7 or higher" in rejected(state, {"type": "play", "card": card, "target": 1, "guess": guess})
    assert {a.guess for a in state.legal_actions(0) if a.card == card} == set("789TJQK")


@pytest.mark.parametrize("card", ["6", "5"])
def test_a_right_guess_puts_the_target_out(card: str) -> None:
    state = start(position([[card], ["8"], ["7"]], ["9"]))
    play(state, card, 1, "8")
    assert state.out == [False, True, False]
    assert state.played[1] == ["8"] and state.hands[1] == []
    assert state.history[-2]["hit"] is True and state.history[-1] == {"type": "out", "seat": 1, "card": "8"}
    assert state.to_act == (2,)  # the out seat is skipped


def test_a_wrong_guess_does_nothing() -> None:
    state = start(position([["6"], ["8"], ["7"]], ["9"]))
    play(state, "6", 1, "7")
    assert state.out == [False, False, False] and state.hands[1][0] == "8"  # then seat 1 drew
    assert state.history[-1]["hit"] is False


# -- the 7 and 8 -------------------------------------------------------------------------------


def test_seven_shows_the_target_to_the_player_only() -> None:
    state = start(position([["7"], ["J"], ["5"]], ["9"]))
    play(state, "7", 1)
    assert state.view(0)["known"] == {"1": "J"}
    assert state.view(1)["known"] == {} and state.view(2)["known"] == {}
    assert state.view(0)["history"][-1]["seen"] == "J"
    assert "seen" not in state.view(2)["history"][-1] and "seen" not in state.view(None)["history"][-1]


@pytest.mark.parametrize(("mine", "theirs", "loser"), [("5", "9", 0), ("T", "9", 1), ("K", "Q", 1)])
def test_eight_the_lower_card_is_out(mine: str, theirs: str, loser: int) -> None:
    state = start(position([["8"], [theirs], ["7"]], [mine]))
    play(state, "8", 1)
    lost = theirs if loser == 1 else mine
    assert state.out == [loser == 0, loser == 1, False]
    assert state.played[loser][-1] == lost
    assert state.history[-1] == {"type": "out", "seat": loser, "card": lost}


def test_eight_with_equal_cards_does_nothing() -> None:
    state = start(position([["8"], ["6"], ["7"]], ["6"]))
    play(state, "8", 1)
    assert state.out == [False, False, False] and state.hands[0] == ["6"] and state.hands[1][0] == "6"
    assert state.view(0)["known"] == {"1": "6"} and state.view(1)["known"] == {"0": "6"}
    assert state.view(2)["known"] == {}
    event = state.view(2)["history"][-1]
    assert event["loser"] is None and "cards" not in event
    assert state.view(1)["history"][-1]["cards"] == ["6", "6"]


ORDER = ["K", "Q", "J", "T", "9", "8", "7", "6", "5"]  # the seed: K highest, 5 lowest


@pytest.mark.parametrize("low", range(1, len(ORDER)))
@pytest.mark.parametrize("eight_holds_higher", [True, False])
def test_eight_follows_the_rank_order_k_highest_five_lowest(low: int, eight_holds_higher: bool) -> None:
    hi, lo = ORDER[low - 1], ORDER[low]
    mine, theirs = (hi, lo) if eight_holds_higher else (lo, hi)
    third = "7" if "5" in (hi, lo) else "5"
    state = start(position([["8"], [theirs], [third]], [mine]))
    play(state, "8", 1)
    loser = 1 if eight_holds_higher else 0
    assert state.out == [loser == 0, loser == 1, False]
    assert state.history[-1] == {"type": "out", "seat": loser, "card": lo}


def _twins(card: str, mine: str, theirs: tuple[str, str]) -> tuple[LoveState, LoveState]:
    """Seat 1 holds ``theirs[0]`` or ``theirs[1]`` (the other set aside); seat 0 ``card`` + ``mine``."""
    a = start(position([[card], [theirs[0]], ["5"]], [mine], aside=theirs[1]))
    b = start(position([[card], [theirs[1]], ["5"]], [mine], aside=theirs[0]))
    return a, b


@pytest.mark.parametrize(
    ("card", "mine", "theirs"),
    [("7", "6", ("J", "T")), ("7", "K", ("5", "Q")), ("8", "6", ("J", "T")), ("8", "5", ("7", "9"))],
)
def test_seven_and_eight_reveal_nothing_to_the_others(card: str, mine: str, theirs: tuple[str, str]) -> None:
    a, b = _twins(card, mine, theirs)
    assert a.view(2) == b.view(2)
    play(a, card, 1)
    play(b, card, 1)
    assert a.view(2) == b.view(2) and a.view(None) == b.view(None)
    assert a.view(0) != b.view(0)  # but the player saw


# -- the J -----------------------------------------------------------------------------------


def test_j_swaps_hands_and_both_know() -> None:
    state = start(position([["J"], ["5"], ["7"]], ["K"]))
    play(state, "J", 1)
    assert state.hands[0] == ["5"] and state.hands[1][0] == "K"
    assert state.view(0)["known"] == {"1": "K"} and state.view(1)["known"] == {"0": "5"}
    assert state.view(1)["history"][-1]["gave"] == "K" and state.view(1)["history"][-1]["got"] == "5"
    assert "gave" not in state.view(2)["history"][-1]


def test_j_carries_a_third_players_knowledge_with_the_cards() -> None:
    # seat 2 looks at seat 1's 9; seat 0 then swaps with seat 1: seat 2 knows seat 0 holds the 9.
    state = start(position([["J"], ["9"], ["7"]], ["6", "5", "Q", "K"], starter=2))
    play(state, "7", 1)  # seat 2 holds 7 + 6, looks at seat 1's 9
    assert state.view(2)["known"] == {"1": "9"}
    play(state, "J", 1)  # seat 0 holds J + 5: gives 5, gets 9
    assert state.view(2)["known"] == {"0": "9"}
    assert state.view(0)["known"] == {"1": "5"} and state.view(1)["known"] == {"0": "9"}


def test_known_forgets_a_card_that_left_the_hand() -> None:
    state = start(position([["7"], ["6"]], ["5", "9", "T", "8"]))
    play(state, "7", 1)  # seat 0 keeps 5; sees seat 1's 6
    assert state.view(0)["known"] == {"1": "6"}
    play(state, "9")  # seat 1 plays the drawn 9: still holds the known 6
    assert state.view(0)["known"] == {"1": "6"}
    play(state, "5")  # seat 0 drew T; seat 1 is protected: no effect
    assert state.hands[1] == ["6", "8"]
    play(state, "6", 0, "K")  # seat 1 plays the known 6: seat 0 no longer knows what is left
    assert state.view(0)["known"] == {} and state.hands[1] == ["8"]


# -- the 10 ----------------------------------------------------------------------------------


def test_ten_makes_the_target_discard_and_draw() -> None:
    state = start(position([["T"], ["7"], ["6"]], ["5", "J"]))
    play(state, "T", 1)
    assert state.played[1] == ["7"] and state.hands[1][0] == "J" and state.hands[0] == ["5"]
    event = state.history[-1]
    assert event["discarded"] == "7" and event["from_set_aside"] is False
    assert state.view(1)["history"][-1]["drew"] == "J" and "drew" not in state.view(2)["history"][-1]


def test_ten_on_a_player_holding_k_puts_them_out() -> None:
    state = start(position([["T"], ["K"], ["6"]], ["5"]))
    play(state, "T", 1)
    assert state.out[1] and state.played[1] == ["K"] and state.hands[1] == []


def test_ten_on_yourself_while_holding_k_puts_you_out() -> None:
    state = start(position([["T"], ["6"], ["7"]], ["K"]))
    play(state, "T", 0)
    assert state.out[0] and state.played[0] == ["T", "K"]
    assert state.to_act == (1,)


def test_ten_on_an_empty_pile_gives_the_set_aside_card() -> None:
    state = start(position([["T"], ["6"]], ["5"], aside="Q", exact=True), target_wins=1)
    assert state.deck == [] and state.view(1)["set_aside_down"] is True  # seat 0 drew the last card
    play(state, "T", 1)
    assert state.set_aside is None and state.view(1)["set_aside_down"] is False
    assert state.history[-2]["from_set_aside"] is True  # then the round ended at the showdown
    assert state.history[-1]["type"] == "round_end" and state.history[-1]["hands"] == {"0": "5", "1": "Q"}
    assert state.round_wins == [0, 1] and state.over and state.winners == (1,)


def test_playing_or_discarding_k_puts_you_out() -> None:
    state = start(position([["K"], ["6"], ["7"]], ["5"]))
    play(state, "K")
    assert state.out[0] and state.played[0] == ["K", "5"]
    assert state.history[-1] == {"type": "out", "seat": 0, "card": "5"}


# -- the end of a round ----------------------------------------------------------------------


def test_the_last_card_turn_ends_the_round_at_a_showdown() -> None:
    state = start(position([["9"], ["6"], ["7"]], ["5"], aside="Q", exact=True))
    play(state, "5", 1, "K")  # seat 0 drew the last card; the turn is finished, then the showdown
    end = last_end(state)
    assert end["type"] == "round_end" and end["reason"] == "deck"
    assert end["hands"] == {"0": "9", "1": "6", "2": "7"} and end["winners"] == [0]
    assert state.round_wins == [1, 0, 0] and state.round == 2


def test_the_round_goes_on_while_a_card_is_left_in_the_pile() -> None:
    state = start(position([["9"], ["6"]], ["5", "7"], aside="Q", exact=True), target_wins=1)
    play(state, "9")  # seat 0 drew the 5: one card was left, so seat 1 has a turn and draws it
    assert state.deck == [] and state.to_act == (1,) and state.hands[1] == ["6", "7"]
    assert all(e["type"] != "round_end" for e in state.history)
    play(state, "7")  # seat 0 is protected: no effect; the pile is empty now, the showdown follows
    end = last_end(state)
    assert end["reason"] == "deck" and end["hands"] == {"0": "5", "1": "6"} and state.winners == (1,)


def last_end(state: LoveState) -> JSON:
    return [e for e in state.history if e["type"] == "round_end"][-1]


def test_the_highest_card_wins_the_showdown() -> None:
    played = [["8", "6"], ["9", "5"], []]
    state = start(position([["7"], ["7"], ["Q"]], ["6"], played=played, exact=True, starter=2))
    play(state, "6", 0, "K")  # seat 2 misses; showdown: 7, 7, Q -> seat 2 has the highest card
    assert last_end(state)["winners"] == [2]


def test_a_tie_is_broken_by_the_sum_of_face_up_cards() -> None:
    played = [["8", "6"], ["9", "6"], []]
    state = start(position([["7"], ["7"], ["6"]], ["5"], played=played, exact=True, starter=2))
    play(state, "5", 0, "K")  # seat 2 keeps 6: 7 and 7 tie, face up 14 against 15
    end = last_end(state)
    assert end["hands"] == {"0": "7", "1": "7", "2": "6"} and end["sums"]["0"] == 14
    assert end["sums"]["1"] == 15 and end["winners"] == [1] and state.round_wins == [0, 1, 0]


def test_an_exact_tie_is_a_shared_round() -> None:
    played = [["8", "6"], ["9", "5"], ["6"]]
    state = start(position([["7"], ["7"], ["6"]], ["8"], played=played, aside="Q", exact=True, starter=2))
    play(state, "8", 0)  # seat 2 holds 6 + 8, plays 8 at seat 0: 6 < 7, seat 2 out
    end = last_end(state)
    assert end["reason"] == "deck" and end["sums"] == {"0": 14, "1": 14}
    assert end["winners"] == [0, 1] and state.round_wins == [1, 1, 0]
    assert state.to_act[0] in (0, 1)  # one of the round's winners starts the next


def test_last_player_standing_wins_and_starts_the_next_round() -> None:
    state = start(position([["J"], ["T"], ["7"]], ["5", "8"], starter=2))
    play(state, "5", 0, "J")  # seat 2 (7 + 5) guesses seat 0's J: out
    assert state.to_act == (1,)
    play(state, "8", 2)  # seat 1 (T + 8): compares T with 7: seat 2 out
    assert state.history[-3] == {"type": "out", "seat": 2, "card": "7"}
    end = last_end(state)
    assert end == {"type": "round_end", "round": 1, "reason": "last", "winners": [1], "round_wins": [0, 1, 0]}
    assert state.round == 2 and state.to_act == (1,) and not any(state.out)
    assert cards_of(state) == sorted(DECK)


def test_eliminated_players_never_act() -> None:
    rng = random.Random(7)
    for seed in range(60):
        state = liars.make("love-letter", players=4, seed=seed).new_game()
        assert isinstance(state, LoveState)
        while not state.over:
            seat = state.to_act[0]
            assert not state.out[seat]
            assert [state.legal_actions(s) for s in range(4) if s != seat] == [[]] * 3
            state.act(seat, rng.choice(state.legal_actions(seat)))


def test_sixteen_cards_are_always_accounted_for() -> None:
    rng = random.Random(8)
    for seed in range(40):
        state = liars.make("love-letter", players=rng.choice([2, 3, 4]), seed=seed).new_game()
        assert isinstance(state, LoveState)
        while not state.over:
            assert cards_of(state) == sorted(DECK)
            assert all(
                len(h) == (0 if o else 2 if s in state.to_act else 1)
                for s, (h, o) in enumerate(zip(state.hands, state.out, strict=True))
            )
            state.act_id(rng.choice(state.legal_ids()))


# -- the match ---------------------------------------------------------------------------------


def test_single_round_match() -> None:
    state = start(position([["6"], ["8"]], ["5"]), target_wins=1)
    play(state, "5", 1, "8")
    assert state.over and state.winners == (0,) and state.to_act == ()


@pytest.mark.parametrize(("target", "over"), [(5, True), (6, False)])
def test_the_match_ends_at_target_wins(target: int, over: bool) -> None:
    setup = position([["6"], ["8"], ["7"]], ["5", "9"])
    setup["round_wins"] = [3, 4, 0]
    state = start(setup, target_wins=target)
    play(state, "5", 2, "7")  # seat 2 out
    play(state, "8", 0)  # seat 1 (8 + 9) compares 9 with seat 0's 6: seat 0 out, seat 1 wins the round
    assert state.round_wins == [3, 5, 0] and state.over is over
    assert state.winners == ((1,) if over else ())
    assert state.to_act == (() if over else (1,))


def test_default_target_for_three_players_is_five() -> None:
    setup = position([["6"], ["8"], ["7"]], ["5", "9"])
    setup["round_wins"] = [3, 4, 0]
    state = start(setup)
    play(state, "5", 2, "7")
    play(state, "8", 0)
    assert state.over and state.winners == (1,)


# -- setups --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        {"hands": [["K"], ["K"]]},
        {"hands": [["K", "5"], []]},
        {"hands": [["K"]]},
        {"set_aside": "A"},
        {"set_aside": None},
        {"deck": "5"},
        {"starter": 2},
        {"starter": True},
        {"round_wins": [7, 0]},
        {"round_wins": [0]},
        {"played": [["5"], []]},
        {"hands": [["K"], []]},
        {"protected": [False]},
        {"protected": [False, 1]},
        {"known": [{}, {}, {}]},
        {"known": [{"1": "5"}, {}]},
        {"known": [{"0": "K"}, {}]},
        {"known": [{"2": "6"}, {}]},
        {"known": [{}, "K"]},
    ],
)
def test_bad_setups_are_refused(change: JSON) -> None:
    setup = position([["K"], ["6"]], ["5"])
    setup.update(change)
    with pytest.raises(GameConfigError):
        liars.make("love-letter", players=2, seed=1).new_game(setup)


def test_a_setup_mid_round_carries_protection_and_what_players_have_seen() -> None:
    """A position in the middle of a round (as a search deals it): a 9's protection, cards already seen."""
    setup = position([["8"], ["6"], ["7"]], ["5", "9"], starter=0)
    setup["protected"] = [False, True, False]
    setup["known"] = [{}, {}, {"1": "6"}]
    state = start(setup)
    assert state.view(2)["known"] == {"1": "6"} and state.view(0)["protected"] == [False, True, False]
    assert all(a.target != 1 for a in state.legal_actions(0))  # seat 1 hides behind its 9
    play(state, "5", 2, "K")  # seat 0 (8 + 5) keeps the 8, misses
    assert not state.protected[1] and state.to_act == (1,)  # seat 1's turn: its protection ends
    out = position([["8"], [], ["7"]], ["5"], played=[[], ["6"], []])
    out["protected"] = [False, True, False]
    with pytest.raises(GameConfigError, match="out"):
        start(out)


def test_empty_deck_setup_is_refused() -> None:
    setup = position([["K"], ["6"]], [], exact=True)
    with pytest.raises(GameConfigError, match="deck"):
        start(setup)


def test_out_seats_in_a_setup() -> None:
    state = start(position([["6"], [], ["8"]], ["5"], played=[[], ["7"], []]))
    assert state.out == [False, True, False] and state.legal_actions(0)
    assert all(a.target != 1 for a in state.legal_actions(0))


def test_a_ten_that_takes_the_last_card_ends_the_round_after_that_turn() -> None:
    state = start(position([["T"], ["6"]], ["5", "9"], aside="Q", exact=True), target_wins=1)
    play(state, "T", 1)  # seat 1 discards its 6 and draws the 9, the last card: nobody draws again
    end = last_end(state)
    assert end["reason"] == "deck" and end["hands"] == {"0": "5", "1": "9"} and state.winners == (1,)
    assert state.set_aside == "Q"  # the set-aside card is only for an empty pile


def test_a_new_round_forgets_protection_and_knowledge() -> None:
    state = start(position([["7"], ["6"], ["J"]], ["9", "5", "8", "K"], starter=1))
    play(state, "6", 2, "J")  # seat 1 (6 + 9): seat 2 is out
    play(state, "7", 1)  # seat 0 (7 + 5): looks at seat 1's 9
    assert state.view(0)["known"] == {"1": "9"}
    play(state, "9")  # seat 1 (9 + 8) plays 9: protected
    assert state.protected[1]
    play(state, "K")  # seat 0 drew the K and plays it: out; seat 1 wins the round
    assert state.round == 2 and state.view(0)["known"] == {} and state.protected == [False] * 3
    assert state.to_act == (1,) and state.round_wins == [0, 1, 0]


# -- saves: load replays them through the rules ------------------------------------------------


def _saved(state: LoveState) -> JSON:
    data: JSON = json.loads(state.to_json())
    return data


def _refused_save(data: JSON) -> str:
    with pytest.raises(GameConfigError) as info:
        liars.load(json.dumps(data))
    assert info.value.code == "bad_save"
    return str(info.value)


def test_a_save_records_every_rounds_deal_and_loads_by_replaying_it() -> None:
    state = liars.make("love-letter", players=3, seed=4, target_wins=2).new_game()
    rng = random.Random(4)
    while state.round < 3 and not state.over:
        state.act_id(rng.choice(state.legal_ids()))
    data = _saved(state)
    deals = data["state"]["deals"]
    assert len(deals) == state.round and all(sorted(d["cards"]) == sorted(DECK) for d in deals)
    again = liars.load(json.dumps(data))
    assert again.to_json() == state.to_json()
    swapped = copy.deepcopy(data)  # an earlier round dealt otherwise: its events no longer follow
    first = swapped["state"]["deals"][0]["cards"]
    other = next(i for i in range(1, 3) if first[i] != first[0])  # two seats' cards trade places
    first[0], first[other] = first[other], first[0]
    assert "history" in _refused_save(swapped)
    late = copy.deepcopy(data)  # a later round from a setup: only the first may be one
    late["state"]["deals"][1] = {"starter": 0, "hands": [], "set_aside": "K", "deck": [], "played": []}
    _refused_save(late)


def test_a_mid_round_setup_saves_and_loads_with_its_protection_and_knowledge() -> None:
    setup = position([["8"], ["6"], ["7"]], ["5", "9"], starter=0)
    setup["protected"] = [False, True, False]
    setup["known"] = [{}, {}, {"1": "6"}]
    state = start(setup)
    again = liars.load(state.to_json())
    assert again.to_json() == state.to_json() and again.view(2)["known"] == {"1": "6"}
    play(state, "5", 2, "K")
    assert liars.load(state.to_json()).to_json() == state.to_json()
    data = _saved(state)
    data["state"]["deals"][0]["known"] = [{}, {}, {}]  # then seat 2 would not know seat 1's card
    assert "known" in _refused_save(data)


def test_a_save_whose_history_has_an_impossible_play_is_refused() -> None:
    state = start(position([["8"], ["6"], ["7"]], ["5", "9"], starter=0))
    play(state, "5", 2, "K")
    data = _saved(state)
    data["state"]["history"][1]["seat"] = 1  # not seat 1's turn
    assert "not a legal play" in _refused_save(data)
