"""Play in the terminal, in Norwegian, Dutch or English: screens, input, narration, loops.

The terminal is an edge like a remote client: everything it shows comes
from ``state.view(seat)`` and ``legal_actions``; the loop (``loop.py``)
keeps the state.  Each game has a :class:`~liars.terminal.ui.GameUI`
(``games.ui_for``); a game without one yet gets :class:`~liars.terminal.games.GenericUI`, which numbers
the legal actions, so a new game is playable the day it lands.
"""
