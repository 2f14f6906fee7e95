"""The strong Liegen bot's plan: which card to play under which name.

A mixin of :class:`liars.bots.liegen.StrongBot`.  It plays for the last
turns: a play that leaves one card is always called, so the card played from
two must be honest; it keeps a hand that can follow whatever comes round
(:meth:`HandPlan.flex`), and weighs that against the pile a lie risks
(:meth:`HandPlan.lie_risk`).
"""

from __future__ import annotations

from ..games.liegen import CARD_INDEX, JOKER, RANK_INDEX, Play
from .liegen_beliefs import Knowledge, ann_codes
from .liegen_odds import LieOdds


class HandPlan(LieOdds):
    """Choosing the play: honest, a shed under a kept card's name, or the least risky lie."""

    plan: float
    suit_sheds: bool
    suit_shed_risk: float
    suit_caught: int
    step_sheds: bool
    step_shed_hand: int
    step_shed_risk: float
    joker_pile: int
    suit_lead_sheds: bool
    suit_turn: bool
    turn_prior: float
    suit_need: int
    joker_weigh: bool

    def play(self, k: Knowledge, plays: list[Play]) -> Play:
        if len(k.hand) == 1:
            return plays[0]  # the last card cannot be accused
        prev = k.claim
        hand = k.hand
        pool = set(k.unknown_pool(-1))
        honest = [p for p in plays if p.card != "X" and p.announce == k.honest_code(CARD_INDEX[p.card], prev)]
        jokers = [p for p in plays if p.card == "X"]
        if len(hand) == 2:
            # Everyone calls this card: only a true one survives, and then the last card wins.
            good = honest or jokers
            if good:
                return min(good, key=lambda p: (self.replies(k, p.announce, pool), self.rng.random()))
        held_codes = {p.announce for p in honest}
        if k.follow == "rank_or_suit":
            # A card named twice in a trick (or again by us this round) is a lie to anyone who counts.
            held_codes -= {code for _, code, _ in k.trick} | k.my_claims
        risk = self.lie_risk(k, pool)
        lead_shed = self.suit_lead_sheds and prev is None and risk["held"] <= self.suit_shed_risk
        if (
            k.follow == "suit"
            and not lead_shed
            and (not self.suit_sheds or risk["held"] > self.suit_shed_risk or k.caught >= self.suit_caught)
        ):
            # Shedding keeps the trick's suit for the two-card play, against players who seldom
            # call; a card counter calls those sheds (measured: 3% against three Trackers).
            held_codes = set()
        if k.follow == "rank_step" and not (
            self.step_sheds or (len(hand) <= self.step_shed_hand and risk["held"] <= self.step_shed_risk)
        ):
            # Only hand sizes tell a rank lie: callers call small hands, sheds or not.  But from four
            # cards the two-card play is near, and only a kept card that steps wins it: there a shed
            # is worth its risk while the askers have not been seen calling small hands.
            held_codes = set()
        # A joker is a sure honest card for the two-card play: keep it while an honest card exists.  With
        # none, tables that call small hands call the lie told to keep it, so it is weighed against that
        # lie's risk (``joker_weigh``: a kept joker makes :meth:`flex` 1, so it stays kept when lies are
        # cheap); without weighing it is kept while the pile is at most ``joker_pile``.
        weigh = self.joker_weigh and bool(jokers) and not honest and len(hand) > 2
        keep_joker = len(hand) > 2 and not weigh and (bool(honest) or k.pile_size <= self.joker_pile)
        safe = bool(honest) or (bool(jokers) and not keep_joker and not weigh)
        best: tuple[float, float] | None = None
        choice = plays[0]
        for p in plays:
            card = CARD_INDEX[p.card]
            if card == JOKER and keep_joker:
                continue
            rest = list(hand)
            rest.remove(card)
            if k.is_true(card, p.announce):
                cost = 0.0
            elif p.announce in held_codes:
                # Shed this card under the name of one kept: nobody else can prove that lie.
                cost = risk["held"] * (k.pile_size + 1)
            elif safe:
                continue  # a lie others may prove, when a play nobody can prove exists
            else:
                cost = risk.get(p.announce, risk["other"]) * (k.pile_size + 1)
            value = self.plan * self.flex(k, rest, p.announce) * self.stake(k, len(rest)) - cost
            value -= 0.02 * self.replies(k, p.announce, pool)
            key = (value, self.rng.random())
            if best is None or key > best:
                best, choice = key, p
        return choice

    def stake(self, k: Knowledge, left: int) -> float:
        """What being able to follow honestly at the next turns is worth, in cards.

        With two cards left the next play decides the round (a true one wins,
        a lie is called by everyone), so it is worth most; with many cards a
        forced lie costs about the pile it will have grown to.
        """
        if left <= 1:
            return 0.0
        if left == 2:
            return 14.0
        return (k.pile_size + k.players) * (1.5 if left <= 4 else 0.6)

    def lie_risk(self, k: Knowledge, pool: set[int]) -> dict[str, float]:
        """P(a lie is called), by kind: named after a card this seat holds, after others by code."""
        askers = [s for s in k.askers[k.seat] if s != k.seat]
        miss = 1.0
        lead = k.follow == "suit" and k.claim is None and self.suit_lead_sheds
        left, pile = len(k.hand) - 1, k.pile_size + 1  # after the play
        for s in askers:
            miss *= 1.0 - (self.lead_call_rate(k, s) if lead else self.call_rate(k, s, left, pile=pile))
        out: dict[str, float] = {"held": 1.0 - miss, "other": 1.0 - miss}
        if k.jokers and k.visible_jokers() < 2:
            # A joker could be the card: nobody can prove a lie, only gamble on it.
            return out
        mine = set(k.mine_in_pile)
        unseen = max(1, len(pool))
        for code in ann_codes(k):
            m = k.matching(code)
            if k.follow == "suit":
                out[code] = 1.0 - miss  # thirteen cards to account for: nobody can prove a suit
                continue
            if k.follow == "rank_step":
                # Provable only by a seat that sees all four: rare, unless we hold or put down the rest.
                ours = sum(1 for x in m if x in mine or x in k.hand)
                out[code] = 1.0 - miss * (0.85 if ours >= 2 else 0.97)
                continue
            x = m[0]
            if x in mine:
                out[code] = 1.0 - miss
                continue
            # Whoever holds the card (or put it in the pile) can prove it; with "next" only the next seat.
            if k.accuse_next:
                nxt = askers[0]
                if x in k.located[nxt]:
                    p_proof = 1.0
                elif any(x in k.located[s] for s in range(k.players)):
                    p_proof = 0.0
                else:
                    p_proof = min(1.0, k.sizes[nxt] / unseen)
            else:
                p_proof = 0.95
            out[code] = 1.0 - miss * (1.0 - p_proof)
        return out

    def flex(self, k: Knowledge, rest: list[int], announce: str) -> float:
        """The chance that ``rest`` can follow honestly what comes round after announcing ``announce``.

        The announcement that comes back is modelled as a chain of ``players - 1``
        followers: under ``rank_or_suit`` a follower keeps the suit four times in
        five; under ``rank_step`` the rank walks one up or down; under ``suit``
        the trick keeps its suit until someone is called, and ``rest`` follows it
        in full only with ``suit_need`` cards of the suit (or all it has left).
        """
        if not rest:
            return 1.0
        if JOKER in rest:
            return 1.0
        steps = max(1, k.players - 1)
        suits = {c & 3 for c in rest}
        ranks = {c >> 2 for c in rest}
        if k.follow == "rank_step":
            dist = [0.0] * 13
            dist[RANK_INDEX[announce]] = 1.0
            for _ in range(steps):
                nxt = [0.0] * 13
                for r, w in enumerate(dist):
                    if w:
                        moves = [x for x in (r - 1, r + 1) if 0 <= x < 13]
                        for x in moves:
                            nxt[x] += w / len(moves)
                dist = nxt
            return sum(w for r, w in enumerate(dist) if (r - 1) in ranks or (r + 1) in ranks)
        suit = CARD_INDEX[announce] & 3
        if k.follow == "suit":
            keep = 0.75 if k.pile_size + 1 < 8 else 0.5
            # Callers of small hands make every play from three or four cards count, not only the
            # two-card one: a trick that lasts needs that many cards of its suit, not one.
            need = min(self.suit_need, len(rest))
            have = sum(1 for c in rest if c & 3 == suit)
            stay = keep * min(1.0, have / need) + (1 - keep) * len(suits) / 4
            if not self.suit_turn:
                return stay
            # Called, the play ends the trick: an honest card's caller takes a pile of this suit and
            # leads another (its least useful), so a hand kept to the trick's suit is then stuck.
            called = self.called_chance(k, len(rest))
            turn = 0.1 * (suit in suits) + 0.3 * (len(suits) - (suit in suits))
            return (1 - called) * stay + called * turn
        same = 0.25 + 0.75 * (1 - 0.2 * 4 / 3) ** steps
        total = 0.0
        for s in range(4):
            w = same if s == suit else (1 - same) / 3
            total += w * (1.0 if s in suits else len(ranks) / 13)
        return total

    def called_chance(self, k: Knowledge, left: int) -> float:
        """P(a play of this seat that leaves ``left`` cards is called), from the askers' records.

        A light prior (``turn_prior`` calls in two asks) so that a table which calls
        every small-hand play shows it within the round.
        """
        lead = k.claim is None
        miss = 1.0
        for s in k.askers[k.seat]:
            if s == k.seat:
                continue
            if lead:
                rate = self.lead_call_rate(k, s, self.turn_prior, 2.0)
            else:
                rate = self.call_rate(k, s, left, self.turn_prior, 2.0, pile=k.pile_size + 1)
            miss *= 1.0 - rate
        return 1.0 - miss

    def replies(self, k: Knowledge, code: str, pool: set[int]) -> int:
        """How many unseen cards would follow ``code`` honestly (fewer: the next player must lie)."""
        return sum(1 for c in pool if c != JOKER and k.honest_code(c, code) is not None)
