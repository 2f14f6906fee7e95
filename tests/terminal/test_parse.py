"""Every input form and every kind of bad input, per game, on real engine positions.

The screens read views only, so each test builds a real state, takes the
seat's view and legal actions, and checks what the typed text becomes; the
engine then accepts it (``state.act``), so a form that parses to an illegal
action would fail here too.
"""

from __future__ import annotations

from typing import Any

import pytest

import liars
from liars.terminal import i18n
from liars.terminal.games import ui_for
from liars.terminal.ui import InputError

NAMES = ["You", "Kari", "Ola", "Per"]


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.use("en")


def parsed(state: liars.State, text: str) -> dict[str, Any]:
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    ui = ui_for(state.game.id, NAMES[: state.game.players])
    action = ui.parse_window(text) if ui.is_window(legal) else ui.parse(text, view, legal)
    state.clone().act(seat, action)  # the engine agrees it is legal
    return action


def refused(state: liars.State, text: str) -> str:
    seat = state.to_act[0]
    ui = ui_for(state.game.id, NAMES[: state.game.players])
    legal = state.legal_actions(seat)
    before = state.to_json()
    with pytest.raises(InputError) as err:
        if ui.is_window(legal):
            ui.parse_window(text)
        else:
            ui.parse(text, state.view(seat), legal)
    assert state.to_json() == before
    return str(err.value)


# -- Liar's Dice -----------------------------------------------------------


def dice_state(bid: tuple[int, int] | None = None, **options: Any) -> liars.State:
    state = liars.make("liars-dice", players=2, seed=1, **options).new_game(
        setup={"dice": [[2, 3, 5], [1, 5, 6]], "opener": 0}
    )
    if bid:
        state.act(0, {"type": "bid", "quantity": bid[0], "face": bid[1]})
        state.act(1, {"type": "bid", "quantity": bid[0], "face": bid[1] + 1})
    return state


@pytest.mark.parametrize(
    "text", ["4 5", "4x5", "4X5", "4×5", "4*5", "4,5", " 4  5 ", "four fives", "4 fives"]
)
def test_dice_bid_forms_in_english(text: str) -> None:
    assert parsed(dice_state(), text) == {"type": "bid", "quantity": 4, "face": 5}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("nb", "fire femmere"),
        ("nb", "fire femmer"),
        ("nb", "4 femmere"),
        ("nl", "vier vijven"),
        ("nl", "4 vijven"),
    ],
)
def test_dice_bid_words_in_each_language(lang: str, text: str) -> None:
    i18n.use(lang)
    assert parsed(dice_state(), text) == {"type": "bid", "quantity": 4, "face": 5}


@pytest.mark.parametrize(
    ("lang", "text", "q", "f"),
    [("nb", "én ener", 1, 1), ("nl", "twee zessen", 2, 6), ("nb", "to seksere", 2, 6)],
)
def test_dice_small_numbers_as_words(lang: str, text: str, q: int, f: int) -> None:
    i18n.use(lang)
    assert parsed(dice_state(), text) == {"type": "bid", "quantity": q, "face": f}


@pytest.mark.parametrize("text", ["l", "L", "liar", "løgn", "lieg", "Je liegt!", "løgner!"])
def test_dice_call_words(text: str) -> None:
    assert parsed(dice_state(bid=(1, 2)), text) == {"type": "liar"}


@pytest.mark.parametrize("text", ["s", "spot on", "eksakt", "precies"])
def test_dice_spot_on_words(text: str) -> None:
    assert parsed(dice_state(bid=(1, 2), spot_on=True), text) == {"type": "spot_on"}


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "two numbers"),
        ("banana", "two numbers"),
        ("4", "two numbers"),
        ("4 5 6", "two numbers"),
        ("many fives", "not a number of dice"),
        ("4 7", "not a die face"),
        ("4 0", "not a die face"),
        ("4 sevens", "not a die face"),
        ("0 5", "1 to 6 dice"),
        ("7 5", "1 to 6 dice"),
    ],
)
def test_dice_bad_bids(text: str, why: str) -> None:
    assert why in refused(dice_state(), text)


def test_dice_a_bid_must_be_higher() -> None:
    state = dice_state(bid=(2, 3))  # the bid to beat is 2 fours
    assert "not higher than two fours" in refused(state, "2 4")
    assert "not higher" in refused(state, "2 2")
    assert "not higher" in refused(state, "1 6")
    assert parsed(state, "2 5") == {"type": "bid", "quantity": 2, "face": 5}
    assert parsed(state, "3 1") == {"type": "bid", "quantity": 3, "face": 1}


def test_dice_calls_need_a_bid_and_the_option() -> None:
    assert "no bid to call" in refused(dice_state(), "l")
    assert "--spot-on is off" in refused(dice_state(bid=(1, 2)), "s")
    assert "no bid to call" in refused(dice_state(spot_on=True), "s")


def test_dice_refusals_speak_the_players_language() -> None:
    i18n.use("nb")
    assert "Det finnes ikke noe bud" in refused(dice_state(), "løgn")
    i18n.use("nl")
    assert "niet hoger dan twee vieren" in refused(dice_state(bid=(2, 3)), "2 4")


# -- Cheat -----------------------------------------------------------------


def cheat_state(**options: Any) -> liars.State:
    return liars.make("cheat", players=3, seed=4, **options).new_game()


def test_cheat_cards_by_number_code_and_mixed() -> None:
    state = cheat_state()
    hand = state.view(state.to_act[0])["hand"]
    assert parsed(state, "1") == {"type": "play", "cards": [hand[0]]}
    assert parsed(state, "1 3") == {"type": "play", "cards": [hand[0], hand[2]]}
    assert parsed(state, f"{hand[1]} {hand[4].lower()}") == {"type": "play", "cards": [hand[1], hand[4]]}
    assert parsed(state, f"2, {hand[3]}") == {"type": "play", "cards": [hand[1], hand[3]]}


def test_cheat_card_codes_in_every_spelling() -> None:
    state = cheat_state()
    hand = state.view(state.to_act[0])["hand"]
    ten = next((c for c in hand if c[0] == "T"), None)
    if ten is not None:
        suit = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[ten[1]]
        for text in (ten, "10" + ten[1], "10" + ten[1].lower(), "10" + suit, suit + "10"):
            assert parsed(state, text) == {"type": "play", "cards": [ten]}
    else:  # this deal has no ten for the player: then a ten is refused as not held
        assert "do not hold" in refused(state, "10H")


@pytest.mark.parametrize(
    ("text", "why"),
    [("", "at least one card"), ("99", "no card number 99"), ("ZZ", "not a card"), ("1 1", "named twice")],
)
def test_cheat_bad_plays(text: str, why: str) -> None:
    assert why in refused(cheat_state(), text)


def test_cheat_refuses_cards_not_held_and_too_many() -> None:
    state = cheat_state()
    hand = state.view(state.to_act[0])["hand"]
    other = next(c for c in (r + s for r in "A23456789TJQK" for s in "CDHS") if c not in hand)
    assert "do not hold" in refused(state, other)
    assert "named twice" in refused(state, f"1 {hand[0]}")
    assert "At most 2 cards" in refused(cheat_state(max_cards=2), "1 2 3")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("", "pass"),
        ("n", "pass"),
        ("nei", "pass"),
        ("nee", "pass"),
        ("y", "challenge"),
        ("j", "challenge"),
        ("ja", "challenge"),
        ("l", "challenge"),
        ("løgner", "challenge"),
        ("liar!", "challenge"),
    ],
)
def test_cheat_window_enter_means_no(text: str, kind: str) -> None:
    state = cheat_state()
    state.act(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    assert parsed(state, text) == {"type": kind}


def test_cheat_window_refuses_anything_else() -> None:
    state = cheat_state()
    state.act(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    assert "Enter means no" in refused(state, "maybe")


# -- Liegen ----------------------------------------------------------------


def liegen_state(**options: Any) -> liars.State:
    return liars.make("liegen", players=3, seed=6, **options).new_game()


def test_liegen_card_alone_tells_the_truth() -> None:
    state = liegen_state()
    hand = state.view(state.to_act[0])["hand"]
    assert parsed(state, "2") == {"type": "play", "card": hand[1], "announce": hand[1]}


@pytest.mark.parametrize(
    "form", ["{n} {a}", "{c} {a}", "{c} as {a}", "{c} som {a}", "{c} als {a}", "{n}, {a}"]
)
def test_liegen_card_and_announcement_forms(form: str) -> None:
    state = liegen_state()
    hand = state.view(state.to_act[0])["hand"]
    text = form.format(n=3, c=hand[2], a="5H")
    assert parsed(state, text) == {"type": "play", "card": hand[2], "announce": "5H"}


def test_liegen_as_is_also_the_ace_of_spades() -> None:
    state = liegen_state()
    hand = state.view(state.to_act[0])["hand"]
    assert parsed(state, "1 AS") == {"type": "play", "card": hand[0], "announce": "AS"}


def test_liegen_announcement_must_follow() -> None:
    state = liegen_state()
    seat = state.to_act[0]
    state.act(seat, {"type": "play", "card": state.view(seat)["hand"][0], "announce": "5H"})
    while state.legal_actions(state.to_act[0])[0].to_json()["type"] != "play":
        state.act(state.to_act[0], {"type": "pass"})
    assert "cannot announce “3 of clubs” after “5 of hearts”" in refused(state, "1 3C")
    assert parsed(state, "1 9H")["announce"] == "9H"  # same suit
    assert parsed(state, "1 5S")["announce"] == "5S"  # same rank


def test_liegen_rank_step_announces_ranks() -> None:
    state = liegen_state(follow="rank_step")
    hand = state.view(state.to_act[0])["hand"]
    assert parsed(state, "1 7") == {"type": "play", "card": hand[0], "announce": "7"}
    assert parsed(state, "1 king") == {"type": "play", "card": hand[0], "announce": "K"}
    assert parsed(state, "1")["announce"] == hand[0][0]
    assert "not a rank" in refused(state, "1 Z")


def test_liegen_jokers_need_an_announcement() -> None:
    for seed in range(40):
        state = liars.make("liegen", players=2, seed=seed, jokers=True).new_game()
        hand = state.view(state.to_act[0])["hand"]
        if "X" in hand:
            assert "needs an announcement" in refused(state, "X")
            assert parsed(state, "X 5H") == {"type": "play", "card": "X", "announce": "5H"}
            return
    raise AssertionError("no seed dealt the opener a joker")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "Type a card"),
        ("1 2 3 4", "Type a card"),
        ("1 ZZ", "not a card to announce"),
        ("99", "no card number"),
    ],
)
def test_liegen_bad_plays(text: str, why: str) -> None:
    assert why in refused(liegen_state(), text)


def test_liegen_window_accuse_or_pass() -> None:
    state = liegen_state()
    state.act(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    assert parsed(state, "") == {"type": "pass"}
    assert parsed(state, "j") == {"type": "accuse"}
    assert parsed(state, "lieg") == {"type": "accuse"}


# -- Love Letter -----------------------------------------------------------


ALL = ["K", "Q", "J", "T", "T", "9", "9", "8", "8", "7", "7", "6", "6", "6", "5", "5"]


def love_deal(mine: str, draw: str) -> liars.State:
    """Seat 0 holds ``mine`` and draws ``draw``; the rest of the 16 cards go where they fit."""
    rest = list(ALL)
    for c in (mine, draw, "7", "9"):
        rest.remove(c)
    set_aside = rest.pop()
    hands = [[mine], ["7"], ["9"]]
    return liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": hands, "set_aside": set_aside, "deck": [draw, *rest], "starter": 0}
    )


def test_love_numbered_choices_and_card_forms() -> None:
    state = love_deal("6", "5")
    legal = [a.to_json() for a in state.legal_actions(0)]
    assert parsed(state, "1") == legal[0]
    # seats are typed as the table numbers them, from 1: "2" is the second seat, Kari (index 1)
    assert parsed(state, "6 2 K") == {"type": "play", "card": "6", "target": 1, "guess": "K"}
    assert parsed(state, "6 Kari king") == {"type": "play", "card": "6", "target": 1, "guess": "K"}
    assert parsed(state, "5 3 10") == {"type": "play", "card": "5", "target": 2, "guess": "T"}


def test_love_a_card_with_one_choice_needs_no_more() -> None:
    state = love_deal("9", "8")
    assert parsed(state, "9") == {"type": "play", "card": "9"}


def test_love_a_number_that_is_a_choice_and_a_card_held_is_not_guessed_at() -> None:
    """Holding an 8 and a 5 among the choices, «8» meant as the card played choice 8 (a 5 at a
    player, with a guess) without a word.  It is refused with how to type each reading: «8)» is
    choice 8, as the list writes it; «8 2» is the card at the second seat.  A number that is no card
    held stays a choice, and refused input changes nothing."""
    state = love_deal("8", "5")
    legal = [a.to_json() for a in state.legal_actions(0)]
    assert len(legal) >= 8 and legal[7]["card"] == "5"
    why = refused(state, "8")
    assert "“8” is both choice 8 (5 → " in why and "type “8)”" in why and "e.g. “8 2”" in why, why
    assert state.to_act == (0,) and len(state.view(0)["hand"]) == 2
    assert parsed(state, "8)") == legal[7]
    assert parsed(state, "8 2") == {"type": "play", "card": "8", "target": 1}
    assert parsed(state, "3") == legal[2]  # no 3 in the hand: the choice
    assert "from 1 to" in refused(state, f"{len(legal) + 1})")


def test_love_a_nine_that_is_also_a_choice_number_is_typed_by_its_choice() -> None:
    """A 9 is played alone, so «9» cannot say "the card" more plainly: the refusal gives its choice
    as the list writes it, and that entry plays the 9."""
    state = love_deal("9", "6")
    legal = [a.to_json() for a in state.legal_actions(0)]
    nine = legal.index({"type": "play", "card": "9"}) + 1
    assert nine != 9 and len(legal) >= 9
    why = refused(state, "9")
    assert f"e.g. “{nine})”" in why, why
    assert parsed(state, f"{nine})") == {"type": "play", "card": "9"}


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("99", "from 1 to"),
        ("6 2 2 3", "number of a choice"),
        ("Z", "not a Love Letter card"),
        ("K 1", "You have no king in your hand."),
        ("6 Bob K", "not a player"),
        ("6 2 Z", "not a card to guess"),
        ("6 2 6", "Not a choice now"),
        ("6 1 K", "Not a choice now"),  # seat 1 is your own: a 6 names another player
        ("6 0 K", "not a player"),  # seats count from 1
        ("6 4 K", "not a player"),  # three players: seats 1 to 3
    ],
)
def test_love_bad_input(text: str, why: str) -> None:
    assert why in refused(love_deal("6", "5"), text)


def test_love_the_queen_is_forced() -> None:
    state = love_deal("Q", "J")
    assert "must play the queen" in refused(state, "J 1")
    assert parsed(state, "Q") == {"type": "play", "card": "Q"}


def guarded_deal(mine: str, draw: str, protected: list[bool]) -> liars.State:
    """Four players; seat 0 (you) holds ``mine`` and draws ``draw``; ``protected``: who a 9 guards."""
    rest = list(ALL)
    for c in (mine, draw, "7", "8", "K"):
        rest.remove(c)
    set_aside = rest.pop()
    return liars.make("love-letter", players=4, seed=1, target_wins=1).new_game(
        setup={
            "hands": [[mine], ["7"], ["8"], ["K"]],
            "set_aside": set_aside,
            "deck": [draw, *rest],
            "starter": 0,
            "protected": protected,
        }
    )


def love_refused(state: liars.State, text: str, lang: str) -> str:
    """The refusal of ``text`` by seat 0, named as the Norwegian table names them (Ola at seat 2)."""
    i18n.use(lang)
    ui = ui_for("love-letter", ["Du", "Ola", "Ingrid", "Lars"], 0)
    before = state.to_json()
    with pytest.raises(InputError) as err:
        ui.parse(text, state.view(0), state.legal_actions(0))
    assert state.to_json() == before
    return str(err.value)


PROTECTED = {
    "nb": "Ola er beskyttet (9), så du kan ikke spille 6 mot Ola nå. ",
    "nl": "Ola is beschermd (9), dus je kunt je 6 nu niet op Ola spelen. ",
    "en": "Ola is protected (9), so you cannot play your 6 on Ola now. ",
}


@pytest.mark.parametrize(
    ("lang", "then"),
    [
        ("nb", "Skriv «6» for å spille den uten virkning."),
        ("nl", "Typ “6” om je 6 zonder effect te spelen."),
        ("en", "Type “6” to play it without effect."),
    ],
)
def test_love_a_card_aimed_at_a_protected_player_says_why(lang: str, then: str) -> None:
    """With every other player protected, «6 2 K» got «Ikke et valg nå. Med 6 kan du: 6.»: nothing on
    why. It says that Ola is protected, and how to play the 6 without effect; that entry plays it."""
    state = guarded_deal("6", "8", [False, True, True, True])
    assert love_refused(state, "6 2 K", lang) == PROTECTED[lang] + then
    assert parsed(state, "6") == {"type": "play", "card": "6"}


@pytest.mark.parametrize(
    ("lang", "then"),
    [
        ("nb", "Velg Ingrid eller Lars: f.eks. «6 3 K»."),
        ("nl", "Kies Ingrid of Lars: bijv. “6 3 H”."),
        ("en", "Choose Ingrid or Lars: e.g. “6 3 K”."),
    ],
)
def test_love_a_protected_player_with_others_to_choose_names_them(lang: str, then: str) -> None:
    """Where another player can be chosen, the refusal says who is protected and whom to choose instead,
    with an example that plays."""
    state = guarded_deal("6", "8", [False, True, False, False])
    assert love_refused(state, "6 2 K", lang) == PROTECTED[lang] + then
    assert love_refused(state, "6 2", lang) == PROTECTED[lang] + then
    assert parsed(state, "6 3 K") == {"type": "play", "card": "6", "target": 2, "guess": "K"}


@pytest.mark.parametrize(
    ("lang", "jack", "ten", "jack_said", "guess"),
    [
        (
            "nb",
            "Kn",
            "Si også hvem: f.eks. «10 3» (Ingrid).",
            "Si også hvem: f.eks. «Kn 2» (Ola).",
            "Si også hva du gjetter: f.eks. «6 3 K» (konge).",
        ),
        (
            "nl",
            "B",
            "Zeg ook op wie: bijv. “10 3” (Ingrid).",
            "Zeg ook op wie: bijv. “B 2” (Ola).",
            "Zeg ook wat je raadt: bijv. “6 3 H” (heer).",
        ),
        (
            "en",
            "J",
            "Name the player too: e.g. “10 3” (Ingrid).",
            "Name the player too: e.g. “J 2” (Ola).",
            "Name your guess too: e.g. “6 3 K” (king).",
        ),
    ],
)
def test_love_a_card_that_needs_a_player_or_a_guess_asks_for_it(
    lang: str, jack: str, ten: str, jack_said: str, guess: str
) -> None:
    """«10» alone, where the 10 needs a player, got «Ikke et valg nå. Med 10 kan du: 10 → Du; 10 →
    Ingrid; 10 → Lars.»; a 6 at a player with no guess got the 6's whole list. Each now asks for
    what is missing, with an example that plays (another player than you, where there is one)."""
    state = guarded_deal("T", "9", [False, True, False, False])
    assert love_refused(state, "10", lang) == ten
    assert parsed(state, "10 3") == {"type": "play", "card": "T", "target": 2}
    assert love_refused(guarded_deal("J", "8", [False] * 4), jack, lang) == jack_said
    assert love_refused(guarded_deal("6", "8", [False] * 4), "6 3", lang) == guess
    # the refusals that were right stay as they were
    assert "Not a choice now" in love_refused(guarded_deal("8", "9", [False] * 4), "8 1", "en")
