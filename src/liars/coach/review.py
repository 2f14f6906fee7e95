"""The review after a game: one seat's decisions where the strong bot would have done otherwise.

The input is what both the terminal and the server hold of a game: the
configured :class:`~liars.core.Game` (its id, players, seed and options)
and the actions in order, ``[(seat, action JSON), ...]`` — a terminal save's
``moves`` (:func:`review_saved` reads the file's text) or a server table's
log of ``ActionRow`` (``[(row.seat, row.action) for row in rows]`` with the
table's game).  Replaying them from ``game.new_game()`` gives the game again,
decision by decision.

At each decision of the seat that had a choice, the strong bot (a fresh one,
seeded by the review's ``seed`` and the move's index) is given the seat's
view and legal actions.  Where it picks another action, both are played on
from the same hidden worlds sampled from that view (:mod:`.review_play`),
and the item says how much the seat's chance to win would have changed.  So
every number in an item comes from the seat's view at that moment, the move's
index and the seed: a review cannot change when another seat's hidden cards
change in a way the seat never saw (``tests/coach/test_review_leak.py``).

Where the exact solver covers the position (a two-player round of Liar's
Dice inside the solved sizes, :mod:`.review_exact`), the item also carries
the equilibrium's chance of each action and the expected loss of the one
taken.

Cost: one strong-bot decision per decision of the seat, then, per
disagreement, ``2 × samples`` continuations (:data:`.review_play.SETTINGS`);
:class:`Review` reports how many continuations and bot moves it took.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import LEVELS, action_bound, checked_act
from ..bots import make as make_bot
from ..core import Game, GameConfigError, IllegalAction, State, check_int, load, make, save_error
from . import review_exact
from .review_play import DEFAULT_SETTINGS, SETTINGS, Settings, Tally, compare, seed_for

JSON = dict[str, Any]
# What a terminal save adds to the engine's JSON: read here, and by the terminal's load and replay.
TERMINAL_KEYS = ("moves", "names", "human", "levels")
Move = tuple[int, Mapping[str, Any]]


@dataclass(frozen=True)
class Item:
    """One decision where the strong bot disagreed, as the seat saw it."""

    move: int  # index of the seat's action in the game's moves
    view: JSON  # the seat's view just before it acted
    taken: JSON  # the action the seat took
    advised: JSON  # the action the strong bot would have taken
    win_taken: float  # estimated chance to win after the action taken
    win_advised: float  # ... after the strong bot's
    samples: int
    exact: review_exact.Exact | None = None
    error: float = 0.0  # the standard error of ``gain`` (paired over the same worlds)

    @property
    def gain(self) -> float:
        """How much the seat's chance to win would have grown with the bot's action (negative: shrunk)."""
        return self.win_advised - self.win_taken

    @property
    def close(self) -> bool:
        """The worlds could not tell the two moves apart: the gain is within two standard errors.

        Why: the review said «your choice was as good or better» of a Love Letter king played at
        50 % against the bot's queen at 50 % over 12 worlds; over 200 worlds the king won 27 %
        and the queen 45 %.
        """
        return abs(self.gain) < 2 * self.error or (self.gain == 0 and self.error == 0)

    def to_json(self) -> JSON:
        return {
            "move": self.move,
            "view": self.view,
            "taken": self.taken,
            "advised": self.advised,
            "win_taken": self.win_taken,
            "win_advised": self.win_advised,
            "gain": self.gain,
            "error": self.error,
            "close": self.close,
            "samples": self.samples,
            "exact": None if self.exact is None else self.exact.to_json(),
        }


@dataclass(frozen=True)
class Review:
    """The ranked items of one seat's game, and what the review cost."""

    game: str
    seat: int
    decisions: int  # the seat's decisions that had more than one legal action
    items: list[Item] = field(default_factory=list)
    playouts: int = 0
    moves: int = 0  # bot moves made in the continuations

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "seat": self.seat,
            "decisions": self.decisions,
            "items": [i.to_json() for i in self.items],
            "playouts": self.playouts,
            "moves": self.moves,
        }


def check_moves(moves: Any, players: int) -> list[Move]:
    """``moves`` as ``[(seat, action)]``, refused (``bad_save``) unless each is a seat and an object."""
    if not isinstance(moves, Sequence) or isinstance(moves, (str, bytes)):
        raise save_error("moves must be a list of [seat, action] pairs")
    out: list[Move] = []
    for i, m in enumerate(moves):
        if (
            not isinstance(m, Sequence)
            or isinstance(m, (str, bytes))
            or len(m) != 2
            or type(m[0]) is not int
            or not 0 <= m[0] < players
            or not isinstance(m[1], Mapping)
        ):
            raise save_error(f"move {i} is not a [seat, action] pair")
        out.append((m[0], m[1]))
    return out


def review(
    game: Game,
    moves: Sequence[Move],
    seat: int,
    *,
    seed: int = 0,
    settings: Settings | None = None,
    start: State | None = None,
) -> Review:
    """The review of ``seat``'s decisions in the game ``moves`` make from ``game.new_game()``.

    ``start``: the game's first position when it was not the seed's deal (a
    ``setup``'s chosen position); it is copied, never changed.  ``settings``
    (default: the game's :data:`~.review_play.SETTINGS`) fix the work; with
    the same arguments the review is the same, in any process.
    A move that does not fit the game is refused with
    :class:`~liars.IllegalAction` naming it; nothing is kept.
    """
    check_int(seat, "seat", 0, game.players - 1, GameConfigError)
    plan = settings or SETTINGS.get(game.id, DEFAULT_SETTINGS)
    checked = check_moves(moves, game.players)
    state = game.new_game() if start is None else start.clone()
    tally = Tally()
    items: list[Item] = []
    decisions = 0
    for index, (who, action) in enumerate(checked):
        legal = state.legal_actions(who) if not state.over else []
        if who == seat and len(legal) > 1:
            decisions += 1
            item = _judge(game, state.view(seat), legal, action, index, seed, plan, tally)
            if item is not None:
                items.append(item)
        try:
            state.act(who, action)
        except IllegalAction as exc:
            # A record whose move does not fit is a bad record: the save's one code, the reason as detail.
            detail = f"move {index} ({who}, {action!r}) does not fit the game: {exc}"
            raise IllegalAction(detail, code="bad_save", params={"detail": detail}) from None
    items.sort(key=lambda it: (-it.gain, it.move))
    return Review(game.id, seat, decisions, items, tally.playouts, tally.moves)


def _judge(
    game: Game,
    view: JSON,
    legal: Sequence[Any],
    action: Mapping[str, Any],
    index: int,
    seed: int,
    plan: Settings,
    tally: Tally,
) -> Item | None:
    """The item for one decision, or None when the strong bot agrees (or the action is not legal)."""
    try:
        taken = game.parse_action(action)
    except IllegalAction:
        return None  # refused by the replay itself, with the move named
    if taken not in legal:
        return None
    advisor = make_bot("strong", game.id, seed=seed_for(seed, index, "advice"))
    advised = checked_act(advisor, "strong", view, legal, game)
    if advised == taken:
        return None
    key = f"{seed}:{index}"
    compared = compare(game, view, [taken, advised], key, plan, tally)
    win_taken, win_advised = compared.means
    return Item(
        move=index,
        view=view,
        taken=taken.to_json(),
        advised=advised.to_json(),
        win_taken=win_taken,
        win_advised=win_advised,
        samples=plan.samples,
        exact=review_exact.exact(view, taken.to_json()),
        error=compared.error(0, 1),
    )


def record(game: Game, levels: Sequence[str], *, seed: int = 0) -> list[tuple[int, JSON]]:
    """A game played by bots, as the review reads it: ``[(seat, action JSON), ...]`` in order.

    ``levels`` names each seat's bot (``"random"``, ``"basic"``, ``"strong"``),
    seeded ``seed + seat``: a weak seat 0 against strong bots is what a review
    has something to say about (the tests and ``bench/coach_review.py`` play
    theirs here).  A game still running at :func:`liars.bots.action_bound`
    stops there, as every bots-only driver does, rather than hang.
    """
    if len(levels) != game.players:
        raise GameConfigError(
            f"record: one bot level per seat ({game.players}), not {len(levels)}",
            code="out_of_range",
            params={"name": "levels", "lo": game.players, "hi": game.players, "value": len(levels)},
        )
    state = game.new_game()
    seats = [make_bot(level, game.id, seed=seed + s) for s, level in enumerate(levels)]
    moves: list[tuple[int, JSON]] = []
    bound = action_bound(game)
    while not state.over and len(moves) < bound:
        s = state.to_act[0]
        action = checked_act(seats[s], f"seat {s} ({levels[s]})", state.view(s), state.legal_actions(s), game)
        state.act(s, action)
        moves.append((s, action.to_json()))
    return moves


@dataclass(frozen=True)
class Saved:
    """A terminal save (``liars play --save``) checked whole: its final state, moves, names, player.

    ``moves`` is None for plain engine JSON (no moves: nothing to step through);
    ``names`` is None when the save names no one; ``human`` is the player's seat, if any.
    """

    final: State
    moves: list[Move] | None
    names: list[str] | None
    human: int | None
    levels: list[str | None] | None = None  # each seat's bot level (None: the person's seat)


def read_save(text: str) -> Saved:
    """``text`` as a save, every part checked before anything is shown from it (``bad_save``).

    The engine's own keys go to :func:`liars.load`, checked strictly; the terminal's (``moves``,
    ``names``, ``human``) are checked here, and the moves are played from the start, so a file
    whose moves do not fit the game, or lead elsewhere, is refused up front.  Why: ``liars
    replay`` and ``liars review`` of a hand-edited file ended in a traceback (``"moves": "hello"``,
    ``"names": 5``), or stepped through moves until «Det er ikke din tur.»
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise save_error("not a JSON object")
    final = load(json.dumps({k: v for k, v in data.items() if k not in TERMINAL_KEYS}))
    g = final.game
    names = data.get("names")
    if names is not None and (
        not isinstance(names, list) or len(names) != g.players or not all(isinstance(n, str) for n in names)
    ):
        raise save_error(f"names must be a list of {g.players} names")
    human = data.get("human")
    human = human if type(human) is int and 0 <= human < g.players else None
    levels = data.get("levels")
    if levels is not None and (
        not isinstance(levels, list)
        or len(levels) != g.players
        or not all(lvl is None or lvl in LEVELS for lvl in levels)
    ):
        raise save_error(f"levels must be a list of {g.players} bot levels ({', '.join(LEVELS)}) or nulls")
    if "moves" not in data:
        return Saved(final, None, names, human, levels)
    moves = check_moves(data["moves"], g.players)
    state = make(g.id, players=g.players, seed=g.seed, **g.options).new_game()
    for i, (who, action) in enumerate(moves):  # cheap, and refused before a step is shown
        try:
            state.act(who, action)
        except (IllegalAction, GameConfigError) as exc:
            raise save_error(f"move {i + 1} does not fit the game: {exc}") from None
    if state.to_json() != final.to_json():
        raise save_error("its moves do not lead to the saved position")
    return Saved(final, moves, names, human, levels)


def review_saved(text: str, seat: int | None = None, **kwargs: Any) -> Review:
    """The review of a terminal save (``liars play --save``): its ``moves``, by default for its player.

    The save is checked whole by :func:`read_save`; a save without moves
    (plain engine JSON) cannot be reviewed and is refused (``bad_save``).
    """
    return review_of(read_save(text), seat, **kwargs)


def review_of(saved: Saved, seat: int | None = None, **kwargs: Any) -> Review:
    """The review of a save already read by :func:`read_save` (``liars review`` reads it once, to
    refuse a bad file by its name, and reviews what it read)."""
    if saved.moves is None:
        raise save_error("the file has no moves (only a game saved by liars play can be reviewed)")
    g = saved.final.game
    if seat is None:
        seat = saved.human if saved.human is not None else 0
    game = make(g.id, players=g.players, seed=g.seed, **g.options)
    return review(game, saved.moves, seat, **kwargs)
