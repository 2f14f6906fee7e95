"""Bots for ``love-letter``: they finish games from views only, repeat themselves for a seed, keep their
knowledge incrementally (full and tail views alike), and basic beats random; the gauntlet styles play legal
games."""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import liars
from liars import bots
from liars.bots.love_letter import choose, kept_after
from liars.bots.love_letter_knowledge import Knowledge, _sightings
from liars.bots.love_letter_strong import StrongBot, _believed
from liars.bots.love_letter_worlds import _Worlds
from liars.games.love_letter import LoveState, Play
from liars.games.love_letter_cards import COUNT
from liars.games.love_letter_view import constraints, unseen
from tests.test_love_letter import play, position, start

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from gauntlet import love_letter as gauntlet

FAST = {"worlds": 3}  # a fixed, small amount of work per decision: deterministic and quick


def run(levels: list[str], players: int, seed: int, **options: Any) -> tuple[LoveState, list[Any]]:
    state = liars.make("love-letter", players=players, seed=seed, **options).new_game()
    assert isinstance(state, LoveState)
    agents = [
        bots.make(lvl, "love-letter", seed=seed * 7 + s, **(FAST if lvl == "strong" else {}))
        for s, lvl in enumerate(levels)
    ]
    moves = []
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots.checked_act(agents[seat], f"seat {seat}", state.view(seat), legal)
        moves.append(action)
        state.act(seat, action)
    return state, moves


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"target_wins": 1}), (3, {"target_wins": 2}), (4, {}), (2, {"target_wins": 2})],
)
def test_bots_finish_games(players: int, options: dict[str, Any]) -> None:
    levels = ["strong", "basic", "random", "basic"][:players]
    state, _ = run(levels, players, 3, **options)
    assert state.over and state.winners


def test_bots_are_deterministic_for_a_seed() -> None:
    for levels in (["basic", "basic", "basic"], ["strong", "basic", "random"]):
        _, a = run(levels, 3, 5, target_wins=1)
        _, b = run(levels, 3, 5, target_wins=1)
        assert a == b


def test_rule_of_thumb_is_always_legal() -> None:
    """The strong bot's rollouts skip the legality check, so this must hold everywhere."""
    rng = random.Random(4)
    for seed in range(150):
        state = liars.make("love-letter", players=rng.choice([2, 3, 4]), seed=seed, target_wins=1).new_game()
        assert isinstance(state, LoveState)
        while not state.over:
            seat = state.to_act[0]
            hand, known = state.hands[seat], state.known[seat]
            left = partial(unseen, hand, state.played, known)
            pick = choose(hand, seat, state.out, state.protected, known, left, rng)
            assert pick in state.legal_actions(seat)
            sharp = choose(hand, seat, state.out, state.protected, known, left, rng, state.played)
            assert sharp in state.legal_actions(seat)
            state.act(seat, pick if rng.random() < 0.5 else rng.choice(state.legal_actions(seat)))


def test_basic_takes_a_sure_kill() -> None:
    state = start(position([["7"], ["J"]], ["6", "5", "T"]))
    play(state, "7", 1)  # seat 0 looks at seat 1's J and keeps the 6
    play(state, "5", 0, "K")  # seat 1 (J + 5) misses and keeps the J
    bot = bots.make("basic", "love-letter", seed=1)
    assert bot.act(state.view(0), state.legal_actions(0)) == Play("6", 1, "J")


def test_strong_finds_the_sure_kill_and_does_not_throw_the_k_away() -> None:
    state = start(position([["7"], ["J"]], ["6", "5", "T"]))
    play(state, "7", 1)
    play(state, "5", 0, "K")
    bot = bots.make("strong", "love-letter", seed=3, **FAST)
    assert bot.act(state.view(0), state.legal_actions(0)) == Play("6", 1, "J")
    state = start(position([["K"], ["6"], ["7"]], ["9"]))
    assert bot.act(state.view(0), state.legal_actions(0)) == Play("9")


@pytest.mark.parametrize(("hand", "card"), [(["5", "Q"], "5"), (["K", "9"], "9"), (["T", "8"], "8")])
def test_basic_keeps_the_higher_card(hand: list[str], card: str) -> None:
    state = start(position([[hand[0]], ["6"], ["7"]], [hand[1]]))
    bot = bots.make("basic", "love-letter", seed=2)
    for _ in range(5):
        assert bot.act(state.view(0), state.legal_actions(0)).card == card


@pytest.mark.parametrize(("players", "least"), [(2, 0.62), (4, 0.35)])
def test_basic_beats_random(players: int, least: float) -> None:
    wins = 0.0
    games = 240
    for g in range(games):
        hero = g % players
        levels = ["basic" if s == hero else "random" for s in range(players)]
        state, _ = run(levels, players, 1000 + g, target_wins=1)
        if hero in state.winners:
            wins += 1 / len(state.winners)
    assert wins / games >= least  # random's fair share is 1/players


def test_a_searched_world_is_an_engine_position_the_bot_could_be_in() -> None:
    """Each world the search plays is built by the engine from a setup, and looks to the bot as its view."""
    rng = random.Random(9)
    checked = 0
    public = (
        "hand",
        "played",
        "out",
        "protected",
        "known",
        "deck_size",
        "unseen",
        "set_aside_down",
        "to_act",
    )
    for seed in range(60):
        players = rng.choice([2, 3, 4])
        state = liars.make("love-letter", players=players, seed=seed, target_wins=1).new_game()
        for _ in range(rng.randrange(7)):
            if not state.over:
                state.act_id(rng.choice(state.legal_ids()))
        if state.over:
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        knowledge = Knowledge(seat, players)
        knowledge.update(view)
        worlds = _Worlds(view, knowledge, 0.95)
        for _ in range(5):
            world = worlds.draw(rng)
            assert isinstance(world, LoveState) and not world.over
            mine: Mapping[str, object] = world.view(seat)  # read by the keys in public
            theirs: Mapping[str, object] = view
            assert {k: mine[k] for k in public} == {k: theirs[k] for k in public}
            for u, v in knowledge.pairs:  # who saw whose card knows it in the world too
                if seat not in (u, v) and not view["out"][u] and not view["out"][v]:
                    assert world.view(u)["known"][str(v)] == world.view(v)["hand"][0]
            checked += 1
    assert checked > 150


def test_sightings_follow_the_cards() -> None:
    ev = [
        {"type": "play", "seat": 1, "card": "7", "target": 2},
        {"type": "play", "seat": 3, "card": "8", "target": 0, "loser": None},
    ]
    assert _sightings(ev) == {(1, 2), (3, 0), (0, 3)}
    assert _sightings([*ev, {"type": "play", "seat": 2, "card": "9"}]) == {(3, 0), (0, 3)}
    swap = {"type": "play", "seat": 0, "card": "J", "target": 2}  # seat 2's card goes to seat 0
    assert _sightings([*ev, swap]) == {(1, 0), (0, 2), (2, 0), (0, 3)}
    assert _sightings([*ev, {"type": "out", "seat": 3, "card": "5"}]) == {(1, 2)}


def test_strong_believes_players_keep_the_higher_card() -> None:
    # seat 1 plays a 10 at seat 2 (no sure kill): basic would only do that holding a 10 or more
    state = start(position([["5"], ["T"], ["6"]], ["7", "K", "8", "9"]))
    play(state, "5", 2, "K")  # seat 0 keeps the 7
    play(state, "T", 2)  # seat 1 (T + K) keeps the K; seat 2 discards its 6 and draws the 8
    view = state.view(2)
    rng = random.Random(3)
    for bias, least in ((0.95, 0.8), (0.0, 0.0)):
        knowledge = Knowledge(2, 3, 1.0 - bias)
        knowledge.update(view)
        worlds = _Worlds(view, knowledge, bias)
        high = sum(worlds.draw(rng).view(1)["hand"][0] in ("T", "J", "Q", "K") for _ in range(400)) / 400
        assert high >= least and (bias > 0 or high < 0.5)


def test_kept_after_follows_the_rule_of_thumb_and_the_forced_q() -> None:
    assert kept_after("7", "9") and not kept_after("9", "7")
    assert kept_after("Q", "J") and kept_after("Q", "T") and kept_after("Q", "K") and not kept_after("Q", "9")
    assert not kept_after("J", "Q") and not kept_after("T", "Q") and kept_after("9", "Q")
    for played in "KQJT98765":  # what choose() does with every hand, when there is no sure kill
        for other in "KQJT98765":
            if played == other == "K" or (played == other and played in "QJ"):
                continue
            pick = choose(
                [played, other], 0, [False] * 3, [False] * 3, {}, partial(dict, COUNT), random.Random(1)
            )
            if pick.card == played and played != other:
                assert kept_after(played, other), (played, other)


@pytest.mark.parametrize(("hand", "plain", "sharp"), [(["5", "9"], "5", "9"), (["8", "T"], "8", "T")])
def test_the_sharp_rule_plays_the_9_first_and_the_10_before_an_8(
    hand: list[str], plain: str, sharp: str
) -> None:
    out, prot, left = [False] * 4, [False] * 4, dict(COUNT)
    for seed in range(6):
        rng = random.Random(seed)
        assert choose(hand, 0, out, prot, {}, lambda: left, rng).card == plain
        played: list[list[str]] = [[], [], [], []]
        assert choose(hand, 0, out, prot, {}, lambda: left, rng, played).card == sharp
    alone = [False, True, True, True]  # nobody to protect against, nothing to aim at: the plain rule
    assert choose(hand, 0, out, alone, {}, lambda: left, random.Random(1), [[]] * 4).card == plain


def test_the_sharp_rule_names_what_the_target_kept_over_its_last_play() -> None:
    left = {"K": 1, "Q": 1, "J": 1, "T": 1, "9": 2, "8": 2, "7": 2, "6": 3, "5": 2}
    out, prot = [False, False], [False, False]
    plain, sharp = set(), set()
    for seed in range(20):
        plain.add(choose(["5", "K"], 0, out, prot, {}, lambda: left, random.Random(seed)).guess)
        played = [[], ["T"]]  # seat 1 played a 10: it kept a J or a K (the Q would have gone first)
        sharp.add(choose(["5", "K"], 0, out, prot, {}, lambda: left, random.Random(seed), played).guess)
    assert plain <= {"9", "8", "7"} and sharp <= {"J", "T", "K"}


def test_strong_checks_its_sharp_option() -> None:
    with pytest.raises(ValueError, match="sharp"):
        StrongBot(sharp="everyone")
    with pytest.raises(ValueError, match="sharp"):  # a value from JSON that is no name at all
        StrongBot(sharp=["me"])  # type: ignore[arg-type]
    games = []
    for _ in range(2):
        state = liars.make("love-letter", players=4, seed=8, target_wins=1).new_game()
        agents = [StrongBot(seed=s, sharp=("all", "me", "others", "none")[s], worlds=3) for s in range(4)]
        moves = []
        while not state.over:
            seat = state.to_act[0]
            action = bots.checked_act(agents[seat], "strong", state.view(seat), state.legal_actions(seat))
            moves.append(action)
            state.act(seat, action)
        games.append(moves)
    assert games[0] == games[1]  # deterministic for its seed, whoever plays the sharp rule


def test_the_searcher_guesses_by_belief_in_its_rollouts() -> None:
    state = start(position([["6"], ["T"]], ["5", "K"]))
    play(state, "5", 1, "K")  # seat 0 keeps the 6; seat 1 (T + K) will play the 10
    play(state, "T", 0)  # seat 0 discards its 6 and draws; seat 1 keeps the K
    view = state.view(0)
    plain = view["unseen"]
    believed = _believed(plain, view["out"], 0, {1: "T"})
    assert plain["9"] > 0 and believed["9"] == 0 and believed["K"] == plain["K"]
    assert _believed(plain, view["out"], 0, {}) == plain  # nothing played: the counts
    assert _believed(plain, [False, False, False], 0, {1: "T"}) == plain  # two players left: the counts


# -- views only, every variant, from random positions ----------------------------------------------


def strong_and_gauntlet(players: int, seed: int) -> list[Any]:
    styles = list(gauntlet.STYLES.values())
    return [
        bots.make("strong", "love-letter", seed=seed, **FAST),
        *(styles[(seed + s) % len(styles)](game_id="love-letter", seed=seed + s) for s in range(1, players)),
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("target_wins", [1, 2, None])
def test_bots_finish_every_variant_from_random_positions(players: int, target_wins: int | None) -> None:
    """Random prefixes, then basic, strong and the gauntlet finish the match from views alone."""
    rng = random.Random(players * 10 + (target_wins or 0))
    for g in range(3 if target_wins is None else 6):
        state = liars.make("love-letter", players=players, seed=g, target_wins=target_wins).new_game()
        for _ in range(rng.randrange(12)):
            if not state.over:
                state.act_id(rng.choice(state.legal_ids()))
        agents: list[Any] = (
            [bots.make("basic", "love-letter", seed=g + s) for s in range(players)]
            if g % 2
            else strong_and_gauntlet(players, g)
        )
        rng.shuffle(agents)
        turns = 0
        while not state.over:
            seat = state.to_act[0]
            view = state.view(seat)
            assert isinstance(view, dict) and view["seat"] == seat
            state.act(seat, bots.checked_act(agents[seat], f"seat {seat}", view, state.legal_actions(seat)))
            turns += 1
            assert turns < 2000  # every turn takes a card from the pile: a round cannot loop
        assert state.winners


def test_strong_plays_the_same_from_tail_views_as_from_full_views() -> None:
    """The incremental knowledge makes a view's tail as good as the whole history."""
    for seed in range(4):
        players = 2 + seed % 3
        games = []
        for tail in (False, True):
            state = liars.make("love-letter", players=players, seed=seed, target_wins=2).new_game()
            agents = [bots.make("strong", "love-letter", seed=seed * 5 + s, **FAST) for s in range(players)]
            seen = [0] * players
            moves = []
            while not state.over:
                seat = state.to_act[0]
                view = state.view(seat, since=seen[seat]) if tail else state.view(seat)
                seen[seat] = view["history_len"]
                action = bots.checked_act(agents[seat], "strong", view, state.legal_actions(seat))
                moves.append(action)
                state.act(seat, action)
            games.append(moves)
        assert games[0] == games[1]


def test_strong_default_is_a_fixed_amount_of_work() -> None:
    """No time budget by default: the same seed gives the same moves whatever the machine's speed."""
    bot = StrongBot(seed=1)
    assert bot.budget is None and bot.worlds is not None
    runs = []
    for _ in range(2):
        state = liars.make("love-letter", players=3, seed=8, target_wins=1).new_game()
        agents = [bots.make("strong", "love-letter", seed=40 + s) for s in range(3)]
        moves = []
        while not state.over:
            seat = state.to_act[0]
            moves.append(
                bots.checked_act(agents[seat], "strong", state.view(seat), state.legal_actions(seat))
            )
            state.act(seat, moves[-1])
        runs.append(moves)
    assert runs[0] == runs[1]


# -- incremental knowledge -----------------------------------------------------------------------


def knowledge_fields(k: Knowledge) -> tuple[Any, ...]:
    return (k.rules, k.last, k.pairs, k.knows_me, k.complete, k.like, k.my_card, k.my_prot)


class Recording(Knowledge):
    """Knowledge that records which history entries it read."""

    def __init__(self, seat: int, players: int) -> None:
        self.read: list[int] = []
        super().__init__(seat, players)

    def step(self, index: int, e: Any) -> None:
        self.read.append(index)
        super().step(index, e)


def test_incremental_knowledge_equals_knowledge_from_scratch() -> None:
    """At every point of real matches, fed full views and tails of random overlap, every entry read once."""
    rng = random.Random(2)
    checks = 0
    for g in range(40):
        players = rng.choice([2, 3, 4])
        state = liars.make("love-letter", players=players, seed=g, target_wins=3).new_game()
        assert isinstance(state, LoveState)
        me = rng.randrange(players)
        live = Recording(me, players)
        hands: dict[int, tuple[str, ...]] = {}  # my hand by the index of my coming play
        while not state.over:
            seat = state.to_act[0]
            if seat == me or rng.random() < 0.3:
                since = rng.choice([0, live.done, max(0, live.done - rng.randrange(4))])
                view = state.view(me, since=since)
                live.update(view)
                assert live.read == list(range(view["history_len"]))  # none skipped, none twice
                scratch = Knowledge(me, players)
                for i, h in hands.items():
                    scratch.note_hand(i, h)
                scratch.update(state.view(me))
                assert knowledge_fields(live) == knowledge_fields(scratch)
                assert live.rules == constraints(state.view(me)["history"], players)
                checks += 1
                if seat == me:
                    hands[view["history_len"]] = tuple(view["hand"])
                    live.note_hand(view["history_len"], view["hand"])
            state.act_id(rng.choice(state.legal_ids()))
    assert checks > 500


def test_knowledge_starts_again_on_a_gap_a_shorter_history_or_a_new_epoch() -> None:
    state = liars.make("love-letter", players=3, seed=5, target_wins=3).new_game()
    rng = random.Random(5)
    for _ in range(30):
        if not state.over:
            state.act_id(rng.choice(state.legal_ids()))
    k = Recording(0, 3)
    k.update(state.view(0, since=0))
    n = state.view(0)["history_len"]
    assert k.read == list(range(n)) and k.done == n
    k.read.clear()
    k.update(state.view(0, since=n - 2))  # nothing new: nothing read
    assert k.read == []
    view = dict(state.view(0), history_epoch=7)  # another history: read again from the start
    k.update(view)
    assert k.read == list(range(n))
    fresh = liars.make("love-letter", players=3, seed=6, target_wins=3).new_game()
    short = fresh.view(0)  # a new match, shorter than what was read: start again
    k.epoch = short["history_epoch"]
    k.read.clear()
    k.update(short)
    assert k.read == list(range(short["history_len"])) and k.complete
    gap = state.view(0, since=n - 3)  # a tail that starts after what was read: start again from it
    k.read.clear()
    k.done = 1
    k.epoch = gap["history_epoch"]
    k.update(gap)
    assert k.read == list(range(n - 3, n)) and k.done == n


# -- the gauntlet's styles -------------------------------------------------------------------------


@pytest.mark.parametrize("style", sorted(gauntlet.STYLES))
def test_gauntlet_styles_play_legal_games_to_the_end(style: str) -> None:
    cls = gauntlet.STYLES[style]
    for g, players in enumerate([2, 3, 4, 4]):
        state = liars.make("love-letter", players=players, seed=g, target_wins=2).new_game()
        agents = [cls(game_id="love-letter", seed=g * 10 + s) for s in range(players)]
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = agents[seat].act(state.view(seat), legal)
            assert action in legal
            state.act(seat, action)
        assert state.winners


def test_beliefs_follow_a_chain_of_plays_and_what_i_saw() -> None:
    """Two plays in a row say more than the last one; a card I saw is certain until its owner plays it."""
    state = start(position([["7"], ["6"]], ["8", "9", "5", "K", "Q"]))
    k = Knowledge(0, 2, 0.05)
    play(state, "7", 1)  # seat 0 (7 + 8) looks at seat 1's 6, keeps the 8
    k.update(state.view(0))
    assert k.like[1] == {c: float(c == "6") for c in "KQJT98765"}
    play(state, "6", 0, "T")  # seat 1 (6 + 9) plays the 6 I saw: it kept the card drawn
    k.update(state.view(0))
    like = k.like[1]
    assert like["5"] < like["9"] < like["6"] and like["K"] == like["7"] == like["9"]  # kept high (or a twin)
    # seat 1 names T: a player rarely names a card it holds (two copies: half as likely)
    assert like["T"] == pytest.approx(0.5 * like["9"])
    state = start(position([["5"], ["6"], ["7"]], ["8", "9", "Q", "K"]))
    k = Knowledge(2, 3, 0.05)
    play(state, "5", 1, "K")  # seat 0 (5 + 8) keeps the 8: some card 5 or higher
    play(state, "6", 2, "J")  # seat 1 (6 + 9) keeps the 9
    k.update(state.view(2))
    one = dict(k.like[0])
    assert one["8"] > one["5"] and one["K"] == pytest.approx(0.05 * one["Q"])  # it named the only K
    worlds = _Worlds(state.view(2), k, 0.95)
    m = worlds.marginal(1)
    assert m["J"] < 0.1 * m["T"] and sum(m.values()) == pytest.approx(1.0)  # seat 1 named the J: not its


def test_a_player_who_knew_my_card_and_did_not_name_it_holds_no_6_or_5() -> None:
    state = start(position([["K"], ["7"]], ["Q", "9", "7", "8"]))
    k = Knowledge(0, 2, 0.05)

    def my_turn() -> None:  # as the bot does: read the view, note my hand
        k.update(state.view(0))
        k.note_hand(k.done, state.hands[0])

    my_turn()
    play(state, "Q")  # seat 0 keeps the K
    play(state, "7", 0)  # seat 1 (7 + 9) sees my K
    my_turn()
    play(state, "7", 1)  # seat 0 (K + 7) sees seat 1's 9
    k.update(state.view(0))
    assert k.knows_me == [1] and k.my_card == "K"
    blind = copy.deepcopy(k)
    blind.knows_me = []  # the same history, had seat 1 not known my card
    play(state, "9")  # seat 1 (9 + 8) plays the 9, no 6 or 5 at my K
    view = state.view(0, since=k.done)
    k.update(view)
    blind.update(view)
    for c, x in k.like[1].items():
        assert x == pytest.approx(blind.like[1][c] * (0.1 if c in "65" else 1.0))
    assert k.like[1]["8"] > 0.0


def test_the_budget_is_an_opt_in_cap() -> None:
    """With a budget already spent, a decision still looks at the first batch of worlds and stops."""
    state = start(position([["8"], ["6"], ["7"]], ["T", "9"]))  # seat 0: 8 + T, several plays
    capped = StrongBot(seed=1, budget=0.0)
    capped.act(state.view(0), state.legal_actions(0))
    assert capped.last_worlds == 8
    fixed = StrongBot(seed=1, worlds=40, prune=100.0)  # no pruning: all 40 worlds
    fixed.act(state.view(0), state.legal_actions(0))
    assert fixed.last_worlds == 40
    assert StrongBot(iterations=40).worlds == fixed.worlds != StrongBot().worlds
    assert StrongBot(worlds={2: 7, 3: 8, 4: 9}).worlds[3] == 8


@pytest.mark.parametrize("guesses", [1, 2])
def test_strong_names_the_only_card_a_won_8_leaves(guesses: int) -> None:
    """Seat 1 won an 8 against a 10 and the J and Q are gone: it holds the K, and strong names it.

    The rule of thumb, which reads no history, names a rank by the counts (a
    7, 8, 9 or 10): only the knowledge of the 8's loser forces the K.
    """
    setup = position([["6"], ["K"], ["T"]], ["8", "7"], played=[["J"], ["Q"], []], starter=1)
    state = start(setup)
    play(state, "8", 2)  # seat 1 (K + 8) compares with seat 2's 10: seat 2 is out, its 10 shown
    assert state.out == [False, False, True]
    view, legal = state.view(0), state.legal_actions(0)
    basic = bots.make("basic", "love-letter", seed=1).act(view, legal)
    assert basic.card == "6" and basic.guess != "K"
    for seed in (1, 2, 3):
        bot = bots.make("strong", "love-letter", seed=seed, guesses=guesses, **FAST)
        assert bot.act(view, legal) == Play("6", 1, "K")
