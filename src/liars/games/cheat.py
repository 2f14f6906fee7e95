"""Løgneren (Cheat with ascending ranks): rules of ``docs/rules/cheat.md``.

Players put cards face down claiming "N x the required rank"; the rank goes
A, 2, ..., K, A, ... one step every turn whatever happens.  After a play any
other player may call it a lie: only that play is turned, and whoever was
wrong takes the whole pile.  The first to empty their hand and survive the
challenge window wins.

The challenge window is modelled as single decisions: after a play by ``p``
the seats ``p+1, p+2, ...`` are asked in turn ("challenge" or "pass"); the
first challenge resolves the window, and when all have passed ``p+1`` plays.

Integer actions: ``0`` = challenge, ``1`` = pass, ``2 + k`` = play the
``k``-th multiset of one to four ranks (suits never matter; see
:mod:`.cheat_cards`).  Plays of five or more cards are sure lies: ``act``
takes them, ``legal_actions`` does not list them.
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
    full_history,
    illegal_id,
    register,
    save_error,
    saved_bool,
    saved_int,
    saved_keys,
    saved_list,
    saved_str,
    setup_error,
    view_error,
)
from ..rng import Chance, Rng
from .cheat_cards import (
    CARD_OF,
    CODES,
    DECK,
    FULL,
    MAX_LISTED,
    NUM_ACTIONS,
    PILE,
    PLAY_ID,
    PLAY_RANKS,
    RANK_MASK,
    RANK_OF,
    RANKS,
    SUITS,
    cards_of,
    challenge_event,
    codes_of,
    event_json,
    event_of_json,
    known_locations,
    legal_play_ids,
    mask_of,
    play_event,
    rank_counts,
    start_event,
    take_ranks,
)

CHALLENGE = 0
PASS = 1

INFO = GameInfo(
    id="cheat",
    names={"en": "Cheat", "nb": "Løgneren", "nl": "Bluffen"},
    min_players=3,
    max_players=6,
    default_players=4,
    options=(
        Option(
            "first_challenger_in_play_order",
            "bool",
            False,
            "calls arriving together: the first in play direction counts, not the first received "
            "(real-time play; turn-based play always asks in play direction)",
        ),
        Option(
            "max_cards",
            "int",
            None,
            "most cards one play may hold (none: no limit)",
            min=1,
            max=DECK,
            nullable=True,
        ),
    ),
    utility=(0.0, 1.0),
    ranks=False,
    summary="Play cards face down claiming the rank in turn; call liar; the first to empty their hand wins.",
)


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``cards`` down claiming the required rank.

    A code is a rank and a suit (``"TH"``) or a rank alone (``"T"``: one of
    my tens, the lowest suit not already named).  ``legal_actions`` lists the
    rank-only form: plays that differ only in suits are one action.
    Text form: the codes separated by spaces, ``"5H KC"`` or ``"5 5 K"``.
    """

    cards: tuple[str, ...]

    def to_json(self) -> JSON:
        return {"type": "play", "cards": list(self.cards)}

    def __str__(self) -> str:
        return " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Challenge(BareAction):
    """Call the last play a lie ("Løgner!"): its cards are turned."""

    TYPE = "challenge"


@dataclass(frozen=True, slots=True)
class Pass(BareAction):
    """Let the last play stand (as far as this seat is concerned)."""

    TYPE = "pass"


CheatAction = Play | Challenge | Pass
_CHALLENGE = Challenge()
_PASS = Pass()
_WINDOW_IDS = (CHALLENGE, PASS)
_WINDOW_ACTIONS: list[Any] = [_CHALLENGE, _PASS]
# The listed plays, one object each, shared by every game: legal_actions only indexes.
PLAYS: tuple[Play, ...] = tuple(Play(tuple(RANKS[r] for r in t)) for t in PLAY_RANKS)


def challenge_outcome(turned: int, rank: int, challenger: int, player: int) -> tuple[bool, int]:
    """(truthful, taker): true when every card turned is of the claimed rank; the one wrong takes the pile.

    The one statement of that rule: the challenge itself and the saved
    history's replay (:class:`_Replay`) both use it.
    """
    truthful = not turned & ~RANK_MASK[rank]
    return truthful, (challenger if truthful else player)


def _sort_key(code: str) -> tuple[int, int]:
    return RANK_OF[code[0]], SUITS.index(code[1]) if len(code) == 2 else 4


def make_play(codes: Sequence[Any]) -> Play:
    """A checked, canonically ordered play from card codes; :class:`IllegalAction` if malformed."""
    if not 1 <= len(codes) <= DECK:
        raise IllegalAction(
            f"a play holds 1 to {DECK} cards, not {len(codes)}",
            code="play_size",
            params={"min": 1, "max": DECK, "count": len(codes)},
        )
    per_rank = [0] * 13
    seen: set[str] = set()
    for c in codes:
        if not isinstance(c, str) or not ((len(c) == 2 and c in CARD_OF) or (len(c) == 1 and c in RANK_OF)):
            raise IllegalAction(
                f"not a card code: {c!r} (rank {RANKS}, then suit {SUITS} or nothing: 'TH', 'T')",
                code="not_a_card",
                params={"value": repr(c)},
            )
        if len(c) == 2:
            if c in seen:
                raise IllegalAction(f"card {c} named twice", code="card_twice", params={"card": c})
            seen.add(c)
        per_rank[RANK_OF[c[0]]] += 1
        if per_rank[RANK_OF[c[0]]] > 4:
            raise IllegalAction(
                f"a play cannot hold more than four cards of rank {c[0]}",
                code="rank_over_four",
                params={"rank": c[0]},
            )
    return Play(tuple(sorted(codes, key=_sort_key)))


def parse(text: str) -> CheatAction:
    """The inverse of ``str(action)``: ``"5H KC"``, ``"5 5 K"``, ``"challenge"``, ``"pass"``."""
    t = text.strip()
    low = t.lower()
    if low == "challenge":
        return _CHALLENGE
    if low == "pass":
        return _PASS
    if low.startswith("play"):
        t = t[4:]
    codes = t.replace(",", " ").upper().split()
    if not codes:
        raise IllegalAction(
            f"not an action: {text!r} (forms: 5H KC, 5 5 K, challenge, pass)",
            code="not_an_action",
            params={"text": text},
        )
    return make_play(codes)


class CheatView(View):
    """Anyone's view of Cheat, a seat's or a spectator's (``docs/protocol.md``, cheat)."""

    hand: ReadOnly[list[str] | None]  # ``None`` only in a spectator's view
    hand_sizes: list[int]
    pile_size: int
    required_rank: str
    starter: int
    last_play: dict[str, Any] | None
    window: bool
    to_ask: list[int]
    revealed: dict[str, Any] | None


class CheatSeatView(CheatView):
    """A seat's own view of Cheat: what only a seat has is there (never ``None``)."""

    seat: ReadOnly[int]
    hand: ReadOnly[list[str]]


class CheatState(State[CheatSeatView, CheatView]):
    """A game of Cheat in progress.  Hands, pile and last play are 52-bit card masks."""

    _FIELDS = (
        "hands",
        "pile",
        "last",
        "last_seat",
        "last_rank",
        "rank",
        "ask",
        "starter",
        "revealed",
        "history",
    )
    # Not saved: how much of ``history`` has been counted, and its events (see _events).
    __slots__ = (*_FIELDS, "_counted")

    hands: list[int]
    pile: int  # every card on the table, the last play included
    last: int  # the cards of the latest play while it is on the table; 0 after a challenge
    last_seat: int  # who made the latest play; -1 before the first
    last_rank: int  # the rank it claimed
    rank: int  # the rank the next play must claim
    ask: int  # the seat being asked in the open challenge window; -1 when none is open
    starter: int
    revealed: JSON | None
    history: str  # compact events joined by ";" (see cheat_cards): a str saves and copies fast
    _counted: tuple[int, int]
    game: CheatGame

    # -- set-up -----------------------------------------------------------
    @classmethod
    def deal(cls, game: Game, rng: Chance) -> CheatState:
        """Shuffle, deal one at a time from seat 0 (low seats get the odd cards), draw the starter."""
        deck = list(range(DECK))
        rng.shuffle(deck)
        n = game.players
        hands = [0] * n
        for i, c in enumerate(deck):
            hands[i % n] |= 1 << c
        return cls._start(game, rng, hands, 0, rng.below(n), 0)

    @classmethod
    def from_setup(cls, game: Game, rng: Chance, setup: Mapping[str, Any]) -> CheatState:
        try:
            check_keys(setup, ("hands",), ("pile", "starter", "required_rank"))
        except IllegalAction as exc:
            raise setup_error(f"{exc}") from None
        n = game.players
        hands_in = setup["hands"]
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise setup_error(f"hands must be a list of {n} lists of card codes")
        hands = [_setup_cards(h, "a hand") for h in hands_in]
        if not all(hands):
            raise setup_error("every hand holds at least one card")
        pile = _setup_cards(setup.get("pile", []), "the pile")
        total = sum(h.bit_count() for h in hands) + pile.bit_count()
        union = pile
        for h in hands:
            union |= h
        if total != DECK or union != FULL:
            missing = codes_of(FULL & ~union)
            raise setup_error(
                f"each of the 52 cards must be in exactly one hand or the pile"
                f"{'; missing ' + ' '.join(missing) if missing else '; some card is in two places'}"
            )
        starter = setup.get("starter")
        if starter is None:
            starter = rng.below(n)
        check_int(starter, "setup: starter", 0, n - 1, GameConfigError)
        rank = setup.get("required_rank", "A")
        if rank not in RANK_OF:
            raise setup_error(f"required_rank is one of {' '.join(RANKS)}, not {rank!r}")
        return cls._start(game, rng, hands, pile, starter, RANK_OF[rank])

    @classmethod
    def _start(
        cls, game: Game, rng: Chance, hands: list[int], pile: int, starter: int, rank: int
    ) -> CheatState:
        s: CheatState = cls._blank(game, rng)
        s.hands = hands
        s.pile = pile
        s.last = 0
        s.last_seat = -1
        s.last_rank = -1
        s.rank = rank
        s.ask = -1
        s.starter = starter
        s.revealed = None
        s.to_act = (starter,)
        s.history = start_event(starter, rank, pile.bit_count(), [h.bit_count() for h in hands])
        return s

    def clone(self) -> CheatState:
        """A fast copy: masks are ints and the history a string, so nothing is deep-copied."""
        o: CheatState = self._blank(self.game, self.rng.copy())
        o.to_act = self.to_act
        o.over = self.over
        o.winners = self.winners
        o.hands = list(self.hands)
        o.pile = self.pile
        o.last = self.last
        o.last_seat = self.last_seat
        o.last_rank = self.last_rank
        o.rank = self.rank
        o.ask = self.ask
        o.starter = self.starter
        o.revealed = self.revealed
        o.history = self.history
        o._counted = getattr(self, "_counted", (0, 1))
        return o

    # -- loading ----------------------------------------------------------
    @classmethod
    def _check_saved(cls, game: Game, data: Mapping[str, Any]) -> None:
        super()._check_saved(game, data)
        n = game.players
        for h in saved_list(data["hands"], "hands", length=n):
            saved_int(h, "a hand", 0, FULL)
        saved_int(data["pile"], "pile", 0, FULL)
        saved_int(data["last"], "last", 0, FULL)
        saved_int(data["last_seat"], "last_seat", -1, n - 1)
        saved_int(data["last_rank"], "last_rank", -1, 12)
        saved_int(data["rank"], "rank", 0, 12)
        saved_int(data["ask"], "ask", -1, n - 1)
        saved_int(data["starter"], "starter", 0, n - 1)
        rev = data["revealed"]
        if rev is not None:
            saved_keys(rev, ("seat", "challenger", "rank", "cards", "truthful", "taker"), "revealed")
            for c in saved_list(rev["cards"], "revealed cards", most=DECK):
                saved_str(c, "a revealed card")
            saved_bool(rev["truthful"], "revealed truthful")
        saved_str(data["history"], "history")

    def _check_consistent(self) -> None:
        """Every card once; the history replayed for turns, ranks, counts, challenges and the pile."""
        n = self.game.players
        union = self.pile
        for h in self.hands:
            if union & h:
                raise save_error("a card is in two places")
            union |= h
        if union != FULL:
            raise save_error("every one of the 52 cards must be in a hand or the pile")
        if self.last & ~self.pile:
            raise save_error("the last play must be in the pile")
        r = _Replay(self.game, _saved_events(self.history, n))
        if r.starter != self.starter:
            raise save_error("the start event names another starter")
        if r.sizes != [h.bit_count() for h in self.hands] or r.pile != self.pile.bit_count():
            raise save_error("the hands and the pile are not the sizes the history left")
        if r.rank != self.rank:
            raise save_error("the required rank is not the one the history left")
        seat, rank, count, mask = r.play or (-1, -1, 0, None)
        if (self.last_seat, self.last_rank) != (seat, rank):
            raise save_error("last_seat and last_rank are not the latest play's")
        standing = r.play is not None and not r.challenged
        if bool(self.last) != standing or (standing and self.last.bit_count() != count):
            raise save_error("last must hold the latest play exactly while it is not challenged")
        if standing and mask is not None and self.last != mask:
            raise save_error("last is not the cards of the latest play")
        if r.known & ~self.pile or (r.complete and r.known != self.pile):
            raise save_error("the pile is not the cards played since the last challenge")
        if r.traced:
            for c, at in r.where.items():
                if not (self.pile if at == PILE else self.hands[at]) >> c & 1:
                    raise save_error(f"{CODES[c]} is not where the history put it")
        if self.revealed != r.revealed:
            raise save_error("revealed is not the latest challenge")
        if self.over:
            if not r.won or self.winners != (seat,) or self.ask != -1:
                raise save_error("a finished game ends with the win of its last player")
            return
        if r.won:
            raise save_error("the history has a win but the game is not over")
        if self.ask >= 0:
            if not standing or r.challenged or self.ask == seat or self.to_act != (self.ask,):
                raise save_error("a challenge window is open on the latest play, asking to_act")
            return
        after = r.turn if r.turn is not None else (seat + 1) % n
        if r.turn is None and not self.hands[seat]:
            raise save_error("a play that empties a hand and stands wins the game")
        if self.to_act != (after,):
            raise save_error("to_act is not the seat to play next")

    # -- acting -----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        if self.over or seat not in self.to_act:
            return []
        if self.ask >= 0:
            return list(_WINDOW_ACTIONS)
        plays = PLAYS
        return [plays[i - 2] for i in self._play_ids()]

    def legal_ids(self) -> Sequence[int]:
        if self.over:
            return ()
        if self.ask >= 0:
            return _WINDOW_IDS
        return self._play_ids()

    def _play_ids(self) -> list[int]:
        return self.game.play_ids(self.hands[self.to_act[0]])

    def _fault(self, kind: int, count: int = 0, cards: int = 0) -> str | None:
        """Why the seat to act may not take an action now; ``None``: legal.

        ``kind`` is :data:`CHALLENGE`, :data:`PASS` or a play (any id from 2)
        of ``count`` cards, ``cards`` being their mask taken from the hand (0:
        the hand does not hold them).  The one statement of what is legal:
        :meth:`act_id` and the object and JSON paths (:meth:`_check`) both
        ask it, so a rule changes in one place; only a refused object action
        is turned into a message.
        """
        if kind < 2:
            return None if self.ask >= 0 else "must_play"
        if self.ask >= 0:
            return "must_challenge_or_pass"
        most = self.game.max_cards
        if most is not None and count > most:
            return "play_too_big"
        return None if cards else "not_in_hand"

    def _check(self, seat: int, action: Any) -> None:
        if isinstance(action, Play):
            fault = self._fault(2, len(action.cards), self._resolve(seat, action))
        else:
            fault = self._fault(CHALLENGE if isinstance(action, Challenge) else PASS)
        if fault == "must_challenge_or_pass":
            raise IllegalAction(
                f"seat {seat} is asked to challenge or pass, not to play",
                code="must_challenge_or_pass",
                params={"seat": seat},
            )
        if fault == "play_too_big":
            raise IllegalAction(
                f"a play holds at most {self.game.max_cards} cards (option max_cards)",
                code="play_too_big",
                params={"max": self.game.max_cards},
            )
        if fault == "not_in_hand":
            raise IllegalAction(
                f"seat {seat} does not hold {action}",
                code="not_in_hand",
                params={"seat": seat, "cards": list(action.cards)},
            )
        if fault == "must_play":
            raise IllegalAction(
                f"no play to {action}: seat {seat} must play one or more cards",
                code="must_play",
                params={"seat": seat, "action": str(action)},
            )

    def _resolve(self, seat: int, play: Play) -> int:
        """The mask of the cards ``play`` names from ``seat``'s hand; 0 if they are not all there.

        Named cards (``"5H"``) first, then bare ranks (``"5"``) by
        :func:`~.cheat_cards.take_ranks` from what is left: the same choice of
        cards as the id path.
        """
        hand = self.hands[seat]
        named = 0
        bare: list[int] = []
        for c in play.cards:
            if len(c) == 2:
                bit = 1 << CARD_OF[c]
                if not hand & bit or named & bit:
                    return 0
                named |= bit
            else:
                bare.append(RANK_OF[c])
        if not bare:
            return named
        rest = take_ranks(hand & ~named, bare)
        return rest and named | rest

    def _apply(self, seat: int, action: Any) -> None:
        if isinstance(action, Play):
            self._play(seat, self._resolve(seat, action))
        elif isinstance(action, Challenge):
            self._challenge(seat)
        else:
            self._pass(seat)

    def act_id(self, action_id: int) -> None:
        if self.over:
            raise IllegalAction("the game is over", code="game_over")
        if type(action_id) is not int or not 0 <= action_id < NUM_ACTIONS:
            raise IllegalAction(
                f"an action id is a whole number from 0 to {NUM_ACTIONS - 1}, not {action_id!r}",
                code="action_id_not_int",
                params={"id": repr(action_id)},
            )
        seat = self.to_act[0]
        if action_id >= 2:
            ranks = PLAY_RANKS[action_id - 2]
            chosen = take_ranks(self.hands[seat], ranks) if self.ask < 0 else 0
            if self._fault(action_id, len(ranks), chosen) is None:
                self._play(seat, chosen)
                return
        elif self._fault(action_id) is None:
            if action_id == CHALLENGE:
                self._challenge(seat)
            else:
                self._pass(seat)
            return
        raise illegal_id(action_id, self.legal_ids())

    def _play(self, seat: int, cards: int) -> None:
        self.hands[seat] &= ~cards
        self.pile |= cards
        self.last = cards
        self.last_seat = seat
        self.last_rank = rank = self.rank
        self.rank = (rank + 1) % 13
        self.revealed = None
        self.history += ";" + play_event(seat, rank, cards, cards.bit_count())
        self.ask = nxt = (seat + 1) % self.game.players
        self.to_act = (nxt,)

    def _pass(self, seat: int) -> None:
        nxt = (seat + 1) % self.game.players
        if nxt != self.last_seat:
            self.ask = nxt
            self.to_act = (nxt,)
            return
        self._close(self.last_seat, survived=True)

    def _challenge(self, seat: int) -> None:
        p = self.last_seat
        truthful, taker = challenge_outcome(self.last, self.last_rank, seat, p)
        taken = self.pile
        self.hands[taker] |= taken
        self.pile = 0
        turned = codes_of(self.last)
        self.revealed = {
            "seat": p,
            "challenger": seat,
            "rank": RANKS[self.last_rank],
            "cards": turned,
            "truthful": truthful,
            "taker": taker,
        }
        self.history += ";" + challenge_event(
            seat, p, self.last_rank, self.last, truthful, taker, taken.bit_count()
        )
        self.last = 0
        self._close(p, survived=truthful)

    def _close(self, p: int, survived: bool) -> None:
        """The window on ``p``'s play is over: ``p`` wins if out of cards and survived, else ``p+1`` plays."""
        self.ask = -1
        if survived and not self.hands[p]:
            self.over = True
            self.winners = (p,)
            self.to_act = ()
            self.history += f";W{p}"
            return
        self.to_act = ((p + 1) % self.game.players,)

    # -- the real-time window -------------------------------------------
    @property
    def window(self) -> tuple[int, ...]:
        if self.ask < 0:
            return ()
        n = self.game.players
        out = []
        s = self.ask
        while s != self.last_seat:
            out.append(s)
            s = (s + 1) % n
        return tuple(out)

    def arbitrate_window(self, answers: Sequence[tuple[int, Any]]) -> int | None:
        """The first call received counts (the core's rule), unless the house rule says otherwise.

        Option ``first_challenger_in_play_order``: the earliest call in play
        direction after the player counts, so a call waits until every seat
        asked before it has answered (passed); None while one has not.
        """
        if not self.game.options["first_challenger_in_play_order"]:
            return super().arbitrate_window(answers)
        got = {seat: i for i, (seat, _) in enumerate(answers)}
        for s in self.window:
            i = got.get(s)
            if i is None:
                return None  # a seat before any call is still to answer: it may call first
            if not isinstance(self.game.parse_action(answers[i][1]), Pass):
                return i
        return None

    def arbitrate(self, callers: Sequence[int]) -> int | None:
        """Which of several calls counts, ``callers`` in the order they arrived, the others passing.

        :meth:`arbitrate_window` once every seat has answered.  ``None`` when
        nobody called.  Seats not in the window are refused with
        :class:`IllegalAction`.
        """
        open_seats = self.window
        for c in callers:
            if c not in open_seats:
                raise IllegalAction(
                    f"seat {c!r} cannot challenge now; may: {list(open_seats)}",
                    code="cannot_challenge",
                    params={"seat": repr(c), "may": list(open_seats)},
                )
        answers: list[tuple[int, Any]] = [(c, _CHALLENGE) for c in callers]
        answers += [(s, _PASS) for s in open_seats if s not in callers]
        chosen = self.arbitrate_window(answers)
        return None if chosen is None else answers[chosen][0]

    def resolve_window(self, callers: Sequence[int]) -> None:
        """Apply a live window: the counting caller challenges, the seats asked before it pass.

        With no callers everyone passes.  Checked first, so a refusal changes nothing.
        """
        chosen = self.arbitrate(callers)
        for s in self.window:
            if s == chosen:
                self.act(s, _CHALLENGE)
                return
            self.act(s, _PASS)

    # -- views ------------------------------------------------------------
    def _view(self, seat: int | None, since: int) -> JSON:
        last = None
        if self.last:
            last = {"seat": self.last_seat, "count": self.last.bit_count(), "rank": RANKS[self.last_rank]}
        revealed = None
        if self.revealed is not None:
            revealed = dict(self.revealed)
            revealed["cards"] = list(revealed["cards"])
        return {
            "hand": None if seat is None else codes_of(self.hands[seat]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "pile_size": self.pile.bit_count(),
            "required_rank": RANKS[self.rank],
            "starter": self.starter,
            "last_play": last,
            "window": self.ask >= 0,
            "to_ask": list(self.window),
            "revealed": revealed,
            "history": self._history(seat, since),
            "history_len": self._events(),
        }

    def _events(self) -> int:
        """How many events ``history`` holds, counting only what was appended since the last call.

        The string only ever grows (each event appended as ``";" + event``)
        on a given state, so the count so far stays valid; counting the whole
        string each time would make a view's cost grow with the game.
        """
        h = self.history
        done, events = getattr(self, "_counted", (0, 1))
        if done != len(h):
            if done > len(h):  # not this state's history any more: count afresh
                done, events = 0, 1
            events += h.count(";", done)
            self._counted = (len(h), events)
        return events

    def _history(self, seat: int | None, since: int) -> list[JSON]:
        """The viewed events from index ``since`` on, splitting only that tail off the string."""
        if not since:
            return [event_json(e, seat) for e in self.history.split(";")]
        tail = self._events() - since
        if tail <= 0:
            return []
        return [event_json(e, seat) for e in self.history.rsplit(";", tail)[1:]]


# The saved events' forms (see cheat_cards): plain ASCII numbers, no sign, no leading zeros.
_N = "(0|[1-9][0-9]{0,15})"
_S = re.compile("S" + ",".join([_N] * 3) + r",((?:0|[1-9][0-9]?)(?:\.(?:0|[1-9][0-9]?))*)", re.ASCII)
_P = re.compile("P" + ",".join([_N] * 3) + ",(-|0|[1-9][0-9]{0,15})", re.ASCII)
_C = re.compile("C" + ",".join([_N] * 7), re.ASCII)
_W = re.compile("W" + _N, re.ASCII)


def _bounded(values: Sequence[int], bounds: Sequence[tuple[int, int]]) -> None:
    for v, (lo, hi) in zip(values, bounds, strict=True):
        if not lo <= v <= hi:
            raise save_error(f"history: {v} is not between {lo} and {hi}")


def _saved_events(history: str, n: int) -> list[tuple[Any, ...]]:
    """The saved history's events, decoded strictly: ``(kind, fields...)`` tuples, masks as ints.

    One pattern per kind of event (a number a field): a save of a long game
    holds hundreds of events, and load should stay cheap.
    """
    seat, rank, count, mask = (0, n - 1), (0, 12), (1, DECK), (1, FULL)
    play, challenge = (seat, rank, count), (seat, seat, rank, mask, (0, 1), seat, count)
    out: list[tuple[Any, ...]] = []
    for event in history.split(";"):
        kind = event[:1]
        if kind == "P" and (m := _P.fullmatch(event)):
            f = [int(x) for x in m.groups()[:3]]
            _bounded(f, play)
            cards = None if m[4] == "-" else int(m[4])
            if cards is not None:
                _bounded([cards], [mask])
            out.append(("P", *f, cards))
        elif kind == "C" and (m := _C.fullmatch(event)):
            f = [int(x) for x in m.groups()]
            _bounded(f, challenge)
            out.append(("C", f[0], f[1], f[2], f[3], f[4] == 1, f[5], f[6]))
        elif kind == "S" and (m := _S.fullmatch(event)):
            f = [int(x) for x in m.groups()[:3]]
            _bounded(f, (seat, rank, (0, DECK)))
            sizes = [int(x) for x in m[4].split(".")]
            if len(sizes) != n:
                raise save_error("history: the start event lists a size per seat")
            _bounded(sizes, [count] * n)
            out.append(("S", *f, sizes))
        elif kind == "W" and (m := _W.fullmatch(event)):
            f = [int(m[1])]
            _bounded(f, [seat])
            out.append(("W", f[0]))
        else:
            raise save_error(f"history: {event[:30]!r} is not an event")
    return out


class _Replay:
    """What a saved history says, replayed by the rules (for :meth:`CheatState._check_consistent`).

    Passes are not events, so a play is followed by a challenge of it, the
    next seat's play (everyone passed), the win of its player or nothing yet.
    ``known`` is the pile's cards that the events name, ``complete`` whether
    they are all of it (the pile emptied since, or started empty, and no
    play's cards unknown).
    """

    def __init__(self, game: CheatGame, events: list[tuple[Any, ...]]) -> None:
        n = game.players
        if not events or events[0][0] != "S":
            raise save_error("history must begin with the start event")
        _, self.starter, self.rank, self.pile, sizes = events[0]
        if sum(sizes) + self.pile != DECK:
            raise save_error("the start event's sizes and pile must add up to 52")
        self.sizes: list[int] = list(sizes)
        self.turn: int | None = self.starter  # who plays next; None while a play awaits its window
        self.play: tuple[int, int, int, int | None] | None = None
        self.challenged = False
        self.won = False
        self.known = 0
        self.complete = self.pile == 0
        # Where each card named by an event is now (seat, or PILE), and whether that is all it
        # can be: a card first seen in a play was in its player's hand from the start.
        self.where: dict[int, int] = {}
        self.traced = True  # False once a play's cards are unknown (a sampled state's history)
        self.call: tuple[int, int, int, int, bool, int] | None = None  # the latest challenge, while it stands
        most = game.max_cards
        for e in events[1:]:
            if self.won:
                raise save_error("history: an event after the win")
            if e[0] == "P":
                _, seat, rank, count, mask = e
                if self.turn is None:  # everyone passed the play before: it stood
                    prev: tuple[int, int, int, int | None] | None = self.play
                    if (
                        prev is None
                        or self.challenged
                        or seat != (prev[0] + 1) % n
                        or not self.sizes[prev[0]]
                    ):
                        raise save_error("history: a play out of turn")
                elif seat != self.turn:
                    raise save_error("history: a play out of turn")
                if rank != self.rank or count > self.sizes[seat] or (most is not None and count > most):
                    raise save_error("history: a play of the wrong rank or too many cards")
                if mask is None:
                    self.complete = self.traced = False
                elif mask.bit_count() != count or mask & self.known:
                    raise save_error("history: a play's cards do not match its count")
                else:
                    self.known |= mask
                    for c in cards_of(mask):
                        if self.where.get(c, seat) != seat:
                            raise save_error("history: a play of a card its player did not hold")
                        self.where[c] = PILE
                self.sizes[seat] -= count
                self.pile += count
                self.rank = (rank + 1) % 13
                self.play, self.challenged, self.turn, self.call = (
                    (seat, rank, count, mask),
                    False,
                    None,
                    None,
                )
            elif e[0] == "C":
                _, seat, target, rank, turned, truthful, taker, taken = e
                if self.play is None or self.turn is not None or self.challenged:
                    raise save_error("history: a challenge with no play to challenge")
                p, prank, pcount, pmask = self.play
                if target != p or seat == p or rank != prank or turned.bit_count() != pcount:
                    raise save_error("history: a challenge of another play than the latest")
                if (pmask is not None and turned != pmask) or turned & ~FULL:
                    raise save_error("history: a challenge turns other cards than were played")
                if (truthful, taker) != challenge_outcome(turned, rank, seat, p):
                    raise save_error("history: a challenge's outcome is not what its cards give")
                if taken != self.pile:
                    raise save_error("history: a challenge takes another pile than was on the table")
                self.sizes[taker] += taken
                for c in cards_of(self.known):  # the pile's traced cards (known holds exactly those)
                    self.where[c] = taker
                self.pile, self.known, self.complete, self.challenged = 0, 0, True, True
                self.call = (p, seat, rank, turned, truthful, taker)
                self.turn = None if truthful and not self.sizes[p] else (p + 1) % n
            elif e[0] == "W":
                if self.play is None or e[1] != self.play[0] or self.sizes[e[1]]:
                    raise save_error("history: a win by a seat that did not empty its hand")
                if self.challenged and self.turn is not None:
                    raise save_error("history: a win after a lie was caught")
                self.won = True
            else:
                raise save_error("history: a second start event")
        if self.challenged and self.turn is None and not self.won:
            raise save_error("history: a caught-out truthful last card must win")

    @property
    def revealed(self) -> JSON | None:
        """The state's ``revealed`` that the latest challenge gives (None after a play)."""
        if self.call is None:
            return None
        p, seat, rank, turned, truthful, taker = self.call
        return {
            "seat": p,
            "challenger": seat,
            "rank": RANKS[rank],
            "cards": codes_of(turned),
            "truthful": truthful,
            "taker": taker,
        }


def _setup_cards(value: Any, what: str) -> int:
    if not isinstance(value, list):
        raise setup_error(f"{what} is a list of card codes like '5H', not {value!r}")
    mask = 0
    for c in value:
        if not isinstance(c, str) or c not in CARD_OF:
            raise setup_error(f"not a card code: {c!r} (rank {RANKS} + suit {SUITS})")
        bit = 1 << CARD_OF[c]
        if mask & bit:
            raise setup_error(f"card {c} appears twice")
        mask |= bit
    return mask


@register
class CheatGame(Game[CheatState]):
    """Configured Cheat: players 3-6, options ``first_challenger_in_play_order``, ``max_cards``."""

    info: ClassVar[GameInfo] = INFO
    state_class = CheatState

    def _configure(self) -> None:
        self.max_cards: int | None = self.options["max_cards"]
        self.listed = min(MAX_LISTED, self.max_cards or MAX_LISTED)
        self._cache: dict[int, list[int]] = {}

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def play_ids(self, hand: int) -> list[int]:
        """Legal play ids for a hand; cached by rank counts (search meets the same hands often)."""
        counts = rank_counts(hand)
        key = 0
        for c in counts:
            key = key * 5 + c
        ids = self._cache.get(key)
        if ids is None:
            if len(self._cache) >= 2048:
                self._cache.clear()
            ids = self._cache[key] = legal_play_ids(counts, self.listed)
        return ids

    def parse_action(self, action: Any) -> CheatAction:
        if isinstance(action, Play):
            return make_play(action.cards)  # canonical order: _resolve relies on it
        if isinstance(action, (Challenge, Pass)):
            return action
        if not isinstance(action, Mapping):
            raise IllegalAction(
                f"an action is an object like {{'type': 'pass'}}, not {action!r}",
                code="action_not_object",
                params={"value": repr(action)},
            )
        kind = action.get("type")
        if kind == "play":
            check_keys(action, ("type", "cards"))
            cards = action["cards"]
            if not isinstance(cards, list):
                raise IllegalAction(
                    f"cards is a list of card codes like ['5H', 'KC'], not {cards!r}",
                    code="cards_not_list",
                    params={"value": repr(cards)},
                )
            return make_play(cards)
        if kind in ("challenge", "pass"):
            check_keys(action, ("type",))
            return _CHALLENGE if kind == "challenge" else _PASS
        raise IllegalAction(
            f"unknown action type {kind!r}; types: play, challenge, pass",
            code="action_type_unknown",
            params={"type": repr(kind), "types": ["play", "challenge", "pass"]},
        )

    def action_id(self, action: Any) -> int:
        """A play's id drops its suits; a play of more than four cards has none."""
        a = self.parse_action(action)
        if isinstance(a, Challenge):
            return CHALLENGE
        if isinstance(a, Pass):
            return PASS
        play_id = PLAY_ID.get(tuple(sorted(RANK_OF[c[0]] for c in a.cards)))
        if play_id is None:
            raise IllegalAction(
                f"a play of {len(a.cards)} cards has no integer id (at most {MAX_LISTED})",
                code="no_action_id",
                params={"count": len(a.cards), "max": MAX_LISTED},
            )
        return play_id

    def action_from_id(self, action_id: int) -> CheatAction:
        check_int(action_id, "action id", 0, NUM_ACTIONS - 1)
        if action_id == CHALLENGE:
            return _CHALLENGE
        if action_id == PASS:
            return _PASS
        return PLAYS[action_id - 2]

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> CheatState:
        """Deal what ``view`` cannot see at random, keeping every card whose place it knows.

        Known places (see :func:`.cheat_cards.known_locations`): the own hand,
        own plays still in the pile, pickups.  The rest is shuffled into the
        other hands and the pile, the latest play drawn from the pile's unknown
        part unless it was the viewer's own.
        """
        seat = view.get("seat")
        if view.get("game") != self.id or view.get("players") != self.players:
            raise view_error("sample_state: the view is not of this game")
        if view.get("options") != self.options:
            raise view_error("sample_state: the view's options differ from this game's")
        if seat is None:
            raise view_error("sample_state needs a seat's view, not a spectator's")
        full_history(view)  # known_locations and the rebuilt history read all of it
        n = self.players
        known = known_locations(view)
        sizes = view["hand_sizes"]
        hands = [0] * n
        pile = 0
        for c in sorted(known):
            where = known[c]
            if where == PILE:
                pile |= 1 << c
            else:
                hands[where] |= 1 << c
        unknown = [c for c in range(DECK) if c not in known]
        rng.shuffle(unknown)
        lp = view["last_play"]
        last = 0
        if lp is not None:
            if lp["seat"] == seat:
                last = mask_of(_last_own_play(view["history"], seat))
            else:
                for c in unknown[: lp["count"]]:
                    last |= 1 << c
                unknown = unknown[lp["count"] :]
                pile |= last
        i = 0
        for s in range(n):
            need = sizes[s] - hands[s].bit_count()
            for c in unknown[i : i + need]:
                hands[s] |= 1 << c
            i += need
        for c in unknown[i:]:
            pile |= 1 << c
        if pile.bit_count() != view["pile_size"] or any(
            h.bit_count() != k for h, k in zip(hands, sizes, strict=True)
        ):
            raise view_error("sample_state: the view is not consistent")
        st: CheatState = CheatState._blank(self, Rng(rng.getrandbits(63)))
        st.to_act = tuple(view["to_act"])
        st.over = view["over"]
        st.winners = tuple(view["winners"])
        st.hands = hands
        st.pile = pile
        st.last = last
        hist = view["history"]
        plays = [e for e in hist if e["type"] == "play"]
        st.last_seat = plays[-1]["seat"] if plays else -1
        st.last_rank = RANK_OF[plays[-1]["rank"]] if plays else -1
        st.rank = RANK_OF[view["required_rank"]]
        st.ask = view["to_act"][0] if view["window"] else -1
        st.starter = view["starter"]
        rev = view["revealed"]
        st.revealed = None if rev is None else {**rev, "cards": list(rev["cards"])}
        st.history = ";".join(event_of_json(e, seat) for e in hist)
        return st


def _last_own_play(history: Sequence[Mapping[str, Any]], seat: int) -> list[str]:
    for e in reversed(history):
        if e["type"] == "play":
            if e["seat"] == seat:
                return list(e["cards"])
            break
    raise view_error("sample_state: the view's last play is not the viewer's own")
