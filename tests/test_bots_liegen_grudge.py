"""The strong Liegen bot's grudge under ``follow = "suit"`` (``suit_grudge``).

Why it exists: under ``suit`` an honest player lies only when it cannot
follow, so a seat whose lies were turned twice in a round, with none of its
cards turned true since, is out of the suits that come up; the sampled
hands' odds never say so, and strong called only sure lies there.  Two
Sentries (honest players who call small hands) beat it at three players
(32.3%); the gauntlet's Grudge, which calls such a seat, beat them (44.3%).
Strength is measured in bench/ (``bench/strength.py --gauntlet -o
follow=suit``), never here.
"""

from __future__ import annotations

from typing import Any

import pytest

from liars.bots.liegen import Knowledge, StrongBot
from liars.games.liegen import Accuse, LiegenState, Pass
from tests.test_liegen_helpers import ACCUSE, PASS, play, position

LIAR = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "2H", "3H"]


def _say(code: str, options: dict[str, Any]) -> str:
    """An announcement of ``code`` under these rules (a rank alone under ``rank_step``)."""
    return code[0] if options.get("follow") == "rank_step" else code


def _caught_twice(liar: list[str] = LIAR, **options: Any) -> LiegenState:
    """Seat 1 leads two lies in a row, each called by seat 2 and taken back by seat 1."""
    state = position(3, {1: list(liar)}, **options)
    for card in ("2H", "3H"):
        assert state.to_act == (1,)
        state.act(1, play(card, _say("9S", options)))
        state.act(2, ACCUSE)
        assert state.view(0)["history"][-1]["lie"] is True
    return state


def _asked_after_an_honest_lead(liar: list[str] = LIAR, **options: Any) -> LiegenState:
    """After its two caught lies seat 1 leads a true 2S; seat 2 lets it pass; seat 0 is asked."""
    state = _caught_twice(liar, **options)
    state.act(1, play("2S", _say("2S", options)))
    state.act(2, PASS)
    announcement = state.view(0)["announcement"]
    assert state.to_act == (0,) and announcement is not None and announcement["seat"] == 1
    return state


def test_knowledge_counts_a_seats_turned_lies_until_one_of_its_cards_turns_true() -> None:
    state = _caught_twice(follow="suit")
    k = Knowledge(state.view(0))
    assert k.grudges == [0, 2, 0]
    state.act(1, play("2S", "2S"))
    state.act(2, ACCUSE)  # true: seat 2 takes the pile
    k.update(state.view(0))
    assert k.grudges == [0, 0, 0]


def test_strong_calls_a_seat_caught_lying_twice_under_suit() -> None:
    """The lead is true and small: the odds alone never call it, the grudge does."""
    state = _asked_after_an_honest_lead(follow="suit")
    for seed in range(5):
        view, legal = state.view(0), state.legal_actions(0)
        assert isinstance(StrongBot(seed=seed).act(view, legal), Accuse)
        assert isinstance(StrongBot(seed=seed, suit_grudge=3).act(view, legal), Pass)
        assert isinstance(StrongBot(seed=seed, suit_grudge=0).act(view, legal), Pass)


def test_no_grudge_call_of_a_small_hand() -> None:
    """Seat 1 is caught twice but its true lead leaves four cards: a small hand's claim, where a
    hoarder plays honestly (three Misers at four players lost ten points to such calls), is
    judged as before and let pass."""
    state = _asked_after_an_honest_lead(["2S", "3S", "4S", "2H", "3H"], follow="suit")
    assert state.view(0)["hand_sizes"][1] == 4
    assert Knowledge(state.view(0)).grudges[1] == 2
    for seed in range(5):
        assert isinstance(StrongBot(seed=seed).act(state.view(0), state.legal_actions(0)), Pass)


def test_no_grudge_call_of_a_seat_the_piles_show_lying_by_choice() -> None:
    """A seat whose big-hand claims the taken piles show as lies four times in five (a hoarder) is
    priced by that record with the hand sizes, not called blindly: three Misers at four players
    lost ten points to grudge calls."""
    state = _asked_after_an_honest_lead(follow="suit")
    for seed in range(5):
        bot = StrongBot(seed=seed)
        k = bot.know(state.view(0))
        k.shown_lies, k.shown_truths = [0, 40, 0], [0, 2, 0]
        assert bot.shown_rate(k, 1) >= bot.shown_bar
        assert isinstance(bot.act(state.view(0), state.legal_actions(0)), Pass)


def test_no_grudge_under_the_other_follow_rules() -> None:
    """Where a big hand can nearly always follow, a caught lie says it chose to lie, not that it
    is stuck: the same position under the default rules is let pass."""
    for follow in ("rank_or_suit", "rank_step"):
        state = _asked_after_an_honest_lead(follow=follow)
        for seed in range(3):
            assert isinstance(StrongBot(seed=seed).act(state.view(0), state.legal_actions(0)), Pass)


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_suit_grudge_that_is_not_a_count_of_lies_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="suit_grudge"):
        StrongBot(suit_grudge=bad)
