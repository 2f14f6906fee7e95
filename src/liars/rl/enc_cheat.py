"""Cheat encoder with an abstract action space of 16 ids (or the engine's 2381 with ``actions="engine"``).

The engine's space lists every multiset of one to four ranks; most of it is
the same decision ("put down two cards, one of them a lie") with different
cards.  The abstract space keeps what matters for the bluff:

* ``0`` challenge, ``1`` pass (in a challenge window);
* ``2 + k`` for ``(c, h)`` in order ``(1,0) (1,1) (2,0) (2,1) (2,2) ... (4,4)``:
  put down ``c`` cards of which ``h`` are of the required rank.

Every honest play is ``(c, c)`` (suits never matter in Cheat), every bluff
of up to four cards is some ``(c, h)``.  The stated rule picks the ``c - h``
other cards: from the ranks whose turn comes back to me last (rank ``x`` is
asked of me after ``k`` of my turns, ``k = (x - required) / players`` mod 13;
largest ``k`` first, as many of one rank as needed before the next), i.e.
the cards I would otherwise have to keep longest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Game, GameConfigError, IllegalAction, State, illegal_id
from ..games.cheat_cards import RANKS
from .base import Encoder, Field, Obs

RANK_OF = {r: i for i, r in enumerate(RANKS)}
PLAYS: tuple[tuple[int, int], ...] = tuple((c, h) for c in range(1, 5) for h in range(c + 1))
PLAY_OF = {p: 2 + i for i, p in enumerate(PLAYS)}
EVENTS = ("play", "pass", "challenge")
RECENT = 8


def _rank_cells(at: int, cards: Sequence[str]) -> list[int]:
    """The cells of a per-rank thermometer (4 cells a rank, A..K) of ``cards``, from ``at``."""
    counts = [0] * 13
    for c in cards:
        counts[RANK_OF[c[0]]] += 1
    cells: list[int] = []
    for r, k in enumerate(counts):
        if k:
            base = at + 4 * r
            cells += range(base, base + min(k, 4))
    return cells


class CheatEncoder(Encoder):
    """Layout in ``docs/rl.md``."""

    version = 0
    tail = 3 * RECENT  # fill reads the recent events from this many

    def __init__(self, game: Game, actions: str = "abstract") -> None:
        if actions not in ("abstract", "engine"):
            raise GameConfigError(
                f"cheat actions are 'abstract' or 'engine', not {actions!r}",
                code="rl_unsupported",
                params={"detail": f"cheat actions are 'abstract' or 'engine', not {actions!r}"},
            )
        n = game.players
        self.abstract = actions == "abstract"
        self.engine_space = not self.abstract
        self.fields = (
            Field("my_hand", 52, "own cards: per rank A..K, a thermometer of how many (4 cells)"),
            Field("required_rank", 13, "one-hot rank the next play must claim"),
            Field("hand_sizes", n, "cards held per relative seat, / 52"),
            Field("pile_size", 1, "cards in the pile, / 52"),
            Field("to_act", n, "one-hot relative seat to act"),
            Field("window", 1, "1 while a challenge window is open (to_act is asked: challenge or pass)"),
            Field("last_seat", n, "the last play: one-hot relative seat"),
            Field("last_count", 5, "the last play: one-hot count 1, 2, 3, 4, 5+"),
            Field("rev_seats", 3 * n, "the last challenge: one-hot relative player, challenger, taker"),
            Field("rev_truthful", 1, "the last challenge: 1 if the play was true"),
            Field("rev_cards", 52, "the last challenge: the turned cards, per rank thermometer"),
            Field(
                "recent",
                RECENT * (3 + n + 5),
                f"the last {RECENT} plays/passes/challenges, newest first: type, relative seat, count",
            ),
        )
        self.num_actions = 2 + len(PLAYS) if self.abstract else game.num_actions or 0
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        # Cells of 1 are gathered in a list and set by one numpy call, the few
        # fractions by another: a numpy item assignment costs more than the
        # Python that finds the cell, and this runs at every step.
        me = view["seat"]
        n = self.players
        o = self.offsets
        hot: list[int] = []
        if view["hand"]:
            hot += _rank_cells(o["my_hand"], view["hand"])
        hot.append(o["required_rank"] + RANK_OF[view["required_rank"]])
        at = o["hand_sizes"]
        cells = [at + (s - me) % n for s in range(n)]
        cells.append(o["pile_size"])
        values = [k / 52 for k in view["hand_sizes"]]
        values.append(view["pile_size"] / 52)
        if view["to_act"]:
            hot.append(o["to_act"] + (view["to_act"][0] - me) % n)
        if view["window"]:
            hot.append(o["window"])
        last = view["last_play"]
        if last is not None:
            hot.append(o["last_seat"] + (last["seat"] - me) % n)
            hot.append(o["last_count"] + min(last["count"], 5) - 1)
        rev = view["revealed"]
        if rev is not None:
            at = o["rev_seats"]
            for i, key in enumerate(("seat", "challenger", "taker")):
                hot.append(at + i * n + (rev[key] - me) % n)
            if rev["truthful"]:
                hot.append(o["rev_truthful"])
            hot += _rank_cells(o["rev_cards"], rev["cards"])
        at = o["recent"]
        width = 3 + n + 5
        events = [e for e in view["history"][-3 * RECENT :] if e["type"] in EVENTS][-RECENT:]
        for i, e in enumerate(reversed(events)):
            base = at + i * width
            hot.append(base + EVENTS.index(e["type"]))
            hot.append(base + 3 + (e["seat"] - me) % n)
            if e["type"] == "play":
                hot.append(base + 3 + n + min(e["count"], 5) - 1)
        out.put(cells, values)
        out.put(hot, 1.0)

    # -- the abstract actions -------------------------------------------------
    def _hand(self, state: State, seat: int) -> tuple[int, list[int], int]:
        """(cards of the required rank, counts per rank, required rank) from ``seat``'s view."""
        view = self.bare_view(state, seat)  # the hand and the rank: no history
        counts = [0] * 13
        for c in view["hand"]:
            counts[RANK_OF[c[0]]] += 1
        rank = RANK_OF[view["required_rank"]]
        return counts[rank], counts, rank

    def legal(self, state: State, seat: int) -> Sequence[int]:
        if not self.abstract:
            return super().legal(state, seat)
        if not state.to_act or state.to_act[0] != seat:
            return ()
        if state.window:
            return state.legal_ids()  # (challenge, pass): ids 0 and 1 in both spaces
        return self._legal_plays(self._hand(state, seat))

    def _legal_plays(self, hand: tuple[int, list[int], int]) -> list[int]:
        honest, counts, _ = hand
        other = sum(counts) - honest
        most = self.game.options["max_cards"] or 4
        return [PLAY_OF[(c, h)] for c, h in PLAYS if c <= most and h <= honest and c - h <= other]

    def play(self, state: State, seat: int, action: int) -> list[str]:
        """The rank codes the stated rule puts down for abstract ``action``."""
        return self._cards(self._hand(state, seat), action)

    def _cards(self, hand: tuple[int, list[int], int], action: int) -> list[str]:
        c, h = PLAYS[action - 2]
        _, counts, rank = hand
        n = self.players
        inverse = pow(n, -1, 13)
        cards = [RANKS[rank]] * h
        need = c - h
        # Ranks by how many of my turns pass before each is asked of me: the furthest go first.
        for x in sorted((x for x in range(13) if x != rank), key=lambda x: -((x - rank) * inverse % 13)):
            take = min(need, counts[x])
            cards += [RANKS[x]] * take
            need -= take
        return cards

    def apply(self, state: State, seat: int, action: int) -> None:
        if not self.abstract or action in (0, 1):
            super().apply(state, seat, action)
            return
        if not state.to_act or state.to_act[0] != seat or state.window:
            raise _illegal(action, self.legal(state, seat))
        hand = self._hand(state, seat)  # read once, for the check and for the cards
        legal = self._legal_plays(hand)
        if action not in legal:
            raise _illegal(action, legal)
        state.act(seat, {"type": "play", "cards": self._cards(hand, action)})

    def action_name(self, action: int) -> str:
        if not self.abstract or action < 2:
            return str(self.game.action_from_id(action))
        c, h = PLAYS[action - 2]
        return f"play {c} ({h} true)"


def _illegal(action: int, legal: Sequence[int]) -> IllegalAction:
    return illegal_id(int(action), legal, "abstract action")
