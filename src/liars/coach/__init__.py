"""The coach: the odds behind every bid and claim, from one seat's view alone.

``odds(game_id, view, options=None)`` is the one entry point (pinned: the
server, the web app, the terminal and the review call it).  It returns a
JSON-able dict computed from ``view`` and nothing else: the coach never sees
a state, so it can tell a seat nothing its view does not already hold.
``options`` are the game's options for a view that does not carry them
(every engine view does; its own ``options`` win).

Keys in every answer: ``game``, ``seat``, ``advice`` (:mod:`.advice`: the
strong bot's action as JSON, its reason ``why`` as data and ``text`` in the
language asked for; ``None`` when it is not the seat's turn), and the
game's own keys:

- ``liars-dice`` (:mod:`.dice`): ``standing_exact``, ``standing``,
  ``bids``, ``unseen`` (and ``spot_on_exact``, ``spot_on`` with that rule);
  ``exact`` (:mod:`.exact`): in a solved two-player endgame, the
  equilibrium's chance, win chance and expected loss of every action, else
  ``None``.
- ``liars-dice-poker`` (:func:`.dice.poker_odds`): ``standing_exact``,
  ``standing``, ``bids`` (each with ``claim``, ``exact``, ``adjusted``, ``looks``).
- ``cheat``, ``liegen`` (:mod:`.cards`): ``last_play_exact``, ``last_play``,
  ``out_there``, ``claimed``.
- ``love-letter`` (:mod:`.love`): ``cards`` (per seat), ``guess``, ``eight``.

The view must be whole: a ``view(seat, since=k)`` tail lacks the history the
card counting and the advice's legal actions are read from.  A view the coach
cannot read (a spectator's, a tail, another game's, a malformed one) is
refused with :class:`liars.GameConfigError` (code ``bad_view``), as
``sample_state`` refuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import game_class, view_error
from . import cards, dice, exact, love
from .advice import advise
from .words import LANGS, say

__all__ = ["GAMES", "LANGS", "advise", "odds", "say"]

_ODDS: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]] = {
    dice.GAME: dice.odds,
    dice.POKER: dice.poker_odds,
    cards.CHEAT: cards.cheat_odds,
    cards.LIEGEN: cards.liegen_odds,
    love.GAME: love.odds,
}

#: The games the coach knows.
GAMES: tuple[str, ...] = tuple(_ODDS)


def game_options(game_id: str, view: Mapping[str, Any], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's options: its defaults, then ``options``, then what the view says (the view wins)."""
    merged = {opt.name: opt.default for opt in game_class(game_id).info.options}
    for given in (options, view.get("options")):
        if given is not None:
            if not isinstance(given, Mapping):
                raise view_error("coach: options must be an object")
            merged.update(given)
    return merged


def check_view(game_id: str, view: Any) -> int:
    """The seat of a player's view of ``game_id``; anything else is refused (``bad_view``)."""
    if game_id not in _ODDS:
        raise view_error(f"coach: no coach for {game_id!r}; games: {', '.join(GAMES)}")
    if not isinstance(view, Mapping) or view.get("game") != game_id:
        raise view_error(f"coach: the view is not a {game_id} view")
    seat = view.get("seat")
    players = view.get("players")
    if type(players) is not int or type(seat) is not int or not 0 <= seat < players:
        raise view_error("coach: a player's view is needed (a spectator has no seat to coach)")
    return seat


def odds(
    game_id: str,
    view: Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
    *,
    lang: str = "en",
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The coaching for ``view``'s seat: the odds of its game and the advice (see the module docstring).

    ``lang`` (``en``, ``nb``, ``nl``) and ``names`` (one per seat) only shape
    ``advice["text"]``; ``advice["why"]`` is the same reason as data, which
    :func:`say` renders in any language.
    """
    seat = check_view(game_id, view)
    if lang not in LANGS:
        raise view_error(f"coach: lang must be one of {', '.join(LANGS)}, not {lang!r}")
    opts = game_options(game_id, view, options)
    # The view as the bots read it: with its options (a shallow copy, the caller's view untouched).
    full = {**view, "options": opts}
    try:
        out = _ODDS[game_id](full, opts)
        if game_id == dice.GAME:
            out["exact"] = exact.exact(full)
        out["advice"] = advise(game_id, full, out, lang, names)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        code = getattr(exc, "code", None)
        if code == "bad_view" or (isinstance(code, str) and code.startswith("bot_")):
            raise  # a view refused as such, or a bot's own bug: not to be passed off as the view's fault
        raise view_error(f"coach: not a consistent {game_id} view ({exc!r})") from None
    return {"game": game_id, "seat": seat, **out}
