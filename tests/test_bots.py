"""Every registered bot of every game: legal answers, deterministic for a seed, finishes games.

Strong bots run here with a small iteration count (if they take one) so the
suite stays fast; their strength and speed are measured in bench/strength.py.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import liars
from liars import IllegalAction, bots, cli
from liars.bots.search import Search
from tests.conformance import all_specs

SPECS = {s.game_id: s for s in all_specs()}
CASES = [(g, lvl) for g in liars.GAME_IDS for lvl in bots.levels(g)]
# A fixed amount of search (not a time budget, which depends on the machine) makes a
# strong bot reproducible.  ``iterations`` is the shared name (liars.bots.search);
# a game whose strong bot counts its work differently says so here.
FAST: dict[str, Any] = {"iterations": 12, "budget": None}
FAST_BY_GAME: dict[str, dict[str, Any]] = {"love-letter": {"worlds": 12, "budget": 5.0}}


def quick_bot(level: str, game_id: str, seed: int) -> bots.Bot:
    """A bot with a small search when it takes the common options, else its defaults."""
    if level == "strong":
        try:
            return bots.make(level, game_id, seed=seed, **FAST_BY_GAME.get(game_id, FAST))
        except ValueError:  # a bot without these options refuses them by name
            pass
    return bots.make(level, game_id, seed=seed)


def configs(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    return (
        SPECS[game_id].configs if game_id in SPECS else [(liars.game_class(game_id).info.default_players, {})]
    )


def play(
    game_id: str, players: int, opts: dict[str, Any], lineup: Sequence[bots.Bot], seed: int
) -> list[Any]:
    state = liars.make(game_id, players=players, seed=seed, **opts).new_game()
    played: list[Any] = []
    for step in range(20000):
        if state.over:
            return played
        seat = state.to_act[0]
        view = state.view(seat)
        before = state.to_json() if step < 25 else ""
        action = bots.checked_act(lineup[seat], f"seat {seat}", view, state.legal_actions(seat), state.game)
        if before:
            assert state.to_json() == before  # deciding changed nothing in the real game
        state.act(seat, action)
        played.append(action.to_json())
    raise AssertionError("the game did not end")


def test_every_game_has_the_random_level_and_levels_are_known() -> None:
    for g in liars.GAME_IDS:
        levels = bots.levels(g)
        assert levels[0] == "random"
        assert set(levels) <= set(bots.LEVELS)
    with pytest.raises(ValueError, match="no 'nope' bot"):
        bots.make("nope", "liars-dice")


@pytest.mark.parametrize(("game_id", "level"), CASES, ids=[f"{g}-{lvl}" for g, lvl in CASES])
def test_bot_finishes_every_option_set_and_is_deterministic(game_id: str, level: str) -> None:
    for i, (players, opts) in enumerate(configs(game_id)):
        seed = 100 + i
        rivals = [bots.make("random", game_id, seed=seed + s) for s in range(players)]
        lineup_a = [
            quick_bot(level, game_id, seed) if s == i % players else rivals[s] for s in range(players)
        ]
        first = play(game_id, players, opts, lineup_a, seed)
        rivals = [bots.make("random", game_id, seed=seed + s) for s in range(players)]
        lineup_b = [
            quick_bot(level, game_id, seed) if s == i % players else rivals[s] for s in range(players)
        ]
        assert play(game_id, players, opts, lineup_b, seed) == first


class Junk:
    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return {"type": "no such action"}


class Cheater:
    """Answers a well-formed action that is not legal now (the dice bid of zero quantity is not)."""

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return {"type": "liar"}  # illegal at the opening: there is no bid to call


class JsonAnswer:
    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return legal_actions[-1].to_json()


def test_checked_act_refuses_illegal_answers_naming_the_bot() -> None:
    state = liars.make("liars-dice", players=2, seed=1).new_game()
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    with pytest.raises(IllegalAction, match="bot junky answered"):
        bots.checked_act(Junk(), "junky", view, legal)
    with pytest.raises(IllegalAction, match=r"bot sneaky answered .* not one of the legal actions"):
        bots.checked_act(Cheater(), "sneaky", view, legal)


def test_checked_act_accepts_the_json_form_and_returns_the_action_object() -> None:
    state = liars.make("liars-dice", players=3, seed=2).new_game()
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    got = bots.checked_act(JsonAnswer(), "j", state.view(seat), legal)
    assert got is legal[-1]


def test_random_bot_is_uniform_and_seeded() -> None:
    legal = list(range(4))
    a = [bots.make("random", "liars-dice", seed=3).act({}, legal) for _ in range(1)]
    bot = bots.make("random", "liars-dice", seed=3)
    picks = [bot.act({}, legal) for _ in range(4000)]
    assert a[0] == picks[0]
    counts = [picks.count(x) for x in legal]
    assert min(counts) > 850 and max(counts) < 1150  # ~1000 each
    assert picks != [bots.make("random", "liars-dice", seed=4).act({}, legal) for _ in range(4000)]


def test_load_takes_levels_and_user_classes() -> None:
    assert isinstance(bots.load("random", "liars-dice", seed=1), bots.RandomBot)
    bot = bots.load("tests.test_bots:JsonAnswer", "liars-dice", seed=1)
    assert isinstance(bot, JsonAnswer)
    with pytest.raises(ValueError, match="cannot load bot"):
        bots.load("tests.test_bots:Nope", "liars-dice")
    with pytest.raises(ValueError, match="no act"):
        bots.load("tests.test_bots:SPECS", "liars-dice")


# -- the generic search -------------------------------------------------------


def test_search_needs_a_budget_or_iterations() -> None:
    with pytest.raises(ValueError):
        Search(budget=None, iterations=None)
    with pytest.raises(ValueError):
        Search(budget=0)
    with pytest.raises(ValueError):
        Search(iterations=0)


def test_search_with_a_sampler_finds_the_sure_call_and_leaves_the_game_alone() -> None:
    """Seat 0 holds 2,2; the other cup is 1 die; a bid of two sixes is impossible: call it."""
    game = liars.make("liars-dice", players=2, seed=5, dice=2)
    state = game.new_game(setup={"dice": [[2, 2], [5]], "opener": 1})
    state.act(1, {"type": "bid", "quantity": 2, "face": 6})
    view = state.view(0)
    before = state.to_json()

    def sampler(v: Mapping[str, Any], rng: random.Random) -> liars.State:
        s = game.new_game(
            setup={"dice": [v["dice"], [rng.randint(1, 6)]], "opener": 1}, seed=rng.getrandbits(32)
        )
        s.act(1, {"type": "bid", "quantity": 2, "face": 6})
        return s

    search = Search(seed=1, iterations=300, budget=None, sampler=sampler)
    choice = search.choose(view, state.legal_actions(0))
    assert choice.to_json() == {"type": "liar"}
    assert search.last_iterations == 300
    assert state.to_json() == before
    again = Search(seed=1, iterations=300, budget=None, sampler=sampler)
    assert again.choose(view, state.legal_actions(0)) == choice


# -- a user's bot: its answers and its mistakes -------------------------------


class OwnCards:
    """Plays the cards of its hand by suit, as a bot writer reads ``view["hand"]`` (Cheat)."""

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        if view["window"]:
            return {"type": "pass"}
        return {"type": "play", "cards": [view["hand"][0]]}


def test_a_cheat_play_named_by_its_suits_is_the_listed_play_of_those_ranks() -> None:
    """Cheat lists plays by rank (``["5"]``); a bot that played its own card (``["5H"]``) was
    refused as "not one of the legal actions: 5, ..." and the arena stopped."""
    state = liars.make("cheat", players=3, seed=1).new_game()
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    got = bots.checked_act(OwnCards(), "own", view, legal)
    assert got in legal and got.cards == (view["hand"][0][0],)
    state.act(seat, got)  # and the engine takes it
    # a card the hand cannot pay is still refused, naming the bot
    missing = next(r for r in "A23456789TJQK" if not any(c[0] == r for c in view["hand"]))
    with pytest.raises(IllegalAction, match="bot liar answered"):
        bots.checked_act(_Fixed({"type": "play", "cards": [missing + "S"]}), "liar", view, legal)


class _Fixed:
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        return self.answer


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("class Bot:\n    def act(self, view, legal)\n        return legal[0]\n", "SyntaxError"),
        ("import no_such_dependency_here\n", "No module named 'no_such_dependency_here'"),
        (
            "class Bot:\n    def __init__(self, game_id, seed):\n        raise KeyError('tables')\n"
            "    def act(self, view, legal):\n        return legal[0]\n",
            "could not be built: KeyError: 'tables'",
        ),
    ],
)
def test_a_users_module_that_fails_is_one_line_naming_the_file_and_line(
    source: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A syntax error or a raising import or constructor in ``my_bots`` escaped ``bots.load`` as a
    traceback (the arena's usage check caught only ValueError and TypeError)."""
    name = f"user_bots_{abs(hash(source))}"
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=f"{name}:Bot") as caught:
        bots.load(f"{name}:Bot", "liars-dice", seed=1)
    assert said in str(caught.value)
    assert f"{name}.py, line " in str(caught.value)


class _BrokenInit:
    def __init__(self, game_id: str, seed: int | None = None) -> None:
        self.rules = len(seed)  # type: ignore[arg-type]  # a TypeError of the bot's own (a number has no len)


class _SeedOnly:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: Any, legal_actions: Any) -> Any:
        return legal_actions[0]


def test_a_constructor_that_raises_a_type_error_is_reported_as_itself() -> None:
    """A TypeError raised *inside* a bot's ``__init__`` was taken for "it takes no arguments": the
    class was called again bare, and the writer read "missing 2 required positional arguments",
    not the line of their own that failed."""
    with pytest.raises(ValueError) as caught:
        bots.load("tests.test_bots:_BrokenInit", "liars-dice", seed=1)
    said = str(caught.value)
    assert "has no len()" in said and "test_bots.py, line " in said and "missing" not in said, said


def test_a_bot_class_gets_what_its_constructor_takes() -> None:
    bot = bots.load("tests.test_bots:_SeedOnly", "liars-dice", seed=7)
    assert isinstance(bot, _SeedOnly) and bot.seed == 7


def test_a_spec_that_is_neither_a_level_nor_module_colon_class_says_how_to_write_one() -> None:
    with pytest.raises(ValueError, match=r"neither a level of liars-dice .* module:Class"):
        bots.load("my_bots.MyBot", "liars-dice")
    with pytest.raises(ValueError, match=r"module 'tests\.test_bots' has no 'Nope'"):
        bots.load("tests.test_bots:Nope", "liars-dice")


def test_the_python_examples_of_docs_bots_md_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The interface example used ``view`` and ``legal`` it never made and ``my_module`` nobody had:
    a newcomer who pasted it got a NameError.  Every block runs here; the one saved as
    ``my_bots.py`` plays an arena as the page says."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "bots.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    own = next(b for b in blocks if "class MyBot" in b)
    (tmp_path / "my_bots_doc.py").write_text(own)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    names: dict[str, Any] = {}  # one session, as a reader pastes the blocks in order
    for block in blocks:
        exec(compile(block, "docs/bots.md", "exec"), names)
    argv = ["arena", "liars-dice", "--bots", "my_bots_doc:MyBot,strong,basic", "--games", "3"]
    assert cli.main([*argv, "--jobs", "1", "--quiet", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert rows[0]["bot"] == "my_bots_doc:MyBot" and rows[0]["games"] == 3
