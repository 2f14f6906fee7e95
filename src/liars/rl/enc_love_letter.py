"""Love Letter encoders: the engine's own 62 integer actions (rank, target seat, guess), fixed per game.

:class:`LoveEncoder` is the observation of every adapter; :class:`LoveRecallEncoder`
the perfect-recall information-state tensor of OpenSpiel's single rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Game, GameConfigError
from .base import Encoder, Field, Obs, thermo

RANKS = "KQJT98765"
RANK = {r: i for i, r in enumerate(RANKS)}
COPIES = {"K": 1, "Q": 1, "J": 1, "T": 2, "9": 2, "8": 2, "7": 2, "6": 3, "5": 2}
RECENT = 6


class LoveEncoder(Encoder):
    """Layout in ``docs/rl.md``; ranks are always in the order K Q J T 9 8 7 6 5."""

    version = 0
    tail = 4 * RECENT  # fill reads the recent plays from this many

    def __init__(self, game: Game) -> None:
        n = game.players
        self.fields = (
            Field("my_hand", 18, "own cards: per rank, a thermometer of 2 cells"),
            Field("played", 9 * n, "face-up cards per relative seat and rank, / copies of the rank"),
            Field("out", n, "relative seats knocked out this round"),
            Field("protected", n, "relative seats protected this round"),
            Field("known", 9 * n, "cards I know others hold now: one-hot rank per relative seat"),
            Field("unseen", 9, "copies of each rank I have not seen, / copies of the rank"),
            Field("deck_size", 1, "cards left to draw, / 16"),
            Field("to_act", n, "one-hot relative seat to act"),
            Field("starter", n, "one-hot relative seat that started this round"),
            Field("round_wins", n, "rounds won per relative seat, / target_wins"),
            Field("recent", RECENT * (n + 9 + n + 9), f"the last {RECENT} plays: seat, card, target, guess"),
        )
        self.num_actions = game.num_actions or 0
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        n = self.players
        o = self.offsets
        seen = [0] * 9
        for c in view["hand"] or ():
            out[o["my_hand"] + 2 * RANK[c] + seen[RANK[c]]] = 1.0
            seen[RANK[c]] += 1
        for s, cards in enumerate(view["played"]):
            for c in cards:
                out[o["played"] + 9 * ((s - me) % n) + RANK[c]] += 1.0 / COPIES[c]
        for s in range(n):
            r = (s - me) % n
            out[o["out"] + r] = float(bool(view["out"][s]))
            out[o["protected"] + r] = float(bool(view["protected"][s]))
        for s, c in (view["known"] or {}).items():
            out[o["known"] + 9 * ((int(s) - me) % n) + RANK[c]] = 1.0
        for c, k in (view["unseen"] or {}).items():
            out[o["unseen"] + RANK[c]] = k / COPIES[c]
        out[o["deck_size"]] = view["deck_size"] / 16
        if view["to_act"]:
            out[o["to_act"] + (view["to_act"][0] - me) % n] = 1.0
        if view["starter"] is not None:
            out[o["starter"] + (view["starter"] - me) % n] = 1.0
        target = view["target_wins"]
        for s, w in enumerate(view["round_wins"]):
            out[o["round_wins"] + (s - me) % n] = w / target
        plays = [e for e in view["history"][-4 * RECENT :] if e["type"] == "play"][-RECENT:]
        width = n + 9 + n + 9
        for i, e in enumerate(reversed(plays)):
            base = o["recent"] + i * width
            out[base + (e["seat"] - me) % n] = 1.0
            out[base + n + RANK[e["card"]]] = 1.0
            if e.get("target") is not None:
                out[base + n + 9 + (e["target"] - me) % n] = 1.0
            if e.get("guess") is not None:
                out[base + n + 9 + n + RANK[e["guess"]]] = 1.0


#: Most history entries one round can have, for any 2-4 players: the ``round``
#: entry, at most ``15 - h`` plays when ``h`` seats hold a card at the start (every
#: turn begins by drawing from a pile of at most ``16 - h - 1`` cards, and a turn is
#: only begun on a pile that is not empty), at most ``h - 1`` ``out`` entries (a
#: play puts at most one seat out, and the round ends when one is left) and one
#: ``round_end``: ``1 + (15 - h) + (h - 1) + 1 = 16``.
SLOTS = 16
#: Most cards left in the pile in a view: at least two hands and the set-aside
#: card are dealt from the 16, and the starter has drawn before anybody looks.
DECK_CELLS = 12
ENTRY_TYPES = ("round", "play", "out", "round_end")
GUESS_RANKS = 7  # a guess names K Q J T 9 8 7: the first seven ranks of RANK


def _slot_fields(n: int) -> tuple[Field, ...]:
    """The cells of one history entry (``n`` players); a key the entry lacks leaves its cells 0."""
    return (
        Field("type", 4, "one-hot entry type: round, play, out, round_end (all 0: no entry yet)"),
        Field("seat", n, "one-hot relative seat: round: the starter; play: the player; out: who is out"),
        Field("card", 9, "one-hot rank: play: the card played; out: the card laid face up (0: null)"),
        Field("target", n, "play: one-hot relative target (0: no target)"),
        Field("guess", GUESS_RANKS, "play of a 6 or 5 at a target: one-hot guess over K Q J T 9 8 7"),
        Field("hit", 1, "play of a 6 or 5 at a target: 1 if the guess was right"),
        Field("seen", 9, "play of a 7 at a target: one-hot rank seen (secret: the player's view only)"),
        Field("cards", 18, "play of an 8 at a target: player's card, target's card, one-hot each (secret)"),
        Field("loser", n, "play of an 8 at a target: one-hot relative loser (0: equal cards)"),
        Field("gave", 9, "play of a J at a target: one-hot rank the player gave (secret: the two)"),
        Field("got", 9, "play of a J at a target: one-hot rank the player got (secret: the two)"),
        Field("discarded", 9, "play of a 10: one-hot rank the target discarded"),
        Field("from_set_aside", 1, "play of a 10 (no K discarded): 1 if the target took the set-aside card"),
        Field("drew", 9, "play of a 10 (no K discarded): one-hot rank drawn (secret: the target's view)"),
        Field("reason", 2, "round_end: one-hot reason: last, deck"),
        Field("winners", n, "round_end: relative seats that won the round"),
        Field("hands", 9 * n, "round_end by deck: per relative seat still in, one-hot rank it held"),
    )


class LoveRecallEncoder(Encoder):
    """Perfect-recall tensor of a single round (``target_wins`` 1) for OpenSpiel.

    The vector determines the seat's whole view (two views of one seat give
    equal vectors exactly when they are equal): the ``history`` entry by
    entry in :data:`SLOTS` blocks of :func:`_slot_fields` (every key of every
    entry, secrets where the view has them), the seat's ``hand`` in its order
    (what the history cannot tell: the card dealt and the cards drawn at
    turns are in no entry, and two views may differ only in which of two
    cards is the old one), and, though the history implies them, the table
    as it is now (``played``, ``out``, ``protected``, ``known``, ``unseen``,
    ``deck_size``, ``set_aside_down``, ``to_act``) so that a learner need not
    replay the round to know it.

    Left out, because they follow from what is encoded: ``game``, ``seat``,
    ``players``, ``options``, ``target_wins``, ``round`` and ``history_epoch``
    (fixed for one seat of one configured single-round game; ``round`` is 1
    in the view and in its ``round``/``round_end`` entries); ``starter`` (the
    seat of the ``round`` entry, always the first); ``history_len`` (the
    entries in use); ``over`` and ``winners`` (whether there is a
    ``round_end`` entry, and its winners); ``round_wins``, also in
    ``round_end`` (1 for the round's winners, 0 for the others: one round);
    ``sums`` of ``round_end`` (the face values of each seat's ``played``
    cards); and the order within ``played`` (each card went face up at an
    entry: the play, a 10's ``discarded`` or the ``out`` card).  That last
    holds for rounds that begin with nothing face up, as every OpenSpiel deal
    and every dealt round does; an engine ``setup`` with ``played`` cards
    puts cards face up that no entry records, and only their counts are
    encoded.
    """

    version = 0

    def __init__(self, game: Game) -> None:
        if game.options["target_wins"] != 1:
            raise GameConfigError(
                "LoveRecallEncoder encodes single rounds: target_wins must be 1",
                code="rl_unsupported",
                params={"detail": "LoveRecallEncoder encodes single rounds: target_wins must be 1"},
            )
        n = game.players
        slot = _slot_fields(n)
        self.fields = (
            Field("my_hand", 18, "own cards in hand order: one-hot rank of the first, then of the drawn one"),
            Field("played", 16 * n, "face-up cards per relative seat: per rank, a thermometer of its copies"),
            Field("out", n, "relative seats knocked out"),
            Field("protected", n, "relative seats protected by a 9"),
            Field("known", 9 * n, "cards I know others hold now: one-hot rank per relative seat"),
            Field("unseen", 16, "cards I cannot place: per rank, a thermometer of its copies"),
            Field("deck_size", DECK_CELLS, f"cards left to draw, a thermometer of {DECK_CELLS} cells"),
            Field("set_aside_down", 1, "1 while the set-aside card is face down"),
            Field("to_act", n, "one-hot relative seat to act (all 0 once over)"),
            *(
                Field(f"h{k:02d}_{f.name}", f.size, f"history entry {k}: {f.meaning}")
                for k in range(SLOTS)
                for f in slot
            ),
        )
        self.num_actions = game.num_actions or 0
        super().__init__(game)
        o = self.offsets
        self.block = sum(f.size for f in slot)
        self.slot = {f.name: o[f"h00_{f.name}"] - o["h00_type"] for f in slot}
        self.thermo_at = {r: sum(COPIES[q] for q in RANKS[: RANK[r]]) for r in RANKS}

    def _cards(self, out: Obs, at: int, cards: Any) -> None:
        """Per rank, a thermometer of its copies (16 cells from ``at``) of ``cards`` (a list or counts)."""
        counts = cards if isinstance(cards, Mapping) else {c: list(cards).count(c) for c in set(cards)}
        for c, k in counts.items():
            thermo(out, at + self.thermo_at[c], k, COPIES[c])

    def fill(self, view: Mapping[str, Any], out: Obs) -> None:
        me = view["seat"]
        n = self.players
        o = self.offsets
        for i, c in enumerate(view["hand"] or ()):  # the order tells the old card from the drawn one
            out[o["my_hand"] + 9 * i + RANK[c]] = 1.0
        for s in range(n):
            r = (s - me) % n
            self._cards(out, o["played"] + 16 * r, view["played"][s])
            out[o["out"] + r] = float(bool(view["out"][s]))
            out[o["protected"] + r] = float(bool(view["protected"][s]))
        for s, c in (view["known"] or {}).items():
            out[o["known"] + 9 * ((int(s) - me) % n) + RANK[c]] = 1.0
        self._cards(out, o["unseen"], view["unseen"] or {})
        thermo(out, o["deck_size"], view["deck_size"], DECK_CELLS)
        out[o["set_aside_down"]] = float(bool(view["set_aside_down"]))
        if view["to_act"]:
            out[o["to_act"] + (view["to_act"][0] - me) % n] = 1.0
        history = view["history"]
        if len(history) > SLOTS:
            raise ValueError(f"a round has at most {SLOTS} history entries, this view {len(history)}")
        at = o["h00_type"]
        for e in history:
            self._entry(out, at, e, me)
            at += self.block

    def _entry(self, out: Obs, at: int, e: Mapping[str, Any], me: int) -> None:
        n = self.players
        f = self.slot
        kind = e["type"]
        out[at + ENTRY_TYPES.index(kind)] = 1.0
        if "seat" in e:
            out[at + f["seat"] + (e["seat"] - me) % n] = 1.0
        elif kind == "round":
            out[at + f["seat"] + (e["starter"] - me) % n] = 1.0
        if e.get("card") is not None:
            out[at + f["card"] + RANK[e["card"]]] = 1.0
        if kind == "round_end":
            out[at + f["reason"] + (e["reason"] == "deck")] = 1.0
            for s in e["winners"]:
                out[at + f["winners"] + (s - me) % n] = 1.0
            for s, c in (e.get("hands") or {}).items():
                out[at + f["hands"] + 9 * ((int(s) - me) % n) + RANK[c]] = 1.0
            return
        for key in ("target", "loser"):
            if e.get(key) is not None:
                out[at + f[key] + (e[key] - me) % n] = 1.0
        if e.get("guess") is not None:
            out[at + f["guess"] + RANK[e["guess"]]] = 1.0
        for key in ("hit", "from_set_aside"):
            if e.get(key):
                out[at + f[key]] = 1.0
        for key in ("seen", "gave", "got", "discarded", "drew"):
            if e.get(key) is not None:
                out[at + f[key] + RANK[e[key]]] = 1.0
        if e.get("cards") is not None:
            mine, theirs = e["cards"]
            out[at + f["cards"] + RANK[mine]] = 1.0
            out[at + f["cards"] + 9 + RANK[theirs]] = 1.0
