"""A bot option that is unknown or of the wrong type is refused when the bot is built, by name.

Why: options come from people (``liars arena --bot-option worlds=abc``).
Before, Love Letter's strong bot took ``worlds="abc"`` and died inside its
first decision, in a worker, with an ``AttributeError`` traceback; a name
that no bot reads (``samples`` for Love Letter) was swallowed, so a tuning
run measured the defaults while its command line said otherwise.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

import pytest

import liars
from liars import bots, cli
from liars.bots import options

CASES = [(g, lvl) for g in liars.GAME_IDS for lvl in bots.levels(g) if lvl != "random"]


def own_options(game_id: str, level: str) -> dict[str, Any]:
    """Every option the bot's ``__init__`` (and a base it passes options on to) names, with its default."""
    out: dict[str, Any] = {}
    factory = bots._REGISTRY[(game_id, level)]
    for init in options._inits(factory):
        params = inspect.signature(init).parameters
        for name, p in params.items():
            if name not in ("self", "game_id", "seed") and p.default is not inspect.Parameter.empty:
                out.setdefault(name, p.default)
        if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
            break
    return out


@pytest.mark.parametrize(("game_id", "level"), CASES)
def test_each_bot_takes_its_own_options_at_their_defaults(game_id: str, level: str) -> None:
    """The check reads the signature right: every option, given its own default, is taken."""
    for name, default in own_options(game_id, level).items():
        bots.make(level, game_id, seed=1, **{name: default})


@pytest.mark.parametrize(("game_id", "level"), CASES)
def test_an_unknown_option_is_refused_by_name(game_id: str, level: str) -> None:
    with pytest.raises(ValueError, match="has no option 'no_such_knob'"):
        bots.make(level, game_id, seed=1, no_such_knob=1)


@pytest.mark.parametrize(("game_id", "level"), CASES)
def test_an_option_of_the_wrong_type_is_refused(game_id: str, level: str) -> None:
    """A word for a number, a fraction for a count, NaN, a number for a switch: each refused."""
    for name, default in own_options(game_id, level).items():
        wrong: list[Any] = ["abc"] if type(default) is not str else [3]
        if type(default) is int:
            wrong += [2.5, math.nan]
        if type(default) is float:
            wrong += [math.nan, math.inf]
        if type(default) is bool:
            wrong += [1]
        for value in wrong:
            with pytest.raises(ValueError, match=f"option {name} must be"):
                bots.make(level, game_id, seed=1, **{name: value})


@pytest.mark.parametrize(
    ("option", "value"),
    [("worlds", 0), ("iterations", 0), ("guesses", 0), ("keep_bias", 1.5), ("prune", -1.0), ("budget", -0.5)],
)
def test_love_letters_strong_bot_refuses_values_out_of_range(option: str, value: Any) -> None:
    with pytest.raises(ValueError, match=f"option {option} must be"):
        bots.make("strong", "love-letter", seed=1, **{option: value})


def test_liegens_strong_bot_takes_the_option_it_passes_on() -> None:
    """``accuse_rate`` is its basic base's: the strong bot passes it on, so the check takes it."""
    bot = bots.make("strong", "liegen", seed=1, accuse_rate=0.2)
    assert getattr(bot, "accuse_rate", None) == 0.2
    with pytest.raises(ValueError, match="option samples must be at least 1"):
        bots.make("strong", "liegen", seed=1, samples=0)


@pytest.mark.parametrize("bad", ["worlds=abc", "worlds=1e9", "prune=-1", "samples=3"])
def test_the_arena_says_so_and_stops(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(
        ["arena", "love-letter", "--bots", "strong,random", "--games", "2", "--quiet", "--bot-option", bad]
    )
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "liars: bot 'strong':" in err and bad.split("=")[0] in err
