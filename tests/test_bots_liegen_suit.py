"""The strong Liegen bot under ``follow = "suit"``: leads counted apart, kept suits, long-trick calls,
enough cards of the trick's suit kept for the last plays.

Strength is measured in bench/ (``bench/strength.py --gauntlet -o follow=suit``), never here.
"""

from __future__ import annotations

from typing import Any

import pytest

from liars.bots.liegen import Knowledge, StrongBot
from liars.games.liegen import Accuse, LiegenState, Pass, Play
from tests.test_liegen_helpers import ACCUSE, PASS, play, position


def test_knowledge_counts_answers_to_leads_apart() -> None:
    """A lead's window is counted in the lead record as well as in the size bucket; a follow's is not."""
    state = position(3, {1: ["KS", "QS", "2D", "3D", "4D"]}, dealer=0, follow="suit")
    k = Knowledge(state.view(0))
    state.act(1, play("KS", "KS"))  # a lead: the trick was empty
    state.act(2, {"type": "pass"})
    state.act(0, {"type": "pass"})
    state.act(2, play(state.view(2)["hand"][0], "2S"))  # follows: closes the lead's window
    k.update(state.view(0))
    assert k.lead_asked == [0, 0, 1] and k.lead_called == [0, 0, 0]
    assert k.asked[2] == [0, 1]
    state.act(0, {"type": "pass"})
    state.act(1, {"type": "pass"})
    state.act(0, play(state.view(0)["hand"][0], "3S"))
    k.update(state.view(0))
    assert k.lead_asked == [0, 0, 1]  # seat 2's play followed the lead: not a lead
    assert k.asked[1] == [0, 1]


def test_strong_leads_under_the_name_of_a_suit_it_keeps() -> None:
    """Three cards of three suits: the trick it leads comes back in the announced suit.

    The next honest card it needs is one of that suit, so it names a suit it keeps
    (a lead is seldom called: nothing had to follow) rather than the card's own.
    """
    state = position(4, {0: ["2C", "9D", "KH"]}, dealer=3, follow="suit")
    assert state.to_act == (0,) and state.view(0)["announcement"] is None
    bot = StrongBot(seed=3, suit_lead_sheds=True)
    for _ in range(5):
        action = bot.act(state.view(0), state.legal_actions(0))
        kept = {c[1] for c in ["2C", "9D", "KH"] if c != action.card}
        assert action.announce[1] in kept


def _long_hearts_trick() -> tuple[list[dict[str, Any]], list[str]]:
    """Eleven hearts claimed in a row: with six hearts in our hand, hardly any is left to claim."""
    cards = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D"]
    claims = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"]
    pile = [
        {"seat": i % 4, "card": c, "announce": a} for i, (c, a) in enumerate(zip(cards, claims, strict=True))
    ]
    return pile, ["AH", "KH", "QH", "JH", "TH", "9H", "2S"]


def test_strong_calls_a_suit_claim_late_in_a_long_trick() -> None:
    """Nearly every card of the trick's suit is accounted for: the claim is most likely a lie.

    A wrong call would cost a big pile, but the claimant (eight cards left) takes it if
    right: with ``suit_bar`` 0.85 the bot calls; the default (above one, only sure lies)
    lets such claims go, since calling them lost elsewhere.
    """
    pile, mine = _long_hearts_trick()
    theirs = ["6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "9C"]
    state = position(4, {0: mine, 3: theirs}, dealer=1, pile=pile, follow="suit")
    assert state.to_act == (3,)
    state.act(3, play("9C", "JH"))
    view = state.view(0)
    assert view["window"][0] == 0 and view["hand_sizes"][3] == 8
    assert view["turned"] is None  # the round's first trick: the default calls it too (see below)
    bot = StrongBot(seed=1, suit_bar=0.85, suit_first_bar=1.01)
    assert bot.lie_chance(bot.know(view)) > 0.9
    assert isinstance(bot.act(view, state.legal_actions(0)), Accuse)
    # A bar above one (sure lies only, the default after the first trick) lets it go.
    quiet = StrongBot(seed=1, suit_first_bar=1.01)
    assert isinstance(quiet.act(view, state.legal_actions(0)), Pass)


def test_strong_calls_likely_lies_in_the_first_trick_only() -> None:
    """The same eleven-heart trick and claim, first as the round's first trick, then after a turned card.

    In the first trick every hand is as dealt and the suit odds hold, so the default
    calls at squared odds of ``suit_first_bar`` (0.85); once a card was turned (a
    pile changed hands) it calls sure lies only (``suit_bar`` above one).
    """
    pile, mine = _long_hearts_trick()
    theirs = ["6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "9C"]
    first = position(4, {0: mine, 3: theirs}, dealer=1, pile=pile, follow="suit")
    first.act(3, play("9C", "JH"))
    view = first.view(0)
    assert view["turned"] is None
    assert isinstance(StrongBot(seed=1).act(view, first.legal_actions(0)), Accuse)

    # Now the trick comes after one: seat 0 leads a lie (3S as 4D), is called and takes it back.
    own = {0: ["2C", "6C", "3D"], 1: ["3C", "7C", "4D"], 3: ["5C", "2D"]}
    later = position(
        4,
        {
            0: [*mine, *own[0], "3S"],
            1: [*own[1], "AC", "AD", "AS", "4S", "5S", "6S", "7S", "8S", "9S"],
            3: [*theirs, *own[3]],
        },
        dealer=3,
        follow="suit",
    )
    assert later.to_act == (0,)
    later.act(0, play("3S", "4D"))
    later.act(1, ACCUSE)
    assert later.to_act == (0,) and later.view(0)["turned"] is not None
    for i, entry in enumerate(pile):
        seat = later.to_act[0]
        assert seat == entry["seat"] == i % 4
        later.act(seat, play(entry["card"], entry["announce"]))
        while any(isinstance(a, Pass) for a in later.legal_actions(later.to_act[0])):
            later.act(later.to_act[0], PASS)
    later.act(3, play("9C", "JH"))
    view = later.view(0)
    assert view["window"][0] == 0 and view["hand_sizes"][3] == 8 and view["pile_size"] == 12
    bot = StrongBot(seed=1)
    assert bot.lie_chance(bot.know(view)) > 0.9
    assert isinstance(bot.act(view, later.legal_actions(0)), Pass)
    assert isinstance(StrongBot(seed=1, suit_bar=0.85).act(view, later.legal_actions(0)), Accuse)


KEEPER_HAND = ["2H", "5H", "9H", "4C", "7D", "JS"]
KEEPER_HEARTS = {"2H", "5H", "9H"}


def _hearts_trick() -> LiegenState:
    """Seat 0 holds three hearts and three odd cards; seat 3 has just announced a heart."""
    pile = [{"seat": 3, "card": "3H", "announce": "3H"}]
    state = position(4, {0: KEEPER_HAND}, dealer=2, pile=pile, follow="suit")
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
        assert action.card not in KEEPER_HEARTS and action.announce in KEEPER_HEARTS


def test_one_card_of_the_suit_is_enough_with_suit_need_one() -> None:
    """The old plan (``suit_need=1``) counts only whether a card of the suit is kept: it plays
    a heart (naming any heart: a call checks the suit only), the play that three small-hand
    callers punished (22.5% at seed 5)."""
    state = _hearts_trick()
    for seed in range(5):
        action = StrongBot(seed=seed, suit_need=1).act(state.view(0), state.legal_actions(0))
        assert isinstance(action, Play)
        assert action.card in KEEPER_HEARTS and action.announce.endswith("H")


@pytest.mark.parametrize("bad", [0, -2, 2.5, "3", True])
def test_suit_need_below_one_or_not_a_whole_number_is_refused(bad: Any) -> None:
    """It divides the suit count in the plan: 0 would stop a game with ZeroDivisionError mid-play."""
    with pytest.raises(ValueError, match="suit_need"):
        StrongBot(suit_need=bad)
