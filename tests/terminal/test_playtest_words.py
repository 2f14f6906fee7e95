"""What a play-tester found in the terminal's words, in nb, nl and en: each test fails before its fix.

Each builds a real engine position, as ``test_parse.py`` does, and reads what the screen module
says or accepts there in the language under test.
"""

from __future__ import annotations

from typing import Any

import pytest

import liars
from liars.terminal import i18n
from liars.terminal.games import ui_for
from liars.terminal.ui import InputError

NAMES = ["Du", "Ola", "Kari"]


@pytest.fixture(autouse=True)
def english_after() -> Any:
    yield
    i18n.use("en")


def at_turn(game_id: str, lang: str, **options: Any) -> tuple[Any, dict[str, Any], list[Any]]:
    """The ui, the view and the legal actions of whoever is to play first, in ``lang``."""
    i18n.use(lang)
    state = liars.make(game_id, players=3, seed=6, **options).new_game()
    seat = state.to_act[0]
    return ui_for(game_id, NAMES, seat), state.view(seat), state.legal_actions(seat)


def liegen_after(lang: str, announce: str, **options: Any) -> liars.State:
    """A Liegen table where a card was announced as ``announce`` and it is the next player's turn."""
    i18n.use(lang)
    state = liars.make("liegen", players=3, seed=6, **options).new_game()
    seat = state.to_act[0]
    state.act(seat, {"type": "play", "card": state.view(seat)["hand"][0], "announce": announce})
    while state.legal_actions(state.to_act[0])[0].to_json()["type"] != "play":
        state.act(state.to_act[0], {"type": "pass"})
    return state


def parse_at(state: liars.State, text: str) -> dict[str, Any]:
    seat = state.to_act[0]
    ui = ui_for(state.game.id, NAMES, seat)
    action = ui.parse(text, state.view(seat), state.legal_actions(seat))
    state.clone().act(seat, action)  # the engine agrees it is legal
    return action


def refusal_at(state: liars.State, text: str) -> str:
    seat = state.to_act[0]
    ui = ui_for(state.game.id, NAMES, seat)
    with pytest.raises(InputError) as err:
        ui.parse(text, state.view(seat), state.legal_actions(seat))
    return str(err.value)


# -- 1. Liegen's rank_step reads the language's rank words and letters --------------------------

RANK_WORDS = {
    "nb": {
        "toer": "2", "toere": "2", "én toer": "2", "ess": "A", "ett ess": "A", "E": "A", "femmer": "5",
        "femmere": "5", "tier": "T", "10": "T", "knekt": "J", "knekter": "J", "Kn": "J", "dame": "Q",
        "damer": "Q", "D": "Q", "konge": "K", "konger": "K", "K": "K",
    },
    "nl": {
        "twee": "2", "tweeën": "2", "tweeen": "2", "één twee": "2", "aas": "A", "azen": "A", "A": "A",
        "vijf": "5", "vijven": "5", "tien": "T", "boer": "J", "boeren": "J", "B": "J", "vrouw": "Q",
        "vrouwen": "Q", "V": "Q", "heer": "K", "heren": "K", "H": "K",
    },
    "en": {"two": "2", "twos": "2", "ace": "A", "aces": "A", "A": "A", "ten": "T", "jack": "J", "J": "J",
           "queens": "Q", "king": "K", "K": "K"},
}  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "word", "rank"), [(lang, w, r) for lang, words in RANK_WORDS.items() for w, r in words.items()]
)
def test_liegen_rank_step_reads_the_languages_rank_words_and_letters(lang: str, word: str, rank: str) -> None:
    """«2 toer» under ``--follow valørsteg`` was refused, «“toer” er ikke en valør (A, 2–10, Kn, D,
    K).»: the glossary's rank nouns (and their plurals, and nb's ace letter E) are read back."""
    ui, view, legal = at_turn("liegen", lang, follow="rank_step")
    action = ui.parse(f"2 {word}", view, legal)
    assert action == {"type": "play", "card": view["hand"][1], "announce": rank}


@pytest.mark.parametrize(
    ("lang", "letters", "foreign"),
    [
        ("nb", "E, 2–10, Kn, D, K", "(A, "),
        ("nl", "A, 2–10, B, V, H", "J, Q"),
        ("en", "A, 2–10, J, Q, K", "Kn"),
    ],
)
def test_liegen_a_word_that_is_no_rank_lists_the_languages_letters(
    lang: str, letters: str, foreign: str
) -> None:
    """The list mixed the English ace letter A with nb's Kn, D, K: it is the language's own."""
    ui, view, legal = at_turn("liegen", lang, follow="rank_step")
    with pytest.raises(InputError) as err:
        ui.parse("1 zz", view, legal)
    assert letters in str(err.value) and foreign not in str(err.value), str(err.value)


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("nb", "(ikke rundt fra konge til ess)", "fra K til A"),
        ("nl", "(niet rond van heer naar aas)", "van H naar A"),
        ("en", "(no wrap from king to ace)", "from K to A"),
    ],
)
def test_liegen_the_rank_step_rule_names_king_and_ace_in_words(lang: str, said: str, not_said: str) -> None:
    state = liegen_after(lang, "7", follow="rank_step")
    seat = state.to_act[0]
    status = " ".join(ui_for("liegen", NAMES, seat).status(state.view(seat)))
    assert said in status and not_said not in status, status


# -- 2. A refused announcement says the one rule it broke ---------------------------------------

ALL_RULES = {"accuse": "next", "jokers": True, "target_wins": 2}


@pytest.mark.parametrize(
    ("lang", "follow", "last", "typed", "said"),
    [
        (
            "nb",
            "rank_step",
            "A",
            "1 5",
            "Du kan ikke melde «5» etter «ess». Meld en valør én over eller under den forrige"
            " (ikke rundt fra konge til ess).",
        ),
        (
            "nl",
            "rank_step",
            "A",
            "1 vijf",
            "Je kunt “5” niet noemen na “aas”. Noem een rang één hoger of lager dan de vorige"
            " (niet rond van heer naar aas).",
        ),
        (
            "en",
            "rank_or_suit",
            "5H",
            "1 3C",
            "You cannot announce “3 of clubs” after “5 of hearts”. Follow the rank or the suit of the"
            " last announcement.",
        ),
        (
            "nb",
            "suit",
            "5H",
            "1 kløver",
            "Du kan ikke melde «kløver» etter «hjerter 5». Følg fargen i forrige melding (valøren er fri).",
        ),
        (
            "nl",
            "suit",
            "5H",
            "1 3C",
            "Je kunt “klaveren 3” niet noemen na “harten 5”. Volg de kleur van de laatst genoemde kaart"
            " (de rang is vrij).",
        ),
    ],
)
def test_liegen_a_refused_announcement_names_only_the_rule_it_broke(
    lang: str, follow: str, last: str, typed: str, said: str
) -> None:
    """«Du kan ikke melde «5» etter «ess». Meld en valør … Bare neste spiller kan anklage. Jokere (★)
    teller som alle kort. Den første som vinner 2 runder, vinner.»: three lines at 80×24, which
    scrolled the board, for rules nobody broke."""
    state = liegen_after(lang, last, follow=follow, **ALL_RULES)
    assert refusal_at(state, typed) == said


def test_liegen_a_joker_announced_on_a_new_trick_is_no_card_to_announce() -> None:
    """With nothing to follow, «1 X» was refused «… after “?”. A new trick: announce any card.»."""
    ui, view, legal = at_turn("liegen", "en", jokers=True)
    with pytest.raises(InputError) as err:
        ui.parse("1 X", view, legal)
    assert str(err.value) == "“joker” is not a card to announce (e.g. 5H)."
