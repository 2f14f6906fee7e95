"""Bots for Liegen: ``basic`` (rules of thumb) and ``strong`` (card counting, lie odds, hand planning).

Both read only the view.  What makes this game: a player whose card leaves
them one card and survives the window wins at their next turn (the last card
cannot be accused), so that play must always be accused -- and so a player
on two cards wins for sure if the card it plays then is honest; an honest
card can never be punished; a claim is a sure lie when the claimed card is in
your hand, in the pile from your own hand, or was turned and taken by someone
else who has not lost it since.

``basic`` does just that and otherwise trusts, accusing only now and then.

``strong`` (see :class:`StrongBot`) plans its hand for those last turns (it
keeps cards that can follow whatever comes round, and a joker for the
two-card play), sheds a useless card under the name of one it keeps when that
is safer than spending the good card (nobody else can disprove a card still in
its hand), names a card it put in the pile itself when it must lie, prices
every accusation by what the pile would do to everyone's chances, and always
calls a last-but-one card unless its own last card goes down first (if that
card is true the round is lost whoever calls it, so there is nothing to save
by leaving the call to someone else).

Knowledge is kept incrementally: :class:`Knowledge` holds (history epoch,
entries read) and reads only new history entries, so a decision costs the
same early and late in a round, and a view holding only the history's tail
works as well as a full one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.cheat_cards import RANKS
from ..games.liegen import CARD_INDEX, CODES, JOKER, RANK_INDEX, Accuse, Pass, Play
from . import register

GAME = "liegen"


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
        self.update(view)

    def _new_round(self) -> None:
        n = self.players
        self.trick: list[tuple[int, str, int | None]] = []  # (seat, announce, own card or None)
        # located[s]: cards that seat s certainly holds (turned or given to it, not possibly lost since).
        self.located: list[set[int]] = [set() for _ in range(n)]
        # The last play whose window has not been seen to close: (claimant, cards it has left or -1).
        self.pending: tuple[int, int] | None = None
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

    def _event(self, e: Mapping[str, Any], size: list[int] | None) -> None:
        kind = e["type"]
        n = self.players
        if kind == "play":
            self._close(None)
            seat = e["seat"]
            card = e.get("card")
            self.trick.append((seat, e["announce"], CARD_INDEX[card] if card else None))
            if seat == self.seat:
                self.my_claims.add(e["announce"])
            elif self.follow == "suit":
                x = CARD_INDEX[e["announce"]] & 3
                self.taken[seat][x] = max(0.0, self.taken[seat][x] - 1.0)
            self.pending = (seat, -1 if size is None else size[seat] - 1)
        elif kind == "accuse":
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
            accused = e["accused"]
            if e["lie"] and accused == self.seat and size is not None and size[accused] >= 2:
                self.caught += 1
            if e["lie"]:
                self.lies[accused] += 1
            else:
                self.truths[accused] += 1
            # Under rank_step or suit only two ranks or one suit follow: even a big hand is often stuck.
            free = 5 if self.follow == "rank_or_suit" else 12
            if size is not None and size[accused] >= free:
                bucket = 0 if e["count"] <= 4 else 1
                (self.free_lies if e["lie"] else self.free_truths)[accused][bucket] += 1
            self.trick = []
        elif kind == "deal":
            self.pending = None
            self.trick = []
            self.my_claims = set()
            self.taken = [[0.0] * 4 for _ in range(n)]
            self.located = [set() for _ in range(n)]
        else:  # a win: the round is over
            self.pending = None

    def _close(self, accuser: int | None) -> None:
        """The pending play's window closed: everyone asked before ``accuser`` (or all) passed."""
        if self.pending is None:
            return
        claimant, left = self.pending
        self.pending = None
        if left < 2:
            return  # everyone calls a last-but-one card: it says nothing about a seat's habits
        b = 0 if left <= 3 else 1
        for s in self.askers[claimant]:
            if s == self.seat:
                if s == accuser:
                    break
                continue
            self.asked[s][b] += 1
            if s == accuser:
                self.called[s][b] += 1
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
            "caught": self.caught,
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


def _pick(legal: Sequence[Any], wanted: Any) -> Any:
    for a in legal:
        if a == wanted:
            return a
    return legal[0]


def _plays(legal: Sequence[Any]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


class BasicBot:
    """Honest when a card follows, else a plausible lie; accuses sure lies and last-but-one cards."""

    def __init__(
        self, game_id: str = GAME, seed: int | None = None, accuse_rate: float = 0.08, **_: Any
    ) -> None:
        self.rng = random.Random(seed)
        self.accuse_rate = accuse_rate
        self.knowledge: Knowledge | None = None

    def know(self, view: Mapping[str, Any]) -> Knowledge:
        """The seat's knowledge, brought up to date with the view's new entries only."""
        k = self.knowledge
        if k is None or k.seat != view["seat"]:
            k = self.knowledge = Knowledge(view)
        else:
            k.update(view)
        return k

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        k = self.know(view)
        if any(isinstance(a, Accuse) for a in legal_actions):
            return _pick(legal_actions, self.window(k))
        return self.play(k, _plays(legal_actions))

    def window(self, k: Knowledge) -> Accuse | Pass:
        if not k.possible(k.claim or "", k.claimant) or k.sizes[k.claimant] == 1:
            return Accuse()
        cheap = k.pile_size <= 3
        return (
            Accuse() if self.rng.random() < (self.accuse_rate if cheap else self.accuse_rate / 3) else Pass()
        )

    def play(self, k: Knowledge, plays: list[Play]) -> Play:
        prev = k.claim
        honest = [p for p in plays if p.card != "X" and p.announce == k.honest_code(CARD_INDEX[p.card], prev)]
        if len(k.hand) == 1:
            return self.rng.choice(plays)  # the last card cannot be accused
        if honest:
            return self.rng.choice(honest)
        jokers = [p for p in plays if p.card == "X"]
        if jokers:
            return self.rng.choice(jokers)
        plausible = [p for p in plays if k.possible(p.announce, k.seat)]
        return self.rng.choice(plausible or plays)


register(GAME, "basic")(BasicBot)


def win_chances(sizes: Sequence[int], power: float = 2.0) -> list[float]:
    """A rough chance per seat of winning the round from the hand sizes (fewer cards, better).

    A power law rather than an exponential: with an exponential a player far
    behind sees every gamble as worth it and calls claims it should believe.
    """
    w = [(s + 0.5) ** -power * (6.0 if s == 1 else 1.0) for s in sizes]
    t = sum(w)
    return [x / t for x in w]


def _ann_codes(k: Knowledge) -> Sequence[str]:
    return RANKS if k.follow == "rank_step" else CODES[:52]


class StrongBot(BasicBot):
    """Lie odds from sampled hands, accusations priced by hand sizes, hands planned for the last turns.

    Options (all fixed work, so a seed gives the same play on any machine):
    ``samples`` (200): sampled hands per lie estimate; ``bluff`` (0.02): the
    prior rate at which a player lies when it could be honest; ``forced``
    (0.35): how much a sampled hand that cannot follow counts as a lie (the
    plain hypergeometric odds overstate it: players keep cards that follow);
    ``plan`` (1.0): how much keeping a flexible hand weighs against the cards
    a lie risks; ``min_odds`` (0.45): the least lie odds for a call that is not
    sure (a last-but-one card is always called); under ``follow = "suit"``:
    ``suit_trust`` (0.75: how often an earlier claim of the trick used a card
    of the suit), ``suit_bar`` (1.01: the lie odds a call needs besides
    paying; above 1, only sure lies and last-but-one cards are called),
    ``suit_sheds`` (True: shed under a kept card's name there too, which keeps
    the trick's suit for the two-card play), but only while the odds of being
    called stay at most ``suit_shed_risk`` (0.15) and fewer than
    ``suit_caught`` (2) of its own unforced lies were caught (tuning seed 301,
    100 games: against Honest 35% -> 50%, Bluffer 34% -> 58%, Suspicious 36% ->
    50%, but against three Trackers 33% -> 15%); ``joker_pile`` (2): a joker
    is kept for the two-card play while an honest card exists or the pile is
    at most this; under ``follow = "rank_step"``: ``step_sheds`` (False: no
    shedding under a kept card's name there, since nobody can prove a rank
    lie and callers gamble on hand sizes instead: with sheds strong told such
    lies at five to seven cards and three Trackers called 32 of 45) and
    ``step_bar`` (0.8: the lie odds a call needs besides paying; the odds come
    true less often than they say, and every call of a small pile hands the
    caller or the liar the lead; tuning seeds 8-10, 16 games a cell: against
    three Trackers 0-19% -> 38-56%, Suspicious 25% -> 50-56%); ``budget``:
    accepted for the shared interface (a decision takes a few ms whatever it
    says).
    """

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        samples: int = 200,
        bluff: float = 0.02,
        forced: float = 0.35,
        min_odds: float = 0.45,
        suit_trust: float = 0.75,
        suit_bar: float = 1.01,
        suit_sheds: bool = True,
        plan: float = 1.0,
        joker_pile: int = 2,
        suit_shed_risk: float = 0.15,
        suit_caught: int = 2,
        step_sheds: bool = False,
        step_bar: float = 0.8,
        budget: float | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(game_id, seed, **kw)
        self.samples = samples
        self.bluff = bluff
        self.forced = forced
        self.min_odds = min_odds
        self.suit_trust = suit_trust
        self.suit_bar = suit_bar
        self.suit_sheds = suit_sheds
        self.plan = plan
        self.joker_pile = joker_pile
        self.suit_shed_risk = suit_shed_risk
        self.suit_caught = suit_caught
        self.step_sheds = step_sheds
        self.step_bar = step_bar
        self.budget = budget

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        k = self.know(view)
        # A position met again this round: vary the answer so that no cycle of play can last.
        key = (tuple(k.hand), tuple(k.sizes), k.pile_size, k.claim, k.claimant, tuple(k.window))
        seen = k.positions[key] = k.positions.get(key, 0) + 1
        public = (tuple(k.sizes), k.pile_size, k.claimant)
        again = k.public[public] = k.public.get(public, 0) + 1
        if any(isinstance(a, Accuse) for a in legal_actions):
            choice: Any = self.window(k)
            if seen > 2 and self.rng.random() < 0.5:
                choice = Pass() if isinstance(choice, Accuse) else Accuse()
            elif (
                again > 2
                and isinstance(choice, Accuse)
                and k.sizes[k.claimant] > 1
                and self.rng.random() < 0.5
            ):
                # The same hand sizes and pile again: the table is trading small piles round and
                # round (each taker leads, the next player must lie, is called, takes the pile...),
                # and our own hand need not change for it.  Letting a call go lets the pile grow
                # and the small hands play out, which is what ends such a cycle.
                choice = Pass()
            return _pick(legal_actions, choice)
        plays = _plays(legal_actions)
        if seen > 2 and self.rng.random() < 0.5:
            return self.rng.choice(plays)
        return self.play(k, plays)

    # -- accusing ------------------------------------------------------------------
    def window(self, k: Knowledge) -> Accuse | Pass:
        c = k.claimant
        me = k.seat
        if not k.possible(k.claim or "", c):
            return Accuse()
        if k.sizes[c] == 1:
            return self.last_but_one(k)
        if k.sizes[me] == 1:
            return Pass()  # my last card goes down before the claimant's next turn: risk nothing
        p = self.lie_chance(k)
        if k.follow == "suit":
            # Measured against the gauntlet the suit estimate is overconfident (0.75 came true
            # about 0.4 of the time): square it, which matches those odds.
            p *= p
        now = win_chances(k.sizes)
        lie = list(k.sizes)
        lie[c] += k.pile_size
        true = list(k.sizes)
        true[me] += k.pile_size
        ev = p * win_chances(lie)[me] + (1 - p) * win_chances(true)[me]
        # Later askers may catch a lie this seat lets pass (or take a truth's pile): passing gains that.
        rest = k.window[1:]
        miss = 1.0
        for s in rest:
            miss *= 1.0 - self.call_rate(k, s, k.sizes[c])
        ev_pass = now[me] + (1 - miss) * p * (win_chances(lie)[me] - now[me])
        if p < self.min_odds:
            # A call that is likelier wrong than right loses cards on average; only hand-size odds
            # could justify it, and far behind they say every gamble is free -- a seat that keeps
            # calling then keeps taking piles and the round never ends.
            return Pass()
        if k.follow == "suit" and p < self.suit_bar:
            # A call there ends a long trick: right, it hands one player the pile; wrong, it hands
            # it to us while every other seat gains.  Measured against the gauntlet, even calls at
            # odds of 0.85 lost more than they won, so by default only sure lies are called.
            return Pass()
        if k.follow == "rank_step" and p < self.step_bar:
            # Nobody can prove a rank: the estimate overstates lies (players keep cards that step),
            # and a right call of a small pile only hands the liar a few cards and the lead.
            return Pass()
        return Accuse() if ev > ev_pass else Pass()

    def last_but_one(self, k: Knowledge) -> Accuse | Pass:
        """A card that leaves one wins at its player's next turn unless it is turned: call it.

        If it is true the round is lost whoever called it, so there is nothing
        to save by leaving the call to a later asker.  The exception: with one
        card of our own we play it before the claimant comes round again, and a
        wrong call would take that win away.
        """
        return Pass() if k.sizes[k.seat] == 1 else Accuse()

    def call_rate(self, k: Knowledge, s: int, left: int) -> float:
        """How often seat ``s`` calls a play that leaves ``left`` cards (prior 1 in 20, then its record)."""
        b = 0 if left <= 3 else 1
        return (k.called[s][b] + 0.5) / (k.asked[s][b] + 10.0)

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
        legal_count = max(1, sum(1 for code in _ann_codes(k) if k.follows(code, prev)))
        trust = 1.0 - beta
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
            options: set[int] = set()
            n_match = 0
            jokers = 0
            for card in held:
                if card == JOKER:
                    jokers = 1
                elif card not in options and k.honest_code(card, prev) is not None:
                    options.add(card)
                    n_match += k.honest_code(card, prev) == claim
            n_opt = len(options) + jokers
            if n_opt:
                p_h = (n_match + jokers / legal_count) / n_opt
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

    # -- playing --------------------------------------------------------------------
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
        if k.follow == "suit" and (
            not self.suit_sheds or risk["held"] > self.suit_shed_risk or k.caught >= self.suit_caught
        ):
            # Shedding keeps the trick's suit for the two-card play, against players who seldom
            # call; a card counter calls those sheds (measured: 3% against three Trackers).
            held_codes = set()
        if k.follow == "rank_step" and not self.step_sheds:
            held_codes = set()  # only hand sizes tell a rank lie: callers call small hands, sheds or not
        # A joker is a sure honest card for the two-card play: keep it while a lie is cheap or needless.
        keep_joker = len(hand) > 2 and (bool(honest) or k.pile_size <= self.joker_pile)
        safe = bool(honest) or (bool(jokers) and not keep_joker)
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
        for s in askers:
            miss *= 1.0 - self.call_rate(k, s, len(k.hand) - 1)
        out: dict[str, float] = {"held": 1.0 - miss, "other": 1.0 - miss}
        if k.jokers and k.visible_jokers() < 2:
            # A joker could be the card: nobody can prove a lie, only gamble on it.
            return out
        mine = set(k.mine_in_pile)
        unseen = max(1, len(pool))
        for code in _ann_codes(k):
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
        the trick keeps its suit until someone is called.
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
            return keep * (suit in suits) + (1 - keep) * len(suits) / 4
        same = 0.25 + 0.75 * (1 - 0.2 * 4 / 3) ** steps
        total = 0.0
        for s in range(4):
            w = same if s == suit else (1 - same) / 3
            total += w * (1.0 if s in suits else len(ranks) / 13)
        return total

    def replies(self, k: Knowledge, code: str, pool: set[int]) -> int:
        """How many unseen cards would follow ``code`` honestly (fewer: the next player must lie)."""
        return sum(1 for c in pool if c != JOKER and k.honest_code(c, code) is not None)


register(GAME, "strong")(StrongBot)
