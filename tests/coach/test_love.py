"""Love Letter odds of the coach: hand-counted positions, and the engine's own sample_state."""

from __future__ import annotations

import random

import pytest

import liars
from liars.coach import love, odds
from liars.games.love_letter_cards import RANKS


def two_player(deck_top: str) -> liars.State:
    """Seat 0 holds a 6 and is about to draw ``deck_top``; seat 1 holds the king."""
    rest = ["Q", "J", "T", "T", "9", "9", "8", "8", "7", "7", "6", "6", "5", "5"]
    rest.remove(deck_top)
    deck = [deck_top, *rest[1:]]  # the first card is drawn first
    game = liars.make("love-letter", players=2, seed=1, target_wins=1)
    return game.new_game(setup={"hands": [["6"], ["K"]], "set_aside": rest[0], "deck": deck, "starter": 0})


def test_at_the_start_every_unseen_card_is_as_likely() -> None:
    state = two_player("5")
    view = state.view(0)
    assert sorted(view["hand"]) == ["5", "6"]
    out = odds("love-letter", view)
    cards = out["cards"][1]
    assert out["cards"][0] is None
    assert cards["K"] == pytest.approx(1 / 14) and cards["6"] == pytest.approx(2 / 14)
    assert cards["5"] == pytest.approx(1 / 14) and cards["T"] == pytest.approx(2 / 14)
    assert sum(cards.values()) == pytest.approx(1.0)
    # Four ranks at 2/14 to guess among: the highest of them is named.
    assert out["guess"] == [{"seat": 1, "guess": "T", "chance": pytest.approx(2 / 14)}]
    assert out["eight"] is None


def test_a_missed_guess_rules_the_rank_out_and_the_draw_is_counted() -> None:
    state = two_player("5")
    state.act(0, {"type": "play", "card": "6", "target": 1, "guess": "T"})
    out = odds("love-letter", state.view(0))
    holds = out["cards"][1]  # seat 1 is on turn: its old card (not a ten) and the card it drew
    assert holds["T"] == pytest.approx(2 / 13)
    assert holds["K"] == pytest.approx(1 / 12 + 11 / 12 * 1 / 13)
    assert out["guess"] is None  # not the coached seat's turn


def test_an_eight_shows_its_chances() -> None:
    state = two_player("8")
    out = odds("love-letter", state.view(0))
    # My other card is the 6: below it only the two fives; the other two sixes tie.
    eight = out["eight"][0]
    assert eight["seat"] == 1
    assert eight["win"] == pytest.approx(2 / 14) and eight["tie"] == pytest.approx(2 / 14)
    assert eight["lose"] == pytest.approx(10 / 14)


def test_a_known_card_is_certain() -> None:
    state = two_player("7")
    state.act(0, {"type": "play", "card": "7", "target": 1})
    view = state.view(0)
    assert view["known"] == {"1": "K"}
    holds = odds("love-letter", view)["cards"][1]
    # Seat 1 is on turn: it holds the king and one more card from the 13 left.
    assert holds["K"] == 1.0
    assert holds["T"] == pytest.approx(2 / 13)


def test_the_odds_agree_with_the_engines_sampling() -> None:
    rng = random.Random(8)
    checked = 0
    for seed in range(40):
        game = liars.make("love-letter", players=3 + seed % 2, seed=seed, target_wins=1)
        state = game.new_game()
        play = random.Random(seed)
        for _ in range(play.randrange(1, 7)):
            if state.over:
                break
            a = state.to_act[0]
            state.act(a, play.choice(state.legal_actions(a)))
        if state.over:
            continue
        seat = (state.to_act[0] + 1 + seed % 2) % game.players
        view = state.view(seat)
        out = love.hand_odds(view)
        n = 2000
        counts = [dict.fromkeys(RANKS, 0) for _ in range(game.players)]
        for _ in range(n):
            s = game.sample_state(view, rng)
            for t in range(game.players):
                for r in set(s.hands[t]):
                    counts[t][r] += 1
        for t, chances in enumerate(out):
            if chances is None:
                continue
            for r, p in chances.items():
                f = counts[t][r] / n
                assert abs(f - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-9, (seed, t, r, f, p)
        checked += 1
        if checked == 6:
            break
    assert checked == 6
