"""What one seat of Liegen knows: the trick, its own cards in the pile, located cards, habits.

Kept apart from the bots (:mod:`liars.bots.liegen`) because both levels, the
strong bot's odds and plan and the coach all read the same knowledge, and
because it is the part that must be right incrementally: :class:`Knowledge`
holds (history epoch, entries read) and reads only new history entries, so a
decision costs the same early and late in a round, and a view holding only
the history's tail works as well as a full one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games.cheat_cards import RANKS
from ..games.liegen import CARD_INDEX, CODES, JOKER, RANK_INDEX

LONG_ROUND = 400
"""Accusations in one round past which the strong bot calls only sure lies and last-but-one cards.

A real round has a few dozen.  Hundreds mean the table is trading small piles
back and forth with nobody getting closer to the end (two players with jokers,
each calling the other's plays, can do so for thousands of actions without a
position ever repeating exactly); letting the other's plays pass is what lets
the hands shrink again."""

HEAVY = 3
"""The pile (with the play on it) from which a small hand's play is recorded apart (see
:meth:`liars.bots.liegen_odds.LieOdds.call_rate`): a player who calls small hands often waits for a
pile worth the gamble, so a rate over all piles understates the calls where a lie costs most."""

SHOWN_DEPTH = 8
"""How many plays from a trick's lead a pile's claims are read (see :meth:`Knowledge._shown`): later in a
trick the suit or rank runs out and even honest players must lie."""


class Knowledge:
    """What the views of one seat told so far: the trick, own cards in the pile, located cards, habits.

    :meth:`update` reads only the history entries it has not read yet (it keeps
    ``(epoch, done)``); a new epoch (a new round), a history shorter than what
    was read, or a tail that starts after it (a gap) makes it start again from
    what the view holds.  Per-seat habits (how often each seat lied when turned,
    how often it calls) are kept across rounds: they describe the player.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        n = self.players
        opts = view["options"]
        self.follow: str = opts["follow"]
        self.jokers: bool = opts["jokers"]
        self.accuse_next = opts["accuse"] == "next"
        self.askers = [[(p + k) % n for k in range(1, 2 if self.accuse_next else n)] for p in range(n)]
        # Habits: times turned and lying; times asked and calling on ordinary (not last-but-one) plays,
        # apart for a claimant left with two or three cards and with more.
        self.lies = [0] * n
        self.truths = [0] * n
        # Turned cards of a seat playing from a big hand (so rarely forced to lie), by pile <= 4 or more.
        self.free_lies = [[0, 0] for _ in range(n)]
        self.free_truths = [[0, 0] for _ in range(n)]
        self.asked = [[0, 0] for _ in range(n)]
        self.called = [[0, 0] for _ in range(n)]
        # Leads apart as well (a lead follows nothing, so only a chosen bluff makes it a lie): the
        # plan under ``follow = "suit"`` names a kept suit on a lead while seats seldom call leads.
        self.lead_asked = [0] * n
        self.lead_called = [0] * n
        # Plays that leave four cards apart as well (within the big bucket): some tables call every
        # play from five cards down, others only from three, and the plan sheds from five.
        self.mid_asked = [0] * n
        self.mid_called = [0] * n
        # Plays that leave two or three cards on a pile of HEAVY or more, apart as well: many players
        # call a small hand only when the pile it would take is worth the risk.
        self.heavy_asked = [0] * n
        self.heavy_called = [0] * n
        # Claims a seat made from a big hand (five cards or more left) among a trick's first eight,
        # as the cards of a pile this seat took show them (the taker sees the pile in play order):
        # unlike turned cards, nobody chose these for looking suspicious.
        self.shown_lies = [0] * n
        self.shown_truths = [0] * n
        self.caught = 0  # lies of this seat called while it had two cards or more left (not forced ones)
        self.epoch: Any = None
        self.done = 0
        self._new_round()
        self.hand: list[int] = []
        self.sizes: list[int] = [0] * n
        self.pile_size = 0
        self.claim: str | None = None
        self.claimant = -1
        self.window: list[int] = []
        self.first_trick = False
        self.update(view)

    def _new_round(self) -> None:
        n = self.players
        self.trick: list[tuple[int, str, int | None]] = []  # (seat, announce, own card or None)
        self.trick_left: list[int] = []  # per play of the trick, the cards its player had left (-1: unknown)
        self.calls = 0  # accusations read this round (see LONG_ROUND)
        # Per seat: its lies turned this round since its last card turned true (a new deal clears it).
        # Under ``follow = "suit"`` a seat caught lying over and over is out of the suits that come up.
        self.grudges = [0] * self.players
        # located[s]: cards that seat s certainly holds (turned or given to it, not possibly lost since).
        self.located: list[set[int]] = [set() for _ in range(n)]
        # The last play whose window has not been seen to close: (claimant, cards it has left or -1,
        # whether it led the trick).
        self.pending: tuple[int, int, bool] | None = None
        self.my_claims: set[str] = set()  # what this seat announced this round
        # taken[s][suit]: cards of that suit seat s is thought to have picked up with piles it took
        # (a pile of claims of a suit holds about three of that suit for four claims).
        self.taken: list[list[float]] = [[0.0] * 4 for _ in range(n)]
        self.positions: dict[tuple[Any, ...], int] = {}
        # Public positions (hand sizes, pile, claimant) met this round: a cycle of takes repeats them.
        self.public: dict[tuple[Any, ...], int] = {}

    # -- reading the view ----------------------------------------------------------
    def update(self, view: Mapping[str, Any]) -> None:
        """Read the view's new history entries and its present state."""
        history: Sequence[Mapping[str, Any]] = view["history"]
        total: int = view.get("history_len", len(history))
        offset = total - len(history)
        epoch = view.get("history_epoch", 0)
        if epoch != self.epoch or total < self.done or offset > self.done:
            self.epoch = epoch
            self._new_round()
            self.done = offset
        new = history[self.done - offset :]
        sizes = list(view["hand_sizes"])
        # Hand sizes before the new entries, walking back from now: who was on their last cards.
        before: list[list[int] | None] = [None] * len(new)
        cur: list[int] | None = list(sizes)
        for i in range(len(new) - 1, -1, -1):
            e = new[i]
            if cur is not None:
                if e["type"] == "play":
                    cur[e["seat"]] += 1
                elif e["type"] == "accuse":
                    cur[e["taker"]] -= e["count"]
                else:
                    cur = None
            before[i] = None if cur is None else list(cur)
        for e, size in zip(new, before, strict=True):
            self._event(e, size)
        self.done = total
        self.hand = sorted(CARD_INDEX[c] for c in view["hand"])
        self.sizes = sizes
        self.pile_size = int(view["pile_size"])
        ann = view["announcement"]
        self.claim = ann["card"] if ann else None
        self.claimant = ann["seat"] if ann else -1
        self.window = list(view["window"])
        # No card turned yet this round: every hand is as dealt (a short view's history tail cannot say
        # that, the view's last turned card can).
        self.first_trick = "turned" in view and view["turned"] is None

    def _event(self, e: Mapping[str, Any], size: list[int] | None) -> None:
        kind = e["type"]
        n = self.players
        if kind == "play":
            self._close(None)
            seat = e["seat"]
            card = e.get("card")
            lead = not self.trick
            self.trick.append((seat, e["announce"], CARD_INDEX[card] if card else None))
            self.trick_left.append(-1 if size is None else size[seat] - 1)
            if seat == self.seat:
                self.my_claims.add(e["announce"])
            elif self.follow == "suit":
                x = CARD_INDEX[e["announce"]] & 3
                self.taken[seat][x] = max(0.0, self.taken[seat][x] - 1.0)
            self.pending = (seat, -1 if size is None else size[seat] - 1, lead)
        elif kind == "accuse":
            self.calls += 1
            self._close(e["seat"])
            taker = e["taker"]
            turned = CARD_INDEX[e["card"]]
            players = {s for s, _, _ in self.trick}
            moved = {turned, *(c for _, _, c in self.trick if c is not None)}
            for s in range(n):
                if s != taker and s in players:
                    self.located[s] = set()  # it may have put a card we placed into the pile it lost
                self.located[s] -= moved
            if taker != self.seat:
                self.located[taker] |= moved - {JOKER}
                if self.follow == "suit":
                    for s, code, own in self.trick:
                        if own is None and s != taker:
                            self.taken[taker][CARD_INDEX[code] & 3] += 0.75
            if taker == self.seat:
                self._shown(e.get("cards"))
            accused = e["accused"]
            if e["lie"] and accused == self.seat and size is not None and size[accused] >= 2:
                self.caught += 1
            if e["lie"]:
                self.lies[accused] += 1
                self.grudges[accused] += 1
            else:
                self.truths[accused] += 1
                self.grudges[accused] = 0
            # Under rank_step or suit only two ranks or one suit follow: even a big hand is often stuck.
            free = 5 if self.follow == "rank_or_suit" else 12
            if size is not None and size[accused] >= free:
                bucket = 0 if e["count"] <= 4 else 1
                (self.free_lies if e["lie"] else self.free_truths)[accused][bucket] += 1
            self.trick = []
            self.trick_left = []
        elif kind == "deal":
            self.pending = None
            self.trick = []
            self.trick_left = []
            self.my_claims = set()
            self.grudges = [0] * n
            self.taken = [[0.0] * 4 for _ in range(n)]
            self.located = [set() for _ in range(n)]
        else:  # a win: the round is over
            self.pending = None

    def _shown(self, cards: Sequence[str] | None) -> None:
        """Read the pile this seat took: which of the others' big-hand claims early in the trick were lies.

        Only a whole trick read from its lead can be lined up with the pile
        (a view's tail that starts mid-trick cannot), and the lead is left out:
        it follows nothing, so it is a lie only when a player bluffs a new suit.
        """
        if cards is None or len(cards) != len(self.trick) or not self.trick:
            return
        for i in range(1, min(len(cards), SHOWN_DEPTH)):
            s, code, _ = self.trick[i]
            if s == self.seat or self.trick_left[i] < 5:
                continue
            card = cards[i]
            true = card == CODES[JOKER] or CARD_INDEX[card] in self.matching(code)
            (self.shown_truths if true else self.shown_lies)[s] += 1

    def _close(self, accuser: int | None) -> None:
        """The pending play's window closed: everyone asked before ``accuser`` (or all) passed."""
        if self.pending is None:
            return
        claimant, left, lead = self.pending
        self.pending = None
        if left < 2:
            return  # everyone calls a last-but-one card: it says nothing about a seat's habits
        b = 0 if left <= 3 else 1
        mid = left == 4
        heavy = b == 0 and len(self.trick) >= HEAVY  # the trick is the pile, the pending play on top
        for s in self.askers[claimant]:
            if s == self.seat:
                if s == accuser:
                    break
                continue
            self.asked[s][b] += 1
            self.lead_asked[s] += lead
            self.mid_asked[s] += mid
            self.heavy_asked[s] += heavy
            if s == accuser:
                self.called[s][b] += 1
                self.lead_called[s] += lead
                self.mid_called[s] += mid
                self.heavy_called[s] += heavy
                break

    def beliefs(self) -> dict[str, Any]:
        """Everything the knowledge holds, as plain data (the tests compare incremental and fresh)."""
        return {
            "trick": list(self.trick),
            "located": [sorted(x) for x in self.located],
            "pending": self.pending,
            "lies": list(self.lies),
            "truths": list(self.truths),
            "free_lies": [list(x) for x in self.free_lies],
            "free_truths": [list(x) for x in self.free_truths],
            "my_claims": sorted(self.my_claims),
            "taken": [list(x) for x in self.taken],
            "asked": [list(x) for x in self.asked],
            "called": [list(x) for x in self.called],
            "lead_asked": list(self.lead_asked),
            "lead_called": list(self.lead_called),
            "mid_asked": list(self.mid_asked),
            "mid_called": list(self.mid_called),
            "heavy_asked": list(self.heavy_asked),
            "heavy_called": list(self.heavy_called),
            "shown_lies": list(self.shown_lies),
            "shown_truths": list(self.shown_truths),
            "caught": self.caught,
            "grudges": list(self.grudges),
        }

    # -- the rules, from the bot's side ----------------------------------------
    @property
    def mine_in_pile(self) -> list[int]:
        return [c for _, _, c in self.trick if c is not None]

    @property
    def prev_ann(self) -> str | None:
        """The announcement the top card had to follow (``None``: it opened the trick)."""
        return self.trick[-2][1] if len(self.trick) >= 2 else None

    def ann_index(self, code: str) -> int:
        return RANK_INDEX[code] if self.follow == "rank_step" else CARD_INDEX[code]

    def follows(self, code: str, prev: str | None) -> bool:
        """Whether announcing ``code`` is legal after ``prev`` (``None``: a new trick)."""
        if prev is None:
            return True
        a, b = self.ann_index(code), self.ann_index(prev)
        if self.follow == "rank_step":
            return abs(a - b) == 1
        if self.follow == "suit":
            return a & 3 == b & 3
        return a >> 2 == b >> 2 or a & 3 == b & 3

    def matching(self, code: str) -> list[int]:
        """The ordinary cards that make a claim of ``code`` true (a joker always does)."""
        a = self.ann_index(code)
        if self.follow == "rank_step":
            return [a * 4 + s for s in range(4)]
        if self.follow == "suit":
            return [r * 4 + (a & 3) for r in range(13)]
        return [a]

    def honest_code(self, card: int, prev: str | None) -> str | None:
        """The true announcement of ``card`` if it is legal now (jokers: any announcement)."""
        code = RANKS[card >> 2] if self.follow == "rank_step" else CODES[card]
        return code if self.follows(code, prev) else None

    def is_true(self, card: int, code: str) -> bool:
        return card == JOKER or card in self.matching(code)

    def visible_jokers(self) -> int:
        return self.hand.count(JOKER) + self.mine_in_pile.count(JOKER)

    def possible(self, claim: str, claimant: int) -> bool:
        """False when the claim is a sure lie from what this seat knows."""
        if self.jokers and self.visible_jokers() < 2:
            return True
        seen = set(self.hand) | set(self.mine_in_pile)
        for s in range(self.players):
            if s != claimant:
                seen |= self.located[s]
        return any(c not in seen for c in self.matching(claim))

    def unknown_pool(self, claimant: int) -> list[int]:
        """Cards this seat cannot place (every seat's located cards left out)."""
        deck = list(range(52)) + ([JOKER, JOKER] if self.jokers else [])
        for c in self.hand + self.mine_in_pile:
            deck.remove(c)
        gone = set().union(*self.located)
        return [c for c in deck if c not in gone]


def win_chances(sizes: Sequence[int], power: float = 2.0) -> list[float]:
    """A rough chance per seat of winning the round from the hand sizes (fewer cards, better).

    A power law rather than an exponential: with an exponential a player far
    behind sees every gamble as worth it and calls claims it should believe.
    """
    w = [(s + 0.5) ** -power * (6.0 if s == 1 else 1.0) for s in sizes]
    t = sum(w)
    return [x / t for x in w]


def ann_codes(k: Knowledge) -> Sequence[str]:
    """Every announcement code of the variant (ranks alone under ``rank_step``)."""
    return RANKS if k.follow == "rank_step" else CODES[:52]
