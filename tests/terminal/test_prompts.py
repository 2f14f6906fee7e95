"""Richer prompts (issue 18): the challenge question shows the pile and the claimant's cards left (a
last card marked), ``?`` starts with the rules, Love Letter lists its cards and numbers its seats.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import liars
from liars.terminal import i18n, screens
from liars.terminal.games import ui_for
from liars.terminal.i18n import _, game_summary
from liars.terminal.loop import Table, offer_save, play_again
from liars.terminal.love_letter import LoveLetterUI, name_of
from liars.terminal.ui import GameUI, InputError
from liars.terminal.words import faces, read_card, read_rank

from .drive import play, spawn
from .test_pty import love_answer


def opened_window(game_id: str, seed: int) -> tuple[liars.State, int]:
    """The first challenge window of a 3-player game: the opener played its legal action 0."""
    state = liars.make(game_id, players=3, seed=seed).new_game()
    claimant = state.to_act[0]
    state.act(claimant, state.legal_actions(claimant)[0])
    return state, claimant


def test_the_cheat_question_shows_the_pile_and_the_cards_left() -> None:
    i18n.use("en")
    state, claimant = opened_window("cheat", 4)
    seat = state.to_act[0]
    view = state.view(seat)
    ui = ui_for("cheat", ["A", "B", "C"], seat)
    assert ui.is_window(state.legal_actions(seat))
    left = view["hand_sizes"][claimant]
    question = ui.window_question(view)
    assert f"(pile {view['pile_size']} card" in question and f"{left} cards left)" in question
    assert question.endswith("Call liar? [y/N]")
    last = dict(view, hand_sizes=[0 if s == claimant else n for s, n in enumerate(view["hand_sizes"])])
    assert "no cards left!" in ui.window_question(last)


def test_the_liegen_question_in_norwegian() -> None:
    i18n.use("nb")
    state, claimant = opened_window("liegen", 6)
    seat = state.to_act[0]
    view = state.view(seat)
    question = ui_for("liegen", ["A", "B", "C"], seat).window_question(view)
    assert f"(bunken {view['pile_size']} kort, {view['hand_sizes'][claimant]} kort igjen)" in question
    names = ["A", "B", "C"]
    assert question.endswith(f"Anklage {names[claimant]}? [j/N]")  # whom, as «Anklage Ola?»


def test_help_starts_with_the_rules_in_brief() -> None:
    for lang in ("nb", "nl", "en"):
        i18n.use(lang)
        for game_id in liars.GAME_IDS:
            players = min(3, liars.game_class(game_id).info.max_players)  # the poker game is for two
            state = liars.make(game_id, players=players, seed=1).new_game()
            seat = state.to_act[0]
            view = state.view(seat)
            ui = ui_for(game_id, ["A", "B", "C"], seat)
            lines = screens.help_lines(ui, view, state.legal_actions(seat))
            assert screens.rules_summary(ui, view) in lines[0]
            if game_id != "liegen":  # Liegen says the rules of its options (test_playtest_words.py)
                assert game_summary(game_id) in lines[0]


def test_love_letter_help_lists_the_sixteen_cards() -> None:
    i18n.use("nb")
    state = liars.make("love-letter", players=2, seed=1).new_game()
    ui = ui_for("love-letter", ["Du", "Ola"], 0)
    table = ui.rules(state.view(0))
    assert len(table) == 9
    assert sum(int(line.split("×")[0]) for line in table) == 16
    assert table[0].startswith("  1× konge: ") and "slått ut" in table[0]
    assert table[-2].startswith("  3× 6: ")


def test_love_letter_numbers_its_seats() -> None:
    i18n.use("nl")
    state = liars.make("love-letter", players=3, seed=1).new_game()
    ui = ui_for("love-letter", ["Jij", "Anouk", "Daan"], 0)
    view = state.view(0)
    assert ui.columns(view)[0] == "Plaats"
    # from 1, as the web counts seats and as "6 2 K" types them (it read «Jij 0»)
    assert [ui.row(view, s)[0] for s in range(3)] == ["1", "2", "3"]


def test_love_letter_waits_for_enter_between_rounds() -> None:
    args = ["play", "love-letter", "--players", "2", "--target-wins", "2", "--bots", "random", "--seed", "4"]
    run = play(spawn([*args, "--delay", "0.01", "--lang", "nb"]), "nb", love_answer)
    i18n.use("nb")
    rounds = run.screen.count(" vant omgang ")  # "Ola vant omgang N.", one line per round
    assert run.exit == 0 and rounds >= 2
    assert run.pauses == rounds - 1  # after every round but the last: the end of the game shows itself


@pytest.mark.parametrize(("lang", "jack"), [("nl", "B"), ("nb", "Kn"), ("en", "J")])
def test_love_letter_shows_played_cards_by_the_languages_letters(lang: str, jack: str) -> None:
    """The table's played column showed English codes: «8 J (ligt eruit)» in Dutch, where the hand
    and the guesses say boer (B) and a «K» reads as heer; now the letters the hand uses."""
    deck = ["9", "T", "Q", "T", "8", "8", "7", "7", "6", "6", "6", "5", "5"]
    state = liars.make("love-letter", players=2, seed=1, target_wins=1).new_game(
        setup={"hands": [["J"], ["K"]], "set_aside": "9", "deck": deck, "starter": 0}
    )
    state.act(0, {"type": "play", "card": "J", "target": 1})  # the knekt / boer: the hands swap
    state.act(1, {"type": "play", "card": "T", "target": 1})  # a 10 on itself: lays down the 9
    i18n.use(lang)
    ui = ui_for("love-letter", ["A", "B"], 0)
    view = state.view(0)
    assert ui.row(view, 0)[1] == jack
    assert ui.row(view, 1)[1] == "10 9"


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_love_letter_lists_a_guess_at_one_player_on_one_line(lang: str) -> None:
    """A 6 at three players listed 14 guesses a line each (43 lines with a 6 and a 5 at four), and
    on an 80×24 full screen the list pushed the table and the hand out of sight. Now one line per
    player; every number still reads back as the play it stands beside."""
    i18n.use(lang)
    deck = ["6", "5", "7", "T", "T", "J", "9", "8", "7", "6", "5"]
    setup = {"hands": [["9"], ["K"], ["8"], ["Q"]], "deck": deck, "set_aside": "6", "starter": 0}
    state = liars.make("love-letter", players=4, seed=1).new_game(setup=setup)
    ui = ui_for("love-letter", ["A", "B", "C", "D"], 0)
    assert isinstance(ui, LoveLetterUI)
    view, legal = state.view(0), state.legal_actions(0)
    assert sorted(view["hand"]) == ["6", "9"]
    lines = ui.prompt_help(view, legal)
    assert len(lines) == 1 + 3 + 1  # the 9, a line for each of the three others, the prompt
    choices = ui.choices(legal)
    numbers = [int(n) for line in lines[:-1] for n in re.findall(r"(\d+)\) ", line)]
    assert numbers == list(range(1, len(choices) + 1))
    for n, a in enumerate(choices, 1):
        assert ui.parse(f"{n})", view, legal) == a  # as the list writes it
        if str(n) not in view["hand"]:  # a bare number that is also a card held is asked about
            assert ui.parse(str(n), view, legal) == a
        line = next(text for text in lines if re.search(rf"(?<!\d){n}\) ", text))
        if "guess" in a:
            assert ui.name(a["target"]) in line and f"{n}) {name_of(a['guess'])}" in line
        else:
            assert line.strip() == f"{n}) {ui.describe(a)}"


@pytest.mark.parametrize(("lang", "letters"), [("nb", "K D Kn 10 9 8 7 6 5"), ("nl", "H V B 10 9 8 7 6 5")])
def test_love_letter_names_its_cards_by_the_languages_letters(lang: str, letters: str) -> None:
    """The help and the refusal of a word that is no card listed «K Q J 10 9 8 7 6 5» in every
    language, where the hand and the prompt write «Kn D K» (nb) and «B V H» (nl); every listed
    letter is read back as its card."""
    i18n.use(lang)
    state = liars.make("love-letter", players=3, seed=2).new_game()
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    ui = ui_for("love-letter", ["A", "B", "C"], seat)
    assert f"({letters})" in " ".join(ui.help(view))
    with pytest.raises(InputError, match=re.escape(f"({letters})")):
        ui.parse("X 2 7", view, legal)
    assert [read_rank(w) for w in letters.split()] == list("KQJT98765")


@pytest.mark.parametrize(("lang", "codes"), [("nb", "5H KK 10R"), ("nl", "5H HK 10R")])
def test_cheat_help_writes_card_codes_as_the_prompt_does(lang: str, codes: str) -> None:
    """Cheat's help gave «(5H KC TD, 10D)», English codes (king, clubs, ten, diamonds), under a
    prompt that writes «5H DK» / «5H HK»: the help's codes are the language's own, and each reads
    back as the card it names (five of hearts, king of clubs, ten of diamonds)."""
    i18n.use(lang)
    state = liars.make("cheat", players=3, seed=2).new_game()
    seat = state.to_act[0]
    said = " ".join(ui_for("cheat", ["A", "B", "C"], seat).help(state.view(seat)))
    assert f"({codes})" in said and "KC" not in said and "TD" not in said
    assert [read_card(c) for c in codes.split()] == ["5H", "KC", "TD"]


# -- ? at a yes-or-no question -------------------------------------------------


def scripted(
    state: liars.State, ui: GameUI, me: int, answers: list[str]
) -> tuple[Table, list[str], io.StringIO]:
    """A line-mode table whose person answers ``answers`` in turn; the questions asked, and the screen."""
    out = io.StringIO()
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return answers.pop(0)

    table = Table(state, ui, {}, me, Console(file=out, width=200), ask=ask)
    return table, asked, out


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
@pytest.mark.parametrize("game_id", ["cheat", "liegen"])
def test_a_question_mark_at_a_challenge_shows_the_help_and_asks_again(game_id: str, lang: str) -> None:
    """The game starts with «Skriv ? for hjelp», but «?» at «Rope «Løgner!»? [j/N]» (or Liegen's
    «Anklage?») only answered «Svar j (ja, rop løgn) eller n (nei)». It shows the game's help, as
    the full screen does, with how to answer the question (not the turn's own prompt), and asks again."""
    i18n.use(lang)
    state, _claimant = opened_window(game_id, 4)
    seat = state.to_act[0]
    ui = ui_for(game_id, ["A", "B", "C"], seat)
    view, legal = state.view(seat), state.legal_actions(seat)
    table, asked, out = scripted(state, ui, seat, ["?", "n"])
    table.human_turn(seat)
    question = ui.window_question(view) + " "
    assert asked == [question, question]
    shown = out.getvalue()
    help_text = screens.help_lines(ui, view, legal)
    assert help_text[0].startswith(_("Rules: {summary}").split("{")[0])
    assert screens.window_answer(ui) in help_text  # Liegen's word: «Svar j (ja, anklag) …»
    assert not set(ui.prompt_help(view, legal)) & set(help_text)  # «Din tur: …» is no answer here
    for line in help_text:
        assert " ".join(line.split()) in " ".join(shown.split())
    assert table.moves[-1][1]["type"] == "pass"  # the «n» after the help let it pass


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_a_question_mark_at_the_other_yes_no_questions_says_what_they_mean(lang: str) -> None:
    """«?» at «Du er ute. Hopp til resultatet? [j/N]» and «Spille igjen? [j/N]» was refused as no
    answer, and at «Lagre spillet i …? [J/n]» it left the game unsaved: each says what its answers
    do and asks again."""
    i18n.use(lang)
    state = liars.make("liars-dice", players=3, seed=1).new_game()
    ui = ui_for("liars-dice", ["A", "B", "C"], 0)
    ui.eliminated = lambda view: True  # type: ignore[method-assign]
    table, asked, out = scripted(state, ui, 0, ["?", "j"])
    table.offer_skip()
    skip = _("You are out. Skip to the result? [y/N] ")
    assert asked == [skip, skip] and table.quiet
    assert _("Answer y (yes) or n (no); Enter means no.") not in out.getvalue()
    said = _(
        "You are out of the game: the others play on without you. y: skip their moves and"
        " see the result at once; n (or Enter): watch them play it out."
    )
    assert said in out.getvalue()

    table, asked, out = scripted(state, ui, 0, ["hjelp", "n"])
    assert not play_again(table)
    assert asked == [_("Play again? [y/N] ")] * 2
    said = _("y deals a new game at the same table (the next game number); n (or Enter) stops.")
    assert said in out.getvalue() and _("Answer y (yes) or n (no); Enter means no.") not in out.getvalue()

    table, asked, out = scripted(state, ui, 0, ["?", "n"])
    assert not offer_save(table, "/nonexistent/game.json")
    assert len(asked) == 2 and asked[0] == asked[1]
    assert "/nonexistent/game.json" in out.getvalue()


QUOTED = {"nb": r"«([^»]*)»", "nl": r"“([^”]*)”", "en": r"“([^”]*)”"}


@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_liars_dice_help_says_how_to_bid_raise_and_call(lang: str) -> None:
    """The help was the one-line summary («Regler: By på alle terningene på bordet; rop løgn når et
    bud er for høyt.»), where Love Letter's and the poker version's say how to type a move. It now says
    how a bid is typed, what beats it (the engine's order), how to call, and spot on and wild ones
    only where they are played; every form it quotes is read back as what it says."""
    i18n.use(lang)
    cups = {"dice": [[2, 3, 5, 5, 6], [1, 4, 5, 6, 6]], "opener": 0}
    for options in ({}, {"spot_on": True, "wild_ones": True}):
        state = liars.make("liars-dice", players=2, seed=1, **options).new_game(setup=cups)
        ui = ui_for("liars-dice", ["A", "B"], 0)
        lines = ui.help(state.view(0))
        assert len(lines) == (5 if options else 3), lines
        said = " ".join(lines)
        wild = _("Ones are wild: they count as every face, except in a bid on ones.")
        assert (wild in said) == bool(options)
        bids = re.findall(QUOTED[lang], lines[0])
        assert bids == ["4 5", "4x5", faces(4, 5)]
        four_fives = {"type": "bid", "quantity": 4, "face": 5}
        assert all(ui.parse(q, state.view(0), state.legal_actions(0)) == four_fives for q in bids)
        state.act(0, {"type": "bid", "quantity": 4, "face": 5})
        view, legal = state.view(1), state.legal_actions(1)
        calls = {ui.parse(q, view, legal)["type"] for q in re.findall(QUOTED[lang], " ".join(lines[1:]))}
        assert calls == ({"liar", "spot_on"} if options else {"liar"})
        for higher in (faces(5, 2), faces(4, 6)):  # the raises the help gives after four fives
            assert higher in said and ui.parse(higher, view, legal)["type"] == "bid"
        with pytest.raises(InputError):
            ui.parse(faces(4, 4), view, legal)  # fewer of a lower face is no raise


def test_a_lifted_cup_is_never_split_across_lines_at_80_columns() -> None:
    """At 80 columns the line mode broke a cup across lines, «Daan» / «[3] [4] [4] [5] [6]»: each
    seat's name and dice now hold together (no-break spaces, which rich is made to keep)."""
    import io

    from rich.console import Console
    from rich.text import Text

    i18n.use("nl")
    state = liars.make("liars-dice", players=6, seed=4).new_game()
    state.act(state.to_act[0], {"type": "bid", "quantity": 3, "face": 4})
    state.act(state.to_act[0], {"type": "liar"})
    names = ["Jij", "Anouk", "Daan", "Femke", "Joost", "Sanne"]
    ui = ui_for("liars-dice", names, 0)
    view = state.view(0)
    said = [line for e in ui.events(view) for line in ui.narrate(e, view) if "[" in line]
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    for line in [*said, *ui.reveal([view])]:
        console.print(Text(line))
    rows = out.getvalue().splitlines()
    assert len(rows) > 2  # the cups of six seats take more than one row
    revealed: dict[str, Any] = dict(view["revealed"] or {})
    cups = revealed["dice"]
    for seat, cup in enumerate(cups):
        whole = " ".join([names[seat], *(f"[{d}]" for d in cup)])
        assert sum(whole in row.replace("\u00a0", " ") for row in rows) == 2, (whole, rows)
    assert not any(row.lstrip().startswith("[") for row in rows), rows
