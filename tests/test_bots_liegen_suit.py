"""The strong Liegen bot under ``follow = "suit"``: it keeps enough cards of the trick's suit.

Strength is measured in bench/ (``bench/strength.py --gauntlet -o follow=suit``), never here.
"""

from __future__ import annotations

from liars.bots.liegen import StrongBot
from liars.games.liegen import LiegenState, Play
from tests.test_liegen_helpers import position

HAND = ["2H", "5H", "9H", "4C", "7D", "JS"]
HEARTS = {"2H", "5H", "9H"}


def _hearts_trick() -> LiegenState:
    """Seat 0 holds three hearts and three odd cards; seat 3 has just announced a heart."""
    pile = [{"seat": 3, "card": "3H", "announce": "3H"}]
    state = position(4, {0: HAND}, dealer=2, pile=pile, follow="suit")
    assert state.to_act == (0,)
    return state


def test_strong_keeps_three_cards_of_the_trick_suit() -> None:
    """Played honestly, a heart leaves two: when the table calls small hands the trick's last
    plays must all be honest, so strong sheds an odd card under the name of a heart it keeps
    (nobody else can prove that lie) while the table has not been seen calling."""
    state = _hearts_trick()
    for seed in range(5):
        action = StrongBot(seed=seed).act(state.view(0), state.legal_actions(0))
        assert isinstance(action, Play)
        assert action.card not in HEARTS and action.announce in HEARTS


def test_one_card_of_the_suit_is_enough_with_suit_need_one() -> None:
    """The old plan (``suit_need=1``) counts only whether a card of the suit is kept: it plays
    a heart (naming any heart: a call checks the suit only), the play that three small-hand
    callers punished (22.5% at seed 5)."""
    state = _hearts_trick()
    for seed in range(5):
        action = StrongBot(seed=seed, suit_need=1).act(state.view(0), state.legal_actions(0))
        assert isinstance(action, Play)
        assert action.card in HEARTS and action.announce.endswith("H")
