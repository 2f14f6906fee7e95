"""The strong Liegen bot's record of plays that leave four cards (``mid_pool``).

Why it exists: some tables call every play from five cards down, others only
the last few; under ``follow = "suit"`` the plan sheds an odd card from five
under the name of a suit card it keeps, which the first kind of table calls
most of the time (three Misers: 25.8% at seed 7).  Strength is measured in
bench/ (``bench/strength.py --gauntlet -o follow=suit``), never here.
"""

from __future__ import annotations

from typing import Any

import pytest

from liars.bots.liegen import Knowledge, StrongBot
from liars.games.liegen import LiegenState, Play
from tests.test_liegen_helpers import ACCUSE, PASS, play, position

HAND = ["2H", "5H", "9H", "4C", "7D"]
HEARTS = {"2H", "5H", "9H"}


def _five_cards_in_a_heart_trick() -> LiegenState:
    """Seat 0 holds three hearts and two odd cards, four cards on the pile, a heart announced."""
    cards, claims = ["2C", "3C", "2D", "3H"], ["4H", "6H", "7H", "3H"]
    pile = [{"seat": i, "card": c, "announce": a} for i, (c, a) in enumerate(zip(cards, claims, strict=True))]
    state = position(4, {0: HAND}, dealer=2, pile=pile, follow="suit")
    assert state.to_act == (0,) and state.view(0)["pile_size"] == 4
    return state


def _act(bot: StrongBot, state: LiegenState, asked: list[int], called: list[int]) -> Play:
    """The bot's play after a table record of plays that left four (as if read from the history)."""
    view = state.view(0)
    k = bot.know(view)
    k.mid_asked, k.mid_called = list(asked), list(called)
    action = bot.act(view, state.legal_actions(0))
    assert isinstance(action, Play)
    return action


def test_knowledge_counts_answers_to_plays_that_leave_four() -> None:
    """A play from five is counted in the mid record of every seat asked; from six it is not."""
    state = position(4, {1: ["2S", "3S", "4S", "5S", "6S"], 2: ["2H", "3H", "4H", "5H", "6H", "7H"]})
    k = Knowledge(state.view(0))
    assert state.to_act == (1,)
    state.act(1, play("2S", "2S"))  # five -> four
    state.act(2, PASS)
    state.act(3, ACCUSE)  # seat 3 calls it: seat 0 is never asked
    k.update(state.view(0))
    assert k.mid_asked == [0, 0, 1, 1] and k.mid_called == [0, 0, 0, 1]
    assert state.to_act == (3,)  # it was true: seat 3 took the pile and leads
    state.act(3, play(state.view(3)["hand"][0], "8C"))
    for seat in (0, 1, 2):
        state.act(seat, PASS)
    state.act(0, play(state.view(0)["hand"][0], "9C"))
    for seat in (1, 2, 3):
        state.act(seat, PASS)
    state.act(1, play("3S", "TC"))  # four -> three: the small-hand bucket, not this record
    for seat in (2, 3, 0):
        state.act(seat, PASS)
    state.act(2, play("2H", "JC"))  # six -> five: a big hand
    k.update(state.view(0))
    assert k.mid_asked == [0, 0, 1, 1] and k.mid_called == [0, 0, 0, 1]


def test_strong_sheds_from_five_while_the_table_lets_plays_that_leave_four_pass() -> None:
    """No such play called yet: from five it sheds an odd card under a kept heart's name."""
    state = _five_cards_in_a_heart_trick()
    for seed in range(5):
        for asked, called in (([0, 0, 0, 0], [0, 0, 0, 0]), ([0, 3, 3, 3], [0, 0, 0, 0])):
            action = _act(StrongBot(seed=seed, mid_pool=20.0), state, asked, called)
            assert action.card not in HEARTS and action.announce in HEARTS


def test_strong_plays_a_heart_from_five_at_a_table_that_calls_plays_that_leave_four() -> None:
    """Each seat called one play of three that left four: a shed from five is likely called, so it
    plays a heart honestly; without the record (``mid_pool=0``) it sheds as before."""
    state = _five_cards_in_a_heart_trick()
    record = ([0, 3, 3, 3], [0, 1, 1, 1])
    for seed in range(5):
        action = _act(StrongBot(seed=seed, mid_pool=20.0), state, *record)
        assert action.card in HEARTS
        old = _act(StrongBot(seed=seed, mid_pool=0.0), state, *record)
        assert old.card not in HEARTS and old.announce in HEARTS


@pytest.mark.parametrize(
    ("name", "bad"), [("mid_pool", -1), ("mid_pool", "20"), ("mid_asks", 0), ("mid_asks", True)]
)
def test_bad_record_weights_are_refused(name: str, bad: Any) -> None:
    """A negative weight, or none for the table's record, would divide by zero in the middle of a game."""
    with pytest.raises(ValueError, match=name):
        StrongBot(**{name: bad})
