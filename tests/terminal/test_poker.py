"""Poker Liar's Dice on the terminal: claims read the way they are said, re-rolls, what each seat sees.

The words come from the catalogs (what the screen says can be typed back in
nb, nl and en) plus the table words of the brief; every check goes through
the real engine, so a screen that shows what the view does not hold, or a
parse the engine refuses, fails here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import liars
from liars.terminal import i18n, screens, setup
from liars.terminal.games import ui_for
from liars.terminal.liars_dice_poker import PokerUI
from liars.terminal.poker_words import best_hand, claim_words, read_claim
from liars.terminal.ui import InputError

LANGS = ("nb", "nl", "en")
GID = "liars-dice-poker"


def claims() -> list[dict[str, Any]]:
    state = liars.make(GID, seed=1).new_game()
    return [a.to_json() for a in state.legal_actions(state.to_act[0])]


def ui(lang: str, me: int | None = 0) -> PokerUI:
    i18n.use(lang)
    made = ui_for(GID, setup.names(lang, 2, me), me)
    assert isinstance(made, PokerUI)
    return made


def at(phase: str, seed: int = 3) -> Any:
    """A state whose seat to act is in ``phase`` (claim after a re-roll, answer, reroll)."""
    state = liars.make(GID, seed=seed).new_game()
    s = state.to_act[0]
    state.act(s, {"type": "claim", "hand": "pair", "values": [2]})
    if phase == "answer":
        return state
    state.act(1 - s, {"type": "accept"})
    if phase == "reroll":
        return state
    state.act(1 - s, {"type": "reroll", "dice": []})
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_every_claim_as_the_screen_says_it_is_read_back(lang: str) -> None:
    all72 = claims()
    assert len(all72) == 72
    i18n.use(lang)
    said = set()
    for a in all72:
        text = claim_words(a["hand"], a["values"])
        said.add(text)
        assert read_claim(text) == (a["hand"], a["values"]), text
        assert read_claim(text.upper()) == (a["hand"], a["values"]), text
    assert len(said) == 72  # no two claims read alike


TABLE_WORDS = {
    "en": [
        ("full house 6 over 3", ("full_house", [6, 3])),
        ("pair of aces", ("pair", [1])),
        ("two pairs 5 and 2", ("two_pairs", [5, 2])),
        ("two pairs 2 and 5", ("two_pairs", [5, 2])),
        ("low straight", ("low_straight", [])),
        ("high straight", ("high_straight", [])),
        ("three 4s", ("three", [4])),
        ("five aces", ("five", [1])),
        ("a full house, two threes and three sixes", ("full_house", [6, 3])),
        ("four of a kind 2", ("four", [2])),
        ("nothing", ("nothing", [])),
    ],
    "nb": [
        ("par i ess", ("pair", [1])),
        ("et par seksere", ("pair", [6])),
        ("to par, femmere og toere", ("two_pairs", [5, 2])),
        ("tress 4", ("three", [4])),
        ("tre like seksere", ("three", [6])),
        ("liten straight", ("low_straight", [])),
        ("stor straight", ("high_straight", [])),
        ("hus 6 over 3", ("full_house", [6, 3])),
        ("hus, tre seksere og to treere", ("full_house", [6, 3])),
        ("fire like 5", ("four", [5])),
        ("fem like ess", ("five", [1])),
        ("fem ess", ("five", [1])),
        ("ingenting", ("nothing", [])),
    ],
    "nl": [
        ("een paar azen", ("pair", [1])),
        ("paar 6", ("pair", [6])),
        ("twee paar, zessen en drieën", ("two_pairs", [6, 3])),
        ("drie gelijke vieren", ("three", [4])),
        ("kleine straat", ("low_straight", [])),
        ("grote straat", ("high_straight", [])),
        ("full house 5 over 2", ("full_house", [5, 2])),
        ("full house, drie azen en twee tweeën", ("full_house", [1, 2])),
        ("vier gelijke 3", ("four", [3])),
        ("carré vijven", ("four", [5])),
        ("vijf gelijke zessen", ("five", [6])),
        ("poker azen", ("five", [1])),
        ("vijf zessen", ("five", [6])),
        ("niks", ("nothing", [])),
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_claims_in_the_words_players_use(lang: str) -> None:
    i18n.use(lang)
    for text, want in TABLE_WORDS[lang]:
        assert read_claim(text) == want, text


@pytest.mark.parametrize(
    "text", ["straight", "pair", "pair of 7", "two pairs 5 and 5", "full house 6", "zebra", "low straight 5"]
)
def test_a_claim_that_is_not_one_says_why(text: str) -> None:
    i18n.use("en")
    with pytest.raises(InputError) as err:
        read_claim(text)
    assert len(str(err.value)) > 10 and str(err.value)[:1] not in "{abcdefghijklmnopqrstuvwxyz"


def test_best_hand_is_the_engines_reading_of_the_dice() -> None:
    """What the screen says a lifted cup showed is the highest claim the engine says it holds."""
    from liars.games.liars_dice_poker import BEST, CLAIMS

    for roll, index in BEST.items():
        c = CLAIMS[index]
        assert best_hand(roll) == (c.hand, list(c.values)), roll


@pytest.mark.parametrize("lang", LANGS)
def test_a_claim_not_above_the_standing_one_is_refused_with_both_named(lang: str) -> None:
    state = at("claim")
    seat = state.to_act[0]
    u = ui(lang, seat)
    view, legal = state.view(seat), state.legal_actions(seat)
    with pytest.raises(InputError) as err:
        u.parse(claim_words("pair", [2]), view, legal)
    assert claim_words("pair", [2]) in str(err.value).lower()
    assert u.parse(claim_words("pair", [3]), view, legal) == {"type": "claim", "hand": "pair", "values": [3]}


@pytest.mark.parametrize("lang", LANGS)
def test_rerolls_by_value_keep_all_and_keep_some(lang: str) -> None:
    state = at("reroll")
    seat = state.to_act[0]
    u = ui(lang, seat)
    view, legal = state.view(seat), state.legal_actions(seat)
    held = view["dice"]
    assert held and len(held) == 5
    assert u.parse("0", view, legal) == {"type": "reroll", "dice": []}
    assert u.parse({"nb": "alle", "nl": "alle", "en": "all"}[lang], view, legal)["dice"] == held
    one = str(held[0])
    assert u.parse(one, view, legal)["dice"] == [held[0]]
    keep = {"nb": "behold", "nl": "houd", "en": "keep"}[lang]
    assert u.parse(f"{keep} {held[0]}", view, legal)["dice"] == held[1:]
    assert u.parse("".join(map(str, held[:2])), view, legal)["dice"] == held[:2]
    missing = next(v for v in range(1, 7) if v not in held)
    before = state.to_json()
    for bad in (str(missing), " ".join([str(held[0])] * 6), "7", ""):
        with pytest.raises(InputError):
            u.parse(bad, view, legal)
    assert state.to_json() == before
    for text in ("0", one, f"{keep} {held[0]}"):
        state.clone().act(seat, u.parse(text, view, legal))  # the engine takes each


@pytest.mark.parametrize("lang", LANGS)
def test_the_receiver_sees_no_dice_before_accepting_and_the_passer_only_what_it_passed(lang: str) -> None:
    state = at("answer")
    receiver = state.to_act[0]
    passer = 1 - receiver
    passed = state.view(passer)["passed_dice"]
    u = ui(lang, receiver)
    view, legal = state.view(receiver), state.legal_actions(receiver)
    screen = " ".join(
        [*u.status(view), *u.mine(view), *u.prompt_help(view, legal), *screens.help_lines(u, view, legal)]
    )
    assert "[" not in screen  # no die drawn at all
    assert u.parse({"nb": "godta", "nl": "ik geloof je", "en": "accept"}[lang], view, legal) == {
        "type": "accept"
    }
    assert u.parse({"nb": "løgner", "nl": "je liegt", "en": "liar"}[lang], view, legal) == {"type": "liar"}
    p = ui(lang, passer)
    pview = state.view(passer)
    assert " ".join(f"[{d}]" for d in passed) in " ".join(p.mine(pview))
    state.act(receiver, {"type": "accept"})
    state.act(receiver, {"type": "reroll", "dice": list(state.view(receiver)["dice"])})
    now = state.view(receiver)["dice"]
    assert now is not None and " ".join(f"[{d}]" for d in now) in " ".join(u.mine(state.view(receiver)))
    assert " ".join(f"[{d}]" for d in passed) in " ".join(p.mine(state.view(passer)))  # not the new ones
    spectator = ui(lang, None)
    assert spectator.mine(state.view(None)) == []


def test_only_liar_against_five_aces() -> None:
    state = liars.make(GID, seed=2).new_game()
    s = state.to_act[0]
    state.act(s, {"type": "claim", "hand": "five", "values": [1]})
    u = ui("nb", 1 - s)
    view, legal = state.view(1 - s), state.legal_actions(1 - s)
    with pytest.raises(InputError) as err:
        u.parse("godta", view, legal)
    assert "fem ess" in str(err.value)
    assert u.parse("l", view, legal) == {"type": "liar"}


@pytest.mark.parametrize("seed", range(4))
def test_narration_only_grows_and_tells_every_claim(seed: int) -> None:
    """Each seat's events at every step start with its events of the step before (the loop relies on it)."""
    rng = random.Random(seed)
    state = liars.make(GID, seed=seed, lives=2).new_game()
    uis = {s: ui("en", s) for s in (0, 1, None)}
    last: dict[Any, list[Any]] = {s: [] for s in uis}
    while not state.over:
        for s, u in uis.items():
            view = state.view(s)
            events = u.events(view)
            assert events[: len(last[s])] == last[s]
            for e in events[len(last[s]) :]:
                assert all(isinstance(line, str) and line for line in u.narrate(e, view))
            last[s] = events
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, legal[rng.randrange(len(legal))] if rng.random() < 0.7 else legal[0])
    view = state.view(None)
    calls = [e for e in uis[None].events(view) if e["type"] == "call"]
    assert len(calls) == len(view["history"]) and calls[-1]["loser"] == 1 - state.winners[0]
    assert uis[None].reveal([view])


@pytest.mark.parametrize("lang", LANGS)
def test_every_completion_of_the_full_screen_input_is_read_back(lang: str) -> None:
    """The TUI completes toward texts the parser turns into exactly their legal action."""
    from liars.terminal.tui_forms import reads_back, typed_forms

    rng = random.Random(5)
    state = liars.make(GID, seed=5).new_game()
    seen = set()
    for _step in range(60):
        if state.over:
            break
        seat = state.to_act[0]
        u = ui(lang, seat)
        view, legal = state.view(seat), state.legal_actions(seat)
        forms = typed_forms(u, view, legal)
        check = reads_back(u, view, legal)
        assert len({json.dumps(a, sort_keys=True) for _t, a in forms}) == len(legal)
        for form in forms:
            assert check(form), form
        seen |= {a["type"] for _t, a in forms}
        state.act(seat, legal[rng.randrange(len(legal))])
    assert seen == {"claim", "liar", "accept", "reroll"}


def test_accepting_says_what_was_accepted_in_norwegian() -> None:
    """«Ola godtok og kikket under begeret» left «godta» without what it takes; the bid is named."""
    state = at("reroll")
    u = ui("nb", None)
    view = state.view(None)
    said = [line for e in u.events(view) if e["type"] == "accept" for line in u.narrate(e, view)]
    assert said and all("godtok budet og kikket under begeret" in line for line in said), said
