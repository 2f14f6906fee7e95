"""Poker Liar's Dice: every rule of docs/rules/liars-dice-poker.md, one test or more each."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

import liars
from liars import GameConfigError, IllegalAction
from liars.games.liars_dice_poker import (
    ACCEPT,
    BEST,
    CLAIM_INDEX,
    CLAIMS,
    LIAR,
    NUM_ACTIONS,
    REROLL,
    Claim,
    PokerState,
    best_hand,
    holds,
)
from tests.typed import some

GAME = "liars-dice-poker"


def make(seed: int = 0, **opts: Any) -> liars.Game:
    return liars.make(GAME, seed=seed, **opts)


def start(dice: list[int], starter: int = 0, lives: list[int] | None = None, seed: int = 0) -> PokerState:
    setup: dict[str, Any] = {"starter": starter, "dice": dice}
    if lives is not None:
        setup["lives"] = lives
    state = make(seed).new_game(setup=setup)
    assert isinstance(state, PokerState)
    return state


def claim(hand: str, *values: int) -> dict[str, Any]:
    return {"type": "claim", "hand": hand, "values": list(values)}


LIAR_A = {"type": "liar"}
ACCEPT_A = {"type": "accept"}


def reroll(*dice: int) -> dict[str, Any]:
    return {"type": "reroll", "dice": list(dice)}


# -- the metadata and the claim order -------------------------------------------------------


def test_metadata_is_the_pinned_api() -> None:
    info = liars.game_class(GAME).info
    assert (info.min_players, info.max_players) == (2, 2)
    assert info.names == {
        "nb": "Løgnterninger – pokerutgaven for to",
        "nl": "Blufpoker voor twee",
        "en": "Poker Liar's Dice",
    }
    (lives,) = info.options
    assert (lives.name, lives.default, lives.min, lives.max) == ("lives", 5, 1, 10)
    assert make().num_actions == NUM_ACTIONS == 72 + 2 + 462


def test_the_dutch_names_tell_the_two_dice_games_apart() -> None:
    """nl called the bidding game «Blufpoker met dobbelstenen» and this one «Pokerdobbelen met bluf»:
    near anagrams in one list, and Dutch *blufpoker* is this game (one cup, believed or lifted)."""
    from liars.terminal import i18n

    bidding, poker = (liars.game_class(g).info.names["nl"] for g in ("liars-dice", GAME))
    assert "poker" not in bidding.lower() and "blufpoker" in poker.lower()
    assert not set(bidding.lower().split()) & set(poker.lower().split())
    before = i18n.lang()
    i18n.use("nl")  # the terminal's catalog says the same
    try:
        assert (i18n.game_name("liars-dice"), i18n.game_name(GAME)) == (bidding, poker)
    finally:
        i18n.use(before)


def test_the_claim_order_all_72() -> None:
    order = [2, 3, 4, 5, 6, 1]  # poker order, lowest first
    expected: list[tuple[str, tuple[int, ...]]] = [("nothing", ())]
    expected += [("pair", (x,)) for x in order]
    expected += [("two_pairs", (x, y)) for i, x in enumerate(order) for y in order[:i]]
    expected += [("three", (x,)) for x in order]
    expected += [("low_straight", ()), ("high_straight", ())]
    expected += [("full_house", (x, y)) for x in order for y in order if y != x]
    expected += [("four", (x,)) for x in order] + [("five", (x,)) for x in order]
    assert [(c.hand, c.values) for c in CLAIMS] == expected
    assert len(CLAIMS) == 72 == len(set(CLAIMS))
    # straights between three of a kind and the full house
    assert CLAIM_INDEX[Claim("three", (1,))] + 1 == CLAIM_INDEX[Claim("low_straight")]
    assert CLAIM_INDEX[Claim("high_straight")] + 1 == CLAIM_INDEX[Claim("full_house", (2, 3))]
    # the claim ids are the indices: "higher" is "a larger id"
    game = make()
    assert [game.action_id(c.to_json()) for c in CLAIMS] == list(range(72))


@pytest.mark.parametrize(
    ("dice", "hand"),
    [
        ([2, 3, 4, 5, 1], ("nothing", ())),
        ([1, 2, 3, 4, 6], ("nothing", ())),
        ([2, 2, 3, 4, 5], ("pair", (2,))),
        ([1, 1, 3, 4, 5], ("pair", (1,))),
        ([2, 2, 1, 1, 5], ("two_pairs", (1, 2))),
        ([6, 6, 5, 5, 1], ("two_pairs", (6, 5))),
        ([4, 4, 4, 1, 6], ("three", (4,))),
        ([2, 3, 4, 5, 6], ("low_straight", ())),
        ([3, 4, 5, 6, 1], ("high_straight", ())),
        ([2, 2, 2, 3, 3], ("full_house", (2, 3))),
        ([3, 3, 1, 1, 1], ("full_house", (1, 3))),
        ([5, 5, 5, 5, 2], ("four", (5,))),
        ([1, 1, 1, 1, 1], ("five", (1,))),
    ],
)
def test_the_best_hand_of_five_dice(dice: list[int], hand: tuple[str, tuple[int, ...]]) -> None:
    assert CLAIMS[best_hand(dice)] == Claim(*hand)
    assert BEST[tuple(sorted(dice))] == best_hand(dice)


def test_holds_means_at_least_as_good() -> None:
    full = [2, 2, 2, 3, 3]  # a full house of twos over threes
    assert holds(full, CLAIM_INDEX[Claim("pair", (1,))])
    assert holds(full, CLAIM_INDEX[Claim("high_straight")])
    assert holds(full, CLAIM_INDEX[Claim("full_house", (2, 3))])
    assert not holds(full, CLAIM_INDEX[Claim("full_house", (2, 4))])
    assert not holds(full, CLAIM_INDEX[Claim("four", (2,))])
    assert holds([2, 3, 4, 5, 1], 0)  # anything holds "nothing"


# -- the round: who loses, who starts, the end ---------------------------------------------


def test_a_call_on_a_claim_that_holds_costs_the_caller() -> None:
    s = start([2, 2, 2, 3, 3], starter=0)
    s.act(0, claim("pair", 1))  # a lie on its face, but the full house holds it
    s.act(1, LIAR_A)
    assert s.lives == [5, 4]
    rev = s.view(None)["revealed"]
    assert rev == {
        "dice": [2, 2, 2, 3, 3],
        "claim": {"seat": 0, "hand": "pair", "values": [1]},
        "held": True,
        "caller": 1,
        "loser": 1,
    }
    assert s.starter == 1 and s.to_act == (1,) and s.holder == 1  # the loser starts
    assert s.round == 2 and s.claims == [] and s.phase == "claim"


def test_a_call_on_a_claim_that_fails_costs_the_claimant() -> None:
    s = start([2, 2, 3, 4, 6], starter=1)
    s.act(1, claim("three", 2))
    s.act(0, LIAR_A)
    assert s.lives == [5, 4]
    assert some(s.view(0)["revealed"])["held"] is False
    assert s.starter == 1 and s.to_act == (1,)


def test_the_match_ends_at_zero_lives() -> None:
    s = start([2, 3, 4, 5, 1], starter=0, lives=[1, 2])
    s.act(0, claim("pair", 6))
    s.act(1, LIAR_A)
    assert s.over and s.winners == (1,) and s.to_act == ()
    assert s.lives == [0, 2]
    assert s.returns() == (0.0, 1.0) and s.places == (2, 1)
    assert all(s.legal_actions(p) == [] for p in (0, 1)) and list(s.legal_ids()) == []
    with pytest.raises(IllegalAction) as exc:
        s.act(1, claim("pair", 2))
    assert exc.value.code == "game_over"


def test_the_first_starter_is_drawn_by_a_roll_off() -> None:
    starters = set()
    for seed in range(40):
        s = cast(PokerState, make(seed).new_game())
        rows = s.rolloff
        assert all(a == b for a, b in rows[:-1]) and rows[-1][0] != rows[-1][1]
        a, b = rows[-1]
        assert s.starter == (0 if a > b else 1)
        starters.add(s.starter)
    assert starters == {0, 1}
    assert any(
        len(cast(PokerState, make(seed).new_game()).rolloff) > 1 for seed in range(40)
    )  # ties roll again


# -- the turn structure ------------------------------------------------------------------------


def test_the_turn_structure() -> None:
    s = start([2, 2, 3, 4, 5], starter=0, seed=3)
    game = s.game
    # the starter opens with any claim, and only a claim
    assert s.legal_ids() == tuple(range(72))
    with pytest.raises(IllegalAction) as exc:
        s.act(0, LIAR_A)
    assert exc.value.code == "must_claim"
    s.act(0, claim("pair", 2))
    assert s.holder == 1 and s.to_act == (1,)
    # the receiver: liar or accept, nothing else
    assert [a.to_json() for a in s.legal_actions(1)] == [LIAR_A, ACCEPT_A]
    for bad in (claim("pair", 3), reroll()):
        with pytest.raises(IllegalAction) as exc:
            s.act(1, bad)
        assert exc.value.code == "must_answer"
    s.act(1, ACCEPT_A)
    # after accepting: a re-roll, of any sub-multiset of the dice
    assert all(game.action_id(a) >= REROLL for a in s.legal_actions(1))
    assert len(s.legal_actions(1)) == 2 * 2 * 2 * 3  # values 3, 4, 5 once, 2 twice
    with pytest.raises(IllegalAction) as exc:
        s.act(1, claim("pair", 3))
    assert exc.value.code == "must_reroll"
    s.act(1, reroll(3, 4))
    assert s.dice == sorted(s.dice)
    assert s.rerolled == 2 and s.phase == "claim"
    # then a claim strictly higher than the one accepted
    assert s.legal_ids() == tuple(range(CLAIM_INDEX[Claim("pair", (2,))] + 1, 72))
    for low in (claim("pair", 2), claim("nothing")):
        with pytest.raises(IllegalAction) as exc:
            s.act(1, low)
        assert exc.value.code == "claim_too_low"
    s.act(1, claim("pair", 3))
    assert s.holder == 0 and s.to_act == (0,)
    assert s.view(None)["claims"][-1] == {
        "seat": 1,
        "hand": "pair",
        "values": [3],
        "rerolled": 2,
        "dice": None,
    }


def test_the_reroll_rolls_exactly_the_named_dice() -> None:
    for seed in range(30):
        s = start([1, 1, 4, 5, 6], starter=0, seed=seed)
        s.act(0, claim("pair", 1))
        s.act(1, ACCEPT_A)
        s.act(1, reroll(6, 4, 1))
        rest = list(s.dice)
        for v in (1, 5):
            rest.remove(v)  # the kept dice are still there
        assert len(rest) == 3
    s = start([1, 1, 4, 5, 6], starter=0)
    s.act(0, claim("pair", 1))
    s.act(1, ACCEPT_A)
    s.act(1, reroll())  # keep all five: allowed
    assert s.dice == [1, 1, 4, 5, 6] and s.rerolled == 0


def test_only_liar_against_five_aces() -> None:
    s = start([1, 1, 1, 1, 2], starter=0)
    s.act(0, claim("five", 1))
    assert s.legal_actions(1) == [s.game.parse_action(LIAR_A)]
    assert s.legal_ids() == (LIAR,)
    before = s.to_json()
    with pytest.raises(IllegalAction) as exc:
        s.act(1, ACCEPT_A)
    assert exc.value.code == "five_aces"
    assert s.to_json() == before
    s.act(1, LIAR_A)
    assert s.lives == [4, 5]  # four aces do not hold five


def test_reroll_validation() -> None:
    s = start([2, 2, 3, 4, 5], starter=0)
    s.act(0, claim("pair", 2))
    s.act(1, ACCEPT_A)
    before = s.to_json()
    for bad, code in [
        (reroll(6), "reroll_not_held"),
        (reroll(2, 2, 2), "reroll_not_held"),
        (reroll(1, 2, 3, 4, 5, 6), "reroll_dice"),
        (reroll(0), "out_of_range"),
        ({"type": "reroll", "dice": [2.0]}, "not_whole_number"),
        ({"type": "reroll", "dice": "2"}, "reroll_dice"),
        ({"type": "reroll"}, "missing_keys"),
    ]:
        with pytest.raises(IllegalAction) as exc:
            s.act(1, bad)
        assert exc.value.code == code, bad
        assert s.to_json() == before
    s.act(1, reroll(4, 2, 2))  # any order names the same dice
    assert s.rerolled == 3


def test_bad_claims_are_refused_with_nothing_changed() -> None:
    s = start([2, 2, 3, 4, 5], starter=0)
    before = s.to_json()
    for bad, code in [
        (claim("royal"), "claim_hand"),
        ({"type": "claim", "hand": 3, "values": []}, "claim_hand"),
        (claim("pair"), "claim_values"),
        (claim("two_pairs", 2, 6), "claim_values"),
        (claim("full_house", 3, 3), "claim_values"),
        (claim("low_straight", 2), "claim_values"),
        ({"type": "claim", "hand": "pair", "values": 2}, "claim_values"),
        ({"type": "claim", "hand": "pair", "values": [True]}, "not_whole_number"),
        ({"type": "claim", "hand": "pair", "values": [7]}, "out_of_range"),
        ({"type": "claim", "hand": "pair", "values": [2], "x": 0}, "unknown_keys"),
        ({"type": "bid"}, "action_type_unknown"),
        ("pair", "action_not_object"),
    ]:
        with pytest.raises(IllegalAction) as exc:
            s.act(0, bad)
        assert exc.value.code == code, bad
        assert s.to_json() == before
    with pytest.raises(IllegalAction) as exc:
        s.act(1, claim("pair", 2))
    assert exc.value.code == "not_your_turn"
    assert s.to_json() == before


def test_integer_ids_round_trip() -> None:
    game = make()
    for i in range(NUM_ACTIONS):
        assert game.action_id(game.action_from_id(i)) == i
    assert game.action_id(LIAR_A) == LIAR and game.action_id(ACCEPT_A) == ACCEPT
    assert game.action_id(reroll()) == REROLL and game.action_id(reroll(6, 1)) == game.action_id(reroll(1, 6))
    for bad in (-1, NUM_ACTIONS, True):
        with pytest.raises(IllegalAction):
            game.action_from_id(bad)


# -- what each seat and a spectator may see -----------------------------------------------


def test_what_each_seat_and_a_spectator_see() -> None:
    s = start([2, 2, 3, 4, 5], starter=0, seed=7)
    v0, v1, vs = s.view(0), s.view(1), s.view(None)
    assert v0["dice"] == [2, 2, 3, 4, 5]  # the starter has looked
    assert v1["dice"] is None and vs["dice"] is None  # nobody else
    assert v0["holder"] == v1["holder"] == vs["holder"] == 0
    s.act(0, claim("three", 2))
    v0, v1, vs = s.view(0), s.view(1), s.view(None)
    assert v1["holder"] == 1 and v1["dice"] is None  # the receiver sees nothing before accepting
    assert v0["dice"] is None and v0["passed_dice"] == [2, 2, 3, 4, 5]  # the passer keeps what it passed
    assert v1["passed_dice"] is None and vs["passed_dice"] is None and vs["dice"] is None
    assert v0["claims"][0]["dice"] == [2, 2, 3, 4, 5] and v1["claims"][0]["dice"] is None
    assert v0["claim"] == {"seat": 0, "hand": "three", "values": [2]}
    s.act(1, ACCEPT_A)
    assert s.view(1)["dice"] == [2, 2, 3, 4, 5] and s.view(1)["claims"][0]["dice"] == [2, 2, 3, 4, 5]
    s.act(1, reroll(3, 4, 5))
    new = s.view(1)["dice"]
    assert new == s.dice and s.view(1)["rerolled"] == 3
    assert s.view(0)["dice"] is None and s.view(0)["passed_dice"] == [2, 2, 3, 4, 5]  # nothing newer
    assert s.view(0)["rerolled"] == 3 and s.view(None)["dice"] is None
    s.act(1, claim("full_house", 2, 6))
    v0 = s.view(0)
    assert v0["dice"] is None and v0["passed_dice"] is None and v0["holder"] == 0
    assert v0["claims"][0]["dice"] == [2, 2, 3, 4, 5] and v0["claims"][1]["dice"] is None
    assert v0["claims"][1]["rerolled"] == 3
    assert s.view(1)["passed_dice"] == new and s.view(1)["claims"][1]["dice"] == new
    s.act(0, LIAR_A)
    for seat in (0, 1, None):
        v = s.view(seat)
        assert some(v["revealed"])["dice"] == new  # after a call, both see the dice
        assert v["history"][0]["dice"] == new and v["lives"] == s.lives


def test_views_are_json_and_tell_the_twins_apart_only_where_allowed() -> None:
    a = start([2, 2, 3, 4, 5], starter=0, seed=1)
    b = start([1, 1, 6, 6, 6], starter=0, seed=1)
    for x in (a, b):
        x.act(0, claim("pair", 5))
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    json.dumps(a.view(1))


# -- setup, determinism, save and load ----------------------------------------------------


def test_setup_fixes_the_round_about_to_start() -> None:
    s = make(lives=3).new_game(setup={"lives": [1, 3], "starter": 1, "dice": [6, 1, 1, 2, 2]})
    assert s.view(1)["dice"] == [1, 1, 2, 2, 6] and s.to_act == (1,) and s.view(None)["lives"] == [1, 3]
    assert s.view(None)["rolloff"] == []
    bad: dict[str, Any]
    for bad in (
        {"lives": [0, 3]},
        {"lives": [4, 3]},
        {"lives": [3]},
        {"starter": 2},
        {"dice": [1, 2, 3, 4]},
        {"dice": [1, 2, 3, 4, 7]},
        {"dice": "12345"},
        {"cards": []},
    ):
        with pytest.raises(GameConfigError) as exc:
            make(lives=3).new_game(setup=bad)
        assert exc.value.code in ("bad_setup", "out_of_range"), bad


def _random_game(seed: int) -> tuple[PokerState, list[tuple[int, Any]]]:
    s = make(seed).new_game()
    assert isinstance(s, PokerState)
    rng = random.Random(seed)
    moves = []
    while not s.over:
        seat = s.to_act[0]
        a = rng.choice(s.legal_actions(seat)).to_json()
        s.act(seat, a)
        moves.append((seat, a))
    return s, moves


def test_determinism_same_seed_same_game() -> None:
    a, moves = _random_game(11)
    b = make(11).new_game()
    for seat, m in moves:
        b.act(seat, m)
    assert a.to_json() == b.to_json()
    assert make(11).new_game().to_json() != make(12).new_game().to_json()


def test_save_and_load_at_every_step() -> None:
    _, moves = _random_game(5)
    s = make(5).new_game()
    for seat, m in moves:
        t = liars.load(s.to_json())
        assert t.to_json() == s.to_json() and t.view(0) == s.view(0) and t.view(1) == s.view(1)
        s.act(seat, m)
        t.act(seat, m)
        assert t.to_json() == s.to_json()


def _tamper(text: str, edit: Any) -> str:
    data = json.loads(text)
    edit(data["state"])
    return json.dumps(data)


def test_load_refuses_impossible_states() -> None:
    s = start([2, 2, 3, 4, 5], starter=0)
    s.act(0, claim("pair", 2))
    s.act(1, ACCEPT_A)
    s.act(1, reroll(5))
    s.act(1, claim("pair", 4))
    s.act(0, LIAR_A)
    s.act(s.to_act[0], claim("pair", 6))  # the loser starts round 2
    text = s.to_json()
    liars.load(text)
    edits = [
        lambda d: d.update(lives=[5, 5]),  # the history says a life was lost
        lambda d: d["history"][0].__setitem__(6, not d["history"][0][6]),  # held flipped
        lambda d: d["history"][0].__setitem__(7, 1 - d["history"][0][7]),  # the wrong loser
        lambda d: d["history"][0].__setitem__(0, 2),  # misnumbered
        lambda d: d["history"][0][3].reverse(),  # claims falling
        lambda d: d.update(starter=1 - d["starter"]),  # not the loser's round
        lambda d: d.update(dice=[6, 6, 6, 6, 6]),  # not the dice passed (no re-roll yet)
        lambda d: d.update(phase="reroll", dice=[1, 1, 1, 1, 1]),
        lambda d: d.update(holder=1 - d["holder"]),
        lambda d: d.update(phase="dance"),
        lambda d: d.update(rerolled=6),
        lambda d: d.update(dice=[1, 2, 3]),
        lambda d: d.update(claims=[[0, 72, 0, [1, 1, 1, 1, 1]]]),
        lambda d: d["claims"][0].__setitem__(2, 1),  # the opening claim after a re-roll
        lambda d: d.update(rolloff=[[3, 3]]),
        lambda d: d.update(lives=[5, 99]),
        lambda d: d.update(extra=1),
    ]
    for i, edit in enumerate(edits):
        with pytest.raises(GameConfigError) as exc:
            liars.load(_tamper(text, edit))
        assert exc.value.code == "bad_save", i


def test_sample_state_agrees_with_the_view() -> None:
    for seed in range(6):
        s = make(seed).new_game()
        rng = random.Random(seed)
        while not s.over:
            for seat in (0, 1):
                v = s.view(seat)
                t = s.game.sample_state(v, rng)
                assert t.view(seat) == v
                liars.load(t.to_json())  # a state the rules can reach
            s.act(s.to_act[0], rng.choice(s.legal_actions(s.to_act[0])))
    with pytest.raises(GameConfigError):
        s.game.sample_state(s.view(None), random.Random(0))
