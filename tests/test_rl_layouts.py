"""Observation vectors mean what docs/rl.md says, field by field.

Each expected vector is written here again from the view, the slow and
obvious way (per field, from ``encoder.layout()``'s offsets), so a fast
encoder that sets a wrong cell, or misses one, fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import numpy as np
import pytest

import liars
from liars.games.liars_dice import DiceState
from liars.rl import encoder

FACES = 6


def expected_dice(view: dict[str, Any], n: int, d: int) -> np.ndarray:
    """The Liar's Dice layout of docs/rl.md, one field at a time."""
    me: int = view["seat"]
    b = FACES * n * d
    fields: dict[str, np.ndarray] = {}

    def rel(s: int) -> int:
        return (s - me) % n

    def thermo(count: int, width: int) -> list[float]:
        return [1.0 if i < count else 0.0 for i in range(width)]

    def cup(dice: list[int]) -> list[float]:
        return [x for face in range(1, FACES + 1) for x in thermo(dice.count(face), d)]

    def one_hot(i: int | None, size: int) -> list[float]:
        return [1.0 if i == k else 0.0 for k in range(size)]

    def index(bid: dict[str, Any]) -> int:
        at: int = (bid["quantity"] - 1) * FACES + bid["face"] - 1
        return at

    fields["my_dice"] = np.array(cup(view["dice"] or []))
    counts = [0] * n
    for s, c in enumerate(view["dice_counts"]):
        counts[rel(s)] = c
    fields["dice_counts"] = np.array([x for c in counts for x in thermo(c, d)])
    fields["to_act"] = np.array(one_hot(rel(view["to_act"][0]) if view["to_act"] else None, n))
    fields["opener"] = np.array(one_hot(None if view["opener"] is None else rel(view["opener"]), n))
    fields["bid"] = np.array(one_hot(None if view["bid"] is None else index(view["bid"]), b))
    bids = np.zeros(n * b)
    for bid in view["bids"]:
        bids[rel(bid["seat"]) * b + index(bid)] = 1.0
    fields["bids"] = bids
    rev = view["revealed"]
    fields["rev_bid"] = np.array(one_hot(None if rev is None else index(rev["bid"]), b))
    fields["rev_call"] = np.array(
        [0.0, 0.0] if rev is None else [float(rev["call"] == "liar"), float(rev["call"] == "spot_on")]
    )
    fields["rev_caller"] = np.array(one_hot(None if rev is None else rel(rev["caller"]), n))
    cups: list[list[float]] = [cup([]) for _ in range(n)]
    losers = [0.0] * n
    if rev is not None:
        for s, dice in enumerate(rev["dice"]):
            cups[rel(s)] = cup(dice)
        for s in rev["losers"]:
            losers[rel(s)] = 1.0
    fields["rev_dice"] = np.array([x for c in cups for x in c])
    fields["rev_losers"] = np.array(losers)
    return np.concatenate([fields[name] for name in FIELD_ORDER]).astype(np.float32)


FIELD_ORDER = (
    "my_dice",
    "dice_counts",
    "to_act",
    "opener",
    "bid",
    "bids",
    "rev_bid",
    "rev_call",
    "rev_caller",
    "rev_dice",
    "rev_losers",
)


@pytest.mark.parametrize(
    "opts",
    [
        {"players": 2, "dice": 1},
        {"players": 3, "dice": 2, "spot_on": True},
        {"players": 4, "dice": 3, "wild_ones": True, "spot_on": True},
        {"players": 6, "dice": 5},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_liars_dice_vector_is_the_documented_layout(opts: dict[str, Any]) -> None:
    game = liars.make("liars-dice", seed=0, **opts)
    enc = encoder(game)
    n, d = opts["players"], opts["dice"]
    assert [name for name, *_ in enc.layout()] == list(FIELD_ORDER)
    rng = random.Random(5)
    seen_rev = seen_bids = 0
    for g in range(12):
        state = game.new_game(seed=g)
        while True:
            for seat in range(n):
                view = state.view(seat)
                got = enc.observe(view)
                assert got.dtype == np.float32 and got.shape == (enc.size,)
                np.testing.assert_array_equal(got, expected_dice(view, n, d), err_msg=f"{view}")
                seen_rev += view["revealed"] is not None
                seen_bids += len(view["bids"]) > 1
            if state.over:
                break
            state.act_id(rng.choice(state.legal_ids()))
    assert seen_rev and seen_bids  # calls, lifted cups and rounds of several bids were all encoded


def _dice_views(game: liars.Game, games: int, seed: int) -> list[dict[str, Any]]:
    """Every seat's view at every position of ``games`` random games (the encoder's cache sees them all)."""
    rng = random.Random(seed)
    views: list[dict[str, Any]] = []
    for g in range(games):
        state = game.new_game(seed=g)
        while True:
            views.extend(state.view(seat, since=2**62) for seat in range(game.players))
            if state.over:
                break
            state.act_id(rng.choice(state.legal_ids()))
    return views


@pytest.mark.parametrize("opts", [{"players": 2, "dice": 5}, {"players": 3, "dice": 2, "spot_on": True}])
def test_dice_vectors_of_many_games_in_any_order_are_the_layout(opts: dict[str, Any]) -> None:
    """The encoder keeps a round's cells between views; views of other games or rounds get their own.

    Shuffled, consecutive views come from different games and rounds, often
    with equal dice, counts or opener and a different last call (or the
    reverse): a cache keyed on less than everything its cells come from
    serves one of them a stale round, and the slow layout catches it.
    ``fill`` into a used vector must give the same.
    """
    game = liars.make("liars-dice", seed=0, **opts)
    enc = encoder(game)
    n, d = opts["players"], opts["dice"]
    views = _dice_views(game, 40, seed=11)
    random.Random(3).shuffle(views)
    out = np.ones(enc.size, dtype=np.float32)
    calls = 0
    for view in views:
        want = expected_dice(view, n, d)
        np.testing.assert_array_equal(enc.observe(view), want, err_msg=f"{view}")
        out[:] = 1.0
        enc.fill(view, out)
        np.testing.assert_array_equal(out, want, err_msg=f"fill {view}")
        calls += view["revealed"] is not None
    assert calls > len(views) // 2


def test_dice_vector_follows_a_view_changed_after_it_was_encoded() -> None:
    """A view changed in place after an observation (a caller's own edit) is read as it is now.

    The encoder keeps the last call it saw: it must keep a copy, not the
    view's own dicts and lists, or the edited view would compare equal to
    the kept call (it is the same object) and get the cells of the call as
    it was.
    """
    game = liars.make("liars-dice", players=2, seed=0, dice=3)
    enc = encoder(game)
    view = next(v for v in _dice_views(game, 5, seed=2) if v["revealed"] is not None and not v["over"])
    assert all(view["revealed"]["dice"])  # both cups were lifted (neither seat is out yet)
    rev = view["revealed"]
    np.testing.assert_array_equal(enc.observe(view), expected_dice(view, 2, 3))
    edits: list[Callable[[], object]] = [
        lambda: rev["dice"][0].append(6) if len(rev["dice"][0]) < 3 else rev["dice"][0].pop(),
        lambda: rev["dice"][1].__setitem__(0, 1 + rev["dice"][1][0] % 6),
        lambda: rev.__setitem__("caller", 1 - rev["caller"]),
        lambda: rev["losers"].__setitem__(0, 1 - rev["losers"][0]),
        lambda: rev["bid"].__setitem__("face", 1 + rev["bid"]["face"] % 6),
        lambda: rev.__setitem__("call", "spot_on" if rev["call"] == "liar" else "liar"),
    ]
    for edit in edits:
        before = enc.observe(view)
        edit()
        got = enc.observe(view)
        np.testing.assert_array_equal(got, expected_dice(view, 2, 3), err_msg=f"{view}")
        assert not np.array_equal(got, before)  # every edit changes a cell: the check above has teeth


@pytest.mark.parametrize(
    "opts",
    [{"players": 2, "dice": 3}, {"players": 2, "dice": 5}, {"players": 3, "dice": 2, "spot_on": True}],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_pettingzoo_dice_vectors_follow_rounds_and_swapped_states(opts: dict[str, Any]) -> None:
    """The env's encoder keeps each seat's round cells per state object and history length (``observe_of``).

    Every seat's vector is checked against the slow layout at every step of
    many games (a cache kept past a call, keyed without the
    history length, gives the last round's dice and call), and with the
    env's state swapped mid-game for another game's state with as long a
    history (a cache keyed on the length alone gives the first state's
    round), then swapped back.
    """
    from liars.rl.pettingzoo import env

    n, d = opts["players"], opts["dice"]
    e = env("liars-dice", seed=8, **opts)
    rng = random.Random(8)
    other_game = liars.make("liars-dice", seed=0, **opts)

    def check() -> None:
        for agent in e.possible_agents:
            seat = e.agent_seat[agent]
            want = expected_dice(e.state_obj.view(seat), n, d)
            np.testing.assert_array_equal(e.observe(agent)["observation"], want)

    swaps = differ = 0
    for g in range(25):
        e.reset()
        while e.agents:
            obs, _, term, trunc, _ = e.last()
            assert obs is not None  # last() observes
            if term or trunc:
                e.step(None)
                continue
            check()
            mine = cast(DiceState, e.state_obj)
            other = cast(DiceState, other_game.new_game(seed=g))
            while len(other.history) < len(mine.history) and not other.over:
                other.act_id(rng.choice(list(other.legal_ids())))
            if not other.over and len(other.history) == len(mine.history):
                e.state_ = other
                check()
                e.state_ = mine
                check()
                swaps += 1
                differ += other.view(0)["dice"] != mine.view(0)["dice"]
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert swaps > 50 and differ > swaps // 2  # the swaps had teeth: other dice, other calls
