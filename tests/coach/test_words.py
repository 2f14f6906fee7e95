"""The coach's sentences as a native reader of nb and nl reads them (play-testers' finds).

Each test here holds one defect a play-tester found in :mod:`liars.coach.words`:
Norwegian quotes in Dutch, «één een» for a one-die bid, «alle kaarten» for a
single card, and so on.  The sentences are checked as text, since the text is
what the player reads (the web's panel and the terminal show ``say``'s output
as it is).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import liars
from liars import coach
from liars.coach import advice, words
from liars.coach.words import TEMPLATES, say

# SAMPLE: one value per parameter a reason may carry, as liars.coach.advice fills them (one copy,
# in test_advice.py, which checks every reason with it)
from .test_advice import SAMPLE, params_for


def every_sentence(lang: str) -> Iterator[str]:
    """Every reason in ``lang``, in each of its forms (both chances alike, none left, one card, ...)."""
    for code in sorted(TEMPLATES):
        yield say({"code": code, "params": params_for(code)}, lang)
        yield say({"code": code, "params": params_for(code, adjusted=SAMPLE["exact"])}, lang)
        yield say({"code": code, "params": params_for(code, out=0)}, lang)
        yield say({"code": code, "params": params_for(code, claim={"rank": "T", "count": 1})}, lang)
        yield say({"code": code, "params": params_for(code, bid={"quantity": 1, "face": 1})}, lang)
        yield say(
            {"code": code, "params": params_for(code, action={"type": "bid", "quantity": 2, "face": 1})}, lang
        )


def strings_of(obj: Any, lang: str) -> Iterator[str]:
    """Every string under a ``lang`` key of ``obj``'s nested dicts (the module's word tables)."""
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            if key == lang:
                yield from strings_of(value, "*")
            else:
                yield from strings_of(value, lang)
    elif isinstance(obj, (tuple, list)):
        for value in obj:
            yield from strings_of(value, lang)
    elif isinstance(obj, str) and lang == "*":
        yield obj


GAMES = [
    ("liars-dice", 3, {}),
    ("liars-dice", 4, {"spot_on": True}),
    ("liars-dice-poker", 2, {}),
    ("cheat", 3, {}),
    ("liegen", 3, {}),
    ("love-letter", 3, {}),
]


def coached(lang: str, moves: int = 25) -> Iterator[str]:
    """The coach's advice in ``lang`` at each turn of a few games played at random."""
    for game_id, players, opts in GAMES:
        for seed in range(3):
            state = liars.make(game_id, players=players, seed=seed, **opts).new_game()
            rng = random.Random(seed)
            for _ in range(moves):
                if state.over:
                    break
                seat = state.to_act[0]
                advice = coach.odds(game_id, state.view(seat), lang=lang, names=["Anna", "Bot 2", "Bot 3"])
                if advice["advice"] is not None:
                    yield advice["advice"]["text"]
                state.act(seat, rng.choice(state.legal_actions(seat)))


# -- 1. Dutch quotes “…”, not «…» ----------------------------------------------------------------


def test_dutch_sentences_quote_with_dutch_quotes() -> None:
    """Dutch quotes with “…” (docs/glossary.md): the coach's «Je liegt!» and «schoppen zes» stood
    in one terminal line next to the app's “Ik geloof je”.  Every Dutch word the module holds,
    every form of every reason, and what the coach said over a few games are read for «».
    """
    sources = [*strings_of(vars(words), "nl"), *every_sentence("nl"), *coached("nl")]
    wrong = [s for s in sources if "«" in s or "»" in s]
    assert not wrong, wrong
    call = {"code": "cheat_call", "params": params_for("cheat_call")}
    assert "“Je liegt!”" in say(call, "nl")
    announce = {"code": "liegen_play_bluff", "params": params_for("liegen_play_bluff", announce="6S")}
    assert "“schoppen zes”" in say(announce, "nl")


def test_norwegian_keeps_its_own_quotes() -> None:
    """«…» is right in Norwegian: the Dutch fix must not reach nb (nor give English «…»)."""
    call = {"code": "cheat_call", "params": params_for("cheat_call")}
    assert "«Løgner!»" in say(call, "nb")
    announce = {"code": "liegen_play_bluff", "params": params_for("liegen_play_bluff", announce="6S")}
    assert "«spar seks»" in say(announce, "nb")
    assert '"six of spades"' in say(announce, "en")
    assert not [s for s in every_sentence("en") if "«" in s or "“" in s]


# -- 2. A bid of one die, and the faces' plurals ---------------------------------------------------

#: Each face of a Liar's Dice bid, one die and two, as the glossary (and the web and the terminal) say it.
BIDS = {
    "nl": "één één, twee enen, één twee, twee tweeën, één drie, twee drieën, één vier, twee vieren, "
    "één vijf, twee vijven, één zes, twee zessen",
    "nb": "én ener, to enere, én toer, to toere, én treer, to treere, én firer, to firere, "
    "én femmer, to femmere, én sekser, to seksere",
    "en": "a one, two ones, a two, two twos, a three, two threes, a four, two fours, "
    "a five, two fives, a six, two sixes",
}


@pytest.mark.parametrize("lang", sorted(BIDS))
def test_a_bid_of_one_die_reads_as_a_number(lang: str) -> None:
    """nl read a bid of one 1 as «één een» («een» is the article, the digit is «één»): «Open met
    één een». Every face, one die and two, in each language; English says "a one", as the web's
    and the terminal's bids do, where it said "one one".
    """
    said = [words.bid_words({"quantity": q, "face": f}, lang) for f in range(1, 7) for q in (1, 2)]
    assert ", ".join(said) == BIDS[lang]
    eleven = {"nl": "elf enen", "nb": "elleve enere", "en": "eleven ones"}
    assert words.bid_words({"quantity": 11, "face": 1}, lang) == eleven[lang]
    opens = {"nl": "Open met één één:", "nb": "Åpne med én ener:", "en": "Open with a one:"}
    why = {"code": "dice_open", "params": params_for("dice_open", bid={"quantity": 1, "face": 1})}
    assert say(why, lang).startswith(opens[lang])


# -- 3. One card is «the card», not «all the cards» ----------------------------------------------

PLAYED_TRUE = {
    1: {
        "nl": "Zeg één tien: de kaart klopt.",
        "nb": "Spill ut én tier: kortet er ekte.",
        "en": "Play one ten: the card is real.",
    },
    2: {
        "nl": "Zeg twee tienen: beide kaarten kloppen.",
        "nb": "Spill ut to tiere: begge kortene er ekte.",
        "en": "Play two tens: both cards are real.",
    },
    3: {
        "nl": "Zeg drie tienen: alle kaarten kloppen.",
        "nb": "Spill ut tre tiere: alle kortene er ekte.",
        "en": "Play three tens: all the cards are real.",
    },
}


@pytest.mark.parametrize("count", sorted(PLAYED_TRUE))
@pytest.mark.parametrize("lang", ["nl", "nb", "en"])
def test_an_honest_cheat_play_counts_its_cards(count: int, lang: str) -> None:
    """A play of one card read «Zeg één tien: alle kaarten kloppen.» (nb «alle kortene», en "every
    card"): one card is «de kaart», «kortet», "the card"; two are «beide», «begge», "both".
    """
    why = {"code": "cheat_play_true", "params": {"claim": {"rank": "T", "count": count}}}
    assert say(why, lang) == PLAYED_TRUE[count][lang]
    ace = {"code": "cheat_play_true", "params": {"claim": {"rank": "A", "count": 1}}}
    assert say(ace, "nb") == "Spill ut ett ess: kortet er ekte."


def test_the_coach_advises_a_one_card_play_in_the_singular() -> None:
    """The advice itself, not only the sentence: over a Cheat game played at random, the first
    honest one-card play the strong bot advises is said with the one-card form.
    """
    for seed in range(5):
        state = liars.make("cheat", players=3, seed=seed).new_game()
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            out = coach.odds("cheat", state.view(seat), lang="nl")["advice"]
            if (
                out
                and out["why"]["code"] == "cheat_play_true"
                and out["why"]["params"]["claim"]["count"] == 1
            ):
                assert out["text"].endswith(": de kaart klopt."), out
                return
            state.act(seat, rng.choice(state.legal_actions(seat)))
    pytest.fail("no honest one-card play advised in five games")


# -- 4. Poker Liar's Dice: a lost position is not «a bluff that looks true 0 % of the time» -------


def poker_claim(hand: str, *values: int) -> dict[str, Any]:
    return {"type": "claim", "hand": hand, "values": list(values)}


def lost_poker_view() -> dict[str, Any]:
    """Seat 1 accepted four sixes passed on 1 2 3 4 6 and kept all five: every claim above it (five
    of a kind, four aces) is out of reach, and the other knows it (it passed those dice).
    """
    state = liars.make("liars-dice-poker", seed=1).new_game(setup={"starter": 0, "dice": [1, 2, 3, 4, 6]})
    state.act(0, poker_claim("four", 6))
    state.act(1, {"type": "accept"})
    state.act(1, {"type": "reroll", "dice": []})
    return dict(state.view(1))


LOST = {
    "nb": "Motspilleren roper trolig løgn uansett hva du sier; fem seksere er det minst dårlige.",
    "nl": "De ander roept waarschijnlijk “Je liegt!”, wat je ook zegt; vijf zessen is nog het minst slecht.",
    "en": "The other player will likely call whatever you claim; five sixes is the least bad.",
}


@pytest.mark.parametrize("lang", sorted(LOST))
def test_a_lost_poker_position_says_every_claim_is_likely_called(lang: str) -> None:
    """Every claim looked true 0 % of the time to the other, and the coach said «En bløff:
    terningene dine holder ikke fem seksere, men for motspilleren ser det ut til å holde 0 % av
    gangene»: a "but" that argues against itself.  The strong bot claims five sixes here as the
    least bad of claims that will all be called, and the reason now says so.
    """
    out = coach.odds("liars-dice-poker", lost_poker_view(), lang=lang)
    assert all(b["looks"] == 0.0 for b in out["bids"])
    advised = out["advice"]
    assert advised["action"] == poker_claim("five", 6)
    assert advised["why"]["code"] == "poker_claim_hopeless"
    assert advised["text"] == LOST[lang]


@pytest.mark.parametrize(("looks", "code"), [(0.0, "hopeless"), (0.004, "hopeless"), (0.006, "bluff")])
def test_only_a_bluff_that_reads_as_no_chance_is_hopeless(looks: float, code: str) -> None:
    """The cut is where the chance shows as «0 %» or «<1 %»: from «1 %» on, the bluff's sentence
    (it may look true to the other) says nothing it contradicts.  A true claim is never hopeless:
    if it is called, the caller loses.
    """
    claim = poker_claim("five", 6)
    bid = {"claim": claim, "exact": 0.0, "adjusted": 0.0, "looks": looks}
    why = advice._poker(liars.make("liars-dice-poker"), {"claim": None}, {"bids": [bid]}, claim)
    assert why["code"] == f"poker_claim_{code}"
    honest = advice._poker(
        liars.make("liars-dice-poker"), {"claim": None}, {"bids": [{**bid, "exact": 1.0}]}, claim
    )
    assert honest["code"] == "poker_claim_true"


def test_a_believable_poker_bluff_still_says_bluff() -> None:
    """An opening bluff the other may well believe keeps its sentence and its figure."""
    state = liars.make("liars-dice-poker", seed=1).new_game(setup={"starter": 0, "dice": [1, 2, 3, 4, 6]})
    advised = coach.odds("liars-dice-poker", state.view(0), lang="nb")["advice"]
    assert advised["why"]["code"] == "poker_claim_bluff"
    assert advised["text"] == (
        "En bløff: terningene dine holder ikke et par seksere, men for motspilleren ser det ut til å holde "
        "63 % av gangene."
    )


# -- 5. nb and nl as a native speaker reads them -------------------------------------------------


def said(code: str, lang: str, **over: Any) -> str:
    return say({"code": code, "params": params_for(code, **over)}, lang)


def test_a_call_is_said_as_what_you_win_by_calling() -> None:
    """«å rope løgn vinner 62 %», «“Je liegt!” roepen wint 62%» made the call the winner (English
    "calling wins"); a Norwegian or Dutch player says what *you* win if you call, as the Cheat
    and Liegen reasons already did («Roper du «Løgner!», vinner du …»).
    """
    assert said("dice_call", "nb").endswith(": roper du løgn, vinner du 62 % av gangene.")
    assert said("dice_call", "nl").endswith(": roep je “Je liegt!”, dan win je in 62% van de gevallen.")
    assert said("poker_call", "nb").endswith(": roper du løgn, vinner du 62 % av gangene.")
    assert said("poker_call", "nl").endswith(": roep je “Je liegt!”, dan win je in 62% van de gevallen.")
    assert said("dice_spot", "nb").endswith(": sier du «Helt riktig!», vinner du 38 % av gangene.")
    assert said("dice_spot", "nl").endswith(": zeg je “Precies goed!”, dan win je in 38% van de gevallen.")


def test_dutch_opening_has_no_norwegian_preposition() -> None:
    """«niemand roept er snel “Je liegt!” op» carried over nb «rope løgn på»: Dutch «roepen op» is
    to call upon someone.  Nobody will soon call it: «dus roept niemand snel “Je liegt!”».
    """
    assert said("dice_open", "nl") == (
        "Open met vier vijven: dat klopt in 31% van de gevallen met jouw stenen, "
        "dus roept niemand snel “Je liegt!”."
    )


SOLVED = {
    ("liar", "nb"): "Den eksakte likevekten i dette sluttspillet velger å rope løgn 70 % av gangene.",
    ("bid", "nb"): "Den eksakte likevekten i dette sluttspillet velger å by to enere 70 % av gangene.",
    (
        "liar",
        "nl",
    ): "Het exacte evenwicht van dit eindspel kiest er in 70% van de gevallen voor om “Je liegt!” te roepen.",
    (
        "bid",
        "nl",
    ): "Het exacte evenwicht van dit eindspel kiest er in 70% van de gevallen voor om twee enen te bieden.",
    ("liar", "en"): "The exact equilibrium of this endgame calls 70% of the time.",
    ("bid", "en"): "The exact equilibrium of this endgame bids two ones 70% of the time.",
}


@pytest.mark.parametrize(("kind", "lang"), sorted(SOLVED))
def test_the_solvers_line_names_the_action_as_a_verb(kind: str, lang: str) -> None:
    """The solver's action was a bare noun phrase: «kiest «Je liegt!» roepen», «velger to enere»,
    "plays calling".  It is the verb phrase each sentence needs: «om “Je liegt!” te roepen»,
    «å by to enere», "bids two ones".
    """
    action = {"type": "liar"} if kind == "liar" else {"type": "bid", "quantity": 2, "face": 1}
    assert said("dice_solved", lang, action=action) == SOLVED[kind, lang]


def test_accepting_a_poker_claim_names_what_is_accepted() -> None:
    """docs/glossary.md: «godta» wants what is accepted («godtok budet», not «godtok og ser»);
    Dutch believes «het bod».  «å godta og kaste på nytt», «geloven en opnieuw gooien» had none.
    """
    assert "å godta budet og kaste på nytt er verdt mer enn å rope løgn." in said("poker_accept", "nb")
    assert "het bod geloven en opnieuw gooien is meer waard dan “Je liegt!” roepen." in said(
        "poker_accept", "nl"
    )


def test_keeping_all_five_says_it_as_the_re_roll_does() -> None:
    """«et bud motspilleren heller lar passere» said "would rather let pass" (nb «heller» is
    "rather"), and nl «eerder gelooft» reads "believes sooner": keeping all five is the re-roll's
    own sentence, negated («ikke bedre sjanse», «geen betere kans»).
    """
    assert say({"code": "poker_keep"}, "nb") == (
        "Behold alle fem: å kaste på nytt gir ikke bedre sjanse for et bud motspilleren ikke roper løgn på."
    )
    assert say({"code": "poker_keep"}, "nl") == (
        "Houd alle vijf: opnieuw gooien geeft geen betere kans op een bod dat de ander gelooft."
    )


REROLLS = {
    (2, 5): (
        "Kast en toer og en femmer på nytt",
        "Gooi een twee en een vijf opnieuw",
        "Re-roll a two and a five",
    ),
    (1, 5, 5): (
        "Kast et ess og to femmere på nytt",
        "Gooi een aas en twee vijven opnieuw",
        "Re-roll an ace and two fives",
    ),
    (3, 4, 6, 6, 6): ("Kast alle fem på nytt", "Gooi alle vijf opnieuw", "Re-roll all five"),
    (1, 1, 1, 2): (
        "Kast tre ess og en toer på nytt",
        "Gooi drie azen en een twee opnieuw",
        "Re-roll three aces and a two",
    ),
    (2, 3, 4): (
        "Kast en toer, en treer og en firer på nytt",
        "Gooi een twee, een drie en een vier opnieuw",
        "Re-roll a two, a three and a four",
    ),
}


@pytest.mark.parametrize("dice", sorted(REROLLS))
def test_a_re_roll_names_its_dice(dice: tuple[int, ...]) -> None:
    """«Kast 2 5 på nytt», «Gooi 2 5 opnieuw» listed values as no sentence does (and "2 5" read as
    two fives at a glance): the dice are counted per value, as the web's review says the same
    re-roll («kaste et ess og to femmere på nytt»), and all five are «alle fem», «alle vijf».
    """
    for lang, want in zip(("nb", "nl", "en"), REROLLS[dice], strict=True):
        assert say({"code": "poker_reroll", "params": {"dice": list(dice)}}, lang).startswith(want + ":")


def test_counts_of_cards_are_words() -> None:
    """«bare 1 er ekte», «maar 1 echte», «det bare 1 du ikke vet hvor er»: a digit in running
    text, and nb «1» with no noun; a count of cards is a word, nb «ett» (neuter, as «kort»).
    """
    three = {"rank": "T", "count": 3}
    assert (
        said("cheat_play_bluff", "nb", claim=three)
        == "Si tre tiere selv om bare ett av kortene er ekte: en bløff."
    )
    assert said("cheat_play_bluff", "nb", claim=three, true=2) == (
        "Si tre tiere selv om bare to av kortene er ekte: en bløff."
    )
    assert (
        said("cheat_play_bluff", "nl", claim=three) == "Zeg drie tienen met maar één echte erbij: een bluf."
    )
    assert said("cheat_play_bluff", "en", claim=three) == "Claim three tens, only one of them real: a bluff."
    assert said("cheat_sure_lie", "nb") == (
        "To femmere kan ikke være sant: av den valøren er det bare ett kort du ikke vet hvor er."
    )
    assert (
        said("cheat_sure_lie", "nl")
        == "Twee vijven kan niet kloppen: van die rang kun je er maar één niet plaatsen."
    )


def test_a_sentence_that_opens_with_a_quote_has_its_capital() -> None:
    """A Liegen sure lie opens with the announcement: «hjerter fem» kan ikke stemme kept its small
    letter, the capital going to the quote mark.
    """
    assert said("liegen_sure_lie", "nb").startswith("«Hjerter fem» kan ikke stemme:")
    assert said("liegen_sure_lie", "nl").startswith("“Harten vijf” kan niet kloppen:")
    assert said("liegen_sure_lie", "en").startswith('"Five of hearts" cannot be true:')


def test_an_honest_liegen_card_is_said_as_the_glossary_says_it() -> None:
    """«noem hem ook zo» («hem» for «de kaart») is not the Dutch sheet's phrase: the button and
    the glossary say «Zeg wat het is».
    """
    assert (
        said("liegen_play_true", "nl")
        == "Speel harten zes en zeg wat het is: een eerlijke kaart kost je nooit iets."
    )


def test_a_dutch_sentence_that_opens_with_een_writes_een_with_one_accent() -> None:
    """The coach's capital made «Één tien kan niet kloppen …» (the terminal printed it so; the web
    put it right on the page); Dutch writes a sentence-initial één as «Eén» (the Taalunie's rule)."""
    why = {"code": "cheat_sure_lie", "params": params_for("cheat_sure_lie", claim={"rank": "T", "count": 1})}
    assert say(why, "nl").startswith("Eén tien kan niet kloppen"), say(why, "nl")
    assert not any(s.startswith("Één") for s in every_sentence("nl"))
    assert say(why, "nb").startswith("Én tier")  # Bokmål keeps its own accent: «Én»
