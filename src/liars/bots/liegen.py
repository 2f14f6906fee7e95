"""Bots for Liegen: ``basic`` (rules of thumb) and ``strong`` (card counting and lie odds).

Both read only the view.  What makes this game: a player whose card leaves
them one card and survives the window wins at their next turn (the last card
cannot be accused), so that play must always be accused; an honest card can
never be punished, so play honestly whenever a card follows; a claim is a
sure lie when the claimed card is in your hand, in the pile from your own
hand, or was turned and taken by someone else who has not played since.

``basic`` does just that and otherwise trusts, accusing only now and then.
``strong`` also estimates how likely each claim is a lie by sampling the
claimant's hand from the cards it cannot see (weighted by how likely that
hand was to make this very claim: honest players claim a card they hold,
liars only when nothing follows), prices an accusation by what the pile would
do to the hand sizes, and when it must lie picks the card and announcement
that are hardest to disprove and that leave the next player the fewest
honest replies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.liegen import CARD_INDEX, CODES, JOKER, RANK_INDEX, Accuse, Pass, Play
from . import register

GAME = "liegen"


class Knowledge:
    """What a view tells about the round: the trick, own cards in the pile, located cards, lie counts."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat: int = view["seat"]
        n = self.players = view["players"]
        opts = view["options"]
        self.follow: str = opts["follow"]
        self.jokers: bool = opts["jokers"]
        self.accuse_next = opts["accuse"] == "next"
        self.hand = [CARD_INDEX[c] for c in view["hand"]]
        self.sizes: list[int] = list(view["hand_sizes"])
        self.pile_size: int = view["pile_size"]
        ann = view["announcement"]
        self.claim: str | None = ann["card"] if ann else None
        self.claimant: int = ann["seat"] if ann else -1
        self.window: list[int] = list(view["window"])
        # located[s]: cards that seat s certainly holds (turned or given to it, not played since).
        self.located: list[set[int]] = [set() for _ in range(n)]
        self.lies = [0] * n
        self.truths = [0] * n
        self.trick: list[tuple[int, str, int | None]] = []  # (seat, announce, own card or None)
        for e in view["history"]:
            kind = e["type"]
            if kind == "play":
                card = e.get("card")
                self.trick.append((e["seat"], e["announce"], CARD_INDEX[card] if card else None))
                if e["seat"] != self.seat:
                    self.located[e["seat"]] = set()  # the played card may have been any of them
            elif kind == "accuse":
                moved = {CARD_INDEX[e["card"]], *(c for _, _, c in self.trick if c is not None)}
                for s in range(n):
                    self.located[s] -= moved
                if e["taker"] != self.seat:
                    self.located[e["taker"]] |= moved - {JOKER}
                if e["lie"]:
                    self.lies[e["accused"]] += 1
                else:
                    self.truths[e["accused"]] += 1
                self.trick = []
            elif kind == "deal":
                self.trick = []
                self.located = [set() for _ in range(n)]
        self.mine_in_pile = [c for _, _, c in self.trick if c is not None]
        self.prev_ann: str | None = self.trick[-2][1] if len(self.trick) >= 2 else None

    # -- the rules, from the bot's side ----------------------------------------
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
        """The true announcement of ``card`` if it is legal now (jokers: see ``joker_codes``)."""
        code = RANKS[card >> 2] if self.follow == "rank_step" else CODES[card]
        return code if self.follows(code, prev) else None

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
        """Cards this seat cannot place, the claimant's located ones excluded."""
        deck = list(range(52)) + ([JOKER, JOKER] if self.jokers else [])
        for c in self.hand + self.mine_in_pile:
            deck.remove(c)
        gone = set().union(*self.located)
        return [c for c in deck if c not in gone]


RANKS = "A23456789TJQK"


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

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        k = Knowledge(view)
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


class StrongBot(BasicBot):
    """Lie odds from sampled hands, accusations priced by hand sizes, careful lies (see the module doc)."""

    def __init__(
        self,
        game_id: str = GAME,
        seed: int | None = None,
        samples: int = 200,
        bluff: float = 0.06,
        budget: float | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(game_id, seed, **kw)
        self.samples = samples
        self.bluff = bluff
        self.budget = budget  # accepted for the common bot interface; decisions take a few ms

    # -- accusing ------------------------------------------------------------------
    def window(self, k: Knowledge) -> Accuse | Pass:
        c = k.claimant
        if not k.possible(k.claim or "", c) or k.sizes[c] == 1:
            return Accuse()
        p = self.lie_chance(k)
        me = k.seat
        now = win_chances(k.sizes)
        lie = list(k.sizes)
        lie[c] += k.pile_size
        true = list(k.sizes)
        true[me] += k.pile_size
        ev = p * win_chances(lie)[me] + (1 - p) * win_chances(true)[me]
        # Later askers may catch a lie this seat lets pass: passing is worth a little more then.
        later = len(k.window) - 1
        if later > 0 and p > 0.5:
            ev_pass = now[me] + (1 - 0.6**later) * p * (win_chances(lie)[me] - now[me])
        else:
            ev_pass = now[me]
        return Accuse() if ev > ev_pass else Pass()

    def lie_chance(self, k: Knowledge) -> float:
        """P(the top card is a lie), by sampling the claimant's hand before the play.

        Each sampled hand is weighted by the chance it makes this claim: an
        honest player picks one of its cards that follow and announces it; a
        liar (always when nothing follows, else with a bluff rate raised by
        the lies this claimant was caught in) announces any legal code.
        """
        claim = k.claim or ""
        c = k.claimant
        pool = k.unknown_pool(c)
        fixed = list(k.located[c])
        need = k.sizes[c] + 1 - len(fixed)
        if need < 0 or need > len(pool):
            return 0.5
        prev = k.prev_ann
        legal_count = max(1, sum(1 for code in _ann_codes(k) if k.follows(code, prev)))
        caught = (k.lies[c] + 0.5) / (k.lies[c] + k.truths[c] + 3.0)
        eps = min(0.9, self.bluff + 0.5 * caught)
        w_true = w_lie = 0.0
        rng = self.rng
        for _ in range(self.samples):
            held = fixed + rng.sample(pool, need)
            options: set[int] = set()
            n_match = 0
            jokers = 0
            for card in held:
                if card == JOKER:
                    jokers = 1
                else:
                    code = k.honest_code(card, prev)
                    if code is not None and card not in options:
                        options.add(card)
                        n_match += code == claim
            n_opt = len(options) + jokers
            if n_opt:
                w_true += (1 - eps) * (n_match + jokers / legal_count) / n_opt
                w_lie += eps / legal_count
            else:
                w_lie += 1.0 / legal_count
        total = w_true + w_lie
        return w_lie / total if total > 0 else 0.5

    # -- playing --------------------------------------------------------------------
    def play(self, k: Knowledge, plays: list[Play]) -> Play:
        prev = k.claim
        if len(k.hand) == 1:
            return plays[0]
        honest = [p for p in plays if p.card != "X" and p.announce == k.honest_code(CARD_INDEX[p.card], prev)]
        pool = set(k.unknown_pool(-1))
        if honest:
            return min(honest, key=lambda p: (self.replies(k, p.announce, pool), self.rng.random()))
        jokers = [p for p in plays if p.card == "X"]
        cheap_lie = len(k.hand) > 3 and k.pile_size <= 2 and any(p.card != "X" for p in plays)
        if jokers and not cheap_lie:  # a joker is never caught: keep it for when a lie would cost
            return min(jokers, key=lambda p: (self.replies(k, p.announce, pool), self.rng.random()))
        plays = [p for p in plays if p.card != "X"] or plays
        # A lie: the announcement nobody can disprove, then the card least useful to keep.
        safe = [p for p in plays if k.possible(p.announce, k.seat)] or plays
        keep = {c: self.usefulness(k, c, pool) for c in set(k.hand)}
        return min(
            safe,
            key=lambda p: (
                -self.cover(k, p.announce, pool),
                keep[CARD_INDEX[p.card]],
                self.replies(k, p.announce, pool),
                self.rng.random(),
            ),
        )

    def replies(self, k: Knowledge, code: str, pool: set[int]) -> int:
        """How many unseen cards would follow ``code`` honestly (fewer: the next player must lie)."""
        return sum(1 for c in pool if c != JOKER and k.honest_code(c, code) is not None)

    def cover(self, k: Knowledge, code: str, pool: set[int]) -> int:
        """How many unseen cards would make a claim of ``code`` true (more: harder to call)."""
        return sum(1 for c in k.matching(code) if c in pool)

    def usefulness(self, k: Knowledge, card: int, pool: set[int]) -> int:
        """How many announcements a card could honestly answer later (its rank and suit mates unseen)."""
        return sum(1 for c in pool if c != JOKER and (c >> 2 == card >> 2 or c & 3 == card & 3))


def _ann_codes(k: Knowledge) -> Sequence[str]:
    return RANKS if k.follow == "rank_step" else CODES[:52]


register(GAME, "strong")(StrongBot)
