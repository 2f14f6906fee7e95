"""The liegen bots: views only, every variant to the end, incremental knowledge, sensible play.

Strength is measured in bench/ (``bench/strength.py``, the gauntlet), never here.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import liars
from liars import bots
from liars.bots.liegen import Knowledge, StrongBot
from liars.bots.liegen_beliefs import LONG_ROUND
from liars.games.liegen import CARD_INDEX, Accuse, LiegenState, Pass, Play
from tests.test_liegen_helpers import play, position
from tests.test_liegen_views import biased_step

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from gauntlet import liegen as gauntlet

VARIANTS: list[dict[str, Any]] = [
    {"follow": f, "jokers": j, "accuse": a}
    for f in ("rank_or_suit", "suit", "rank_step")
    for j in (False, True)
    for a in ("anyone", "next")
]


def run(state: LiegenState, players: list[Any], cap: int = 50000) -> tuple[int, ...]:
    """Play to the end; every bot gets only its seat's view and the legal actions."""
    steps = 0
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.act(seat, bots.checked_act(players[seat], f"seat {seat}", state.view(seat), legal))
        steps += 1
        assert steps < cap, "the game did not end"
    return state.winners


def prefix(state: LiegenState, rng: random.Random, steps: int) -> None:
    """Random play for a while, so the bots start from positions no deal gives."""
    for _ in range(steps):
        if state.over:
            return
        biased_step(state, rng)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "-".join(str(x) for x in v.values()))
def test_bots_finish_every_variant_from_random_positions(variant: dict[str, Any]) -> None:
    i = VARIANTS.index(variant)
    players = 2 + i % 7  # every count from 2 to 8 comes up across the variants
    state = liars.make("liegen", players=players, seed=i, **variant).new_game()
    assert isinstance(state, LiegenState)
    prefix(state, random.Random(i), 20 + 7 * i)
    lineup = [bots.make(["basic", "strong"][s % 2], "liegen", seed=i * 10 + s) for s in range(players)]
    if not state.over:
        assert len(run(state, lineup)) == 1


@pytest.mark.parametrize("players", range(2, 9))
def test_strong_finishes_at_every_player_count(players: int) -> None:
    opts = {"target_wins": 2} if players == 3 else {}
    state = liars.make("liegen", players=players, seed=40 + players, **opts).new_game()
    assert isinstance(state, LiegenState)
    lineup = [bots.make("strong" if s == 0 else "basic", "liegen", seed=s) for s in range(players)]
    assert len(run(state, lineup)) == 1


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    game = liars.make("liegen", players=3, seed=11, jokers=True)
    a, b = game.new_game(), game.new_game()
    assert isinstance(a, LiegenState) and isinstance(b, LiegenState)
    run(a, [bots.make(level, "liegen", seed=4 + s) for s in range(3)])
    run(b, [bots.make(level, "liegen", seed=4 + s) for s in range(3)])
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_decision_depends_on_the_view_only(level: str) -> None:
    """Two real states that look the same to a seat (other hidden cards) get the same answer."""
    game = liars.make("liegen", players=4, seed=5)
    state = game.new_game()
    assert isinstance(state, LiegenState)
    rng = random.Random(2)
    checked = 0
    for _ in range(300):
        if state.over:
            break
        seat = state.to_act[0]
        view = state.view(seat)
        other = game.sample_state(view, random.Random(checked))
        assert other.view(seat) == view
        if other.hands != state.hands:
            a = bots.make(level, "liegen", seed=9).act(view, state.legal_actions(seat))
            b = bots.make(level, "liegen", seed=9).act(other.view(seat), other.legal_actions(seat))
            assert a == b
            checked += 1
        biased_step(state, rng)
    assert checked > 20


def fresh(view: Mapping[str, Any]) -> dict[str, Any]:
    return Knowledge(view).beliefs()


ROUND_KEYS = ("trick", "located", "pending", "my_claims", "taken")


@pytest.mark.parametrize(
    ("players", "opts"),
    [(4, {}), (3, {"follow": "suit", "jokers": True}), (5, {"follow": "rank_step", "accuse": "next"})],
)
def test_incremental_knowledge_equals_a_fresh_read_with_tail_views(
    players: int, opts: dict[str, Any]
) -> None:
    """Fed tails of every length (overlapping what it read), each seat's knowledge equals a fresh read.

    A skipped or twice-counted entry shows in the trick, the located cards or
    the habit counts, which a fresh read of the full view gets right.
    """
    game = liars.make("liegen", players=players, seed=players, target_wins=2, **opts)
    state = game.new_game()
    assert isinstance(state, LiegenState)
    rng = random.Random(players)
    know: list[Knowledge | None] = [None] * players
    seen_round: list[int] = [1] * players
    compared = tails = 0
    while not state.over and compared < 400:
        seat = rng.randrange(players)
        full = state.view(seat)
        k = know[seat]
        if k is None:
            k = know[seat] = Knowledge(full)
        else:
            # Any tail that reaches back to what this knowledge has read (or further) will do.
            since = rng.randint(max(0, k.done - 3), k.done) if full["history_epoch"] == k.epoch else 0
            tails += since > 0
            k.update(state.view(seat, since=since))
        want = fresh(full)
        got = k.beliefs()
        if full["round"] == 1:
            assert got == want
        else:  # habits carry over from the earlier rounds, what the round holds must agree
            assert {x: got[x] for x in ROUND_KEYS} == {x: want[x] for x in ROUND_KEYS}
        seen_round[seat] = full["round"]
        compared += 1
        for _ in range(rng.randint(1, 4)):
            if not state.over:
                biased_step(state, rng, accuse=0.3)
    assert compared > 100 and tails > 50


def test_a_tail_with_a_gap_starts_again_from_what_it_holds() -> None:
    state = position(3, {}, dealer=0)
    rng = random.Random(3)
    k = Knowledge(state.view(0))
    for _ in range(30):
        biased_step(state, rng, accuse=0.3)
    start = k.done + 5
    tail = state.view(0, since=start)
    k.update(tail)
    assert k.done == tail["history_len"]
    assert k.beliefs() == Knowledge(tail).beliefs()


def test_knowledge_counts_calls_once_per_window() -> None:
    """A seat that passed and one that called are counted once each, however the entries arrive."""
    state = position(3, {1: ["KS", "QS", "2D", "3D", "4D"]}, dealer=0)
    k = Knowledge(state.view(0))
    state.act(1, play("KS", "KS"))
    state.act(2, {"type": "pass"})
    state.act(0, {"type": "pass"})
    state.act(2, play(state.view(2)["hand"][0], "KH"))
    k.update(state.view(0, since=1))
    k.update(state.view(0, since=2))
    # Seat 2 passed on seat 1's play (leaving four cards): asked once, never called.
    assert k.asked[2] == [0, 1] and k.called[2] == [0, 0]
    assert k.asked[0] == [0, 0]  # this seat's own answers are not habits of another player
    state.act(0, {"type": "accuse"})
    k.update(state.view(0, since=k.done))
    assert k.asked[1] == [0, 0] and sum(map(sum, k.asked)) == 1
    assert k.lies[2] + k.truths[2] == 1


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_sure_lie_and_a_last_but_one_card_are_accused(level: str) -> None:
    bot = bots.make(level, "liegen", seed=1)
    state = position(3, {0: ["5H", "2C"], 1: ["KS", "QS", "2D", "3D", "4D"]}, dealer=0)
    state.act(1, play("KS", "5H"))  # seat 0 holds the 5 of hearts: a sure lie
    assert state.to_act == (2,)
    state.act(2, {"type": "pass"})
    assert isinstance(bot.act(state.view(0), state.legal_actions(0)), Accuse)
    state = position(3, {1: ["KS", "QS"]}, dealer=0)
    state.act(1, play("KS", "KS"))  # true, but it leaves one card: the next turn would win
    assert isinstance(bot.act(state.view(2), state.legal_actions(2)), Accuse)


def test_strong_with_one_card_leaves_a_last_but_one_card_alone() -> None:
    """Its own last card goes down before the claimant comes round: a wrong call would throw that away."""
    bot = bots.make("strong", "liegen", seed=1)
    pile = [{"seat": 0, "card": "2C", "announce": "2C"}]
    state = position(3, {1: ["KS", "QS"], 2: ["9H"]}, dealer=2, pile=pile)
    state.act(1, play("KS", "2S"))  # a lie, leaving seat 1 one card; seat 2 plays next
    view = state.view(2)
    assert view["hand_sizes"][1] == 1 and view["window"][0] == 2
    assert isinstance(bot.act(view, state.legal_actions(2)), Pass)


def test_basic_plays_honestly_when_a_card_follows() -> None:
    bot = bots.make("basic", "liegen", seed=3)
    pile = [{"seat": 2, "card": "AC", "announce": "9H"}]
    state = position(3, {0: ["2H", "KC", "QD", "JS"]}, dealer=0, pile=pile)
    action = bot.act(state.view(0), state.legal_actions(0))
    assert action.card == "2H" and action.announce == "2H"


def test_strong_never_tells_a_provable_lie_when_it_can_follow() -> None:
    """With a card that follows, it plays it or sheds another card under the name of one it keeps.

    Either way nobody else can prove the claim; and it never names a card
    twice in one trick (a counter would know one of the two was a lie).
    """
    rng = random.Random(7)
    for g in range(6):
        state = liars.make("liegen", players=4, seed=g).new_game()
        assert isinstance(state, LiegenState)
        strong = StrongBot(seed=g)
        basic = bots.make("basic", "liegen", seed=g)
        while not state.over:
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            if seat != 0:
                state.act(seat, basic.act(view, legal))
                continue
            action = strong.act(view, legal)
            if isinstance(action, Play) and len(view["hand"]) > 1:
                k = strong.knowledge
                assert k is not None
                can = any(k.honest_code(CARD_INDEX[c], k.claim) == c for c in view["hand"] if c != "X")
                if can and action.card != "X":
                    assert action.announce in view["hand"]
                    named = [code for _, code, _ in k.trick]
                    assert action.announce == action.card or action.announce not in named
            state.act(seat, action if rng.random() < 0.95 else rng.choice(legal))


def test_strong_trusts_a_likely_claim_when_the_pile_is_big() -> None:
    """A claim made from a big hand is usually honest, and a wrong call would take a big pile."""
    bot = bots.make("strong", "liegen", seed=5)
    pile = [
        {"seat": s, "card": c, "announce": c}
        for s, c in zip([1, 2, 3, 0], ["2H", "3H", "4H", "5H"], strict=True)
    ]
    mine = ["7H", "8C", "9C", "TC", "JC", "QC", "KC", "8D", "9D", "TD", "JD", "QD"]
    state = position(4, {1: mine}, dealer=0, pile=pile)
    assert state.to_act == (1,)
    state.act(1, play("7H", "7H"))
    assert state.to_act == (2,) and state.view(2)["pile_size"] == 5
    decisions = [bot.act(state.view(2), state.legal_actions(2)) for _ in range(2)]
    assert all(isinstance(d, Pass) for d in decisions)


def test_strong_keeps_a_joker_for_its_two_card_play() -> None:
    bot = bots.make("strong", "liegen", seed=2)
    pile = [{"seat": 2, "card": "AC", "announce": "9H"}]
    state = position(3, {0: ["X", "2H", "KC", "QD"]}, dealer=0, pile=pile, jokers=True)
    action = bot.act(state.view(0), state.legal_actions(0))
    assert action.card != "X"
    # Nothing follows a nine of hearts and the pile is big: a lie now, the joker for the two-card play.
    cards = zip(["AC", "AD", "AS", "2S"], ["9C", "9D", "9S", "9H"], strict=True)
    pile = [{"seat": i % 3, "card": c, "announce": a} for i, (c, a) in enumerate(cards, 2)]
    state = position(3, {0: ["X", "3C", "KC", "QD"]}, dealer=1, pile=pile, jokers=True)
    assert state.to_act == (0,) and state.view(0)["pile_size"] == 4
    action = bot.act(state.view(0), state.legal_actions(0))
    assert action.card != "X"


def test_a_repeated_position_gets_varied_answers() -> None:
    """The same position again and again (a cycle of play) must not get the same answer for ever."""
    bot = bots.make("strong", "liegen", seed=3)
    state = position(3, {1: ["KS", "QS"]}, dealer=0)
    state.act(1, play("KS", "KS"))
    view, legal = state.view(2), state.legal_actions(2)
    answers = {type(bot.act(view, legal)) for _ in range(30)}
    assert answers == {Accuse, Pass}


@pytest.mark.parametrize("style", sorted(gauntlet.STYLES))
def test_gauntlet_styles_play_legal_games_to_the_end(style: str) -> None:
    cls = gauntlet.STYLES[style]
    # A table of bluffers alone under the default rules churns for thousands of actions: the mixed
    # table below covers those rules.
    for i, variant in enumerate(VARIANTS[3::3], start=1):
        players = 3 + i
        state = liars.make("liegen", players=players, seed=i, **variant).new_game()
        assert isinstance(state, LiegenState)
        lineup = [cls(game_id="liegen", seed=s) for s in range(players)]
        assert len(run(state, lineup)) == 1
    mixed = liars.make("liegen", players=5, seed=9).new_game()
    assert isinstance(mixed, LiegenState)
    others = [gauntlet.STYLES[s] for s in sorted(gauntlet.STYLES)]
    lineup = [cls(seed=0), *(o(seed=s + 1) for s, o in enumerate(others))]
    assert len(run(mixed, lineup)) == 1


def test_the_rank_step_cycle_against_three_trackers_ends() -> None:
    """Seed 5's match 1 under rank_step: three Trackers traded two-card piles round and round.

    Before strong let calls go when the hand sizes and pile came round again, the game ran into
    the arena's bound (10,000 actions, reported unfinished); now it ends.
    """
    from liars import arena

    spec = "gauntlet.liegen:Tracker"
    config = arena.Config("liegen", ("strong", spec, spec, spec), 5, (("follow", "rank_step"),))
    match = arena.schedule(config, 2)[1]
    record = arena.play(config, match)
    assert not record["unfinished"]
    assert record["actions"] < bots.action_bound(liars.make("liegen", players=4, follow="rank_step")) // 2


def test_a_two_player_jokers_game_trading_piles_for_ever_ends() -> None:
    """Deal 2, two players with jokers, strong against the gauntlet's Bluffer: each called the
    other's plays and they traded piles of one to five cards with hands near 35 and 18, with no
    position coming back exactly, until the arena's bound (10,000 actions; 2 games in 200 at
    seed 5).  Past ``LONG_ROUND`` accusations strong lets every claim but a sure lie or a last
    card go, and the game ends."""
    game = liars.make("liegen", players=2, seed=2, jokers=True)
    state = game.new_game()
    assert isinstance(state, LiegenState)
    lineup = [bots.load("strong", "liegen", seed=2), gauntlet.Bluffer("liegen", seed=21)]
    run(state, lineup, cap=bots.action_bound(game) // 2)


def test_after_a_long_round_of_calls_strong_calls_only_sure_lies() -> None:
    """The position of the jokers test below, after ``LONG_ROUND`` accusations this round: the
    likely lie now goes; a claim its own hand proves false is still called."""
    pile = [{"seat": 2, "card": "9C", "announce": "5C"}]
    theirs = ["9D", "7S", "8S", "9S", "TS", "JS"]
    state = position(4, {0: ["5H", "2C", "KD", "7D", "3H"], 3: theirs}, dealer=1, pile=pile, jokers=True)
    state.act(3, play("9D", "5H"))
    view = state.view(0)
    bot = StrongBot(seed=1)
    bot.know(view).calls = LONG_ROUND
    assert isinstance(bot.act(view, state.legal_actions(0)), Pass)
    plain = position(4, {0: ["5H", "2C", "KD", "7D", "3H"], 3: theirs}, dealer=1, pile=pile)
    plain.act(3, play("9D", "5H"))  # without jokers it holds the 5H: a sure lie
    view = plain.view(0)
    bot = StrongBot(seed=1)
    bot.know(view).calls = LONG_ROUND
    assert isinstance(bot.act(view, plain.legal_actions(0)), Accuse)


def test_strong_with_jokers_calls_a_claim_only_a_joker_could_make() -> None:
    """It holds the claimed card: the claim is true only if the claimant played a joker.

    A player with an ordinary card that follows plays it and keeps its joker, so from a small
    hand that could hardly follow such a claim is most likely a lie.  (Counted as a joker that
    any hand may play, the odds were 0.20 and the bot let it go.)
    """
    pile = [{"seat": 2, "card": "9C", "announce": "5C"}]
    theirs = ["9D", "7S", "8S", "9S", "TS", "JS"]
    state = position(4, {0: ["5H", "2C", "KD", "7D", "3H"], 3: theirs}, dealer=1, pile=pile, jokers=True)
    assert state.to_act == (3,)
    state.act(3, play("9D", "5H"))
    view = state.view(0)
    assert view["window"][0] == 0 and view["hand_sizes"][3] == 5
    bot = StrongBot(seed=1)
    assert bot.lie_chance(bot.know(view)) > 0.6
    assert isinstance(bot.act(view, state.legal_actions(0)), Accuse)


@pytest.mark.parametrize("follow", ["rank_step", "suit"])
def test_the_gauntlets_miser_keeps_its_follower_under_every_follow_rule(follow: str) -> None:
    """With more than five cards the Miser keeps the card that follows and lies under its name.

    Under rank_step an announcement is a rank ("8"), not a card ("8C"); the Miser compared the
    two, found no name it could lie under, and so never hoarded there: the benchmark's Miser was
    an Honest player under that rule.
    """
    hand = ["8C", "2S", "3D", "QH", "KS", "4D", "JD"]
    pile = [{"seat": 3, "card": "5H", "announce": "7" if follow == "rank_step" else "7C"}]
    state = position(4, {0: hand}, dealer=2, pile=pile, follow=follow)
    assert state.to_act == (0,)
    view, legal = state.view(0), state.legal_actions(0)
    name = "8" if follow == "rank_step" else "8C"
    for seed in range(12):
        choice = gauntlet.Miser(seed=seed).act(view, legal)
        assert isinstance(choice, Play)
        assert choice.card != "8C" and choice.announce == name
