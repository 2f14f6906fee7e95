"""Løgnterninger (Liar's Dice): rules of ``docs/rules/liars-dice.md``.

Every player has dice under a cup; a bid claims that at least ``quantity``
dice on the whole table show ``face``.  The player to act raises the bid or
calls "liar" (and, with ``spot_on``, may claim the bid is exact).  The loser
of a call loses a die for good and opens the next round; the last player with
dice wins.

Integer actions (the fast path used by search and RL): ``0`` = liar,
``1`` = spot on, ``2 + b`` = the bid with index ``b`` (:func:`bid_index`,
the one place the formula is written; :func:`bid_of` is its inverse).  That
index grows exactly with the bid order (more dice, or as many of a higher
face), so "a higher bid" is "a larger index".  Which ids are legal is
decided in one place too, at the integer level: :meth:`DiceGame.legal_table`
(and its byte masks, :meth:`DiceGame.mask_table`).  ``legal_ids`` is a row of
it, ``act_id`` and :meth:`DiceState.id_legal` look an id up in the row's
mask, and the object and JSON paths translate to an id and ask ``id_legal``
(explaining a refusal only once it is one).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

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
    saved_int,
    saved_list,
    saved_str,
    setup_error,
    view_error,
)
from ..rng import Chance, Rng

LIAR = 0
SPOT_ON = 1
FACES = 6

INFO = GameInfo(
    id="liars-dice",
    names={"en": "Liar's Dice", "nb": "Løgnterninger", "nl": "Liar's Dice"},
    min_players=2,
    max_players=6,
    default_players=4,
    options=(
        Option("dice", "int", 5, "dice per player at the start", min=1, max=10),
        Option("wild_ones", "bool", False, "ones are jokers: they count for every face but in a bid on ones"),
        Option("spot_on", "bool", False, "the player to act may claim the bid is exactly right"),
    ),
    utility=(0.0, 1.0),
    ranks=True,
    summary="Bid on all the dice on the table; call liar when a bid is too high.",
)


def bid_index(quantity: int, face: int) -> int:
    """The index of the bid "at least ``quantity`` dice show ``face``": 0 for 1x1, 1 for 1x2, ... 6 for 2x1.

    Every edge (bots, RL encoders, the solver) turns a bid into an integer
    with this function, so the numbering is written once.
    """
    return (quantity - 1) * FACES + face - 1


@dataclass(frozen=True, slots=True)
class Bid:
    """At least ``quantity`` dice on the table show ``face``.  Text form ``3x5``."""

    quantity: int
    face: int

    @property
    def index(self) -> int:
        return bid_index(self.quantity, self.face)

    def to_json(self) -> JSON:
        return {"type": "bid", "quantity": self.quantity, "face": self.face}

    def __str__(self) -> str:
        return f"{self.quantity}x{self.face}"


@dataclass(frozen=True, slots=True)
class Liar(BareAction):
    """Call the last bid a lie: all cups are lifted."""

    TYPE = "liar"


@dataclass(frozen=True, slots=True)
class SpotOn(BareAction):
    """Claim the last bid is exactly right (option ``spot_on``)."""

    TYPE = "spot_on"


DiceAction = Bid | Liar | SpotOn
_LIAR = Liar()
_SPOT_ON = SpotOn()


# The legal-id table of a finished game: nothing, whatever the bid (its one mask row is empty:
# looking any id up in it fails).
_NOTHING: list[tuple[int, ...]] = [()]
_NO_MASKS: list[bytes] = [b""]

# Every bid there can be (10 dice x 6 players), built once: legal_actions slices this.
_BIDS = tuple(Bid(q, f) for q in range(1, 61) for f in range(1, FACES + 1))


def bid_of(index: int) -> Bid:
    """The bid with this :func:`bid_index` (0 to 359: up to 60 dice in play)."""
    return _BIDS[index]


def parse(text: str) -> DiceAction:
    """The inverse of ``str(action)``: ``"3x5"``, ``"liar"``, ``"spot_on"``."""
    t = text.strip().lower()
    if t == "liar":
        return _LIAR
    if t == "spot_on":
        return _SPOT_ON
    q, sep, f = t.partition("x")
    if sep and q.isdigit() and f.isdigit():
        return Bid(int(q), int(f))
    raise IllegalAction(
        f"not an action: {text!r} (forms: 3x5, liar, spot_on)", code="not_an_action", params={"text": text}
    )


def count_face(dice: Sequence[Sequence[int]], face: int, wild_ones: bool) -> int:
    """How many dice show ``face``; with wild ones, ones count too unless the bid is on ones."""
    wild = wild_ones and face != 1
    return sum(1 for hand in dice for d in hand if d == face or (wild and d == 1))


class DiceView(View):
    """Anyone's view of Liar's Dice, a seat's or a spectator's (``docs/protocol.md``, liars-dice)."""

    dice: ReadOnly[list[int] | None]  # ``None`` only in a spectator's view
    dice_counts: list[int]
    total_dice: int
    round: int
    opener: int | None
    bid: dict[str, Any] | None
    bids: list[dict[str, Any]]
    revealed: dict[str, Any] | None
    rolloff: list[list[int | None]]
    places: list[int] | None


class DiceSeatView(DiceView):
    """A seat's own view of Liar's Dice: what only a seat has is there (never ``None``)."""

    seat: ReadOnly[int]
    dice: ReadOnly[list[int]]


class DiceState(State[DiceSeatView, DiceView]):
    """A match of Liar's Dice in progress."""

    _FIELDS = (
        "counts",
        "dice",
        "round",
        "opener",
        "bid",
        "bids",
        "history",
        "rolloff",
    )
    # Derived from the saved fields, kept for speed: next seat with dice, and
    # the legal-id table of this round (indexed by bid + 1).
    __slots__ = (*_FIELDS, "_next", "_legal", "_masks")

    counts: list[int]
    dice: list[int]  # every cup in seat order, flat: seat s holds the next counts[s] dice
    round: int
    opener: int
    bid: int
    bids: list[Any]
    history: list[Sequence[Any]]  # one record per finished round, fields in _ROUND order
    rolloff: list[list[int | None]]
    _next: list[tuple[int, ...]]
    _legal: list[tuple[int, ...]]
    _masks: list[bytes]  # the same table as byte masks: row[i] is 1 exactly when id i is legal
    game: DiceGame

    # -- set-up -----------------------------------------------------------
    @classmethod
    def deal(cls, game: Game, rng: Chance) -> DiceState:
        """The usual start, written flat: it is half the cost of a short random playout."""
        g = cast(DiceGame, game)  # deal is only ever called with its own game class
        s = cls.__new__(cls)
        s.game = g
        s.rng = rng
        s.over = False
        s.winners = ()
        n = g.players
        d = g.dice
        s.counts = [d] * n
        s.round = 1
        s.bid = -1
        s.bids = []
        s.history = []
        s._next = g.ring
        s._legal = g.start_table
        s._masks = g.start_masks
        # One draw serves the roll-off and the first round's dice.
        rolls = rng.dice(n + n * d)
        first = rolls[:n]
        top = max(first)
        if first.count(top) == 1:  # the roll-off decided at once, as it mostly is
            s.rolloff = [cast(list[int | None], first)]  # no seat sits out of the first throw
            opener = first.index(top)
        else:
            s.rolloff = []
            opener = s._roll_off(first)
        s.opener = opener
        s.dice = rolls[n:]
        s.to_act = (opener,)
        return s

    @classmethod
    def from_setup(cls, game: Game, rng: Chance, setup: Mapping[str, Any]) -> DiceState:
        try:
            check_keys(setup, (), ("dice", "opener"))
        except IllegalAction as exc:
            raise setup_error(f"{exc}") from None
        n, most = game.players, game.options["dice"]
        dice = setup.get("dice")
        if dice is not None:
            if not isinstance(dice, list) or len(dice) != n:
                raise setup_error(f"dice must be a list of {n} lists")
            for hand in dice:
                if not isinstance(hand, list) or len(hand) > most:
                    raise setup_error(f"each seat holds a list of at most {most} dice")
                for d in hand:
                    check_int(d, "setup: a die", 1, FACES, GameConfigError)
            if sum(1 for hand in dice if hand) < 2:
                raise setup_error("at least two seats must have dice")
        opener = setup.get("opener")
        if opener is not None:
            check_int(opener, "setup: opener", 0, n - 1, GameConfigError)
            if dice is not None and not dice[opener]:
                raise setup_error("the opener must have dice")
        return cls._start(game, rng, dice, opener)

    @classmethod
    def _start(cls, game: Game, rng: Chance, cups: list[list[int]] | None, opener: int | None) -> DiceState:
        n = game.players
        s: DiceState = cls._blank(game, rng)
        s.counts = counts = [len(h) for h in cups] if cups is not None else [game.options["dice"]] * n
        s.round = 1
        s.bid = -1
        s.bids = []
        s.history = []
        s.rolloff = []
        s._ring()
        if opener is None:
            opener = s._roll_off(rng.dice(n))
        dice = [d for cup in cups for d in cup] if cups is not None else rng.dice(sum(counts))
        s.opener = opener
        s.dice = dice
        s.to_act = (opener,)
        return s

    def _roll_off(self, rolls: list[int]) -> int:
        """Everyone with dice rolls one; the highest opens; ties roll again among the tied.

        ``rolls`` holds one die per seat for the first throw (seats without
        dice ignore theirs).
        """
        tied = [i for i, c in enumerate(self.counts) if c]
        rolls = [rolls[i] for i in tied]
        while True:
            row: list[int | None] = [None] * self.game.players
            for seat, r in zip(tied, rolls, strict=True):
                row[seat] = r
            self.rolloff.append(row)
            top = max(rolls)
            tied = [seat for seat, r in zip(tied, rolls, strict=True) if r == top]
            if len(tied) == 1:
                return tied[0]
            rolls = self.rng.dice(len(tied))

    def cup(self, seat: int) -> list[int]:
        """The dice under ``seat``'s cup, sorted (their order says nothing)."""
        start = sum(self.counts[:seat])
        return sorted(self.dice[start : start + self.counts[seat]])

    def _ring(self) -> None:
        """``_next[s]``: the tuple holding the next seat clockwise that still has dice."""
        n = self.game.players
        ring: list[tuple[int, ...]] = []
        for s in range(n):
            t = (s + 1) % n
            while not self.counts[t] and t != s:
                t = (t + 1) % n
            ring.append((t,))
        self._next = ring
        if self.over:
            self._legal, self._masks = _NOTHING, _NO_MASKS
        else:
            total = sum(self.counts)
            pair = self.game.pairs.get(total)
            self._legal, self._masks = pair if pair is not None else self.game.tables(total)

    def _restore(self, data: Mapping[str, Any]) -> None:
        super()._restore(data)
        self._ring()

    # -- loading ----------------------------------------------------------
    @classmethod
    def _check_saved(cls, game: Game, data: Mapping[str, Any]) -> None:
        """Shapes and ranges first: ``counts`` above the option's dice would size the legal table."""
        super()._check_saved(game, data)
        n, most = game.players, game.options["dice"]
        total = sum(_saved_counts(data["counts"], "counts", n, most))
        _saved_ints(saved_list(data["dice"], "dice", most=total), "a die", 1, FACES)
        saved_int(data["round"], "round", 1, n * most)
        saved_int(data["opener"], "opener", -1, n - 1)
        saved_int(data["bid"], "bid", -1, FACES * total - 1)
        _saved_bids(data["bids"], "bids", n, total)
        for h in saved_list(data["history"], "history", most=n * most):
            rec = saved_list(h, "a round of the history", length=len(_ROUND))
            saved_int(rec[0], "a round's number", 1, n * most)
            saved_int(rec[1], "a round's opener", 0, n - 1)
            before = sum(_saved_counts(rec[5], "a round's counts", n, most))
            _saved_bids(rec[2], "a round's bids", n, before)
            saved_str(rec[3], "a round's call")
            saved_int(rec[4], "a round's caller", 0, n - 1)
            _saved_ints(saved_list(rec[6], "a round's dice", length=before), "a die", 1, FACES)
            saved_int(rec[7], "a round's count", 0, before)
            for key, what in ((8, "losers"), (9, "out")):
                for s in saved_list(rec[key], f"a round's {what}", most=n):
                    saved_int(s, f"a seat in a round's {what}", 0, n - 1)
        for row in saved_list(data["rolloff"], "rolloff"):
            for r in saved_list(row, "a roll-off row", length=n):
                if r is not None:
                    saved_int(r, "a roll-off die", 1, FACES)

    def _check_consistent(self) -> None:
        """Replay the finished rounds: each call's count, losers and next opener as the rules give them.

        The dice of a round are chance, so any faces are possible; everything
        else follows from them, the bids and the call, and is recomputed here
        and compared (a record the rules could not have written is refused).
        """
        n = self.game.players
        wild = self.game.wild_ones
        counts = self.history[0][5] if self.history else self.counts
        if sum(1 for c in counts if c) < 2:
            raise save_error("a match starts with at least two seats holding dice")
        opener: int | None = self._rolloff_winner(counts)
        ended = False
        for i, h in enumerate(self.history):
            rnd, first, bids, call, caller, before, dice, count, losers, out = h
            if ended:
                raise save_error(f"round {rnd} comes after the match was won")
            if rnd != i + 1:
                raise save_error(f"history round {i + 1} is numbered {rnd}")
            if list(before) != list(counts):
                raise save_error(f"round {rnd} starts with other dice counts than the round before left")
            if (opener is not None and first != opener) or not before[first]:
                raise save_error(f"round {rnd} is opened by the wrong seat")
            if not bids:
                raise save_error(f"round {rnd} has a call but no bid")
            if _check_bids(bids, first, before) != caller:
                raise save_error(f"round {rnd}: the call is not by the seat after the last bidder")
            if call not in ("liar", "spot_on") or (call == "spot_on" and not self.game.spot_on):
                raise save_error(f"round {rnd}: {call!r:.20} is not a call of this game")
            quantity, face = _QUANTITY[bids[-1][1]], _FACE[bids[-1][1]]
            if count != count_face([dice], face, wild):
                raise save_error(f"round {rnd}: the count does not match the dice")
            if call == "liar":
                opener = caller if count >= quantity else bids[-1][0]
                expected = [opener]
            else:
                opener = caller
                exact = count == quantity
                expected = [s for s, c in enumerate(before) if c and s != caller] if exact else [caller]
            if list(losers) != expected:
                raise save_error(f"round {rnd}: the losers are not who the call made lose")
            counts = list(before)
            for s in losers:
                counts[s] -= 1
            if list(out) != [s for s in losers if not counts[s]]:
                raise save_error(f"round {rnd}: the seats out are not the losers left without dice")
            if not counts[opener]:
                opener = _next_with_dice(opener, counts)
            ended = sum(1 for c in counts if c) == 1
        if list(self.counts) != list(counts):
            raise save_error("the dice counts are not what the history left")
        if ended != self.over:
            raise save_error("over must be true exactly when one seat has dice left")
        if self.over:
            if self.winners != (counts.index(max(counts)),):
                raise save_error("the winner is not the last seat with dice")
            if self.round != len(self.history) or self.dice or self.bids or self.bid != -1:
                raise save_error("a finished match has no round in play")
            if self.opener not in (-1, self.history[-1][1]):
                raise save_error("a finished match keeps its last opener")
            return
        if self.round != len(self.history) + 1:
            raise save_error("round must be one more than the finished rounds")
        if (opener is not None and self.opener != opener) or not 0 <= self.opener < n:
            raise save_error("opener is not the seat the last call made open")
        if not counts[self.opener]:
            raise save_error("the opener has no dice")
        if len(self.dice) != sum(counts):
            raise save_error("dice must hold every die in play")
        if self.bids:
            if self.bid != self.bids[-1][1]:
                raise save_error("bid is not the last of the bids")
            nxt = _check_bids(self.bids, self.opener, counts)
        elif self.bid != -1:
            raise save_error("a bid without bids")
        else:
            nxt = self.opener
        if self.to_act != (nxt,):
            raise save_error("to_act is not the seat after the last bid")

    def _rolloff_winner(self, counts: Sequence[int]) -> int | None:
        """The seat the roll-off made open the first round; ``None`` when a setup chose it (no roll-off)."""
        rows = self.rolloff
        if not rows:
            return None
        tied = [s for s, c in enumerate(counts) if c]
        for k, row in enumerate(rows):
            if [s for s, r in enumerate(row) if r is not None] != tied:
                raise save_error("a roll-off row is not thrown by exactly the seats still tied")
            top = max(r for r in row if r is not None)
            tied = [s for s in tied if row[s] == top]
            if (len(tied) == 1) != (k == len(rows) - 1):
                raise save_error("the roll-off must go on exactly while there is a tie")
        return tied[0]

    # -- acting -----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act:
            return []
        acts: list[Any] = []
        if self.bid >= 0:
            acts.append(_LIAR)
            if self.game.spot_on:
                acts.append(_SPOT_ON)
        acts += _BIDS[self.bid + 1 : len(self._legal) - 1]
        return acts

    def id_legal(self, action_id: int) -> bool:
        """Whether the seat to act may take ``action_id`` now: a look-up in this round's legal table.

        The one legality rule of the game (``act_id`` looks up the same row
        inline, being the hottest line of a playout); ``legal_ids`` lists
        exactly the ids it accepts.
        """
        try:
            return action_id >= 0 and self._masks[self.bid + 1][action_id] == 1
        except IndexError:  # past the action space
            return False

    def _check(self, seat: int, action: Any) -> None:
        """The object path: the action's id, asked of :meth:`id_legal`; the reason found on refusal."""
        if isinstance(action, Bid):
            if 1 <= action.face <= FACES and 1 <= action.quantity <= 60 and self.id_legal(2 + action.index):
                return
            if not 1 <= action.quantity <= sum(self.counts):
                raise IllegalAction(
                    f"a bid's quantity must be between 1 and {sum(self.counts)} (the dice in play)",
                    code="bid_quantity",
                    params={"max": sum(self.counts), "quantity": action.quantity},
                )
            if not 1 <= action.face <= FACES:
                raise IllegalAction(
                    "a bid's face must be between 1 and 6", code="bid_face", params={"face": action.face}
                )
            last = bid_of(self.bid)  # in range and refused: the one reason left is a bid not above the last
            raise IllegalAction(
                f"{action} is not higher than {last}: bid more dice, or {last.quantity} of a higher face",
                code="bid_too_low",
                params={
                    "quantity": action.quantity,
                    "face": action.face,
                    "last_quantity": last.quantity,
                    "last_face": last.face,
                },
            )
        if self.id_legal(SPOT_ON if isinstance(action, SpotOn) else LIAR):
            return
        if self.bid < 0:
            raise IllegalAction("there is no bid yet: the opener must bid", code="no_bid_yet")
        raise IllegalAction("spot on is not allowed: the option spot_on is off", code="spot_on_off")

    def _apply(self, seat: int, action: Any) -> None:
        """The object path's transition is the integer path's (checked already by :meth:`_check`)."""
        self.act_id(self.game.action_id(action))

    def legal_ids(self) -> Sequence[int]:
        return self._legal[self.bid + 1]

    def legal_mask(self) -> bytearray:
        # A copy of the row's mask, built once per game object like the legal table itself.
        if self.over:
            return bytearray(self.game.num_actions)
        return bytearray(self._masks[self.bid + 1])

    def legal_mask_row(self) -> bytes:
        """:meth:`legal_mask` without the copy: the game's own row of its mask table, shared and immutable.

        Equal to ``bytes(self.legal_mask())``, and the same object for every
        state of this game with the same dice in play and bid to beat, so a
        caller can key a cache on it (the dice encoder keeps one numpy mask
        per row and hands out copies, cheaper than ``frombuffer`` of a new
        ``bytearray`` at every step).
        """
        if self.over:
            return self.game.no_mask
        return self._masks[self.bid + 1]

    def act_id(self, action_id: int) -> None:
        # No separate "is it over" test on this hot path: a finished game has
        # bid -1 and an empty legal table, so every branch below refuses.
        if type(action_id) is not int:
            raise IllegalAction(
                f"an action id is a whole number, not {action_id!r}",
                code="action_id_not_int",
                params={"id": repr(action_id)},
            )
        try:  # id_legal, inlined: the hottest line of a playout
            legal = action_id >= 0 and self._masks[self.bid + 1][action_id]
        except IndexError:
            legal = False
        if legal:
            seat = self.to_act[0]
            if action_id >= 2:  # the only place a bid is made
                b = action_id - 2
                self.bid = b
                self.bids.append((seat, b))
                self.to_act = self._next[seat]
            else:
                self._resolve(seat, "liar" if action_id == LIAR else "spot_on")
            return
        if self.over:
            raise IllegalAction("the game is over", code="game_over")
        raise illegal_id(action_id, self.legal_ids())

    def _resolve(self, caller: int, call: str) -> None:
        """Lift the cups, take the dice, record the round, start the next one.

        Written for speed (it ends every random playout): no comprehensions,
        counts of survivors from ``list.count``.
        """
        counts = self.counts
        before = counts[:]
        quantity, face = _QUANTITY[self.bid], _FACE[self.bid]
        dice = self.dice
        count = dice.count(face)
        if face != 1 and self.game.wild_ones:
            count += dice.count(1)
        if call == "liar":
            opener = caller if count >= quantity else self.bids[-1][0]
            losers = [opener]
        else:  # spot on: exactly right costs everyone else a die, else the claimer one
            opener = caller
            exact = count == quantity
            losers = [s for s, c in enumerate(counts) if c and s != caller] if exact else [caller]
        out = []
        rnd = self.round
        for s in losers:
            counts[s] -= 1
            if not counts[s]:
                out.append(s)
        # One record per finished round, positional (a tuple is a fifth of a dict's
        # cost here); the field order is _ROUND and views turn it into an object.
        self.history.append((rnd, self.opener, self.bids, call, caller, before, dice, count, losers, out))
        self.bid = -1
        self.bids = []
        if out:
            if len(counts) - counts.count(0) == 1:
                self.over = True
                self.winners = (counts.index(max(counts)),)
                self.to_act = ()
                self.dice = []
                self._legal, self._masks = _NOTHING, _NO_MASKS
                return
            if not counts[opener]:
                opener = self._next[opener][0]
        self._ring()
        self.round += 1
        self.opener = opener
        self.dice = self.rng.dice(sum(counts))
        self.to_act = (opener,)

    # -- results and views ------------------------------------------------
    @property
    def places(self) -> tuple[int, ...] | None:
        """Winner 1; the others by when they went out (later out is better; together share)."""
        if not self.over:
            return None
        rounds = [10**9 if c else 0 for c in self.counts]  # the winner; out before play began
        for h in self.history:
            for s in h[9]:
                rounds[s] = h[0]
        # Plain loops: this runs in every final view (RL reads one per seat per game).
        out = []
        for mine in rounds:
            place = 1
            for o in rounds:
                if o > mine:
                    place += 1
            out.append(place)
        return tuple(out)

    def _view(self, seat: int | None, since: int) -> JSON:
        rounds = self.history
        last = None
        if rounds:
            # The last call, straight from its record: decoding the whole round for it was waste.
            _, _, bids, call, caller, counts, dice, count, losers, _ = rounds[-1]
            s, b = bids[-1]
            last = {
                "bid": {"seat": s, "quantity": _QUANTITY[b], "face": _FACE[b]},
                "dice": _cups(dice, counts),
                "call": call,
                "caller": caller,
                "count": count,
                "losers": list(losers),
            }
        over = self.over
        return {
            "dice": None if seat is None else [] if over else self.cup(seat),
            "dice_counts": list(self.counts),
            "total_dice": sum(self.counts),
            "round": self.round,
            "opener": None if over else self.opener,
            "bid": None if self.bid < 0 else _bid_json(self.bids[-1][0], self.bid),
            "bids": [{"seat": s, "quantity": _QUANTITY[b], "face": _FACE[b]} for s, b in self.bids],
            "revealed": last,
            "rolloff": list(map(list, self.rolloff)),
            "history": [_round_json(h) for h in rounds[since:]] if since < len(rounds) else [],
            "history_len": len(rounds),
            "places": None if not over or (places := self.places) is None else list(places),
        }


def _saved_ints(values: list[Any], what: str, lo: int, hi: int) -> list[int]:
    """Every item a strict int in ``[lo, hi]``: one loop, no call an item (a save holds hundreds)."""
    for v in values:
        if type(v) is not int or not lo <= v <= hi:
            saved_int(v, what, lo, hi)  # raises, naming the value
    return values


def _saved_counts(value: Any, what: str, players: int, most: int) -> list[int]:
    return _saved_ints(saved_list(value, what, length=players), f"a seat's count in {what}", 0, most)


def _saved_bids(value: Any, what: str, players: int, total: int) -> None:
    """A list of ``[seat, bid index]`` pairs, the index within ``total`` dice (at most one bid per index)."""
    top = FACES * total - 1
    for pair in saved_list(value, what, most=FACES * total):
        if type(pair) is not list or len(pair) != 2:
            saved_list(pair, f"a bid in {what}", length=2)  # raises
        seat, b = pair
        if type(seat) is not int or type(b) is not int or not 0 <= seat < players or not 0 <= b <= top:
            saved_int(seat, f"a bidder in {what}", 0, players - 1)
            saved_int(b, f"a bid in {what}", 0, top)


def _next_with_dice(seat: int, counts: Sequence[int]) -> int:
    n = len(counts)
    t = (seat + 1) % n
    while not counts[t] and t != seat:
        t = (t + 1) % n
    return t


def _check_bids(bids: Sequence[Sequence[int]], opener: int, counts: Sequence[int]) -> int:
    """Refuse bids not made in turn from ``opener`` or not each higher; the seat to act after them."""
    seat, last = opener, -1
    for s, b in bids:
        if s != seat or b <= last:
            raise save_error("bids must rise, each by the next seat with dice from the opener")
        last = b
        seat = _next_with_dice(s, counts)
    return seat


# Quantity and face of every bid index (10 dice x 6 players): views look them up, not divide.
_QUANTITY = tuple(b.quantity for b in _BIDS)
_FACE = tuple(b.face for b in _BIDS)


def _bid_json(seat: int, index: int) -> JSON:
    return {"seat": seat, "quantity": _QUANTITY[index], "face": _FACE[index]}


def _cups(flat: Sequence[int], counts: Sequence[int]) -> list[list[int]]:
    """Cut the flat row of dice into each seat's sorted cup."""
    out, i = [], 0
    for c in counts:
        out.append(sorted(flat[i : i + c]))
        i += c
    return out


# The fields of a finished round's record in DiceState.history, in order.
_ROUND = ("round", "opener", "bids", "call", "caller", "counts", "dice", "count", "losers", "out")


def _round_json(h: Sequence[Any]) -> JSON:
    rnd, opener, bids, call, caller, counts, dice, count, losers, out = h
    return {
        "round": rnd,
        "opener": opener,
        "bids": [{"seat": s, "quantity": _QUANTITY[b], "face": _FACE[b]} for s, b in bids],
        "call": call,
        "caller": caller,
        "dice": _cups(dice, counts),
        "count": count,
        "losers": list(losers),
        "out": list(out),
    }


@register
class DiceGame(Game[DiceState]):
    """Configured Liar's Dice: players 2-6, options ``dice``, ``wild_ones``, ``spot_on``."""

    info: ClassVar[GameInfo] = INFO
    state_class = DiceState

    def _configure(self) -> None:
        self.dice: int = self.options["dice"]
        self.wild_ones: bool = self.options["wild_ones"]
        self.spot_on: bool = self.options["spot_on"]
        self._tables: dict[int, list[tuple[int, ...]]] = {}
        self._mask_tables: dict[int, list[bytes]] = {}
        self.pairs: dict[int, tuple[list[tuple[int, ...]], list[bytes]]] = {}
        n = self.players
        self.ring: list[tuple[int, ...]] = [((s + 1) % n,) for s in range(n)]
        self.start_table = self.legal_table(n * self.options["dice"])
        self.start_masks = self.mask_table(n * self.options["dice"])
        self.no_mask = bytes(self.num_actions)  # legal_mask_row() of a finished game

    @property
    def num_actions(self) -> int:
        dice: int = self.options["dice"]
        return 2 + FACES * self.players * dice

    def legal_table(self, total: int) -> list[tuple[int, ...]]:
        """With ``total`` dice in play: the legal ids after bid index ``b``, at ``[b + 1]``.

        Built once per total and shared by every state of this game, so
        ``legal_ids`` is a list lookup on the fast path.
        """
        table = self._tables.get(total)
        if table is None:
            limit = total * FACES
            head = (LIAR, SPOT_ON) if self.spot_on else (LIAR,)
            table = [tuple(range(2, limit + 2))]
            table += [head + tuple(range(b + 3, limit + 2)) for b in range(limit)]
            self._tables[total] = table
        return table

    def tables(self, total: int) -> tuple[list[tuple[int, ...]], list[bytes]]:
        """:meth:`legal_table` and :meth:`mask_table` as one pair, kept in :attr:`pairs` (one look-up)."""
        pair = self.pairs[total] = (self.legal_table(total), self.mask_table(total))
        return pair

    def mask_table(self, total: int) -> list[bytes]:
        """:meth:`legal_table` as byte masks of ``num_actions`` bytes, row by row (for ``legal_mask``)."""
        masks = self._mask_tables.get(total)
        if masks is None:
            size = self.num_actions
            masks = []
            for row in self.legal_table(total):
                mask = bytearray(size)
                k = 0
                while k < len(row) and row[k] < 2:  # the calls
                    mask[row[k]] = 1
                    k += 1
                if k < len(row):  # the bids: one run of ids (legal_table's range), set at once
                    mask[row[k] : row[-1] + 1] = b"\1" * (row[-1] + 1 - row[k])
                masks.append(bytes(mask))
            self._mask_tables[total] = masks
        return masks

    def parse_action(self, action: Any) -> DiceAction:
        if isinstance(action, (Bid, Liar, SpotOn)):
            return action
        if not isinstance(action, Mapping):
            raise IllegalAction(
                f"an action is an object like {{'type': 'liar'}}, not {action!r}",
                code="action_not_object",
                params={"value": repr(action)},
            )
        kind = action.get("type")
        if kind == "bid":
            check_keys(action, ("type", "quantity", "face"))
            q = check_int(action["quantity"], "quantity", 1, 10**6)
            f = check_int(action["face"], "face", 1, FACES)
            return _BIDS[bid_index(q, f)] if q <= 60 else Bid(q, f)
        if kind in ("liar", "spot_on"):
            check_keys(action, ("type",))
            return _LIAR if kind == "liar" else _SPOT_ON
        raise IllegalAction(
            f"unknown action type {kind!r}; types: bid, liar, spot_on",
            code="action_type_unknown",
            params={"type": repr(kind), "types": ["bid", "liar", "spot_on"]},
        )

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> DiceState:
        """A state agreeing with ``view``: other cups rolled afresh, everything public kept.

        Only the view is read.  Other seats' dice are uniform here; a bot that
        wants beliefs shaped by the bids weighs or filters the samples itself.
        """
        if (
            not isinstance(view, Mapping)
            or view.get("game") != self.id
            or view.get("players") != self.players
        ):
            raise view_error("sample_state: the view is not of this game")
        seat = view.get("seat")
        if type(seat) is not int or not 0 <= seat < self.players:
            raise view_error("sample_state needs a player's view (a spectator sees too little)")
        try:
            return self._sample(view, seat, rng)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise view_error(f"sample_state: not a consistent liars-dice view ({exc!r})") from None

    def _sample(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> DiceState:
        counts = view["dice_counts"]
        if (
            not isinstance(counts, list)
            or len(counts) != self.players
            or any(type(c) is not int or not 0 <= c <= self.dice for c in counts)
        ):
            raise view_error(f"sample_state: dice_counts must be {self.players} counts of 0 to {self.dice}")
        if not view["over"] and len(view["dice"]) != counts[seat]:
            raise view_error("sample_state: the view's own dice do not match its count")
        s: DiceState = DiceState._blank(self, Rng(rng.getrandbits(63)))
        s.to_act = tuple(view["to_act"])
        s.over = view["over"]
        s.winners = tuple(view["winners"])
        s.counts = list(view["dice_counts"])
        s.round = view["round"]
        s.opener = view["opener"] if view["opener"] is not None else -1
        bid = view["bid"]
        s.bid = -1 if bid is None else bid_index(bid["quantity"], bid["face"])
        s.bids = [[b["seat"], bid_index(b["quantity"], b["face"])] for b in view["bids"]]
        s.history = [
            [
                h["round"],
                h["opener"],
                [[b["seat"], bid_index(b["quantity"], b["face"])] for b in h["bids"]],
                h["call"],
                h["caller"],
                [len(c) for c in h["dice"]],
                [d for c in h["dice"] for d in c],
                h["count"],
                list(h["losers"]),
                list(h["out"]),
            ]
            for h in full_history(view)
        ]
        s.rolloff = [list(r) for r in view["rolloff"]]
        s.dice = []
        if not s.over:
            for i, c in enumerate(s.counts):
                s.dice += view["dice"] if i == seat else [rng.randint(1, FACES) for _ in range(c)]
        s._ring()
        return s

    def action_id(self, action: Any) -> int:
        a = self.parse_action(action)
        if isinstance(a, Bid):
            return 2 + a.index
        return LIAR if isinstance(a, Liar) else SPOT_ON

    def action_from_id(self, action_id: int) -> DiceAction:
        check_int(action_id, "action id", 0, self.num_actions - 1)
        if action_id == LIAR:
            return _LIAR
        if action_id == SPOT_ON:
            return _SPOT_ON
        return bid_of(action_id - 2)
