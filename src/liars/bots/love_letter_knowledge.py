"""What the strong Love Letter bot believes about the hidden hands, read from the history entry by entry.

Why a module of its own: the beliefs are the part of the strong bot that
models the other players (how likely each play was from each pair of cards),
and they are tested on their own (:class:`Knowledge` against hand-made
histories).  The search (:mod:`.love_letter_strong`) deals its worlds from
them (:mod:`.love_letter_worlds`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games.love_letter_cards import COUNT, GUESSES, VALUE
from ..games.love_letter_view import fits
from .love_letter import kept_after

_NAMED = {1: 0.05, 2: 0.5}  # how likely a player holds the rank it just named, by its copies (a tuning knob)
_NO_KILL = 0.1  # how likely a player who knew my card and did not name it held a 6 or 5


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
