"""Kjærlighetsbrev (Love Letter with 16 ordinary cards): rules of ``../shared/rules/love-letter.md``.

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
from typing import Any, ClassVar

from ..core import (
    JSON,
    Game,
    GameConfigError,
    GameInfo,
    IllegalAction,
    Option,
    State,
    check_int,
    check_keys,
    register,
    setup_error,
)
from ..rng import Rng
from . import love_letter_view as lv
from .love_letter_cards import DECK, GUESSES, GUESSING, RANKS, TARGETED, VALUE

DEFAULT_WINS = {2: 7, 3: 5, 4: 4}

INFO = GameInfo(
    id="love-letter",
    names={"en": "Love Letter", "nb": "Kjærlighetsbrev", "nl": "Liefdesbrief"},
    min_players=2,
    max_players=4,
    default_players=4,
    options=(
        Option(
            "target_wins",
            "int",
            None,
            "rounds to win the match (default 7 / 5 / 4 for 2 / 3 / 4 players; 1 = a single round)",
            min=1,
            max=20,
            nullable=True,
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


class LoveState(State):
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
    )
    __slots__ = _FIELDS

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
    game: LoveGame

    # -- set-up -----------------------------------------------------------
    @classmethod
    def deal(cls, game: Game, rng: Rng) -> LoveState:
        s: LoveState = cls._blank(game, rng)  # type: ignore[assignment]
        n = game.players
        s.round = 0
        s.round_wins = [0] * n
        s.history = []
        s._new_round(rng.below(n))
        return s

    @classmethod
    def from_setup(cls, game: Game, rng: Rng, setup: Mapping[str, Any]) -> LoveState:
        try:
            check_keys(setup, ("hands", "set_aside", "deck"), ("played", "starter", "round_wins"))
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
        target = game.target_wins  # type: ignore[attr-defined]
        if not isinstance(wins, list) or len(wins) != n:
            raise setup_error(f"round_wins must be a list of {n} numbers")
        for w in wins:
            check_int(w, "setup: round_wins", 0, target - 1, GameConfigError)
        s: LoveState = cls._blank(game, rng)  # type: ignore[assignment]
        s.round = 1
        s.round_wins = list(wins)
        s.starter = starter
        s.hands = hands
        s.deck = deck
        s.set_aside = aside
        s.played = played
        s.out = [not h for h in hands]
        s.protected = [False] * n
        s.known = [{} for _ in range(n)]
        s.history = [{"type": "round", "round": 1, "starter": starter}]
        s._begin_turn(starter)
        return s

    def _new_round(self, starter: int) -> None:
        """Shuffle the 16 cards, deal one each, set one aside; the starter draws."""
        n = self.game.players
        cards = list(DECK)
        self.rng.shuffle(cards)
        self.round += 1
        self.starter = starter
        self.hands = [[c] for c in cards[:n]]
        self.set_aside = cards[n]
        self.deck = cards[n + 1 :]
        self.played = [[] for _ in range(n)]
        self.out = [False] * n
        self.protected = [False] * n
        self.known = [{} for _ in range(n)]
        self.history.append({"type": "round", "round": self.round, "starter": starter})
        self._begin_turn(starter)

    def _begin_turn(self, seat: int) -> None:
        """Protection ends when its owner's turn comes round again; then they draw."""
        self.protected[seat] = False
        self.hands[seat].append(self.deck.pop(0))
        self.to_act = (seat,)

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
        seat = self.to_act[0]
        hand = self.hands[seat]
        return self.game.legal(hand[0], hand[1], seat, self._mask(seat))

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
        p: Play = action
        hand = self.hands[seat]
        if p.card not in hand:
            raise IllegalAction(
                f"you hold {' and '.join(hand)}: you cannot play a {p.card}",
                code="not_in_hand",
                params={"seat": seat, "cards": [p.card]},
            )
        if "Q" in hand and p.card != "Q" and ("J" in hand or "T" in hand):
            raise IllegalAction("with the Q and a J or a 10 in hand you must play the Q", code="must_play_q")
        if p.card not in TARGETED:
            return
        mask = self._mask(seat)
        if p.target is None:
            if mask:
                free = [t for t in range(self.game.players) if mask >> t & 1]
                raise IllegalAction(
                    f"a {p.card} must choose a player: one of {free}",
                    code="target_needed",
                    params={"card": p.card, "free": free},
                )
            return
        if p.target == seat:
            if p.card != "T":
                raise IllegalAction(
                    f"a {p.card} must choose another player, not yourself",
                    code="target_self",
                    params={"card": p.card},
                )
            return
        if self.out[p.target]:
            raise IllegalAction(
                f"seat {p.target} is out of the round", code="target_out", params={"target": p.target}
            )
        if self.protected[p.target]:
            raise IllegalAction(
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
            raise IllegalAction(
                f"action id {action_id!r} is not legal now; legal: {list(ids)}",
                code="action_id_illegal",
                params={"id": action_id},
            )
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
        s: LoveState = self._blank(self.game, self.rng.copy())  # type: ignore[assignment]
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
        return s

    # -- views ------------------------------------------------------------
    def _view(self, seat: int | None, since: int) -> JSON:
        return lv.view(self, seat, since)


def _cards(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or any(c not in VALUE for c in value):
        raise setup_error(f"{name} must be a list of rank codes ({' '.join(RANKS)})")
    return list(value)


def _cards_lists(value: Any, n: int, name: str) -> list[list[str]]:
    if not isinstance(value, list) or len(value) != n:
        raise setup_error(f"{name} must be a list of {n} lists of rank codes")
    return [_cards(v, name) for v in value]


@register
class LoveGame(Game):
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
        return lv.sample(self, view, rng)
