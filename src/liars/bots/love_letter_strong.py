"""The ``strong`` Love Letter bot: determinized Monte Carlo over the rule of thumb, with beliefs.

For every sensible play it deals a fixed number of worlds consistent with
its view and its beliefs (:mod:`.love_letter_worlds`, weighted by
:mod:`.love_letter_knowledge`), plays each to the end of the round with the
rule of thumb (:func:`.love_letter.choose`) for everyone, in the engine
itself (each player chooses from its own ``view`` and plays by ``act_id``),
and takes the play that wins most rounds.  All plays are judged on the same
worlds, so the comparison is fair even with few of them, and plays far
behind are dropped as the evidence comes in.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from ..games.love_letter import LoveGame, LoveState, Play
from ..games.love_letter_cards import GUESSES
from . import options, register
from .love_letter import GAME, _pick, choose, kept_after
from .love_letter_knowledge import Knowledge
from .love_letter_worlds import _round_game, _Worlds, likely_guesses

# The strong bot's default worlds per decision, by players (see StrongBot).
WORLDS: Mapping[int, int] = {2: 320, 3: 160, 4: 160}


def _by_players(worlds: int | Mapping[int, int]) -> Mapping[int, int]:
    return dict.fromkeys((2, 3, 4), worlds) if isinstance(worlds, int) else worlds


@register(GAME, "strong")
class StrongBot:
    """Determinized Monte Carlo over the rule of thumb, with beliefs from the history.

    ``worlds`` is the fixed amount of work per decision: that many sampled
    worlds, each played out once per play still in the race, so the same
    seed plays the same moves on any machine.  By default :data:`WORLDS`:
    320 one-on-one, where a decision is cheap (a paired check against 160:
    Memory 59.8 against 57.8% on seed 9, Counter 59.3 against 59.2% on seed
    11, 600 rounds each: less noise in the pick, within the time bars; 480
    had measured no stronger than 160 on an older version), 160
    at three and four players: 480 measured no stronger at four, nor 320
    (33.5/35.8/30.2% against 33.5/34.8/31.8% with 160, against the
    gauntlet's counter/aggressive/keeper, 300 rounds each), nor 240 at a
    mixed table (35.0% both, seed 7, 400 rounds).  A number sets
    it for every table, a mapping per player count; ``iterations`` is
    another name for it (the other games' word).  ``budget`` (seconds,
    default none) is an opt-in cap on top; when it is hit first the move
    depends on the machine's speed.

    ``keep_bias`` is how sure it is that a player kept a card at least as
    high as the one they played (0: no such belief; 0.95 fitted the
    gauntlet's hands best of 0.8, 0.9, 0.95, 0.98).  ``chain`` (default on)
    follows every play of a hand, not only the last one.  ``prune``: a play
    is dropped once it trails the best by that many standard errors;
    ``trust``: the rule of thumb's play gets that many standard errors of
    head start (0.5: against 1.0 it won more rounds against every gauntlet
    style one-on-one, +0.7 to +1.3 points on the confirm seed 41, and the
    same within noise at four players, -0.8 to +0.8 by style; 2.0 lost 1-2
    points at four, 0 was worse).
    ``guesses``: how many guesses per target a 6 or 5 is searched with, the
    likeliest by the beliefs (2; 1 leaves fewer plays to tell apart, but
    lost 2.5 points at a mixed four-player table, seed 7, 400 rounds).
    ``sharp``: who plays the sharp rule (:func:`.love_letter.choose` with
    ``played``: a 9 first, a 10 before an 8, guesses by the target's last
    play) in the rollouts, ``"me"`` (and then its play gets the trust),
    ``"others"``, ``"all"`` or ``"none"`` (the default).  Why: that rule
    wins 3 points more than the plain one on its own, but as a rollout it
    does not make the search stronger (mixed four-player table, seed 7,
    2,000 rounds: me 35.2%, others 33.9%, all 32.1%, none 35.8%; seed 9: me
    35.2%, none 36.1%; see docs/benchmarks.md):
    the plain rule is the better model of the gauntlet's players.
    """

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        budget: float | None = None,
        worlds: int | Mapping[int, int] | None = None,
        iterations: int | None = None,
        keep_bias: float = 0.95,
        prune: float = 2.5,
        trust: float = 0.5,
        chain: bool = True,
        guesses: int = 2,
        sharp: str = "none",
        **_: Any,
    ) -> None:
        for name, count in (("iterations", iterations), ("guesses", guesses)):
            if count is not None:
                options.at_least(name, count, 1)
        for count in _by_players(worlds).values() if worlds is not None else ():
            options.at_least("worlds", count, 1)
        options.between("keep_bias", keep_bias, 0.0, 1.0)
        options.at_least("prune", prune, 0.0)
        if budget is not None:  # 0: the first batch of worlds only (the budget is spent at once)
            options.at_least("budget", budget, 0.0)
        self.chain = chain
        self.guesses = guesses
        if not isinstance(sharp, str) or sharp not in _SHARP:
            raise ValueError(f"sharp must be one of {', '.join(_SHARP)}, not {sharp!r}")
        self.sharp = _SHARP[sharp]
        self.prune = prune
        self.trust = trust
        self.rng = random.Random(seed)
        self.budget = budget
        if worlds is None and iterations is not None:  # the name the other games' strong bots use
            worlds = iterations
        self.worlds: Mapping[int, int] = WORLDS if worlds is None else _by_players(worlds)
        self.keep_bias = keep_bias
        self._games: dict[int, LoveGame] = {}
        self.last_worlds = 0  # worlds the last decision used (for tuning)
        self.knowledge: Knowledge | None = None

    def _round(self, players: int) -> LoveGame:
        """The single-round game the search plays its worlds in (the actions are the match's)."""
        if players not in self._games:
            self._games[players] = _round_game(players)
        return self._games[players]

    def know(self, view: Mapping[str, Any]) -> Knowledge:
        """The knowledge of this view's round, brought up to date with the entries not read yet."""
        k = self.knowledge
        if k is None or k.seat != view["seat"] or k.players != view["players"]:
            k = self.knowledge = Knowledge(view["seat"], view["players"], 1.0 - self.keep_bias)
        k.update(view)
        return k

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        knowledge = self.know(view)
        knowledge.note_hand(view.get("history_len", len(view["history"])), view["hand"])
        if len(legal_actions) == 1:
            return legal_actions[0]
        deadline = math.inf if self.budget is None else time.perf_counter() + self.budget
        game = self._round(view["players"])
        legal = [game.parse_action(a) for a in legal_actions]
        plays = [p for p in legal if p.card != "K"] or legal  # the K is never worth playing
        if len(plays) == 1:
            return _pick(plays[0], legal_actions, self.rng)
        worlds = _Worlds(view, knowledge, self.keep_bias, self.chain, game)
        if any(p.guess is not None for p in plays):
            guesses = likely_guesses(worlds, view["known"], self.guesses)
            plays = [
                p for p in plays if p.guess is None or p.guess in guesses.get(p.target or 0, ())
            ] or plays
        if len(plays) == 1:
            return _pick(plays[0], legal_actions, self.rng)
        unseen = view["unseen"]
        hand, seat = view["hand"], view["seat"]
        usual = choose(
            hand,
            seat,
            view["out"],
            view["protected"],
            view["known"],
            lambda: unseen,
            self.rng,
            view["played"] if self.sharp[0] else None,
        )
        default = plays.index(usual) if usual in plays else None
        return _pick(self.search(worlds, seat, plays, deadline, default), legal_actions, self.rng)

    def search(
        self, worlds: _Worlds, seat: int, plays: list[Play], deadline: float, default: int | None = None
    ) -> Play:
        """The play that wins most rounds over sampled worlds, dropping clear losers as it goes.

        Worlds come in batches; every play still in the race is judged on
        each world of a batch (the same worlds for all: a fair comparison with
        few of them).  After a batch, plays far behind the best are dropped,
        so the work goes to telling the good ones apart.  The rule of thumb's
        own play (``default``) is trusted by ``trust`` standard errors: a
        noisy estimate should not talk the bot out of a sound habit.
        """
        rng = self.rng
        limit = self.worlds.get(worlds.n, 160)
        alive = list(range(len(plays)))
        wins = [0.0] * len(plays)
        done = 0
        timed = deadline != math.inf
        while done < limit and len(alive) > 1 and (done < 8 or not timed or time.perf_counter() < deadline):
            for _ in range(min(8, limit - done)):
                if timed and done >= 8 and time.perf_counter() >= deadline:
                    break
                world = worlds.draw(rng)
                for i in alive:
                    sim = world.clone()
                    winners = _rollout(sim, plays[i], seat, worlds.last, rng, self.sharp)
                    if seat in winners:
                        wins[i] += 1.0 / len(winners)
                done += 1
            best = max(wins[i] for i in alive)
            margin = self.prune * math.sqrt(0.25 * done) + 1.0  # in wins (0.5 * sqrt(done): one error)
            alive = [i for i in alive if wins[i] >= best - margin]
        self.last_worlds = done
        bonus = self.trust * math.sqrt(0.25 * done)
        return plays[max(alive, key=lambda i: (wins[i] + (bonus if i == default else 0.0), -i))]


_END = 2**62  # a view "since" past any history: the rollouts need no history


# Who plays the sharp rule in the rollouts (the searcher, the others): see StrongBot's ``sharp``.
_SHARP: Mapping[str, tuple[bool, bool]] = {
    "none": (False, False),
    "me": (True, False),
    "others": (False, True),
    "all": (True, True),
}


def _rollout(
    state: LoveState,
    first: Play,
    me: int,
    last: Mapping[int, str],
    rng: random.Random,
    sharp: tuple[bool, bool] = (False, False),
) -> tuple[int, ...]:
    """Play ``first`` in ``state``, then the round out by the rule of thumb; the round's winners.

    Each player chooses from its own view of the world (the engine's
    ``view`` and ``act_id``: the same rules as the real game).  The
    searcher, facing one player, guesses by what that player's last play
    says it kept (``last``, updated as the rollout goes).
    """
    ids = state.game.ids
    seen = dict(last)
    p, seat = first, me
    while True:
        state.act_id(ids[p])
        seen[seat] = p.card
        if p.target is not None and (p.card == "J" or p.card == "T"):  # a hand that came from elsewhere
            seen.pop(p.target, None)
            if p.card == "J":
                seen.pop(seat, None)
        if state.over:
            return state.winners
        seat = state.to_act[0]
        v = state.view(seat, since=_END)
        left, out = v["unseen"], v["out"]
        if seat == me:
            unseen, sharp_here = partial(_believed, left, out, me, seen), sharp[0]
        else:
            unseen, sharp_here = partial(_same, left), sharp[1]
        played = v["played"] if sharp_here else None
        p = choose(v["hand"] or [], seat, out, v["protected"], v["known"], unseen, rng, played)


def _same(left: Mapping[str, int]) -> Mapping[str, int]:
    return left


def _believed(
    left: Mapping[str, int], out: Sequence[bool], me: int, last: Mapping[int, str]
) -> Mapping[str, int]:
    """The counts the searcher guesses by: facing one player, only the ranks it may have kept."""
    others = [s for s in range(len(out)) if s != me and not out[s]]
    played = last.get(others[0]) if len(others) == 1 else None
    if played is not None:
        likely = {g: k if kept_after(played, g) else 0 for g, k in left.items() if g in GUESSES}
        if any(likely.values()):
            return likely
    return left
