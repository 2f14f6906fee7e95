"""``cheat`` actions: JSON and text forms, the merged enumeration, integer ids, every play accepted."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liars
from liars import IllegalAction
from liars.games.cheat import PLAYS, Challenge, CheatState, Pass, Play, parse
from liars.games.cheat_cards import CODES, NUM_ACTIONS, RANK_OF, RANKS


def game_state(players: int, seed: int, **opts: object) -> CheatState:
    state = liars.make("cheat", players=players, seed=seed, **opts).new_game()
    assert isinstance(state, CheatState)
    return state


def test_json_forms() -> None:
    game = liars.make("cheat")
    assert game.parse_action({"type": "play", "cards": ["KC", "5H"]}) == Play(("5H", "KC"))
    assert game.parse_action({"type": "challenge"}) == Challenge()
    assert game.parse_action({"type": "pass"}) == Pass()
    assert Play(("5H", "KC")).to_json() == {"type": "play", "cards": ["5H", "KC"]}
    assert game.parse_action({"type": "play", "cards": ["T", "TH"]}).to_json() == {
        "type": "play",
        "cards": ["TH", "T"],
    }


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "play", "cards": ["TH", "TH"]},
        {"type": "play", "cards": ["T"] * 5},
        {"type": "play", "cards": ["TH", "T", "T", "T", "T"]},
        {"type": "play", "cards": ["0H"]},
        {"type": "play", "cards": ["TH "]},
        {"type": "play", "cards": [None]},
        {"type": "play", "cards": ("TH",)},
        {"type": "Play", "cards": ["TH"]},
    ],
)
def test_malformed_plays_are_refused(bad: object) -> None:
    with pytest.raises(IllegalAction):
        liars.make("cheat").parse_action(bad)


def test_text_forms_round_trip() -> None:
    for a in [*PLAYS[::37], Play(("5H", "KC")), Play(("5H", "5", "K")), Challenge(), Pass()]:
        assert parse(str(a)) == a
    assert parse("play 5h, kc") == Play(("5H", "KC"))
    with pytest.raises(IllegalAction):
        parse("")
    with pytest.raises(IllegalAction):
        parse("lie")


def brute_force(hand: list[str], most: int) -> set[tuple[str, ...]]:
    """Every suit-free play of at most ``most`` cards, from all concrete subsets of the hand."""
    out = set()
    for k in range(1, most + 1):
        for combo in combinations(hand, k):
            out.add(tuple(sorted((c[0] for c in combo), key=RANK_OF.__getitem__)))
    return out


@pytest.mark.parametrize(("players", "opts"), [(3, {}), (4, {"max_cards": 2}), (6, {"max_cards": 3})])
def test_legal_actions_are_every_suit_free_play_of_up_to_four(players: int, opts: dict[str, int]) -> None:
    most = min(4, opts.get("max_cards", 4))
    for seed in range(4):
        state = game_state(players, seed, **opts)
        rng = random.Random(seed)
        for _ in range(60):
            if state.over:
                break
            if not state.view(None)["window"]:
                seat = state.to_act[0]
                listed = [a.cards for a in state.legal_actions(seat)]
                assert len(listed) == len(set(listed)) <= NUM_ACTIONS - 2
                assert set(listed) == brute_force(state.view(seat)["hand"], most)
            else:
                assert state.legal_actions(state.to_act[0]) == [Challenge(), Pass()]
            state.act_id(rng.choice(state.legal_ids()))


def test_the_enumeration_stays_small_for_a_huge_hand() -> None:
    big = [c for c in CODES if c not in ("QS", "KS")]  # three queens, three kings
    state = liars.make("cheat", players=3).new_game(setup={"hands": [big, ["QS"], ["KS"]], "starter": 0})
    assert len(state.legal_actions(0)) == NUM_ACTIONS - 2 - 2 == 2377  # all but QQQQ and KKKK


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 6),
    data=st.data(),
    bare=st.booleans(),
    cap=st.booleans(),
)
def test_every_play_the_rules_allow_is_accepted(
    seed: int, players: int, data: st.DataObject, bare: bool, cap: bool
) -> None:
    """Any non-empty subset of the hand, of any size (within max_cards), by suits or by bare ranks."""
    opts = {"max_cards": 3} if cap else {}
    state = game_state(players, seed, **opts)
    seat = state.to_act[0]
    hand = state.view(seat)["hand"]
    most = 3 if cap else len(hand)
    cards = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=most, unique=True))
    codes = [c[0] if bare else c for c in cards]
    before = state.view(None)
    state.act(seat, {"type": "play", "cards": codes})
    after = state.view(seat)
    assert after["last_play"] == {"seat": seat, "count": len(cards), "rank": before["required_rank"]}
    assert len(after["hand"]) == len(hand) - len(cards)
    if not bare:
        assert set(hand) - set(after["hand"]) == set(cards)
    else:  # bare ranks take the lowest suits of each rank
        gone = sorted(set(hand) - set(after["hand"]), key=CODES.index)
        assert sorted(c[0] for c in gone) == sorted(c[0] for c in cards)
        for c in gone:
            lower = [h for h in hand if h[0] == c[0] and CODES.index(h) < CODES.index(c)]
            assert all(h in gone for h in lower)


def test_plays_beyond_max_cards_or_hand_are_refused_and_change_nothing() -> None:
    state = game_state(4, 2, max_cards=3)
    seat = state.to_act[0]
    hand = state.view(seat)["hand"]
    before = state.to_json()
    for bad in (hand[:4], [c for c in CODES if c not in hand][:1]):
        with pytest.raises(IllegalAction):
            state.act(seat, {"type": "play", "cards": bad})
        assert state.to_json() == before


def test_integer_ids() -> None:
    game = liars.make("cheat", players=4)
    assert game.num_actions == NUM_ACTIONS == 2381
    assert game.action_id(Challenge()) == 0 and game.action_id(Pass()) == 1
    assert game.action_from_id(2) == Play(("A",))
    assert game.action_from_id(NUM_ACTIONS - 1) == Play(("K", "K", "K", "K"))
    assert (
        game.action_id(Play(("5H", "KC")))
        == game.action_id(Play(("5", "K")))
        == game.action_id(Play(("5S", "K")))
    )
    with pytest.raises(IllegalAction):
        game.action_id(Play(("5", "5", "K", "K", "Q")))
    ids = [game.action_id(p) for p in PLAYS]
    assert ids == list(range(2, NUM_ACTIONS))
    assert all(len(p.cards) == len(set(p.cards)) or p.cards[0] in RANKS for p in PLAYS)


def test_act_id_agrees_with_act_and_refuses_what_is_not_legal() -> None:
    state = game_state(3, 4)
    seat = state.to_act[0]
    before = state.to_json()
    wrong: tuple[Any, ...] = (0, 1, -1, NUM_ACTIONS, True, 2.0, "2")  # a client may send anything
    for bad in wrong:
        with pytest.raises(IllegalAction):
            state.act_id(bad)
        assert state.to_json() == before
    hand = state.view(seat)["hand"]
    missing = next(r for r in RANKS if sum(c[0] == r for c in hand) < 4)
    short = Play(tuple(missing * (1 + sum(c[0] == missing for c in hand))))
    if len(short.cards) <= 4:
        with pytest.raises(IllegalAction):
            state.act_id(state.game.action_id(short))
        assert state.to_json() == before
    twin = state.clone()
    pick = state.legal_ids()[len(state.legal_ids()) // 2]
    state.act_id(pick)
    twin.act(seat, state.game.action_from_id(pick))
    assert twin.to_json() == state.to_json()
    for bad in (2, NUM_ACTIONS - 1):
        with pytest.raises(IllegalAction):
            state.act_id(bad)  # a play inside the window
