"""The strong Liegen bot under ``follow = "rank_step"``: small-hand sheds under a kept rank.

Strength is measured in bench/ (``bench/strength.py --gauntlet -o follow=rank_step``), never here.
"""

from __future__ import annotations

from liars.bots.liegen import StrongBot
from liars.games.liegen import LiegenState, Play
from tests.test_liegen_helpers import position

HAND = ["5C", "9D", "9H", "KS"]


def _four_cards_after_a_four() -> LiegenState:
    """Seat 0 holds 5C 9D 9H KS; seat 3 has just announced a 4 and it is seat 0's turn."""
    state = position(
        4, {0: HAND}, dealer=2, pile=[{"seat": 3, "card": "4S", "announce": "4"}], follow="rank_step"
    )
    assert state.to_act == (0,)
    return state


def test_strong_sheds_under_a_kept_rank_from_four_cards() -> None:
    """Only the 5 follows the 4: played honestly, the nines and the king are left, and after
    three more steps from a 5 the announcement is a 2, 4, 6 or 8 -- the nines follow only the 8.

    Named a 5, the king (or a nine) goes and the 5 stays, which follows a 4 or a 6 (three times in
    four).  Nobody can prove a rank while the others hold the other 5s, and at a table that has
    not been seen calling small hands the lie is cheap; that keep is what the two-card play needs.
    """
    state = _four_cards_after_a_four()
    for seed in range(5):
        bot = StrongBot(seed=seed)
        action = bot.act(state.view(0), state.legal_actions(0))
        assert isinstance(action, Play)
        assert action.announce == "5" and action.card != "5C"


def test_strong_plays_honestly_from_four_cards_where_small_hands_are_called() -> None:
    """The same hand, but seats 1 and 2 were seen calling plays that left two or three cards."""
    state = _four_cards_after_a_four()
    for seed in range(5):
        bot = StrongBot(seed=seed)
        view = state.view(0)
        k = bot.know(view)
        for s in (1, 2):
            k.asked[s][0], k.called[s][0] = 4, 2
        action = bot.act(view, state.legal_actions(0))
        assert isinstance(action, Play)
        assert action.card == "5C" and action.announce == "5"
