"""The strong Liegen bot reads the piles it takes (``shown_bar``, ``shown_pool``, ``shown_prior``).

Why it exists: under ``follow = "suit"`` nobody can prove a lie about a card
of the trick's suit, and a player who hoards the cards that follow and sheds
the rest under their names (the gauntlet's Miser) lies four times in five from
a big hand early in a trick, where every other style lies one time in six or
seven.  Turned cards never show it (nobody calls big hands), but the taker of
a pile sees its cards in play order.  Strength is measured in bench/
(``bench/strength.py --gauntlet -o follow=suit``), never here.
"""

from __future__ import annotations

from typing import Any

import pytest

from liars.bots.liegen import Knowledge, StrongBot
from liars.games.liegen import Accuse, LiegenState, Pass
from tests.test_liegen_helpers import ACCUSE, PASS, play, position

HANDS = {
    0: ["2H", "3H", "9H", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"],
    1: ["2C", "3C", "4H", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
    3: ["5H", "6H", "7H", "8H", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"],
}


def _trick(follow: str = "suit") -> LiegenState:
    """Seat 0 leads the 2H; seat 1 sheds the 2C as the 6H (a lie from twelve cards), everyone passes."""
    state = position(4, HANDS, dealer=3, follow=follow)
    assert state.to_act == (0,)
    state.act(0, play("2H", "2H"))
    for seat in (1, 2, 3):
        state.act(seat, PASS)
    state.act(1, play("2C", "6H"))
    return state


def test_the_taker_reads_every_big_hand_claim_of_the_pile_it_took() -> None:
    """Seat 0 calls seat 3's true 5H and takes the pile: seat 1's lie and seat 3's truth are read;
    its own lead, and seat 2's card, which was a heart too, are counted where they belong."""
    state = _trick()
    k = Knowledge(state.view(0))
    for seat in (2, 3):
        state.act(seat, PASS)
    state.act(0, PASS)
    hand2 = state.view(2)["hand"]
    heart = next(c for c in hand2 if c.endswith("H"))
    state.act(2, play(heart, "TH"))
    for seat in (3, 0, 1):
        state.act(seat, PASS)
    state.act(3, play("5H", "5H"))
    state.act(0, ACCUSE)
    assert state.to_act == (0,)  # it was true: seat 0 took the pile
    k.update(state.view(0))
    assert k.shown_lies == [0, 1, 0, 0]
    assert k.shown_truths == [0, 0, 1, 1]
    fresh = Knowledge(state.view(0))
    assert fresh.beliefs() == k.beliefs()


def test_a_pile_another_seat_took_shows_nothing() -> None:
    """Seat 2 calls seat 1's lie: seat 1 takes the pile and seat 0 sees only the turned card."""
    state = _trick()
    k = Knowledge(state.view(0))
    state.act(2, ACCUSE)
    k.update(state.view(0))
    assert state.to_act == (1,)
    assert k.shown_lies == [0] * 4 and k.shown_truths == [0] * 4


def _window(bot: StrongBot, lies: list[int], truths: list[int], follow: str = "suit") -> Accuse | Pass:
    """Seat 0's answer to seat 1's 6H after a record of big-hand claims read from piles."""
    state = _trick(follow)
    state.act(2, PASS)
    state.act(3, PASS)
    assert state.to_act == (0,)
    view = state.view(0)
    k = bot.know(view)
    k.shown_lies = list(lies)
    k.shown_truths = list(truths)
    action = bot.act(view, state.legal_actions(0))
    assert isinstance(action, (Accuse, Pass))
    return action


@pytest.mark.parametrize("follow", ["suit", "rank_or_suit"])
@pytest.mark.parametrize("seed", range(3))
def test_strong_calls_a_big_hand_claim_of_a_seat_its_piles_showed_lying(seed: int, follow: str) -> None:
    """Seat 1 lied in twelve of thirteen claims the piles showed: its heart from twelve cards is called.
    With no record, an honest one, or the reading off (``shown_bar`` above 1), it passes."""
    liar, honest = ([0, 12, 0, 1], [0, 1, 4, 4]), ([0, 1, 1, 1], [0, 5, 4, 4])
    assert isinstance(_window(StrongBot(seed=seed), *liar, follow), Accuse)
    assert isinstance(_window(StrongBot(seed=seed), [0] * 4, [0] * 4, follow), Pass)
    assert isinstance(_window(StrongBot(seed=seed), *honest, follow), Pass)
    assert isinstance(_window(StrongBot(seed=seed, shown_bar=1.01), *liar, follow), Pass)


def test_a_lead_is_not_priced_by_the_record() -> None:
    """A lead follows nothing: it is honest unless its player bluffs a new suit, whatever its record."""
    state = position(4, HANDS, dealer=0, follow="suit")
    assert state.to_act == (1,)
    state.act(1, play("2D", "2D"))
    state.act(2, PASS)
    state.act(3, PASS)
    view = state.view(0)
    for seed in range(3):
        bot = StrongBot(seed=seed)
        k = bot.know(view)
        k.shown_lies = [0, 12, 0, 1]
        k.shown_truths = [0, 1, 4, 4]
        assert isinstance(bot.act(view, state.legal_actions(0)), Pass)


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("shown_pool", 0),
        ("shown_pool", -2),
        ("shown_pool", "6"),
        ("shown_bar", -0.1),
        ("shown_bar", None),
        ("shown_prior", 1.5),
        ("shown_prior", "0.2"),
    ],
)
def test_bad_reading_options_are_refused(name: str, bad: Any) -> None:
    """No weight for a seat's own record divides by zero; a negative bar means nothing."""
    with pytest.raises(ValueError, match=name):
        StrongBot(**{name: bad})
