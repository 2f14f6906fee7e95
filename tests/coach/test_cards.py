"""Cheat and Liegen odds of the coach: hand-counted positions, and the engines' own determinizations.

Both numbers weigh the claimant's possible hands, drawn from the cards the
seat cannot place; ``out_there`` counts those that would make the play true
(by hand here), and the hands weighed must be the ones the engines'
``sample_state`` deals (a large sample of them must agree).  How the two
numbers relate (the claimant's record) is in ``test_cards_record.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import liars
from liars.bots import cheat as cheat_bot
from liars.bots import liegen as liegen_bot
from liars.coach import cards, odds
from liars.games.cheat_cards import CARD_OF, RANK_OF
from liars.games.liegen import CARD_INDEX

RANKS = "A23456789TJQK"
DECK = [r + s for r in RANKS for s in "CDHS"]


def cheat_hands(mine: list[str], players: int = 3) -> list[list[str]]:
    """Seat 0 holds ``mine`` and high cards up to 18; the rest dealt round the other seats."""
    rest = [c for c in DECK if c not in mine]
    hand0 = mine + rest[len(rest) - (18 - len(mine)) :]
    rest = rest[: len(rest) - (18 - len(mine))]
    hands: list[list[str]] = [hand0] + [[] for _ in range(players - 1)]
    for i, c in enumerate(rest):
        hands[1 + i % (players - 1)].append(c)
    return hands


def test_cheat_one_ace_claimed_while_i_hold_three() -> None:
    game = liars.make("cheat", players=3, seed=1)
    state = game.new_game(setup={"hands": cheat_hands(["AC", "AD", "AH"]), "starter": 1})
    state.act(1, {"type": "play", "cards": ["2"]})  # a lie, as far as seat 0 can tell 1 chance in 34
    out = odds("cheat", state.view(0))
    assert out["out_there"] == 1  # 52 - 18 unseen, one ace among them
    assert 0.0 < out["last_play_exact"] < 1.0
    assert out["last_play"] == out["last_play_exact"]  # seat 1 has no record yet
    assert out["claimed"] == {"rank": "A", "count": 1}
    assert 0.0 < out["last_play"] < 1.0
    assert odds("cheat", state.view(1))["last_play_exact"] is None  # its own play: nothing to judge


def test_cheat_module_function_and_entry_point_agree() -> None:
    game = liars.make("cheat", players=3, seed=1)
    state = game.new_game(setup={"hands": cheat_hands(["AC", "AD", "AH"]), "starter": 1})
    state.act(1, {"type": "play", "cards": ["2"]})
    view = state.view(0)
    whole = odds("cheat", view)
    assert whole["advice"] is None  # seat 2 is asked first
    asked = odds("cheat", state.view(2))["advice"]
    assert asked["action"]["type"] in ("challenge", "pass")
    assert {k: v for k, v in whole.items() if k != "advice"} == {
        "game": "cheat",
        "seat": 0,
        **cards.cheat_odds(view, view["options"]),
    }


def test_cheat_a_claim_of_more_than_can_be_out_there_is_a_sure_lie() -> None:
    game = liars.make("cheat", players=3, seed=1)
    state = game.new_game(setup={"hands": cheat_hands(["AC", "AD", "AH"]), "starter": 1})
    state.act(1, {"type": "play", "cards": ["2", "3"]})
    out = odds("cheat", state.view(0))
    assert out["last_play_exact"] == 0.0 and out["last_play"] == 0.0
    assert out["out_there"] == 1


def test_cheat_my_own_cards_in_the_pile_are_not_in_the_play() -> None:
    """Seat 0 played two aces; a later claim of aces can only use the other two."""
    game = liars.make("cheat", players=3, seed=1)
    state = game.new_game(setup={"hands": cheat_hands(["AC", "AD", "2C"]), "starter": 0})
    state.act(0, {"type": "play", "cards": ["A", "A"]})
    while state.to_act and state.legal_actions(state.to_act[0])[0].to_json()["type"] == "challenge":
        state.act(state.to_act[0], {"type": "pass"})
    # Seat 1 must claim twos; seat 0 holds one two (2C), so three are unseen among 52 - 16 - 2.
    state.act(1, {"type": "play", "cards": ["5"]})
    out = odds("cheat", state.view(0))
    assert out["out_there"] == 3  # of 52 - 16 - 2 unseen


def _random_positions(
    game_id: str, opts: dict[str, Any], n: int, seed: int, calls: bool = True
) -> list[tuple[Any, int]]:
    """States after random play (``calls``: with calls among the choices) where a seat may judge a play."""
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    while len(out) < n:
        game = liars.make(game_id, players=4, seed=rng.randrange(10**6), **opts)
        state = game.new_game()
        for _ in range(rng.randrange(4, 40)):
            if state.over:
                break
            a = state.to_act[0]
            legal = state.legal_actions(a)
            if not calls:
                legal = [x for x in legal if x.to_json()["type"] not in ("accuse", "challenge")]
            state.act(a, rng.choice(legal))
        if state.over:
            continue
        view = state.view(None)
        last = view.get("last_play") or view.get("announcement")
        if last is not None:
            out.append((state, (last["seat"] + 1 + rng.randrange(3)) % 4))
    return out


def test_cheat_the_claimants_hands_weighed_are_the_engines_deal() -> None:
    """P(the claimant held x of the rank before its play), as the odds weigh it, against sample_state."""
    rng = random.Random(9)
    for state, seat in _random_positions("cheat", {}, 4, 7):
        view = state.view(seat)
        last = view["last_play"]
        p, rank, count = last["seat"], RANK_OF[last["rank"]], last["count"]
        # the weighting of the number "from the cards alone": the claimant without a record
        dist = cheat_bot.StrongBot.held(
            cards.cheat_without_record(cheat_bot.Knowledge(view), p), p, count, rank
        )
        n = 3000
        hits = [0] * 5
        for _ in range(n):
            s = state.game.sample_state(view, rng)
            before = s.hands[p] | s.last  # its hand and the cards it just played
            hits[sum(1 for c in range(52) if before >> c & 1 and c >> 2 == rank)] += 1
        for x in range(5):
            q = dist[x]
            assert abs(hits[x] / n - q) <= 4 * (q * (1 - q) / n) ** 0.5 + 1e-9, (x, hits[x] / n, q)


def liegen_setup(hands: list[list[str]]) -> dict[str, Any]:
    return {"hands": hands, "dealer": 0}


def liegen_deal(mine: list[str], players: int = 3, jokers: bool = False) -> list[list[str]]:
    deck = DECK + (["X", "X"] if jokers else [])
    rest = list(deck)
    for c in mine:
        rest.remove(c)
    size = len(deck) // players
    hands = [mine + rest[: size - len(mine)]]
    rest = rest[size - len(mine) :]
    others: list[list[str]] = [[] for _ in range(players - 1)]
    for i, c in enumerate(rest):
        others[i % (players - 1)].append(c)
    return hands + others


@pytest.mark.parametrize(
    ("opts", "mine", "announce", "makes_true"),
    [
        ({}, ["5H"], "5H", lambda c: c == "5H"),  # I hold the very card: a sure lie
        ({}, ["6H"], "5H", lambda c: c == "5H"),
        ({"jokers": True}, ["5H"], "5H", lambda c: c in ("5H", "X")),  # only a joker can make it true
        ({"jokers": True}, ["5H", "X"], "5H", lambda c: c in ("5H", "X")),
        ({"follow": "rank_step"}, ["5H", "5C"], "5", lambda c: c[0] == "5"),
        ({"follow": "suit"}, ["5H", "6H", "7H"], "KH", lambda c: c[-1] == "H"),
    ],
)
def test_liegen_opening_card_counted_by_hand(
    opts: dict[str, Any], mine: list[str], announce: str, makes_true: Any
) -> None:
    game = liars.make("liegen", players=3, seed=2, **opts)
    hands = liegen_deal(mine, jokers=opts.get("jokers", False))
    state = game.new_game(setup=liegen_setup(hands))
    card = hands[1][0]
    state.act(1, {"type": "play", "card": card, "announce": announce})
    out = odds("liegen", state.view(0))
    deck = DECK + (["X", "X"] if opts.get("jokers") else [])
    unseen = list(deck)
    for c in hands[0]:
        unseen.remove(c)
    good = sum(1 for c in unseen if makes_true(c))
    assert out["out_there"] == good
    assert out["last_play"] == out["last_play_exact"]  # seat 1 has no record
    assert (out["last_play_exact"] == 0.0) == (good == 0)
    if mine == ["5H"] and not opts:
        assert out["last_play_exact"] == 0.0 and out["last_play"] == 0.0


def test_liegen_a_turned_card_taken_by_another_seat_cannot_be_the_play() -> None:
    """5H is turned and taken by seat 2, which plays on: 5H is in its hand or the pile, not seat 1's card."""
    game = liars.make("liegen", players=3, seed=2)
    hands = liegen_deal(["2C"])
    h1 = hands[1]
    if "5H" not in h1:
        other = hands[2] if "5H" in hands[2] else hands[0]
        i = other.index("5H")
        other[i], h1[0] = h1[0], "5H"
    state = game.new_game(setup=liegen_setup(hands))
    state.act(1, {"type": "play", "card": "5H", "announce": "5H"})
    state.act(2, {"type": "accuse"})  # wrong: seat 2 takes the pile and opens the next trick
    state.act(2, {"type": "play", "card": state.view(2)["hand"][0], "announce": "5C"})
    state.act(0, {"type": "pass"})
    state.act(1, {"type": "pass"})
    state.act(0, {"type": "play", "card": "2C", "announce": "5D"})
    state.act(1, {"type": "pass"})
    state.act(2, {"type": "pass"})
    state.act(1, {"type": "play", "card": state.view(1)["hand"][0], "announce": "5H"})
    out = odds("liegen", state.view(0))
    assert out["out_there"] == 0
    assert out["last_play_exact"] == 0.0 and out["last_play"] == 0.0


def test_liegen_the_unseen_cards_are_the_engines_deal() -> None:
    """Before any accusation the engine deals the unseen cards exactly as the coach counts them:
    the played card is one of them at random, so it makes the play true out_there times in all."""
    rng = random.Random(4)
    checked = 0
    for opts in ({}, {"jokers": True, "follow": "rank_step"}):
        for state, seat in _random_positions("liegen", opts, 3, 3, calls=False):
            view = state.view(seat)
            out = odds("liegen", view)
            claim = view["announcement"]["card"]
            n = 3000
            hits = 0
            for _ in range(n):
                s = state.game.sample_state(view, rng)
                hits += s.game.is_true(s.pile[-1], s.game.tables.ann_index[claim])
            k = liegen_bot.Knowledge(view)
            p = out["out_there"] / len(cards.liegen_unseen(k, view["announcement"]["seat"]))
            assert abs(hits / n - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 1e-9, (hits / n, p)
            checked += 1
    assert checked == 6


def test_module_functions_and_entry_point_agree() -> None:
    game = liars.make("liegen", players=3, seed=2)
    state = game.new_game(setup=liegen_setup(liegen_deal(["6H"])))
    state.act(1, {"type": "play", "card": state.view(1)["hand"][0], "announce": "5H"})
    view = state.view(0)
    whole = odds("liegen", view)
    assert whole["advice"] is None  # not seat 0's turn: seat 2 is asked first
    assert whole == {"game": "liegen", "seat": 0, "advice": None, **cards.liegen_odds(view, view["options"])}
    assert CARD_INDEX["5H"] == CARD_OF["5H"]
