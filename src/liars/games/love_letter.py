"""Kjærlighetsbrev (Love Letter with 16 ordinary cards): rules of ``docs/rules/love-letter.md``.

Each player holds one card; on your turn you draw (automatically: it is not
an action) and play one of your two cards face up, carrying out its effect.
A round ends when one player is left or at the end of the turn that emptied
the pile; then the highest card wins (ties: the highest sum of face-up cards,
then a shared win).  Rounds make a match to ``target_wins``.

Integer actions (the fast path used by search and RL) index a table built
once per game (``game.actions``, ``game.ids``): for each rank in ``K Q J T 9 8 7 6 5``
the untargeted play (K, Q, 9, and the no-effect plays of J 8 7 6 5), then
one id per target seat (J T 8 7), or per target seat and guess (6 5).
Views, history events and the sampler are in :mod:`.love_letter_view`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

from ..core import (
    JSON,
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
    saved_bool,
    saved_int,
    saved_keys,
    saved_list,
    setup_error,
    view_error,
)
from ..rng import Chance, Rng
from . import love_letter_view as lv
from .love_letter_cards import DECK, GUESSES, GUESSING, RANKS, TARGETED, VALUE

DEFAULT_WINS = {2: 7, 3: 5, 4: 4}

INFO = GameInfo(
    id="love-letter",
    names={"en": "Love Letter", "nb": "Kjærlighetsbrev", "nl": "Love Letter"},
    min_players=2,
    max_players=4,
    default_players=4,
    options=(
        Option(
            "target_wins",
            "int",
            None,
            "rounds to win the match (1 = a single round)",
            min=1,
            max=20,
            nullable=True,
            by_players=tuple(DEFAULT_WINS.items()),
        ),
    ),
    utility=(0.0, 1.0),
    ranks=False,
    summary="Draw one, play one: guess, peek, compare and swap with 16 cards; highest card wins.",
)


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (a rank code), at ``target`` (a seat), naming ``guess`` (6 and 5 only).

    Text form: ``Q``, ``7@2``, ``6@2=T``; no target on a card that needs one
    means nobody could be chosen and the card has no effect.
    """

    card: str
    target: int | None = None
    guess: str | None = None

    def to_json(self) -> JSON:
        out: JSON = {"type": "play", "card": self.card}
        if self.target is not None:
            out["target"] = self.target
        if self.guess is not None:
            out["guess"] = self.guess
        return out

    def __str__(self) -> str:
        text = self.card
        if self.target is not None:
            text += f"@{self.target}"
        if self.guess is not None:
            text += f"={self.guess}"
        return text


def parse(text: str) -> Play:
    """The inverse of ``str(action)``: ``"Q"``, ``"7@2"``, ``"6@2=T"``."""
    t = text.strip().upper()
    head, _, guess = t.partition("=")
    card, at, target = head.partition("@")
    if card in VALUE and (not at or target.isdigit()) and (not guess or guess in GUESSES):
        return Play(card, int(target) if at else None, guess or None)
    raise IllegalAction(
        f"not an action: {text!r} (forms: Q, 7@2, 6@2=T)", code="not_an_action", params={"text": text}
    )


def _shape(card: Any, target: Any, guess: Any, players: int) -> None:
    """Check the form of a play (not its legality now): which cards take a target and a guess."""
    if card not in VALUE:
        raise IllegalAction(
            f"card must be one of {' '.join(RANKS)}, not {card!r}",
            code="not_a_card",
            params={"value": repr(card)},
        )
    if target is not None:
        if card not in TARGETED:
            raise IllegalAction(f"a {card} takes no target", code="no_target_taken", params={"card": card})
        check_int(target, "target", 0, players - 1)
    if guess is not None:
        if card not in GUESSING:
            raise IllegalAction(
                f"a {card} takes no guess; only a 6 or a 5 names a card",
                code="no_guess_taken",
                params={"card": card},
            )
        if guess not in GUESSES:
            raise IllegalAction(
                f"a guess names a card of 7 or higher ({' '.join(GUESSES)}), not {guess!r}",
                code="bad_guess",
                params={"value": repr(guess)},
            )
        if target is None:
            raise IllegalAction("a guess needs a target", code="guess_needs_target")
    elif card in GUESSING and target is not None:
        raise IllegalAction(
            f"a {card} at a player must name a card: guess one of {' '.join(GUESSES)}",
            code="guess_needed",
            params={"card": card},
        )
    if card == "T" and target is None:
        raise IllegalAction(
            "a 10 always has a target (yourself when nobody else can be chosen)",
            code="target_needed",
            params={"card": "T"},
        )


class LoveView(View):
    """Anyone's view of Love Letter, a seat's or a spectator's (``docs/protocol.md``, love-letter)."""

    hand: ReadOnly[list[str] | None]  # ``None`` only in a spectator's view
    played: list[list[str]]
    out: list[bool]
    protected: list[bool]
    deck_size: int
    set_aside_down: bool
    round: int
    starter: int
    round_wins: list[int]
    target_wins: int
    known: dict[str, str]
    unseen: dict[str, int]


class LoveSeatView(LoveView):
    """A seat's own view of Love Letter: what only a seat has is there (never ``None``)."""

    seat: ReadOnly[int]
    hand: ReadOnly[list[str]]


class LoveState(State[LoveSeatView, LoveView]):
    """A match of Love Letter in progress; ``to_act`` is the one seat whose turn it is."""

    _FIELDS = (
        "round",
        "round_wins",
        "starter",
        "hands",
        "deck",
        "set_aside",
        "played",
        "out",
        "protected",
        "known",
        "history",
        "deals",
    )
    __slots__ = (*_FIELDS, "_now")

    round: int
    round_wins: list[int]
    starter: int
    hands: list[list[str]]  # one card each, two for the seat whose turn it is; [] when out
    deck: list[str]  # top first
    set_aside: str | None  # None once a 10 on an empty pile handed it out
    played: list[list[str]]  # face up in front of each seat, in order
    out: list[bool]
    protected: list[bool]
    known: list[dict[str, str]]  # known[u][str(t)]: what u knows for certain t holds now
    history: list[JSON]  # events; secret details carry "_for" (see love_letter_view)
    deals: list[JSON]  # per round, how it was dealt (see _begin_round): what load replays from
    game: LoveGame
    _now: tuple[tuple[int, ...], frozenset[int]] | None  # this turn's legal ids, once asked (not saved)

    # -- set-up -----------------------------------------------------------
    @classmethod
    def deal(cls, game: Game, rng: Chance) -> LoveState:
        s = cls._blank(game, rng)
        n = game.players
        s.round = 0
        s.round_wins = [0] * n
        s.history = []
        s.deals = []
        s._new_round(rng.below(n))
        return s

    @classmethod
    def from_setup(cls, game: Game, rng: Chance, setup: Mapping[str, Any]) -> LoveState:
        try:
            check_keys(
                setup,
                ("hands", "set_aside", "deck"),
                ("played", "starter", "round_wins", "protected", "known"),
            )
        except IllegalAction as exc:
            raise setup_error(f"{exc}") from None
        n = game.players
        hands = _cards_lists(setup["hands"], n, "hands")
        played = _cards_lists(setup.get("played", [[] for _ in range(n)]), n, "played")
        deck = _cards(setup["deck"], "deck")
        aside = setup["set_aside"]
        if aside not in VALUE:
            raise setup_error(f"set_aside must be one of {' '.join(RANKS)}, not {aside!r}")
        if any(len(h) > 1 for h in hands):
            raise setup_error("a hand holds one card (or none for a seat that is out)")
        inside = [i for i, h in enumerate(hands) if h]
        if len(inside) < 2:
            raise setup_error("at least two seats must hold a card")
        if not deck:
            raise setup_error("the deck must not be empty (the starter draws from it)")
        everything = sorted([*deck, aside, *(c for h in hands for c in h), *(c for p in played for c in p)])
        if everything != sorted(DECK):
            raise setup_error(f"the 16 cards ({' '.join(DECK)}) must each be in exactly one place")
        starter = setup.get("starter")
        if starter is None:
            starter = inside[rng.below(len(inside))]
        check_int(starter, "setup: starter", 0, n - 1, GameConfigError)
        if not hands[starter]:
            raise setup_error("the starter must hold a card")
        wins = setup.get("round_wins", [0] * n)
        target = cast(LoveGame, game).target_wins
        if not isinstance(wins, list) or len(wins) != n:
            raise setup_error(f"round_wins must be a list of {n} numbers")
        for w in wins:
            check_int(w, "setup: round_wins", 0, target - 1, GameConfigError)
        position: JSON = {
            "starter": starter,
            "hands": hands,
            "set_aside": aside,
            "deck": deck,
            "played": played,
            "protected": _setup_protected(setup.get("protected"), [not h for h in hands]),
            "known": _setup_known(setup.get("known"), hands),
            "round_wins": list(wins),
        }
        s = cls._blank(game, rng)
        s.round = 0
        s.round_wins = list(wins)
        s.history = []
        s.deals = []
        s._begin_round(position)
        return s

    def _new_round(self, starter: int) -> None:
        """Shuffle the 16 cards, deal one each, set one aside; the starter draws."""
        cards = list(DECK)
        self.rng.shuffle(cards)
        self._begin_round({"starter": starter, "cards": cards})

    def _begin_round(self, deal: JSON) -> None:
        """Start the next round from its deal: a shuffle's ``cards``, or a setup's whole position.

        Every round's deal is kept in ``deals`` (never changed once made), so
        that :func:`liars.load` can check a save by replaying it through these
        same rules (:meth:`_check_consistent`) rather than a second copy of them.
        """
        n = self.game.players
        self.deals.append(deal)
        self.round += 1
        starter = self.starter = deal["starter"]
        cards = deal.get("cards")
        if cards is not None:
            self.hands = [[c] for c in cards[:n]]
            self.set_aside = cards[n]
            self.deck = cards[n + 1 :]
            self.played = [[] for _ in range(n)]
            self.out = [False] * n
            self.protected = [False] * n
            self.known = [{} for _ in range(n)]
        else:
            self.hands = [list(h) for h in deal["hands"]]
            self.set_aside = deal["set_aside"]
            self.deck = list(deal["deck"])
            self.played = [list(p) for p in deal["played"]]
            self.out = [not h for h in self.hands]
            self.protected = list(deal["protected"])
            self.known = [dict(k) for k in deal["known"]]
        self.history.append({"type": "round", "round": self.round, "starter": starter})
        self._begin_turn(starter)

    def _begin_turn(self, seat: int) -> None:
        """Protection ends when its owner's turn comes round again; then they draw."""
        self.protected[seat] = False
        self.hands[seat].append(self.deck.pop(0))
        self.to_act = (seat,)
        self._now = None

    # -- loading ----------------------------------------------------------
    @classmethod
    def _check_saved(cls, game: Game, data: Mapping[str, Any]) -> None:
        super()._check_saved(game, data)
        n, target = game.players, cast(LoveGame, game).target_wins
        rounds = n * (target - 1) + 1  # a round gives at least one seat a win
        saved_int(data["round"], "round", 1, rounds)
        for w in saved_list(data["round_wins"], "round_wins", length=n):
            saved_int(w, "round_wins", 0, target)
        saved_int(data["starter"], "starter", 0, n - 1)
        for h in saved_list(data["hands"], "hands", length=n):
            _saved_codes(h, "a hand", 2)
        _saved_codes(data["deck"], "deck", len(DECK))
        if data["set_aside"] is not None:
            _saved_code(data["set_aside"], "set_aside")
        for p in saved_list(data["played"], "played", length=n):
            _saved_codes(p, "a played pile", len(DECK))
        for key in ("out", "protected"):
            for b in saved_list(data[key], key, length=n):
                saved_bool(b, key)
        for k in saved_list(data["known"], "known", length=n):
            if not isinstance(k, dict) or any(t not in _SEAT_KEYS[:n] for t in k):
                raise save_error("known holds per seat an object keyed by other seats")
            for c in k.values():
                _saved_code(c, "a known card")
        for e in saved_list(data["history"], "history", most=64 * rounds):
            _saved_event(e, n, target)
        deals = saved_list(data["deals"], "deals", most=rounds)
        if len(deals) != data["round"]:
            raise save_error("deals: one per round played")
        for i, d in enumerate(deals):
            _saved_deal(d, i, n)

    def _check_consistent(self) -> None:
        """Replay the save through the rules themselves: it loads only if play makes exactly it.

        The first round starts from its recorded deal (by :meth:`from_setup`
        when a setup made it, which checks the position as a setup is
        checked); every ``play`` in the history is taken by :meth:`act`
        (turn, legality, effects); each later round is dealt as recorded
        (:class:`_Replaying`).  The events the rules produce must be the
        saved ones, and at the end every field must be the saved one: cards,
        knowledge, protection, turns, scores and winners follow from play.
        """
        game, n = self.game, self.game.players
        first = self.deals[0]
        try:
            if "cards" in first:
                r = _Replaying._blank(game, Rng(0))
                r.round, r.round_wins, r.history, r.deals = 0, [0] * n, [], []
                r._begin_round(first)
            else:
                r = cast(_Replaying, _Replaying.from_setup(game, Rng(0), first))
        except GameConfigError as exc:
            raise save_error(f"deals: the first round cannot be set up so ({exc})") from None
        r.script = list(self.deals[1:])
        events, done = self.history, 0
        while True:
            made = r.history[done:]
            if made != events[done : done + len(made)]:
                raise save_error(
                    f"history: entry {done} on is not what the rules give after the plays before"
                )
            done = len(r.history)
            if done >= len(events):
                break
            e = events[done]
            if r.over or e["type"] != "play":
                raise save_error(f"history: entry {done} is not a play, where the rules wait for one")
            try:
                action = game.parse_action({k: e[k] for k in ("type", "card", "target", "guess") if k in e})
                r.act(e["seat"], action)
            except IllegalAction as exc:
                raise save_error(f"history: entry {done} is not a legal play ({exc})") from None
        if r.script:
            raise save_error("deals: more deals than rounds played")
        for name in self._FIELDS:
            if getattr(r, name) != getattr(self, name):
                raise save_error(f"{name} is not what replaying the history gives")
        if (r.to_act, r.over, r.winners) != (self.to_act, self.over, self.winners):
            raise save_error("to_act, over and winners are not what replaying the history gives")

    # -- legality ---------------------------------------------------------
    def _mask(self, seat: int) -> int:
        """The seats ``seat`` may choose (others, in, unprotected) as a bit mask."""
        out, prot = self.out, self.protected
        m = 0
        for t in range(self.game.players):
            if t != seat and not out[t] and not prot[t]:
                m |= 1 << t
        return m

    def _legal(self) -> tuple[tuple[int, ...], frozenset[int]]:
        """This turn's legal ids and their set; asked once a turn (legal_ids, then act_id ask again)."""
        got = self._now
        if got is None:
            seat = self.to_act[0]
            hand = self.hands[seat]
            got = self._now = self.game.legal(hand[0], hand[1], seat, self._mask(seat))
        return got

    @classmethod
    def _blank(cls, game: Game, rng: Chance) -> Self:
        s = super()._blank(game, rng)
        s._now = None
        return s

    def _restore(self, data: Mapping[str, Any]) -> None:
        super()._restore(data)
        self._now = None

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act:
            return []
        acts = self.game.actions
        return [acts[i] for i in self._legal()[0]]

    def legal_ids(self) -> Sequence[int]:
        if not self.to_act:
            return ()
        return self._legal()[0]

    def _check(self, seat: int, action: Any) -> None:
        """Legal exactly when its id is in :meth:`LoveGame.legal`'s set (the one legality rule).

        The object and JSON paths come here through ``parse_action``; only
        a refusal goes on to :meth:`_why_not`, which says which rule it broke.
        """
        if self.game.ids[action] not in self._legal()[1]:
            raise self._why_not(seat, action)

    def _why_not(self, seat: int, action: Any) -> IllegalAction:
        """The rule an illegal play breaks, for its message and code (never decides legality)."""
        p: Play = action
        hand = self.hands[seat]
        if p.card not in hand:
            return IllegalAction(
                f"you hold {' and '.join(hand)}: you cannot play a {p.card}",
                code="not_in_hand",
                params={"seat": seat, "cards": [p.card]},
            )
        if "Q" in hand and p.card != "Q" and ("J" in hand or "T" in hand):
            return IllegalAction("with the Q and a J or a 10 in hand you must play the Q", code="must_play_q")
        if p.target is None:
            mask = self._mask(seat)
            free = [t for t in range(self.game.players) if mask >> t & 1]
            return IllegalAction(
                f"a {p.card} must choose a player: one of {free}",
                code="target_needed",
                params={"card": p.card, "free": free},
            )
        if p.target == seat:
            return IllegalAction(
                f"a {p.card} must choose another player, not yourself",
                code="target_self",
                params={"card": p.card},
            )
        if self.out[p.target]:
            return IllegalAction(
                f"seat {p.target} is out of the round", code="target_out", params={"target": p.target}
            )
        # another seat in the round, and still not free: a 9 protects it
        return IllegalAction(
            f"seat {p.target} is protected by a 9 until their next turn",
            code="target_protected",
            params={"target": p.target},
        )

    def act_id(self, action_id: int) -> None:
        if self.over:
            raise IllegalAction("the game is over", code="game_over")
        if type(action_id) is not int:
            raise IllegalAction(
                f"an action id is a whole number, not {action_id!r}",
                code="action_id_not_int",
                params={"id": repr(action_id)},
            )
        ids, allowed = self._legal()
        if action_id not in allowed:
            raise illegal_id(action_id, ids)
        self._apply(self.to_act[0], self.game.actions[action_id])

    # -- effects ----------------------------------------------------------
    def _apply(self, seat: int, action: Any) -> None:
        p: Play = action
        card, t = p.card, p.target
        hands, known = self.hands, self.known
        hands[seat].remove(card)
        self.played[seat].append(card)
        key = str(seat)
        for k in known:
            if k.get(key) == card:  # they knew this card: what is left is no longer certain
                del k[key]
        event: JSON = {"type": "play", "seat": seat, "card": card}
        self.history.append(event)
        if t is not None:
            event["target"] = t
        if card == "K":
            self._knock_out(seat)
        elif card == "9":
            self.protected[seat] = True
        elif t is None or card == "Q":
            pass  # Q, or nobody could be chosen: no effect
        elif card in GUESSING:
            event["guess"] = p.guess
            event["hit"] = hit = hands[t][0] == p.guess
            if hit:
                self._knock_out(t)
        elif card == "7":
            event["seen"] = known[seat][str(t)] = hands[t][0]
            event["_for"] = [seat]
        elif card == "8":
            self._compare(seat, t, event)
        elif card == "J":
            mine, theirs = hands[seat][0], hands[t][0]
            hands[seat][0], hands[t][0] = theirs, mine
            event["gave"], event["got"], event["_for"] = mine, theirs, [seat, t]
            ks, kt = str(seat), str(t)
            for u, k in enumerate(known):
                if u != seat and u != t:  # what u knew moves with the card
                    a, b = k.pop(ks, None), k.pop(kt, None)
                    if b is not None:
                        k[ks] = b
                    if a is not None:
                        k[kt] = a
            known[seat][kt] = mine
            known[t][ks] = theirs
        else:
            self._prince(t, event)
        self._end_turn(seat)

    def _compare(self, seat: int, t: int, event: JSON) -> None:
        """8: the two show each other their cards; the lower is out; nobody else sees."""
        mine, theirs = self.hands[seat][0], self.hands[t][0]
        event["cards"], event["_for"] = [mine, theirs], [seat, t]
        self.known[seat][str(t)] = theirs
        self.known[t][str(seat)] = mine
        loser = None if mine == theirs else (seat if VALUE[mine] < VALUE[theirs] else t)
        event["loser"] = loser
        if loser is not None:
            self._knock_out(loser)

    def _prince(self, t: int, event: JSON) -> None:
        """10: the target discards face up (a K puts them out) and draws, or takes the set-aside card."""
        old = self.hands[t].pop()
        self.played[t].append(old)
        event["discarded"] = old
        key = str(t)
        for k in self.known:
            k.pop(key, None)
        if old == "K":
            self._knock_out(t)
            return
        if self.deck:
            new = self.deck.pop(0)
            event["from_set_aside"] = False
        else:
            new = self.set_aside or ""  # always there: only the last turn empties the pile
            self.set_aside = None
            event["from_set_aside"] = True
        self.hands[t].append(new)
        event["drew"], event["_for"] = new, [t]

    def _knock_out(self, seat: int) -> None:
        """Out of the round: the last card goes face up; nobody knows anything of that hand now."""
        hand = self.hands[seat]
        card = hand.pop() if hand else None
        if card is not None:
            self.played[seat].append(card)
        self.out[seat] = True
        self.protected[seat] = False
        key = str(seat)
        for k in self.known:
            k.pop(key, None)
        self.history.append({"type": "out", "seat": seat, "card": card})

    def _end_turn(self, seat: int) -> None:
        n = self.game.players
        inside = [s for s in range(n) if not self.out[s]]
        if len(inside) == 1:
            self._end_round(inside, "last")
        elif not self.deck:
            self._end_round(inside, "deck")
        else:
            nxt = (seat + 1) % n
            while self.out[nxt]:
                nxt = (nxt + 1) % n
            self._begin_turn(nxt)

    def _end_round(self, inside: list[int], reason: str) -> None:
        """Highest card, then highest sum of face-up cards, then shared; then the next round or the end."""
        event: JSON = {"type": "round_end", "round": self.round, "reason": reason}
        if reason == "deck":
            event["hands"] = {str(s): self.hands[s][0] for s in inside}
            event["sums"] = {str(s): sum(VALUE[c] for c in self.played[s]) for s in inside}
            best = max((VALUE[self.hands[s][0]], event["sums"][str(s)]) for s in inside)
            inside = [s for s in inside if (VALUE[self.hands[s][0]], event["sums"][str(s)]) == best]
        for s in inside:
            self.round_wins[s] += 1
        event["winners"] = inside
        event["round_wins"] = list(self.round_wins)
        self.history.append(event)
        target = self.game.target_wins
        champions = [s for s, w in enumerate(self.round_wins) if w >= target]
        if champions:
            self.over = True
            self.winners = tuple(champions)
            self.to_act = ()
            return
        self._new_round(inside[self.rng.below(len(inside))] if len(inside) > 1 else inside[0])

    def clone(self) -> LoveState:
        """A copy without the JSON round trip (search clones a lot).

        History events are never changed once their action is over, so the
        copy shares them.
        """
        s = self._blank(self.game, self.rng.copy())
        s.to_act, s.over, s.winners = self.to_act, self.over, self.winners
        s.round, s.round_wins, s.starter = self.round, list(self.round_wins), self.starter
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.set_aside = self.set_aside
        s.played = [list(p) for p in self.played]
        s.out = list(self.out)
        s.protected = list(self.protected)
        s.known = [dict(k) for k in self.known]
        s.history = list(self.history)
        s.deals = list(self.deals)
        return s

    # -- views ------------------------------------------------------------
    def _view(self, seat: int | None, since: int) -> JSON:
        return lv.view(self, seat, since)


_SEAT_KEYS = tuple(str(s) for s in range(4))
# Per kind of event, its keys: required, then optional (a play's depend on its card, see _saved_event).
_EVENT_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "round": (("type", "round", "starter"), ()),
    "out": (("type", "seat", "card"), ()),
    "round_end": (("type", "round", "reason", "winners", "round_wins"), ("hands", "sums")),
}
# The keys a play at a target adds, per card (a 10's depend on what was discarded).
_PLAY_KEYS = {
    "6": ("guess", "hit"),
    "5": ("guess", "hit"),
    "7": ("seen", "_for"),
    "8": ("cards", "_for", "loser"),
    "J": ("gave", "got", "_for"),
}


def _saved_code(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in VALUE:
        raise save_error(f"{what} must be a rank code ({' '.join(RANKS)}), not {value!r:.20}")
    return value


def _saved_codes(value: Any, what: str, most: int) -> list[str]:
    return [_saved_code(c, f"a card in {what}") for c in saved_list(value, what, most=most)]


def _saved_seat_map(value: Any, what: str, n: int) -> dict[str, Any]:
    if not isinstance(value, dict) or any(k not in _SEAT_KEYS[:n] for k in value):
        raise save_error(f"{what} is an object keyed by seats")
    return value


def _saved_event(e: Any, n: int, target: int) -> None:
    """One history event's keys and value types (what the view and the replay read of it)."""
    if not isinstance(e, dict) or e.get("type") not in ("round", "out", "round_end", "play"):
        raise save_error("a history event is an object of type round, play, out or round_end")
    kind = e["type"]
    if kind == "play":
        card = _saved_code(e.get("card"), "a played card")
        keys: tuple[str, ...] = ("type", "seat", "card")
        if "target" in e:
            extra = _PLAY_KEYS.get(card)
            if card == "T":
                extra = ("discarded",)
                if e.get("discarded") != "K":
                    extra += ("from_set_aside", "drew", "_for")
            if extra is None:
                raise save_error(f"a {card} takes no target")
            keys += ("target", *extra)
            saved_int(e["target"], "a play's target", 0, n - 1)
        saved_keys(e, keys, f"a {card} play event")
        saved_int(e["seat"], "a play's seat", 0, n - 1)
        for key in ("guess", "seen", "gave", "got", "discarded", "drew"):
            if key in e:
                _saved_code(e[key], f"a play's {key}")
        if "guess" in e and e["guess"] not in GUESSES:
            raise save_error("a guess names a card of 7 or higher")
        for key in ("hit", "from_set_aside"):
            if key in e:
                saved_bool(e[key], f"a play's {key}")
        if "cards" in e and len(_saved_codes(e["cards"], "an 8's cards", 2)) != 2:
            raise save_error("an 8 shows two cards")
        if "loser" in e and e["loser"] is not None:
            saved_int(e["loser"], "an 8's loser", 0, n - 1)
        if "_for" in e:
            for s in saved_list(e["_for"], "a play's _for", most=2):
                saved_int(s, "a seat in _for", 0, n - 1)
        return
    required, optional = _EVENT_KEYS[kind]
    if kind == "round_end":
        if e.get("reason") not in ("last", "deck"):
            raise save_error("a round ends because one seat is left (last) or the deck is empty (deck)")
        required += optional if e["reason"] == "deck" else ()
    saved_keys(e, required, f"a {kind} event")
    if kind == "round":
        saved_int(e["round"], "a round event's round", 1, n * target)
        saved_int(e["starter"], "a round event's starter", 0, n - 1)
    elif kind == "out":
        saved_int(e["seat"], "an out event's seat", 0, n - 1)
        if e["card"] is not None:
            _saved_code(e["card"], "an out event's card")
    else:
        saved_int(e["round"], "a round_end's round", 1, n * target)
        for s in saved_list(e["winners"], "a round's winners", most=n):
            saved_int(s, "a round's winner", 0, n - 1)
        for w in saved_list(e["round_wins"], "a round_end's round_wins", length=n):
            saved_int(w, "a round_end's round_wins", 0, target)
        if "hands" in e:
            for c in _saved_seat_map(e["hands"], "a round_end's hands", n).values():
                _saved_code(c, "a round_end's hand")
            for v in _saved_seat_map(e["sums"], "a round_end's sums", n).values():
                saved_int(v, "a round_end's sum", 0, 200)


class _Replaying(LoveState):
    """The rules' own course, with each new round dealt as the save recorded it (load's check).

    Only the deal differs from play: :meth:`_new_round` takes the next
    recorded deal instead of shuffling, and checks that a winner of the round
    before starts it (as the rules choose).
    """

    __slots__ = ("script",)
    script: list[JSON]

    def _new_round(self, starter: int) -> None:
        if not self.script:
            raise save_error("deals: a round began that no deal records")
        deal = self.script.pop(0)
        if deal["starter"] not in self.history[-1]["winners"]:
            raise save_error("deals: a round is started by a winner of the round before")
        self._begin_round(deal)


_SETUP_DEAL = ("starter", "hands", "set_aside", "deck", "played", "protected", "known", "round_wins")


def _saved_deal(d: Any, i: int, n: int) -> None:
    """A recorded deal's shape: a shuffle (``starter``, ``cards``) or, for round 1 only, a setup's position.

    A setup position is checked in full by :meth:`LoveState.from_setup` when
    the replay starts from it; here only that nothing in it is unbounded.
    """
    if not isinstance(d, dict):
        raise save_error("a deal is an object")
    if "cards" in d:
        saved_keys(d, ("starter", "cards"), "a deal")
        saved_int(d["starter"], "a deal's starter", 0, n - 1)
        if sorted(_saved_codes(d["cards"], "a deal", len(DECK))) != sorted(DECK):
            raise save_error(f"a deal shuffles the 16 cards ({' '.join(DECK)})")
        return
    if i:
        raise save_error("deals: only the first round may come from a setup")
    saved_keys(d, _SETUP_DEAL, "a setup's deal")
    saved_int(d["starter"], "a deal's starter", 0, n - 1)
    for key in ("hands", "played"):
        for h in saved_list(d[key], f"a deal's {key}", length=n):
            _saved_codes(h, f"a deal's {key}", len(DECK))
    _saved_codes(d["deck"], "a deal's deck", len(DECK))
    for key in ("protected", "known", "round_wins"):
        saved_list(d[key], f"a deal's {key}", length=n)


def _setup_protected(value: Any, out: list[bool]) -> list[bool]:
    """A setup's protection by a 9 (default none): only seats still in (the starter's ends at once)."""
    n = len(out)
    if value is None:
        return [False] * n
    if not isinstance(value, list) or len(value) != n or any(type(b) is not bool for b in value):
        raise setup_error(f"protected must be a list of {n} true/false values")
    if any(b and o for b, o in zip(value, out, strict=True)):
        raise setup_error("a seat that is out cannot be protected")
    return list(value)


def _setup_known(value: Any, hands: list[list[str]]) -> list[dict[str, str]]:
    """A setup's certain knowledge (default none): per seat, the cards it has seen in other hands.

    Why a setup may say it: a position in the middle of a round (a search's
    sampled world) carries who has looked at whose card, and the players'
    choices depend on it.  Each entry must be the card that hand holds.
    """
    n = len(hands)
    if value is None:
        return [{} for _ in range(n)]
    if not isinstance(value, list) or len(value) != n or any(not isinstance(k, dict) for k in value):
        raise setup_error(f"known must be a list of {n} objects (seat -> card)")
    for u, k in enumerate(value):
        for t, c in k.items():
            if t not in _SEAT_KEYS[:n] or int(t) == u or hands[int(t)] != [c]:
                raise setup_error(f"known: seat {u} can only know the card another seat in holds")
    return [dict(k) for k in value]


def _cards(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or any(c not in VALUE for c in value):
        raise setup_error(f"{name} must be a list of rank codes ({' '.join(RANKS)})")
    return list(value)


def _cards_lists(value: Any, n: int, name: str) -> list[list[str]]:
    if not isinstance(value, list) or len(value) != n:
        raise setup_error(f"{name} must be a list of {n} lists of rank codes")
    return [_cards(v, name) for v in value]


@register
class LoveGame(Game[LoveState]):
    """Configured Love Letter: players 2-4, option ``target_wins``."""

    info: ClassVar[GameInfo] = INFO
    state_class = LoveState

    def _configure(self) -> None:
        wins = self.options["target_wins"]
        self.target_wins: int = DEFAULT_WINS[self.players] if wins is None else wins
        n = self.players
        acts: list[Play] = []
        for card in RANKS:
            if card != "T":
                acts.append(Play(card))
            if card in TARGETED:
                for t in range(n):
                    if card in GUESSING:
                        acts.extend(Play(card, t, g) for g in GUESSES)
                    else:
                        acts.append(Play(card, t))
        self.actions: tuple[Play, ...] = tuple(acts)
        self.ids: dict[Play, int] = {a: i for i, a in enumerate(acts)}
        self._cards: dict[tuple[str, int, int], tuple[int, ...]] = {}
        self._legal: dict[tuple[str, str, int, int], tuple[tuple[int, ...], frozenset[int]]] = {}

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def _card_ids(self, card: str, seat: int, mask: int) -> tuple[int, ...]:
        key = (card, seat, mask)
        got = self._cards.get(key)
        if got is None:
            ids = self.ids
            targets = [t for t in range(self.players) if mask >> t & 1]
            if card == "T":
                got = tuple(ids[Play("T", t)] for t in sorted([*targets, seat]))
            elif card not in TARGETED or not targets:
                got = (ids[Play(card)],)
            elif card in GUESSING:
                got = tuple(ids[Play(card, t, g)] for t in targets for g in GUESSES)
            else:
                got = tuple(ids[Play(card, t)] for t in targets)
            self._cards[key] = got
        return got

    def legal(self, a: str, b: str, seat: int, mask: int) -> tuple[tuple[int, ...], frozenset[int]]:
        """The legal ids (and their set) for a hand ``a b``; built once per situation, then looked up."""
        key = (a, b, seat, mask)
        got = self._legal.get(key)
        if got is None:
            if "Q" in (a, b) and ("J" in (a, b) or "T" in (a, b)):
                ids: tuple[int, ...] = (self.ids[Play("Q")],)
            elif a == b:
                ids = self._card_ids(a, seat, mask)
            else:
                ids = self._card_ids(a, seat, mask) + self._card_ids(b, seat, mask)
            got = self._legal[key] = (ids, frozenset(ids))
        return got

    def parse_action(self, action: Any) -> Play:
        if isinstance(action, Play):
            _shape(action.card, action.target, action.guess, self.players)
            return action
        if not isinstance(action, Mapping):
            raise IllegalAction(
                f"an action is an object like {{'type': 'play', 'card': 'Q'}}, not {action!r}",
                code="action_not_object",
                params={"value": repr(action)},
            )
        kind = action.get("type")
        if kind != "play":
            raise IllegalAction(
                f"unknown action type {kind!r}; the only type is play",
                code="action_type_unknown",
                params={"type": repr(kind), "types": ["play"]},
            )
        check_keys(action, ("type", "card"), ("target", "guess"))
        if "target" in action and action["target"] is None:
            raise IllegalAction(
                "leave out target rather than giving null", code="null_key", params={"key": "target"}
            )
        if "guess" in action and action["guess"] is None:
            raise IllegalAction(
                "leave out guess rather than giving null", code="null_key", params={"key": "guess"}
            )
        card, target, guess = action["card"], action.get("target"), action.get("guess")
        _shape(card, target, guess, self.players)
        return Play(card, target, guess)

    def action_id(self, action: Any) -> int:
        return self.ids[self.parse_action(action)]

    def action_from_id(self, action_id: int) -> Play:
        check_int(action_id, "action id", 0, self.num_actions - 1)
        return self.actions[action_id]

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> LoveState:
        # A view of another game, or a broken one, is the documented refusal, not a KeyError.
        if (
            not isinstance(view, Mapping)
            or view.get("game") != self.id
            or view.get("players") != self.players
        ):
            raise view_error("sample_state: the view is not of this game")
        try:
            return lv.sample(self, view, rng)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise view_error(f"sample_state: not a consistent love-letter view ({exc!r})") from None
