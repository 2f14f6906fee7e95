"""Bots for Love Letter: ``basic`` (card counting and rules of thumb) and ``strong`` (Monte Carlo).

Both read only the view.  :func:`choose` is the rule of thumb: take a sure
kill when what you know allows it (a 6 or 5 at a known card, an 8 against a
known lower card, a 10 at a known K), otherwise keep the higher card, since
the showdown rewards it, and aim the lower one well: guess the rank most
often unseen, look at or compare with players you know nothing about.

``strong`` plays that rule in its rollouts and searches over it: for every
sensible play it deals many worlds consistent with its view (what
``sample_state`` honours: missed guesses, lost comparisons; and beliefs:
others, like ``basic``, probably kept a card higher than the one they
played, and whoever looked at a card since knows it), plays each to the end
of the round with the rule of thumb for everyone in a lean simulator
(:mod:`.love_letter_sim`), and takes the play that wins most rounds.  All
plays are judged on the same worlds, so the comparison is fair even with few
of them, and plays far behind are dropped as the evidence comes in.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from ..core import make as make_game
from ..games.love_letter import LoveGame, LoveState, Play
from ..games.love_letter_cards import GUESSES, VALUE
from ..games.love_letter_view import constraints
from . import register
from .love_letter_sim import Sim, kept_after

GAME = "love-letter"


_KEY = ("0", "1", "2", "3")
# Every play as one shared object, so the rule of thumb creates nothing on the rollouts' hot path.
_PLAY = {
    (c, t, g): Play(c, t, g)
    for c in VALUE
    for t in (None, 0, 1, 2, 3)
    for g in ((None, *GUESSES) if c in "65" else (None,))
}
_Q = _PLAY["Q", None, None]
_NONE: dict[int, str] = {}


def _guess(unseen: Callable[[], Mapping[str, int]], rng: random.Random) -> str:
    """The rank a 6 or 5 should name: the most copies unseen (ties: the higher, most often)."""
    left = unseen()
    best, top = 0, []
    for g in GUESSES:
        k = left[g]
        if k > best:
            best, top = k, [g]
        elif k == best and k:
            top.append(g)
    if not top:
        return GUESSES[int(rng.random() * 7)]
    return top[-1] if len(top) == 1 or rng.random() < 0.7 else top[int(rng.random() * len(top))]


def choose(
    hand: Sequence[str],
    seat: int,
    out: Sequence[bool],
    protected: Sequence[bool],
    known: Mapping[str, str],
    unseen: Callable[[], Mapping[str, int]],
    rng: random.Random,
) -> Play:
    """The rule-of-thumb play for ``hand`` (two cards); always a legal one.

    ``unseen`` gives the per-rank unseen counts when asked: only a 6 or 5
    needs them, so the rollouts do not count cards on every turn.
    """
    a, b = hand[0], hand[1]
    if (a == "Q" and (b == "J" or b == "T")) or (b == "Q" and (a == "J" or a == "T")):
        return _Q
    targets = [t for t in range(len(out)) if t != seat and not out[t] and not protected[t]]
    seen = _NONE
    if known and targets:
        seen = {t: known[_KEY[t]] for t in targets if _KEY[t] in known}
        if seen:  # sure kills from what we know
            for card in ("6", "5"):
                if a == card or b == card:
                    for t, c in seen.items():
                        if c in GUESSES:
                            return _PLAY[card, t, c]
            if a == "8" or b == "8":
                other = VALUE[b if a == "8" else a]
                for t, c in seen.items():
                    if VALUE[c] < other:
                        return _PLAY["8", t, None]
            if a == "T" or b == "T":
                for t, c in seen.items():
                    if c == "K":
                        return _PLAY["T", t, None]
    # Otherwise keep the higher card (never play the K while there is another choice).
    card, keep = (a, b) if VALUE[a] <= VALUE[b] else (b, a)
    if not targets:
        return _PLAY[card, seat, None] if card == "T" else _PLAY[card, None, None]
    if card in ("9", "Q", "K"):
        return _PLAY[card, None, None]
    blind = [t for t in targets if t not in seen] if seen else targets
    if not blind:
        blind = targets
    if card == "6" or card == "5":  # a known card here is below 7 (else it was a kill): guess the others
        return _PLAY[card, blind[int(rng.random() * len(blind))], _guess(unseen, rng)]
    if card == "8":
        if seen:
            safe = [t for t in targets if t not in seen or VALUE[seen[t]] <= VALUE[keep]]
            pool = [t for t in safe if t not in seen] or safe or targets
        else:
            pool = targets
        return _PLAY["8", pool[int(rng.random() * len(pool))], None]
    if card == "T":
        if VALUE[keep] <= 6 and rng.random() < 0.3:
            return _PLAY["T", seat, None]
        high = [t for t in targets if t in seen and VALUE[seen[t]] >= 11] if seen else None
        pool = high or blind
        return _PLAY["T", pool[int(rng.random() * len(pool))], None]
    if card == "J":
        better = [t for t in targets if t in seen and VALUE[seen[t]] > VALUE[keep]] if seen else None
        pool = better or blind
        return _PLAY["J", pool[int(rng.random() * len(pool))], None]
    return _PLAY["7", blind[int(rng.random() * len(blind))], None]


def _pick(play: Play, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    for a in legal_actions:
        if a == play:
            return a
    return legal_actions[rng.randrange(len(legal_actions))]  # never expected: choose is always legal


@register(GAME, "basic")
class BasicBot:
    """Card counting and rules of thumb: sure kills, keep the higher card, guess the likeliest."""

    def __init__(self, game_id: str = GAME, seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = view["seat"]
        unseen = view["unseen"]
        play = choose(
            view["hand"], seat, view["out"], view["protected"], view["known"], lambda: unseen, self.rng
        )
        return _pick(play, legal_actions, self.rng)


def likely_guesses(
    worlds: _Worlds, known: Mapping[str, str], rng: random.Random, keep: int = 2
) -> dict[int, set[str]]:
    """Per target seat, the guesses worth searching: the known card, or the ``keep`` likeliest.

    Likeliness is counted over sampled worlds, so it follows the beliefs (a
    player who just played a 10 likely holds a J, Q or K), not raw counts.
    """
    tally: dict[int, dict[str, int]] = {t: {} for t in worlds.blind}
    for _ in range(48):
        world = worlds.draw(rng)
        for t, c in tally.items():
            card = world.hands[t]
            if card in GUESSES:
                c[card] = c.get(card, 0) + 1
    out = {int(t): {c} for t, c in known.items()}
    for t, c in tally.items():
        out[t] = set(sorted(c, key=lambda g: (c[g], VALUE[g]), reverse=True)[:keep])
    return out


@register(GAME, "strong")
class StrongBot:
    """Determinized Monte Carlo over the rule of thumb, with beliefs from the history.

    ``budget`` (seconds per decision, default 0.08) caps the thinking;
    ``worlds`` caps the number of sampled worlds (set it, with a generous
    budget, for play that does not depend on the machine's speed).
    ``keep_bias`` is how sure it is that a player kept a card at least as
    high as the one they played (0: no such belief; against ``basic``, 0.95
    measured best among 0.75, 0.92, 0.95, 0.98).  ``prune``: a play is
    dropped once it trails the best by that many standard errors; ``trust``:
    the rule of thumb's play gets that many standard errors of head start.
    """

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        budget: float = 0.08,
        worlds: int | None = None,
        keep_bias: float = 0.95,
        prune: float = 2.5,
        trust: float = 1.0,
        **_: Any,
    ) -> None:
        self.prune = prune
        self.trust = trust
        self.rng = random.Random(seed)
        self.budget = budget
        self.worlds = worlds
        self.keep_bias = keep_bias
        self._games: dict[str, LoveGame] = {}
        self.last_worlds = 0  # worlds the last decision used (for tuning)
        # My hand at each of my turns this round, by (round, index of my play in the history).
        self.memory: dict[tuple[int, int], tuple[str, ...]] = {}

    def _game(self, view: Mapping[str, Any]) -> LoveGame:
        key = repr((view["players"], sorted(view["options"].items())))
        if key not in self._games:
            game = make_game(GAME, players=view["players"], seed=0, **view["options"])
            self._games[key] = cast(LoveGame, game)
        return self._games[key]

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        self.memory = {k: h for k, h in self.memory.items() if k[0] == view["round"]}
        self.memory[view["round"], len(view["history"])] = tuple(view["hand"])
        if len(legal_actions) == 1:
            return legal_actions[0]
        deadline = time.perf_counter() + self.budget
        game = self._game(view)
        legal = [game.parse_action(a) for a in legal_actions]
        plays = [p for p in legal if p.card != "K"] or legal  # the K is never worth playing
        if len(plays) == 1:
            return _pick(plays[0], legal_actions, self.rng)
        worlds = _Worlds(game.sample_state(view, self.rng), view, view["seat"], self.keep_bias, self.memory)
        if any(p.guess is not None for p in plays):
            guesses = likely_guesses(worlds, view["known"], self.rng)
            plays = [
                p for p in plays if p.guess is None or p.guess in guesses.get(p.target or 0, ())
            ] or plays
        if len(plays) == 1:
            return _pick(plays[0], legal_actions, self.rng)
        unseen = view["unseen"]
        hand, seat = view["hand"], view["seat"]
        usual = choose(hand, seat, view["out"], view["protected"], view["known"], lambda: unseen, self.rng)
        default = plays.index(usual) if usual in plays else None
        return _pick(self.search(worlds, seat, plays, deadline, default), legal_actions, self.rng)

    def search(
        self, worlds: _Worlds, seat: int, plays: list[Play], deadline: float, default: int | None = None
    ) -> Play:
        """The play that wins most rounds over sampled worlds, dropping clear losers as it goes.

        Worlds come in batches; every play still in the race is judged on
        each world of a batch (the same worlds for all: a fair comparison with
        few of them).  After a batch, plays far behind the best are dropped,
        so the time goes to telling the good ones apart.  The rule of thumb's
        own play (``default``) is trusted by ``trust`` standard errors: a
        noisy estimate should not talk the bot out of a sound habit.
        """
        rng = self.rng
        limit = self.worlds if self.worlds is not None else 1 << 30
        alive = list(range(len(plays)))
        wins = [0.0] * len(plays)
        done = 0
        while done < limit and len(alive) > 1 and (done < 8 or time.perf_counter() < deadline):
            for _ in range(min(8, limit - done)):
                if done >= 8 and time.perf_counter() >= deadline:
                    break
                world = worlds.draw(rng)
                for i in alive:
                    p = plays[i]
                    sim = world.copy()
                    winners = sim.play(p.card, p.target, p.guess)
                    if winners is None:
                        winners = sim.run(choose, rng)
                    if seat in winners:
                        wins[i] += 1.0 / len(winners)
                done += 1
            best = max(wins[i] for i in alive)
            margin = self.prune * math.sqrt(0.25 * done) + 1.0  # in wins (0.5 * sqrt(done): one error)
            alive = [i for i in alive if wins[i] >= best - margin]
        self.last_worlds = done
        bonus = self.trust * math.sqrt(0.25 * done)
        return plays[max(alive, key=lambda i: (wins[i] + (bonus if i == default else 0.0), -i))]


def _sightings(events: Sequence[Mapping[str, Any]]) -> set[tuple[int, int]]:
    """Pairs (u, v): u saw v's card this round (a 7, an equal 8, a J) and v has not played since.

    After v plays, u may still know what v kept, but nobody else can tell, so
    the pair is dropped; a 10 at v or v going out ends it for sure.
    """
    pairs: set[tuple[int, int]] = set()
    for e in events:
        if e["type"] == "out":
            pairs = {(u, v) for u, v in pairs if e["seat"] not in (u, v)}
            continue
        if e["type"] != "play":
            continue
        s, t, card = e["seat"], e.get("target"), e["card"]
        pairs = {(u, v) for u, v in pairs if v != s}  # (a 10 at yourself included)
        if t is None or t == s:
            continue
        if card == "T":
            pairs = {(u, v) for u, v in pairs if v != t}
        elif card == "7":
            pairs.add((s, t))
        elif card == "8" and e.get("loser") is None:
            pairs |= {(s, t), (t, s)}
        elif card == "J":
            moved = {(u, s if v == t else t) for u, v in pairs if v in (s, t) and u not in (s, t)}
            pairs = {(u, v) for u, v in pairs if v not in (s, t)} | moved | {(s, t), (t, s)}
    return pairs


class _Worlds:
    """Fast re-deals of one sampled state: the hidden cards move, everything else is shared.

    Beliefs beyond what the view rules out: a player who played a card
    probably kept a higher one (``keep_bias``: how sure we are of that), and
    whoever saw our card since we last played knows it.
    """

    def __init__(
        self,
        base: LoveState,
        view: Mapping[str, Any],
        seat: int,
        keep_bias: float,
        memory: Mapping[tuple[int, int], Sequence[str]] | None = None,
    ) -> None:
        memory = memory or {}
        n = base.game.players
        events = base.history
        start = max((i for i, e in enumerate(events) if e["type"] == "round"), default=-1)
        known = view["known"]
        actor = base.to_act[0]
        self.blind = [t for t in range(n) if t != seat and not base.out[t] and str(t) not in known]
        self.actor_extra = actor != seat
        self.rules = constraints(events, n)
        self.keep_bias = keep_bias
        # The last card each seat played this round, while their hand may still be what they kept;
        # not after a play that may have been a sure kill (aimed at a card the player had seen).
        self.last: dict[int, str] = {}
        seen: set[tuple[int, int]] = set()
        for i in range(start + 1, len(events)):
            e = events[i]
            if e["type"] != "play":
                continue
            t = e.get("target")
            if (e["seat"], t) in seen:
                self.last.pop(e["seat"], None)
            else:
                self.last[e["seat"]] = e["card"]
            if t is not None and e["card"] in ("J", "T"):  # a hand that came from elsewhere
                self.last.pop(t, None)
                if e["card"] == "J":
                    self.last.pop(e["seat"], None)
            seen = _sightings(events[start + 1 : i + 1])
        # Who knows my card now (from a 7 at me, an 8 with me, a J with me).  Through my own plays
        # they keep knowing it when I kept the card they saw: ``memory`` holds my hands at my turns.
        knows_me: list[int] = []
        for i in range(start + 1, len(events)):
            e = events[i]
            if e["type"] != "play":
                continue
            t = e.get("target")
            card = e["card"]
            if e["seat"] == seat:
                hand = memory.get((view["round"], i))
                kept = hand is not None and hand[0] != card and not (card == "T" and t == seat)
                knows_me = knows_me if kept and card != "J" else []
                if isinstance(t, int) and t != seat and card in ("8", "J") and e.get("loser") is None:
                    knows_me = [*knows_me, t]
            elif card == "T" and t == seat:
                knows_me = []
            elif t == seat and card in ("7", "8", "J"):
                if card == "J":
                    knows_me = []
                knows_me = [*knows_me, e["seat"]]
        if base.hands[seat]:
            for u in knows_me:
                if not base.out[u]:
                    base.known[u][str(seat)] = base.hands[seat][0]
        # Who saw whose card among the others (the card itself is dealt with each world).
        self.pairs = [(u, v) for u, v in _sightings(events[start + 1 :]) if seat not in (u, v)]
        self.pairs = [(u, v) for u, v in self.pairs if not base.out[u] and not base.out[v]]
        hidden = [base.hands[t][0] for t in self.blind]
        if self.actor_extra:
            hidden.append(base.hands[actor][1])
        if base.set_aside is not None:
            hidden.append(base.set_aside)
        self.pool = hidden + base.deck
        self.base = Sim.of(base)
        self.base.me = seat
        for t, card in self.last.items():
            self.base.last[t] = card

    def draw(self, rng: random.Random) -> Sim:
        """One world: each blind hand drawn in turn from the cards left, weighted by belief."""
        pool = list(self.pool)
        rules, last, doubt = self.rules, self.last, 1.0 - self.keep_bias
        order = list(self.blind)
        rng.shuffle(order)
        hands: dict[int, str] = {}
        for t in order:
            excluded, floor = rules[t]
            lp = last.get(t)
            weights = [
                0.0
                if c in excluded or VALUE[c] <= floor
                else 1.0
                if lp is None or kept_after(lp, c)
                else doubt
                for c in pool
            ]
            total = sum(weights)
            if total <= 0.0:  # the beliefs contradict each other here: any card will do
                k = int(rng.random() * len(pool))
            else:
                x = rng.random() * total
                k = 0
                while k < len(pool) - 1 and x >= weights[k]:
                    x -= weights[k]
                    k += 1
            hands[t] = pool[k]
            pool[k] = pool[-1]
            pool.pop()
        rng.shuffle(pool)
        s = self.base.copy()
        for t, c in hands.items():
            s.hands[t] = c
        i = 0
        for u, v in self.pairs:
            s.known[u][_KEY[v]] = s.hands[v]  # type: ignore[assignment]
        if self.actor_extra:
            s.drawn = pool[i]
            i += 1
        if s.aside is not None:
            s.aside = pool[i]
            i += 1
        s.deck = pool[i:]  # bottom first in a Sim; any order is as good after the shuffle
        return s
