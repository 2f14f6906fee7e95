"""``liars review``'s screen: the ranked decisions, each with the position as the seat saw it.

Every item is drawn from the item's own view (the table, the public lines,
the seat's dice or hand) with the game's screen module, so a review shows
what the player saw then and nothing more; the numbers come from
:func:`liars.coach.review.review`.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..coach.review import Item, Review
from .coach_words import action_words
from .i18n import _, decimal, game_name, ngettext
from .ui import GameUI


def percent(p: float) -> str:
    """A chance as the language writes it: "31%" in English and Dutch, "31 %" in Norwegian.

    Under 1% but above nothing it keeps one decimal ("0.3%", «0,3 %»), as the web's coach
    does: a bid the dice make unlikely is not one they make impossible, and "0%" said so.
    Over 99% likewise ("99.6%", ">99.9%"): the panel's «100 %» stood over the coach's own
    «>99 %» of the same bid.
    """
    if 0 < p < 0.01 or 0.99 < p < 1:  # near either end a tenth, and never 0% or 100% of what may be
        tenths = _half_up(1000 * p)
        if tenths == 0:
            return "<" + _("{n}%").format(n=decimal(0.1))
        if tenths == 1000:
            return ">" + _("{n}%").format(n=decimal(99.9))
        if tenths % 10:
            return _("{n}%").format(n=decimal(tenths / 10))
    return _("{n}%").format(n=_half_up(100 * p))


def _half_up(x: float) -> int:
    """``x`` to the nearest whole number, a half going up, as the web's ``Intl`` rounds (not to even)."""
    return int(Decimal(repr(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def points(taken: float, advised: float) -> str:
    """The change from ``taken`` to ``advised`` in percentage points, signed: "+19", "−4", "0".

    From the two chances as shown, so that the three numbers of a line agree: «17 % … 33 %
    (+17 prosentpoeng)» had rounded the difference itself.
    """
    n = _half_up(100 * advised) - _half_up(100 * taken)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def summary(review: Review, ui: GameUI) -> list[str]:
    """The head of the review: whose, how many decisions, how many the strong bot would have changed."""
    lines = [
        _("Review of {name}'s game. Decisions with a choice: {n}.").format(
            name=ui.name(review.seat), n=review.decisions
        )
        if review.seat != ui.me
        else _("Review of your game. Decisions with a choice: {n}.").format(n=review.decisions),
    ]
    if not review.items:
        lines.append(_("The strong bot would have done the same every time."))
        return lines
    lines.append(
        ngettext(
            # the costliest first, as the items are ranked (by the gain, signed) and as the web says
            "The strong bot would have done otherwise {n} time.",
            "The strong bot would have done otherwise {n} times; the costliest first.",
            len(review.items),
        ).format(n=len(review.items))
    )
    return lines


def item_lines(ui: GameUI, item: Item) -> tuple[list[str], list[str]]:
    """What to say about one item: the lines above the table (status, own secret) and below."""
    view = item.view
    above = [*ui.status(view), *ui.mine(view)]
    below = [
        _("You chose: {action}.").format(action=action_words(ui, view, item.taken))
        if item.view.get("seat") == ui.me
        else _("Chosen: {action}.").format(action=action_words(ui, view, item.taken)),
        _("The strong bot: {action}.").format(action=action_words(ui, view, item.advised)),
        _(
            "Chance to win: {taken} with your choice, {advised} with the strong bot's ({points} points)."
        ).format(
            taken=percent(item.win_taken),
            advised=percent(item.win_advised),
            points=points(item.win_taken, item.win_advised),
        ),
    ]
    if item.close:
        below.append(_("Too close to tell: the positions played out do not tell the two apart."))
    elif item.gain < 0:
        below.append(_("In the positions played out, your choice did better."))
    if item.exact is not None:
        # the actions it plays at all (as the web's review): «één twee bieden 0%» five times was noise
        played = [(a, p) for a, p in item.exact.policy if p >= 0.005]
        mix = ", ".join(f"{action_words(ui, view, a)} {percent(p)}" for a, p in played)
        below.append(_("The exact equilibrium: {mix}.").format(mix=mix))
        if item.exact.loss is not None:
            below.append(
                _(
                    "Your choice: {p} in the equilibrium; "
                    "expected loss: {loss} of your chance to win the round."
                ).format(
                    p=percent(item.exact.taken),
                    loss=percent(item.exact.loss / 2),  # ±1 stakes: half is a chance
                )
            )
        else:
            below.append(_("Your choice: {p} in the equilibrium.").format(p=percent(item.exact.taken)))
    return above, below


def show(console: Console, ui: GameUI, review: Review, limit: int | None = None) -> None:
    """Print ``review``: the summary, then each item (the first ``limit``) with its position."""
    console.print(Rule(Text(" · ".join((game_name(review.game), _("Review"))), style="bold")))
    for line in summary(review, ui):
        console.print(Text(line))
    items = review.items if limit is None else review.items[:limit]
    for rank, item in enumerate(items, 1):
        console.print(
            Rule(
                _("{rank}. move {move} · {points} points").format(
                    rank=rank, move=item.move + 1, points=points(item.win_taken, item.win_advised)
                )
            )
        )
        above, below = item_lines(ui, item)
        console.print(ui.table(item.view))
        for line in above:
            console.print(Text(line))
        for line in below:
            console.print(Text(line, style="bold"))
    if items:
        n = items[0].samples
        note = ngettext(
            "Each chance: {samples} hidden world drawn from what could be seen, played on by bots.",
            "Each chance: {samples} hidden worlds drawn from what could be seen, played on by bots.",
            n,
        )
        console.print(Text(note.format(samples=n)))
