"""The coach switch in ``liars play``: off by default, ``coach`` / ``trener`` or F2 shows the panel.

The panel says what :func:`liars.coach.odds` says of the person's own view,
so it must not change when another seat's hidden cards change; the line
mode is driven through a real pseudo-terminal, the full screen by
Textual's pilot.
"""

from __future__ import annotations

import io
import re

import pexpect
import pytest
from rich.console import Console
from rich.text import Text

import liars
from liars import coach as engine_coach
from liars.terminal import coach, i18n
from liars.terminal.coach_review import percent
from liars.terminal.games import ui_for
from liars.terminal.i18n import _
from liars.terminal.loop import Table

from .drive import PROMPT, clean, ctrl_c, spawn
from .test_tui import Person, drive, table_app

NAMES = ["You", "Robot 1", "Robot 2"]


def panel(game_id: str, state: liars.State, seat: int = 0, lang: str = "en") -> list[str]:
    i18n.use(lang)
    return coach.lines(ui_for(game_id, NAMES[: state.game.players], seat), state.view(seat))


def test_the_dice_panel_shows_the_coachs_numbers_from_the_seats_view() -> None:
    game = liars.make("liars-dice", players=3, seed=2)
    state = game.new_game(setup={"dice": [[2, 2, 5, 5, 1], [3, 3, 3, 3, 3], [6, 6, 6, 6, 6]], "opener": 1})
    state.act(1, {"type": "bid", "quantity": 3, "face": 5})
    state.act(2, {"type": "bid", "quantity": 4, "face": 5})
    lines = panel("liars-dice", state)
    odds = engine_coach.odds("liars-dice", state.view(0))
    i18n.use("en")
    assert lines[0] == _("Coach:")
    assert (
        _("The bid to beat holds {exact} given your dice, {adjusted} with what the bids say.").format(
            exact=percent(odds["standing_exact"]), adjusted=percent(odds["standing"])
        )
        in lines
    )
    assert any(line.startswith("The strong bot would ") for line in lines)
    # Another seat's cup, which seat 0 cannot see, changes nothing in its panel.
    other = game.new_game(setup={"dice": [[2, 2, 5, 5, 1], [1, 2, 4, 6, 6], [5, 5, 5, 1, 1]], "opener": 1})
    other.act(1, {"type": "bid", "quantity": 3, "face": 5})
    other.act(2, {"type": "bid", "quantity": 4, "face": 5})
    assert panel("liars-dice", other) == lines


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("liars-dice-poker", 2, {}),
        ("cheat", 3, {}),
        ("liegen", 3, {}),
        ("love-letter", 3, {"target_wins": 1}),
    ],
)
@pytest.mark.parametrize("lang", ["nb", "nl", "en"])
def test_every_game_has_a_panel_in_each_language(
    game_id: str, players: int, options: dict[str, object], lang: str
) -> None:
    game = liars.make(game_id, players=players, seed=3, **options)
    state = game.new_game()
    for _step in range(40):  # on until the seat to act has something to judge (a play, a claim)
        seat = state.to_act[0]
        view = state.view(seat)
        if view["history"] and (game_id != "cheat" or view.get("last_play")):
            break
        state.act(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    lines = panel(game_id, state, seat, lang)
    i18n.use(lang)
    assert lines and lines[0] == _("Coach:")
    assert len(lines) >= 2


def scripted(*answers: str) -> tuple[Table, io.StringIO]:
    """seat 0 of a Liar's Dice game in the line mode, answering the prompts with ``answers``."""
    i18n.use("en")
    game = liars.make("liars-dice", players=2, seed=5, dice=2)
    out = io.StringIO()
    feed = iter(answers)

    def ask(prompt: str) -> str:
        return next(feed)

    ui = ui_for(game.id, ["You", "Robot 1"], 0)
    from liars.bots import make

    table = Table(
        game.new_game(setup={"dice": [[2, 5], [3, 3]], "opener": 0}),
        ui,
        {1: make("basic", game.id, seed=1)},
        0,
        Console(file=out, width=200),
        ask=ask,
    )
    return table, out


def test_the_line_mode_switch_is_off_by_default_and_toggles() -> None:
    table, out = scripted("coach", "coach", "1 2")
    table.human_turn(0)
    assert table.moves == [(0, {"type": "bid", "quantity": 1, "face": 2})]  # the bid after the switching
    text = out.getvalue()
    on, off = coach.switched(True), coach.switched(False)
    assert text.index(on) < text.index(off)
    assert text.count(_("Coach:")) == 1  # shown once, when switched on; not before, not after
    assert text.index(_("Coach:")) > text.index(on)


def test_the_line_mode_switch_through_a_terminal() -> None:
    i18n.use("nb")
    child = spawn(
        ["play", "liars-dice", "--players", "3", "--seed", "4", "--delay", "0", "--plain", "--lang", "nb"]
    )
    child.expect(PROMPT)
    assert _("Coach:") not in clean(child.before)  # off by default
    child.sendline("trener")
    child.expect(PROMPT)
    text = clean(child.before)
    assert coach.switched(True) in text
    assert _("Coach:") in text and "Den sterke roboten ville " in text
    child.sendline("?")
    child.expect(PROMPT)
    assert coach.hint() in " ".join(clean(child.before).split())
    ctrl_c(child, _("Save the game? File name (Enter = don't save): "))
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()


def test_the_full_screen_switch_is_f2_and_the_word() -> None:
    app = table_app("liars-dice", "en")

    async def body(person: Person) -> None:
        assert person.text("#coach") == ""  # off by default
        await person.pilot.press("f2")
        await person.pilot.pause()
        assert person.text("#coach").startswith(_("Coach:"))
        assert "The strong bot would " in person.text("#coach")
        assert person.logged(coach.switched(True))
        await person.answer("coach")
        assert person.text("#coach") == ""
        assert person.logged(coach.switched(False))

    drive(app, body)


NBSP = "\u00a0"
# the chances the terminal's and the web's coach must write alike (tests/web/test_coach.py asks both)
CHANCES = [0.0, 0.0004, 0.003, 0.125, 0.31, 0.996, 0.9996, 1.0]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["0%", "<0.1%", "0.3%", "13%", "31%", "99.6%", ">99.9%", "100%"]),
        (
            "nb",
            [
                f"0{NBSP}%",
                f"<0,1{NBSP}%",
                f"0,3{NBSP}%",
                f"13{NBSP}%",
                f"31{NBSP}%",
                f"99,6{NBSP}%",
                f">99,9{NBSP}%",
                f"100{NBSP}%",
            ],
        ),
        ("nl", ["0%", "<0,1%", "0,3%", "13%", "31%", "99,6%", ">99,9%", "100%"]),
    ],
)
def test_a_small_chance_is_not_written_as_none(lang: str, said: list[str]) -> None:
    """The terminal's coach wrote a 0.3% bid as «0%», where the web's writes «0,3%»: under 1% a
    chance keeps a decimal, in the language's own way; a whole half rounds up, as the web's does.
    Near certain likewise: the web's panel said «Tre firere holder: 100 %» over the coach's own
    «>99 %»; what may yet fail is never 100%, nor what may happen 0%."""
    i18n.use(lang)
    assert [percent(p) for p in CHANCES] == said


def test_a_norwegian_chance_never_breaks_before_its_percent_sign() -> None:
    """nb writes «46 %», and the line mode wrapped «… 46» / «% …» where the line ran out: the space
    is a no-break space (the review's, the panel's and the strong bot's reason alike), and the wrap
    keeps it, in the line mode's console and in the full screen's log, which wraps the same way."""
    i18n.use("nb")
    assert percent(0.46) == "46\u00a0%"
    text = "Tre femmere holder 46\u00a0% av gangene"
    for width in range(20, 40):
        console = Console(width=width, color_system=None)
        with console.capture() as drawn:
            console.print(Text(text))
        assert "46\u00a0%" in drawn.get(), (width, drawn.get())
    game = liars.make("liars-dice", players=3, seed=2)
    state = game.new_game(setup={"dice": [[2, 2, 5, 5, 1], [3, 3, 3, 3, 3], [6, 6, 6, 6, 6]], "opener": 1})
    state.act(1, {"type": "bid", "quantity": 3, "face": 5})
    lines = panel("liars-dice", state, seat=2, lang="nb")
    advice = _("The strong bot would {action}: {why}").split("{")[0]
    assert any(line.startswith(advice) and "\u00a0%" in line for line in lines), lines
    assert not [line for line in lines if re.search(r"\d %", line)], lines
