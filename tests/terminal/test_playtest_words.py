"""What a play-tester found in the terminal's words, in nb, nl and en: each test fails before its fix.

Each builds a real engine position, as ``test_parse.py`` does, and reads what the screen module
says or accepts there in the language under test.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import liars
from liars.terminal import i18n
from liars.terminal.games import ui_for
from liars.terminal.ui import InputError

from .test_defects import liegen_after as following

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
    return following(announce, **options)


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


# -- 3. Liegen's help says the rules in force, with examples the parser reads back --------------

QUOTES = {"nb": r"«([^«»]*)»", "nl": r"“([^”]*)”", "en": r"“([^”]*)”"}
MINE = ["2C", "9D", "KS", "7H", "QD"]


def hands(jokers: bool) -> list[list[str]]:
    """The opener's hand :data:`MINE` (KS, as in the examples); the others split the rest of the deck."""
    rest = [r + s for r in "A23456789TJQK" for s in "CDHS" if r + s not in MINE] + ["X", "X"] * jokers
    return [MINE, rest[::2], rest[1::2]]


OPTIONS = [
    {},
    {"follow": "suit"},
    {"follow": "rank_step"},
    {"follow": "rank_step", "accuse": "next", "jokers": True, "target_wins": 2},
    {"accuse": "next", "target_wins": 3},
]


def help_at(lang: str, options: dict[str, Any], window: bool = False) -> tuple[liars.State, list[str]]:
    """The help («?») at the first play of a set deal (the opener holds KS), or at the
    accusation question after it."""
    from liars.terminal import screens

    i18n.use(lang)
    state = liars.make("liegen", players=3, seed=1, **options).new_game(
        setup={"hands": hands(bool(options.get("jokers"))), "dealer": 2}
    )
    if window:
        state.act(
            0,
            {"type": "play", "card": "2C", "announce": "2" if options.get("follow") == "rank_step" else "2C"},
        )
    seat = state.to_act[0]
    ui = ui_for("liegen", NAMES, seat)
    return state, screens.help_lines(ui, state.view(seat), state.legal_actions(seat))


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
@pytest.mark.parametrize("options", OPTIONS)
def test_liegen_help_examples_are_read_back_under_the_rule_in_force(
    lang: str, options: dict[str, Any]
) -> None:
    """Under ``--follow valørsteg`` the help gave card examples («KS som 3S») that rule refuses:
    every typed example the help quotes is a play the parser reads, and the engine takes."""
    from liars.terminal.words import read_card

    state, lines = help_at(lang, options)
    assert state.to_act == (0,) and "KS" in state.view(0)["hand"]
    quoted = [q for line in lines for q in re.findall(QUOTES[lang], line)]
    examples = [q for q in quoted if q.split()[0].isdigit() or read_card(q.split()[0]) is not None]
    assert len(examples) >= 3, quoted
    for example in examples:
        parse_at(state, example)


@pytest.mark.parametrize(
    ("lang", "step_rule", "anyone", "next_only", "generic"),
    [
        (
            "nb",
            "Meld en valør én over eller under den forrige",
            "Alle kan anklage",
            "Bare neste spiller kan anklage",
            "meldt etter valør eller farge",
        ),
        (
            "nl",
            "Noem een rang één hoger of lager",
            "Iedereen mag beschuldigen",
            "Alleen de volgende speler mag beschuldigen",
            "genoemd volgens rang of kleur",
        ),
        (
            "en",
            "Announce a rank one above or below",
            "Anyone may accuse",
            "Only the next player may accuse",
            "announced as following rank or suit",
        ),
    ],
)
def test_liegen_help_says_the_rules_in_force(
    lang: str, step_rule: str, anyone: str, next_only: str, generic: str
) -> None:
    """With ``--follow valørsteg`` the help said «Regler: Ett kort per tur, meldt etter valør eller
    farge»: the rules line is the one in force, the follow rule, who accuses, jokers and rounds."""
    _state, lines = help_at(lang, {"follow": "rank_step", "accuse": "next", "jokers": True, "target_wins": 2})
    rules = lines[0]
    assert step_rule in rules and next_only in rules and anyone not in rules and generic not in rules, rules
    assert "★" in rules and "2" in rules
    _state, lines = help_at(lang, {})
    rules = lines[0]
    assert anyone in rules and step_rule not in rules and "★" not in rules and "★" not in " ".join(lines), (
        rules
    )


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("nb", "Svar j (ja, anklag) eller n (nei); Enter betyr nei.", "rop løgn"),
        ("nl", "Antwoord j (ja, beschuldigen) of n (nee); Enter betekent nee.", "“Je liegt!” roepen"),
        ("en", "Answer y (yes, accuse) or n (no); Enter means no.", "call it"),
    ],
)
def test_liegen_the_accusation_question_is_answered_in_liegens_word(
    lang: str, said: str, not_said: str
) -> None:
    """«Svar j (ja, rop løgn)» at «Anklage Ola? [j/N]»: Liegen's glossary word is «anklage»
    («beschuldigen»), in the help and in the refusal of an answer that is none."""
    state, lines = help_at(lang, {}, window=True)
    assert said in lines and not any(not_said in line for line in lines[-2:]), lines
    ui = ui_for("liegen", NAMES, state.to_act[0])
    with pytest.raises(InputError) as err:
        ui.parse_window("misschien")
    assert str(err.value) == said


# -- 4. One is singular: one die in play, at most one card ---------------------------------------


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("nb", "Runde 1 · 1 terning i spill", "Runde 1 · 2 terninger i spill"),
        ("nl", "Ronde 1 · 1 dobbelsteen in het spel", "Ronde 1 · 2 dobbelstenen in het spel"),
        ("en", "Round 1 · 1 die in play", "Round 1 · 2 dice in play"),
    ],
)
def test_liars_dice_one_die_in_play_is_singular(lang: str, one: str, two: str) -> None:
    """«Runde 5 · 1 terninger i spill», "1 dice in play" at the end of a game."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=2, seed=1, dice=1).new_game(
        setup={"dice": [[3], [5]], "opener": 0}
    )
    ui = ui_for("liars-dice", NAMES[:2], 0)
    assert ui.title(state.view(0)) == two
    state.act(0, {"type": "bid", "quantity": 1, "face": 3})
    state.act(1, {"type": "liar"})  # one three: the bid held, the caller loses the last die
    view = state.view(0)
    assert view["over"] and view["total_dice"] == 1
    assert ui.title(view) == one


@pytest.mark.parametrize(
    ("lang", "rule", "prompt", "not_prompt", "help_says"),
    [
        (
            "nb",
            "Høyst 1 kort per utspill.",
            "legg ett kort (du sier ett ess)",
            "ett eller flere",
            "Legg et kort",
        ),
        (
            "nl",
            "Hoogstens 1 kaart per zet.",
            "speel één kaart (je zegt één aas)",
            "of meer",
            "Speel een kaart",
        ),
        (
            "en",
            "At most 1 card a play.",
            "play one card (you claim one ace)",
            "one or more",
            "Put down a card",
        ),
    ],
)
def test_cheat_one_card_a_play_is_singular(
    lang: str, rule: str, prompt: str, not_prompt: str, help_says: str
) -> None:
    """With ``--max-cards 1``: «Hoogstens 1 kaarten per zet.» and «speel een of meer kaarten»."""
    ui, view, legal = at_turn("cheat", lang, max_cards=1)
    assert rule in ui.status(view)
    (line,) = ui.prompt_help(view, legal)
    assert prompt in line and not_prompt not in line, line
    assert ui.help(view)[0].startswith(help_says), ui.help(view)
    with pytest.raises(InputError) as err:
        ui.parse("1 2", view, legal)
    assert str(err.value) == rule


@pytest.mark.parametrize(
    ("lang", "rule", "prompt"),
    [
        ("nb", "Høyst 2 kort per utspill.", "legg ett eller flere kort som ess"),
        ("nl", "Hoogstens 2 kaarten per zet.", "speel één of meer kaarten als azen"),
        ("en", "At most 2 cards a play.", "play one or more cards as aces"),
    ],
)
def test_cheat_more_cards_a_play_stay_plural(lang: str, rule: str, prompt: str) -> None:
    ui, view, legal = at_turn("cheat", lang, max_cards=2)
    assert rule in ui.status(view) and prompt in ui.prompt_help(view, legal)[0]


# -- 5. Wording ------------------------------------------------------------------------------------


def command_help(lang: str, *path: str) -> str:
    """``liars [PATH ...] --help`` in ``lang``, its lines joined (argparse wraps at the terminal's width)."""
    import argparse

    from liars import cli

    parser = cli.build_parser(["--lang", lang])
    for name in path:
        subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = subs.choices[name]
    return " ".join(parser.format_help().split())


@pytest.mark.parametrize(
    ("lang", "path", "said", "not_said"),
    [
        ("nb", ("replay",), "plassen spillet vises fra, talt fra 1", "hvem sitt syn"),
        ("nl", ("replay",), "vanuit welke plaats je het spel ziet, geteld vanaf 1", "wiens zicht"),
        ("nl", (), "waar de sterke bot een opgeslagen spel anders had gespeeld", "bewaarde partij"),
        ("nb", (), "hvor den sterke roboten ville spilt et lagret spill annerledes", "lagret parti"),
        ("nb", ("watch", "liars-dice"), "robotnivåer for alle plassene", "de andre plassene"),
        ("nl", ("watch", "liars-dice"), "botniveaus voor alle plaatsen", "de andere plaatsen"),
        ("en", ("watch", "liars-dice"), "bot levels for every seat", "the other seats"),
        ("nb", ("play", "liars-dice"), "robotnivåer for de andre plassene", "alle plassene"),
        ("nb", ("arena",), "turneringens nummer: utdelingene og robotenes egne numre", "frø"),
        ("nl", ("arena",), "nummer van het toernooi: de delingen en de eigen nummers van de bots", "seed"),
        ("nb", ("bot",), "robotens eget nummer", "frø"),
        ("nl", ("bot",), "het eigen nummer van de bot", "seed"),
        (
            "nb",
            ("play", "liars-dice"),
            "spilleren som står for tur, kan si at budet stemmer nøyaktig",
            "i tur",
        ),
    ],
)
def test_command_help_says_it_as_the_glossary_does(
    lang: str, path: tuple[str, ...], said: str, not_said: str
) -> None:
    """The play-tester's words: replay's `--seat` «hvem sitt syn som vises» / «wiens zicht je ziet»,
    review's «een bewaarde partij» where the rest says «opgeslagen spel», watch's «robotnivåer for
    de andre plassene» where every seat is a bot, arena's «turneringens frø» / «seed van het
    toernooi» (the glossary: a game's number, never «frø»/«seed»), `--spot-on`'s «spilleren i tur
    kan påstå»."""
    text = command_help(lang, *path)
    assert said in text and not_said not in text.replace("--seed", ""), text


def test_words_of_the_dice_and_cards_as_the_glossary_says_them() -> None:
    """nb «Siste begre:» (the web: «Begrene ved siste rop»), nl «Trek er een, speel er een» (the
    number: «één»), nl «Anouk verloor het laatste leven» (natural Dutch without a gender: «heeft geen
    levens meer»), nb «Frøet må være et heltall.»."""
    from liars.terminal.i18n import _, game_summary, pgettext

    i18n.use("nb")
    state = liars.make("liars-dice", players=2, seed=1, dice=1).new_game(
        setup={"dice": [[3], [5]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 1, "face": 3})
    state.act(1, {"type": "liar"})
    ui = ui_for("liars-dice", NAMES[:2], 0)
    (line,) = ui.reveal([state.view(s) for s in range(2)])
    assert line.startswith("Begrene ved siste rop: Du"), line
    assert (
        pgettext("error bad_seed", "The seed must be a whole number.") == "Spillnummeret må være et heltall."
    )
    i18n.use("nl")
    assert game_summary("love-letter").startswith("Trek er één, speel er één: ")
    assert _("{name} lost their last life.").format(name="Anouk") == "Anouk heeft geen levens meer."
    assert _(
        "Think the last bid is too high? Call liar: type “l” or “liar”. The cups are lifted:"
        " if fewer dice show its face than it says, the bidder loses a die; else you do."
    ).endswith("anders verlies jij er één.")


# -- 6. Who opens after a spot on ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "caller_opens", "after_liar", "loser_opens"),
    [
        (
            "nb",
            "Riktig eller ikke: du åpner neste runde",
            "Etter «Løgner!» åpner den som mister terningen, neste runde",
            "Den som mister en terning, åpner neste runde",
        ),
        (
            "nl",
            "Goed of fout: jij begint de volgende ronde",
            "Na “Je liegt!” begint wie de dobbelsteen verliest de volgende ronde",
            "Wie een dobbelsteen verliest, begint de volgende ronde",
        ),
        (
            "en",
            "Right or wrong, you open the next round",
            "After a call of liar, whoever loses a die opens the next round",
            "Whoever loses a die opens the next round",
        ),
    ],
)
def test_liars_dice_help_says_who_opens_after_a_spot_on(
    lang: str, caller_opens: str, after_liar: str, loser_opens: str
) -> None:
    """With ``--spot-on`` the help said «Wie een dobbelsteen verliest, begint de volgende ronde»,
    wrong after a right «Precies goed!»: the others lose a die and the caller opens (the engine and
    docs/rules/liars-dice.md). The help says so; without the option it keeps the one rule."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=3, seed=1, spot_on=True).new_game(
        setup={"dice": [[3, 3, 1, 2, 4], [3, 5, 6, 6, 2], [2, 2, 4, 4, 6]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 3, "face": 3})
    state.act(1, {"type": "spot_on"})  # three threes: right, seats 0 and 2 lose a die
    view = state.view(1)
    assert view["dice_counts"] == [4, 5, 4] and view["opener"] == 1  # the caller opens, no loser
    text = " ".join(ui_for("liars-dice", NAMES, 1).help(view))
    assert caller_opens in text and after_liar in text and loser_opens not in text, text
    plain = liars.make("liars-dice", players=3, seed=1).new_game()
    text = " ".join(ui_for("liars-dice", NAMES, 0).help(plain.view(0)))
    assert loser_opens in text and caller_opens not in text, text
