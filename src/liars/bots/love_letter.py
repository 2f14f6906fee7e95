"""Bots for Love Letter: ``basic`` (card counting and rules of thumb) and ``strong`` (Monte Carlo).

Both read only the view.  :func:`choose` is the rule of thumb: take a sure
kill when what you know allows it (a 6 or 5 at a known card, an 8 against a
known lower card, a 10 at a known K), otherwise keep the higher card, since
the showdown rewards it, and aim the lower one well: guess the rank most
often unseen, look at or compare with players you know nothing about.

``strong`` plays that rule in its rollouts and searches over it: for every
sensible play it deals a fixed number of worlds consistent with its view and
its beliefs, plays each to the end of the round with the rule of thumb for
everyone, in the engine itself (a world is a ``setup`` position; each player
chooses from its own ``view`` and plays by ``act_id``: no copy of the rules
here), and takes the play that wins most rounds.  All plays are judged on the same worlds, so the
comparison is fair even with few of them, and plays far behind are dropped
as the evidence comes in.

Its beliefs (:class:`Knowledge`) are read from the history entry by entry,
never again from the start: per seat a likelihood for each rank, moved by
every play (a player holding two cards most likely plays the lower one, so a
chain of plays narrows what is left), by missed guesses, won 8s, a rank a
player names (rarely its own), a sure kill not taken, and made certain by
what the bot saw itself; plus who has seen whose card.  The worlds are dealt
from the view's unseen cards weighted by those likelihoods.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, cast

from ..core import make as make_game
from ..games.love_letter import LoveGame, LoveState, Play
from ..games.love_letter_cards import COUNT, GUESSES, VALUE
from ..games.love_letter_view import fits
from . import register

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
_NAMED = {1: 0.05, 2: 0.5}  # how likely a player holds the rank it just named, by its copies (a tuning knob)
# The strong bot's default worlds per decision, by players (see StrongBot).
WORLDS: Mapping[int, int] = {2: 320, 3: 160, 4: 160}
_NO_KILL = 0.1  # how likely a player who knew my card and did not name it held a 6 or 5


def kept_after(played: str, card: str) -> bool:
    """Could the rule of thumb have played ``played`` while keeping ``card``?

    It keeps the higher card, except that a Q must go with a J or a 10 (so
    a J or a 10 was never kept over a Q, and a Q may have gone to keep one).
    """
    if played == "Q":
        return card in ("J", "T", "K")
    if card == "Q":
        return played not in ("J", "T") and VALUE[card] >= VALUE[played]
    return VALUE[card] >= VALUE[played]


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


def likely_guesses(worlds: _Worlds, known: Mapping[str, str], keep: int = 2) -> dict[int, set[str]]:
    """Per target seat, the guesses worth searching: the known card, or the ``keep`` likeliest.

    Likeliness is the seat's belief (:meth:`_Worlds.marginal`: the unseen
    counts times what its plays say), so a player who just played a 10 is
    guessed for a J, Q or K, not by raw counts.
    """
    out = {int(t): {c} for t, c in known.items()}
    for t in worlds.blind:
        m = worlds.marginal(t)
        ranked = sorted(
            (g for g in GUESSES if m.get(g, 0.0) > 0.0), key=lambda g: (m[g], VALUE[g]), reverse=True
        )
        out[t] = set(ranked[:keep])
    return out


def _by_players(worlds: int | Mapping[int, int]) -> Mapping[int, int]:
    return dict.fromkeys((2, 3, 4), worlds) if isinstance(worlds, int) else worlds


class Knowledge:
    """What this round's public history (and the bot's own hands) tell, kept up to date entry by entry.

    Why incremental: a match of Love Letter is many rounds long, and reading
    the whole history at every decision would make each decision dearer as
    the match goes on.  :meth:`update` reads only the entries it has not
    seen (a view may hold only the history's tail: ``history_len`` is the
    whole length); a new ``history_epoch``, a shorter history or a gap
    before the tail starts it again from what the view holds.

    Per seat it keeps:

    - ``rules``: ranks its card cannot be (a missed guess) and a value it
      beats (it won an 8), as :func:`liars.games.love_letter_view.constraints`
      reads them, until the hand may have changed;
    - ``last``: the card it last played while its hand may still be what it
      kept (not after a swap or a 10 at it, nor after a play aimed at a card
      it had seen: that was a sure kill, not a choice between two cards);
    - ``pairs``: (u, v) when u saw v's card this round and v has not played
      since (a 7, a tied 8, a swap);
    - ``knows_me``: the seats that know the bot's own card now; through the
      bot's own plays they keep knowing it when it kept the card they saw,
      which ``note_hand`` (the bot's hand at each of its turns) tells;
    - ``like``: per rank, how likely its card is that rank beyond what the
      counts say (see :meth:`_played`; ``doubt`` is the chance we give a
      player of playing the higher of two cards); zero where ``rules`` rule
      a rank out, certain where the bot saw the card itself;
    - and for the bot itself ``my_card`` and ``my_prot``, so that a seat who
      knew a card it could have named, and did not, is believed to hold no
      6 or 5.
    """

    def __init__(self, seat: int, players: int, doubt: float = 0.05) -> None:
        self.seat = seat
        self.players = players
        self.doubt = doubt
        self.epoch: Any = None
        self.done = 0  # history entries read
        self.complete = False  # whether this round was read from its start
        self.mine: dict[int, tuple[str, ...]] = {}  # my hand by the history index of my coming play
        self._new_round(False)

    def _new_round(self, complete: bool, index: int = -1) -> None:
        n = self.players
        self.complete = complete
        self.rules: list[tuple[set[str], int]] = [(set(), 0) for _ in range(n)]
        self.loser: tuple[int, int] | None = None  # (winner of an 8, loser) waiting for the loser's card
        self.last: dict[int, str] = {}
        self.pairs: set[tuple[int, int]] = set()
        self.knows_me: list[int] = []
        self.mine = {i: h for i, h in self.mine.items() if i > index}  # this round's turns only
        self.like: list[dict[str, float]] = [dict.fromkeys(VALUE, 1.0) for _ in range(n)]
        self.my_card: str | None = None  # the card I hold between my turns, as far as the entries tell
        self.my_prot = False  # my 9 protects me until my next turn

    def _choice(self, played: str, other: str) -> float:
        """How likely a player holding ``played`` and ``other`` plays ``played`` (our model of them)."""
        if played == other:
            return 1.0
        if "Q" in (played, other) and ("J" in (played, other) or "T" in (played, other)):
            return 1.0 if played == "Q" else 0.0
        a = 1.0 if kept_after(played, other) else self.doubt
        b = 1.0 if kept_after(other, played) else self.doubt
        return a / (a + b)

    def _played(self, s: int, card: str, free: bool) -> None:
        """Seat ``s`` played ``card`` from two: what it kept, by how likely each pair made that play.

        ``like[s]`` holds, per rank, a likelihood (the count of unseen cards
        is the prior, applied when a world is dealt).  The card played was
        the old one or the one drawn: for a kept rank k the new likelihood is
        P(play card | card, k) * (like[card] + like[k]) (only like[card] when
        k is the card played: then old and drawn are one case).  A play that was no
        choice (``free`` False: aimed at a card the player had seen) only
        mixes the two.
        """
        old = self.like[s]
        lc = old[card]
        self.like[s] = {
            k: (self._choice(card, k) if free else 1.0) * (lc + lk if k != card else lc)
            for k, lk in old.items()
        }

    def _certain(self, t: int, card: str) -> None:
        self.like[t] = {k: 1.0 if k == card else 0.0 for k in VALUE}

    def note_hand(self, index: int, hand: Sequence[str]) -> None:
        """My hand when the entry at ``index`` (my play) is still to come."""
        self.mine[index] = tuple(hand)

    def update(self, view: Mapping[str, Any]) -> None:
        events: Sequence[Mapping[str, Any]] = view["history"]
        total = view.get("history_len", len(events))
        offset = total - len(events)
        epoch = view.get("history_epoch", 0)
        if epoch != self.epoch or total < self.done or offset > self.done:
            if self.epoch is not None and (epoch != self.epoch or total < self.done):
                self.mine = {}  # another history: my notes were about it
            self.epoch, self.done = epoch, offset
            self._new_round(offset == 0)
        for i in range(self.done, total):
            self.step(i, events[i - offset])
        self.done = total

    def step(self, index: int, e: Mapping[str, Any]) -> None:
        """Read one history entry (at ``index`` in the whole history)."""
        kind = e["type"]
        if kind == "round":
            self._new_round(True, index)
            return
        rules = self.rules
        loser, self.loser = self.loser, None
        if kind == "out":
            s = e["seat"]
            if loser is not None and s == loser[1] and e["card"]:
                w = loser[0]
                rules[w] = (rules[w][0], max(rules[w][1], VALUE[e["card"]]))
                floor = VALUE[e["card"]]
                self.like[w] = {k: 0.0 if VALUE[k] <= floor else x for k, x in self.like[w].items()}
            self.pairs = {(u, v) for u, v in self.pairs if s != u and s != v}
            return
        if kind != "play":
            return
        s, t, card = e["seat"], e.get("target"), e["card"]
        last, me = self.last, self.seat
        aimed = (s, t) in self.pairs  # aimed at a card it had seen
        if aimed:
            last.pop(s, None)
        else:
            last[s] = card
        if s != me:
            self._played(s, card, not aimed)
        if t is not None and (card == "J" or card == "T"):  # a hand that came from elsewhere
            last.pop(t, None)
            if card == "J":
                last.pop(s, None)
        # who knows my card
        if (
            s != me
            and s in self.knows_me
            and not self.my_prot
            and self.my_card in GUESSES
            and card not in "65"
        ):
            for g in ("6", "5"):  # it knew my card and did not name it: it holds no 6 or 5
                self.like[s][g] *= _NO_KILL
        if s == me:
            hand = self.mine.pop(index, None)
            self.my_prot = card == "9"
            if card == "J" or (card == "T" and t == me):
                self.my_card = e.get("got") if card == "J" else e.get("drew")
            elif hand is not None and card in hand:
                self.my_card = hand[1] if hand[0] == card else hand[0]
            kept = hand is not None and hand[0] != card and not (card == "T" and t == me)
            if not kept or card == "J":
                self.knows_me = []
            if isinstance(t, int) and t != me and card in ("8", "J") and e.get("loser") is None:
                self.knows_me = [*self.knows_me, t]
        elif card == "T" and t == me:
            self.knows_me = []
            self.my_card = e.get("drew")
        elif t == me and card in ("7", "8", "J"):
            if card == "J":
                self.knows_me = []
                self.my_card = e.get("gave")
            self.knows_me = [*self.knows_me, s]
        # the rules a card must fit
        if fits(card, rules[s]):  # else the card played was the one drawn: the old card stays
            rules[s] = (set(), 0)
        like = self.like
        if t is not None:
            if card in ("6", "5"):
                g = e["guess"]
                if s != me and like[s][g] > 0.0:  # nobody names the one card they hold, rarely one of two
                    like[s][g] *= _NAMED.get(COUNT[g], 1.0)
                if not e["hit"]:
                    rules[t][0].add(g)
                    like[t][g] = 0.0
            elif card == "8" and e["loser"] is not None:
                self.loser = (t if e["loser"] == s else s, e["loser"])
            elif card == "J":
                rules[s], rules[t] = rules[t], (set(), 0)
                like[s], like[t] = like[t], like[s]
            elif card == "T":
                rules[t] = (set(), 0)
                like[t] = dict.fromkeys(VALUE, 1.0)
            # what I saw myself (the secret details of my view)
            if card == "7" and s == me and "seen" in e:
                self._certain(t, e["seen"])
            elif card == "8" and e.get("loser") is None and "cards" in e and me in (s, t):
                self._certain(t if s == me else s, e["cards"][1 if s == me else 0])
            elif card == "J" and "gave" in e and me in (s, t):
                self._certain(t if s == me else s, e["gave"] if s == me else e["got"])
        # who saw whose card
        pairs = {(u, v) for u, v in self.pairs if v != s}  # (a 10 at yourself included)
        if t is not None and t != s:
            if card == "T":
                pairs = {(u, v) for u, v in pairs if v != t}
            elif card == "7":
                pairs.add((s, t))
            elif card == "8" and e.get("loser") is None:
                pairs |= {(s, t), (t, s)}
            elif card == "J":
                moved = {(u, s if v == t else t) for u, v in pairs if v in (s, t) and u not in (s, t)}
                pairs = {(u, v) for u, v in pairs if v not in (s, t)} | moved | {(s, t), (t, s)}
        self.pairs = pairs


def _sightings(events: Sequence[Mapping[str, Any]]) -> set[tuple[int, int]]:
    """Pairs (u, v): u saw v's card this round (a 7, an equal 8, a J) and v has not played since.

    After v plays, u may still know what v kept, but nobody else can tell, so
    the pair is dropped; a 10 at v or v going out ends it for sure.  (The
    from-scratch form of :attr:`Knowledge.pairs`, kept for the tests.)
    """
    k = Knowledge(-1, 4)
    for i, e in enumerate(events):
        k.step(i, e)
    return k.pairs


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
        **_: Any,
    ) -> None:
        self.chain = chain
        self.guesses = guesses
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
                    winners = _rollout(sim, plays[i], seat, worlds.last, rng)
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


def _rollout(
    state: LoveState, first: Play, me: int, last: Mapping[int, str], rng: random.Random
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
        unseen = partial(_believed, left, out, me, seen) if seat == me else partial(_same, left)
        p = choose(v["hand"] or [], seat, out, v["protected"], v["known"], unseen, rng)


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


class _Worlds:
    """Deals of the hidden cards for one decision, each a real engine position at the bot's turn.

    Everything public (played cards, who is out or protected, the bot's
    hand and what it knows) is shared; the cards it cannot place are dealt
    to the hands it does not know, the pile and the set-aside card, and the
    engine builds the position from a ``setup`` (so the search plays by the
    engine's own rules, with no copy of them here).  Beliefs beyond what the
    view rules out: a player who played a card probably kept a higher one
    (``keep_bias``: how sure we are of that), and whoever saw a card since
    its owner last played knows it.
    """

    def __init__(
        self,
        view: Mapping[str, Any],
        knowledge: Knowledge,
        keep_bias: float,
        chain: bool = True,
        game: LoveGame | None = None,
    ) -> None:
        n = view["players"]
        seat = view["seat"]
        self.n, self.seat = n, seat
        known: Mapping[str, str] = view["known"]
        out: Sequence[bool] = view["out"]
        self.game = game if game is not None else _round_game(n)
        self.blind = [t for t in range(n) if t != seat and not out[t] and str(t) not in known]
        self.rules = knowledge.rules
        self.keep_bias = keep_bias
        self.like = knowledge.like if chain else None
        self.last = dict(knowledge.last)
        self.pool = [c for c, k in view["unseen"].items() for _ in range(k)]
        self.hand: tuple[str, str] = (view["hand"][0], view["hand"][1])
        self.out = list(out)
        self.known = dict(known)
        self.played = [list(p) for p in view["played"]]
        self.protected = list(view["protected"])
        self.aside = bool(view["set_aside_down"])
        # who else knows my card (it stays hand[0] until I play), and who saw whose card
        self.knows_me = [u for u in knowledge.knows_me if u != seat and not out[u]]
        self.pairs = [(u, v) for u, v in knowledge.pairs if seat not in (u, v) and not out[u] and not out[v]]

    def weight(self, t: int, c: str) -> float:
        """How much more (or less) likely than its count says it is that seat ``t`` holds rank ``c``."""
        excluded, floor = self.rules[t]
        if c in excluded or VALUE[c] <= floor:
            return 0.0
        if self.like is not None:
            return self.like[t][c]
        lp = self.last.get(t)
        return 1.0 if lp is None or kept_after(lp, c) else 1.0 - self.keep_bias

    def marginal(self, t: int) -> dict[str, float]:
        """Seat ``t``'s card, rank by rank, as a probability: the unseen counts times the weights.

        Exact for one hidden hand; with several it ignores that they draw
        from the same cards, which moves the odds little.
        """
        counts: dict[str, int] = {}
        for c in self.pool:
            counts[c] = counts.get(c, 0) + 1
        w = {c: k * self.weight(t, c) for c, k in counts.items()}
        total = sum(w.values())
        if total <= 0.0:
            return {c: k / len(self.pool) for c, k in counts.items()}
        return {c: x / total for c, x in w.items()}

    def deal(self, rng: random.Random) -> list[str]:
        """The unseen cards in a random order, weighted by belief: the blind hands first, then the rest."""
        pool = list(self.pool)
        order = list(self.blind)
        rng.shuffle(order)
        hands: dict[int, str] = {}
        for t in order:
            weights = [self.weight(t, c) for c in pool]
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
        out: list[str] = [""] * self.n
        for t, c in hands.items():
            out[t] = c
        return out + pool

    def draw(self, rng: random.Random) -> LoveState:
        """One world: the engine's position at the bot's turn, from a ``setup`` of the dealt cards."""
        dealt = self.deal(rng)
        n, seat = self.n, self.seat
        hands: list[list[str]] = [[] if self.out[t] else [dealt[t]] for t in range(n)]
        hands[seat] = [self.hand[0]]
        for t, c in self.known.items():
            hands[int(t)] = [c]
        rest = dealt[n:]
        aside = rest.pop()  # face down at the start of every turn (only a round's last turn takes it)
        known: list[dict[str, str]] = [{} for _ in range(n)]
        known[seat] = dict(self.known)
        for u in self.knows_me:
            known[u][_KEY[seat]] = self.hand[0]
        for u, v in self.pairs:
            known[u][_KEY[v]] = hands[v][0]
        setup = {
            "hands": hands,
            "set_aside": aside,
            "deck": [self.hand[1], *rest],  # I draw my second card first: my turn as it is
            "played": self.played,
            "starter": seat,
            "protected": self.protected,
            "known": known,
        }
        state = self.game.new_game(setup=setup, seed=0)
        return cast(LoveState, state)


def _round_game(players: int) -> LoveGame:
    """The game the search plays in: single rounds, so a world is over when its round is."""
    return cast(LoveGame, make_game(GAME, players=players, seed=0, target_wins=1))
