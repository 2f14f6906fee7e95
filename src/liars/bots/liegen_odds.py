"""The strong Liegen bot's odds: how often a seat calls or bluffs, and P(the top card is a lie).

A mixin of :class:`liars.bots.liegen.StrongBot`, kept apart so that what the
bot believes about a claim can be read (and is used by the coach) without the
way it plays.  Every estimate is fixed work (``samples`` sampled hands), drawn
with the bot's own RNG, from the seat's :class:`Knowledge` only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..games.liegen import CARD_INDEX, JOKER
from .liegen_beliefs import HEAVY, Knowledge, ann_codes

JOKER_FIRST = 0.02
"""How often a player with an ordinary card that follows plays a joker instead (it is kept)."""


def _pooled(
    hits: Sequence[float],
    tries: Sequence[float],
    s: int,
    seats: Sequence[int],
    prior: float,
    table_weight: float,
    seat_weight: float,
) -> float:
    """Seat ``s``'s rate shrunk towards the table's (``seat_weight`` tries), the table's towards ``prior``.

    A seat shows only a few examples of a habit in a round; pooling the table
    lets three seats' evidence count at once, and the prior holds until any comes.
    """
    table = (sum(hits[x] for x in seats) + table_weight * prior) / (
        sum(tries[x] for x in seats) + table_weight
    )
    return (hits[s] + seat_weight * table) / (tries[s] + seat_weight)


class LieOdds:
    """Habit rates and lie odds from the public history and the seat's own cards."""

    rng: random.Random
    samples: int
    bluff: float
    forced: float
    suit_trust: float
    mid_pool: float
    heavy_pool: float
    mid_asks: float
    shown_pool: float
    shown_prior: float

    def call_rate(
        self, k: Knowledge, s: int, left: int, calls: float = 0.5, asks: float = 10.0, *, pile: int
    ) -> float:
        """How often seat ``s`` calls a play that leaves ``left`` cards on a ``pile`` (with the play):
        a prior of ``calls`` in ``asks`` (1 in 20 by default), then its record (a play that leaves
        four: see :meth:`_mid_call_rate`; two or three on a pile of :data:`HEAVY` or more, or on a
        lighter one: see :meth:`_heavy_call_rate`)."""
        if left == 4 and self.mid_pool > 0.0:
            return self._mid_call_rate(k, s, calls, asks)
        rate = self._bucket_rate(k, s, 0 if left <= 3 else 1, calls, asks)
        if left <= 3 and self.heavy_pool > 0.0:
            return self._heavy_call_rate(k, s, rate, pile >= HEAVY)
        return rate

    def _heavy_call_rate(self, k: Knowledge, s: int, rate: float, heavy: bool) -> float:
        """How often ``s`` calls a small hand's play onto a heavy pile (or a light one), from those plays.

        Hoarding players call a hand of two or three only when the pile is
        worth it (three cards, four...); over all piles their rate looks half
        what it is where a lie would cost a pile.  The split record is shrunk
        (``heavy_pool`` asks' weight) towards the seat's small-hand ``rate``, so
        it says nothing new until such plays have been seen.
        """
        hits, tries = k.heavy_called[s], k.heavy_asked[s]
        if not heavy:
            hits, tries = k.called[s][0] - hits, k.asked[s][0] - tries
        return (hits + self.heavy_pool * rate) / (tries + self.heavy_pool)

    @staticmethod
    def _bucket_rate(k: Knowledge, s: int, b: int, calls: float, asks: float) -> float:
        """Seat ``s``'s calls in size bucket ``b`` (0: two or three cards left, 1: more), with the prior."""
        return (k.called[s][b] + calls) / (k.asked[s][b] + asks)

    def _mid_call_rate(self, k: Knowledge, s: int, calls: float, asks: float) -> float:
        """How often ``s`` calls a play that leaves four cards, from the plays that left four.

        Some tables call every play from five cards down, others only from three
        (the two-card play and the one before it): a shed from five is safe at
        one and called most of the time at the other.  A seat answers only a few
        such plays in a round, so its record is shrunk (``mid_pool`` asks' weight)
        towards the whole table's, and the table's towards the seats' rate for
        big hands (``mid_asks``): with no play seen yet that leaves four, the
        estimate is the seats' average big-hand rate, much as without this record.
        """
        seats = [x for x in range(k.players) if x != k.seat]
        big = sum(self._bucket_rate(k, x, 1, calls, asks) for x in seats) / len(seats)
        return _pooled(k.mid_called, k.mid_asked, s, seats, big, self.mid_asks, self.mid_pool)

    def shown_rate(self, k: Knowledge, s: int) -> float:
        """How often ``s`` lies from a big hand early in a trick, as the piles this seat took show it.

        Most players lie there only when they must (one in six or seven for
        every gauntlet style but one); a player who hoards the cards that
        follow and sheds the rest under their names lies there four times in
        five, and nobody can prove it.  A seat shows only a few such claims in
        a pile, so its record is shrunk (``shown_pool`` claims' weight)
        towards the whole table's, and the table's (four claims' weight) towards
        ``shown_prior``.
        """
        seats = [x for x in range(k.players) if x != k.seat]
        seen = [lie + truth for lie, truth in zip(k.shown_lies, k.shown_truths, strict=True)]
        return _pooled(k.shown_lies, seen, s, seats, self.shown_prior, 4.0, self.shown_pool)

    def lead_call_rate(self, k: Knowledge, s: int, calls: float = 0.5, asks: float = 10.0) -> float:
        """How often seat ``s`` calls a lead (the same prior, then its record of leads alone)."""
        return (k.lead_called[s] + calls) / (k.lead_asked[s] + asks)

    def bluff_rate(self, k: Knowledge, s: int) -> float:
        """How often ``s`` lies when it need not, at a pile this size: a small prior, then its turned cards.

        Only cards turned while ``s`` held five or more count: from such a hand a
        lie is seldom forced, so they measure bluffing, not bad luck.  Piles up
        to four and bigger ones are kept apart: bluffers bluff when it is cheap.
        """
        b = 0 if k.pile_size <= 4 else 1
        lies, truths = k.free_lies[s][b], k.free_truths[s][b]
        return (lies + 5.0 * self.bluff) / (lies + truths + 5.0)

    def lie_chance(self, k: Knowledge) -> float:
        """P(the top card is a lie), by sampling the claimant's hand before the play.

        Each sampled hand is weighted by the chance it makes this claim: an
        honest player names one of its cards that follow; a liar (always when
        nothing follows, else at its bluff rate) names any legal code.  Cards
        the others claimed earlier in this trick are, as likely as those claims
        were true, in the pile and not in the claimant's hand; under
        ``follow = "suit"`` (one suit for the whole trick) the claimant's own
        earlier claims in the trick each used a card of the suit, so the hand is
        drawn as it was when the trick began and must have held one more.
        """
        claim = k.claim or ""
        c = k.claimant
        pool = k.unknown_pool(c)
        fixed = list(k.located[c])
        pool = [x for x in pool if x not in k.located[c]]
        beta = self.bluff_rate(k, c)
        rng = self.rng
        trick = k.trick
        if k.follow == "suit":
            return self._suit_lie_chance(k, claim, c, pool, fixed, beta)
        # Others' earlier claims in this trick: the claimed card (one of the claimed rank) is in the pile.
        claimed: list[list[int]] = []
        for s, code, own in trick[:-1]:
            if s != k.seat and own is None:
                cands = [x for x in k.matching(code) if x in pool]
                if cands:
                    claimed.append(cands)
        need = k.sizes[c] + 1 - len(fixed)
        if need < 0:
            return 0.5
        prev = k.prev_ann
        if prev is None:
            return beta  # a lead may name anything: it is a lie only if the player chose to bluff
        legal_count = max(1, sum(1 for code in ann_codes(k) if k.follows(code, prev)))
        trust = 1.0 - beta
        # The true announcement of each card that may be in the hand, worked out once (not per sample).
        code_of = {x: k.honest_code(x, prev) for x in (*pool, *fixed) if x != JOKER}
        w_true = w_lie = 0.0
        for _ in range(self.samples):
            if claimed:
                out = set()
                for cands in claimed:
                    if rng.random() < trust:
                        out.add(cands[rng.randrange(len(cands))])
                avail = [x for x in pool if x not in out] if out else pool
            else:
                avail = pool
            if need > len(avail):
                continue
            held = fixed + rng.sample(avail, need)
            n_opt = n_match = jokers = 0
            for card in held:  # ordinary cards are all different: the pool leaves out located ones
                if card == JOKER:
                    jokers = 1
                else:
                    named = code_of[card]
                    if named is not None:
                        n_opt += 1
                        n_match += named == claim
            if not k.jokers:
                n_opt += jokers
                if n_opt:
                    p_h = n_match / n_opt
                    w_true += trust * p_h
                    w_lie += beta * p_h
                else:
                    w_lie += self.forced / legal_count
            elif n_opt:
                # An ordinary card that follows mostly goes down before a joker, which is kept for
                # the two-card play (every gauntlet style and this bot do so); a bluff mostly names a card
                # it keeps, now and then any code.
                p_h = (1.0 - JOKER_FIRST) * n_match / n_opt
                w_true += trust * (p_h + jokers * JOKER_FIRST / legal_count)
                w_lie += beta * (p_h + JOKER_FIRST / legal_count)
            elif jokers:
                # Nothing ordinary follows but a joker does: as rare as a forced lie (the same
                # calibration), so a claim nobody could make without a joker is as likely a lie as
                # the claimant is likely to lack one.
                p_h = self.forced / legal_count
                w_true += trust * p_h
                w_lie += beta * p_h
            else:
                w_lie += self.forced / legal_count
        total = w_true + w_lie
        return w_lie / total if total > 0 else 0.5

    def _suit_lie_chance(
        self, k: Knowledge, claim: str, c: int, pool: list[int], fixed: list[int], beta: float
    ) -> float:
        if k.prev_ann is None:
            return beta  # the lead names its own suit: it holds one of it unless it bluffs
        suit = CARD_INDEX[claim] & 3
        earlier = [s for s, _, _ in k.trick[:-1]]
        own = earlier.count(c)
        others = sum(1 for s, _, card in k.trick[:-1] if s != c and card is None)
        suited = [x for x in pool if x == JOKER or x & 3 == suit]
        plain = [x for x in pool if not (x == JOKER or x & 3 == suit)]
        size = k.sizes[c] + 1 + own - len(fixed)
        base = sum(1 for x in fixed if x == JOKER or x & 3 == suit)
        # Cards of the suit it picked up with a pile are in its hand, not spread over the pool.
        extra = min(k.taken[c][suit], max(0.0, len(suited) - 1.0), max(0.0, size - 1.0))
        whole = int(extra)
        base += whole
        size -= whole
        suited = suited[whole:]
        trust = 1.0 - beta
        rng = self.rng
        w_true = w_lie = 0.0
        # Under one suit a trick, players run out of it and must lie: an earlier claim of the
        # trick used a card of the suit only about three times in four.
        for _ in range(self.samples):
            gone = sum(1 for _ in range(others) if rng.random() < self.suit_trust)
            s_left = max(0, len(suited) - gone)
            total = s_left + len(plain)
            if size > total or size < 0:
                continue
            # Suited cards among ``size`` drawn from ``s_left`` suited and the plain ones.
            have = base
            s_rem, t_rem = s_left, total
            for _ in range(size):
                if rng.random() * t_rem < s_rem:
                    have += 1
                    s_rem -= 1
                t_rem -= 1
            if have > own:
                w_true += trust
                w_lie += beta
            else:
                w_lie += self.forced
        tot = w_true + w_lie
        return w_lie / tot if tot > 0 else 0.5
