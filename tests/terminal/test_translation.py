"""Issue 18, "translation to the last word": every parser text, ``liars games``, level words, and the
Norwegian, Dutch and English wording the issue names, each checked on what the program really prints.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from rich.console import Console

import liars
from liars import cli
from liars.terminal import i18n, setup
from liars.terminal.cheat import CheatUI
from liars.terminal.games import ui_for
from liars.terminal.i18n import _
from liars.terminal.liars_dice import DiceUI
from liars.terminal.liegen import LiegenUI, announced
from liars.terminal.love_letter import LoveLetterUI, effect
from liars.terminal.words import card, faces, ranks, read_card
from tests.cheat_cases import honest_ace
from tests.love_letter_cases import tied_showdown
from tests.test_liegen_helpers import own_plays

from .drive import LIARS

# Texts that are the same word in every language (metavars, names of things), and in one language
# (Dutch players call Liar's Dice by its English name: docs/glossary.md).
SAME_EVERYWHERE = {"Liegen", "JSON"}
SAME_IN = {"nb": set(), "nl": {"Liar's Dice", "Love Letter"}}


def parser_texts(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every description, help line and metavar of ``parser`` and its sub-parsers, in a fixed order."""
    yield parser.description or ""
    for action in parser._actions:
        yield action.help or ""
        yield action.metavar if isinstance(action.metavar, str) else ""
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield choice.help or ""
            for sub in dict.fromkeys(action.choices.values()):
                yield from parser_texts(sub)


def built(lang: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(sys, "argv", ["liars", "--lang", lang])
    return list(parser_texts(cli.build_parser()))


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_every_text_of_every_command_is_translated(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    english, theirs = built("en", monkeypatch), built(lang, monkeypatch)
    assert len(english) == len(theirs) > 150
    same = [
        en
        for en, tr in zip(english, theirs, strict=True)
        if en == tr and sum(c.isalpha() for c in en) > 1 and en not in SAME_EVERYWHERE | SAME_IN[lang]
    ]
    assert not same, f"not translated in {lang}: {same}"


def run_liars(args: list[str], lang_env: str, columns: int = 200) -> str:
    env = dict(os.environ, LANG=lang_env, COLUMNS=str(columns))
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    done = subprocess.run([LIARS, *args], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ("nb_NO.UTF-8", ("bruk:", "posisjonsargumenter", "valg:", "vis denne hjelpen", "Bløffespill")),
        ("nl_NL.UTF-8", ("gebruik:", "positionele argumenten", "opties:", "toon deze hulp", "Bluf")),
    ],
)
def test_the_top_level_help_speaks_the_environments_language(env: str, words: tuple[str, ...]) -> None:
    shown = run_liars(["--help"], env)
    for word in words:
        assert word in shown
    for english in ("positional arguments", "options:", "show this help", "a tournament between bots"):
        assert english not in shown


def test_version() -> None:
    assert run_liars(["--version"], "C.UTF-8").strip() == f"liars {liars.__version__}"


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_liars_games_is_translated(lang: str) -> None:
    shown = " ".join(run_liars(["games", "--lang", lang], "C.UTF-8").split())  # wrapped at the width
    i18n.use(lang)
    for gid in liars.GAME_IDS:
        assert i18n.game_name(gid) in shown
        for option in liars.game_class(gid).info.options:
            assert " ".join(i18n.option_help(gid, option).split()) in shown
    for english in ("players", "default", "bool", "(int", "choice", "None", "False", "True"):
        assert english not in shown, english


def test_liars_games_lines_up_the_names() -> None:
    """The names stand in one column: "liars-dice-poker" (16 letters) pushed its name out of line."""
    shown = run_liars(["games", "--lang", "en"], "C.UTF-8")
    i18n.use("en")
    starts = set()
    for gid in liars.GAME_IDS:
        line = next(line for line in shown.splitlines() if line.startswith(gid + " "))
        starts.add(line.index(" " + i18n.game_name(gid) + " ·"))
    assert len(starts) == 1, starts
    options = [line for line in shown.splitlines() if line.lstrip().startswith("--")]
    assert options and {len(line) - len(line.lstrip()) for line in options} == {starts.pop() + 2}


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_liars_games_fits_an_80_column_terminal_without_breaking_words(lang: str) -> None:
    """At 80 columns the terminal cut the 200-letter lines wherever the edge fell («spill|ere»), and
    an option's wrapped help began at the left edge, among the game names."""
    shown = run_liars(["games", "--lang", lang], "C.UTF-8", columns=80)
    wide = run_liars(["games", "--lang", lang], "C.UTF-8", columns=1000)
    lines = shown.splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert shown.split() == wide.split()  # the same words, none broken
    width = max(len(gid) for gid in liars.GAME_IDS)
    ids = tuple(f"{gid} " for gid in liars.GAME_IDS)
    assert all(line.startswith(ids) or line.startswith(" " * (width + 1)) for line in lines if line)


def test_liars_games_in_english_says_what_a_flag_takes() -> None:
    shown = " ".join(run_liars(["games", "--lang", "en"], "C.UTF-8", columns=1000).split())
    assert "--dice (a number 1–10; default 5)" in shown
    assert "--wild-ones (on or off; default off)" in shown
    assert "--max-cards (a number 1–52 or none; default none)" in shown
    assert "(bool" not in shown
    # a game for two only says so plainly (it said "2–2 players")
    assert "Poker Liar's Dice · 2 players:" in shown and "2–2" not in shown
    assert "Liar's Dice · 2–6 players:" in shown


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "--target-wins (a number 1–20; default 7 / 5 / 4 for 2 / 3 / 4 players): rounds to win"),
        ("nb", "--target-wins (et tall 1–20; standard 7 / 5 / 4 for 2 / 3 / 4 spillere): omganger for"),
        ("nl", "--target-wins (een getal 1–20; standaard 7 / 5 / 4 bij 2 / 3 / 4 spelers): rondes om"),
    ],
)
def test_love_letters_match_target_says_its_default_once(lang: str, line: str) -> None:
    """It said «standard ingen» and then, in its help, «standard 7 / 5 / 4 …»: the default is the
    game's number for the players, said once."""
    shown = run_liars(["games", "--lang", lang], "C.UTF-8")
    assert line in shown, shown[-400:]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("nb", ("lett", "middels", "vanskelig")),
        ("nl", ("makkelijk", "gemiddeld", "moeilijk")),
        ("en", ("easy", "medium", "hard")),
    ],
)
def test_bot_levels_are_shown_and_read_as_words(lang: str, words: tuple[str, ...]) -> None:
    i18n.use(lang)
    assert [setup.level_word(level) for level in ("random", "basic", "strong")] == list(words)
    typed = ",".join([words[0], "basic", words[2].upper()])
    args = argparse.Namespace(game="liars-dice", bots=typed, players=None)
    assert setup.seats(args, human=True) == (4, ["random", "basic", "strong"])
    args = argparse.Namespace(game="liars-dice", bots="hard", players=None)  # English words work anywhere
    assert setup.seats(args, human=True)[1] == ["strong"] * 3


def test_a_level_error_names_the_words() -> None:
    i18n.use("nb")
    with pytest.raises(liars.GameConfigError) as err:
        setup.seats(argparse.Namespace(game="liars-dice", bots="geni", players=None), human=True)
    assert "lett, middels, vanskelig" in str(err.value)


def test_the_players_line_shows_level_words() -> None:
    child = subprocess.run(
        [LIARS, "play", "liars-dice", "--bots", "random", "--seed", "1", "--lang", "nb", "--delay", "0"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Ola (lett)" in child.stdout and "(random)" not in child.stdout


# -- Norwegian -------------------------------------------------------------


def narrate_all(ui: DiceUI | CheatUI | LoveLetterUI | LiegenUI, state: liars.State, seat: int) -> list[str]:
    view = state.view(seat)
    return [line for e in ui.events(view) for line in ui.narrate(e, view)]


def dice_round(lang: str, dice: list[list[int]], bid: tuple[int, int], **options: object) -> list[str]:
    """Seat 0 (you) bids ``bid``, seat 1 calls liar; what you are told."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=2, seed=1, dice=len(dice[0]), **options).new_game(
        setup={"dice": dice, "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": bid[0], "face": bid[1]})
    state.act(1, {"type": "liar"})
    return narrate_all(DiceUI([_("You"), "Ola"], 0), state, 0)


def test_norwegian_number_words_agree_with_the_noun() -> None:
    i18n.use("nb")
    assert ranks(1, "A") == "ett ess"
    assert ranks(1, "Q") == "én dame"
    assert ranks(2, "A") == "to ess"
    assert faces(1, 5) == "én femmer"


def test_norwegian_call_says_only_and_your_last_die() -> None:
    told = dice_round("nb", [[5], [3]], (2, 5))
    assert "Budet var to femmere; det var bare én femmer." in told
    assert "Du mistet din siste terning: du er ute av spillet." in told
    assert not any("sin siste" in line for line in told)


def test_the_count_reads_naturally_in_each_language() -> None:
    assert "Budet var to femmere; det var ingen femmere." in dice_round("nb", [[2], [3]], (2, 5))
    assert "Het bod was twee vijven; geteld: geen vijven." in dice_round("nl", [[2], [3]], (2, 5))
    assert "Het bod was twee vijven; geteld: maar één vijf." in dice_round("nl", [[5], [3]], (2, 5))
    assert "The bid was two fives; there was only a five." in dice_round("en", [[5], [3]], (2, 5))
    assert "The bid was two fives; there were no fives." in dice_round("en", [[2], [3]], (2, 5))
    told = dice_round("en", [[5, 1], [5, 4]], (2, 5), wild_ones=True)
    assert "The bid was two fives; there were three fives." in told
    assert "(1 of them a wild one.)" in told


def test_the_opening_roll_is_not_called_a_re_roll() -> None:
    i18n.use("nb")
    ui = DiceUI(["Du", "Ola"], 0)
    lines = ui.narrate({"type": "rolloff", "throws": [[5, 5], [3, 6]]}, {})
    assert lines == ["Kast om hvem som åpner: Du 5, Ola 5", "Omkast ved likt: Du 3, Ola 6"]


def test_norwegian_cheat_starts_in_the_present() -> None:
    i18n.use("nb")
    ui = CheatUI(["Du", "Ola", "Kari"], 0)
    assert ui.narrate({"type": "start", "starter": 0}, {}) == ["Du begynner; første valør er ess."]
    assert ui.narrate({"type": "win", "seat": 0}, {}) == ["Du ble kvitt de siste kortene dine og vant!"]


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("nb", "Kortet er 10♣: løgn!", "Kortene er 10♣ 3♣: sant."),
        ("nl", "De kaart is 10♣: gelogen!", "De kaarten zijn 10♣ 3♣: waar."),
        ("en", "The card is 10♣: a lie!", "The cards are 10♣ 3♣: true."),
    ],
)
def test_cheat_shows_one_called_card_in_the_singular(lang: str, one: str, two: str) -> None:
    """A call on one card read «Kortene er 10♣: løgn!» ("the cards are"); one card is «Kortet»."""
    i18n.use(lang)
    ui = CheatUI(["Du", "Ola", "Kari"], 0)
    lie = {"type": "challenge", "seat": 0, "cards": ["TC"], "truthful": False, "taker": 2, "taken": 4}
    truth = {"type": "challenge", "seat": 0, "cards": ["TC", "3C"], "truthful": True, "taker": 0, "taken": 5}
    assert ui.narrate(lie, {})[1] == one
    assert ui.narrate(truth, {})[1] == two


def test_liegen_says_what_to_follow_only_when_there_is_something_to_follow() -> None:
    """At a new trick the status read «Følg valøren eller fargen i forrige melding.» right above
    «Et nytt stikk: meld hvilket kort du vil.»: a rule to follow with nothing to follow."""
    i18n.use("nb")
    state = liars.make("liegen", players=3, seed=2, accuse="next").new_game()
    ui = LiegenUI(["Du", "Ola", "Kari"], 0)
    follow = _("Follow the rank or the suit of the last announcement.")
    fresh = ui.status(state.view(0))
    assert not any(follow in line for line in fresh), fresh
    assert _("Only the next player may accuse.") in fresh and _("A new trick: announce any card.") in fresh
    player = state.to_act[0]
    state.act(player, state.legal_actions(player)[0])
    after = ui.status(state.view(0))
    assert any(line.startswith(follow) for line in after), after


def test_norwegian_love_letter_says_knocked_out_and_omgang() -> None:
    i18n.use("nb")
    for code in "K8765":
        assert " ute" not in effect(code)
    assert "slått ut" in effect("K") and "slått ut" in effect("6")
    state = liars.make("love-letter", players=2, seed=1).new_game()
    ui = LoveLetterUI(["Du", "Ola"], 0)
    assert ui.columns(state.view(0)) == ["Plass", "Spilt", "Vunne omganger"]


def test_a_shared_highest_card_tells_the_sums_that_decide() -> None:
    """A showdown said «Ola 8, Lars 8» and then «vunnet av Ola», with nothing on why: the sheet
    breaks the tie by the cards played and discarded, and the narration now tells those sums."""
    history = tied_showdown()
    end = history[-1]
    (winner,) = end["winners"]
    loser = next(s for s in end["hands"] if int(s) != winner)
    view = {"history": history}
    want = {
        "nb": "Like høye kort, så summen av kortene de har spilt og lagt ned, avgjør: ",
        "nl": "Even hoge kaarten, dus beslist de som van de kaarten die ze speelden en aflegden: ",
        "en": "Equal highest cards, so the sum of the cards they played and discarded decides: ",
    }
    for lang, start in want.items():
        i18n.use(lang)
        ui = LoveLetterUI(["Anna", "Bram", "Cor"], 0)
        told = ui.narrate(end, view)
        sums = sorted(f"{ui.name(int(s))} {end['sums'][s]}" for s in (str(winner), loser))
        line = next(line for line in told if line.startswith(start))
        assert sorted(line[len(start) : -1].split(", ")) == sums, told
        assert told[-1].endswith(".") and ui.name(winner) in told[-1], told
    i18n.use("en")
    one_top = dict(end, hands={str(winner): end["hands"][str(winner)], loser: "5"})
    assert not any(
        line.startswith(want["en"]) for line in LoveLetterUI(["A", "B", "C"], 0).narrate(one_top, view)
    )


def test_an_eight_that_ties_says_nobody_is_out() -> None:
    """An 8 between equal cards was told as «Jij had 6, Anouk had 6.» and, to the third player, as
    the play alone: nothing said that the comparison was a tie and that nobody went out."""
    rest = ["K", "Q", "J", "T", "T", "9", "9", "8", "6", "6", "6"]
    state = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["8"], ["7"], ["5"]], "set_aside": "5", "deck": ["7", *rest], "starter": 0}
    )
    state.act(0, {"type": "play", "card": "8", "target": 1})
    for lang, said in (
        ("nl", "Gelijke kaarten: niemand ligt uit de ronde."),
        ("nb", "Like kort: ingen er slått ut."),
    ):
        i18n.use(lang)
        for seat in (0, 2):  # a player in the comparison, and one who only sees that it happened
            told = narrate_all(LoveLetterUI(["Anna", "Bram", "Cor"], seat), state, seat)
            assert told[-1] == said, (lang, seat, told)
    i18n.use("nl")
    ui = LoveLetterUI(["Anna", "Bram", "Cor"], 2)
    assert "6 2 H" in ui.prompt_help(state.view(2), state.legal_actions(2))[-1]  # heer, as the hand says it


def test_cheat_says_really_only_after_a_lie() -> None:
    """An honest play read «Du la ett ess (egentlig: A♠).»: "really" what was said. The cards are
    still shown, without the word."""
    i18n.use("nb")
    state, me, ace = honest_ace()
    names = ["Ola", "Kari", "Lars"]
    names[me] = "Du"
    told = narrate_all(CheatUI(names, me), state, me)
    assert told[-1] == f"Du la ett ess ({card(ace)}).", told


def test_cheat_tells_your_real_cards_inside_the_sentence_and_asks_for_the_glossarys_call() -> None:
    """The terminal said «Du la ett ess. (egentlig: 2♥)» (the aside after the full stop) and asked
    «Rope løgner? [j/N]» where the web and the glossary say «Løgner!»."""
    i18n.use("nb")
    state = liars.make("cheat", players=3, seed=8).new_game()
    me = state.to_act[0]
    lie = next(c for c in state.view(me)["hand"] if not c.startswith("A"))
    state.act(me, {"type": "play", "cards": [lie]})
    ui = CheatUI(["Du", "Ola", "Kari"], me)
    told = narrate_all(ui, state, me)
    assert told[-1] == f"Du la ett ess (egentlig: {card(lie)}).", told
    other = (me + 1) % 3
    question = CheatUI(["Ola", "Du", "Kari"], other).window_question(state.view(other))
    assert question.endswith("Rope «Løgner!»? [j/N]"), question


def test_an_empty_pile_is_called_empty() -> None:
    """After a call the status said «Bunken: 0 kort med bildesiden ned.» / «Speelstapel: 0 kaarten»."""
    for game, ui_class in (("cheat", CheatUI), ("liegen", LiegenUI)):
        state = liars.make(game, players=3, seed=2).new_game()
        view = state.view(0)
        assert view["pile_size"] == 0
        for lang, said in (("nb", "Bunken er tom."), ("nl", "De speelstapel is leeg.")):
            i18n.use(lang)
            status = ui_class(["Du", "Ola", "Kari"], 0).status(view)
            assert status[0].endswith(said) and " 0 " not in status[0], status
        i18n.use("en")


def test_love_letter_hand_has_no_brackets_inside_brackets() -> None:
    """«Din hånd: 10 (en spiller (også du) legger ned og trekker nytt), 6 (gjett en spillers kort
    (7 eller høyere): …)»: each card's effect stands in brackets, so the effect has none of its own."""
    view = {"hand": ["T", "6"]}
    for lang in ("en", "nb", "nl"):
        i18n.use(lang)
        (line,) = LoveLetterUI(["Du", "Ola"], 0).mine(view)
        depth = 0
        for ch in line:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert depth <= 1, (lang, line)
        assert depth == 0 and line.count("(") == 2, (lang, line)
    i18n.use("en")


def test_norwegian_hand_letters_follow_the_glossary() -> None:
    i18n.use("nb")
    assert [card(c) for c in ("AS", "JH", "QD", "KC")] == ["E♠", "Kn♥", "D♦", "K♣"]
    assert [read_card(x) for x in ("E♠", "ES", "Kn♥", "knh", "D♦", "DD", "K♣")] == [
        "AS", "AS", "JH", "JH", "QD", "QD", "KC",
    ]  # fmt: skip


def test_a_card_code_reads_the_suit_initials_of_the_language() -> None:
    """The Dutch hand shows H♣ (heer klaveren), but «HK» played the king of hearts (suit first,
    English letters) and «10K» was no card; Norwegian «DK» (dame kløver) read as the king of
    diamonds. A rank and this language's suit initial (K kløver / klaveren, R ruter / ruiten) come
    first; English codes still work."""
    i18n.use("nl")
    assert [read_card(x) for x in ("HK", "hk", "10K", "10R", "AR", "BK", "VH", "HS", "KS", "TH", "5D")] == [
        "KC", "KC", "TC", "TD", "AD", "JC", "QH", "KS", "KS", "TH", "5D",
    ]  # fmt: skip
    i18n.use("nb")
    assert [read_card(x) for x in ("DK", "KnK", "ER", "10R", "KK", "HK", "KS", "QC", "TD")] == [
        "QC", "JC", "AD", "TD", "KC", "KH", "KS", "QC", "TD",
    ]  # fmt: skip
    i18n.use("en")
    assert [read_card(x) for x in ("HK", "DK", "10K", "10R", "KC")] == ["KH", "KD", None, None, "KC"]


# -- Dutch and English -------------------------------------------------------


def test_dutch_calls_say_je_liegt() -> None:
    told = dice_round("nl", [[5], [3]], (2, 5))
    assert "Ola riep: “Je liegt!”" in told
    assert not any("Leugenaar" in line for line in told)


def test_english_small_bids_read_as_english() -> None:
    i18n.use("en")
    state = liars.make("liars-dice", players=2, seed=1, dice=2).new_game(
        setup={"dice": [[1, 3], [2, 2]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 1, "face": 3})
    ui = DiceUI(["Alice", "You"], 1)
    with pytest.raises(ValueError) as err:
        ui.parse("1 1", state.view(1), state.legal_actions(1))
    assert str(err.value).startswith("A one is not higher than a three")
    assert ui.parse("a four", state.view(1), state.legal_actions(1)) == {
        "type": "bid",
        "quantity": 1,
        "face": 4,
    }


def test_english_love_letter_says_a_card_you_lack_plainly() -> None:
    i18n.use("en")
    state = liars.make("love-letter", players=2, seed=3).new_game()
    seat = state.to_act[0]
    view = state.view(seat)
    lacking = next(c for c in "K8765" if c not in view["hand"])
    ui = LoveLetterUI(["A", "B"], seat)
    with pytest.raises(ValueError, match=r"^You have no \S+ in your hand\.$"):
        ui.parse(f"{lacking} 1", view, state.legal_actions(seat))


# -- lists of names -----------------------------------------------------------


def spot_on_round(lang: str) -> list[str]:
    """Ola bids two fives, you say "spot on" and are right: Ola and Kari each lose a die."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=3, seed=1, dice=2, spot_on=True).new_game(
        setup={"dice": [[5, 2], [5, 3], [3, 4]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 2, "face": 5})
    state.act(1, {"type": "spot_on"})
    return narrate_all(DiceUI(["Ola", _("You"), "Kari"], 1), state, 1)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("nb", "Ola og Kari mistet hver sin terning."),
        ("nl", "Ola en Kari verloren elk een dobbelsteen."),
        ("en", "Ola and Kari each lost a die."),
    ],
)
def test_several_losers_read_as_a_sentence(lang: str, line: str) -> None:
    """A right "spot on" costs everyone else a die: the line said "Ola, Kari verloor een dobbelsteen"
    (nl: a singular verb for two people; no "and" in any language)."""
    told = spot_on_round(lang)
    assert line in told, told


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("nb", "Ola og du mistet hver sin terning."),
        ("nl", "Ola en jij verloren elk een dobbelsteen."),
        ("en", "Ola and you each lost a die."),
    ],
)
def test_the_person_among_the_losers_is_named_mid_sentence(lang: str, line: str) -> None:
    """Per's right "spot on" costs Ola and you a die: it said "Ola, Du mistet en terning"."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=3, seed=1, dice=2, spot_on=True).new_game(
        setup={"dice": [[5, 2], [5, 3], [3, 4]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 2, "face": 5})
    state.act(1, {"type": "spot_on"})
    told = narrate_all(DiceUI(["Ola", "Per", _("You")], 2), state, 2)
    assert line in told, told


@pytest.mark.parametrize(
    ("lang", "call", "key", "typed"),
    [
        ("nb", "Du ropte: «Helt riktig!»", "s = helt riktig", "helt riktig!"),
        ("nl", "Jij riep: “Precies goed!”", "s = precies goed", "Precies goed"),
        ("en", "You called: Spot on!", "s = spot on", "spot on"),
    ],
)
def test_spot_on_is_called_in_the_glossarys_words(lang: str, call: str, key: str, typed: str) -> None:
    """The terminal said «Nøyaktig!» and “Precies!” where the web and the glossary say «Helt riktig!»
    and “Precies goed!”; those words are what is typed, too."""
    assert call in spot_on_round(lang)
    state = liars.make("liars-dice", players=2, seed=1, dice=2, spot_on=True).new_game(
        setup={"dice": [[5, 2], [5, 3]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 2, "face": 5})
    ui, view = DiceUI(["Ola", _("You")], 1), state.view(1)
    assert any(key in line for line in ui.prompt_help(view, state.legal_actions(1)))
    assert ui.parse(typed, view, state.legal_actions(1)) == {"type": "spot_on"}


def test_a_list_of_names_joins_the_last_with_and() -> None:
    for lang, joined in (("nb", "Ola, Kari og Per"), ("nl", "Ola, Kari en Per"), ("en", "Ola, Kari and Per")):
        i18n.use(lang)
        assert i18n.listing(["Ola", "Kari", "Per"]) == joined
        assert i18n.listing(["Ola"]) == "Ola" and i18n.listing([]) == ""


def prince_at_oneself(lang: str, me: int) -> list[str]:
    """Seat 0 plays a 10 at itself (and throws its 6); what seat ``me`` is told."""
    i18n.use(lang)
    deck = ["6", "K", "Q", "J", "T", "9", "9", "8", "8", "7", "7", "6", "6"]
    state = liars.make("love-letter", players=2, seed=1, target_wins=1).new_game(
        setup={"hands": [["T"], ["5"]], "set_aside": "5", "deck": deck, "starter": 0}
    )
    state.act(0, {"type": "play", "card": "T", "target": 0})
    names = [_("You"), "Ola"] if me == 0 else ["Ola", _("You")]
    return narrate_all(LoveLetterUI(names, me), state, me)


@pytest.mark.parametrize(
    ("lang", "theirs", "mine"),
    [
        ("nb", "Ola spilte en 10 mot seg selv.", "Du spilte en 10 mot deg selv."),
        ("nl", "Ola speelde een 10 op zichzelf.", "Jij speelde een 10 op jezelf."),
        ("en", "Ola played a 10 on their own hand.", "You played a 10 on yourself."),
    ],
)
def test_a_ten_at_oneself_reads_as_such(lang: str, theirs: str, mine: str) -> None:
    """It said "Ola spilte 10 mot Ola." (as if Ola were two people), and "Du spilte 10 mot deg."."""
    assert theirs in prince_at_oneself(lang, 1)
    assert mine in prince_at_oneself(lang, 0)


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_love_letter_names_a_card_in_a_sentence_with_its_article(lang: str) -> None:
    """«Kari la ned dame.» and «Piet legde vrouw af.» read as a translation: a card as a sentence's
    object takes the article a native puts there (the face cards are single, so definite)."""
    i18n.use(lang)
    rest = ["T", "9", "9", "8", "7", "6", "6", "6", "5", "5", "K"]
    state = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["J"], ["Q"], ["7"]], "set_aside": "T", "deck": ["8", *rest], "starter": 0}
    )
    state.act(0, {"type": "play", "card": "J", "target": 1})  # gives its 8, gets the queen
    state.act(1, {"type": "play", "card": "T", "target": 0})  # seat 0 discards the queen
    told = narrate_all(LoveLetterUI([_("You"), "Ola", "Kari"], 0), state, 0)
    expected = {
        "nb": ["Byttet: Du ga en 8 og fikk dama.", "Ola spilte en 10 mot deg.", "Du la ned dama."],
        "nl": [
            "Geruild: Jij gaf een 8 en kreeg de vrouw.",
            "Ola speelde een 10 op jou.",
            "Jij legde de vrouw af.",
        ],
        "en": [
            "Swapped: You gave an 8 and got the queen.",
            "Ola played a 10 on you.",
            "You discarded the queen.",
        ],
    }[lang]
    for line in expected:
        assert line in told, told


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_liegen_tells_your_real_card_only_where_it_is_not_the_one_you_named(lang: str) -> None:
    """It said «Du spilte: «kløver 2» (egentlig: 2♣)»: "really" the very card named."""
    i18n.use(lang)
    state, honest, lie = own_plays()
    told = [line for line in narrate_all(LiegenUI([_("You"), "Ola"], 0), state, 0) if _("You") in line]
    mine = [
        line for line in told if announced(honest["announce"]) in line or announced(lie["announce"]) in line
    ]
    really = _("(really: {cards})").split("{")[0]
    assert len(mine) >= 2 and really.strip() and really not in mine[0], told
    assert mine[-1].endswith(_("(really: {cards})").format(cards=card(lie["card"])) + "."), told


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
@pytest.mark.parametrize("gid", ["cheat", "liegen", "love-letter"])
def test_the_hands_shown_at_the_end_say_what_they_are(gid: str, lang: str) -> None:
    """«Du: —», «Ola: 7» under the final table did not say what they were (Liar's Dice says «Siste
    begre: …»); the card games' reveal now opens with «Igjen på hånden:» / «Nog in de hand:»."""
    i18n.use(lang)
    state = liars.make(gid, players=3, seed=2).new_game()
    names = [_("You"), "Ola", "Kari"]
    ui = ui_for(gid, names, 0)
    lines = ui.reveal([state.view(s) for s in range(3)])
    heading = {"nb": "Igjen på hånden:", "nl": "Nog in de hand:", "en": "Left in hand:"}[lang]
    assert lines[0] == heading and len(lines) == 4
    assert [line.split(":")[0] for line in lines[1:]] == names


@pytest.mark.parametrize(
    ("lang", "guess", "at_self", "plain"),
    [
        ("nb", "spille en 5 mot Ola og gjette knekt", "spille en 10 mot deg selv", "spille dama"),
        ("nl", "een 5 op Ola spelen en boer raden", "een 10 op jezelf spelen", "de vrouw spelen"),
        ("en", "play a 5 on Ola, guessing jack", "play a 10 on yourself", "play the queen"),
    ],
)
def test_the_coach_and_review_name_a_love_letter_play_as_a_phrase(
    lang: str, guess: str, at_self: str, plain: str
) -> None:
    """The review said «De sterke bot: 5 → Ola, raad boer spelen.»: the choices list's form inside a
    sentence. A play is now a verb phrase with the card's article, as the narration says it."""
    from liars.terminal.coach_words import action_words

    i18n.use(lang)
    ui = ui_for("love-letter", [_("You"), "Ola", "Kari"], 0)
    view = {"game": "love-letter", "seat": 0}
    assert action_words(ui, view, {"type": "play", "card": "5", "target": 1, "guess": "J"}) == guess
    assert action_words(ui, view, {"type": "play", "card": "T", "target": 0}) == at_self
    assert action_words(ui, view, {"type": "play", "card": "Q"}) == plain


# -- wording a native speaker would write ---------------------------------------


@pytest.mark.parametrize(
    ("lang", "english", "said"),
    [
        ("nb", "◀ to act", "◀ står for tur"),
        ("nb", "Type ? for help, Ctrl-C to leave.", "Skriv ? for hjelp, Ctrl-C for å avslutte."),
        ("nl", "Type ? for help, Ctrl-C to leave.", "Typ ? voor hulp, Ctrl-C om te stoppen."),
        ("nb", "Game over", "Spillet er over"),
        ("nl", "Game over", "Het spel is voorbij"),
        (
            "nb",
            "When someone else plays, you are asked whether to accuse.",
            "Når en annen har spilt et kort, blir du spurt om du vil anklage.",
        ),
        (
            "nl",
            "When someone else plays, you are asked whether to accuse.",
            "Als een ander een kaart heeft gespeeld, word je gevraagd of je die speler wilt beschuldigen.",
        ),
        ("nl", "{name} got rid of their last cards and won!", "{name} heeft geen kaarten meer en wint!"),
        ("nl", "You got rid of your last cards and won!", "Jij hebt geen kaarten meer en wint!"),
    ],
)
def test_the_wording_reads_as_a_native_writes_it(lang: str, english: str, said: str) -> None:
    """A play-tester's list: «◀ i tur» (nb says «står for tur»), «Ctrl-C for å gå» (to walk), «Spillet
    er slutt» / «Het spel is uit» beside the glossary's «Spillet er over» / «Het spel is voorbij»,
    «Når en annen spiller, blir du …» (no verb: «spiller» read as the noun), «Anouk is de laatste
    kaarten kwijt»; «Ctrl-C om te stoppen» was right and stays."""
    i18n.use(lang)
    assert _(english) == said


@pytest.mark.parametrize(
    ("lang", "six", "seven", "queen"),
    [
        (
            "nb",
            "gjett kortet til en annen spiller, 7 eller høyere; gjetter du riktig, er spilleren slått ut",
            "se på kortet til en annen spiller",
            "ingen virkning; må spilles om du også har knekt eller 10",
        ),
        (
            "nl",
            "raad de kaart van een andere speler, 7 of hoger; raad je goed, dan ligt die speler eruit",
            "bekijk de kaart van een andere speler",
            "geen effect; moet gespeeld worden als je ook boer of 10 hebt",
        ),
    ],
)
def test_love_letter_says_what_a_card_does_in_the_glossarys_words(
    lang: str, six: str, seven: str, queen: str
) -> None:
    """«gjett en spillers kort, 7 eller høyere: riktig, så er den slått ut» and «dame: ingen effekt» read
    as a translation; the glossary says «gjett kortet til en annen spiller», «ingen virkning» (nl
    «geen effect» is the glossary's). Commas, not brackets: the hand puts each effect in brackets."""
    i18n.use(lang)
    assert (effect("6"), effect("5"), effect("7"), effect("Q")) == (six, six, seven, queen)


def test_the_norwegian_turn_marker_fits_every_table_at_80_columns() -> None:
    """«◀ står for tur» is longer than «◀ i tur»: every game's table at its largest, 80 columns wide,
    still shows it whole on the row of the seat to act."""
    i18n.use("nb")
    for gid, players in (
        ("liars-dice", 6),
        ("cheat", 6),
        ("liegen", 8),
        ("liars-dice-poker", 2),
        ("love-letter", 4),
    ):
        state = liars.make(gid, players=players, seed=3).new_game()
        names = setup.names("nb", players, 0)
        console = Console(width=80, color_system=None)
        with console.capture() as drawn:
            console.print(ui_for(gid, names, 0).table(state.view(0)))
        rows = drawn.get().splitlines()
        assert max(len(row.rstrip()) for row in rows) <= 80, rows
        assert sum("◀ står for tur" in row for row in rows) == 1, rows


@pytest.mark.parametrize(
    ("lang", "yours", "theirs", "shared"),
    [
        ("nb", "Du vant omgang 1.", "Ola vant omgang 2.", "Ola og du vant omgang 3 sammen."),
        ("nl", "Jij wint ronde 1.", "Ola wint ronde 2.", "Ola en jij winnen ronde 3 samen."),
        ("en", "You won round 1.", "Ola won round 2.", "Ola and you won round 3 together."),
    ],
)
def test_love_letter_names_a_rounds_winner_first(lang: str, yours: str, theirs: str, shared: str) -> None:
    """«Omgang 1 vunnet av Ola.» and «Ronde 1 gewonnen door jou.» read as a translated passive: the
    winner is the subject, the person as «Du» / «Jij», and a shared win says so."""
    i18n.use(lang)
    ui = LoveLetterUI([_("You"), "Ola", "Kari"], 0)
    for n, winners, said in ((1, [0], yours), (2, [1], theirs), (3, [1, 0], shared)):
        assert ui.narrate({"type": "round_end", "round": n, "winners": winners}, {}) == [said]


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("nb", "Du vet at Ola har dama.", "Du vet at Ola har dama og Kari en 7."),
        ("nl", "Je weet dat Ola de vrouw heeft.", "Je weet dat Ola de vrouw heeft en Kari een 7."),
        ("en", "You know that Ola has the queen.", "You know that Ola has the queen and Kari a 7."),
    ],
)
def test_love_letter_says_what_you_know_in_a_sentence(lang: str, one: str, two: str) -> None:
    """«Du vet: Ola dame.» / «Je weet: Anouk vrouw.» was a list, not a sentence; a card seen (a 7, a
    swap) is now told as one, with the card's article."""
    i18n.use(lang)
    ui = LoveLetterUI([_("You"), "Ola", "Kari"], 0)
    assert ui.status({"known": {"1": "Q"}}) == [one]
    assert ui.status({"known": {"1": "Q", "2": "7"}}) == [two]


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("nb", "1 2", "Én toer er ikke høyere enn to femmere: "),
        ("nl", "1 2", "Eén twee is niet hoger dan twee vijven: "),
        ("en", "1 2", "A two is not higher than two fives: "),
        ("nb", "2 4", "To firere er ikke høyere enn to femmere: "),
    ],
)
def test_a_refusal_that_starts_with_a_bid_starts_with_a_capital(lang: str, typed: str, said: str) -> None:
    """«én toer er ikke høyere enn to femmere: …» and «één twee is niet hoger …» began a sentence in
    lower case; Dutch writes a sentence-initial «één» as «Eén» (the Taalunie's rule, as the web does)."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=2, seed=1, dice=2).new_game(
        setup={"dice": [[1, 3], [2, 2]], "opener": 0}
    )
    state.act(0, {"type": "bid", "quantity": 2, "face": 5})
    with pytest.raises(ValueError) as err:
        DiceUI(["Ola", _("You")], 1).parse(typed, state.view(1), state.legal_actions(1))
    assert str(err.value).startswith(said), err.value


@pytest.mark.parametrize(
    ("lang", "told", "mine", "question"),
    [
        (
            "nb",
            "Ola meldte «hjerter 9».",
            "Du meldte «hjerter 9» (egentlig: 2♣).",
            "Ola meldte «hjerter 9» (bunken 1 kort, 4 kort igjen). Anklage Ola? [j/N]",
        ),
        (
            "nl",
            "Ola noemde “harten 9”.",
            "Jij noemde “harten 9” (eigenlijk: 2♣).",
            "Ola noemde “harten 9” (speelstapel 1 kaart, nog 4 kaarten). Ola beschuldigen? [j/N]",
        ),
        (
            "en",
            "Ola announced “9 of hearts”.",
            "You announced “9 of hearts” (really: 2♣).",
            "Ola announced “9 of hearts” (pile 1 card, 4 cards left). Accuse Ola? [y/N]",
        ),
    ],
)
def test_liegen_tells_an_announcement_with_the_verb_its_question_uses(
    lang: str, told: str, mine: str, question: str
) -> None:
    """«Ola spilte: «hjerter 9»» (a colon, no full stop) was followed by «Ola meldte «hjerter 9» (…).
    Anklage? [j/N]»: two verbs for one announcement, and a question that named nobody. Both say
    «meldte» / «noemde» (the glossary's melde, noemen), as a sentence, and the question names whom."""
    i18n.use(lang)
    ui = LiegenUI(["Kari", "Ola", _("You")], 2)
    assert ui.narrate({"type": "play", "seat": 1, "announce": "9H"}, {}) == [told]
    assert ui.narrate({"type": "play", "seat": 2, "announce": "9H", "card": "2C"}, {}) == [mine]
    view = {"announcement": {"seat": 1, "card": "9H"}, "pile_size": 1, "hand_sizes": [5, 4, 5]}
    assert ui.window_question(view) == question
