"""The solver's rules, its exact exploitability (against brute force), CFR+ convergence, the file format."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import liars
from liars.games.liars_dice import count_face
from liars.solver.cfr import CFRPlus
from liars.solver.exploit import best_response, best_response_actions, exploitability, value
from liars.solver.round import Round, hand_prob, hands_of
from liars.solver.solve import solve
from liars.solver.strategy import Strategy, child_sums, normalise
from tests.typed import some


def random_strategy(rnd: Round, seed: int, sparsity: float = 0.3) -> Strategy:
    """Random weights (some exactly zero) at every information set, normalised."""
    gen = np.random.default_rng(seed)
    parts = []
    for p, h in enumerate(rnd.sizes):
        e = gen.random((rnd.nodes, h)) * (gen.random((rnd.nodes, h)) > sparsity)
        lw = gen.random((rnd.nodes, h)) * (gen.random((rnd.nodes, h)) > sparsity)
        parts.append(normalise(rnd, p, e, lw))
    return Strategy(rnd, (parts[0][0], parts[1][0]), (parts[0][1], parts[1][1]), {})


# -- the rules as the solver sees them ------------------------------------------------


def test_hands_and_chances() -> None:
    for n, size in ((1, 6), (2, 21), (3, 56)):
        hands = hands_of(n)
        assert len(hands) == size == len(set(hands))
        assert sum(hand_prob(h) for h in hands) == pytest.approx(1.0)
    assert hand_prob((3, 5)) == pytest.approx(2 / 36)
    assert hand_prob((4, 4)) == pytest.approx(1 / 36)


@pytest.mark.parametrize("wild_ones", [False, True])
@pytest.mark.parametrize(("a", "b"), [(1, 1), (1, 2), (2, 1)])
def test_holds_counts_like_the_engine(a: int, b: int, wild_ones: bool) -> None:
    rnd = Round(a, b, 1 if wild_ones else None)
    for index in range(rnd.bids):
        q, f = rnd.bid(index)
        holds = rnd.holds(index)
        for i, h0 in enumerate(rnd.hands[0]):
            for j, h1 in enumerate(rnd.hands[1]):
                assert holds[i, j] == (count_face([list(h0), list(h1)], f, wild_ones) >= q)


def random_round(rng: random.Random, rnd: Round) -> tuple[list[int], int]:
    """An increasing bid sequence (at least one bid) and who made the last bid."""
    bids = sorted(rng.sample(range(rnd.bids), rng.randint(1, 5)))
    return bids, (len(bids) - 1) % 2


@pytest.mark.parametrize("wild_ones", [False, True])
def test_payoffs_match_the_engine(wild_ones: bool) -> None:
    """Play random rounds in the real engine: the loser of the call is who the solver says."""
    rng = random.Random(5)
    for a, b in ((1, 1), (1, 2), (2, 1)):
        rnd = Round(a, b, 1 if wild_ones else None)
        payoff = rnd.payoff()
        game = liars.make("liars-dice", players=2, dice=2, wild_ones=wild_ones)
        for _ in range(60):
            i, j = rng.randrange(rnd.sizes[0]), rng.randrange(rnd.sizes[1])
            opener = rng.randrange(2)
            dice: list[list[int]] = [[], []]
            dice[opener], dice[1 - opener] = list(rnd.hands[0][i]), list(rnd.hands[1][j])
            state = game.new_game(setup={"dice": dice, "opener": opener})
            bids, last = random_round(rng, rnd)
            seat = opener
            for bid in bids:
                q, f = rnd.bid(bid)
                state.act(seat, {"type": "bid", "quantity": q, "face": f})
                seat = 1 - seat
            state.act(seat, {"type": "liar"})
            loser = some(state.view(None)["revealed"])["losers"][0]
            opener_payoff = payoff[bids[-1]][i, j] * (1 if last == 0 else -1)
            assert (loser == opener) == (opener_payoff < 0)


def test_round_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        Round(0, 1)
    with pytest.raises(ValueError):
        Round(1, 1, wild=7)
    with pytest.raises(ValueError):
        Round(1, 1).mask([3, 2])


# -- exact best response against brute force -------------------------------------------


def plans(rnd: Round, player: int, mask: int = 0) -> Iterator[dict[int, int]]:
    """Every reduced pure plan of ``player`` below ``mask``: {node: action} at nodes it reaches."""
    if mask and mask.bit_length() == rnd.bids:
        yield {}
        return
    children = list(range(mask.bit_length(), rnd.bids))
    if mask.bit_count() % 2 == player:
        for action in ([-1] if mask else []) + children:
            if action < 0:
                yield {mask: -1}
                continue
            for rest in plans(rnd, player, mask | 1 << action):
                yield {mask: action, **rest}
    else:
        subs = [list(plans(rnd, player, mask | 1 << c)) for c in children]
        for combo in itertools.product(*subs):
            merged: dict[int, int] = {}
            for part in combo:
                merged.update(part)
            yield merged


def plan_value(rnd: Round, strategy: Strategy, player: int, plan: dict[int, int], hand: int) -> float:
    """Expected payoff of ``player`` with ``hand`` playing ``plan``, walking the tree node by node."""
    other = 1 - player
    mine = rnd.hands[player][hand]
    total = 0.0
    for j, theirs in enumerate(rnd.hands[other]):
        opener, responder = (mine, theirs) if player == 0 else (theirs, mine)

        def walk(
            mask: int, j: int = j, opener: tuple[int, ...] = opener, responder: tuple[int, ...] = responder
        ) -> float:
            def called() -> float:
                q, f = rnd.bid(mask.bit_length() - 1)
                count = sum(1 for d in opener + responder if d == f or (d == rnd.wild and f != rnd.wild))
                bidder = (mask.bit_count() - 1) % 2
                return 1.0 if (count >= q) == (bidder == player) else -1.0

            if mask.bit_count() % 2 == player:
                action = plan.get(mask, -1)  # the highest bid leaves only "liar", which plans omit
                return called() if action < 0 else walk(mask | 1 << action)
            out = called() * strategy.liar[other][mask, j] if mask else 0.0
            for c in range(mask.bit_length(), rnd.bids):
                p = strategy.edge[other][mask | 1 << c, j]
                if p > 0:
                    out += p * walk(mask | 1 << c)
            return float(out)

        total += rnd.probs[other][j] * walk(0)
    return total


# Six bids give the responder 13530 pure plans (too slow to walk here); the opener has 370.
@pytest.mark.parametrize(
    ("a", "b", "wild", "faces", "players"),
    [
        (1, 1, None, 2, (0, 1)),
        (1, 1, 1, 2, (0, 1)),
        (1, 1, 2, 2, (0, 1)),
        (2, 1, None, 2, (0,)),
        (1, 2, 1, 2, (0,)),
        (1, 1, 3, 3, (0,)),
    ],
)
def test_best_response_equals_brute_force(
    a: int, b: int, wild: int | None, faces: int, players: tuple[int, ...]
) -> None:
    rnd = Round(a, b, wild, faces)
    for seed in range(2):
        strategy = random_strategy(rnd, seed)
        for player in players:
            all_plans = list(plans(rnd, player))
            brute = sum(
                rnd.probs[player][h] * max(plan_value(rnd, strategy, player, plan, h) for plan in all_plans)
                for h in range(rnd.sizes[player])
            )
            assert best_response(strategy, player) == pytest.approx(brute, abs=1e-12)
            # the best response's own actions reach that value
            acts = best_response_actions(strategy, player)
            mine = [m for m in range(rnd.nodes) if m.bit_count() % 2 == player]
            got = sum(
                rnd.probs[player][h]
                * plan_value(rnd, strategy, player, {m: int(acts[m, h]) for m in mine}, h)
                for h in range(rnd.sizes[player])
            )
            assert got == pytest.approx(brute, abs=1e-12)


def test_value_is_the_expected_payoff_of_both_strategies() -> None:
    """The value from reach products equals the walk with the opener's mixed play expanded."""
    rnd = Round(1, 1, None, 2)
    strategy = random_strategy(rnd, 3)
    # The opener's mixed strategy as a mixture of pure plans: expand via its own chances.
    expected = 0.0
    for h in range(rnd.sizes[0]):
        for plan in plans(rnd, 0):
            weight = 1.0
            for m, act in plan.items():
                weight *= strategy.liar[0][m, h] if act < 0 else strategy.edge[0][m | 1 << act, h]
            if weight:
                expected += rnd.probs[0][h] * weight * plan_value(rnd, strategy, 0, plan, h)
    assert value(strategy) == pytest.approx(expected, abs=1e-12)


# -- CFR+ --------------------------------------------------------------------------------


@pytest.mark.parametrize("wild_ones", [False, True])
def test_cfr_reaches_the_requested_exploitability_on_one_die(wild_ones: bool) -> None:
    result = solve(Round(1, 1, 1 if wild_ones else None), eps=1e-3, max_iterations=3000)
    assert result.exploitability <= 1e-3
    assert exploitability(result.strategy) == pytest.approx(result.exploitability)
    assert result.trace[0][2] > result.exploitability  # it did improve on the first check


def test_cfr_keeps_improving_a_tiny_game() -> None:
    solver = CFRPlus(Round(1, 1, None, 2), dtype=np.float64)
    solver.run(5)
    early = exploitability(solver.average())
    solver.run(500)
    late = exploitability(solver.average())
    assert late < early / 20


# -- the file format and proper distributions -----------------------------------------


def assert_proper(strategy: Strategy) -> None:
    """At every information set of each player: chances in [0, 1] that add up to 1."""
    rnd = strategy.round
    parity = np.bitwise_count(np.arange(rnd.nodes, dtype=np.uint64)) % 2
    for p in (0, 1):
        edge, liar = strategy.edge[p], strategy.liar[p]
        own_edge = np.zeros(rnd.nodes, dtype=bool)
        own_edge[1:] = parity[1:] != p
        e = np.where(own_edge[:, None], edge, 0.0)
        lw = np.where((parity == p)[:, None], liar, 0.0)
        assert ((e >= 0) & (e <= 1)).all() and ((lw >= 0) & (lw <= 1)).all()
        sums = (lw + child_sums(rnd, e))[parity == p]
        assert np.allclose(sums, 1.0, atol=1e-9)
        if p == 0:
            assert liar[0].max() == 0.0  # nobody calls before the first bid


def test_save_and_load_keep_the_strategy(tmp_path: Path) -> None:
    rnd = Round(1, 2, 1, 3)
    strategy = random_strategy(rnd, 7)
    path = tmp_path / "s.npz"
    strategy.save(path)
    back = Strategy.load(path)
    assert back.round == rnd
    assert_proper(back)
    assert exploitability(back) == pytest.approx(exploitability(strategy), abs=1e-3)
    assert value(back) == pytest.approx(value(strategy), abs=1e-3)


def test_load_refuses_other_files(tmp_path: Path) -> None:
    path = tmp_path / "x.npz"
    np.savez(
        path,
        edge=np.zeros((4, 1), dtype=np.uint16),
        liar=np.zeros((4, 1), dtype=np.uint16),
        meta=np.array('{"format": "other"}'),
    )
    with pytest.raises(ValueError):
        Strategy.load(path)


def test_exploitability_agrees_with_openspiel_on_its_game() -> None:
    """OpenSpiel's own exact exploitability of our strategy, on its ``liars_dice`` (six wild)."""
    import pyspiel

    rnd = Round(1, 1, wild=6)
    strategy = solve(rnd, eps=2e-2).strategy
    table = {}
    for mask in range(rnd.nodes):
        player = mask.bit_count() % 2
        history = "".join(f" {q}-{f}" for q, f in (rnd.bid(b) for b in range(rnd.bids) if mask >> b & 1))
        for h, hand in enumerate(rnd.hands[player]):
            dist = strategy.distribution(mask, h)
            table[f"{hand[0]}{history}"] = [(rnd.bids if a < 0 else a, p) for a, p in dist]
    theirs = pyspiel.exploitability(pyspiel.load_game("liars_dice"), pyspiel.TabularPolicy(table))
    assert exploitability(strategy) == pytest.approx(theirs, abs=1e-12)
    assert theirs > 1e-3  # a real test: the strategy is far from exact, both must see the same gap


# -- the command ---------------------------------------------------------------------


def test_solve_command_saves_a_loadable_strategy(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from liars.cli import main

    out = Path(str(tmp_path)) / "one.npz"
    code = main(["solve", "liars-dice", "--dice", "1", "1", "--eps", "5e-3", "--quiet", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "game value for the opener" in text and "exploitability" in text and "time" in text
    strategy = Strategy.load(out)
    assert exploitability(strategy) <= 5e-3 + 1e-4  # rounding to 1/65535 may add a little
    assert f"{value(strategy):+.3f}"[:5] in text


@pytest.mark.parametrize("dice", [["0", "1"], ["3", "3"], ["1", "11"]])
def test_solve_command_refuses_bad_sizes(dice: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from liars.cli import main

    assert main(["solve", "liars-dice", "--dice", *dice, "--out", "/nonexistent/x.npz"]) == 2
    assert "liars:" in capsys.readouterr().err


def test_regret_matching_survives_denormal_regrets() -> None:
    """float32 regret sums of ~1e-39 once overflowed 1/total into inf * 0 = nan (seen at 1+2 dice)."""
    solver = CFRPlus(Round(1, 1, None, 2))
    me = solver.players[0]
    me.regret_edge[1 << 1] = np.float32(1e-39)  # the root's bid 1 (node 2) for both hands
    solver._match(0, me.regret_edge, me.regret_liar)
    assert np.isfinite(me.edge).all() and np.isfinite(me.liar).all()
    assert me.edge[[1, 2, 4, 8], 0].sum() == pytest.approx(1.0)  # the root's four bids
    solver.run(3)
    assert np.isfinite(exploitability(solver.average()))


def test_solve_command_refuses_what_memory_cannot_hold(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from liars.cli import main
    from liars.commands import solve as command

    monkeypatch.setattr(command, "physical_memory", lambda: 24 * 2**30)
    assert main(["solve", "liars-dice", "--dice", "2", "2", "--out", "/nonexistent/x.npz"]) == 2
    assert "GiB" in capsys.readouterr().err
