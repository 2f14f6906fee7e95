"""The shared conformance suite, run on every registered game (see tests/conformance)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import liars
from liars import GameConfigError, IllegalAction
from liars.core import SHOWN_IDS
from tests.conformance import Spec, all_specs

SPECS = all_specs()
SEEDS = range(12)
CASES = [(spec, players, opts) for spec in SPECS for players, opts in spec.configs]
IDS = [f"{s.game_id}-{p}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for s, p, o in CASES]


def playout(state: liars.State, rng: random.Random, limit: int) -> list[tuple[int, Any]]:
    """Random legal actions until the end; returns what was played."""
    played: list[tuple[int, Any]] = []
    for _ in range(limit):
        if state.over:
            return played
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        state.act(seat, action.to_json())
        played.append((seat, action.to_json()))
    raise AssertionError(f"no end after {limit} actions")


def all_views(state: liars.State) -> list[dict[str, Any]]:
    return [state.view(s) for s in [None, *range(state.game.players)]]


def test_every_game_has_a_spec() -> None:
    assert sorted(s.game_id for s in SPECS) == sorted(liars.GAME_IDS)


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_random_playouts_end_with_winners(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    for seed in SEEDS:
        state = liars.make(spec.game_id, players=players, seed=seed, **opts).new_game()
        playout(state, random.Random(seed), spec.max_steps)
        assert state.over and state.to_act == ()
        assert all(state.legal_actions(s) == [] for s in range(players))
        if spec.single_winner:
            assert len(state.winners) == 1
        else:
            assert len(state.winners) >= 1
        assert set(state.winners) <= set(range(players))
        assert sum(state.returns()) == pytest.approx(1.0)
        places = state.places
        assert places is not None and all(places[w] == 1 for w in state.winners)
        for v in all_views(state):
            assert v["over"] is True and v["winners"] == list(state.winners)


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_same_seed_and_actions_same_game(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    for seed in SEEDS:
        game = liars.make(spec.game_id, players=players, seed=seed, **opts)
        a, b = game.new_game(), liars.make(spec.game_id, players=players, seed=seed, **opts).new_game()
        assert a.to_json() == b.to_json()
        for seat, action in playout(a, random.Random(seed), spec.max_steps):
            b.act(seat, action)
        assert a.to_json() == b.to_json()
        assert all_views(a) == all_views(b)
    # a different seed gives a different game somewhere
    starts = {liars.make(spec.game_id, players=players, seed=s, **opts).new_game().to_json() for s in SEEDS}
    assert len(starts) > 1


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_save_load_continues_identically(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    for seed in SEEDS:
        game = liars.make(spec.game_id, players=players, seed=seed, **opts)
        ref = game.new_game()
        actions = playout(ref, random.Random(seed), spec.max_steps)
        cut = random.Random(seed).randrange(len(actions) + 1)
        state = game.new_game()
        for seat, action in actions[:cut]:
            state.act(seat, action)
        text = state.to_json()
        loaded = liars.load(text)
        assert loaded.to_json() == text
        assert all_views(loaded) == all_views(state)
        for seat, action in actions[cut:]:
            assert loaded.legal_actions(seat) == state.legal_actions(seat)
            loaded.act(seat, action)
            state.act(seat, action)
        assert loaded.to_json() == ref.to_json() == state.to_json()


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_clone_is_independent(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    state = liars.make(spec.game_id, players=players, seed=3, **opts).new_game()
    before = state.to_json()
    twin = state.clone()
    assert twin.to_json() == before
    playout(twin, random.Random(3), spec.max_steps)
    assert state.to_json() == before


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_illegal_actions_are_rejected_and_change_nothing(
    spec: Spec, players: int, opts: dict[str, Any]
) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        state = liars.make(spec.game_id, players=players, seed=seed, **opts).new_game()
        seen: list[dict[str, Any]] = []
        while not state.over:
            before = state.to_json()
            actor = rng.choice(state.to_act)
            legal = [a.to_json() for a in state.legal_actions(actor)]
            seen.extend(legal[:5])
            for bad in spec.malformed:
                with pytest.raises(IllegalAction):
                    state.act(actor, bad)
            idle = [s for s in range(players) if s not in state.to_act]
            for s in idle[:2]:
                assert state.legal_actions(s) == []
                with pytest.raises(IllegalAction):
                    state.act(s, legal[0])
            for not_a_seat in (-1, players, "0", None):
                with pytest.raises(IllegalAction):
                    state.act(not_a_seat, legal[0])  # type: ignore[arg-type]
            for other in rng.sample(seen, min(len(seen), 8)):
                if other in legal:
                    continue
                try:
                    state.act(actor, other)
                except IllegalAction as exc:
                    assert str(exc)
                    assert state.to_json() == before
                    continue
                if spec.legal_is_complete:
                    raise AssertionError(f"{other} was accepted but is not in legal_actions")
                state = liars.load(before)  # accepted and legal by the rules: rewind
            assert state.to_json() == before
            state.act(actor, rng.choice(legal))
        final = state.to_json()
        with pytest.raises(IllegalAction):
            state.act(0, seen[0])
        assert state.to_json() == final


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_integer_and_json_forms_agree(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    game = liars.make(spec.game_id, players=players, seed=5, **opts)
    state = game.new_game()
    rng = random.Random(5)
    while not state.over:
        actor = state.to_act[0]
        legal = state.legal_actions(actor)
        for a in legal:
            assert game.parse_action(a.to_json()) == a
            assert json.loads(json.dumps(a.to_json())) == a.to_json()
        if game.num_actions is not None:
            ids = [game.action_id(a) for a in legal]
            assert sorted(ids) == sorted(state.legal_ids())
            mask = state.legal_mask()
            assert len(mask) == game.num_actions and [i for i, b in enumerate(mask) if b] == sorted(ids)
            assert set(mask) <= {0, 1}
            assert all(0 <= i < game.num_actions for i in ids)
            assert [game.action_from_id(i) for i in ids] == legal
            for bad in (-1, game.num_actions, 1.0, True, "1"):
                before = state.to_json()
                with pytest.raises(IllegalAction) as refused:
                    state.act_id(bad)  # type: ignore[arg-type]
                assert state.to_json() == before
                # a short refusal however many ids are legal (Liegen's 676 made 4,000 letters)
                assert len(str(refused.value)) < 300, str(refused.value)
            unlisted = next((i for i in range(game.num_actions) if i not in set(ids)), None)
            if unlisted is not None:  # a real id, not legal now: the refusal may list the legal ones
                with pytest.raises(IllegalAction) as refused:
                    state.act_id(unlisted)
                said = str(refused.value)
                assert len(said) < 300, said
                if "legal: [" in said and len(ids) > SHOWN_IDS:
                    assert said.endswith(f"({len(ids)} in all: legal_ids())"), said
            twin = state.clone()
            pick = rng.randrange(len(legal))
            twin.act_id(ids[pick])
            state.act(actor, legal[pick])
            assert twin.to_json() == state.to_json()
        else:
            state.act(actor, rng.choice(legal))
    assert list(state.legal_ids()) == []
    if game.num_actions is not None:
        assert not any(state.legal_mask())


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_views_hide_what_they_must_and_show_what_they_may(
    spec: Spec, players: int, opts: dict[str, Any]
) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        seat = rng.randrange(players)
        setup_a, setup_b = spec.hidden_twins(players, opts, seat, rng)
        game = liars.make(spec.game_id, players=players, seed=seed, **opts)
        a, b = game.new_game(setup=setup_a), game.new_game(setup=setup_b)
        assert a.to_json() != b.to_json(), "the twins must differ somewhere"
        assert spec.own_secret(a.view(seat), setup_a, seat)
        assert spec.own_secret(b.view(seat), setup_b, seat)
        for _ in range(spec.max_steps):
            va, vb = a.view(seat), b.view(seat)
            assert va == vb, f"seat {seat} can tell the twins apart"
            assert a.view(None) == b.view(None), "a spectator can tell the twins apart"
            json.dumps(va)
            if a.over or b.over or a.to_act != b.to_act:
                break
            actor = rng.choice(a.to_act)
            common = [x for x in a.legal_actions(actor) if x in b.legal_actions(actor)]
            if not common:
                break
            action = rng.choice(common)
            a.act(actor, action)
            b.act(actor, action)
            if spec.reveals(action.to_json()):
                break


@pytest.mark.parametrize("spec", SPECS, ids=[s.game_id for s in SPECS])
def test_bad_configuration_is_refused(spec: Spec) -> None:
    info = liars.game_class(spec.game_id).info
    with pytest.raises(GameConfigError, match="allowed"):
        liars.make(spec.game_id, no_such_option=1)
    for players in (info.min_players - 1, info.max_players + 1, 2.0, True):
        with pytest.raises(GameConfigError):
            liars.make(spec.game_id, players=players)  # type: ignore[arg-type]
    for opt in info.options:
        bad: Any = "x" if opt.kind != "choice" else "no-such-choice"
        with pytest.raises(GameConfigError, match=opt.name):
            liars.make(spec.game_id, **{opt.name: bad})
    setup: object
    for setup in ([], "x", {"no_such_key": 1}):
        with pytest.raises(GameConfigError):
            liars.make(spec.game_id).new_game(setup=setup)  # type: ignore[arg-type]
    with pytest.raises(GameConfigError):
        liars.make(spec.game_id, seed="7")  # type: ignore[call-overload]
    with pytest.raises(GameConfigError):
        liars.load('{"format": "liars/1", "game": "nope"}')


def _all_but_history(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "history"}


def _check_since(state: liars.State, viewer: int | None) -> None:
    """Every tail of ``viewer``'s history is the full view's, and nothing else in the view changes."""
    full = state.view(viewer)
    n = full["history_len"]
    assert n == len(full["history"])
    for k in sorted({0, 1, n // 2, max(n - 1, 0), n, n + 5}):
        part = state.view(viewer, since=k)
        assert part["history"] == full["history"][k:], k
        assert _all_but_history(part) == _all_but_history(full), k


@pytest.mark.parametrize(("spec", "players", "opts"), CASES, ids=IDS)
def test_view_since_gives_the_history_tail(spec: Spec, players: int, opts: dict[str, Any]) -> None:
    """``view(seat, since=k)`` is the full view with ``history[k:]``, whatever happened before.

    A client per viewer follows the game asking only for the new entries (as
    the RL adapters do) and must hold exactly the full history; at some steps
    every tail is compared with the full view, also on a clone and on a
    saved-and-loaded copy (whose incremental bookkeeping starts afresh).
    """
    for seed in range(3):
        rng = random.Random(seed)
        state = liars.make(spec.game_id, players=players, seed=seed, **opts).new_game()
        viewers = [None, *range(players)]
        held: dict[int | None, list[Any]] = {v: [] for v in viewers}
        epoch: dict[int | None, int] = dict.fromkeys(viewers, state.history_epoch)
        steps = 0
        while True:
            restarted = False
            for v in viewers:
                tail = state.view(v, since=len(held[v]))
                assert type(tail["history_epoch"]) is int
                if tail["history_epoch"] != epoch[v]:  # Liegen: a new round starts a new history
                    restarted = True
                    held[v], epoch[v] = [], tail["history_epoch"]
                    tail = state.view(v, since=0)
                held[v] += tail["history"]
                # within an epoch the history only grows: the held entries plus the tail are all of it
                assert tail["history_len"] == len(held[v])
            if steps < 4 or steps % 97 == 0 or restarted or state.over:
                for v in viewers:
                    assert state.view(v)["history"] == held[v]
                    _check_since(state, v)
                seat = rng.randrange(players)
                _check_since(state.clone(), seat)
                _check_since(liars.load(state.to_json()), seat)
                n = len(held[seat])
                if n >= 2 and not state.over:
                    with pytest.raises(GameConfigError, match="full view"):
                        state.game.sample_state(state.view(seat, since=1), random.Random(0))
            if state.over:
                break
            actor = rng.choice(state.to_act)
            state.act(actor, rng.choice(state.legal_actions(actor)))
            steps += 1
        assert steps < spec.max_steps


@pytest.mark.parametrize("spec", SPECS, ids=[s.game_id for s in SPECS])
def test_view_since_is_checked_strictly(spec: Spec) -> None:
    state = liars.make(spec.game_id, seed=1).new_game()
    for bad in (True, False, 1.0, 0.0, -1, "1", None):
        with pytest.raises(ValueError, match="since"):
            state.view(0, since=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        state.view(0, 1)  # type: ignore[call-overload]
    assert state.view(0, since=0) == state.view(0)
