"""The coach's advice: the strong bot's own action on the view, reproducibly, with a reason in nb, nl, en."""

from __future__ import annotations

import random
from typing import Any

import pytest

import liars
from liars import bots, coach
from liars.coach.seed import view_seed
from liars.coach.words import LANGS, TEMPLATES, pct, say

CONFIGS = [
    ("liars-dice", 3, {}),
    ("liars-dice", 2, {"dice": 2, "wild_ones": True}),
    ("liars-dice", 4, {"spot_on": True}),
    ("liars-dice-poker", 2, {}),
    ("cheat", 4, {}),
    ("liegen", 3, {}),
    ("liegen", 4, {"jokers": True, "follow": "rank_step"}),
    ("love-letter", 3, {}),
]


@pytest.mark.parametrize(("game_id", "players", "opts"), CONFIGS)
def test_advice_is_the_strong_bots_legal_choice_and_reproducible(
    game_id: str, players: int, opts: dict[str, Any]
) -> None:
    game = liars.make(game_id, players=players, seed=5, **opts)
    state = game.new_game()
    rng = random.Random(1)
    codes = set()
    for _ in range(12):
        if state.over:
            break
        seat = state.to_act[0]
        view = state.view(seat)
        out = coach.odds(game_id, view)
        advice = out["advice"]
        legal = state.legal_actions(seat)
        assert advice["action"] in [a.to_json() for a in legal]
        own = bots.make("strong", game_id, seed=view_seed(view)).act(view, legal)
        assert advice["action"] == game.parse_action(own).to_json()
        assert coach.odds(game_id, view) == out  # the same view, the same coaching
        assert advice["why"]["code"] in TEMPLATES
        assert advice["text"] == say(advice["why"], "en")
        for lang in LANGS:
            assert say(advice["why"], lang)
        codes.add(advice["why"]["code"])
        for other in range(players):
            if other not in state.to_act:
                assert coach.odds(game_id, state.view(other))["advice"] is None
        state.act(seat, rng.choice(legal))
    assert codes


def dice_view(cups: list[list[int]], bids: list[tuple[int, int]], **opts: Any) -> dict[str, Any]:
    game = liars.make("liars-dice", players=len(cups), seed=3, **opts)
    state = game.new_game(setup={"dice": cups, "opener": 0})
    for q, f in bids:
        state.act(state.to_act[0], {"type": "bid", "quantity": q, "face": f})
    view: dict[str, Any] = dict(state.view(state.to_act[0]))
    return view


def test_a_hopeless_bid_is_called_and_the_reason_says_why() -> None:
    view = dice_view([[2, 3, 4, 5, 6], [1, 2, 3, 4, 6], [1, 1, 2, 2, 3]], [(1, 2), (9, 5)])
    out = coach.odds("liars-dice", view, lang="nb", names=["Kari", "Ola", "Bram"])
    advice = out["advice"]
    assert advice["action"] == {"type": "liar"}
    why = advice["why"]
    assert why["code"] == "dice_call"
    assert why["params"]["exact"] == out["standing_exact"]
    assert why["params"]["adjusted"] == out["standing"]
    assert why["params"]["win"] == pytest.approx(1 - out["standing"])
    assert advice["text"].startswith("Ni femmere holder ")
    assert "roper du løgn, vinner du " in advice["text"]


def test_a_raise_is_priced_from_the_bids_list() -> None:
    view = dice_view([[5, 5, 5, 2, 3], [1, 2, 3, 4, 6], [1, 1, 2, 2, 3]], [(1, 2), (1, 3)])
    out = coach.odds("liars-dice", view)
    advice = out["advice"]
    assert advice["action"]["type"] == "bid"
    priced = {(b["quantity"], b["face"]): b for b in out["bids"]}
    b = priced[advice["action"]["quantity"], advice["action"]["face"]]
    assert advice["why"]["code"] == "dice_raise"
    assert advice["why"]["params"]["exact"] == b["exact"]
    assert advice["why"]["params"]["adjusted"] == b["adjusted"]


def test_love_letter_guess_reason_is_the_odds_of_that_card() -> None:
    for seed in range(30):
        game = liars.make("love-letter", players=2, seed=seed)
        state = game.new_game()
        view = state.view(state.to_act[0])
        out = coach.odds("love-letter", view)
        action = out["advice"]["action"]
        if "guess" in action:
            why = out["advice"]["why"]
            assert why["code"] == "love_guess"
            assert why["params"]["chance"] == out["cards"][action["target"]][action["guess"]]
            return
    pytest.fail("no guess advised in 30 deals")


SAMPLE = {
    "bid": {"quantity": 4, "face": 5},
    "standing": {"quantity": 3, "face": 5},
    "claim": {"rank": "5", "count": 2},
    "exact": 0.31,
    "adjusted": 0.38,
    "win": 0.62,
    "standing_adjusted": 0.5,
    "looks": 0.4,
    "chance": 0.25,
    "prob": 0.7,
    "tie": 0.1,
    "lose": 0.2,
    "out": 1,
    "true": 1,
    "seat": 2,
    "guess": "K",
    "dice": [2, 5],
    "action": {"type": "liar"},
    "announce": "5H",
}


def params_for(code: str, **over: Any) -> dict[str, Any]:
    """:data:`SAMPLE` shaped for ``code``'s game (a poker claim, a Liegen card, a Love Letter card)."""
    params = dict(SAMPLE)
    if code.startswith("poker"):
        params["claim"] = {"hand": "full_house", "values": [6, 3]}
    if code.startswith("liegen"):
        params["card"] = "6H"
    elif code.startswith("love"):
        params["card"], params["other"] = "7", "J"
    params.update(over)
    return params


@pytest.mark.parametrize("code", sorted(TEMPLATES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_renders_in_every_language(code: str, lang: str) -> None:
    text = say({"code": code, "params": params_for(code)}, lang)
    assert "{" not in text and text[0] == text[0].upper()


def test_words_follow_the_glossary() -> None:
    why = {"code": "poker_call", "params": {**SAMPLE, "claim": {"hand": "full_house", "values": [6, 3]}}}
    assert say(why, "nb").startswith("Hus, tre seksere og to treere holder høyst 31 %")
    assert say(why, "nl").startswith("Full house, drie zessen en twee drieën klopt hooguit in 31%")
    assert say(why, "en").startswith("A full house, three sixes and two threes holds at most 31%")
    guess = {"code": "love_guess", "params": {"seat": 1, "guess": "K", "chance": 0.25}}
    assert say(guess, "nb", ["Kari", "Ola"]) == "Gjett konge på Ola: riktig 25 % av gangene."
    assert say(guess, "nl") == "Raad heer bij plaats 1: goed in 25% van de gevallen."
    cheat = {"code": "cheat_sure_lie", "params": {"claim": {"rank": "A", "count": 1}, "out": 0}}
    assert say(cheat, "nb").startswith("Ett ess kan ikke være sant")
    assert pct(0.001, "en") == "<1%" and pct(0.999, "nl") == ">99%" and pct(1.0, "nb") == "100 %"
    with pytest.raises(ValueError, match="lang"):
        say(guess, "de")


def test_an_unknown_language_is_refused() -> None:
    view = dice_view([[2, 5], [1, 5]], [(1, 5)], dice=2)
    with pytest.raises(liars.GameConfigError, match="lang"):
        coach.odds("liars-dice", view, lang="sv")
