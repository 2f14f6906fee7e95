"""Love Letter's information-state tensor (``LoveRecallEncoder``): it determines the seat's view.

The sample: random single rounds of 2, 3 and 4 players, every seat's view at
every step, and at each step the views after every legal action (siblings
that differ in one event: a target, a guess, a card); rounds dealt afresh
around one seat's view (``sample_state``) and played on with the same moves,
whose views of that seat differ only in what it learns later; and pairs
built on purpose that differ only in a secret (what a 7 saw, what a 10 made
the target draw) or only in the order of a seat's plays, or only in which
card in hand is the old one.  Injectivity is checked as "every tensor comes
from one view" (canonical JSON, as OpenSpiel's information-state strings);
the same check with one piece of the view hidden from the encoder (the
order in hand, ``seen``, ``drew``, ``guess``, ``target``, the order of
events) must fail on this sample, so it can tell.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pyspiel
import pytest

import liars
import liars.rl.openspiel  # registers the python_* games
from liars import GameConfigError
from liars.games.love_letter import parse
from liars.rl.enc_love_letter import LoveRecallEncoder

DECK = ["K", "Q", "J", "T", "T", "9", "9", "8", "8", "7", "7", "6", "6", "6", "5", "5"]
Views = list[dict[str, Any]]
GAMES = {2: 40, 3: 20, 4: 12}  # random rounds per player count (and four times as many twin starts)


def canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def engine(n: int) -> Any:
    return liars.make("love-letter", players=n, seed=0, target_wins=1)


def record(state: Any, n: int, out: Views) -> None:
    out.extend(state.view(s) for s in range(n))


def random_views(n: int, games: int, seed: int) -> Views:
    """Every seat's view at every step of random rounds, and after every legal action at each step."""
    rng = random.Random(seed)
    game = engine(n)
    out: Views = []
    for _ in range(games):
        state = game.new_game(setup=deal(n, rng))
        while True:
            record(state, n, out)
            if state.over:
                break
            legal = list(state.legal_ids())
            for a in legal:
                child = state.clone()
                child.act_id(a)
                record(child, n, out)
            state.act_id(rng.choice(legal))
    return out


def twin_views(n: int, games: int, seed: int) -> Views:
    """Rounds that agree with one seat's view, played on with the same moves: the hard neighbours.

    From a random position, ``sample_state`` deals afresh everything one seat
    cannot see; the original and its twins then take the same random moves
    (while legal in all), so that seat's views differ only in what it learns
    later (a draw, a secret it is shown), and the other seats' in their cards.
    """
    rng = random.Random(seed)
    game = engine(n)
    out: Views = []
    for _ in range(games):
        state = game.new_game(setup=deal(n, rng))
        for _ in range(rng.randrange(4)):
            if state.over:
                break
            state.act_id(rng.choice(list(state.legal_ids())))
        if state.over:
            continue
        seat = rng.randrange(n)
        states = [
            state,
            *(game.sample_state(state.view(seat), random.Random(rng.random())) for _ in range(3)),
        ]
        while True:
            for st in states:
                record(st, n, out)
            if any(st.over for st in states):
                break
            common = set(states[0].legal_ids()).intersection(*(st.legal_ids() for st in states[1:]))
            if not common:
                break
            a = rng.choice(sorted(common))
            for st in states:
                st.act_id(a)
    return out


def deal(n: int, rng: random.Random) -> dict[str, Any]:
    cards = DECK[:]
    rng.shuffle(cards)
    return {
        "hands": [[c] for c in cards[:n]],
        "set_aside": cards[n],
        "deck": cards[n + 1 :],
        "starter": rng.randrange(n),
    }


def played_out(n: int, setup: dict[str, Any], moves: list[str]) -> Views:
    """Every seat's view after each of ``moves`` (action texts) from ``setup``."""
    state = engine(n).new_game(setup=setup)
    out: Views = []
    record(state, n, out)
    for m in moves:
        state.act(state.to_act[0], parse(m))
        record(state, n, out)
    return out


def rest(*used: str) -> list[str]:
    """The cards of the deck left once ``used`` are placed (in deck order)."""
    left = DECK[:]
    for c in used:
        left.remove(c)
    return left


def seen_pair() -> tuple[Views, Views]:
    """Seat 0's 7 sees a 9 or a Q; seat 1 then plays both, so only ``seen`` tells seat 0's views apart.

    Seat 1 holds 9 and draws Q, or holds Q and draws 9: seat 1's views differ
    only in the order of its two cards, then not at all.
    """
    moves = ["7@1", "9", "5", "Q"]  # seat 1 is protected: seat 0's 5 has nobody to name
    views = []
    for first, second in (("9", "Q"), ("Q", "9")):
        top = ["5", second, "8", "6"]
        deck = top + rest("7", first, "K", *top)
        setup = {"hands": [["7"], [first]], "set_aside": "K", "deck": deck, "starter": 0}
        views.append(played_out(2, setup, moves))
    return views[0], views[1]


def drew_pair() -> tuple[Views, Views]:
    """Seat 0's 10 makes seat 1 discard and draw a 9 or a Q; seat 1 draws the other, plays the 9.

    Seat 1's views then differ only in the 10's secret ``drew``; seat 0's are equal.
    """
    views = []
    for drawn, after in (("9", "Q"), ("Q", "9")):
        top = ["6", drawn, after]
        deck = top + rest("T", "5", "K", *top)
        setup = {"hands": [["T"], ["5"]], "set_aside": "K", "deck": deck, "starter": 0}
        views.append(played_out(2, setup, ["T@1", "9"]))
    return views[0], views[1]


def order_pair() -> tuple[Views, Views]:
    """Three players: seat 0 plays 9 then Q, or Q then 9, while seats 1 and 2 aim at each other.

    When seat 0's third turn begins its protection is over either way, so the
    views differ only in the order of seat 0's two plays.
    """
    top = ["Q", "6", "6", "5", "6", "5"]
    deck = top + rest("9", "7", "7", "K", *top)
    setup = {"hands": [["9"], ["7"], ["7"]], "set_aside": "K", "deck": deck, "starter": 0}
    views = []
    for a, b in (("9", "Q"), ("Q", "9")):
        views.append(played_out(3, setup, [a, "7@2", "7@1", b, "6@2=K", "5@1=K"]))
    return views[0], views[1]


@cache
def sample() -> dict[int, Views]:
    out = {n: random_views(n, games, seed=n) + twin_views(n, 4 * games, seed=n) for n, games in GAMES.items()}
    for pair in (seen_pair(), drew_pair(), order_pair()):
        for views in pair:
            out[views[0]["players"]].extend(views)
    return out


Encode = Callable[[LoveRecallEncoder, dict[str, Any]], np.ndarray]


def plain(enc: LoveRecallEncoder, view: dict[str, Any]) -> np.ndarray:
    return enc.observe(view)


def shared_tensors(views: Views, n: int, encode: Encode = plain) -> list[set[str]]:
    """The groups of different views (of one seat) that ``encode`` maps to one tensor."""
    enc = LoveRecallEncoder(engine(n))
    groups: dict[tuple[int, bytes], set[str]] = {}
    for v in views:
        groups.setdefault((v["seat"], encode(enc, v).tobytes()), set()).add(canonical(v))
    return [g for g in groups.values() if len(g) > 1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_size_and_values(n: int) -> None:
    enc = LoveRecallEncoder(engine(n))
    layout = enc.layout()
    ends = [off + size for _, off, size, _ in layout]
    assert [off for _, off, _, _ in layout] == [0, *ends[:-1]]
    assert sum(size for _, _, size, _ in layout) == enc.size
    assert pyspiel.load_game("python_love_letter", {"players": n}).information_state_tensor_size() == enc.size
    for v in sample()[n]:
        t = enc.observe(v)
        assert t.dtype == np.float32 and t.shape == (enc.size,)
        assert ((t == 0) | (t == 1)).all()  # one-hot and thermometer cells only: in [0, 1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_views_and_tensors_determine_each_other(n: int) -> None:
    views = sample()[n]
    enc = LoveRecallEncoder(engine(n))
    by_view: dict[str, bytes] = {}
    for v in views:
        assert by_view.setdefault(canonical(v), enc.observe(v).tobytes()) == enc.observe(v).tobytes()
    assert len(by_view) > 1000
    assert shared_tensors(views, n) == []


def test_the_built_pairs_are_what_they_claim() -> None:
    """At their ends the pairs' views of one seat differ only as claimed, and get two tensors."""

    def drop_key(key: str) -> Callable[[dict[str, Any]], None]:
        def change(v: dict[str, Any]) -> None:
            for e in v["history"]:
                e.pop(key, None)

        return change

    def unordered(v: dict[str, Any]) -> None:
        v["history"].sort(key=canonical)
        v["played"] = [sorted(p) for p in v["played"]]

    cases = [
        (seen_pair(), 0, drop_key("seen")),
        (drew_pair(), 1, drop_key("drew")),
        (order_pair(), 0, unordered),
    ]
    for (a, b), seat, change in cases:
        n = a[0]["players"]
        va, vb = a[-n + seat], b[-n + seat]
        assert va["seat"] == vb["seat"] == seat
        assert canonical(va) != canonical(vb)
        ca, cb = json.loads(canonical(va)), json.loads(canonical(vb))
        change(ca)
        change(cb)
        assert ca == cb
        enc = LoveRecallEncoder(engine(n))
        assert not np.array_equal(enc.observe(va), enc.observe(vb))
    a, b = drew_pair()  # seat 0 cannot see what seat 1 drew
    assert canonical(a[-2]) == canonical(b[-2])
    a, b = seen_pair()  # seat 1 held 9 then drew Q, or the other way round
    assert a[3]["hand"] == ["9", "Q"] and b[3]["hand"] == ["Q", "9"]
    assert canonical({**a[3], "hand": []}) == canonical({**b[3], "hand": []})


def without(change: Callable[[dict[str, Any]], None]) -> Encode:
    """An encoder that sees a view changed by ``change`` (a copy): one piece of information hidden."""

    def encode(enc: LoveRecallEncoder, view: dict[str, Any]) -> np.ndarray:
        v = json.loads(json.dumps(view))
        change(v)
        return enc.observe(v)

    return encode


def _drop_event_key(key: str) -> Callable[[dict[str, Any]], None]:
    def change(v: dict[str, Any]) -> None:
        for e in v["history"]:
            e.pop(key, None)

    return change


def _sort_hand(v: dict[str, Any]) -> None:
    v["hand"] = sorted(v["hand"] or [])


def _sort_history(v: dict[str, Any]) -> None:
    v["history"].sort(key=canonical)


HIDDEN: dict[str, Callable[[dict[str, Any]], None]] = {
    "hand order": _sort_hand,
    "seen": _drop_event_key("seen"),
    "drew": _drop_event_key("drew"),
    "guess": _drop_event_key("guess"),
    "target": _drop_event_key("target"),
    "order of events": _sort_history,
}


@pytest.mark.parametrize("hidden", list(HIDDEN))
def test_hiding_one_piece_breaks_injectivity(hidden: str) -> None:
    """The injectivity check can fail: without any one of these, two views share a tensor."""
    found = [g for n, views in sample().items() for g in shared_tensors(views, n, without(HIDDEN[hidden]))]
    assert found, f"hiding {hidden} still told every view apart: the sample cannot show it is needed"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_openspiel_tensor_is_the_encoders(n: int) -> None:
    game = pyspiel.load_game("python_love_letter", {"players": n})
    assert game.get_type().provides_information_state_tensor
    enc = LoveRecallEncoder(engine(n))
    rng = random.Random(n)
    checked = 0
    for _ in range(8):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                assert not any(any(state.information_state_tensor(p)) for p in range(n))
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for p in range(n):
                assert np.array_equal(np.array(state.information_state_tensor(p)), enc.observe(state.view(p)))
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        for p in range(n):
            assert np.array_equal(np.array(state.information_state_tensor(p)), enc.observe(state.view(p)))
    assert checked > 8 * n


def test_multi_round_games_are_refused() -> None:
    with pytest.raises(GameConfigError):
        LoveRecallEncoder(liars.make("love-letter", players=2, seed=0))
