"""PettingZoo adapter: the official checkers, masks against the engine, hidden information."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import liars
from liars import GameConfigError, IllegalAction
from liars.rl import encoder
from liars.rl.enc_cheat import PLAYS, CheatEncoder
from liars.rl.pettingzoo import LiarsEnv, env
from tests.conformance import all_specs

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("liars-dice", {"players": 2, "dice": 1}),
    ("liars-dice", {"players": 3, "wild_ones": True, "dice": 3}),
    ("liars-dice", {"players": 4, "spot_on": True, "dice": 2}),
    ("cheat", {"players": 3, "max_steps": 300}),
    ("cheat", {"players": 5, "max_cards": 2, "max_steps": 300}),
    ("cheat", {"players": 4, "actions": "engine", "max_steps": 200}),
    ("liegen", {"players": 2, "max_steps": 300}),
    ("liegen", {"players": 5, "follow": "rank_step", "jokers": True, "max_steps": 300}),
    ("love-letter", {"players": 2}),
    ("love-letter", {"players": 4, "target_wins": 1}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in CONFIGS]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "kw"), CONFIGS, ids=IDS)
def test_api_and_seed(game_id: str, kw: dict[str, Any]) -> None:
    api_test(env(game_id, seed=1, **kw), num_cycles=150)
    seed_test(lambda: env(game_id, **kw), num_cycles=60)


def random_steps(e: LiarsEnv, rng: random.Random, steps: int) -> Any:
    """Random masked play; yields before each action, checking the mask against the engine."""
    for _ in range(steps):
        if not e.agents:
            e.reset()
        agent = e.agent_selection
        obs, _, term, trunc, _ = e.last()
        assert obs is not None  # last() observes
        if term or trunc:
            e.step(None)
            continue
        yield agent, obs
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


@pytest.mark.parametrize("game_id", ["liars-dice", "liegen", "love-letter"])
def test_masks_are_the_engines_legal_ids(game_id: str) -> None:
    e = env(game_id, seed=3, players=3)
    e.reset()
    rng = random.Random(3)
    for agent, obs in random_steps(e, rng, 600):
        state = e.state_obj
        seat = e.agent_seat[agent]
        assert state.to_act[0] == seat
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(state.legal_ids())
        ids = {e.state_obj.game.action_id(a) for a in state.legal_actions(seat)}
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == ids
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()


def test_dice_masks_are_fresh_arrays_of_their_own() -> None:
    """The dice encoder keeps an array per legal row and hands out copies: writing to one changes no other."""
    e = env("liars-dice", seed=4, players=2, dice=2)
    rng = random.Random(4)
    kept: list[tuple[Any, list[int]]] = []
    for _ in range(40):
        e.reset()
        while e.agents:
            agent = e.agent_selection
            obs, _, term, trunc, _ = e.last()
            assert obs is not None  # last() observes
            if term or trunc:
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.flags.writeable and mask.dtype == np.int8
            again = e.observe(agent)["action_mask"]
            assert again is not mask and np.array_equal(again, mask)
            legal = sorted(e.state_obj.legal_ids())
            kept.append((mask, legal))
            mask[:] = 1 - mask  # a caller's own edit: must reach no later mask
            e.step(rng.choice(legal))
    for mask, legal in kept:
        assert np.flatnonzero(1 - mask).tolist() == legal


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("liars-dice", seed=5, players=2)
    e.reset()
    before = e.state_obj.to_json()
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(bad)
    assert e.state_obj.to_json() == before
    with pytest.raises(IllegalAction):
        e.step(None)


def test_rewards_are_zero_sum_and_go_to_the_winner() -> None:
    e = env("liars-dice", seed=9, players=3, dice=1)
    rng = random.Random(9)
    for _ in range(5):
        e.reset()
        total = dict.fromkeys(e.possible_agents, 0.0)
        while e.agents:
            agent = e.agent_selection
            obs, _, term, trunc, _ = e.last()
            assert obs is not None  # last() observes
            if term or trunc:
                total[agent] = e._cumulative_rewards[agent]
                e.step(None)
            else:
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        (winner,) = e.state_obj.winners
        assert total[f"player_{winner}"] == 1.0
        assert sum(total.values()) == pytest.approx(0.0)
        assert all(v == -0.5 for a, v in total.items() if a != f"player_{winner}")


def cheat_classes(state: liars.State, seat: int, enc: CheatEncoder) -> set[int]:
    """The abstract id of every play the engine lists: (cards, how many of the required rank)."""
    rank = state.view(seat)["required_rank"]
    out = set()
    for a in state.legal_actions(seat):
        if hasattr(a, "cards"):
            c = len(a.cards)
            out.add(2 + PLAYS.index((c, sum(1 for x in a.cards if x[0] == rank))))
        else:
            out.add(enc.game.action_id(a))
    return out


@pytest.mark.parametrize("opts", [{}, {"max_cards": 2}])
def test_cheat_abstract_actions_cover_the_engines_plays(opts: dict[str, Any]) -> None:
    e = env("cheat", seed=4, players=4, max_steps=10**6, **opts)
    enc = e.encoder
    assert isinstance(enc, CheatEncoder)
    e.reset()
    rng = random.Random(4)
    plays = 0
    for agent, obs in random_steps(e, rng, 500):
        state, seat = e.state_obj, e.agent_seat[agent]
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert set(legal) == cheat_classes(state, seat, enc)
        if state.window:
            continue
        # The stated rule: h cards of the required rank, the rest from the ranks asked of me last.
        view = state.view(seat)
        for a in legal:
            cards = enc.play(state, seat, a)
            c, h = PLAYS[a - 2]
            assert len(cards) == c and sum(1 for x in cards if x == view["required_rank"]) == h
            probe = state.clone()
            probe.act(seat, {"type": "play", "cards": cards})
            plays += 1
    assert plays > 50


def test_cheat_bluff_rule_dumps_the_ranks_asked_of_me_last() -> None:
    game = liars.make("cheat", players=3, seed=0)
    hands = [["AH", "2C", "3C", "KD", "QS"], ["AC", "2D", "3D"], ["AD", "2H", "3H"]]
    used = {c for h in hands for c in h}
    pile = [r + s for r in "A23456789TJQK" for s in "CDHS" if r + s not in used]
    state = game.new_game(setup={"hands": hands, "pile": pile, "starter": 0, "required_rank": "A"})
    enc = CheatEncoder(game)
    # With 3 players seat 0 is asked A, 4, 7, T, K, 3, 6, 9, Q, 2, ...: 2 comes last, then Q, then 9.
    assert enc.play(state, 0, 2 + PLAYS.index((1, 0))) == ["2"]
    assert enc.play(state, 0, 2 + PLAYS.index((3, 1))) == ["A", "2", "Q"]
    enc.apply(state, 0, 2 + PLAYS.index((2, 0)))
    assert state.view(0)["hand"] == ["AH", "3C", "KD"]


@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: s.game_id)
def test_observation_ignores_other_seats_secrets(spec: Any) -> None:
    """Twin deals that differ only in what a seat cannot see give that seat equal observations."""
    rng = random.Random(11)
    checked = 0
    for players, opts in spec.configs[:3]:
        game = liars.make(spec.game_id, players=players, seed=5, **opts)
        enc = encoder(game)
        for seat in range(players):
            a_setup, b_setup = spec.hidden_twins(players, opts, seat, rng)
            a, b = game.new_game(setup=a_setup), game.new_game(setup=b_setup)
            # The twins do differ: someone else's observation tells them apart (the test can fail).
            assert any(
                not np.array_equal(enc.observe(a.view(s)), enc.observe(b.view(s)))
                for s in range(players)
                if s != seat
            )
            for _ in range(30):
                assert np.array_equal(enc.observe(a.view(seat)), enc.observe(b.view(seat)))
                if a.over or b.over:
                    break
                actor = a.to_act[0]
                legal = [x for x in a.legal_actions(actor) if x in b.legal_actions(actor)]
                safe = [x for x in legal if not spec.reveals(x.to_json())]
                if not safe or b.to_act != a.to_act:
                    break
                act = rng.choice(safe)
                a.act(actor, act)
                b.act(actor, act)
                checked += 1
    assert checked >= 4  # love-letter: almost every card reveals, so few steps are safe


@pytest.mark.parametrize(
    ("game_id", "kw"),
    [
        ("liars-dice", {"players": 3, "dice": 1}),
        ("liars-dice", {"players": 2, "dice": 2, "spot_on": True}),
        ("love-letter", {"players": 3}),
    ],
)
def test_final_observations_are_built_when_read_and_are_the_final_positions(
    game_id: str, kw: dict[str, Any]
) -> None:
    """The dead steps' observations cost nothing until read, and read late they are the final position's."""
    e = env(game_id, seed=2, **kw)
    rng = random.Random(2)
    built = 0
    observe = e._observe

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal built
        built += 1
        return observe(*args, **kwargs)

    e._observe = counting  # type: ignore[method-assign]
    finals: list[tuple[Any, dict[str, Any]]] = []
    for _ in range(3):
        e.reset()
        while e.agents:
            agent = e.agent_selection
            before = built
            obs, _, term, trunc, _ = e.last()
            assert obs is not None  # last() observes
            if term or trunc:
                assert built == before  # last() built nothing
                finals.append((obs, e.observe(agent)))  # the eager observation, as a reference
                e.step(None)
            else:
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert len(finals) == 3 * len(e.possible_agents)
    # Read only now, two new games later: still the final position of their own game, seat by seat.
    space = e.observation_space("player_0")
    for lazy, eager in finals:
        assert isinstance(lazy, dict) and space.contains(lazy)
        assert list(lazy) == ["observation", "action_mask"] and len(lazy) == 2
        assert np.array_equal(lazy["observation"], eager["observation"])
        assert not lazy["action_mask"].any() and not eager["action_mask"].any()
    # Different seats saw the end differently (the test can fail): relative seats, own cards.
    assert len({lazy["observation"].tobytes() for lazy, _ in finals}) > 1
    # Copies and pickles are plain dicts of the same arrays.
    lazy, eager = finals[0]
    for copied in (
        copy.copy(lazy),
        copy.deepcopy(lazy),
        pickle.loads(pickle.dumps(lazy)),
        dict(lazy),
        {**lazy},
    ):
        assert type(copied) is dict
        assert np.array_equal(copied["observation"], eager["observation"])


@pytest.mark.parametrize("game_id", ["liars-dice", "cheat", "liars-dice-poker"])
def test_an_action_that_is_not_a_whole_number_is_refused_not_rounded(game_id: str) -> None:
    """``step(2.5)`` or ``step("3")`` once played ``int(...)`` of it (id 2, id 3) without a word.

    The engine refuses anything but a whole number (``action_id_not_int``); the
    env must too, and change nothing.  numpy's integers are whole numbers.
    """
    e = env(game_id, seed=5, players=3 if game_id == "cheat" else 2)
    e.reset()
    mask = e.observe(e.agent_selection)["action_mask"]
    legal = np.flatnonzero(mask)
    before = e.state_obj.to_json()
    for bad in (float(legal[0]) + 0.5, float(legal[0]), str(legal[0]), True, np.float32(legal[0]), None):
        with pytest.raises(IllegalAction) as refused:
            e.step(bad)  # type: ignore[arg-type]
        assert refused.value.code in ("action_id_not_int", "must_act")
        assert e.state_obj.to_json() == before
    e.step(np.int64(legal[0]))  # type: ignore[arg-type]
    assert e.state_obj.to_json() != before


def test_adapter_options_are_checked_when_the_env_is_made() -> None:
    """``actions=`` on a game other than Cheat was a ``TypeError`` from an encoder's constructor,
    and ``max_steps=0`` (or -1) was taken, truncating every game after its first move."""
    with pytest.raises(GameConfigError, match="actions"):
        env("love-letter", players=2, actions="abstract")
    for bad in (0, -1, 2.5):
        with pytest.raises(ValueError, match="max_steps"):
            env("liars-dice", players=2, max_steps=bad)
    e = env("liars-dice", players=2, max_steps=1)
    e.reset(seed=0)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values())
