"""The strong Liar's Dice bot's reading of the faces a seat did not bid (``Knowledge.off``)."""

from __future__ import annotations

from typing import Any

from liars.bots import liars_dice as ld


def round_of(cups: list[list[int]], bids: list[tuple[int, int, int]], caller: int) -> dict[str, Any]:
    """A finished round: ``bids`` as (seat, quantity, face), then ``caller`` calls liar."""
    return {
        "dice": cups,
        "bids": [{"seat": s, "quantity": q, "face": f} for s, q, f in bids],
        "caller": caller,
        "call": "liar",
    }


def view_of(counts: list[int], bids: list[tuple[int, int, int]], wild: bool) -> dict[str, Any]:
    return {
        "options": {"wild_ones": wild, "spot_on": False},
        "bids": [{"seat": s, "quantity": q, "face": f} for s, q, f in bids],
        "dice_counts": counts,
    }


def test_a_seat_whose_cups_hold_only_its_bid_face_reads_low_on_the_rest() -> None:
    """Seat 1 always bids fives holding nothing but fives: its other faces come out below chance."""
    k = ld.Knowledge(2, True)
    assert k.off(1) == 1.0  # no evidence yet
    for _ in range(10):
        k._round(round_of([[2, 4, 1], [5, 5, 5]], [(0, 1, 3), (1, 2, 5)], 0))
    assert k.off(1) < 0.2
    assert k.off(0) > 1  # seat 0 bid threes holding none: the faces it skipped showed more than chance
    # With wild ones the ones are never an "other" face (every bid makes them likelier): faces 2, 4, 6.
    assert k.off_base[1] == 10 * 3 * 4 * (2 / 6)


def test_the_beliefs_lower_a_face_the_bidder_skipped_but_never_raise_it() -> None:
    k = ld.Knowledge(3, True)
    for _ in range(10):
        k._round(round_of([[1, 1, 1], [5, 5, 5], [6, 6, 6]], [(0, 1, 2), (1, 2, 5), (2, 3, 6)], 0))
    view = view_of([3, 3, 3], [(0, 1, 2), (1, 2, 5)], True)
    shares = [k.share(s) for s in range(3)]
    plain = ld.Beliefs(view, 1.5, shares)
    read = ld.Beliefs(view, 1.5, shares, k)
    assert read.p(1, 3) < plain.p(1, 3)  # seat 1 bid fives: its threes are rarer than the tilt alone says
    assert read.p(1, 5) == plain.p(1, 5)  # the face it bid, and
    assert read.p(1, 1) == plain.p(1, 1)  # the wild ones, keep the tilt
    assert read.p(2, 3) == plain.p(2, 3) == 1 / 3  # a seat that has not bid this round: chance
    # Seat 0's cups (all ones) showed its other faces far above chance: the reading never lifts a
    # face above the tilt.
    assert k.off(0) > 1 and read.p(0, 3) == plain.p(0, 3)
