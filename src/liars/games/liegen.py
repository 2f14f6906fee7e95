"""Liegen (Dutch cheat): rules of ``docs/rules/liegen.md``.

One card a turn, face down, announced as a card that follows the previous
announcement (same rank or same suit by default).  Any other player may
accuse ("Je liegt!") before the next card; only the last card is turned and
the loser of the accusation takes the pile and opens a new trick.  Playing
your last card wins the round at once; ``target_wins`` rounds win the match.

Cards are small ints internally (``rank * 4 + suit``, the joker is 52) because
the hot path compares and indexes them millions of times; views and actions
speak the card codes of ``cheat`` (``"TH"``, ``"KS"``) and ``"X"`` for a joker.

Integer actions: ``0`` = accuse, ``1`` = pass, ``2 + card * A + announce``
where ``A`` is the number of announcements (52 cards, or 13 ranks under
``follow = "rank_step"``).  The space is fixed per configuration, so search and
RL can index it directly.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import (
    JSON,
    BareAction,
    Game,
    GameConfigError,
    GameInfo,
    IllegalAction,
    Option,
    ReadOnly,
    State,
    View,
    check_int,
    check_keys,
    illegal_id,
    register,
    save_error,
    saved_int,
    saved_list,
    saved_str,
    setup_error,
)
from ..rng import Chance
from .cheat_cards import RANKS, SUITS

JOKER = 52
CODES: tuple[str, ...] = (*(r + s for r in RANKS for s in SUITS), "X")
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
ACCUSE_ID = 0
PASS_ID = 1

INFO = GameInfo(
    id="liegen",
    names={"en": "Liegen (Dutch cheat)", "nb": "Liegen (nederlandsk juks)", "nl": "Liegen"},
    min_players=2,
    max_players=8,
    default_players=4,
    options=(
        Option(
            "first_dealer", "int", 0, "seat of the first dealer (the oldest player)", min=0, max=7, seat=True
        ),
        Option("jokers", "bool", False, "two jokers in the deck; an accused joker is always true"),
        Option(
            "follow",
            "choice",
            "rank_or_suit",
            "what an announcement must follow: the previous rank or suit, a rank one up or down, the suit",
            choices=("rank_or_suit", "rank_step", "suit"),
        ),
        Option(
            "accuse",
            "choice",
            "anyone",
            "who may accuse: any other player, or the next player only",
            choices=("anyone", "next"),
        ),
        Option("target_wins", "int", 1, "rounds a player must win to win the match", min=1, max=99),
    ),
    utility=(0.0, 1.0),
    ranks=False,
    summary="One card a turn, announced as following rank or suit; accuse a liar before the next card.",
)


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``card`` face down and announce ``announce`` (a card code, or a rank code under rank_step)."""

    card: str
    announce: str

    def to_json(self) -> JSON:
        return {"type": "play", "card": self.card, "announce": self.announce}

    def __str__(self) -> str:
        return f"{self.card} as {self.announce}"


@dataclass(frozen=True, slots=True)
class Accuse(BareAction):
    """ "Je liegt!": turn over the last card played."""

    TYPE = "accuse"


@dataclass(frozen=True, slots=True)
class Pass(BareAction):
    """Let the last card stand (as far as this seat is concerned)."""

    TYPE = "pass"


LiegenAction = Play | Accuse | Pass
ACCUSE = Accuse()
PASS = Pass()
_WINDOW_IDS = (ACCUSE_ID, PASS_ID)


def parse(text: str) -> LiegenAction:
    """The inverse of ``str(action)``: ``"KS as 3S"``, ``"KS as 3"``, ``"accuse"``, ``"pass"``."""
    t = text.strip()
    if t.lower() == "accuse":
        return ACCUSE
    if t.lower() == "pass":
        return PASS
    card, sep, announce = t.partition(" as ")
    if sep and card.strip() and announce.strip():
        return Play(card.strip().upper(), announce.strip().upper())
    raise IllegalAction(
        f"not an action: {text!r} (forms: 'KS as 3S', 'accuse', 'pass')",
        code="not_an_action",
        params={"text": text},
    )


class _Tables:
    """Per (jokers, rank_step): announcement codes, follow rules and cached action objects.

    Built once per module and shared by every game of that kind, so making a
    game is cheap and ``legal_actions`` hands out the same objects every time.
    """

    def __init__(self, jokers: bool, follow: str) -> None:
        self.rank_step = follow == "rank_step"
        self.ann_codes: tuple[str, ...] = tuple(RANKS) if self.rank_step else CODES[:52]
        self.ann_index = {c: i for i, c in enumerate(self.ann_codes)}
        na = self.na = len(self.ann_codes)
        self.ncards = 53 if jokers else 52
        self.plays = [[Play(CODES[c], a) for a in self.ann_codes] for c in range(self.ncards)]
        if follow == "rank_or_suit":
            after = [tuple(b for b in range(na) if b >> 2 == a >> 2 or b & 3 == a & 3) for a in range(na)]
        elif follow == "suit":
            after = [tuple(b for b in range(na) if b & 3 == a & 3) for a in range(na)]
        else:
            after = [tuple(b for b in range(na) if abs(b - a) == 1) for a in range(na)]
        # Index ``prev + 1``: prev = -1 is the start of a trick, where anything may be announced.
        self.follow: list[tuple[int, ...]] = [tuple(range(na)), *after]
        self.follows: list[list[bool]] = [[b in f for b in range(na)] for f in self.follow]
        # The same as bytes, one block of ``na`` per card in ``legal_mask``.
        self.blocks: list[bytes] = [bytes(f) for f in self.follows]


_TABLES: dict[tuple[bool, str], _Tables] = {}


def _tables(jokers: bool, follow: str) -> _Tables:
    key = (jokers, follow)
    if key not in _TABLES:
        _TABLES[key] = _Tables(jokers, follow)
    return _TABLES[key]


class LiegenView(View):
    """Anyone's view of Liegen, a seat's or a spectator's (``docs/protocol.md``, liegen)."""

    hand: ReadOnly[list[str] | None]  # ``None`` only in a spectator's view
    hand_sizes: list[int]
    pile_size: int
    announcement: dict[str, Any] | None
    dealer: int
    round: int
    round_wins: list[int]
    window: list[int]
    turned: dict[str, Any] | None


class LiegenSeatView(LiegenView):
    """A seat's own view of Liegen: what only a seat has is there (never ``None``)."""

    seat: ReadOnly[int]
    hand: ReadOnly[list[str]]


class LiegenState(State[LiegenSeatView, LiegenView]):
    """A match of Liegen in progress.

    ``ann`` is the current announcement's index (-1 at the start of a trick),
    ``ann_seat`` who made it (the one who played the top card), ``asking``
    the position in ``game.askers[ann_seat]`` of the seat being asked to
    accuse or pass (-1 when no accusation window is open).

    ``log`` holds this round's events as one compact string (``;``-terminated
    tokens, see :func:`_event_json`) rather than a list of objects: saving,
    comparing and cloning a long round then cost one string, which is what
    keeps ``to_json`` and search clones cheap.  The view's ``history`` and
    ``turned`` are decoded from it.
    """

    _FIELDS = (
        "hands",
        "pile",
        "dealer",
        "round",
        "round_wins",
        "ann",
        "ann_seat",
        "asking",
        "log",
    )
    # Not saved: what the views have read of ``log`` so far (see _scan).
    __slots__ = (*_FIELDS, "_scanned")

    hands: list[list[int]]
    pile: list[int]
    dealer: int
    round: int
    round_wins: list[int]
    ann: int
    ann_seat: int
    asking: int
    log: str
    _scanned: tuple[int, int, int, int]
    game: LiegenGame

    # -- set-up -----------------------------------------------------------
    @classmethod
    def deal(cls, game: Game, rng: Chance) -> LiegenState:
        s: LiegenState = cls._blank(game, rng)
        n = game.players
        s.round = 1
        s.round_wins = [0] * n
        s.log = ""
        s._new_round(game.options["first_dealer"])
        return s

    @classmethod
    def from_setup(cls, game: Game, rng: Chance, setup: Mapping[str, Any]) -> LiegenState:
        g = _liegen(game)
        try:
            check_keys(setup, ("hands",), ("dealer", "pile", "round_wins"))
        except IllegalAction as exc:
            raise setup_error(f"{exc}") from None
        n = g.players
        hands_in = setup["hands"]
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise setup_error(f"hands must be a list of {n} lists of card codes")
        hands = [_cards(h, "a hand", g.tables.ncards) for h in hands_in]
        if not all(hands):
            raise setup_error("every hand holds at least one card")
        dealer = setup.get("dealer", g.options["first_dealer"])
        check_int(dealer, "setup: dealer", 0, n - 1, GameConfigError)
        wins = setup.get("round_wins", [0] * n)
        if not isinstance(wins, list) or len(wins) != n:
            raise setup_error(f"round_wins must be a list of {n} whole numbers")
        for w in wins:
            check_int(w, "setup: round_wins", 0, g.target_wins - 1, GameConfigError)
        plays = _setup_pile(g, setup.get("pile", []))
        deck = sorted([c for h in hands for c in h] + [c for _, c, _ in plays])
        if deck != list(g.deck):
            raise setup_error(
                f"hands and pile must hold every card of the {len(g.deck)}-card deck exactly once"
            )
        s: LiegenState = cls._blank(g, rng)
        s.round = 1 + sum(wins)
        s.round_wins = list(wins)
        s.dealer = dealer
        s.hands = [sorted(h) for h in hands]
        s.pile = [c for _, c, _ in plays]
        s.ann = s.ann_seat = s.asking = -1
        s.log = f"D{s.round},{dealer};"
        for seat, card, ann in plays:
            s.log += f"P{seat},{card},{ann};"
            s.ann, s.ann_seat = ann, seat
        # Every listed play stood (its window closed): the seat after the last one plays next.
        s.to_act = g.next1[s.ann_seat if plays else dealer]
        return s

    def _new_round(self, dealer: int) -> None:
        """Shuffle the whole deck and deal it one card at a time from the dealer's left."""
        g = self.game
        n = g.players
        deck = list(g.deck)
        self.rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(dealer + 1 + k) % n] = sorted(deck[k::n])
        self.hands = hands
        self.pile = []
        self.dealer = dealer
        self.ann = self.ann_seat = self.asking = -1
        self.log += f"D{self.round},{dealer};"
        self.to_act = g.next1[dealer]

    def clone(self) -> LiegenState:
        """A fast copy for search (the generic one goes through JSON)."""
        o: LiegenState = self._blank(self.game, self.rng.copy())
        o.to_act, o.over, o.winners = self.to_act, self.over, self.winners
        o.hands = [h[:] for h in self.hands]
        o.pile = self.pile[:]
        o.round_wins = self.round_wins[:]
        o.log = self.log
        o._scanned = getattr(self, "_scanned", _UNSCANNED)
        o.dealer, o.round, o.ann, o.ann_seat, o.asking = (
            self.dealer,
            self.round,
            self.ann,
            self.ann_seat,
            self.asking,
        )
        return o

    # -- loading ----------------------------------------------------------
    @classmethod
    def _check_saved(cls, game: Game, data: Mapping[str, Any]) -> None:
        super()._check_saved(game, data)
        g = _liegen(game)
        n, target, size = g.players, g.target_wins, len(g.deck)
        for h in saved_list(data["hands"], "hands", length=n):
            for c in saved_list(h, "a hand", most=size):
                saved_int(c, "a card in a hand", 0, g.tables.ncards - 1)
        for c in saved_list(data["pile"], "pile", most=size):
            saved_int(c, "a card in the pile", 0, g.tables.ncards - 1)
        saved_int(data["dealer"], "dealer", 0, n - 1)
        for w in saved_list(data["round_wins"], "round_wins", length=n):
            saved_int(w, "round_wins", 0, target)
        saved_int(data["round"], "round", 1, n * (target - 1) + 1)
        saved_int(data["ann"], "ann", -1, g.tables.na - 1)
        saved_int(data["ann_seat"], "ann_seat", -1, n - 1)
        saved_int(data["asking"], "asking", -1, len(g.askers[0]) - 1)
        saved_str(data["log"], "log")

    def _check_consistent(self) -> None:
        """Every card once, the match score and the round's log replayed by the rules."""
        g = self.game
        target = g.target_wins
        if any(h != sorted(h) for h in self.hands):
            raise save_error("a hand must be sorted")
        if sorted([c for h in self.hands for c in h] + self.pile) != list(g.deck):
            raise save_error(f"hands and pile must hold every card of the {len(g.deck)}-card deck once")
        wins = self.round_wins
        if self.over:
            (w,) = self.winners
            if wins[w] != target or sum(x >= target for x in wins) != 1 or self.round != sum(wins):
                raise save_error("a finished match has one seat with target_wins rounds, the round its last")
            if self.hands[w] or self.asking != -1:
                raise save_error("the match's winner has played their last card")
        elif max(wins) >= target or self.round != 1 + sum(wins):
            raise save_error("round must follow the rounds won, each below target_wins")
        elif not all(self.hands):
            raise save_error("an empty hand wins the round at once")
        r = _LogReplay(g, _log_tokens(self.log, g), self.round, self.dealer, wins, self.over)
        if len(r.pile) != len(self.pile) or any(
            a not in (-1, b) for a, b in zip(r.pile, self.pile, strict=False)
        ):
            raise save_error("the pile is not the cards played since the trick began")
        if (self.ann, self.ann_seat) != (r.ann, r.ann_seat):
            raise save_error("the announcement is not the latest play's")
        if r.sizes and r.sizes != [len(h) for h in self.hands]:
            raise save_error("the hands are not the sizes the deal and the log leave")
        if r.traced:
            for c, at in r.where.items():
                if c not in (self.pile if at < 0 else self.hands[at]):
                    raise save_error(f"{CODES[c]} is not where the log put it")
        if self.over:
            return
        nxt: tuple[int, ...]
        if r.window:
            nxt = (g.askers[r.ann_seat][self.asking],) if self.asking >= 0 else g.next1[r.ann_seat]
        elif self.asking >= 0:
            raise save_error("asking with no card to accuse")
        else:
            nxt = g.one[r.turn]
        if self.to_act != nxt:
            raise save_error("to_act is not the seat the log gives")

    # -- acting -----------------------------------------------------------
    @property
    def window(self) -> tuple[int, ...]:
        if self.asking < 0:
            return ()
        return self.game.askers[self.ann_seat][self.asking :]

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act:
            return []
        if self.asking >= 0:
            return [ACCUSE, PASS]
        t = self.game.tables
        plays = t.plays
        follow = t.follow[self.ann + 1]
        out: list[Any] = []
        prev = -1
        for c in self.hands[seat]:
            if c != prev:
                prev = c
                row = plays[c]
                out.extend([row[a] for a in follow])
        return out

    def legal_ids(self) -> Sequence[int]:
        if not self.to_act:
            return ()
        if self.asking >= 0:
            return _WINDOW_IDS
        t = self.game.tables
        na = t.na
        follow = t.follow[self.ann + 1]
        out: list[int] = []
        prev = -1
        for c in self.hands[self.to_act[0]]:
            if c != prev:
                prev = c
                base = 2 + c * na
                out.extend([base + a for a in follow])
        return out

    def legal_mask(self) -> bytearray:
        # A card's ids are one block of the space, its allowed announcements in it: one
        # slice a distinct card, where legal_ids lists hundreds of ids one by one.
        t = self.game.tables
        na = t.na
        mask = bytearray(2 + t.ncards * na)
        if not self.to_act:
            return mask
        if self.asking >= 0:
            mask[ACCUSE_ID] = mask[PASS_ID] = 1
            return mask
        block = t.blocks[self.ann + 1]
        for c in set(self.hands[self.to_act[0]]):
            start = 2 + c * na
            mask[start : start + na] = block
        return mask

    def act_id(self, action_id: int) -> None:
        if self.over:
            raise IllegalAction("the game is over", code="game_over")
        if type(action_id) is not int:
            raise IllegalAction(
                f"an action id is a whole number, not {action_id!r}",
                code="action_id_not_int",
                params={"id": repr(action_id)},
            )
        seat = self.to_act[0]
        if action_id >= 0 and self._fault(seat, action_id) is None:
            if action_id >= 2:
                c, a = divmod(action_id - 2, self.game.tables.na)
                self._play(seat, c, a)
            elif action_id == ACCUSE_ID:
                self._accuse(seat)
            else:
                self._pass()
            return
        raise illegal_id(action_id, self.legal_ids())

    def _fault(self, seat: int, action_id: int) -> str | None:
        """Why ``seat`` (to act) may not take the action ``action_id`` (>= 0) now; ``None``: legal.

        The one statement of what is legal: :meth:`act_id` and the object and
        JSON paths (:meth:`_check`, by the action's id) both ask it, so a rule
        changes in one place.  The answer is a reason, cheap to compute; only
        a refused object action is turned into a message.
        """
        if action_id < 2:
            return None if self.asking >= 0 else "must_play"
        if self.asking >= 0:
            return "must_accuse_or_pass"
        t = self.game.tables
        c, a = divmod(action_id - 2, t.na)
        if c not in self.hands[seat]:  # also a card beyond the deck: no hand holds one
            return "not_in_hand"
        return None if t.follows[self.ann + 1][a] else "announce"

    def _check(self, seat: int, action: Any) -> None:
        t = self.game.tables
        if isinstance(action, Play):  # parsed: its card and announcement are codes of this game
            action_id = 2 + CARD_INDEX[action.card] * t.na + t.ann_index[action.announce]
        else:
            action_id = ACCUSE_ID if isinstance(action, Accuse) else PASS_ID
        fault = self._fault(seat, action_id)
        if fault is None:
            return
        if isinstance(action, Play):
            if fault == "must_accuse_or_pass":
                raise IllegalAction(
                    f"seat {self.ann_seat} just played a card: seat {seat} must accuse or pass, not play",
                    code="must_accuse_or_pass",
                    params={"seat": seat, "player": self.ann_seat},
                )
            if fault == "not_in_hand":
                raise IllegalAction(
                    f"{action.card} is not in seat {seat}'s hand",
                    code="not_in_hand",
                    params={"seat": seat, "cards": [action.card]},
                )
            if fault == "announce":
                prev = t.ann_codes[self.ann]
                params = {"announce": action.announce, "prev": prev}
                head = f"announcement {action.announce} does not follow {prev}: announce"
                if t.rank_step:
                    raise IllegalAction(
                        f"{head} a rank one above or below {prev} (no wrap between K and A)",
                        code="announce_rank_step",
                        params=params,
                    )
                if self.game.follow == "suit":
                    raise IllegalAction(
                        f"{head} a card of the suit of {prev} ({prev[-1]})",
                        code="announce_suit",
                        params=params,
                    )
                raise IllegalAction(
                    f"{head} a card of the same rank or the same suit as {prev}",
                    code="announce_rank_or_suit",
                    params=params,
                )
        else:
            kind = "accuse" if isinstance(action, Accuse) else "pass"
            raise IllegalAction(
                f"no card is waiting to be accused: seat {seat} must play a card, not {kind}",
                code="must_play",
                params={"seat": seat, "action": kind},
            )

    def _apply(self, seat: int, action: Any) -> None:
        if isinstance(action, Play):
            self._play(seat, CARD_INDEX[action.card], self.game.tables.ann_index[action.announce])
        elif isinstance(action, Accuse):
            self._accuse(seat)
        else:
            self._pass()

    def _play(self, seat: int, card: int, ann: int) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.log += f"P{seat},{card},{ann};"
        self.ann = ann
        self.ann_seat = seat
        if not hand:
            self._win(seat)
            return
        self.asking = 0
        self.to_act = self.game.first_asked[seat]

    def _pass(self) -> None:
        askers = self.game.askers[self.ann_seat]
        self.asking += 1
        if self.asking == len(askers):
            self.asking = -1
            self.to_act = self.game.next1[self.ann_seat]
        else:
            self.to_act = self.game.one[askers[self.asking]]

    def _accuse(self, accuser: int) -> None:
        """Turn the top card: a lie gives the pile to the player, a truth (or a joker) to the accuser."""
        g = self.game
        accused = self.ann_seat
        card = self.pile[-1]
        true, taker = g.accusation(card, self.ann, accuser, accused)
        taken = self.pile
        hand = self.hands[taker]
        hand.extend(taken)
        hand.sort()
        cards = ".".join(map(str, taken))
        self.log += f"A{accuser},{accused},{card},{self.ann},{int(true)},{taker},{cards};"
        self.pile = []
        self.ann = self.ann_seat = self.asking = -1
        self.to_act = g.one[taker]

    def _win(self, seat: int) -> None:
        """An empty hand wins the round at once; the winner deals the next one unless the match is over."""
        wins = self.round_wins
        wins[seat] += 1
        self.asking = -1
        event = f"W{seat},{self.round},{'.'.join(map(str, wins))};"
        if wins[seat] >= self.game.target_wins:
            self.log += event
            self.over = True
            self.winners = (seat,)
            self.to_act = ()
            return
        self.round += 1
        self.log = event
        self._new_round(seat)

    # -- views ------------------------------------------------------------
    @property
    def history_epoch(self) -> int:
        """The round: the history is this round's record only, so a new round is a new history."""
        return self.round

    def _scan(self) -> tuple[int, int]:
        """(tokens in ``log``, start of the last accusation's token or -1), reading only new tokens.

        Within a round the log only grows by appending ``;``-terminated
        tokens, so what was read stays valid until the round changes; reading
        the whole log for every view would make its cost grow with the round.
        """
        log = self.log
        rnd, done, tokens, accused = getattr(self, "_scanned", _UNSCANNED)
        if rnd != self.round or done > len(log):
            done, tokens, accused = 0, 0, -1
        if done != len(log):
            tokens += log.count(";", done)
            at = log.rfind(";A", max(done - 1, 0))
            if at >= 0:
                accused = at + 1
            elif done == 0 and log.startswith("A"):
                accused = 0
            self._scanned = (self.round, len(log), tokens, accused)
        return tokens, accused

    def _view(self, seat: int | None, since: int) -> JSON:
        codes = self.game.tables.ann_codes
        log = self.log
        tokens, accused = self._scan()
        if not since:
            events = [_event_json(e, seat, codes) for e in log[:-1].split(";")]
        elif since >= tokens:
            events = []
        else:
            events = [_event_json(e, seat, codes) for e in log.rsplit(";", tokens - since + 1)[1:-1]]
        turned = None
        if accused >= 0:
            e = _event_json(log[accused : log.index(";", accused)], seat, codes)
            turned = {
                "card": e["card"],
                "taker": e["taker"],
                "accused": e["accused"],
                "accuser": e["seat"],
                "announce": e["announce"],
                "lie": e["lie"],
            }
        return {
            "hand": None if seat is None else [CODES[c] for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "pile_size": len(self.pile),
            "announcement": None if self.ann < 0 else {"seat": self.ann_seat, "card": codes[self.ann]},
            "dealer": self.dealer,
            "round": self.round,
            "round_wins": list(self.round_wins),
            "window": list(self.window),
            "turned": turned,
            "history": events,
            "history_len": tokens,
        }


# (round, characters of the log read, tokens in them, start of the last accusation): nothing read.
_UNSCANNED = (0, 0, 0, -1)


def _event_json(token: str, seat: int | None, ann_codes: Sequence[str]) -> JSON:
    """One log token as the viewer ``seat`` may see it (private parts only to their owner).

    Tokens: ``D<round>,<dealer>``; ``P<seat>,<card>,<announce>``;
    ``A<accuser>,<accused>,<card>,<announce>,<1 if true>,<taker>,<cards>`` where
    ``<cards>`` is the pile taken, ``.``-separated, or ``#<count>`` when unknown
    (a sampled state); ``W<seat>,<round>,<wins per seat, .-separated>``.  Cards
    and announcements are indices; ``-1`` is a card unknown to a sampled state.
    """
    kind = token[0]
    f = token[1:].split(",")
    if kind == "P":
        out: JSON = {"type": "play", "seat": int(f[0]), "announce": ann_codes[int(f[2])]}
        if seat == out["seat"]:
            card = int(f[1])
            out["card"] = None if card < 0 else CODES[card]
        return out
    if kind == "A":
        taker = int(f[5])
        taken = f[6]
        unknown = taken.startswith("#")
        out = {
            "type": "accuse",
            "seat": int(f[0]),
            "accused": int(f[1]),
            "card": CODES[int(f[2])],
            "announce": ann_codes[int(f[3])],
            "lie": f[4] == "0",
            "taker": taker,
            "count": int(taken[1:]) if unknown else taken.count(".") + 1,
        }
        if seat == taker:
            out["cards"] = None if unknown else [CODES[int(c)] for c in taken.split(".")]
        return out
    if kind == "D":
        return {"type": "deal", "round": int(f[0]), "dealer": int(f[1])}
    return {
        "type": "win",
        "seat": int(f[0]),
        "round": int(f[1]),
        "round_wins": [int(w) for w in f[2].split(".")],
    }


# The saved tokens' forms (see _event_json): plain ASCII numbers, no leading zeros, only the
# unknown card -1 signed.
_N = "(0|[1-9][0-9]{0,3})"
_LIST = r"((?:0|[1-9][0-9]{0,3})(?:\.(?:0|[1-9][0-9]{0,3}))*)"
_D = re.compile(f"D{_N},{_N}", re.ASCII)
_P = re.compile(f"P{_N},(-1|0|[1-9][0-9]{{0,3}}),{_N}", re.ASCII)
_A = re.compile("A" + ",".join([_N] * 6) + f",(#(?:0|[1-9][0-9]{{0,3}})|{_LIST[1:-1]})", re.ASCII)
_W = re.compile(f"W{_N},{_N},{_LIST}", re.ASCII)


def _bounded(values: Sequence[int], bounds: Sequence[tuple[int, int]]) -> None:
    for v, (lo, hi) in zip(values, bounds, strict=True):
        if not lo <= v <= hi:
            raise save_error(f"log: {v} is not between {lo} and {hi}")


def _log_tokens(log: str, g: LiegenGame) -> list[tuple[Any, ...]]:
    """The saved log decoded strictly into ``(kind, fields...)`` tuples (see :func:`_event_json`).

    One pattern per kind of token: a long round logs hundreds, and load should stay cheap.
    """
    if not log.endswith(";"):
        raise save_error("log: every token ends with ';'")
    n, top, na = g.players, g.tables.ncards - 1, g.tables.na
    seat, card, ann, rounds, wins = (
        (0, n - 1),
        (0, top),
        (0, na - 1),
        (1, n * (g.target_wins - 1) + 1),
        (0, g.target_wins),
    )
    play, accuse = (seat, (-1, top), ann), (seat, seat, card, ann, (0, 1), seat)
    out: list[tuple[Any, ...]] = []
    for token in log[:-1].split(";"):
        kind = token[:1]
        if kind == "P" and (m := _P.fullmatch(token)):
            f = [int(x) for x in m.groups()]
            _bounded(f, play)
            out.append(("P", *f))
        elif kind == "A" and (m := _A.fullmatch(token)):
            f = [int(x) for x in m.groups()[:6]]
            _bounded(f, accuse)
            taken: int | list[int]
            if m[7].startswith("#"):
                taken = int(m[7][1:])
                _bounded([taken], [(1, len(g.deck))])
            else:
                taken = [int(c) for c in m[7].split(".")]
                _bounded(taken, [card] * len(taken))
            out.append(("A", *f[:4], f[4] == 1, f[5], taken))
        elif kind == "D" and (m := _D.fullmatch(token)):
            f = [int(x) for x in m.groups()]
            _bounded(f, (rounds, seat))
            out.append(("D", *f))
        elif kind == "W" and (m := _W.fullmatch(token)):
            f = [int(m[1]), int(m[2])]
            _bounded(f, (seat, rounds))
            score = [int(w) for w in m[3].split(".")]
            if len(score) != n:
                raise save_error("log: a win token lists the rounds won per seat")
            _bounded(score, [wins] * n)
            out.append(("W", *f, score))
        else:
            raise save_error(f"log: {token[:30]!r} is not a token")
    return out


class _LogReplay:
    """A round's saved log replayed by the rules (for :meth:`LiegenState._check_consistent`).

    The log is the last round's win (from the second round on), the deal,
    then plays and accusations; passes are not logged, so a play is followed
    by its accusation, the next seat's play (everyone passed), the win of its
    player or nothing yet.  A round dealt by the engine starts with the seat
    after the dealer; a ``setup`` may have put plays of any seat on the pile.
    """

    def __init__(
        self,
        g: LiegenGame,
        tokens: list[tuple[Any, ...]],
        rnd: int,
        dealer: int,
        wins: Sequence[int],
        over: bool,
    ) -> None:
        t = g.tables
        before = list(wins)
        if over and tokens and tokens[-1][0] == "W":
            before[tokens[-1][1]] -= 1
        dealt = bool(tokens) and tokens[0][0] == "W"
        if dealt:
            _, seat, prev, prev_wins = tokens.pop(0)
            if seat != dealer or prev != rnd - 1 or prev_wins != before:
                raise save_error("log: the round's first token is not the last round's win by the dealer")
        if not tokens or tokens[0] != ("D", rnd, dealer):
            raise save_error("log: the round must begin with its deal by the dealer")
        self.pile: list[int] = []
        self.ann = self.ann_seat = -1
        self.window = False  # a card waits for its accusation window (or stood, all having passed)
        self.turn = (dealer + 1) % g.players
        free = not dealt  # a setup's pile: its first play may be any seat's
        n, size = g.players, len(g.deck)
        # A dealt round's hand sizes (one card at a time from the dealer's left), kept up to date;
        # where each card a token names is now (seat, or -1: the pile), and whether that is known.
        self.sizes = [len(range(k, size, n)) for k in range(n)]
        self.sizes = self.sizes[-(dealer + 1) % n :] + self.sizes[: -(dealer + 1) % n]
        self.where: dict[int, int] = {}
        self.traced = True
        for k, tok in enumerate(tokens[1:], 1):
            if tok[0] == "P":
                _, seat, card, ann = tok
                if self.window:
                    if seat != (self.ann_seat + 1) % g.players:
                        raise save_error("log: a play out of turn")
                elif seat != self.turn and not (free and k == 1):
                    raise save_error("log: a play out of turn")
                if not t.follows[self.ann + 1][ann]:
                    raise save_error("log: an announcement that does not follow the last")
                self.pile.append(card)
                self.ann, self.ann_seat, self.window = ann, seat, True
                self.sizes[seat] -= 1
                if dealt and self.sizes[seat] < 0:
                    raise save_error("log: a play from an empty hand")
                if card < 0:
                    self.traced = False
                elif card != JOKER:  # the two jokers are alike: only the others can be traced
                    if self.where.get(card, seat) != seat:
                        raise save_error("log: a play of a card its player did not hold")
                    self.where[card] = -1
            elif tok[0] == "A":
                _, accuser, accused, card, ann, true, taker, taken = tok
                if not self.window or accused != self.ann_seat or accuser not in g.askers[accused]:
                    raise save_error("log: an accusation with no card to accuse")
                if ann != self.ann or self.pile[-1] not in (-1, card):
                    raise save_error("log: an accusation of another card than the top one")
                if (true, taker) != g.accusation(card, ann, accuser, accused):
                    raise save_error("log: the turned card's truth or the pile's taker is not the rules'")
                if isinstance(taken, int):
                    ok = taken == len(self.pile)
                else:
                    ok = len(taken) == len(self.pile) and all(
                        p in (-1, c) for p, c in zip(self.pile, taken, strict=True)
                    )
                if not ok:
                    raise save_error("log: an accusation takes another pile than was on the table")
                self.sizes[taker] += len(self.pile)
                for c, at in self.where.items():
                    if at == -1:
                        self.where[c] = taker
                self.pile, self.ann, self.ann_seat, self.window, self.turn = [], -1, -1, False, taker
            elif tok[0] == "W" and k == len(tokens) - 1 and over:
                _, seat, won_round, won = tok
                if not self.window or seat != self.ann_seat or won_round != rnd or list(won) != list(wins):
                    raise save_error("log: the match's win is not by the last player, with the score")
            else:
                raise save_error(f"log: a {tok[0]} token out of place")
        if over and (len(tokens) < 2 or tokens[-1][0] != "W"):
            raise save_error("log: a finished match ends with its win")
        if over:
            self.window = False
        if not dealt:
            self.sizes = []  # a setup's hands may be any sizes


def _liegen(game: Game) -> LiegenGame:
    """``game`` as Liegen's own class: the state's class methods are given the core's ``Game``."""
    if not isinstance(game, LiegenGame):
        raise TypeError(f"a Liegen state needs a Liegen game, not {type(game).__name__}")
    return game


def _cards(codes: Any, what: str, ncards: int) -> list[int]:
    if not isinstance(codes, list):
        raise setup_error(f"{what} must be a list of card codes, not {codes!r}")
    out = []
    for code in codes:
        c = CARD_INDEX.get(code) if isinstance(code, str) else None
        if c is None or c >= ncards:
            raise setup_error(f"{code!r} is not a card of this deck (codes like 'TH', 'KS', 'X')")
        out.append(c)
    return out


def _setup_pile(g: LiegenGame, pile: Any) -> list[tuple[int, int, int]]:
    """The optional ``pile`` of a setup: the current trick's plays, clockwise, each following the last."""
    if not isinstance(pile, list):
        raise setup_error("pile must be a list of {seat, card, announce} plays")
    t = g.tables
    plays: list[tuple[int, int, int]] = []
    prev = -1
    for p in pile:
        if not isinstance(p, Mapping):
            raise setup_error(f"a pile entry is an object {{seat, card, announce}}, not {p!r}")
        try:
            check_keys(p, ("seat", "card", "announce"))
        except IllegalAction as exc:
            raise setup_error(f"pile: {exc}") from None
        seat = check_int(p["seat"], "setup: pile seat", 0, g.players - 1, GameConfigError)
        if plays and seat != (plays[-1][0] + 1) % g.players:
            raise setup_error("the pile's plays go clockwise, one seat after another")
        card = _cards([p["card"]], "a pile card", t.ncards)[0]
        ann = t.ann_index.get(p["announce"]) if isinstance(p["announce"], str) else None
        if ann is None or not t.follows[prev + 1][ann]:
            raise setup_error(f"pile announcement {p['announce']!r} is not legal there")
        plays.append((seat, card, ann))
        prev = ann
    return plays


@register
class LiegenGame(Game[LiegenState]):
    """Configured Liegen: players 2-8, options ``first_dealer``, ``jokers``, ``follow``, ``accuse``,
    ``target_wins``."""

    info: ClassVar[GameInfo] = INFO
    state_class = LiegenState

    def _configure(self) -> None:
        n = self.players
        o = self.options
        if o["first_dealer"] >= n:
            raise GameConfigError(
                f"option 'first_dealer' must be a seat below {n}, not {o['first_dealer']}",
                code="option_range",
                params={"option": "first_dealer", "min": 0, "max": n - 1, "value": o["first_dealer"]},
            )
        self.follow: str = o["follow"]
        self.jokers: bool = o["jokers"]
        self.target_wins: int = o["target_wins"]
        self.tables = _tables(self.jokers, self.follow)
        self.deck: tuple[int, ...] = tuple(range(52)) + ((JOKER, JOKER) if self.jokers else ())
        self.one: list[tuple[int, ...]] = [(s,) for s in range(n)]
        self.next1: list[tuple[int, ...]] = [((s + 1) % n,) for s in range(n)]
        last = n if o["accuse"] == "anyone" else 2
        # askers[p]: who is asked, in play order, after p plays a card.
        self.askers: list[tuple[int, ...]] = [tuple((p + k) % n for k in range(1, last)) for p in range(n)]
        self.first_asked: list[tuple[int, ...]] = [(a[0],) for a in self.askers]

    def is_true(self, card: int, ann: int) -> bool:
        """Whether ``card`` is what ``ann`` announced, as far as this variation can punish."""
        if card == JOKER:
            return True
        if self.follow == "rank_or_suit":
            return card == ann
        if self.follow == "rank_step":
            return card >> 2 == ann
        return card & 3 == ann & 3

    def accusation(self, card: int, ann: int, accuser: int, accused: int) -> tuple[bool, int]:
        """(true, taker) of an accusation of ``card`` announced as ``ann``: whoever was wrong takes the pile.

        The one statement of that rule: the accusation itself and the saved
        log's replay (:class:`_LogReplay`) both use it.
        """
        true = self.is_true(card, ann)
        return true, (accuser if true else accused)

    @property
    def num_actions(self) -> int:
        return 2 + self.tables.ncards * self.tables.na

    def parse_action(self, action: Any) -> LiegenAction:
        if isinstance(action, (Accuse, Pass)):
            return action
        if isinstance(action, Play):
            return self._play(action.card, action.announce)
        if not isinstance(action, Mapping):
            raise IllegalAction(
                f"an action is an object like {{'type': 'pass'}}, not {action!r}",
                code="action_not_object",
                params={"value": repr(action)},
            )
        kind = action.get("type")
        if kind == "play":
            check_keys(action, ("type", "card", "announce"))
            return self._play(action["card"], action["announce"])
        if kind in ("accuse", "pass"):
            check_keys(action, ("type",))
            return ACCUSE if kind == "accuse" else PASS
        raise IllegalAction(
            f"unknown action type {kind!r}; types: play, accuse, pass",
            code="action_type_unknown",
            params={"type": repr(kind), "types": ["play", "accuse", "pass"]},
        )

    def _play(self, card: Any, announce: Any) -> Play:
        t = self.tables
        c = CARD_INDEX.get(card) if isinstance(card, str) else None
        if c is None or c >= t.ncards:
            jok = ", or X for a joker" if self.jokers else ""
            raise IllegalAction(
                f"{card!r} is not a card: codes are rank {RANKS} + suit {SUITS}{jok}",
                code="not_a_card",
                params={"value": repr(card)},
            )
        a = t.ann_index.get(announce) if isinstance(announce, str) else None
        if a is None:
            form = f"a rank code {RANKS}" if t.rank_step else "a card code like 3S (no joker)"
            raise IllegalAction(
                f"{announce!r} is not an announcement: announce {form}",
                code="not_an_announcement",
                params={"value": repr(announce)},
            )
        return t.plays[c][a]

    def action_id(self, action: Any) -> int:
        a = self.parse_action(action)
        if isinstance(a, Play):
            t = self.tables
            return 2 + CARD_INDEX[a.card] * t.na + t.ann_index[a.announce]
        return ACCUSE_ID if isinstance(a, Accuse) else PASS_ID

    def action_from_id(self, action_id: int) -> LiegenAction:
        check_int(action_id, "action id", 0, self.num_actions - 1)
        if action_id == ACCUSE_ID:
            return ACCUSE
        if action_id == PASS_ID:
            return PASS
        c, a = divmod(action_id - 2, self.tables.na)
        return self.tables.plays[c][a]

    def sample_state(
        self, view: Mapping[str, Any], rng: random.Random, known: Mapping[int, Sequence[str]] | None = None
    ) -> LiegenState:
        from .liegen_sample import sample

        return sample(self, view, rng, known)
