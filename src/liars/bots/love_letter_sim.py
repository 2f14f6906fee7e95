"""A lean simulator of one Love Letter round, for the strong bot's rollouts.

Why not the engine?  A rollout needs none of what makes a state a state:
no history to narrate, no saving, no legality checks (the rule of thumb only
makes legal plays), no next round.  Dropping them makes a rollout several
times faster, which buys the search more worlds per decision.  The rules
are the engine's (:mod:`liars.games.love_letter`), and a test plays both side
by side to keep them equal.

Hands are one card per seat between turns (``None`` when out); the seat on
turn also holds ``drawn``.  ``deck`` is stored bottom first, so drawing is a
``pop()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..games.love_letter import LoveState, Play
from ..games.love_letter_cards import COUNT, GUESSES, VALUE

Policy = Callable[..., Play]


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


class Sim:
    __slots__ = (
        "n",
        "hands",
        "drawn",
        "deck",
        "aside",
        "out",
        "prot",
        "sums",
        "known",
        "faceup",
        "turn",
        "me",
        "last",
    )

    n: int
    hands: list[str | None]
    drawn: str
    deck: list[str]
    aside: str | None
    out: list[bool]
    prot: list[bool]
    sums: list[int]
    known: list[dict[str, str]]
    faceup: dict[str, int]
    turn: int
    me: int  # the searcher: its guesses in a rollout follow ``last`` (see unseen_now); -1: nobody
    last: list[str | None]  # per seat, the card last played while its hand may be what it kept

    @classmethod
    def of(cls, state: LoveState) -> Sim:
        """The round of ``state`` (at the start of a turn: the seat on turn holds two cards)."""
        s = cls.__new__(cls)
        s.n = state.game.players
        turn = s.turn = state.to_act[0]
        s.hands = [h[0] if h else None for h in state.hands]
        s.drawn = state.hands[turn][1]
        s.deck = state.deck[::-1]
        s.aside = state.set_aside
        s.out = list(state.out)
        s.prot = list(state.protected)
        s.sums = [sum(VALUE[c] for c in p) for p in state.played]
        s.known = [dict(k) for k in state.known]
        faceup = dict.fromkeys(COUNT, 0)
        for p in state.played:
            for c in p:
                faceup[c] += 1
        s.faceup = faceup
        s.me = -1
        s.last = [None] * s.n
        return s

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.n, s.turn, s.drawn, s.aside = self.n, self.turn, self.drawn, self.aside
        s.hands = list(self.hands)
        s.deck = list(self.deck)
        s.out = list(self.out)
        s.prot = list(self.prot)
        s.sums = list(self.sums)
        s.known = [dict(k) for k in self.known]
        s.faceup = dict(self.faceup)
        s.me = self.me
        s.last = list(self.last)
        return s

    def _face_up(self, seat: int, card: str) -> None:
        self.sums[seat] += VALUE[card]
        self.faceup[card] += 1

    def _knock_out(self, seat: int, card: str | None) -> None:
        if card is not None:
            self._face_up(seat, card)
        self.hands[seat] = None
        self.out[seat] = True
        self.prot[seat] = False
        key = str(seat)
        for k in self.known:
            k.pop(key, None)

    def play(self, card: str, target: int | None, guess: str | None) -> list[int] | None:
        """The seat on turn plays; the round's winners if it ended, else ``None`` (next turn begun)."""
        seat = self.turn
        hands, known = self.hands, self.known
        held = hands[seat]
        kept = self.drawn if held == card else held
        hands[seat] = kept
        self._face_up(seat, card)
        key = str(seat)
        for k in known:
            if k.get(key) == card:
                del k[key]
        t = target
        last = self.last
        last[seat] = card
        if t is not None and (card == "J" or card == "T"):  # a hand that came from elsewhere
            last[t] = None
            if card == "J":
                last[seat] = None
        if card == "K":
            self._knock_out(seat, kept)
        elif card == "9":
            self.prot[seat] = True
        elif t is None or card == "Q":
            pass
        elif card == "6" or card == "5":
            if hands[t] == guess:
                self._knock_out(t, hands[t])
        elif card == "7":
            known[seat][str(t)] = hands[t]  # type: ignore[assignment]
        elif card == "8":
            theirs = hands[t]
            known[seat][str(t)] = theirs  # type: ignore[assignment]
            known[t][key] = kept  # type: ignore[assignment]
            if VALUE[kept] < VALUE[theirs]:  # type: ignore[index]
                self._knock_out(seat, kept)
            elif VALUE[kept] > VALUE[theirs]:  # type: ignore[index]
                self._knock_out(t, theirs)
        elif card == "J":
            theirs = hands[t]
            hands[seat], hands[t] = theirs, kept
            ks, kt = key, str(t)
            for u, k in enumerate(known):
                if u != seat and u != t:
                    a, b = k.pop(ks, None), k.pop(kt, None)
                    if b is not None:
                        k[ks] = b
                    if a is not None:
                        k[kt] = a
            known[seat][kt] = kept  # type: ignore[assignment]
            known[t][ks] = theirs  # type: ignore[assignment]
        else:  # the 10
            old = hands[t]
            self._face_up(t, old)  # type: ignore[arg-type]
            kt = str(t)
            for k in known:
                k.pop(kt, None)
            if old == "K":
                self._knock_out(t, None)
            elif self.deck:
                hands[t] = self.deck.pop()
            else:
                hands[t] = self.aside
                self.aside = None
        return self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[int] | None:
        out, n = self.out, self.n
        inside = [s for s in range(n) if not out[s]]
        if len(inside) == 1:
            return inside
        if not self.deck:
            best = max((VALUE[self.hands[s]], self.sums[s]) for s in inside)  # type: ignore[index]
            return [s for s in inside if (VALUE[self.hands[s]], self.sums[s]) == best]  # type: ignore[index]
        nxt = (seat + 1) % n
        while out[nxt]:
            nxt = (nxt + 1) % n
        self.turn = nxt
        self.prot[nxt] = False
        self.drawn = self.deck.pop()
        return None

    def unseen(self, seat: int) -> dict[str, int]:
        """What ``seat`` cannot place, per rank (only the ranks a guess may name are needed)."""
        faceup = self.faceup
        left = {g: COUNT[g] - faceup[g] for g in GUESSES}
        for c in (self.hands[seat], self.drawn if seat == self.turn else None):
            if c in left:
                left[c] -= 1
        for c in self.known[seat].values():
            if c in left:
                left[c] -= 1
        return left

    def unseen_now(self) -> dict[str, int]:
        """The counts a 6 or 5 guesses by; the searcher, facing one player, believes they kept high."""
        left = self.unseen(self.turn)
        if self.turn == self.me:
            others = [s for s in range(self.n) if s != self.me and not self.out[s]]
            played = self.last[others[0]] if len(others) == 1 else None
            if played is not None:
                likely = {g: k if kept_after(played, g) else 0 for g, k in left.items()}
                if any(likely.values()):
                    return likely
        return left

    def run(self, policy: Policy, rng: random.Random) -> list[int]:
        """Play the round out with ``policy`` for everyone; its winners."""
        while True:
            seat = self.turn
            hand = (self.hands[seat], self.drawn)
            p = policy(hand, seat, self.out, self.prot, self.known[seat], self.unseen_now, rng)
            winners = self.play(p.card, p.target, p.guess)
            if winners is not None:
                return winners
