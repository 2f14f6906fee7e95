"""OpenSpiel's own algorithms on our games: ISMCTS (needs resample_from_infostate), MCCFR, best response.

Full-tree CFR and exploitability of a dense policy are too slow on our Python
games to be tested (one CFR iteration on two-player, one-die dice takes about
70 s, see docs/rl.md). What is tested instead on that game: OpenSpiel's
Python best response and NashConv of our solver's equilibrium, whose support
is small enough to walk in seconds, against the solver's own exact figure.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import (
    best_response,
    evaluate_bots,
    expected_game_score,
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

import liars.rl.openspiel  # noqa: F401  (registers the python_* games)
from liars import GameConfigError
from liars.solver import lookup, table

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("python_liars_dice", {"players": 2, "dice": 2}),  # two dice: later rounds are chance nodes too
    ("python_love_letter", {"players": 2}),
    ("python_cheat", {"players": 3}),  # Cheat needs three players
    ("python_liegen", {"players": 2}),
]


def canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def fresh_view(state: Any, seat: int) -> Any:
    """The engine's view built now, not a string or view the adapter kept."""
    return state.box.state.view(seat)


def random_move(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


# -- resample_from_infostate ----------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), GAMES, ids=[g for g, _ in GAMES])
def test_resample_keeps_the_seats_information_and_redraws_the_rest(name: str, params: dict[str, Any]) -> None:
    """At many positions of random games, for every seat: same info string, the hidden parts redrawn.

    The resampled state's string is checked against a view built from its own
    engine state (the adapter lets it start from the original's history text),
    it plays on to a zero-sum end, and the original is left as it was.
    """
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    rng = random.Random(7)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    checked = differ = played_on = later_rounds = 0
    for _ in range(40):  # games, until enough positions are checked
        if checked >= 60 and played_on >= 2:
            break
        state = game.new_initial_state()
        moves = 0
        while True:
            if state.is_chance_node():
                random_move(state, rng)
                continue
            if moves < 30 or (moves % 41 == 0 and moves < 500) or state.is_terminal():
                before = [canonical(fresh_view(state, q)) for q in range(n)]
                text = str(state)
                for p in range(n):
                    mine = state.information_state_string(p)
                    other = state.resample_from_infostate(p, sampler)
                    assert other.information_state_string(p) == mine == canonical(fresh_view(other, p))
                    assert other.observation_string(p) == state.observation_string(p)
                    assert other.current_player() == state.current_player()
                    assert other.is_terminal() == state.is_terminal()
                    if state.current_player() == p:
                        assert other.legal_actions() == state.legal_actions()
                    if state.is_terminal():
                        assert other.returns() == state.returns()
                    else:
                        checked += 1
                        differ += any(
                            canonical(fresh_view(other, q)) != before[q] for q in range(n) if q != p
                        )
                    if moves % 41 == 0 and not state.is_terminal() and played_on < 4:  # play it to its end
                        played_on += 1
                        while not other.is_terminal():
                            if other.is_chance_node():
                                later_rounds += 1
                            random_move(other, rng)
                            other.information_state_string(0)
                        assert abs(sum(other.returns())) < 1e-9
                assert [canonical(fresh_view(state, q)) for q in range(n)] == before and str(state) == text
            if state.is_terminal():
                break
            random_move(state, rng)
            moves += 1
    assert checked >= 60 and played_on >= 2
    # Other seats' secrets are redrawn: at most positions some other seat's view changed.
    assert differ > 0.5 * checked, (differ, checked)
    if name == "python_liars_dice":
        assert later_rounds > 0


def test_resample_reads_only_the_view() -> None:
    """Two deals that differ only in seat 1's dice give seat 0 the same samples, draw for draw."""
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    for x, y in zip([1, 0, 1, 4, 0, 0], [1, 0, 1, 4, 5, 3], strict=True):
        a.apply_action(x)
        b.apply_action(y)
    a.apply_action(2 + 3)  # seat 0 bids one four
    b.apply_action(2 + 3)
    assert a.information_state_string(1) != b.information_state_string(1)
    sa, sb = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0), pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    seen = set()
    for _ in range(20):
        ra, rb = a.resample_from_infostate(0, sa), b.resample_from_infostate(0, sb)
        assert str(ra) == str(rb)
        assert [fresh_view(ra, q) for q in (0, 1)] == [fresh_view(rb, q) for q in (0, 1)]
        seen.add(tuple(fresh_view(ra, 1)["dice"]))
    assert len(seen) > 5  # and seat 1's dice do vary


def test_resample_refuses_what_it_cannot_sample() -> None:
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 2})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    for outcome in [1, 0, 0, 0, 0]:  # the deal is not complete (seat 0 wins the roll-off)
        with pytest.raises(GameConfigError, match="chance node") as info:
            state.resample_from_infostate(0, sampler)
        assert info.value.code == "rl_unsupported"
        state.apply_action(outcome)
    state.apply_action(0)
    with pytest.raises(GameConfigError, match="seat"):
        state.resample_from_infostate(2, sampler)
    with pytest.raises(GameConfigError, match=r"\[0, 1\)"):
        state.resample_from_infostate(0, lambda: 1.0)
    state.apply_action(2 + 6 * 3 + 5)  # four sixes: there are none
    state.apply_action(0)  # liar: a new round is rolled by chance nodes
    assert state.is_chance_node()
    with pytest.raises(ValueError, match="draw is not complete"):
        state.resample_from_infostate(1, sampler)


# -- ISMCTS through evaluate_bots -------------------------------------------------------


class Checked(pyspiel.Bot):  # type: ignore[misc]
    """Wraps a bot for evaluate_bots: checks every action it picks, and may stop searching after a while.

    ISMCTSBot has no ``restart_at``, which evaluate_bots calls; this gives it one.
    After ``search`` decisions with a choice the seat plays uniformly at random,
    so that a long card game still ends (the cap documented in docs/rl.md).
    """

    def __init__(self, bot: Any, seed: int, search: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.search = search
        self.rng = random.Random(seed)
        self.searched = 0
        self.actions: list[int] = []

    def restart_at(self, state: Any) -> None:
        self.bot.reset()

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) > 1 and (self.search is None or self.searched < self.search):
            self.searched += 1
            policy, action = self.bot.step_with_policy(state)
            assert {a for a, _ in policy} == set(legal)
            assert abs(sum(p for _, p in policy) - 1.0) < 1e-9
        else:
            action = self.rng.choice(legal)
        assert action in legal
        self.actions.append(int(action))
        return int(action)


ISMCTS_RUNS: list[tuple[str, dict[str, Any], int, int, int | None, int | None]] = [
    # name, params, games, simulations, rollout cap, searched decisions per game
    ("python_liars_dice", {"players": 2, "dice": 2}, 6, 30, None, None),
    ("python_love_letter", {"players": 2}, 6, 30, None, None),
    ("python_cheat", {"players": 3}, 2, 4, 30, 60),
    ("python_liegen", {"players": 2}, 2, 3, 30, 40),
]


@pytest.mark.parametrize(
    ("name", "params", "games", "sims", "rollout", "search"), ISMCTS_RUNS, ids=[r[0] for r in ISMCTS_RUNS]
)
def test_ismcts_plays_whole_games(
    name: str, params: dict[str, Any], games: int, sims: int, rollout: int | None, search: int | None
) -> None:
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    searched = 0
    for k in range(games):
        seat = k % n
        rs = np.random.RandomState(k)
        evaluator = mcts.RandomRolloutEvaluator(1, rs, max_length=rollout)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rs)
        if search is not None:  # the card games: seeded samples, so the run (and its length) repeats
            bot.set_resampler(seeded_resampler(k))
        me = Checked(bot, k, search)
        bots = [me if p == seat else pyspiel.make_uniform_random_bot(p, 100 * k + p) for p in range(n)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(1000 + k))
        assert state.is_terminal()
        assert abs(sum(returns)) < 1e-9 and max(returns) > 0
        searched += me.searched
        mine = [a for p, a in zip(history_players(game, state), state.history(), strict=True) if p == seat]
        assert mine == me.actions
    assert searched > 0


def seeded_resampler(seed: int) -> Any:
    """ISMCTS's resampling with a seeded sampler (its default one is seeded from the system)."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    return lambda state, player: state.resample_from_infostate(player, sampler)


def history_players(game: Any, state: Any) -> list[int]:
    """Who made each move of ``state``'s history (chance is -1), by replaying it."""
    replay = game.new_initial_state()
    out = []
    for a in state.history():
        out.append(replay.current_player())
        replay.apply_action(a)
    return out


def test_ismcts_beats_random_at_liars_dice() -> None:
    """Search over resampled dice plays better than chance (could fail if the samples were wrong)."""
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 1})
    wins = 0
    games = 60
    for k in range(games):
        rs = np.random.RandomState(k)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 40, random_state=rs)
        bot.set_resampler(seeded_resampler(k))
        seat = k % 2
        bots = [Checked(bot, k) if p == seat else pyspiel.make_uniform_random_bot(p, k) for p in range(2)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(k))
        wins += returns[seat] > 0
    assert wins >= 0.7 * games, wins


# -- MCCFR --------------------------------------------------------------------------------


def check_average_policy(game: Any, average: Any, rng: random.Random, playouts: int) -> int:
    """At every decision of a few random playouts: a distribution over exactly the legal actions.

    Returns how many of those decisions the solver had seen (the others get
    the uniform fallback), so that a test can ask for some.
    """
    seen = 0
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                probs = average.action_probabilities(state)
                legal = state.legal_actions()
                assert sorted(probs) == legal
                assert all(p >= 0 for p in probs.values())
                assert abs(sum(probs.values()) - 1.0) < 1e-9
                seen += state.information_state_string() in average._infostates
            random_move(state, rng)
    return seen


@pytest.mark.parametrize(
    ("solver", "iterations"),
    [
        (outcome_sampling_mccfr.OutcomeSamplingSolver, 1000),
        (external_sampling_mccfr.ExternalSamplingSolver, 100),
    ],
    ids=["outcome", "external"],
)
def test_mccfr_on_liars_dice(solver: Any, iterations: int) -> None:
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 1})
    np.random.seed(0)  # both sample with numpy's global generator
    s = solver(game)
    for _ in range(iterations):
        s.iteration()
    assert check_average_policy(game, s.average_policy(), random.Random(0), 30) > 10


@pytest.mark.parametrize(
    ("name", "params", "iterations"),
    [
        ("python_love_letter", {"players": 2}, 200),
        ("python_cheat", {"players": 3}, 3),
        ("python_liegen", {"players": 2}, 1),
    ],
    ids=["love_letter", "cheat", "liegen"],
)
@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning", "ignore:invalid value:RuntimeWarning")
def test_outcome_sampling_on_card_games(name: str, params: dict[str, Any], iterations: int) -> None:
    """Outcome sampling runs; on Cheat and Liegen only a few iterations (see docs/rl.md).

    Its episode is one Python recursion per move, and a Cheat or Liegen game
    is hundreds to thousands of moves: the recursion limit is raised here.
    Deep in such a game the sampling reach (a product of hundreds of
    chances) underflows to 0, so numpy warns of a division by zero there.
    Those deals never repeat, so the playouts check the fallback; Love
    Letter's information states do repeat and some must be the solver's.
    """
    game = pyspiel.load_game(name, params)
    np.random.seed(0)
    s = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))
    try:
        for _ in range(iterations):
            s.iteration()
    finally:
        sys.setrecursionlimit(limit)
    assert s._infostates
    seen = check_average_policy(
        game, s.average_policy(), random.Random(0), 5 if name == "python_love_letter" else 1
    )
    if name == "python_love_letter":
        assert seen > 0


# -- best response and exploitability: our solver's equilibrium, checked by OpenSpiel ----------


class SolverPolicy(policy_lib.Policy):  # type: ignore[misc]
    """``liars.solver.lookup`` of the seat's view as an OpenSpiel policy (only positive chances).

    ``wrong_die`` plays seat 0 as if it held that die instead: a strategy a
    best response must beat.
    """

    def __init__(self, game: Any, wrong_die: int | None = None) -> None:
        super().__init__(game, [0, 1])
        self.engine = game.kit.engine
        self.wrong_die = wrong_die

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        seat = state.current_player()
        view = dict(state.view(seat))
        if seat == 0 and self.wrong_die is not None:
            view["dice"] = [self.wrong_die]
        mix = lookup(view)
        assert mix is not None
        return {self.engine.action_id(a): p for a, p in mix}


def test_openspiel_measures_the_solvers_exploitability_on_our_game() -> None:
    """OpenSpiel's Python NashConv of the shipped 1 v 1 table on python_liars_dice equals the solver's own.

    The solver measured its stored table with its own exact best response
    (``stored_exploitability``); OpenSpiel walks our game's states,
    information-state strings, legal actions, chance probabilities and returns.
    Agreement to 1e-9 checks all of those at once.  The policy is sparse, so
    the walk takes seconds where the uniform policy's takes minutes.

    The walk starts after the roll-off (seat 0 opens): its ties are thrown
    again, so from the very root the chance tree has no end (docs/rl.md).
    The game is symmetric, so NashConv with seat 0 opening is the solver's.
    """
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 1})
    solved = table(1, 1, False)
    assert solved is not None
    pol = SolverPolicy(game)
    root = opened_by_seat_0(game)
    value = expected_game_score.policy_value(root, [pol, pol])
    gains = [
        best_response.BestResponsePolicy(game, p, pol, root_state=root).value(root) - value[p] for p in (0, 1)
    ]
    expl = sum(gains) / 2
    assert expl == pytest.approx(solved.meta["stored_exploitability"], abs=1e-9)
    assert expl < 1e-5
    assert value[0] == pytest.approx(-1 / 9, abs=1e-4)  # the round's value for the opener


def opened_by_seat_0(game: Any) -> Any:
    """The state after a roll-off that seat 0 wins (it throws 6, seat 1 throws 1): the cups are next."""
    root = game.new_initial_state()
    root.apply_action(5)
    root.apply_action(0)
    assert root.is_chance_node() and root.view(0) is None
    return root


@pytest.mark.parametrize("die", [3, 5])
def test_best_response_beats_a_misplayed_die(die: int) -> None:
    """Seat 0 holds one die: the solver's play is a best response to seat 1's, a misplayed die is not."""
    game = pyspiel.load_game("python_liars_dice", {"players": 2, "dice": 1})
    root = opened_by_seat_0(game)
    root.apply_action(die)  # seat 0 holds this die; seat 1's is still to roll
    for wrong, gap in ((None, False), ((die + 3) % 6 + 1, True)):
        pol = SolverPolicy(game, wrong)
        br = best_response.BestResponsePolicy(game, 0, pol, root_state=root).value(root)
        value = expected_game_score.policy_value(root, [pol, pol])[0]
        assert br >= value - 1e-9
        assert (br - value > 0.01) == gap, (br, value)
