"""Løgnterninger, the poker version for two: rules of ``docs/rules/liars-dice-poker.md``.

One set of five dice under one cup goes back and forth between two players.
The starter rolls and passes the cup with a claim (a poker hand); the
receiver calls "liar" or accepts, looks, re-rolls any dice once and passes
the cup back with a strictly higher claim.  A call lifts the cup: the loser
of the call loses a life and starts the next round; a player with no lives
left has lost.

Integer actions (a fixed space of 536, for search and RL):

* ``0`` - ``71``: the claims, in the claim order (``CLAIMS``), so "higher"
  is "a larger id";
* ``72`` = liar, ``73`` = accept;
* ``74 + r``: re-roll the multiset of values ``REROLLS[r]``.  Every multiset
  of 0 to 5 dice values is listed once (462 of them: by size, then in
  ascending order of the sorted values), so an id means the same values
  whatever the dice are, and ``action_from_id`` needs no state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from math import factorial
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
    register,
    save_error,
    saved_bool,
    saved_int,
    saved_list,
    saved_str,
    setup_error,
    view_error,
)
from ..rng import Chance, Rng

DICE = 5
FACES = 6
# Dice values from the lowest to the highest in poker order: the ace (1) is highest.
ORDER = (2, 3, 4, 5, 6, 1)
RANK = {v: i for i, v in enumerate(ORDER)}
HANDS = (
    "nothing",
    "pair",
    "two_pairs",
    "three",
    "low_straight",
    "high_straight",
    "full_house",
    "four",
    "five",
)
LIAR = 72
ACCEPT = 73
REROLL = 74

INFO = GameInfo(
    id="liars-dice-poker",
    names={
        "en": "Poker Liar's Dice",
        "nb": "Løgnterninger – pokerutgaven for to",
        "nl": "Blufpoker voor twee",
    },
    min_players=2,
    max_players=2,
    default_players=2,
    options=(Option("lives", "int", 5, "lives per player at the start", min=1, max=10),),
    utility=(0.0, 1.0),
    summary="One cup of five dice passed back and forth; every claim a poker hand, each higher.",
)


@dataclass(frozen=True, slots=True)
class Claim:
    """A poker hand the dice under the cup are said to hold (at least).

    ``values`` names only the values that make the hand: ``(x,)`` for a pair,
    three, four or five of ``x``; ``(x, y)`` for two pairs (``x`` above ``y``)
    and a full house (three ``x`` over two ``y``); ``()`` otherwise.
    """

    hand: str
    values: tuple[int, ...] = ()

    @property
    def index(self) -> int:
        return CLAIM_INDEX[self]

    def to_json(self) -> JSON:
        return {"type": "claim", "hand": self.hand, "values": list(self.values)}

    def __str__(self) -> str:
        return " ".join([self.hand, *map(str, self.values)])


@dataclass(frozen=True, slots=True)
class Liar(BareAction):
    """Call the claim a lie: the cup is lifted."""

    TYPE = "liar"


@dataclass(frozen=True, slots=True)
class Accept(BareAction):
    """Take the cup and look at the dice; a re-roll and a higher claim must follow."""

    TYPE = "accept"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll the dice showing these values (a sub-multiset of the five held; may be empty)."""

    dice: tuple[int, ...]

    def to_json(self) -> JSON:
        return {"type": "reroll", "dice": list(self.dice)}

    def __str__(self) -> str:
        return "reroll " + (" ".join(map(str, self.dice)) or "none")


PokerAction = Claim | Liar | Accept | Reroll
_LIAR = Liar()
_ACCEPT = Accept()


def _claims() -> tuple[Claim, ...]:
    """The 72 claims from the lowest to the highest (the rules' order)."""
    out = [Claim("nothing")]
    out += [Claim("pair", (x,)) for x in ORDER]
    out += [Claim("two_pairs", (x, y)) for x in ORDER for y in ORDER if RANK[y] < RANK[x]]
    out += [Claim("three", (x,)) for x in ORDER]
    out += [Claim("low_straight"), Claim("high_straight")]
    out += [Claim("full_house", (x, y)) for x in ORDER for y in ORDER if y != x]
    out += [Claim("four", (x,)) for x in ORDER]
    out += [Claim("five", (x,)) for x in ORDER]
    return tuple(out)


CLAIMS = _claims()
CLAIM_INDEX = {c: i for i, c in enumerate(CLAIMS)}
TOP = len(CLAIMS) - 1  # five aces: only "liar" answers it
REROLLS = tuple(t for k in range(DICE + 1) for t in combinations_with_replacement(range(1, FACES + 1), k))
REROLL_INDEX = {t: i for i, t in enumerate(REROLLS)}
_REROLL_ACTIONS = tuple(Reroll(t) for t in REROLLS)
NUM_ACTIONS = REROLL + len(REROLLS)


def rolls(n: int) -> list[tuple[tuple[int, ...], float]]:
    """Every sorted multiset of ``n`` fresh dice with its chance (its orderings over ``6**n``).

    What a throw of ``n`` dice can give: the bots and the solver weigh re-rolls over it.
    """
    out = []
    for r in combinations_with_replacement(range(1, FACES + 1), n):
        ways = factorial(n)
        for v in set(r):
            ways //= factorial(r.count(v))
        out.append((r, ways / FACES**n))
    return out


def best_hand(dice: Sequence[int]) -> int:
    """The claim index of the best hand five dice form (the highest claim they hold)."""
    counts = Counter(dice)
    ranked = sorted(counts.items(), key=lambda vc: (vc[1], RANK[vc[0]]), reverse=True)
    (top, n), rest = ranked[0], ranked[1:]
    if n == 5:
        return CLAIM_INDEX[Claim("five", (top,))]
    if n == 4:
        return CLAIM_INDEX[Claim("four", (top,))]
    if n == 3:
        if rest[0][1] == 2:
            return CLAIM_INDEX[Claim("full_house", (top, rest[0][0]))]
        return CLAIM_INDEX[Claim("three", (top,))]
    if n == 2:
        if rest[0][1] == 2:
            return CLAIM_INDEX[Claim("two_pairs", (top, rest[0][0]))]
        return CLAIM_INDEX[Claim("pair", (top,))]
    values = set(counts)
    if values == {2, 3, 4, 5, 6}:
        return CLAIM_INDEX[Claim("low_straight")]
    if values == {1, 3, 4, 5, 6}:
        return CLAIM_INDEX[Claim("high_straight")]
    return 0


# The best hand of every one of the 252 sorted rolls, computed once.
BEST = {t: best_hand(t) for t in combinations_with_replacement(range(1, FACES + 1), DICE)}


def holds(dice: Sequence[int], claim: int) -> bool:
    """Do the dice hold claim index ``claim``: is their best hand at least as high?"""
    return BEST[tuple(sorted(dice))] >= claim


def _sub_multisets(dice: tuple[int, ...]) -> tuple[int, ...]:
    counts = Counter(dice)
    values = sorted(counts)
    ids = []
    for picks in product(*(range(counts[v] + 1) for v in values)):
        chosen = tuple(v for v, k in zip(values, picks, strict=True) for _ in range(k))
        ids.append(REROLL + REROLL_INDEX[chosen])
    return tuple(sorted(ids))


# The claim ids above claim index ``c``, at ``[c + 1]`` (-1: before the opening claim).
_ABOVE = tuple(tuple(range(c + 1, TOP + 1)) for c in range(-1, TOP + 1))
# The legal re-roll ids of every sorted roll.
REROLL_IDS = {t: _sub_multisets(t) for t in BEST}


def without(dice: Sequence[int], values: Sequence[int]) -> list[int] | None:
    """``dice`` less the multiset ``values``; ``None`` when ``values`` is not within ``dice``."""
    rest = list(dice)
    for v in values:
        if v not in rest:
            return None
        rest.remove(v)
    return rest


def changed(before: Sequence[int], after: Sequence[int]) -> int:
    """The fewest dice of ``before`` that must be re-rolled to give ``after``."""
    return sum((Counter(before) - Counter(after)).values())


def claim_json(seat: int, index: int) -> JSON:
    c = CLAIMS[index]
    return {"seat": seat, "hand": c.hand, "values": list(c.values)}


class PokerView(View):
    """Anyone's view of Liar's Dice Poker, a seat's or a spectator's (``docs/protocol.md``)."""

    lives: list[int]
    round: int
    starter: int | None
    holder: int | None
    phase: str | None
    dice: list[int] | None
    passed_dice: list[int] | None
    rerolled: int | None
    claim: dict[str, Any] | None
    claims: list[dict[str, Any]]
    revealed: dict[str, Any] | None
    rolloff: list[list[int | None]]


class PokerSeatView(PokerView):
    """A seat's own view of Liar's Dice Poker: what only a seat has is there (never ``None``)."""

    seat: ReadOnly[int]


class PokerState(State[PokerSeatView, PokerView]):
    """A match of Poker Liar's Dice in progress.

    ``phase`` is what the seat to act must do: ``claim`` (the holder has
    looked), ``answer`` (liar or accept, unseen), ``reroll`` (after accepting),
    or ``over``.  ``claims`` holds this round's claims as ``[seat, claim index,
    dice re-rolled before it, the five dice passed with it]``; ``rerolled`` is
    how many dice the holder re-rolled before the claim still to come.
    """

    _FIELDS = (
        "lives",
        "round",
        "starter",
        "holder",
        "phase",
        "dice",
        "rerolled",
        "claims",
        "history",
        "rolloff",
    )

    lives: list[int]
    round: int
    starter: int
    holder: int
    phase: str
    dice: list[int]
    rerolled: int
    claims: list[list[Any]]
    history: list[list[Any]]  # per finished round, fields in _ROUND order
    rolloff: list[list[int]]
    game: PokerGame

    # -- set-up -----------------------------------------------------------
    @classmethod
    def deal(cls, game: Game, rng: Chance) -> PokerState:
        return cls._start(game, rng, [game.options["lives"]] * 2, None, None)

    @classmethod
    def from_setup(cls, game: Game, rng: Chance, setup: Mapping[str, Any]) -> PokerState:
        try:
            check_keys(setup, (), ("lives", "starter", "dice"))
        except IllegalAction as exc:
            raise setup_error(f"{exc}") from None
        most = game.options["lives"]
        lives = setup.get("lives", [most, most])
        if not isinstance(lives, list) or len(lives) != 2:
            raise setup_error("lives must be a list of two numbers")
        for n in lives:
            check_int(n, "setup: lives", 1, most, GameConfigError)
        starter = setup.get("starter")
        if starter is not None:
            check_int(starter, "setup: starter", 0, 1, GameConfigError)
        dice = setup.get("dice")
        if dice is not None:
            if not isinstance(dice, list) or len(dice) != DICE:
                raise setup_error("dice must be a list of five values")
            for d in dice:
                check_int(d, "setup: a die", 1, FACES, GameConfigError)
        return cls._start(game, rng, list(lives), starter, dice)

    @classmethod
    def _start(
        cls, game: Game, rng: Chance, lives: list[int], starter: int | None, dice: list[int] | None
    ) -> PokerState:
        s: PokerState = cls._blank(game, rng)
        s.lives = lives
        s.round = 1
        s.history = []
        s.rolloff = []
        if starter is None:
            while True:  # each rolls one die, the higher starts, a tie rolls again
                row = rng.dice(2)
                s.rolloff.append(row)
                if row[0] != row[1]:
                    break
            starter = 0 if row[0] > row[1] else 1
        s._new_round(starter, sorted(dice) if dice is not None else None)
        return s

    def _new_round(self, starter: int, dice: list[int] | None = None) -> None:
        self.starter = self.holder = starter
        self.phase = "claim"
        self.dice = dice if dice is not None else sorted(self.rng.dice(DICE))
        self.rerolled = 0
        self.claims = []
        self.to_act = (starter,)

    # -- acting -----------------------------------------------------------
    @property
    def claim(self) -> int:
        """The index of the claim standing (-1 before the opening claim)."""
        return self.claims[-1][1] if self.claims else -1

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act:
            return []
        return [self.game.action_from_id(i) for i in self.legal_ids()]

    def legal_ids(self) -> Sequence[int]:
        phase = self.phase
        if phase == "claim":
            return _ABOVE[self.claim + 1]
        if phase == "answer":
            return (LIAR,) if self.claim == TOP else (LIAR, ACCEPT)
        if phase == "reroll":
            return REROLL_IDS[tuple(self.dice)]
        return ()

    def _check(self, seat: int, action: Any) -> None:
        phase = self.phase
        if phase == "claim":
            if not isinstance(action, Claim):
                raise IllegalAction("pass the cup with a claim", code="must_claim")
            if action.index <= self.claim:
                last = CLAIMS[self.claim]
                raise IllegalAction(
                    f"{action} is not higher than {last}",
                    code="claim_too_low",
                    params={"claim": str(action), "last": str(last)},
                )
        elif phase == "answer":
            if not isinstance(action, (Liar, Accept)):
                raise IllegalAction("call liar or accept the cup", code="must_answer")
            if isinstance(action, Accept) and self.claim == TOP:
                raise IllegalAction("nothing is higher than five aces: call liar", code="five_aces")
        elif not isinstance(action, Reroll):
            raise IllegalAction("choose the dice to re-roll (none is a choice)", code="must_reroll")
        elif without(self.dice, action.dice) is None:
            raise IllegalAction(
                f"the dice are {self.dice}: {list(action.dice)} is not among them",
                code="reroll_not_held",
                params={"dice": list(action.dice), "held": list(self.dice)},
            )

    def _apply(self, seat: int, action: Any) -> None:
        if isinstance(action, Claim):
            self.claims.append([seat, action.index, self.rerolled, list(self.dice)])
            self.holder = 1 - seat
            self.phase = "answer"
            self.rerolled = 0
            self.to_act = (1 - seat,)
        elif isinstance(action, Accept):
            self.phase = "reroll"
        elif isinstance(action, Reroll):
            rest = without(self.dice, action.dice) or []  # within the dice: _check saw to it
            k = len(action.dice)
            self.dice = sorted(rest + self.rng.dice(k)) if k else rest
            self.rerolled = k
            self.phase = "claim"
        else:
            self._resolve(seat)

    def _resolve(self, caller: int) -> None:
        """Lift the cup: the loser of the call loses a life and starts the next round."""
        claimant, claim = self.claims[-1][0], self.claims[-1][1]
        held = holds(self.dice, claim)
        loser = caller if held else claimant
        before = list(self.lives)
        self.history.append(
            [self.round, self.starter, before, [c[:3] for c in self.claims], self.dice, caller, held, loser]
        )
        self.lives[loser] -= 1
        if self.lives[loser] == 0:
            self.over = True
            self.winners = (1 - loser,)
            self.to_act = ()
            self.phase = "over"
            self.starter = self.holder = -1
            self.dice = []
            self.claims = []
            self.rerolled = 0
            return
        self.round += 1
        self._new_round(loser)

    # -- views ------------------------------------------------------------
    def _knows(self, seat: int | None, j: int) -> bool:
        """Does ``seat`` know the dice passed with claim ``j`` of this round?

        Its own claims, and the other's claims it accepted (it looked): every
        claim but the last, and the last once the cup was accepted.
        """
        if seat is None:
            return False
        if self.claims[j][0] == seat:
            return True
        return j < len(self.claims) - 1 or self.phase in ("reroll", "claim")

    def _view(self, seat: int | None, since: int) -> JSON:
        over = self.over
        looked = not over and seat == self.holder and self.phase in ("claim", "reroll")
        passed = None
        if seat is not None and not over and seat != self.holder:
            mine = [c for c in self.claims if c[0] == seat]
            passed = list(mine[-1][3]) if mine else None
        last = None
        if self.history:
            _, _, _, claims, dice, caller, held, loser = self.history[-1]
            last = {
                "dice": list(dice),
                "claim": claim_json(claims[-1][0], claims[-1][1]),
                "held": held,
                "caller": caller,
                "loser": loser,
            }
        rounds = self.history
        return {
            "lives": list(self.lives),
            "round": self.round,
            "starter": None if over else self.starter,
            "holder": None if over else self.holder,
            "phase": None if over else self.phase,
            "dice": list(self.dice) if looked else None,
            "passed_dice": passed,
            "rerolled": self.rerolled if self.phase == "claim" and self.claims else None,
            "claim": claim_json(self.claims[-1][0], self.claims[-1][1]) if self.claims else None,
            "claims": [
                {
                    **claim_json(c[0], c[1]),
                    "rerolled": c[2],
                    "dice": list(c[3]) if self._knows(seat, j) else None,
                }
                for j, c in enumerate(self.claims)
            ],
            "revealed": last,
            "rolloff": [list(r) for r in self.rolloff],
            "history": [_round_json(h) for h in rounds[since:]] if since < len(rounds) else [],
            "history_len": len(rounds),
        }

    # -- loading ----------------------------------------------------------
    @classmethod
    def _check_saved(cls, game: Game, data: Mapping[str, Any]) -> None:
        """Shapes, types and ranges of every saved field, before any is used."""
        super()._check_saved(game, data)
        most = game.options["lives"]
        rounds = 2 * most - 1  # a match lasts at most this many rounds
        for n in saved_list(data["lives"], "lives", length=2):
            saved_int(n, "lives", 0, most)
        saved_int(data["round"], "round", 1, rounds)
        saved_int(data["starter"], "starter", -1, 1)
        saved_int(data["holder"], "holder", -1, 1)
        if saved_str(data["phase"], "phase") not in ("claim", "answer", "reroll", "over"):
            raise save_error(f"phase {data['phase']!r:.20} is not one of claim, answer, reroll, over")
        _saved_dice(data["dice"], "dice", (0, DICE))
        saved_int(data["rerolled"], "rerolled", 0, DICE)
        for c in saved_list(data["claims"], "claims", most=len(CLAIMS)):
            _saved_claim(c, 4)
        for h in saved_list(data["history"], "history", most=rounds):
            rec = saved_list(h, "a round of the history", length=len(_ROUND))
            saved_int(rec[0], "a round's number", 1, rounds)
            saved_int(rec[1], "a round's starter", 0, 1)
            for n in saved_list(rec[2], "a round's lives", length=2):
                saved_int(n, "a round's lives", 1, most)
            for c in saved_list(rec[3], "a round's claims", most=len(CLAIMS)):
                _saved_claim(c, 3)
            _saved_dice(rec[4], "a round's dice", (DICE,))
            saved_int(rec[5], "a round's caller", 0, 1)
            saved_bool(rec[6], "a round's held")
            saved_int(rec[7], "a round's loser", 0, 1)
        for row in saved_list(data["rolloff"], "rolloff", most=10_000):
            for r in saved_list(row, "a roll-off row", length=2):
                saved_int(r, "a roll-off die", 1, FACES)

    def _check_consistent(self) -> None:
        """Replay the finished rounds and check the round in play against the rules.

        Chance (the dice) can be anything; what follows from it (who held,
        who lost, who starts, the lives, whose turn) is recomputed and compared.
        """
        lives = list(self.history[0][2]) if self.history else list(self.lives)
        starter = self._rolloff_winner()
        for i, (rnd, first, before, claims, dice, caller, held, loser) in enumerate(self.history):
            if rnd != i + 1:
                raise save_error(f"history round {i + 1} is numbered {rnd}")
            if min(lives) == 0:
                raise save_error(f"round {rnd} comes after the match was won")
            if list(before) != lives:
                raise save_error(f"round {rnd} starts with other lives than the round before left")
            if starter is not None and first != starter:
                raise save_error(f"round {rnd} is started by the wrong seat")
            if not claims:
                raise save_error(f"round {rnd} has a call but no claim")
            _check_claims(claims, first)
            if list(dice) != sorted(dice):
                raise save_error(f"round {rnd}: the dice must be sorted")
            if caller != 1 - claims[-1][0]:
                raise save_error(f"round {rnd}: the call is not by the seat after the last claim")
            if held != holds(dice, claims[-1][1]):
                raise save_error(f"round {rnd}: held does not match the dice")
            if loser != (caller if held else claims[-1][0]):
                raise save_error(f"round {rnd}: the loser is not who the call made lose")
            lives[loser] -= 1
            starter = loser
        if list(self.lives) != lives:
            raise save_error("the lives are not what the history left")
        if self.over != (min(lives) == 0):
            raise save_error("over must be true exactly when a seat has no lives left")
        if self.over:
            if self.winners != (lives.index(max(lives)),):
                raise save_error("the winner is the seat with lives left")
            if self.round != len(self.history) or self.phase != "over" or self.dice or self.claims:
                raise save_error("a finished match has no round in play")
            if (self.starter, self.holder, self.rerolled) != (-1, -1, 0):
                raise save_error("a finished match has no starter, holder or re-roll")
            return
        self._check_round(starter)

    def _check_round(self, starter: int | None) -> None:
        if self.round != len(self.history) + 1:
            raise save_error("round must be one more than the finished rounds")
        if not 0 <= self.starter <= 1 or (starter is not None and self.starter != starter):
            raise save_error("starter is not the seat the last call made start")
        if len(self.dice) != DICE or list(self.dice) != sorted(self.dice):
            raise save_error("a round in play has five sorted dice")
        if self.phase == "over":
            raise save_error("a match in play is not over")
        _check_claims([c[:3] for c in self.claims], self.starter)
        for j, c in enumerate(self.claims):
            if len(c[3]) != DICE or list(c[3]) != sorted(c[3]):
                raise save_error("a claim's dice are five sorted values")
            if j and changed(self.claims[j - 1][3], c[3]) > c[2]:
                raise save_error("a claim's dice differ in more dice than were re-rolled")
        if not self.claims:
            if self.phase != "claim" or self.holder != self.starter or self.rerolled:
                raise save_error("a round without a claim waits for the starter's claim")
        else:
            last = self.claims[-1]
            if self.holder != 1 - last[0]:
                raise save_error("the cup is with the seat the last claim passed it to")
            if self.phase == "claim":
                if changed(last[3], self.dice) > self.rerolled:
                    raise save_error("the dice differ from the passed dice in more than were re-rolled")
            elif self.dice != last[3] or self.rerolled:
                raise save_error("before a re-roll the dice are the ones passed")
        if self.to_act != (self.holder,):
            raise save_error("to_act is not the seat holding the cup")

    def _rolloff_winner(self) -> int | None:
        """The seat the roll-off made start; ``None`` when a setup chose it (no roll-off)."""
        rows = self.rolloff
        for k, (a, b) in enumerate(rows):
            if (a == b) == (k == len(rows) - 1):
                raise save_error("the roll-off goes on exactly while it is tied")
        if not rows:
            return None
        a, b = rows[-1]
        return 0 if a > b else 1


def _saved_dice(value: Any, what: str, lengths: tuple[int, ...]) -> None:
    dice = saved_list(value, what)
    if len(dice) not in lengths:
        raise save_error(f"{what} must hold {' or '.join(map(str, lengths))} dice, not {len(dice)}")
    for d in dice:
        saved_int(d, f"a die in {what}", 1, FACES)


def _saved_claim(value: Any, length: int) -> None:
    c = saved_list(value, "a claim", length=length)
    saved_int(c[0], "a claim's seat", 0, 1)
    saved_int(c[1], "a claim's index", 0, TOP)
    saved_int(c[2], "a claim's re-rolled dice", 0, DICE)
    if length == 4:
        _saved_dice(c[3], "a claim's dice", (DICE,))


def _check_claims(claims: Sequence[Sequence[int]], starter: int) -> None:
    """Claims alternate from the starter, each higher, the opening one after no re-roll."""
    seat, last = starter, -1
    for j, (s, index, rerolled) in enumerate(claims):
        if s != seat or index <= last:
            raise save_error("claims must rise, alternating from the starter")
        if j == 0 and rerolled:
            raise save_error("the opening claim follows no re-roll")
        seat, last = 1 - s, index


# The fields of a finished round's record in PokerState.history, in order.
_ROUND = ("round", "starter", "lives", "claims", "dice", "caller", "held", "loser")


def _round_json(h: Sequence[Any]) -> JSON:
    rnd, starter, lives, claims, dice, caller, held, loser = h
    return {
        "round": rnd,
        "starter": starter,
        "lives": list(lives),
        "claims": [{**claim_json(s, i), "rerolled": r} for s, i, r in claims],
        "dice": list(dice),
        "caller": caller,
        "held": held,
        "loser": loser,
    }


def _values(value: Any, hand: str) -> tuple[int, ...]:
    """The claim's values, checked against its hand's shape (arity, order, distinctness)."""
    if not isinstance(value, list):
        raise IllegalAction("a claim's values are a list", code="claim_values", params={"hand": hand})
    vals = tuple(check_int(v, "a claim's value", 1, FACES) for v in value)
    arity = {"pair": 1, "three": 1, "four": 1, "five": 1, "two_pairs": 2, "full_house": 2}.get(hand, 0)
    ok = len(vals) == arity
    if ok and hand == "two_pairs":
        ok = RANK[vals[0]] > RANK[vals[1]]
    elif ok and hand == "full_house":
        ok = vals[0] != vals[1]
    if not ok:
        raise IllegalAction(
            f"{hand} takes {arity} value(s)"
            + {"two_pairs": ", the higher pair first", "full_house": ", two different"}.get(hand, "")
            + f", not {list(vals)}",
            code="claim_values",
            params={"hand": hand},
        )
    return vals


@register
class PokerGame(Game[PokerState]):
    """Configured Poker Liar's Dice: two players, option ``lives``."""

    info: ClassVar[GameInfo] = INFO
    state_class = PokerState

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def parse_action(self, action: Any) -> PokerAction:
        if isinstance(action, (Claim, Liar, Accept, Reroll)):
            if isinstance(action, Claim) and action not in CLAIM_INDEX:
                return self.parse_action(action.to_json())  # raises, naming the fault
            return action
        if not isinstance(action, Mapping):
            raise IllegalAction(
                f"an action is an object like {{'type': 'liar'}}, not {action!r}",
                code="action_not_object",
                params={"value": repr(action)},
            )
        kind = action.get("type")
        if kind == "claim":
            check_keys(action, ("type", "hand", "values"))
            hand = action["hand"]
            if not isinstance(hand, str) or hand not in HANDS:
                raise IllegalAction(
                    f"{hand!r:.30} is not a hand; hands: {', '.join(HANDS)}",
                    code="claim_hand",
                    params={"hand": repr(hand)[:30], "hands": list(HANDS)},
                )
            return CLAIMS[CLAIM_INDEX[Claim(hand, _values(action["values"], hand))]]
        if kind == "reroll":
            check_keys(action, ("type", "dice"))
            dice = action["dice"]
            if not isinstance(dice, list) or len(dice) > DICE:
                raise IllegalAction("re-roll a list of at most five dice values", code="reroll_dice")
            values = tuple(sorted(check_int(d, "a die", 1, FACES) for d in dice))
            return _REROLL_ACTIONS[REROLL_INDEX[values]]
        if kind in ("liar", "accept"):
            check_keys(action, ("type",))
            return _LIAR if kind == "liar" else _ACCEPT
        raise IllegalAction(
            f"unknown action type {kind!r}; types: claim, liar, accept, reroll",
            code="action_type_unknown",
            params={"type": repr(kind), "types": ["claim", "liar", "accept", "reroll"]},
        )

    def action_id(self, action: Any) -> int:
        a = self.parse_action(action)
        if isinstance(a, Claim):
            return a.index
        if isinstance(a, Reroll):
            return REROLL + REROLL_INDEX[a.dice]
        return LIAR if isinstance(a, Liar) else ACCEPT

    def action_from_id(self, action_id: int) -> PokerAction:
        check_int(action_id, "action id", 0, NUM_ACTIONS - 1)
        if action_id < LIAR:
            return CLAIMS[action_id]
        if action_id == LIAR:
            return _LIAR
        if action_id == ACCEPT:
            return _ACCEPT
        return _REROLL_ACTIONS[action_id - REROLL]

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> PokerState:
        """A state agreeing with ``view``: what the seat cannot see is drawn afresh.

        Unseen dice are uniform, and a re-roll of ``k`` dice replaced ``k``
        dice chosen uniformly; a bot that wants beliefs shaped by the claims
        weighs or filters the samples itself.
        """
        if not isinstance(view, Mapping) or view.get("game") != self.id or view.get("players") != 2:
            raise view_error("sample_state: the view is not of this game")
        seat = view.get("seat")
        if type(seat) is not int or not 0 <= seat < 2:
            raise view_error("sample_state needs a player's view (a spectator sees too little)")
        try:
            return self._sample(view, seat, rng)
        except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
            raise view_error(f"sample_state: not a consistent liars-dice-poker view ({exc!r})") from None

    def _sample(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> PokerState:
        s: PokerState = PokerState._blank(self, Rng(rng.getrandbits(63)))
        s.to_act = tuple(view["to_act"])
        s.over = view["over"]
        s.winners = tuple(view["winners"])
        s.lives = list(view["lives"])
        s.round = view["round"]
        s.history = [
            [
                h["round"],
                h["starter"],
                list(h["lives"]),
                [
                    [c["seat"], CLAIM_INDEX[Claim(c["hand"], tuple(c["values"]))], c["rerolled"]]
                    for c in h["claims"]
                ],
                list(h["dice"]),
                h["caller"],
                h["held"],
                h["loser"],
            ]
            for h in full_history(view)
        ]
        s.rolloff = [list(r) for r in view["rolloff"]]
        if s.over:
            s.starter = s.holder = -1
            s.phase = "over"
            s.dice, s.claims, s.rerolled = [], [], 0
            return s
        s.starter, s.holder, s.phase = view["starter"], view["holder"], view["phase"]
        s.rerolled = view["rerolled"] or 0
        s.claims = []
        prev: list[int] | None = None
        for c in view["claims"]:
            dice = c["dice"]
            if dice is None:
                dice = _reroll_some(prev, c["rerolled"], rng)
            s.claims.append(
                [c["seat"], CLAIM_INDEX[Claim(c["hand"], tuple(c["values"]))], c["rerolled"], list(dice)]
            )
            prev = list(dice)
        if view["dice"] is not None:
            s.dice = list(view["dice"])
        elif s.phase == "claim" and s.claims:
            s.dice = _reroll_some(prev, s.rerolled, rng)
        elif s.claims:
            s.dice = list(s.claims[-1][3])
        else:
            s.dice = _reroll_some(None, DICE, rng)
        return s


def _reroll_some(dice: list[int] | None, k: int, rng: random.Random) -> list[int]:
    """``k`` of ``dice`` (all five when ``None``) replaced by fresh rolls, chosen uniformly."""
    if dice is None:
        return sorted(rng.randint(1, FACES) for _ in range(DICE))
    keep = list(dice)
    for _ in range(k):
        keep.pop(rng.randrange(len(keep)))
    return sorted(keep + [rng.randint(1, FACES) for _ in range(k)])
