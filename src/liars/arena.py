"""The arena: tournaments between bots, with rotated seats and duplicate deals.

Why it is built this way:

- **Rotation.**  The lineup (one bot per seat, e.g. ``strong,basic,basic,basic``)
  is played in every rotation: in rotation ``r`` entrant ``i`` sits in seat
  ``(i + r) % players``, so every bot sits in every seat equally often and no
  bot profits from a lucky seat (the opener, the one after a bluffer ...).
- **Duplicate deals.**  The games of one rotation block share a deal seed:
  the same cards or dice, dealt to the same seats, are played once from every
  seat.  Luck of the deal then hits every bot alike.
- **Reproducible anywhere.**  Every game is a pure function of its
  :class:`Match` (the deal seed, the seating and the bots' seeds, all derived
  from the tournament seed with a stable hash), and bots are built fresh per
  game.  So ``--jobs 1``, ``--jobs 8`` or a Ray cluster give the same results;
  only wall-clock times differ.

:func:`schedule` makes the matches, :func:`play` plays one, :func:`run` plays
them all (in processes or on Ray) and :func:`summarize` turns the records
into the per-bot table and openskill ratings.  Output formats live in
:mod:`liars.arena_output`.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from . import bots
from .core import JSON, GameConfigError, IllegalAction, game_class, make
from .errors import usage_error


def derive(*parts: Any) -> int:
    """A 63-bit seed from anything printable, stable across processes and machines (not ``hash``)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Match:
    """One game of a tournament: which deal, and which entrant sits in each seat."""

    index: int
    deal: int  # the game's seed: the same within a rotation block when deals are duplicated
    rotation: int
    seats: tuple[int, ...]  # seats[s] = index of the entrant in seat s


@dataclass(frozen=True)
class Config:
    """What every game of a tournament shares; small and picklable (it travels to workers)."""

    game: str
    bots: tuple[str, ...]  # one spec per entrant: a level or ``module:Class``
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    bot_options: tuple[tuple[str, Any], ...] = ()
    max_actions: int | None = None  # None: the game's own bound, ``liars.bots.action_bound``

    @property
    def players(self) -> int:
        return len(self.bots)

    def check(self) -> None:
        """Refuse a bad tournament before playing anything."""
        info = game_class(self.game).info
        if not info.min_players <= self.players <= info.max_players:
            raise usage_error(
                f"{self.game} takes {info.min_players}-{info.max_players} players; "
                f"--bots names {self.players}"
            )
        make(self.game, players=self.players, seed=0, **dict(self.options))
        if self.max_actions is not None and (type(self.max_actions) is not int or self.max_actions < 1):
            raise usage_error(f"max actions must be a whole number of at least 1, not {self.max_actions!r}")
        if self.bot_options and "strong" not in self.bots:
            raise usage_error("--bot-option is for the strong bots, and no seat here plays strong")
        for spec in self.bots:
            try:
                bots.load(spec, self.game, seed=0, **self.bot_kwargs(spec))
            except GameConfigError:
                raise
            except (ValueError, TypeError) as exc:
                said = str(exc)  # bots.load names the spec already, mostly
                raise usage_error(said if repr(spec) in said else f"bot {spec!r}: {said}") from None

    def bot_kwargs(self, spec: str) -> dict[str, Any]:
        """The ``--bot-option`` values, for the strong bots only (other levels take none)."""
        return dict(self.bot_options) if spec == "strong" else {}

    def labels(self) -> list[str]:
        """A name per entrant: the spec, numbered where the same spec sits more than once."""
        out = []
        for i, spec in enumerate(self.bots):
            same = [j for j, s in enumerate(self.bots) if s == spec]
            out.append(spec if len(same) == 1 else f"{spec}#{same.index(i) + 1}")
        return out


def rotations(players: int) -> list[tuple[int, ...]]:
    """For each rotation ``r``: the entrant in each seat (entrant ``i`` sits in ``(i + r) % n``)."""
    return [tuple((s - r) % players for s in range(players)) for r in range(players)]


def schedule(config: Config, games: int, duplicate: bool = True) -> list[Match]:
    """``games`` matches, rounded up to whole rotation blocks so every seat is shared equally."""
    if games < 1:
        raise usage_error(f"games must be at least 1, not {games}")
    rots = rotations(config.players)
    blocks = math.ceil(games / len(rots))
    out = []
    for b in range(blocks):
        for r, seats in enumerate(rots):
            index = b * len(rots) + r
            deal = derive(config.seed, "deal", b if duplicate else index)
            out.append(Match(index, deal, r, seats))
    return out


class BotFailed(RuntimeError):
    """A bot raised an exception while deciding; the message names it, the error and the game.

    Why: a user's bot that raised showed a wall of the arena's own frames (and with ``--jobs``
    the process pool's), with neither the game nor the seat to find it again.  One line now
    says which bot, what it raised, where in its file, and in which game, seat and action.
    """


def position(match: Match, seat: int, actions: int) -> str:
    """Where in a tournament a decision was asked: the game, its deal seed, the seat, the action."""
    return f"game {match.index} of the arena, deal seed {match.deal}, seat {seat}, action {actions + 1}"


def play(config: Config, match: Match) -> JSON:
    """Play one match to the end, or to the action bound; a record of what happened, JSON-able.

    A game still running after ``config.max_actions`` actions (default
    :func:`liars.bots.action_bound`) is stopped and recorded as ``unfinished``, with no winner.
    """
    game = make(config.game, players=config.players, seed=match.deal, **dict(config.options))
    state = game.new_game()
    labels = config.labels()
    by_seat = [
        bots.load(
            config.bots[e],
            config.game,
            seed=derive(config.seed, "bot", match.index, e),
            **config.bot_kwargs(config.bots[e]),
        )
        for e in match.seats
    ]
    spent = [0.0] * config.players
    slowest = [0.0] * config.players
    decisions = [0] * config.players
    actions = 0
    bound = bots.action_bound(game) if config.max_actions is None else config.max_actions
    while not state.over:
        if actions >= bound:
            break  # unfinished: reported as such (no winner), never a hang
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        start = time.perf_counter()
        label = labels[match.seats[seat]]
        try:
            action = bots.checked_act(by_seat[seat], label, view, legal, game)
        except IllegalAction as exc:  # an answer that is not legal: say where, keep the code
            raise IllegalAction(
                f"{exc} ({position(match, seat, actions)})", code=exc.code, params=exc.params
            ) from None
        except Exception as exc:
            raise BotFailed(
                f"bot {label} failed: {bots.failure(exc)} ({position(match, seat, actions)})"
            ) from None
        took = time.perf_counter() - start
        spent[seat] += took
        slowest[seat] = max(slowest[seat], took)
        decisions[seat] += 1
        state.act(seat, action)
        actions += 1
    places = state.places
    return {
        **asdict(match),
        "seats": list(match.seats),
        "winners": list(state.winners),
        "places": None if places is None else list(places),
        "actions": actions,
        "unfinished": not state.over,
        "time": spent,
        "slowest": slowest,
        "decisions": decisions,
    }


def play_many(config: Config, matches: Sequence[Match]) -> list[JSON]:
    """A chunk of matches in one worker (processes and Ray tasks both call this)."""
    return [play(config, m) for m in matches]


def chunks(matches: Sequence[Match], size: int) -> Iterator[list[Match]]:
    for i in range(0, len(matches), size):
        yield list(matches[i : i + size])


Progress = Callable[[int], None]


def run(
    config: Config,
    matches: Sequence[Match],
    jobs: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
    chunk: int = 8,
) -> list[JSON]:
    """Play ``matches`` and return their records in index order, however they were spread."""
    config.check()
    tick = progress or (lambda n: None)
    records: list[JSON] = []
    if ray is not None:
        records = _run_ray(config, matches, ray, tick, chunk)
    elif jobs <= 1:
        for m in matches:
            records.append(play(config, m))
            tick(1)
    else:
        before = set(multiprocessing.active_children())
        with ProcessPoolExecutor(max_workers=jobs, initializer=_leave_ctrl_c_to_the_parent) as pool:
            try:
                # The first submit forks the workers: a Ctrl-C there must stop them too, so it is inside.
                with _ctrl_c_held():
                    futures = [pool.submit(play_many, config, c) for c in chunks(matches, chunk)]
                for fut in futures:
                    part = fut.result()
                    records.extend(part)
                    tick(len(part))
            except BaseException:  # Ctrl-C (or a failed chunk): stop now, not after every chunk is played
                pool.shutdown(wait=False, cancel_futures=True)
                for worker in set(multiprocessing.active_children()) - before:
                    worker.terminate()
                raise
    return sorted(records, key=lambda r: r["index"])


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold a Ctrl-C pressed while the workers fork, and raise it once they exist.

    A ``KeyboardInterrupt`` raised during a fork lands in an at-fork hook (``logging`` has one),
    where Python prints «Exception ignored» and drops it: the arena then played on to the end.
    So while forking, Ctrl-C only sets a flag, in the parent and in the new workers alike.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set a signal handler, and only it gets KeyboardInterrupt
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
    if pressed:
        raise KeyboardInterrupt


def _leave_ctrl_c_to_the_parent() -> None:
    """A pool worker ignores Ctrl-C: the parent stops the run (else each idle worker printed a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_ray(
    config: Config, matches: Sequence[Match], address: str, tick: Progress, chunk: int
) -> list[JSON]:
    """Spread chunks over a Ray cluster (``address`` is ``auto``, ``local`` or ``ray://host:port``)."""
    import ray  # an optional extra: only this path needs it

    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=None, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    try:
        task = ray.remote(play_many)
        pending = [task.remote(config, c) for c in chunks(matches, chunk)]
        records: list[JSON] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                part = ray.get(ref)
                records.extend(part)
                tick(len(part))
        return records
    finally:
        if started:
            ray.shutdown()


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(config: Config, records: Sequence[Mapping[str, Any]]) -> JSON:
    """Per entrant: games, wins (a shared win counts its share), win rate and interval, mean place,
    mean decision time; and openskill (Plackett-Luce) ratings over the games in index order.

    An unfinished game (stopped at the action bound) counts as a game nobody won, and the
    summary's ``unfinished`` says how many there were: a lineup that loops must not look
    like one that merely loses.
    """
    ranks = game_class(config.game).info.ranks
    labels = config.labels()
    n = config.players
    games = [0] * n
    wins = [0.0] * n
    place_sum = [0.0] * n
    spent = [0.0] * n
    slowest = [0.0] * n
    decisions = [0] * n
    placed = [0] * n
    unfinished = 0
    for rec in records:
        unfinished += bool(rec.get("unfinished"))
        share = 1.0 / len(rec["winners"]) if rec["winners"] else 0.0
        for seat, e in enumerate(rec["seats"]):
            games[e] += 1
            if seat in rec["winners"]:
                wins[e] += share
            if rec["places"] is not None:
                place_sum[e] += rec["places"][seat]
                placed[e] += 1
            spent[e] += rec["time"][seat]
            slowest[e] = max(slowest[e], rec["slowest"][seat])
            decisions[e] += rec["decisions"][seat]
    rows = []
    ratings = rate(config, records)
    for e in range(n):
        lo, hi = wilson(wins[e], games[e])
        rows.append(
            {
                "bot": labels[e],
                "spec": config.bots[e],
                "games": games[e],
                "wins": wins[e],
                "win_rate": wins[e] / games[e] if games[e] else 0.0,
                "ci95": [lo, hi],
                "mean_place": place_sum[e] / placed[e] if ranks and placed[e] else None,
                "mean_decision_ms": 1000 * spent[e] / decisions[e] if decisions[e] else 0.0,
                "max_decision_ms": 1000 * slowest[e],
                "decisions": decisions[e],
                "rating": ratings[e],
            }
        )
    return {
        "game": config.game,
        "players": n,
        "options": dict(config.options),
        "bots": list(config.bots),
        "seed": config.seed,
        "games": len(records),
        "unfinished": unfinished,
        "rows": rows,
    }


def rate(config: Config, records: Sequence[Mapping[str, Any]]) -> list[JSON]:
    """openskill Plackett-Luce ratings per entrant, updated game by game in index order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players = [model.rating(name=label) for label in config.labels()]
    for rec in records:
        if rec.get("unfinished"):
            continue  # no ranking to learn from: nobody won or lost it
        order = rec["seats"]
        if rec["places"] is not None:
            ranks = [float(p) for p in rec["places"]]
        else:
            ranks = [1.0 if s in rec["winners"] else 2.0 for s in range(len(order))]
        teams = [[players[e]] for e in order]
        new = model.rate(teams, ranks=ranks)
        for e, team in zip(order, new, strict=True):
            players[e] = team[0]
    return [{"mu": p.mu, "sigma": p.sigma, "ordinal": p.ordinal()} for p in players]
