"""Determinization for Liegen: a full state drawn from one seat's view (for search bots).

Kept apart from the rules so that ``liegen.py`` reads in one sitting.  It
registers nothing.  Only the view is read: what the seat cannot see (other
hands, the other players' cards in the pile) is dealt at random from the cards
the view leaves unaccounted for, so the real game's secrets cannot leak into a
search.  Past private details of other seats (which card they played in an
earlier trick, what they picked up) are not in the view either; the sampled
state records them as unknown (``-1`` cards, a count instead of a list).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core import full_history, view_error
from ..rng import Rng

if TYPE_CHECKING:
    from .liegen import LiegenGame, LiegenState


def sample(
    game: LiegenGame, view: Mapping[str, Any], rng: random.Random, known: Mapping[int, Sequence[str]] | None
) -> LiegenState:
    """A state whose ``view(seat)`` equals ``view``; ``known`` pins cards to other seats' hands.

    ``known`` (seat -> card codes) lets a bot that tracked where cards went
    (a turned card its taker still holds) sample only worlds that agree.
    """
    if not isinstance(view, Mapping) or view.get("game") != game.id:
        raise view_error("sample_state needs a view of a liegen game")
    if view.get("players") != game.players or view.get("options") != game.options:
        raise view_error("sample_state: the view is of another configuration of liegen")
    seat = view.get("seat")
    if type(seat) is not int or not 0 <= seat < game.players:
        raise view_error("sample_state needs a player's view (a spectator sees too little)")
    try:
        return _sample(game, view, seat, rng, known or {})
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise view_error(f"sample_state: not a consistent liegen view ({exc!r})") from None


def _sample(
    game: LiegenGame,
    view: Mapping[str, Any],
    seat: int,
    rng: random.Random,
    known: Mapping[int, Sequence[str]],
) -> LiegenState:
    from .liegen import CARD_INDEX, LiegenState

    t = game.tables
    n = game.players
    events = full_history(view)
    hand = sorted(CARD_INDEX[c] for c in view["hand"])
    sizes = list(view["hand_sizes"])
    if len(sizes) != n or sizes[seat] != len(hand):
        raise view_error("sample_state: hand_sizes do not match the hand")
    # The current trick is every play after the last deal or accusation.
    start = max((i for i, e in enumerate(events) if e["type"] in ("deal", "accuse")), default=-1) + 1
    trick = [i for i in range(start, len(events)) if events[i]["type"] == "play"]
    if len(trick) != view["pile_size"]:
        raise view_error("sample_state: pile_size does not match the plays of the current trick")
    pool = list(game.deck)
    for c in hand:
        pool.remove(c)
    pile: list[int] = []
    for i in trick:
        e = events[i]
        card = CARD_INDEX[e["card"]] if e["seat"] == seat and e.get("card") is not None else -1
        if card >= 0:
            pool.remove(card)
        pile.append(card)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[seat] = hand
    for s, codes in known.items():
        if s == seat or not 0 <= s < n or len(codes) > sizes[s]:
            raise view_error(f"sample_state: known cards for seat {s!r} do not fit its hand")
        for code in codes:
            c = CARD_INDEX[code]
            if c not in pool:
                raise view_error(f"sample_state: {code} cannot be in seat {s}'s hand")
            pool.remove(c)
            hands[s].append(c)
    need = pile.count(-1) + sum(sizes[s] - len(hands[s]) for s in range(n) if s != seat)
    if need != len(pool):
        raise view_error("sample_state: the view's card counts do not add up to the deck")
    rng.shuffle(pool)
    k = 0
    for j, c in enumerate(pile):
        if c < 0:
            pile[j] = pool[k]
            k += 1
    for s in range(n):
        if s != seat:
            take = sizes[s] - len(hands[s])
            hands[s] = sorted(hands[s] + pool[k : k + take])
            k += take
    state: LiegenState = LiegenState._blank(game, Rng(rng.getrandbits(63)))
    state.hands = hands
    state.pile = pile
    state.log = _log(events, seat, dict(zip(trick, pile, strict=True)), t.ann_index)
    state.dealer = view["dealer"]
    state.round = view["round"]
    state.round_wins = list(view["round_wins"])
    ann = view["announcement"]
    state.ann = -1 if ann is None else t.ann_index[ann["card"]]
    state.ann_seat = -1 if ann is None else ann["seat"]
    window = tuple(view["window"])
    state.asking = -1
    if window:
        askers = game.askers[state.ann_seat]
        state.asking = len(askers) - len(window)
        if state.asking < 0 or askers[state.asking :] != window:
            raise view_error("sample_state: the window does not follow the last play")
    state.to_act = tuple(view["to_act"])
    state.over = bool(view["over"])
    state.winners = tuple(view["winners"])
    return state


def _log(
    events: Sequence[Mapping[str, Any]], seat: int, trick: Mapping[int, int], ann_index: Mapping[str, int]
) -> str:
    """The state's log behind ``events``; hidden cards are the sampled trick cards or unknown (-1)."""
    from .liegen import CARD_INDEX

    out = []
    for i, e in enumerate(events):
        kind = e["type"]
        if kind == "play":
            card = trick.get(i, -1)
            if card < 0 and e["seat"] == seat and e.get("card") is not None:
                card = CARD_INDEX[e["card"]]
            out.append(f"P{e['seat']},{card},{ann_index[e['announce']]};")
        elif kind == "accuse":
            cards = e.get("cards")
            taken = ".".join(str(CARD_INDEX[c]) for c in cards) if cards is not None else f"#{e['count']}"
            true = 0 if e["lie"] else 1
            card, ann = CARD_INDEX[e["card"]], ann_index[e["announce"]]
            out.append(f"A{e['seat']},{e['accused']},{card},{ann},{true},{e['taker']},{taken};")
        elif kind == "deal":
            out.append(f"D{e['round']},{e['dealer']};")
        elif kind == "win":
            out.append(f"W{e['seat']},{e['round']},{'.'.join(map(str, e['round_wins']))};")
        else:
            raise view_error(f"sample_state: unknown history event {kind!r}")
    return "".join(out)
