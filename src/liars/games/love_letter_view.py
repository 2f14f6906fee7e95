"""Views, history filtering and state sampling for ``love-letter``.

Kept apart from the rules (:mod:`.love_letter`) because it is about who may
see what, not about what happens.  History events are stored once, whole;
an event with secret details lists the seats that may see them in ``_for``
and everybody else gets the event without :data:`SECRET_KEYS`.

:func:`sample` builds a full state from a view alone (for search bots): the
unseen cards are dealt at random among the hands nobody in the view knows,
the set-aside card and the pile, honouring what the view's history rules out
(a missed guess, the winner of an 8 holding the higher card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core import JSON, full_history, view_error
from ..rng import Rng
from .love_letter_cards import COUNT, RANKS, SECRET_KEYS, VALUE

if TYPE_CHECKING:
    from .love_letter import LoveGame, LoveState


def _copy(event: Mapping[str, Any], hide: bool) -> JSON:
    out: JSON = {}
    for k, v in event.items():
        if k == "_for" or (hide and k in SECRET_KEYS):
            continue
        out[k] = list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
    return out


def history(events: list[JSON], seat: int | None) -> list[JSON]:
    """The events as ``seat`` may see them (``None``: a spectator sees public details only)."""
    return [_copy(e, "_for" in e and seat not in e["_for"]) for e in events]


def unseen(hand: Sequence[str], played: Sequence[Sequence[str]], known: Mapping[str, str]) -> dict[str, int]:
    """Per rank, the cards the viewer cannot place: not in hand, not face up, not known."""
    left = dict(COUNT)
    for c in hand:
        left[c] -= 1
    for p in played:
        for c in p:
            left[c] -= 1
    for c in known.values():
        left[c] -= 1
    return left


def view(state: LoveState, seat: int | None, since: int = 0) -> JSON:
    """The game's keys of ``seat``'s view; ``history`` from index ``since`` on (see ``State.view``)."""
    hand = [] if seat is None else state.hands[seat]
    known = {} if seat is None else state.known[seat]
    return {
        "hand": None if seat is None else list(hand),
        "played": [list(p) for p in state.played],
        "out": list(state.out),
        "protected": list(state.protected),
        "deck_size": len(state.deck),
        "set_aside_down": state.set_aside is not None,
        "round": state.round,
        "starter": state.starter,
        "round_wins": list(state.round_wins),
        "target_wins": state.game.target_wins,
        "known": dict(known),
        "unseen": unseen(hand, state.played, known),
        "history": history(state.history[since:] if since else state.history, seat),
        "history_len": len(state.history),
    }


def _secret_for(event: Mapping[str, Any]) -> list[int] | None:
    """Which seats the rules module gave the secret details of this event to (from public keys)."""
    if event["type"] != "play" or "target" not in event:
        return None
    card, seat, target = event["card"], event["seat"], event["target"]
    if card == "7":
        return [seat]
    if card in ("8", "J"):
        return [seat, target]
    if card == "T" and event.get("discarded") != "K":
        return [target]
    return None


def constraints(events: list[JSON], players: int) -> list[tuple[set[str], int]]:
    """Per seat, from this round's public events: ranks their card cannot be, and a value it beats.

    A missed guess rules a rank out, and the winner of an 8 between two
    others holds more than the loser showed, until that hand may have changed
    (a play that the old card could have been, a swap, a 10).
    """
    rules: list[tuple[set[str], int]] = [(set(), 0) for _ in range(players)]
    start = max((i for i, e in enumerate(events) if e["type"] == "round"), default=-1)
    last_loser: tuple[int, int] | None = None  # (winner of an 8, loser) waiting for the loser's card
    for e in events[start + 1 :]:
        kind = e["type"]
        if kind == "out" and last_loser is not None and e["seat"] == last_loser[1] and e["card"]:
            w = last_loser[0]
            rules[w] = (rules[w][0], max(rules[w][1], VALUE[e["card"]]))
        last_loser = None
        if kind != "play":
            continue
        s, t = e["seat"], e.get("target")
        if fits(e["card"], rules[s]):  # else the card played was the one drawn: the old card stays
            rules[s] = (set(), 0)
        if t is None:
            continue
        if e["card"] in ("6", "5") and not e["hit"]:
            rules[t][0].add(e["guess"])
        elif e["card"] == "8" and e["loser"] is not None:
            last_loser = (t if e["loser"] == s else s, e["loser"])
        elif e["card"] == "J":
            rules[s], rules[t] = rules[t], (set(), 0)
        elif e["card"] == "T":
            rules[t] = (set(), 0)
    return rules


def sample(game: LoveGame, view_: Mapping[str, Any], rng: random.Random) -> LoveState:
    """A full state whose ``view(seat)`` is ``view_``, drawn from ``view_`` and ``rng`` only."""
    seat = view_["seat"]
    if type(seat) is not int:
        raise view_error("sample_state needs a seat's view, not a spectator's")
    n = game.players
    from .love_letter import LoveState  # here: love_letter imports this module

    state = LoveState._blank(game, Rng(rng.getrandbits(63)))
    state.to_act = tuple(view_["to_act"])
    state.over = view_["over"]
    state.winners = tuple(view_["winners"])
    state.round = view_["round"]
    state.round_wins = list(view_["round_wins"])
    state.starter = view_["starter"]
    state.played = [list(p) for p in view_["played"]]
    state.out = list(view_["out"])
    state.protected = list(view_["protected"])
    known: dict[str, str] = dict(view_["known"])
    state.known = [dict(known) if u == seat else {} for u in range(n)]
    events = []
    for e in full_history(view_):
        e = _copy(e, False)
        who = _secret_for(e)
        if who is not None:
            e["_for"] = who
        events.append(e)
    state.history = events
    state.deals = []  # how the round was dealt is what the view hides: a sampled world has no record
    left = unseen(view_["hand"], view_["played"], known)
    pool = [c for c in RANKS for _ in range(left[c])]
    blind = [t for t in range(n) if t != seat and not state.out[t] and str(t) not in known]
    rules = constraints(events, n)
    actor = state.to_act[0] if state.to_act else None
    for _ in range(64):  # rejection sampling: nearly always the first or second try
        rng.shuffle(pool)
        if all(fits(pool[i], rules[t]) for i, t in enumerate(blind)):
            break
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[seat] = list(view_["hand"])
    for t in range(n):
        if str(t) in known:
            hands[t].append(known[str(t)])
    for i, t in enumerate(blind):
        hands[t].append(pool[i])
    rest = pool[len(blind) :]
    if actor is not None and actor != seat:  # the player on turn has drawn a second card
        hands[actor].append(rest.pop())
    state.set_aside = rest.pop() if view_["set_aside_down"] and rest else None
    state.hands = hands
    state.deck = rest
    if len(rest) != view_["deck_size"] or (state.set_aside is None) == view_["set_aside_down"]:
        raise view_error("sample_state: the view's cards do not add up to 16")
    return state


def fits(card: str, rule: tuple[set[str], int]) -> bool:
    return card not in rule[0] and VALUE[card] > rule[1]
