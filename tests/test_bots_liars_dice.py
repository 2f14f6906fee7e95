"""The Liar's Dice bots: their odds, beliefs, incremental knowledge, the plan, whole games, the gauntlet."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path
from typing import Any, cast

import pytest

import liars
from liars import bots
from liars.bots import liars_dice as ld
from liars.games.liars_dice import Bid, Liar, bid_of


def position(dice: list[list[int]], opener: int, bids: list[tuple[int, int]], **opts: Any) -> liars.State:
    game = liars.make("liars-dice", players=len(dice), seed=1, dice=max(len(d) for d in dice), **opts)
    state = game.new_game(setup={"dice": dice, "opener": opener})
    for q, f in bids:
        state.act(state.to_act[0], Bid(q, f))
    return state


def test_binomial_tail_matches_enumeration() -> None:
    for n in range(0, 5):
        for k in range(0, n + 2):
            for p_face, wild in ((1 / 6, False), (1 / 3, True)):
                hits = 0
                for roll in itertools.product(range(1, 7), repeat=n):
                    hits += ld.own_count(roll, 5, wild) >= k
                assert ld.at_least(k, n, p_face) == pytest.approx(hits / 6**n)


def test_own_count_with_wild_ones() -> None:
    assert ld.own_count([1, 1, 5, 6], 5, True) == 3
    assert ld.own_count([1, 1, 5, 6], 5, False) == 1
    assert ld.own_count([1, 1, 5, 6], 1, True) == 2  # a bid on ones counts ones only


def test_min_raise() -> None:
    assert ld.min_raise(-1, 4) == 1
    three_fives = Bid(3, 5).index
    assert ld.min_raise(three_fives, 6) == 3
    assert ld.min_raise(three_fives, 5) == 4
    assert ld.min_raise(three_fives, 2) == 4


def test_min_raise_follows_the_engines_bid_order() -> None:
    # Every standing bid of a 12-dice table: the smallest raise per face is the first bid on that
    # face that the engine lists as legal over it (the engine's order, not a copy of it).
    for index in range(-1, Bid(12, 6).index):
        bids = [(bid_of(index).quantity, bid_of(index).face)] if index >= 0 else []
        state = position([[2] * 6, [3] * 6], 0, bids)
        legal = [a for a in state.legal_actions(state.to_act[0]) if isinstance(a, Bid)]
        for face in range(1, 7):
            first = min((a.quantity for a in legal if a.face == face), default=13)
            assert ld.min_raise(index, face) == first, (index, face)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_calls_a_bid_its_own_cup_makes_impossible(level: str) -> None:
    # Seat 0 holds no six; 3 sixes among 3 + 1 dice where only 1 is unseen: impossible.
    state = position([[2, 3, 4], [6]], 1, [(3, 6)])
    bot = bots.make(level, "liars-dice", seed=1, **({"iterations": 60} if level == "strong" else {}))
    assert bot.act(state.view(0), state.legal_actions(0)) == Liar()


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_does_not_call_a_bid_its_own_cup_makes_true(level: str) -> None:
    state = position([[6, 6, 6], [1]], 1, [(2, 6)])
    bot = bots.make(level, "liars-dice", seed=1, **({"iterations": 60} if level == "strong" else {}))
    assert bot.act(state.view(0), state.legal_actions(0)) != Liar()


def test_basic_opens_honestly_on_its_best_face() -> None:
    state = position([[5, 5, 5, 2, 3], [1, 1, 1, 1, 1]], 0, [])
    bid = bots.make("basic", "liars-dice", seed=1).act(state.view(0), state.legal_actions(0))
    assert isinstance(bid, Bid) and bid.face == 5 and 3 <= bid.quantity <= 4


def test_beliefs_lean_towards_what_was_bid_and_agree_with_the_view() -> None:
    state = position([[2, 3, 5], [1, 2, 6], [2, 3, 4]], 1, [(2, 6), (3, 2)])
    view = state.view(0)
    beliefs = ld.Beliefs(view)
    rng = random.Random(5)
    sixes = {1: 0, 2: 0}
    for _ in range(300):
        sample = beliefs.sample(view, rng)
        assert sample.view(0)["dice"] == view["dice"]
        for key in ("dice_counts", "bid", "bids", "to_act", "opener"):
            assert sample.view(0)[key] == view[key]
        for s in (1, 2):
            sixes[s] += sample.view(s)["dice"].count(6)
    assert sixes[1] > 1.5 * sixes[2]  # seat 1 bid sixes; seat 2 bid twos
    # only the view went in: the same view from a different true position samples the same
    other = position([[2, 3, 5], [4, 4, 4], [6, 6, 6]], 1, [(2, 6), (3, 2)])
    assert other.view(0) == view
    a = ld.Beliefs(view).sample(view, random.Random(9)).to_json()
    b = ld.Beliefs(other.view(0)).sample(other.view(0), random.Random(9)).to_json()
    assert a == b


def test_strong_search_leaves_the_real_game_untouched() -> None:
    state = position([[2, 3, 5, 5], [1, 2, 6, 6]], 1, [(2, 6)])
    before = state.to_json()
    bot = bots.make("strong", "liars-dice", seed=3, iterations=80, budget=None)
    first = bot.act(state.view(0), state.legal_actions(0))
    assert state.to_json() == before
    again = bots.make("strong", "liars-dice", seed=3, iterations=80, budget=None).act(
        state.view(0), state.legal_actions(0)
    )
    assert first == again


def test_strong_plays_the_solver_when_it_answers() -> None:
    """Inside the solver's sizes (a one-die duel), every answer is in the equilibrium's support."""
    from liars import solver

    state = position([[3], [5]], 0, [])
    view = state.view(0)
    dist = solver.lookup(view)
    assert dist
    bot = bots.make("strong", "liars-dice", seed=1)
    support = [a for a, p in dist if p > 0]
    for _ in range(5):
        action = bot.act(view, state.legal_actions(0))
        got = action if isinstance(action, dict) else action.to_json()
        assert got in support


def test_basic_plays_the_seeds_worked_example() -> None:
    """The rules seed's example: three players, my 2,3,3,5,6; I open two threes, then three fives,
    four fives.  "Du har bare én femmer selv ... Du roper løgn": basic calls."""
    state = position([[2, 3, 3, 5, 6], [1, 1, 4, 4, 6], [2, 2, 3, 5, 5]], 0, [])
    basic = bots.make("basic", "liars-dice", seed=1)
    state.act(0, Bid(2, 3))  # the seed's opening, played for seat 0
    state.act(1, Bid(3, 5))
    state.act(2, Bid(4, 5))
    assert basic.act(state.view(0), state.legal_actions(0)) == Liar()


# -- the analytic plan ---------------------------------------------------------------


def enumerate_counts(view: dict[str, Any], beliefs: ld.Beliefs) -> list[list[float]]:
    """Per face: P(count == k), by brute force over every cup of the other seats (dice from the beliefs)."""
    wild = view["options"]["wild_ones"]
    me = view["seat"]
    dice = [s for s, c in enumerate(view["dice_counts"]) if s != me for _ in range(c)]
    out = [[0.0] * (view["total_dice"] + 1) for _ in range(7)]
    for roll in itertools.product(range(1, 7), repeat=len(dice)):
        weight = 1.0
        for s, d in zip(dice, roll, strict=True):
            probs = beliefs.probs.get(s)
            weight *= probs[d] if probs is not None else 1 / 6
        for face in range(1, 7):
            out[face][ld.own_count(view["dice"], face, wild) + ld.own_count(roll, face, wild)] += weight
    return out


@pytest.mark.parametrize("wild", [False, True])
def test_plan_odds_are_the_exact_sum_over_the_believed_cups(wild: bool) -> None:
    state = position([[2, 5], [1, 6], [3, 4, 6]], 1, [(1, 6), (2, 6)], wild_ones=wild)
    view = state.view(0)
    knowledge = ld.Knowledge(3, wild)
    knowledge.update(view)
    beliefs = ld.Beliefs(view, 1.0, [0.6, 0.6, 0.6])
    assert beliefs.p(1, 6) > ld.face_p(6, wild)  # seat 1 bid sixes: believed to hold more
    plan = ld.Plan(view, beliefs, knowledge, 0.2, 0.0, 0.08, 2)
    counts = enumerate_counts(view, beliefs)
    for face in range(1, 7):
        for q in range(0, 8):
            assert plan.true(q, face) == pytest.approx(sum(counts[face][q:]))


def test_plan_prices_a_raise_by_the_next_seat_calling_it_when_false() -> None:
    """The model's terms, recomputed by brute force over the next seat's cup and both of its readings.

    The next seat calls by its own-cup rule (the rest uniform) or, with the credited weight, by the
    same rule on the count it sees when it credits me, the raiser, with my share of the face.
    """
    state = position([[5, 5, 2], [3, 4, 1], [6, 2, 3]], 0, [])
    view = state.view(0)
    knowledge = ld.Knowledge(3, False)
    beliefs = ld.Beliefs(view, 1.0, [0.4] * 3)
    cont, temp = 0.25, 0.08
    plan = ld.Plan(view, beliefs, knowledge, cont, 0.0, temp, 2)
    tau, tau_cred, w = knowledge.call_model(1)
    assert tau == tau_cred == pytest.approx(knowledge.call_prior)  # nothing seen yet
    assert 0 < w < 0.5  # the credited reading starts as the less likely one
    mine = ld.binomial(3, 0.4)  # the next seat credits my three dice with my share of the face
    rest = ld.binomial(3, 1 / 6)  # seat 2 bid nothing
    for q in (2, 3, 4, 5):
        risk = called = 0.0
        for nxt in itertools.product(range(1, 7), repeat=3):
            k = nxt.count(5)
            cred = sum(a * b for i, a in enumerate(mine) for j, b in enumerate(rest) if i + j >= q - k)
            c = (1 - w) * ld.sigmoid((tau - ld.at_least(q - k, 6, 1 / 6)) / temp)
            c = (c + w * ld.sigmoid((tau_cred - cred) / temp)) / 6**3
            false = 1 - ld.at_least(q - k - 2, 3, 1 / 6)
            risk += c * false
            called += c
        assert plan.raise_value(q, 5) == pytest.approx(-(risk + (1 - called) * cont))


def test_credited_reading_wins_the_weight_for_a_seat_that_reads_bids() -> None:
    """A seat whose calls follow the credited count, not its own cup, gets the credited reading.

    Three seats, seat 2 opens, seat 0 raises to "2 fives", seat 1 (never a five) decides.  Its
    own cup makes that bid as likely in every round; what differs is whether seat 2 opened on
    fives (two backers: it raises) or on sixes (one backer: it calls).  Only the credited reading
    explains that, so the likelihoods give it the weight; a seat that decides by its own cup
    (here: the same choice whatever was bid before) keeps the own-cup reading.
    """

    def rounds(reader: bool) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for r in range(40):
            backed = r % 2 == 0
            bids = [
                {"seat": 2, "quantity": 1, "face": 5 if backed else 6},
                {"seat": 0, "quantity": 2, "face": 5},
            ]
            cups = [[5, 3, 1], [2, 3, 4], [5, 6, 2]]
            if backed if reader else r % 4 < 2:  # it raises; the next seat calls
                bids.append({"seat": 1, "quantity": 2, "face": 6})
                out.append({"dice": cups, "bids": bids, "caller": 2, "call": "liar"})
            else:
                out.append({"dice": cups, "bids": bids, "caller": 1, "call": "liar"})
        return out

    for reader in (True, False):
        k = ld.Knowledge(3, False)
        w0 = k.call_model(1)[2]
        history = rounds(reader)
        k.update({"history": history, "history_len": len(history)})
        w = k.call_model(1)[2]
        assert w0 < 0.5
        if reader:
            assert w > 0.9
        else:
            assert w <= w0


def test_plan_calls_a_wild_overbid_and_raises_a_covered_face() -> None:
    # 4 players, 20 dice; I hold three fives: five fives after an opening of two fives is fine,
    # but twelve threes is not
    state = position([[5, 5, 5, 2, 3], [1, 2, 3, 4, 6], [1, 2, 3, 4, 6], [1, 2, 3, 4, 6]], 3, [(12, 3)])
    bot = bots.make("strong", "liars-dice", seed=1)
    assert bot.act(state.view(0), state.legal_actions(0)) == Liar()
    state = position([[5, 5, 5, 2, 3], [1, 2, 3, 4, 6], [1, 2, 3, 4, 6], [1, 2, 3, 4, 6]], 3, [(2, 5)])
    action = bots.make("strong", "liars-dice", seed=1).act(state.view(0), state.legal_actions(0))
    assert isinstance(action, Bid) and action.face == 5


def test_strong_refuses_an_unknown_mode() -> None:
    with pytest.raises(ValueError, match="mode"):
        bots.make("strong", "liars-dice", mode="psychic")


# -- incremental knowledge ---------------------------------------------------------------


def play(players: int, seed: int, **opts: Any) -> liars.State:
    game = liars.make("liars-dice", players=players, seed=seed, **opts)
    state = game.new_game()
    lineup = [bots.make("basic", "liars-dice", seed=seed * 10 + s) for s in range(players)]
    while not state.over:
        s = state.to_act[0]
        state.act(s, lineup[s].act(state.view(s), state.legal_actions(s)))
    return state


def test_knowledge_from_tails_equals_knowledge_from_scratch() -> None:
    """Fed full views, tails and repeated views in random steps, it learns exactly what one full read does."""
    rng = random.Random(4)
    for players, wild, spot_on in ((3, False, True), (4, True, False), (2, False, True)):
        final = play(players, players, wild_ones=wild, spot_on=spot_on)
        rounds = final.view(None)["history"]
        assert len(rounds) >= 5
        game = liars.make("liars-dice", players=players, seed=1, wild_ones=wild, spot_on=spot_on)
        incremental = ld.Knowledge(players, wild, spot_on)
        read = 0
        for upto in sorted(rng.sample(range(1, len(rounds) + 1), min(12, len(rounds)))):
            # a view whose history is entries [since, upto) of the game's first `upto` rounds
            since = rng.choice([0, read, max(0, read - 1)])
            view = {
                "game": game.id,
                "players": players,
                "options": game.options,
                "history": rounds[since:upto],
                "history_len": upto,
                "history_epoch": 0,
            }
            incremental.update(view)
            incremental.update(view)  # the same view twice counts nothing twice
            read = upto
            scratch = ld.Knowledge(players, wild, spot_on)
            scratch.update(dict(view, history=rounds[:upto]))
            assert incremental.snapshot() == scratch.snapshot()
            for s in range(players):
                assert incremental.threshold(s) == scratch.threshold(s)
                assert incremental.spot_threshold(s) == scratch.spot_threshold(s)
        # a new epoch, or a history shorter than what was read, starts again
        short = {"history": rounds[:2], "history_len": 2, "history_epoch": 0}
        incremental.update(short)
        scratch = ld.Knowledge(players, wild, spot_on)
        scratch.update(short)
        assert incremental.snapshot() == scratch.snapshot()
        incremental.update({"history": rounds[:1], "history_len": 1, "history_epoch": 1})
        assert incremental.read == 1 and incremental.epoch == 1


def test_knowledge_counts_each_bid_and_decision_once() -> None:
    # Seat 1 bids fours holding two; seat 0 bids sixes holding none and then calls.
    state = position([[2, 3], [4, 4]], 0, [(1, 6), (2, 4)])
    state.act(0, Liar())
    k = ld.Knowledge(2, False)
    k.update(state.view(0))
    assert k.hits == [0.0, 2.0] and k.dice == [2.0, 2.0]
    assert k.examples == [1, 1]  # seat 1 raised over one six; seat 0 called two fours
    assert k.share(1) > 0.4 > k.share(0)
    assert ld.face_share(state.view(0)) == [k.share(0), k.share(1)]


def test_knowledge_fits_a_seat_that_calls_everything_higher_than_one_that_never_calls() -> None:
    k = ld.Knowledge(3, False)
    cups = [[2, 3, 4], [2, 3, 4], [2, 3, 4]]
    for _ in range(30):
        # seat 1 calls one two at once (a bid its own cup makes sure)
        k._round({"dice": cups, "bids": [{"seat": 0, "quantity": 1, "face": 2}], "caller": 1, "call": "liar"})
        # seat 2 raises over six sixes of nine dice (a bid it finds hopeless)
        bids = [{"seat": 1, "quantity": 6, "face": 6}, {"seat": 2, "quantity": 7, "face": 2}]
        k._round({"dice": cups, "bids": bids, "caller": 0, "call": "liar"})
    assert k.threshold(1) >= 0.9 and k.threshold(2) <= 0.1


@pytest.mark.parametrize("mode", ["analytic", "search"])
def test_strong_plays_the_same_from_tail_views(mode: str) -> None:
    """A bot fed only the new history entries decides exactly as one fed whole views."""
    game = liars.make("liars-dice", players=3, seed=11)
    state = game.new_game()
    full = cast(ld.StrongDiceBot, bots.make("strong", "liars-dice", seed=2, iterations=20, mode=mode))
    tail = cast(ld.StrongDiceBot, bots.make("strong", "liars-dice", seed=2, iterations=20, mode=mode))
    others = [bots.make("basic", "liars-dice", seed=s) for s in range(3)]
    seen = 0
    while not state.over:
        s = state.to_act[0]
        legal = state.legal_actions(s)
        if s == 0:
            a = full.act(state.view(0), legal)
            view = state.view(0, since=seen)
            assert tail.act(view, legal) == a
            seen = view["history_len"]
        else:
            a = others[s].act(state.view(s), legal)
        state.act(s, a)
    assert full.knowledge is not None and tail.knowledge is not None
    assert full.knowledge.snapshot() == tail.knowledge.snapshot()


# -- whole games ---------------------------------------------------------------------------


class ViewOnly:
    """Wraps a bot and checks it is handed a view (a dict with no engine state) and legal actions."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def act(self, view: Any, legal: Any) -> Any:
        assert isinstance(view, dict) and "seat" in view and not isinstance(view, liars.State)
        return self.bot.act(view, legal)


def random_position(players: int, options: dict[str, Any], rng: random.Random) -> liars.State:
    """A random mid-match position: random cup sizes (two seats or more with dice), a random bid prefix."""
    most = options.get("dice", 5)
    while True:
        sizes = [rng.randint(0, most) for _ in range(players)]
        if sum(1 for c in sizes if c) >= 2:
            break
    cups = [[rng.randint(1, 6) for _ in range(c)] for c in sizes]
    opener = rng.choice([s for s, c in enumerate(sizes) if c])
    game = liars.make("liars-dice", players=players, seed=rng.randrange(1 << 30), **options)
    state = game.new_game(setup={"dice": cups, "opener": opener})
    for _ in range(rng.randint(0, 3)):
        s = state.to_act[0]
        bids = [a for a in state.legal_actions(s) if isinstance(a, Bid)][:8]
        if not bids:
            break
        state.act(s, rng.choice(bids))
    return state


VARIANTS: list[dict[str, Any]] = [
    {},
    {"wild_ones": True},
    {"spot_on": True},
    {"wild_ones": True, "spot_on": True},
    {"dice": 2},
    {"dice": 3, "spot_on": True},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_finish_every_variant_from_random_positions(players: int) -> None:
    rng = random.Random(players)
    for options in VARIANTS:
        state = random_position(players, options, rng)
        modes = ["analytic", "auto", "search"]
        lineup = [
            ViewOnly(bots.make("basic", "liars-dice", seed=s))
            if s % 2
            else ViewOnly(bots.make("strong", "liars-dice", seed=s, iterations=12, mode=modes[s // 2 % 3]))
            for s in range(players)
        ]
        steps = 0
        while not state.over:
            s = state.to_act[0]
            state.act(s, bots.checked_act(lineup[s], f"seat {s}", state.view(s), state.legal_actions(s)))
            steps += 1
            assert steps < 2000
        assert state.winners


def test_the_gauntlet_styles_play_legal_games_to_the_end() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    try:
        from gauntlet import liars_dice as gauntlet
    finally:
        sys.path.pop(0)
    assert len(gauntlet.STYLES) >= 4
    for i, options in enumerate(VARIANTS[:4]):
        for players in (2, 4, 6):
            names = list(gauntlet.STYLES)
            game = liars.make("liars-dice", players=players, seed=i * 7 + players, **options)
            state = game.new_game()
            lineup = [
                gauntlet.STYLES[names[(s + i) % len(names)]](game_id="liars-dice", seed=s)
                for s in range(players)
            ]
            while not state.over:
                s = state.to_act[0]
                view = state.view(s)
                state.act(
                    s, bots.checked_act(lineup[s], names[(s + i) % len(names)], view, state.legal_actions(s))
                )
            assert state.winners


def test_knowledge_fits_when_a_seat_claims_spot_on() -> None:
    """Seat 1 claims spot-on on one two among 2 + 4 dice (exact chance 0.40 on its cup); seat 2 never does."""
    k = ld.Knowledge(3, False, spot_on=True)
    cups = [[3, 4], [3, 4], [3, 4]]
    for _ in range(20):
        bids = [{"seat": 0, "quantity": 1, "face": 2}]
        k._round({"dice": cups, "bids": bids, "caller": 1, "call": "spot_on"})
        bids = [{"seat": 1, "quantity": 1, "face": 2}, {"seat": 2, "quantity": 1, "face": 5}]
        k._round({"dice": cups, "bids": bids, "caller": 0, "call": "liar"})
    assert k.spot_threshold(1) < 0.4 < k.spot_threshold(2)
    assert k.threshold(1) == k.call_prior  # a spot-on claim is no example of calling liar


def test_wild_ones_are_tilted_once_however_many_faces_a_seat_bid() -> None:
    """With wild ones a bid on any face makes ones likelier, but bidding more faces must not compound it."""
    cups = [[2, 3, 4], [4, 5, 6], [4, 5, 6]]
    one = position(cups, 1, [(1, 5)], wild_ones=True).view(0)
    # seat 1 bids threes, fours and fives (seats 2 and 0 bid in between)
    bids = [(1, 3), (1, 4), (1, 6), (2, 4), (2, 5), (2, 6), (3, 5)]
    many = position(cups, 1, bids, wild_ones=True).view(0)
    assert {b["face"] for b in many["bids"] if b["seat"] == 1} == {3, 4, 5}
    shares = [0.6, 0.6, 0.6]
    single = ld.Beliefs(one, 1.0, shares)
    spread = ld.Beliefs(many, 1.0, shares)
    assert single.probs[1][1] > 1 / 6  # ones count for fives: seat 1 likelier to hold them
    assert spread.probs[1][1] <= single.probs[1][1]
    assert spread.p(1, 2) < 0.4  # a face nobody bid stays near its 1/3


def test_threads_the_solver_starts_leave_ctrl_c_to_the_main_thread() -> None:
    """A strong bot loads numpy (whose BLAS starts threads) when built; a Ctrl-C typed at the
    terminal's prompt must still reach the main thread, so those threads block SIGINT."""
    import subprocess
    import sys

    probe = (
        "import os\n"
        "from liars import bots\n"
        "bots.make('strong', 'liars-dice', seed=1)\n"
        "main = os.getpid()\n"
        "for t in os.listdir('/proc/self/task'):\n"
        "    line = [x for x in open(f'/proc/self/task/{t}/status') if x.startswith('SigBlk')][0]\n"
        "    print(int(t) == main, int(line.split()[1], 16) & 2)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()]
    assert ["True", "0"] in rows  # the main thread takes SIGINT
    others = [r for r in rows if r[0] == "False"]
    assert others and all(r[1] == "2" for r in others), rows  # numpy's threads do not


def test_strong_takes_its_settings_from_the_rules_unless_given() -> None:
    for wild, spot in itertools.product((False, True), repeat=2):
        state = position([[1, 2, 3], [4, 5, 6]], 0, [], wild_ones=wild, spot_on=spot)
        bot = bots.make("strong", "liars-dice", seed=1)
        bot.act(state.view(0), state.legal_actions(0))
        assert {k: getattr(bot, k) for k in ld.tuned(wild, spot)} == ld.TUNED[wild, spot]
        given = ld.StrongDiceBot(seed=1, belief=0.5, temp=0.3)
        given.act(state.view(0), state.legal_actions(0))
        assert (given.belief, given.temp) == (0.5, 0.3)
    assert ld.TUNED[True, False]["belief"] > ld.TUNED[False, False]["belief"]  # wild ones: bids read harder
    # A table of three or more with wild ones credits a seat less before its cups are seen.
    table = position([[1, 2, 3], [4, 5, 6], [2, 2, 3]], 0, [], wild_ones=True)
    bot = cast(ld.StrongDiceBot, bots.make("strong", "liars-dice", seed=1))
    bot.act(table.view(0), table.legal_actions(0))
    assert bot.share_prior == ld.AT_A_TABLE[True, False]["share_prior"] < ld.TUNED[True, False]["share_prior"]
    assert ld.tuned(True, False, 3)["share_prior"] == bot.share_prior


def test_search_candidates_are_the_calls_and_each_faces_two_smallest_raises_from_the_legal_actions() -> None:
    state = position([[2, 3], [1, 6]], 0, [(1, 4)])
    legal = state.legal_actions(1)
    got = ld.candidates(state, 1, legal)
    assert got[0] == Liar()
    raises = {(a.quantity, a.face) for a in got[1:]}
    assert raises == {
        (1, 5),
        (2, 5),
        (1, 6),
        (2, 6),
        (2, 1),
        (3, 1),
        (2, 2),
        (3, 2),
        (2, 3),
        (3, 3),
        (2, 4),
        (3, 4),
    }


def test_search_rollout_and_leaf_read_only_views() -> None:
    """The playout policy and the round-end score see the state only through its public API."""

    class ViewsOnly:
        def __init__(self, state: liars.State) -> None:
            self._state = state
            self.to_act = state.to_act

        def view(self, seat: int | None, *, since: int = 0) -> Any:
            return self._state.view(seat, since=since)

    state = position([[2, 3], [1, 6]], 0, [(1, 4)])
    fake: Any = ViewsOnly(state)  # not a State: any other attribute read fails
    seat, action = ld.rollout(fake, random.Random(1))
    assert seat == 1 and action in state.legal_actions(1)
    bot = ld.StrongDiceBot(seed=1)
    bot._counts = [2, 2]
    assert bot._leaf(fake) is None
    state.act(1, Liar())
    assert sorted(bot._leaf(fake) or []) == [0.0, 1.0]
