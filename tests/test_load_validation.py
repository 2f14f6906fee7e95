"""``liars.load`` takes every real save and refuses everything that is not a game (issue 19, item 5).

Real saves (random games of every game and configuration, dealt and from
setups, cut anywhere) must load and continue exactly.  Broken saves (the
issue's cases, and Hypothesis mutations of real ones) must be refused with
``GameConfigError`` ``bad_save``, or load into a state that is possible by
the rules (checked here independently of the engine's own checks) and that
plays on without any error but the documented ones.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import liars
from liars import GameConfigError, IllegalAction
from liars.games.cheat_cards import CARD_OF as CARD_INDEX_CHEAT
from liars.games.cheat_cards import DECK as CHEAT_DECK
from liars.games.love_letter_cards import DECK as LOVE_DECK
from tests.conformance import Spec, all_specs

SPECS = {s.game_id: s for s in all_specs()}
# What load may refuse with: a bad save, or a bad configuration in it as make() refuses that.
SAVE_CODES = {"bad_save", "game_unknown", "out_of_range", "option_bool", "option_int", "option_range"}
SAVE_CODES |= {"option_choice", "option_unknown"}
JSON = dict[str, Any]


def _play(state: liars.State, rng: random.Random, steps: int) -> list[tuple[int, JSON]]:
    """Up to ``steps`` random legal actions; what was played."""
    done = []
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat)).to_json()
        state.act(seat, action)
        done.append((seat, action))
    return done


def _views(state: liars.State) -> list[JSON]:
    return [state.view(s) for s in [None, *range(state.game.players)]]


def _starts(spec: Spec, players: int, opts: JSON, seed: int) -> list[liars.State]:
    """A dealt game and a game from one of the spec's setups (a chosen position)."""
    game = liars.make(spec.game_id, players=players, seed=seed, **opts)
    setup, _ = spec.hidden_twins(players, opts, seed % players, random.Random(seed))
    return [game.new_game(), game.new_game(setup=setup)]


# -- real saves load and continue exactly ---------------------------------------
@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_real_saves_load_and_continue_identically(game_id: str) -> None:
    spec = SPECS[game_id]
    for players, opts in spec.configs:
        for seed in range(2):
            for start in _starts(spec, players, opts, seed):
                rng = random.Random(seed)
                ref = start.clone()
                actions = _play(ref, random.Random(seed), 300)
                cuts = sorted({0, len(actions), *(rng.randrange(len(actions) + 1) for _ in range(2))})
                state = start.clone()
                done = 0
                for cut in cuts:
                    for seat, action in actions[done:cut]:
                        state.act(seat, action)
                    done = cut
                    text = state.to_json()
                    loaded = liars.load(text)
                    assert loaded.to_json() == text
                    assert _views(loaded) == _views(state)
                    twin = state.clone()
                    for seat, action in actions[cut:]:
                        assert loaded.legal_actions(seat) == twin.legal_actions(seat)
                        assert list(loaded.legal_ids()) == list(twin.legal_ids())
                        loaded.act(seat, action)
                        twin.act(seat, action)
                    assert loaded.to_json() == twin.to_json() == ref.to_json()
        finished = _starts(spec, players, opts, 5)[0]
        _play(finished, random.Random(5), 20_000)
        assert finished.over
        loaded = liars.load(finished.to_json())
        assert loaded.to_json() == finished.to_json() and _views(loaded) == _views(finished)


# -- the cases -----------------------------------------------------------
def _dice_save() -> JSON:
    state = liars.make("liars-dice", players=3, seed=4).new_game()
    _play(state, random.Random(1), 3)
    data: JSON = json.loads(state.to_json())
    return data


def _refused(data: Any) -> GameConfigError:
    with pytest.raises(GameConfigError) as info:
        liars.load(data if isinstance(data, str) else json.dumps(data))
    assert info.value.code == "bad_save"
    assert info.value.params["detail"]
    return info.value


def test_dice_showing_nine_and_unknown_keys_are_refused() -> None:
    data = _dice_save()
    nines = copy.deepcopy(data)
    nines["state"]["dice"] = [9] * len(nines["state"]["dice"])
    assert "die" in str(_refused(nines))
    unknown = copy.deepcopy(data)
    unknown["state"]["colour"] = "red"
    assert "colour" in str(_refused(unknown))
    top = copy.deepcopy(data)
    top["comment"] = "hi"
    assert "comment" in str(_refused(top))
    both = copy.deepcopy(nines)
    both["state"]["colour"] = "red"
    _refused(both)
    liars.load(json.dumps(data))  # the unmutated save loads


def test_a_million_dice_is_refused_at_once_without_allocating() -> None:
    data = _dice_save()
    data["state"]["counts"][0] = 1_000_000
    text = json.dumps(data)
    tracemalloc.start()
    began = time.perf_counter()
    try:
        _refused(text)
        took = time.perf_counter() - began
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert took < 0.5
    assert peak < 1_000_000  # bytes: the legal table for a million dice would be terabytes


def test_a_million_dice_in_a_view_is_refused_by_sample_state() -> None:
    state = liars.make("liars-dice", players=3, seed=4).new_game()
    view = state.view(0)
    view["dice_counts"] = [1_000_000, 5, 5]
    with pytest.raises(GameConfigError) as info:
        state.game.sample_state(view, random.Random(1))
    assert info.value.code == "bad_view"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "null",
        '"liars/1"',
        "[" * 100_000,
        '{"format": "liars/1"}',
        '{"format": "liars/2", "game": "cheat"}',
    ],
)
def test_not_a_save_is_refused(text: str) -> None:
    _refused(text)


def test_a_bad_configuration_in_a_save_is_refused_as_make_refuses_it() -> None:
    data = _dice_save()
    for key, value, code in (
        ("players", 9, "out_of_range"),
        ("game", "chess", "game_unknown"),
        ("options", {**data["options"], "dice": 0}, "option_range"),
        ("options", {**data["options"], "colour": 1}, "option_unknown"),
    ):
        with pytest.raises(GameConfigError) as info:
            liars.load(json.dumps({**data, key: value}))
        assert info.value.code == code
    unnamed: list[tuple[str, Any]] = [("players", None), ("seed", None), ("players", True), ("options", [])]
    for key, value in unnamed:
        _refused({**data, key: value})  # make() would fill these in: a save must name them
    # an option left out is its default (a save from before the option): the same game here
    assert liars.load(json.dumps({**data, "options": {}})).to_json() == json.dumps(
        data, sort_keys=True, separators=(",", ":")
    )


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_bad_view_seat_and_sample_views_raise_documented_errors(game_id: str) -> None:
    state = liars.make(game_id, seed=2).new_game()
    for seat in (9, -1, True, "0", 1.0):
        with pytest.raises(GameConfigError) as info:
            state.view(seat)  # type: ignore[arg-type]
        assert info.value.code in ("out_of_range", "not_whole_number")
    with pytest.raises(GameConfigError) as info:
        state.view(0, since=-1)
    assert info.value.code == "bad_view"
    other = "cheat" if game_id != "cheat" else "liars-dice"
    foreign = liars.make(other, seed=2).new_game().view(0)
    with pytest.raises(GameConfigError) as info:
        state.game.sample_state(foreign, random.Random(1))
    assert info.value.code == "bad_view"


def test_liars_dice_sample_state_refuses_a_spectators_or_broken_view() -> None:
    state = liars.make("liars-dice", players=3, seed=4).new_game()
    game = state.game
    for view in (state.view(None), {**state.view(0), "round": None}, {**state.view(0), "bids": 3}):
        try:
            game.sample_state(view, random.Random(1))
        except GameConfigError as exc:
            assert exc.code == "bad_view"
    broken: dict[str, Any] = dict(state.view(0))
    del broken["dice_counts"]
    with pytest.raises(GameConfigError):
        game.sample_state(broken, random.Random(1))


# -- specific impossible saves of every game ----------------------------------------
def _save(game_id: str, seed: int, steps: int, **opts: Any) -> JSON:
    state = liars.make(game_id, seed=seed, **opts).new_game()
    _play(state, random.Random(seed), steps)
    data: JSON = json.loads(state.to_json())
    return data


def test_impossible_cheat_saves_are_refused() -> None:
    data = _save("cheat", 1, 9)
    liars.load(json.dumps(data))
    s = data["state"]
    moved = copy.deepcopy(data)  # a card in two hands
    moved["state"]["hands"][1] |= s["hands"][0] & -s["hands"][0]
    _refused(moved)
    lost = copy.deepcopy(data)  # a card nowhere
    lost["state"]["hands"][0] &= lost["state"]["hands"][0] - 1
    _refused(lost)
    starter = copy.deepcopy(data)
    starter["state"]["starter"] = (s["starter"] + 1) % 4
    _refused(starter)
    rank = copy.deepcopy(data)
    rank["state"]["rank"] = (s["rank"] + 1) % 13
    _refused(rank)
    history = copy.deepcopy(data)
    history["state"]["history"] += ";Q1"
    _refused(history)


def test_impossible_liegen_saves_are_refused() -> None:
    data = _save("liegen", 1, 9, accuse="next")
    liars.load(json.dumps(data))
    s = data["state"]
    for key, value in (
        ("dealer", (s["dealer"] + 1) % 4),
        ("round_wins", [1, 0, 0, 0]),
        ("round", s["round"] + 1),
        ("hands", [s["hands"][0][:-1], *s["hands"][1:]]),
        ("hands", [s["hands"][0] + [0], *s["hands"][1:]]),
        ("log", s["log"] + "P0,0,0;"),
        ("log", s["log"][:-1]),
    ):
        bad = copy.deepcopy(data)
        bad["state"][key] = value
        _refused(bad)


def test_impossible_love_letter_saves_are_refused() -> None:
    data = _save("love-letter", 3, 30)
    liars.load(json.dumps(data))
    s = data["state"]
    for key, value in (
        ("round_wins", [9, 0, 0, 0]),
        ("starter", (s["starter"] + 1) % 4),
        ("deck", s["deck"] + ["K"]),
        ("set_aside", None),
        ("protected", [True] * 4),
        ("history", s["history"][:-1]),
        ("history", [*s["history"], {"type": "out", "seat": 0, "card": None}]),
        ("known", [{"0": "K"}, {}, {}, {}]),
    ):
        bad = copy.deepcopy(data)
        bad["state"][key] = value
        _refused(bad)


def test_impossible_liars_dice_saves_are_refused() -> None:
    data = _save("liars-dice", 2, 40)
    liars.load(json.dumps(data))
    s = data["state"]
    assert s["history"], "the game must have finished rounds to mutate"
    mutations: list[Callable[[JSON], None]] = [
        lambda d: d["state"]["counts"].__setitem__(0, d["state"]["counts"][0] - 1),
        lambda d: d["state"]["history"][0].__setitem__(7, d["state"]["history"][0][7] + 1),
        lambda d: d["state"]["history"][0].__setitem__(8, [(d["state"]["history"][0][8][0] + 1) % 4]),
        lambda d: d["state"].__setitem__("opener", (d["state"]["opener"] + 1) % 4),
        lambda d: d["state"].__setitem__("round", d["state"]["round"] + 1),
        lambda d: d.__setitem__("to_act", [(d["to_act"][0] + 1) % 4]),
        lambda d: d.__setitem__("winners", [0]),
    ]
    for mutate in mutations:
        bad = copy.deepcopy(data)
        mutate(bad)
        _refused(bad)


# -- fuzzing: mutated real saves -----------------------------------------------------
@functools.cache
def _pool(game_id: str) -> tuple[str, ...]:
    """Real saves of the game, dealt and from setups, at several points of play and finished."""
    spec = SPECS[game_id]
    out = []
    for players, opts in spec.configs:
        for seed in range(2):
            for start in _starts(spec, players, opts, seed):
                rng = random.Random(seed)
                for steps in (0, rng.randrange(1, 40), rng.randrange(40, 200), 10_000):
                    state = start.clone()
                    _play(state, random.Random(seed + steps), steps)
                    out.append(state.to_json())
    return tuple(out)


def _other_values(value: Any) -> list[Any]:
    """Replacements a mutation may put where ``value`` was: near numbers, other types, empties."""
    out: list[Any] = [None, True, 0, -1, "", [], {}, 1.0, "x"]
    if isinstance(value, bool):
        out.append(not value)
    elif isinstance(value, int):
        out += [value + 1, value - 1, value * 2, value + 7, 10**6, -(10**6)]
    elif isinstance(value, str):
        out += [value[:-1], value + value[-1:], value[::-1], value.replace("1", "2"), value + ";"]
    elif isinstance(value, list):
        out += [value[:-1], value[1:], [*value, *value[-1:]], value[::-1]]
    return out


def _mutate(data: Any, draw: Any) -> Any:
    """One mutation somewhere in the JSON tree ``data`` (changed in place where it can be)."""
    node = data
    while True:
        children = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        if not children:
            return data
        key = children[draw(st.integers(0, len(children) - 1))]
        child = node[key]
        deeper = isinstance(child, (dict, list)) and child and draw(st.booleans())
        if deeper:
            node = child
            continue
        op = draw(st.sampled_from(["replace", "delete", "add", "swap"]))
        if op == "replace":
            node[key] = draw(st.sampled_from(_other_values(child)))
        elif op == "delete":
            del node[key]
        elif op == "add":
            if isinstance(node, dict):
                node[draw(st.sampled_from(["zz", "_for", "type", "hit", "extra"]))] = child
            else:
                node.insert(key, copy.deepcopy(child))
        else:
            other = children[draw(st.integers(0, len(children) - 1))]
            node[key], node[other] = node[other], child
        return data


def _invariants(state: liars.State) -> None:
    """The rules' bounds, checked here without the engine's checks: what no game can ever show."""
    game: Any = state.game
    n = game.players
    assert all(0 <= s < n for s in state.to_act) and all(0 <= s < n for s in state.winners)
    assert state.over == bool(state.winners) == (not state.to_act)
    s: Any = state
    if game.id == "liars-dice":
        most = game.options["dice"]
        assert all(0 <= c <= most for c in s.counts) and len(s.counts) == n
        assert all(1 <= d <= 6 for d in s.dice)
        alive = [i for i, c in enumerate(s.counts) if c]
        if state.over:
            assert state.winners == tuple(alive) and len(alive) == 1
        else:
            assert len(s.dice) == sum(s.counts) and len(alive) >= 2 and s.counts[state.to_act[0]] > 0
            assert -1 <= s.bid < 6 * sum(s.counts)
    elif game.id == "cheat":
        cards = [c for h in [*s.hands, s.pile] for c in range(CHEAT_DECK) if h >> c & 1]
        assert sorted(cards) == list(range(CHEAT_DECK))
        assert all(0 <= h < 2**CHEAT_DECK for h in s.hands)
        if state.over:
            assert s.hands[state.winners[0]] == 0
    elif game.id == "liegen":
        assert Counter(c for h in [*s.hands, s.pile] for c in h) == Counter(game.deck)
        target = game.target_wins
        assert all(0 <= w <= target for w in s.round_wins)
        assert (max(s.round_wins) >= target) == state.over
        if not state.over:
            assert all(s.hands)
    elif game.id == "liars-dice-poker":
        assert len(s.lives) == 2 and all(0 <= v <= game.options["lives"] for v in s.lives)
        assert state.over == (min(s.lives) == 0)
        if not state.over:
            assert len(s.dice) == 5 and all(1 <= d <= 6 for d in s.dice) and state.to_act == (s.holder,)
            assert [c[1] for c in s.claims] == sorted({c[1] for c in s.claims})  # claims rise
    else:
        held = [c for h in s.hands for c in h] + list(s.deck) + [c for p in s.played for c in p]
        assert Counter(held + ([s.set_aside] if s.set_aside else [])) == Counter(LOVE_DECK)
        for seat in range(n):
            assert len(s.hands[seat]) == (0 if s.out[seat] else 2 if state.to_act == (seat,) else 1)
        target = game.target_wins
        assert (max(s.round_wins) >= target) == state.over


def _plays_on(state: liars.State, rng: random.Random) -> None:
    """Every seat's view, the legal actions and random legal play work (no error at all)."""
    for _ in range(150):
        _views(state)
        if state.over:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert legal, "a seat to act must have a legal action"
        assert sorted(state.legal_ids()) == sorted(state.game.action_id(a) for a in legal)
        state.act(seat, rng.choice(legal).to_json())
        _invariants(state)
    for s in range(state.game.players):
        if s not in state.to_act:
            with pytest.raises(IllegalAction):
                state.act(s, {"type": "pass"})


@pytest.mark.parametrize("game_id", sorted(SPECS))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_saves_are_refused_or_load_into_a_possible_game(game_id: str, data: Any) -> None:
    pool = _pool(game_id)
    text = pool[data.draw(st.integers(0, len(pool) - 1))]
    tree = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        tree = _mutate(tree, data.draw)
    mutated = json.dumps(tree)
    if data.draw(st.booleans(), label="truncate text") and len(mutated) > 2:
        mutated = mutated[: data.draw(st.integers(0, len(mutated) - 1))]
    try:
        state = liars.load(mutated)
    except GameConfigError as exc:
        assert exc.code in SAVE_CODES
        return
    _invariants(state)
    assert liars.load(state.to_json()).to_json() == state.to_json()
    _plays_on(state, random.Random(len(mutated)))


def _after_a_call(game_id: str, token: str, **opts: Any) -> JSON:
    """A save just after the first challenge (accusation) whose taker is not the player who lost it."""
    for seed in range(50):
        state = liars.make(game_id, seed=seed, **opts).new_game()
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            state.act(seat, rng.choice(state.legal_actions(seat)))
            data: JSON = json.loads(state.to_json())
            log = data["state"]["history" if game_id == "cheat" else "log"]
            if log.rstrip(";").split(";")[-1].startswith(token) and not state.over:
                return data
    raise AssertionError("no call in 50 games")


def test_cheat_cards_stay_where_the_history_put_them() -> None:
    data = _after_a_call("cheat", "C")
    liars.load(json.dumps(data))
    s = data["state"]
    taker = s["revealed"]["taker"]
    card = 1 << CARD_INDEX_CHEAT[s["revealed"]["cards"][0]]
    other = (taker + 1) % len(s["hands"])
    theirs = s["hands"][other] & -s["hands"][other]
    # the same sizes and every card once, but a turned card the taker must hold is elsewhere
    s["hands"][taker] = s["hands"][taker] & ~card | theirs
    s["hands"][other] = s["hands"][other] & ~theirs | card
    assert "history put it" in str(_refused(data))


def test_liegen_cards_and_hand_sizes_follow_the_log() -> None:
    data = _after_a_call("liegen", "A", accuse="next")
    liars.load(json.dumps(data))
    s = data["state"]
    taker = int(s["log"].rstrip(";").split(";")[-1].split(",")[5])
    taken = int(s["log"].rstrip(";").split(";")[-1].split(",")[6].split(".")[0])
    other = (taker + 1) % len(s["hands"])
    theirs = next(c for c in s["hands"][other] if c != taken)
    s["hands"][taker] = sorted([c for c in s["hands"][taker] if c != taken] + [theirs])
    s["hands"][other] = sorted([c for c in s["hands"][other] if c != theirs] + [taken])
    assert "log put it" in str(_refused(data))
    # from the second round on the deal's sizes are known: a card moved between hands is refused
    state = liars.make("liegen", seed=1, accuse="next", target_wins=2).new_game()
    rng = random.Random(1)
    while state.history_epoch == 1:
        seat = state.to_act[0]
        state.act(seat, rng.choice(state.legal_actions(seat)))
    moved: JSON = json.loads(state.to_json())
    liars.load(json.dumps(moved))
    hands = moved["state"]["hands"]
    hands[1] = sorted(hands[1] + hands[0][:1])
    hands[0] = hands[0][1:]
    assert "sizes" in str(_refused(moved))


def test_love_letter_knowledge_is_what_the_events_showed() -> None:
    data = _save("love-letter", 3, 30)
    liars.load(json.dumps(data))
    s = data["state"]
    seat, other = next(
        (u, t) for u in range(4) for t in range(4) if u != t and s["hands"][t] and str(t) not in s["known"][u]
    )
    s["known"][seat][str(other)] = s["hands"][other][0]  # true, but nothing showed it to that seat
    assert "known" in str(_refused(data))
