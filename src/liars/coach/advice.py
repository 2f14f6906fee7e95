"""What the strong bot would do here, and one line why.

:func:`advise` asks the game's ``strong`` bot (:func:`liars.bots.make`) for
its action on the view, seeded from the view itself (:func:`.seed.view_seed`)
so the same position always gets the same advice, and explains it with the
odds the coach just computed for that view: the chance the bid or claim it
faces is true, the chance the raise or claim it makes holds, the chance its
guess is right.  The legal actions come from the engine's own
``sample_state`` of the view (they depend only on what the seat knows).

The reason is data (``why``: a code and its parameters, see
:mod:`.words`), with ``text`` its sentence in the language asked for.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import bots
from ..core import Game
from ..core import make as make_game
from ..games.liegen import CARD_INDEX
from .seed import view_seed
from .words import say

Why = dict[str, Any]


@functools.lru_cache(maxsize=64)
def _game(game_id: str, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    """A configured game for the view's rules (immutable once made, so shared)."""
    return make_game(game_id, players=players, seed=0, **dict(options))


def game_of(game_id: str, view: Mapping[str, Any]) -> Game:
    return _game(game_id, int(view["players"]), tuple(sorted(view["options"].items())))


def legal_actions(game: Game, view: Mapping[str, Any], seed: int) -> list[Any]:
    """The seat's legal actions, from a state drawn from its view (they depend only on what it knows)."""
    state = game.sample_state(view, random.Random(seed))
    return list(state.legal_actions(view["seat"]))


def advise(
    game_id: str,
    view: Mapping[str, Any],
    odds: Mapping[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
) -> dict[str, Any] | None:
    """``{"action", "why", "text"}`` for the seat to act, ``None`` when it is not its turn.

    ``odds`` is the game's part of :func:`liars.coach.odds` for the same view.
    """
    seat = view["seat"]
    if view["over"] or seat not in view["to_act"]:
        return None
    game = game_of(game_id, view)
    seed = view_seed(view)
    legal = legal_actions(game, view, seed)
    if not legal:
        return None
    bot = bots.make("strong", game_id, seed=seed)
    action = bots.checked_act(bot, "strong", view, legal, game).to_json()
    why: Why = {"code": "only_action", "params": {}}
    if len(legal) > 1:
        why = _REASONS[game_id](game, view, odds, action)
    return {"action": action, "why": why, "text": say(why, lang, names)}


def _why(code: str, **params: Any) -> Why:
    return {"code": code, "params": params}


def _dice(game: Game, view: Mapping[str, Any], odds: Mapping[str, Any], action: Mapping[str, Any]) -> Why:
    solved = _solved(view, action)
    if solved is not None:
        return solved
    bid = view["bid"]
    standing = {"quantity": bid["quantity"], "face": bid["face"]} if bid else None
    if action["type"] == "liar":
        return _why(
            "dice_call",
            bid=standing,
            exact=odds["standing_exact"],
            adjusted=odds["standing"],
            win=1.0 - odds["standing"],
        )
    if action["type"] == "spot_on":
        return _why("dice_spot", bid=standing, exact=odds["spot_on_exact"], adjusted=odds["spot_on"])
    mine = {"quantity": action["quantity"], "face": action["face"]}
    priced = next(b for b in odds["bids"] if b["quantity"] == mine["quantity"] and b["face"] == mine["face"])
    if standing is None:
        code = "dice_open" if priced["exact"] >= 0.5 else "dice_open_bluff"
        return _why(code, bid=mine, exact=priced["exact"], adjusted=priced["adjusted"])
    return _why(
        "dice_raise",
        bid=mine,
        exact=priced["exact"],
        adjusted=priced["adjusted"],
        standing=standing,
        standing_adjusted=odds["standing"],
    )


def _solved(view: Mapping[str, Any], action: Mapping[str, Any]) -> Why | None:
    """The endgame solver's mix, when it is what the strong bot played from."""
    try:
        from ..solver import lookup
    except ImportError:  # the solver's extra is not installed: the bot did not use it either
        return None
    dist = lookup(view)
    if not dist:
        return None
    for a, p in dist:
        if a == dict(action):
            return _why("dice_solved", action=dict(action), prob=p)
    return None


#: A bluff that looks true less often than this (its chance shows as «0 %» or «<1 %»): the other
#: will likely call it whatever call threshold the strong bot has fitted to it (the lowest, 5 %,
#: still calls it 7 times in 10), so the bot claims it only when no claim is likely to pass, as
#: the one that costs least (``poker_claim_hopeless``).  Said as a bluff («En bløff: … men for
#: motspilleren ser det ut til å holde 0 % av gangene») the reason contradicted itself.
HOPELESS = 0.005


def _poker(game: Game, view: Mapping[str, Any], odds: Mapping[str, Any], action: Mapping[str, Any]) -> Why:
    kind = action["type"]
    claim = view["claim"]
    if kind in ("liar", "accept"):
        standing = {"hand": claim["hand"], "values": claim["values"]}
        exact, adjusted = odds["standing_exact"], odds["standing"]
        if kind == "liar":
            return _why("poker_call", claim=standing, exact=exact, adjusted=adjusted, win=1.0 - adjusted)
        return _why("poker_accept", claim=standing, exact=exact, adjusted=adjusted)
    if kind == "reroll":
        return _why("poker_reroll", dice=action["dice"]) if action["dice"] else _why("poker_keep")
    mine = {"hand": action["hand"], "values": action["values"]}
    priced = next(b for b in odds["bids"] if b["claim"] == dict(action))
    code = "poker_claim_true" if priced["exact"] else "poker_claim_bluff"
    if not priced["exact"] and priced["looks"] < HOPELESS:
        code = "poker_claim_hopeless"
    return _why(code, claim=mine, looks=priced["looks"])


def _cheat(game: Game, view: Mapping[str, Any], odds: Mapping[str, Any], action: Mapping[str, Any]) -> Why:
    kind = action["type"]
    if kind in ("challenge", "pass"):
        claim = odds["claimed"]
        if odds["last_play_exact"] == 0.0:
            return _why("cheat_sure_lie", claim=claim, out=odds["out_there"])
        exact, adjusted = odds["last_play_exact"], odds["last_play"]
        who = view["last_play"]["seat"]
        if kind == "challenge":
            return _why(
                "cheat_call", claim=claim, seat=who, exact=exact, adjusted=adjusted, win=1.0 - adjusted
            )
        return _why("cheat_pass", claim=claim, seat=who, exact=exact, adjusted=adjusted)
    rank = view["required_rank"]
    cards = action["cards"]
    true = sum(1 for c in cards if c[0] == rank)
    claim = {"rank": rank, "count": len(cards)}
    if true == len(cards):
        return _why("cheat_play_true", claim=claim)
    if true == 0:
        return _why("cheat_play_none", claim=claim)
    return _why("cheat_play_bluff", claim=claim, true=true)


def _liegen(game: Game, view: Mapping[str, Any], odds: Mapping[str, Any], action: Mapping[str, Any]) -> Why:
    kind = action["type"]
    if kind in ("accuse", "pass"):
        announce, who = view["announcement"]["card"], view["announcement"]["seat"]
        if odds["last_play_exact"] == 0.0:
            return _why("liegen_sure_lie", announce=announce)
        exact, adjusted = odds["last_play_exact"], odds["last_play"]
        if kind == "accuse":
            return _why(
                "liegen_call", announce=announce, seat=who, exact=exact, adjusted=adjusted, win=1.0 - adjusted
            )
        return _why("liegen_pass", announce=announce, seat=who, exact=exact, adjusted=adjusted)
    card, announce = action["card"], action["announce"]
    honest = game.is_true(CARD_INDEX[card], game.tables.ann_index[announce])  # type: ignore[attr-defined]
    if honest:
        return _why("liegen_play_true", card=card)
    return _why("liegen_play_bluff", card=card, announce=announce)


def _love(game: Game, view: Mapping[str, Any], odds: Mapping[str, Any], action: Mapping[str, Any]) -> Why:
    card = action["card"]
    other = list(view["hand"])
    other.remove(card)
    target = action.get("target")
    if target is not None and "guess" in action:
        chance = odds["cards"][target][action["guess"]]
        return _why("love_guess", seat=target, guess=action["guess"], chance=chance)
    if target is not None and card == "8":
        e = next(x for x in odds["eight"] if x["seat"] == target)
        return _why("love_eight", seat=target, card=other[0], win=e["win"], tie=e["tie"], lose=e["lose"])
    return _why("love_play", card=card, other=other[0])


_REASONS: dict[str, Callable[[Game, Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]], Why]] = {
    "liars-dice": _dice,
    "liars-dice-poker": _poker,
    "cheat": _cheat,
    "liegen": _liegen,
    "love-letter": _love,
}
