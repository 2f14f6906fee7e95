"""Bots for Love Letter: ``basic`` (card counting and rules of thumb), and the rule ``strong`` plays by.

:func:`choose` is the rule of thumb: take a sure kill when what you know
allows it (a 6 or 5 at a known card, an 8 against a known lower card, a 10
at a known K), otherwise keep the higher card, since the showdown rewards
it, and aim the lower one well: guess the rank most often unseen, look at or
compare with players you know nothing about.

The ``strong`` bot (:mod:`.love_letter_strong`) searches over this rule: it
plays it for everyone in its rollouts, reads its beliefs with the same model
of a player (:func:`kept_after`, :mod:`.love_letter_knowledge`) and deals its
worlds from them (:mod:`.love_letter_worlds`).  They live apart so each file
reads at a sitting; this one needs nothing of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..games.love_letter import Play
from ..games.love_letter_cards import GUESSES, VALUE
from . import register

GAME = "love-letter"


_KEY = ("0", "1", "2", "3")
# Every play as one shared object, so the rule of thumb creates nothing on the rollouts' hot path.
_PLAY = {
    (c, t, g): Play(c, t, g)
    for c in VALUE
    for t in (None, 0, 1, 2, 3)
    for g in ((None, *GUESSES) if c in "65" else (None,))
}
_Q = _PLAY["Q", None, None]
_NONE: dict[int, str] = {}
SHARP_DOUBT = 0.2  # the sharp rule's weight for a rank the target would not have kept over its last play


def kept_after(played: str, card: str) -> bool:
    """Could the rule of thumb have played ``played`` while keeping ``card``?

    It keeps the higher card, except that a Q must go with a J or a 10 (so
    a J or a 10 was never kept over a Q, and a Q may have gone to keep one).
    """
    if played == "Q":
        return card in ("J", "T", "K")
    if card == "Q":
        return played not in ("J", "T") and VALUE[card] >= VALUE[played]
    return VALUE[card] >= VALUE[played]


def _guess(unseen: Callable[[], Mapping[str, int]], rng: random.Random, last: str | None = None) -> str:
    """The rank a 6 or 5 should name: the most copies unseen (ties: the higher, most often).

    With ``last`` (the target's last played card) a rank it would not have
    kept over that card counts a fifth (:data:`SHARP_DOUBT`).
    """
    left = unseen()
    best, top = 0.0, []
    for g in GUESSES:
        k = left[g] if last is None or kept_after(last, g) else left[g] * SHARP_DOUBT
        if k > best:
            best, top = k, [g]
        elif k == best and k:
            top.append(g)
    if not top:
        return GUESSES[int(rng.random() * 7)]
    return top[-1] if len(top) == 1 or rng.random() < 0.7 else top[int(rng.random() * len(top))]


def choose(
    hand: Sequence[str],
    seat: int,
    out: Sequence[bool],
    protected: Sequence[bool],
    known: Mapping[str, str],
    unseen: Callable[[], Mapping[str, int]],
    rng: random.Random,
    played: Sequence[Sequence[str]] | None = None,
) -> Play:
    """The rule-of-thumb play for ``hand`` (two cards); always a legal one.

    ``unseen`` gives the per-rank unseen counts when asked: only a 6 or 5
    needs them, so the rollouts do not count cards on every turn.

    With ``played`` (every seat's played cards, as the view has them) it
    plays the *sharp* rule: a 9 before any lower card and a 10 before an 8
    (the protection, or a card thrown from another's hand, is worth more
    than the lower card's effect), and a 6 or 5 names the likeliest rank
    the target kept over its last play.  Played alone against three
    gauntlet players (30,000 single rounds, 4 players, same deals) it won
    26.7% of rounds to the plain rule's 23.7% (mixed table), 25.9 to 23.2%
    (three Keepers), 28.0 to 24.9% (three plain rules).
    """
    a, b = hand[0], hand[1]
    if (a == "Q" and (b == "J" or b == "T")) or (b == "Q" and (a == "J" or a == "T")):
        return _Q
    targets = [t for t in range(len(out)) if t != seat and not out[t] and not protected[t]]
    seen = _NONE
    if known and targets:
        seen = {t: known[_KEY[t]] for t in targets if _KEY[t] in known}
        if seen:  # sure kills from what we know
            for card in ("6", "5"):
                if a == card or b == card:
                    for t, c in seen.items():
                        if c in GUESSES:
                            return _PLAY[card, t, c]
            if a == "8" or b == "8":
                other = VALUE[b if a == "8" else a]
                for t, c in seen.items():
                    if VALUE[c] < other:
                        return _PLAY["8", t, None]
            if a == "T" or b == "T":
                for t, c in seen.items():
                    if c == "K":
                        return _PLAY["T", t, None]
    # Otherwise keep the higher card (never play the K while there is another choice).
    card, keep = (a, b) if VALUE[a] <= VALUE[b] else (b, a)
    if played is not None and targets and ((keep == "9" and card != "9") or (keep == "T" and card == "8")):
        card, keep = keep, card
    if not targets:
        return _PLAY[card, seat, None] if card == "T" else _PLAY[card, None, None]
    if card in ("9", "Q", "K"):
        return _PLAY[card, None, None]
    blind = [t for t in targets if t not in seen] if seen else targets
    if not blind:
        blind = targets
    if card == "6" or card == "5":  # a known card here is below 7 (else it was a kill): guess the others
        t = blind[int(rng.random() * len(blind))]
        last = played[t][-1] if played is not None and played[t] else None
        return _PLAY[card, t, _guess(unseen, rng, last)]
    if card == "8":
        if seen:
            safe = [t for t in targets if t not in seen or VALUE[seen[t]] <= VALUE[keep]]
            pool = [t for t in safe if t not in seen] or safe or targets
        else:
            pool = targets
        return _PLAY["8", pool[int(rng.random() * len(pool))], None]
    if card == "T":
        if VALUE[keep] <= 6 and rng.random() < 0.3:
            return _PLAY["T", seat, None]
        high = [t for t in targets if t in seen and VALUE[seen[t]] >= 11] if seen else None
        pool = high or blind
        return _PLAY["T", pool[int(rng.random() * len(pool))], None]
    if card == "J":
        better = [t for t in targets if t in seen and VALUE[seen[t]] > VALUE[keep]] if seen else None
        pool = better or blind
        return _PLAY["J", pool[int(rng.random() * len(pool))], None]
    return _PLAY["7", blind[int(rng.random() * len(blind))], None]


def _pick(play: Play, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    for a in legal_actions:
        if a == play:
            return a
    return legal_actions[rng.randrange(len(legal_actions))]  # never expected: choose is always legal


@register(GAME, "basic")
class BasicBot:
    """Card counting and rules of thumb: sure kills, keep the higher card, guess the likeliest."""

    def __init__(self, game_id: str = GAME, seed: int | None = None, **_: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = view["seat"]
        unseen = view["unseen"]
        play = choose(
            view["hand"], seat, view["out"], view["protected"], view["known"], lambda: unseen, self.rng
        )
        return _pick(play, legal_actions, self.rng)
