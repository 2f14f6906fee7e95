"""The review's continuations: a hidden world drawn from one view, played to the end by bots.

A continuation is the review's only estimate of a chance to win, so it is
built to read nothing but the seat's view: the world comes from
``game.sample_state(view, rng)`` (every card or die the seat cannot see
drawn afresh, the future's chance too), and every seat is then played by a
bot that sees only its own view of that sampled world.  Two actions are
compared on the *same* worlds with the *same* bot seeds (common random
numbers), so the difference between them is the action's, not the draw's.

The cost is fixed by the settings, never by the clock, so a review is
reproducible: ``strong`` moves of the strong bot after the action, then the
basic bot to the end (``strong=None``: the strong bot throughout), or to the
``horizon`` (then :func:`leaf` scores the position from the hand sizes).  The
strong bot of Love Letter thinks about 30 ms a move and Liegen's plays
hundreds of moves a game, so their continuations hand over to the basic
bot early, and Cheat and Liegen games (hundreds of moves, most of them passes) are cut
at a horizon; the poker version is cheap enough to be played strong to the end
(``bench/coach_review.py`` measures it).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, action_bound, checked_act
from ..bots import make as make_bot
from ..core import Game, State


@dataclass(frozen=True)
class Settings:
    """How much work one compared decision costs: ``samples`` worlds, each played out twice."""

    samples: int
    strong: int | None  # moves of the strong bot in each continuation before basic takes over
    horizon: int | None = None  # moves after which a continuation stops and is scored by leaf()
    warm: bool = True  # start each continuation's strong bots from copies that read the history once


#: Per game: chosen so that a four-player review finishes in seconds (bench/coach_review.py).
SETTINGS: dict[str, Settings] = {
    "liars-dice": Settings(samples=16, strong=8),
    "liars-dice-poker": Settings(samples=24, strong=None),
    "cheat": Settings(samples=10, strong=None, horizon=100),
    "liegen": Settings(samples=8, strong=4, horizon=80),
    "love-letter": Settings(samples=64, strong=0),
}
DEFAULT_SETTINGS = Settings(samples=8, strong=0)


def rng_for(*key: object) -> random.Random:
    """A generator seeded by ``key`` alone (a string seed is hashed the same in every process)."""
    return random.Random(":".join(map(str, key)))


def seed_for(*key: object) -> int:
    """A bot's seed from ``key`` alone: the same key, the same bot, in any process."""
    return rng_for(*key).getrandbits(63)


@dataclass
class Tally:
    """What a review spent: continuations played and bot moves made in them."""

    playouts: int = 0
    moves: int = 0


def playout(
    state: State,
    seat: int,
    seed: str,
    settings: Settings,
    tally: Tally,
    warm: Mapping[int, Any] | None = None,
) -> float:
    """Play ``state`` on to the end with bots (seeded by ``seed``); ``seat``'s share of the win.

    A game that reaches the bots' action bound unfinished (one going round
    in circles) counts as an even share among the players, which is what an
    unfinished game tells about anybody's chance.  ``warm``: per seat, a
    strong bot that has read the history already (:func:`warmed`), copied
    and reseeded instead of building one that reads it again.
    """
    game = state.game
    strong: dict[int, Bot] = {}
    basic: dict[int, Bot] = {}
    bound = action_bound(game)
    if settings.horizon is not None:
        bound = min(bound, settings.horizon)
    made = 0
    while not state.over and made < bound:
        if made % 8 == 0 and knocked_out(state, seat):
            break
        s = state.to_act[0]
        legal = state.legal_actions(s)
        if len(legal) == 1:
            state.act(s, legal[0])
        else:
            if settings.strong is None or made < settings.strong:
                bot = strong.get(s) or strong.setdefault(s, _strong(game, s, seed_for(seed, "s", s), warm))
            else:
                bot = basic.get(s) or basic.setdefault(
                    s, make_bot("basic", game.id, seed=seed_for(seed, "b", s))
                )
            state.act(s, checked_act(bot, f"seat {s}", state.view(s), legal, game))
        made += 1
    tally.playouts += 1
    tally.moves += made
    if state.over:
        return state.returns()[seat]
    return 0.0 if knocked_out(state, seat) else leaf(state, seat)


def _strong(game: Game, seat: int, seed: int, warm: Mapping[int, Any] | None) -> Bot:
    template = warm.get(seat) if warm is not None else None
    if template is None:
        return make_bot("strong", game.id, seed=seed)
    bot: Any = copy.deepcopy(template)
    bot.rng.seed(seed)  # the copy's generator, shared with its search: one reseed
    out: Bot = bot
    return out


def warmed(world: State) -> dict[int, Any] | None:
    """Per seat, a strong bot that has read ``world``'s history (a sampled world's: the public part).

    Only bots that learn from the history alone (``learn(view)``: the strong
    Liar's Dice bot reads the rounds whose cups were lifted) are warmed; the
    history is the same in every world sampled from one view, so one reading
    serves them all.  Reading it costs more than the rest of a short
    continuation; ``tests/coach/test_review.py`` checks that a warmed review
    equals a cold one.
    """
    game = world.game
    probe = make_bot("strong", game.id, seed=0)
    if not callable(getattr(probe, "learn", None)) or not hasattr(probe, "rng"):
        return None
    out: dict[int, Any] = {}
    for s in range(game.players):
        bot: Any = make_bot("strong", game.id, seed=0)
        bot.learn(world.view(s))
        out[s] = bot
    return out


def leaf(state: State, seat: int) -> float:
    """``seat``'s chance to win a game stopped unfinished, from what is public.

    Cheat and Liegen are won by the first to run out of cards, so the hand
    sizes say most of it (the strong Cheat bot's own model,
    :func:`liars.bots.cheat.win_chances`); any other game gets an even share.
    """
    view = state.view(None, since=1 << 30)
    sizes = view.get("hand_sizes")
    if state.game.id in ("cheat", "liegen") and isinstance(sizes, list):
        from ..bots.cheat import win_chances

        return win_chances(sizes)[seat]
    return 1.0 / state.game.players


def knocked_out(state: State, seat: int) -> bool:
    """Has ``seat`` lost every die (Liar's Dice): its chance is 0 whatever the rest play, so stop.

    Read from the public view (the dice counts are public), not the state's fields; the
    other games knock nobody out for good, or end when they do.
    """
    if state.game.id != "liars-dice":
        return False
    counts: list[int] = state.view(None, since=1 << 30)["dice_counts"]
    return counts[seat] == 0


@dataclass(frozen=True)
class Compared:
    """Each action's outcomes on the same sampled worlds (one list per action, one score per world)."""

    outcomes: list[list[float]]

    @property
    def means(self) -> list[float]:
        """Each action's estimated chance to win."""
        return [sum(o) / len(o) for o in self.outcomes]

    def error(self, first: int, second: int) -> float:
        """The standard error of ``second``'s chance minus ``first``'s, paired world by world.

        Why: with a dozen worlds two moves often tie at 50 % each, and the review called the
        person's move «as good or better» where the worlds simply could not tell the two apart.
        """
        diffs = [b - a for a, b in zip(self.outcomes[first], self.outcomes[second], strict=True)]
        n = len(diffs)
        if n < 2:
            return 1.0  # one world tells nothing: as wide as a difference of chances can be
        mean = sum(diffs) / n
        return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def compare(
    game: Game,
    view: Mapping[str, Any],
    actions: Sequence[Any],
    key: str,
    settings: Settings,
    tally: Tally,
) -> Compared:
    """Each action's outcomes for ``view``'s seat, on the same sampled worlds.

    ``key`` seeds everything (the worlds and every bot of the continuations),
    so the answer depends on the view, the actions and the key only.
    """
    seat = view["seat"]
    worlds = rng_for(key, "worlds")
    outcomes: list[list[float]] = [[] for _ in actions]
    warm: dict[int, Any] | None = None
    for k in range(settings.samples):
        world = game.sample_state(view, worlds)
        if k == 0 and settings.warm:
            warm = warmed(world)
        for i, action in enumerate(actions):
            state = world.clone()
            state.act(seat, action)
            outcomes[i].append(playout(state, seat, f"{key}:{k}", settings, tally, warm))
    return Compared(outcomes)
