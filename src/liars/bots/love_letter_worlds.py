"""The strong Love Letter bot's worlds: deals of the hidden cards, each a real engine position.

Why the engine's own ``setup``: the search then plays by the engine's rules
(``view`` + ``act_id``), so there is no copy of them here to keep equal.
The deal is weighted by the beliefs of :mod:`.love_letter_knowledge`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..core import make as make_game
from ..games.love_letter import LoveGame, LoveState
from ..games.love_letter_cards import GUESSES, VALUE
from .love_letter import _KEY, GAME, kept_after
from .love_letter_knowledge import Knowledge


class _Worlds:
    """Deals of the hidden cards for one decision, each a real engine position at the bot's turn.

    Everything public (played cards, who is out or protected, the bot's
    hand and what it knows) is shared; the cards it cannot place are dealt
    to the hands it does not know, the pile and the set-aside card, and the
    engine builds the position from a ``setup`` (so the search plays by the
    engine's own rules, with no copy of them here).  Beliefs beyond what the
    view rules out: a player who played a card probably kept a higher one
    (``keep_bias``: how sure we are of that), and whoever saw a card since
    its owner last played knows it.
    """

    def __init__(
        self,
        view: Mapping[str, Any],
        knowledge: Knowledge,
        keep_bias: float,
        chain: bool = True,
        game: LoveGame | None = None,
    ) -> None:
        n = view["players"]
        seat = view["seat"]
        self.n, self.seat = n, seat
        known: Mapping[str, str] = view["known"]
        out: Sequence[bool] = view["out"]
        self.game = game if game is not None else _round_game(n)
        self.blind = [t for t in range(n) if t != seat and not out[t] and str(t) not in known]
        self.rules = knowledge.rules
        self.keep_bias = keep_bias
        self.like = knowledge.like if chain else None
        self.last = dict(knowledge.last)
        self.pool = [c for c, k in view["unseen"].items() for _ in range(k)]
        self.hand: tuple[str, str] = (view["hand"][0], view["hand"][1])
        self.out = list(out)
        self.known = dict(known)
        self.played = [list(p) for p in view["played"]]
        self.protected = list(view["protected"])
        self.aside = bool(view["set_aside_down"])
        # who else knows my card (it stays hand[0] until I play), and who saw whose card
        self.knows_me = [u for u in knowledge.knows_me if u != seat and not out[u]]
        self.pairs = [(u, v) for u, v in knowledge.pairs if seat not in (u, v) and not out[u] and not out[v]]

    def weight(self, t: int, c: str) -> float:
        """How much more (or less) likely than its count says it is that seat ``t`` holds rank ``c``."""
        excluded, floor = self.rules[t]
        if c in excluded or VALUE[c] <= floor:
            return 0.0
        if self.like is not None:
            return self.like[t][c]
        lp = self.last.get(t)
        return 1.0 if lp is None or kept_after(lp, c) else 1.0 - self.keep_bias

    def marginal(self, t: int) -> dict[str, float]:
        """Seat ``t``'s card, rank by rank, as a probability: the unseen counts times the weights.

        Exact for one hidden hand; with several it ignores that they draw
        from the same cards, which moves the odds little.
        """
        counts: dict[str, int] = {}
        for c in self.pool:
            counts[c] = counts.get(c, 0) + 1
        w = {c: k * self.weight(t, c) for c, k in counts.items()}
        total = sum(w.values())
        if total <= 0.0:
            return {c: k / len(self.pool) for c, k in counts.items()}
        return {c: x / total for c, x in w.items()}

    def deal(self, rng: random.Random) -> list[str]:
        """The unseen cards in a random order, weighted by belief: the blind hands first, then the rest."""
        pool = list(self.pool)
        order = list(self.blind)
        rng.shuffle(order)
        hands: dict[int, str] = {}
        for t in order:
            weights = [self.weight(t, c) for c in pool]
            total = sum(weights)
            if total <= 0.0:  # the beliefs contradict each other here: any card will do
                k = int(rng.random() * len(pool))
            else:
                x = rng.random() * total
                k = 0
                while k < len(pool) - 1 and x >= weights[k]:
                    x -= weights[k]
                    k += 1
            hands[t] = pool[k]
            pool[k] = pool[-1]
            pool.pop()
        rng.shuffle(pool)
        out: list[str] = [""] * self.n
        for t, c in hands.items():
            out[t] = c
        return out + pool

    def draw(self, rng: random.Random) -> LoveState:
        """One world: the engine's position at the bot's turn, from a ``setup`` of the dealt cards."""
        dealt = self.deal(rng)
        n, seat = self.n, self.seat
        hands: list[list[str]] = [[] if self.out[t] else [dealt[t]] for t in range(n)]
        hands[seat] = [self.hand[0]]
        for t, c in self.known.items():
            hands[int(t)] = [c]
        rest = dealt[n:]
        aside = rest.pop()  # face down at the start of every turn (only a round's last turn takes it)
        known: list[dict[str, str]] = [{} for _ in range(n)]
        known[seat] = dict(self.known)
        for u in self.knows_me:
            known[u][_KEY[seat]] = self.hand[0]
        for u, v in self.pairs:
            known[u][_KEY[v]] = hands[v][0]
        setup = {
            "hands": hands,
            "set_aside": aside,
            "deck": [self.hand[1], *rest],  # I draw my second card first: my turn as it is
            "played": self.played,
            "starter": seat,
            "protected": self.protected,
            "known": known,
        }
        state = self.game.new_game(setup=setup, seed=0)
        return state


def _round_game(players: int) -> LoveGame:
    """The game the search plays in: single rounds, so a world is over when its round is."""
    return cast(LoveGame, make_game(GAME, players=players, seed=0, target_wins=1))


def likely_guesses(worlds: _Worlds, known: Mapping[str, str], keep: int = 2) -> dict[int, set[str]]:
    """Per target seat, the guesses worth searching: the known card, or the ``keep`` likeliest.

    Likeliness is the seat's belief (:meth:`_Worlds.marginal`: the unseen
    counts times what its plays say), so a player who just played a 10 is
    guessed for a J, Q or K, not by raw counts.
    """
    out = {int(t): {c} for t, c in known.items()}
    for t in worlds.blind:
        m = worlds.marginal(t)
        ranked = sorted(
            (g for g in GUESSES if m.get(g, 0.0) > 0.0), key=lambda g: (m[g], VALUE[g]), reverse=True
        )
        out[t] = set(ranked[:keep])
    return out
