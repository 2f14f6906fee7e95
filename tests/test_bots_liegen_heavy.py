"""The strong Liegen bot's record of small hands' plays onto heavy piles, and its weighed joker.

Why they exist: players who call small hands (the gauntlet's Hoarder, Grudge and
Miser, and the issue's own kind of stranger) wait for a pile worth the gamble,
so their calls over all piles look half what they are where a lie costs most;
with jokers strong also lied from three or four cards to keep its joker for the
two-card play, and those lies were called.  Strength is measured in bench/
(``bench/strength.py --gauntlet -o jokers=true``), never here.
"""

from __future__ import annotations

from typing import Any

import pytest

from liars.bots.liegen import Knowledge, StrongBot
from liars.bots.liegen_beliefs import HEAVY
from liars.games.liegen import LiegenState, Play
from tests.test_liegen_helpers import ACCUSE, PASS, play, position

HAND = ["AH", "8C", "6D", "8S"]
CLUB_TRICK = [("KC", "7C"), ("JH", "TC"), ("TS", "6C"), ("7C", "AC")]


def _club_trick(cards: int) -> LiegenState:
    """Seat 0 holds four cards (8C follows honestly), the last ``cards`` plays of a club trick on the pile."""
    trick = CLUB_TRICK[-cards:]
    first = 4 - cards
    pile = [{"seat": first + i, "card": c, "announce": a} for i, (c, a) in enumerate(trick)]
    state = position(4, {0: HAND}, dealer=(first + 2) % 4, pile=pile)
    assert state.to_act == (0,) and state.view(0)["pile_size"] == cards
    return state


# Each other seat was asked about nine big hands' plays and called none, and about three small hands'
# plays (two of them onto a heavy pile) and called both of the heavy ones.
ASKED = [[0, 0], [3, 9], [3, 9], [3, 9]]
CALLED = [[0, 0], [2, 0], [2, 0], [2, 0]]
HEAVY_ASKED = [0, 2, 2, 2]
HEAVY_CALLED = [0, 2, 2, 2]


def _act(
    bot: StrongBot,
    state: LiegenState,
    asked: list[list[int]] = ASKED,
    called: list[list[int]] = CALLED,
    heavy: tuple[list[int], list[int]] = (HEAVY_ASKED, HEAVY_CALLED),
) -> Play:
    """The bot's play after a record (the one above unless given), as if read from the history."""
    view = state.view(0)
    k = bot.know(view)
    k.asked, k.called = [list(x) for x in asked], [list(x) for x in called]
    k.heavy_asked, k.heavy_called = list(heavy[0]), list(heavy[1])
    action = bot.act(view, state.legal_actions(0))
    assert isinstance(action, Play)
    return action


def test_knowledge_counts_small_hands_plays_onto_heavy_piles_apart() -> None:
    """A play that leaves three onto a pile of HEAVY is in the heavy record; onto a lighter one it is not."""
    assert HEAVY == 3
    state = position(4, {1: ["2S", "3S", "4S", "5S"], 2: ["2H", "3H", "4H", "5H", "6H", "7H"]})
    k = Knowledge(state.view(0))
    assert state.to_act == (1,)
    state.act(1, play("2S", "2S"))  # four -> three onto a pile of one: light
    for seat in (2, 3, 0):
        state.act(seat, PASS)
    state.act(2, play("2H", "3S"))  # a big hand: neither record
    for seat in (3, 0, 1):
        state.act(seat, PASS)
    k.update(state.view(0))
    assert k.asked[1][0] == 0 and k.asked[2][0] == 1 and k.asked[3][0] == 1
    assert k.heavy_asked == [0, 0, 0, 0]
    state.act(3, play(state.view(3)["hand"][0], "4S"))
    for seat in (0, 1, 2):
        state.act(seat, PASS)
    state.act(0, play(state.view(0)["hand"][0], "5S"))
    for seat in (1, 2, 3):
        state.act(seat, PASS)
    state.act(1, play("3S", "6S"))  # three -> two onto a pile of five: heavy
    state.act(2, PASS)
    state.act(3, ACCUSE)  # seat 3 calls it: seat 0 is never asked
    k.update(state.view(0))
    assert k.heavy_asked == [0, 0, 1, 1] and k.heavy_called == [0, 0, 0, 1]
    assert k.asked[2][0] == 2 and k.called[3][0] == 1


def test_strong_plays_honestly_from_four_onto_a_heavy_pile_at_a_table_that_calls_there() -> None:
    """Onto a pile of four, the heavy record says a shed is called: it plays 8C honestly; without the
    record (``heavy_pool=0``) it sheds 8S under the 8C's name, as before."""
    state = _club_trick(4)
    for seed in range(5):
        action = _act(StrongBot(seed=seed, heavy_pool=4.0), state)
        assert (action.card, action.announce) == ("8C", "8C")
        old = _act(StrongBot(seed=seed, heavy_pool=0.0), state)
        assert old.card != old.announce and old.announce == "8C"


def test_strong_still_sheds_onto_a_light_pile_that_nobody_calls() -> None:
    """The same table never called a small hand onto a light pile: onto a pile of one, it sheds."""
    state = _club_trick(1)
    for seed in range(5):
        action = _act(StrongBot(seed=seed, heavy_pool=4.0), state)
        assert action.card != action.announce and action.announce == "8C"


def test_with_jokers_strong_plays_its_joker_rather_than_a_lie_the_table_would_call() -> None:
    """No ordinary card follows 4H and the table calls small hands onto heavy piles: the joker is
    weighed (``joker_weigh``) and played, where before it was kept for the two-card play and a lie
    told instead."""
    hand = ["AC", "9D", "8C", "X"]
    trick = [("5H", "4H"), ("QH", "9H"), ("6H", "JH"), ("7H", "4H")]
    pile = [{"seat": i, "card": c, "announce": a} for i, (c, a) in enumerate(trick)]
    state = position(4, {0: hand}, dealer=2, pile=pile, jokers=True)
    assert state.to_act == (0,)
    for seed in range(5):
        action = _act(StrongBot(seed=seed, heavy_pool=4.0, joker_weigh=True), state)
        assert action.card == "X"
        old = _act(StrongBot(seed=seed, heavy_pool=4.0, joker_weigh=False), state)
        assert old.card != "X" and old.card in hand


def test_one_call_onto_a_heavy_pile_is_enough_to_stop_the_shed() -> None:
    """The record is new each game and a seat answers few small hands' plays onto heavy piles, so
    the first call must count: after each other seat called the one such play it was asked about
    (and let one small hand onto a light pile go), the default plays 8C honestly; the first setting
    (``heavy_pool=4``) still shed 8S under its name, and a Sentry table called those sheds."""
    state = _club_trick(4)
    asked, called = [[0, 0]] + [[2, 9]] * 3, [[0, 0]] + [[1, 0]] * 3
    heavy = ([0, 1, 1, 1], [0, 1, 1, 1])
    for seed in range(5):
        actions = []
        for bot in (StrongBot(seed=seed), StrongBot(seed=seed, heavy_pool=4.0)):
            action = _act(bot, state, asked, called, heavy)
            actions.append((action.card, action.announce))
        assert actions == [("8C", "8C"), ("8S", "8C")]


@pytest.mark.parametrize(
    ("name", "bad"), [("heavy_pool", -1), ("heavy_pool", "4"), ("heavy_pool", None), ("joker_weigh", 1)]
)
def test_bad_options_are_refused(name: str, bad: Any) -> None:
    """A negative weight divides by zero in the middle of a game; a flag must be a flag."""
    with pytest.raises(ValueError, match=name):
        StrongBot(**{name: bad})
