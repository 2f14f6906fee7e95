"""The card games' observation vectors mean what docs/rl.md says, field by field.

For Cheat, Liegen and Love Letter the expected vector is written here again
from the view, the slow and obvious way: one field at a time, in the order
and with the sizes of the doc's tables, from the meanings given there (and
in ``docs/protocol.md`` for what each view key holds).  It is compared with
``encoder(game).observe(view)`` for every seat at the positions of seeded
random games (all of them in Love Letter, a random share of the long Cheat
and Liegen games), in several configurations, so an encoder that sets a
wrong cell, or misses one, fails.  The doc's tables themselves (offsets and
meanings) are checked against ``encoder.layout()`` too.  Each test ends by checking that the cases worth
encoding (a turned card, a full ``recent``, later rounds, ...) were reached.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pytest

import liars
from liars.rl import encoder

DOC = Path(__file__).resolve().parents[1] / "docs" / "rl.md"

CARD_RANKS = "A23456789TJQK"  # Cheat and Liegen, A low
SUITS = "CDHS"
LOVE_RANKS = "KQJT98765"  # Love Letter, highest first (docs/protocol.md)
LOVE_COPIES = {"K": 1, "Q": 1, "J": 1, "T": 2, "9": 2, "8": 2, "7": 2, "6": 3, "5": 2}

Vec = list[float]


# -- small helpers, shared by the three games --------------------------------
def one_hot(i: int | None, size: int) -> Vec:
    """``size`` cells, cell ``i`` set (none for ``None``)."""
    return [1.0 if i == k else 0.0 for k in range(size)]


def thermo(count: int, width: int) -> Vec:
    """The first ``count`` of ``width`` cells set."""
    return [1.0 if k < count else 0.0 for k in range(width)]


def per_seat(values: Sequence[float], me: int, n: int) -> Vec:
    """``values`` (one per absolute seat) rotated so that index 0 is ``me``, 1 the next clockwise."""
    return [float(values[(me + r) % n]) for r in range(n)]


def relative(seat: int | None, me: int, n: int) -> int | None:
    return None if seat is None else (seat - me) % n


def assemble(fields: dict[str, Vec], sizes: Sequence[tuple[str, int]]) -> np.ndarray:
    """The fields in layout order, each checked for its documented size."""
    for name, size in sizes:
        assert len(fields[name]) == size, (name, len(fields[name]), size)
    assert set(fields) == {name for name, _ in sizes}
    return np.array([x for name, _ in sizes for x in fields[name]], dtype=np.float64).astype(np.float32)


def check_layout(enc: Any, sizes: Sequence[tuple[str, int]]) -> None:
    """``encoder.layout()`` has the documented fields, in order, with the documented sizes, back to back."""
    got = [(name, offset, size) for name, offset, size, _ in enc.layout()]
    want, at = [], 0
    for name, size in sizes:
        want.append((name, at, size))
        at += size
    assert got == want
    assert enc.size == at


def doc_table(game_id: str) -> tuple[int, int, int, list[tuple[str, int, int, str]]]:
    """From docs/rl.md's "<game>: observation" section: (players, cells, actions, table rows)."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"### {game_id}: observation", 1)[1].split("\n#", 1)[0]
    sizes = re.search(r"Sizes below for (\d+) players.*?: (\d+) cells, (\d+) actions", part)
    assert sizes is not None, part
    rows = []
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows.append((cells[0].strip("`"), int(cells[1]), int(cells[2]), cells[3]))
    players, cells_, actions = (int(x) for x in sizes.groups())
    return players, cells_, actions, rows


def positions(
    game: Any, seeds: Sequence[int], rng: Random, choose: Callable[[Any, Random], None], share: float = 1.0
) -> Iterator[Any]:
    """Positions of one seeded game per seed, ``choose`` moving: the deal, the end, ``share`` of the rest.

    Long card games view a long history at every position, so the longest
    ones are looked at in a random share of their positions only.
    """
    for seed in seeds:
        state = game.new_game(seed=seed)
        yield state
        while not state.over:
            choose(state, rng)
            if state.over or rng.random() < share:
                yield state


def observe_all(enc: Any, state: Any, n: int, expected: Callable[[dict[str, Any]], np.ndarray]) -> list[Any]:
    """Compare the encoder with ``expected`` for every seat's view; the views, for the tallies."""
    views = []
    for seat in range(n):
        view = state.view(seat)
        got = enc.observe(view)
        assert got.dtype == np.float32 and got.shape == (enc.size,)
        want = expected(view)
        if not np.array_equal(got, want):
            bad = [
                (name, [int(i) - offset for i in np.flatnonzero(got != want) if offset <= i < offset + size])
                for name, offset, size, _ in enc.layout()
            ]
            shown = {**view, "history": view["history"][-30:]}  # the tail is what the fields read
            np.testing.assert_array_equal(
                got, want, err_msg=f"cells differ (field, cells): {[b for b in bad if b[1]]}\nview: {shown}"
            )
        views.append(view)
    return views


@pytest.mark.parametrize("game_id", ["cheat", "liegen", "love-letter"])
def test_doc_table_is_the_encoder_layout(game_id: str) -> None:
    """The table in docs/rl.md, offsets and meanings included, is ``layout()`` for its configuration."""
    players, cells, actions, rows = doc_table(game_id)
    enc = encoder(liars.make(game_id, players=players, seed=0))
    assert rows == enc.layout()
    assert (enc.size, enc.num_actions) == (cells, actions)


# -- cheat -------------------------------------------------------------------
CHEAT_RECENT = 8
CHEAT_EVENTS = ("play", "pass", "challenge")  # "plays/passes/challenges", in the doc's order


def cheat_sizes(n: int) -> list[tuple[str, int]]:
    return [
        ("my_hand", 13 * 4),
        ("required_rank", 13),
        ("hand_sizes", n),
        ("pile_size", 1),
        ("to_act", n),
        ("window", 1),
        ("last_seat", n),
        ("last_count", 5),
        ("rev_seats", 3 * n),
        ("rev_truthful", 1),
        ("rev_cards", 13 * 4),
        ("recent", CHEAT_RECENT * (3 + n + 5)),
    ]


def count_cell(count: int) -> int:
    """One-hot count 1, 2, 3, 4, 5+."""
    return min(count, 5) - 1


def rank_thermometers(cards: Sequence[str]) -> Vec:
    """Per rank A..K, a thermometer (4 cells) of how many of ``cards`` have that rank."""
    return [x for r in CARD_RANKS for x in thermo(sum(c[0] == r for c in cards), 4)]


def expected_cheat(view: dict[str, Any], n: int) -> np.ndarray:
    me = view["seat"]
    f: dict[str, Vec] = {}
    f["my_hand"] = rank_thermometers(view["hand"])
    f["required_rank"] = one_hot(CARD_RANKS.index(view["required_rank"]), 13)
    f["hand_sizes"] = [k / 52 for k in per_seat(view["hand_sizes"], me, n)]
    f["pile_size"] = [view["pile_size"] / 52]
    f["to_act"] = one_hot(relative(view["to_act"][0], me, n) if view["to_act"] else None, n)
    f["window"] = [1.0 if view["window"] else 0.0]
    last = view["last_play"]
    f["last_seat"] = one_hot(None if last is None else relative(last["seat"], me, n), n)
    f["last_count"] = one_hot(None if last is None else count_cell(last["count"]), 5)
    rev = view["revealed"]
    if rev is None:
        f["rev_seats"] = [0.0] * (3 * n)
        f["rev_truthful"] = [0.0]
        f["rev_cards"] = rank_thermometers([])
    else:
        f["rev_seats"] = [
            x for key in ("seat", "challenger", "taker") for x in one_hot(relative(rev[key], me, n), n)
        ]
        f["rev_truthful"] = [1.0 if rev["truthful"] else 0.0]
        f["rev_cards"] = rank_thermometers(rev["cards"])
    events = [e for e in view["history"] if e["type"] in CHEAT_EVENTS]
    recent: Vec = []
    for e in list(reversed(events))[:CHEAT_RECENT]:  # newest first
        recent += one_hot(CHEAT_EVENTS.index(e["type"]), 3)
        recent += one_hot(relative(e["seat"], me, n), n)
        recent += one_hot(count_cell(e["count"]) if e["type"] == "play" else None, 5)
    recent += [0.0] * ((3 + n + 5) * CHEAT_RECENT - len(recent))
    f["recent"] = recent
    return assemble(f, cheat_sizes(n))


def cheat_move(state: Any, rng: Random) -> None:
    """Random play: challenges one time in four; often an honest play; now and then five cards or more."""
    seat = state.to_act[0]
    if state.window:
        state.act_id(0 if rng.random() < 0.25 else 1)
        return
    most = state.game.options["max_cards"] or 52
    view = state.view(seat, since=1 << 30)  # the hand and the rank: no history
    hand = view["hand"]
    honest = [c for c in hand if c[0] == view["required_rank"]]
    if honest and rng.random() < 0.3:
        cards = rng.sample(honest, rng.randint(1, min(most, len(honest))))
    elif most >= 5 and len(hand) > 5 and rng.random() < 0.15:
        cards = rng.sample(hand, rng.randint(5, min(most, len(hand), 8)))
    else:
        state.act_id(rng.choice(state.legal_ids()))
        return
    state.act(seat, {"type": "play", "cards": cards})


@pytest.mark.parametrize(
    "opts",
    [{"players": 3}, {"players": 4}, {"players": 5, "max_cards": 2}, {"players": 6, "max_cards": 6}],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_cheat_vector_is_the_documented_layout(opts: dict[str, Any]) -> None:
    game = liars.make("cheat", seed=0, **opts)
    enc = encoder(game)
    n = opts["players"]
    check_layout(enc, cheat_sizes(n))
    seen: Counter[str] = Counter()
    for state in positions(game, range(6), Random(7), cheat_move, share=0.3):
        for view in observe_all(enc, state, n, lambda v: expected_cheat(v, n)):
            rev, last = view["revealed"], view["last_play"]
            seen["window"] += view["window"]
            seen["revealed"] += rev is not None
            seen["truthful"] += rev is not None and rev["truthful"]
            seen["false"] += rev is not None and not rev["truthful"]
            seen["full recent"] += sum(e["type"] in CHEAT_EVENTS for e in view["history"]) > CHEAT_RECENT
            seen["5+ on table"] += last is not None and last["count"] >= 5
            seen["over"] += view["over"]
    assert seen["window"] and seen["truthful"] and seen["false"] and seen["full recent"] and seen["over"]
    assert seen["5+ on table"] or opts.get("max_cards", 5) < 5


# -- liegen ------------------------------------------------------------------
LIEGEN_RECENT = 8
LIEGEN_EVENTS = ("play", "accuse", "pass")  # "plays/accusations/passes", in the doc's order
JOKER_CELL = 65  # 52 cards, 13 (rank-only announcements under rank_step), the joker


def liegen_sizes(n: int) -> list[tuple[str, int]]:
    return [
        ("my_hand", 66),
        ("hand_sizes", n),
        ("pile_size", 1),
        ("announcement", 66),
        ("announcer", n),
        ("to_act", n),
        ("window", n),
        ("dealer", n),
        ("round_wins", n),
        ("turned", 66 + 66 + 1),
        ("turned_seats", 3 * n),
        ("recent", LIEGEN_RECENT * (3 + n)),
    ]


def liegen_cell(code: str) -> int:
    """A card (rank-major, suits C D H S), else a bare rank after the 52 cards (rank_step), else the joker."""
    if code == "X":
        return JOKER_CELL
    if len(code) == 1:
        return 52 + CARD_RANKS.index(code)
    return 4 * CARD_RANKS.index(code[0]) + SUITS.index(code[1])


def expected_liegen(view: dict[str, Any], n: int) -> np.ndarray:
    me = view["seat"]
    f: dict[str, Vec] = {}
    hand = [0.0] * 66
    for c in view["hand"]:
        if c != "X":
            hand[liegen_cell(c)] = 1.0
    hand[JOKER_CELL] = view["hand"].count("X") / 2
    f["my_hand"] = hand
    f["hand_sizes"] = [k / 54 for k in per_seat(view["hand_sizes"], me, n)]
    f["pile_size"] = [view["pile_size"] / 54]
    ann = view["announcement"]
    f["announcement"] = one_hot(None if ann is None else liegen_cell(ann["card"]), 66)
    f["announcer"] = one_hot(None if ann is None else relative(ann["seat"], me, n), n)
    f["to_act"] = one_hot(relative(view["to_act"][0], me, n) if view["to_act"] else None, n)
    f["window"] = [1.0 if (me + r) % n in view["window"] else 0.0 for r in range(n)]
    f["dealer"] = one_hot(relative(view["dealer"], me, n), n)
    f["round_wins"] = [w / view["options"]["target_wins"] for w in per_seat(view["round_wins"], me, n)]
    t = view["turned"]
    if t is None:
        f["turned"] = [0.0] * 133
        f["turned_seats"] = [0.0] * (3 * n)
    else:
        f["turned"] = one_hot(liegen_cell(t["card"]), 66) + one_hot(liegen_cell(t["announce"]), 66)
        f["turned"].append(1.0 if t["lie"] else 0.0)
        f["turned_seats"] = [
            x for key in ("accused", "accuser", "taker") for x in one_hot(relative(t[key], me, n), n)
        ]
    events = [e for e in view["history"] if e["type"] in LIEGEN_EVENTS]
    recent: Vec = []
    for e in list(reversed(events))[:LIEGEN_RECENT]:  # newest first
        recent += one_hot(LIEGEN_EVENTS.index(e["type"]), 3) + one_hot(relative(e["seat"], me, n), n)
    f["recent"] = recent + [0.0] * ((3 + n) * LIEGEN_RECENT - len(recent))
    return assemble(f, liegen_sizes(n))


def liegen_move(state: Any, rng: Random) -> None:
    """Random play that accuses one time in six (more would make random rounds thousands of moves long)."""
    if state.window:
        state.act_id(0 if rng.random() < 1 / 6 else 1)
    else:
        state.act_id(rng.choice(state.legal_ids()))


@pytest.mark.parametrize(
    "opts",
    [
        {"players": 2, "target_wins": 3},
        {"players": 3, "jokers": True, "follow": "rank_step", "target_wins": 2},
        {"players": 4, "follow": "suit", "accuse": "next", "target_wins": 2, "first_dealer": 2},
        {"players": 5, "jokers": True, "target_wins": 2},
        {"players": 8, "follow": "rank_step", "first_dealer": 7},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_liegen_vector_is_the_documented_layout(opts: dict[str, Any]) -> None:
    game = liars.make("liegen", seed=0, **opts)
    enc = encoder(game)
    n = opts["players"]
    check_layout(enc, liegen_sizes(n))
    seen: Counter[str] = Counter()
    for state in positions(game, range(2), Random(3), liegen_move, share=0.4 / n):
        for view in observe_all(enc, state, n, lambda v: expected_liegen(v, n)):
            t, ann = view["turned"], view["announcement"]
            seen["window"] += bool(view["window"])
            seen["wide window"] += len(view["window"]) > 1
            seen["lie"] += t is not None and t["lie"]
            seen["true"] += t is not None and not t["lie"]
            seen["full recent"] += sum(e["type"] in LIEGEN_EVENTS for e in view["history"]) > LIEGEN_RECENT
            seen["later round"] += view["round"] > 1 and not view["over"]
            seen["rank announced"] += ann is not None and len(ann["card"]) == 1
            seen["joker held"] += "X" in view["hand"]
            seen["two jokers"] += view["hand"].count("X") == 2
            seen["joker turned"] += t is not None and t["card"] == "X"
            seen["over"] += view["over"]
    assert seen["window"] and seen["lie"] and seen["true"] and seen["full recent"] and seen["over"]
    assert seen["later round"] or opts.get("target_wins", 1) == 1
    assert seen["wide window"] or n == 2 or opts.get("accuse") == "next"
    assert seen["rank announced"] or opts.get("follow") != "rank_step"
    if opts.get("jokers"):
        assert seen["joker held"] and seen["two jokers"] and seen["joker turned"]


# -- love letter -------------------------------------------------------------
LOVE_RECENT = 6


def love_sizes(n: int) -> list[tuple[str, int]]:
    return [
        ("my_hand", 9 * 2),
        ("played", 9 * n),
        ("out", n),
        ("protected", n),
        ("known", 9 * n),
        ("unseen", 9),
        ("deck_size", 1),
        ("to_act", n),
        ("starter", n),
        ("round_wins", n),
        ("recent", LOVE_RECENT * (n + 9 + n + 9)),
    ]


def expected_love(view: dict[str, Any], n: int) -> np.ndarray:
    me = view["seat"]
    f: dict[str, Vec] = {}
    f["my_hand"] = [x for r in LOVE_RANKS for x in thermo(view["hand"].count(r), 2)]
    f["played"] = [
        view["played"][(me + rel) % n].count(r) / LOVE_COPIES[r] for rel in range(n) for r in LOVE_RANKS
    ]
    f["out"] = [1.0 if x else 0.0 for x in per_seat(view["out"], me, n)]
    f["protected"] = [1.0 if x else 0.0 for x in per_seat(view["protected"], me, n)]
    known = {int(s): c for s, c in view["known"].items()}
    f["known"] = []
    for rel in range(n):
        held = known.get((me + rel) % n)
        f["known"] += one_hot(None if held is None else LOVE_RANKS.index(held), 9)
    f["unseen"] = [view["unseen"].get(r, 0) / LOVE_COPIES[r] for r in LOVE_RANKS]
    f["deck_size"] = [view["deck_size"] / 16]
    f["to_act"] = one_hot(relative(view["to_act"][0], me, n) if view["to_act"] else None, n)
    f["starter"] = one_hot(relative(view["starter"], me, n), n)
    f["round_wins"] = [w / view["target_wins"] for w in per_seat(view["round_wins"], me, n)]
    plays = [e for e in view["history"] if e["type"] == "play"]
    recent: Vec = []
    for e in list(reversed(plays))[:LOVE_RECENT]:  # newest first
        recent += one_hot(relative(e["seat"], me, n), n)
        recent += one_hot(LOVE_RANKS.index(e["card"]), 9)
        recent += one_hot(relative(e.get("target"), me, n), n)
        recent += one_hot(LOVE_RANKS.index(e["guess"]) if e.get("guess") else None, 9)
    f["recent"] = recent + [0.0] * ((n + 9 + n + 9) * LOVE_RECENT - len(recent))
    return assemble(f, love_sizes(n))


def love_move(state: Any, rng: Random) -> None:
    state.act_id(rng.choice(state.legal_ids()))


@pytest.mark.parametrize(
    "opts",
    [{"players": 2, "target_wins": 3}, {"players": 3, "target_wins": 2}, {"players": 4}],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_love_letter_vector_is_the_documented_layout(opts: dict[str, Any]) -> None:
    game = liars.make("love-letter", seed=0, **opts)
    enc = encoder(game)
    n = opts["players"]
    check_layout(enc, love_sizes(n))
    seen: Counter[str] = Counter()
    for state in positions(game, range(15), Random(11), love_move):
        for view in observe_all(enc, state, n, lambda v: expected_love(v, n)):
            plays = [e for e in view["history"] if e["type"] == "play"]
            seen["known"] += bool(view["known"])
            seen["out"] += any(view["out"])
            seen["protected"] += any(view["protected"])
            seen["two of a rank played"] += any(len(p) > len(set(p)) for p in view["played"])
            seen["two in hand"] += len(view["hand"]) > len(set(view["hand"]))
            seen["later round"] += view["round"] > 1
            seen["full recent"] += len(plays) > LOVE_RECENT
            seen["target"] += any("target" in e for e in plays[-LOVE_RECENT:])
            seen["guess"] += any("guess" in e for e in plays[-LOVE_RECENT:])
            seen["over"] += view["over"]
    assert all(seen[k] for k in ("known", "out", "protected", "two of a rank played", "two in hand")), seen
    assert all(seen[k] for k in ("later round", "full recent", "target", "guess", "over")), seen
