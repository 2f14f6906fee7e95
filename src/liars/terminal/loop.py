"""The play, watch and replay loops: the engine's state stays here; seats get views.

The loop is the "server" of a terminal game.  It asks bots through
:func:`liars.bots.checked_act` with their own seat's view, asks the person
through a :class:`~liars.terminal.ui.GameUI` that sees only their view and
legal actions, and narrates each new event of the watching seat's view as it
happens.  A saved game is the engine's own JSON (``liars.load`` reads it)
with two keys added, ``moves`` (every action in order, so ``replay`` can step
through it) and ``names``.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import IllegalAction, State, make
from ..bots import Bot, action_bound, checked_act
from ..coach.review import Saved
from ..core import Refusal
from ..errors import usage_error
from . import coach, keyboard, screens
from .i18n import _, game_name, listing, ngettext
from .refusals import refusal
from .setup import check_seat
from .ui import NO, YES, GameUI, InputError, asks_help


class Quit(Exception):
    """The player left (Ctrl-C or end of input)."""


@dataclass
class Table:
    """One game at the table: the state, who sits where, and what each has been told."""

    state: State
    ui: GameUI
    bots: dict[int, Bot]
    human: int | None
    console: Console
    delay: float = 0.0
    moves: list[tuple[int, Any]] = field(default_factory=list)
    seen: int = 0
    ask: Callable[[str], str] | None = None
    quiet: bool = False  # the person chose to skip to the result: events are counted, not told
    asked_out: bool = False
    coach: bool = False  # the person switched the coach on (``coach`` at the prompt): odds each turn
    saved_to: str | None = None  # the file the game was last saved to
    levels: dict[int, str] = field(default_factory=dict)  # each bot seat's level, saved with the game

    @property
    def at_bound(self) -> bool:
        """Bots alone (a watch) that reached the game's action bound: the game stops unfinished."""
        return self.human is None and len(self.moves) >= action_bound(self.state.game)

    @property
    def viewer(self) -> int | None:
        return self.human

    def say(self, *lines: str, style: str = "") -> None:
        """Print lines as they are (no markup: a card like [5] stays itself)."""
        for line in lines:
            keyboard.check()  # a safe point for Ctrl-C: between lines, never inside a print
            self.console.print(Text(line, style=style))

    def narrate(self, pause: bool = True) -> int:
        """Tell the watching seat everything new in its view; the number of lines told.

        The count lets a replay merge a move that tells nothing (a pass in a
        challenge window) into the step it belongs to.
        """
        view = self.state.view(self.viewer)
        events = self.ui.events(view)
        if len(events) < self.seen:  # a game that rewrote its history: start over rather than skip
            self.seen = 0
        told = 0
        for e in events[self.seen :] if not self.quiet else ():
            lines = self.ui.narrate(e, view)
            for line in lines:
                self.say(line)
            told += len(lines)
            if lines and pause and self.delay:
                keyboard.pause(self.delay)
            if (
                pause
                and self.delay
                and self.human is not None
                and not self.state.over
                and self.ui.pauses_after(e)
            ):
                self.read(_("Enter = next round "))  # (``--delay 0`` asks for no pauses at all)
        self.seen = len(events)
        return told

    def act(self, seat: int, action: Any) -> None:
        self.state.act(seat, action)
        self.moves.append((seat, action if isinstance(action, dict) else action.to_json()))

    def bot_turn(self, seat: int) -> None:
        view = self.state.view(seat)
        action = checked_act(self.bots[seat], self.ui.name(seat), view, self.state.legal_actions(seat))
        self.act(seat, action)

    def human_turn(self, seat: int) -> None:
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        if self.ui.is_window(legal):
            self.say(*self.ui.mine(view))  # your hand, to judge the claim by
            self.show_coach(view)
            question = self.ui.window_question(view)
            while True:
                text = self.read(question + " ")
                if asks_help(text):  # the game's help, as on the full screen; then the question again
                    self.say(*screens.help_lines(self.ui, view, legal), coach.hint())
                    continue
                if self.switch_coach(text, view):
                    continue
                try:
                    self.act(seat, self.ui.parse_window(text))
                    return
                except InputError as exc:
                    self.say(str(exc), style="red")
        screens.show(self.console, self.ui, view, legal)
        self.show_coach(view)
        while True:
            text = self.read("> ")
            if asks_help(text):
                self.say(*screens.help_lines(self.ui, view, legal), coach.hint())
                continue
            if self.switch_coach(text, view):
                continue
            try:
                action = self.ui.parse(text, view, legal)
                self.act(seat, action)
                return
            except InputError as exc:
                self.say(str(exc), style="red")
            except IllegalAction as exc:  # the engine's last word, should the screen's checks miss a rule
                self.say(_("Not allowed: {reason}").format(reason=refusal(exc, self.ui.name)), style="red")

    def show_coach(self, view: Mapping[str, Any]) -> None:
        """The coach's panel for the person's view, when they switched it on."""
        if self.coach:
            self.say(*coach.lines(self.ui, view), style="cyan")

    def switch_coach(self, text: str, view: Mapping[str, Any]) -> bool:
        """``coach`` typed at a prompt: switch the coach, say so (and show it); True if that was it."""
        if " ".join(text.strip().lower().split()) not in coach.COACH_WORDS:
            return False
        self.coach = not self.coach
        self.say(coach.switched(self.coach))
        self.show_coach(view)
        return True

    def read(self, prompt: str) -> str:
        try:
            if self.ask is not None:
                return self.ask(prompt)
            return keyboard.read_line(self.console, Text(prompt, style="bold"))
        except EOFError:
            raise Quit from None

    def run(self) -> None:
        """Play until the game is over (narrating as it goes).

        Bots alone (``liars watch``) stop at the game's action bound
        (:func:`liars.bots.action_bound`): a bots' game that goes round in circles ends
        unfinished, said so, instead of running for ever.
        """
        self.narrate()
        while not self.state.over:
            keyboard.check()  # a Ctrl-C during a bot's move: acted on once the move is made
            if self.at_bound:
                self.say(
                    _(
                        "The bots stopped after {n} moves with no winner: the game went round in circles."
                    ).format(n=len(self.moves)),
                    style="red",
                )
                return
            seat = self.state.to_act[0]
            if seat == self.human:
                self.human_turn(seat)
            else:
                self.offer_skip()
                self.bot_turn(seat)
            self.narrate()

    def offer_skip(self) -> None:
        """Once the person is out for good, ask once whether to skip the bots' remaining rounds.

        Watching every remaining round of bots is a chore for someone who can
        no longer play; the result (and every hand) still shows at the end.
        """
        if self.human is None or self.asked_out or self.state.over:
            return
        if not self.ui.eliminated(self.state.view(self.human)):
            return
        self.asked_out = True
        while True:
            answer = self.read(_("You are out. Skip to the result? [y/N] ")).strip().lower()
            if answer in YES or answer in NO:
                self.quiet = answer in YES and answer not in NO
                return
            if asks_help(answer):
                self.say(skip_help())
                continue
            self.say(_("Answer y (yes) or n (no); Enter means no."), style="red")

    def finish(self) -> None:
        """Who won, and every hidden card or die, from every seat's final view."""
        if not self.state.over:  # a game saved halfway (Ctrl-C): show where it stood
            # From the watching seat's view only: the others' cards are still hidden, and the game
            # may go on (``--load``).  A replay of a half-played save showed «Ola: 7».
            mine = self.state.view(self.viewer)
            self.console.print(Rule(_("The game so far")))
            self.console.print(self.ui.table(mine))
            self.say(*self.ui.mine(mine))
            return
        views = [self.state.view(s) for s in range(self.state.game.players)]
        self.console.print(Rule(_("Game over")))
        self.console.print(self.ui.table(self.state.view(self.viewer)))
        for line in self.ui.reveal(views):
            self.say(line)
        winners = list(self.state.view(self.viewer)["winners"])  # from a view, like everything shown
        if not winners:
            self.say(_("Nobody won."))
        elif self.human in winners:
            self.say(_("You won!"), style="bold green")
        else:
            names = listing([self.ui.name(w) for w in winners])
            self.say(
                ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(names=names),
                style="bold",
            )

    def saved(self) -> str:
        data = json.loads(self.state.to_json())
        data["moves"] = [[s, a] for s, a in self.moves]
        data["names"] = self.ui.names
        data["human"] = self.human
        # ``--load`` sits the person back at the same bots: «middels» came back as «vanskelig»
        data["levels"] = [self.levels.get(s) for s in range(self.state.game.players)]
        return json.dumps(data, ensure_ascii=False)


def os_reason(exc: OSError, reading: bool = False) -> str:
    """Why a file could not be written or read, in the player's words (``strerror`` is English)."""
    reasons = {
        errno.ENOENT: _("no such file") if reading else _("no such folder"),
        errno.ENOTDIR: _("no such folder"),
        errno.EACCES: _("permission denied"),
        errno.EPERM: _("permission denied"),
        errno.EISDIR: _("it is a folder"),
        errno.EROFS: _("the disk is read-only"),
        errno.ENOSPC: _("the disk is full"),
    }
    return reasons.get(exc.errno or 0) or exc.strerror or str(exc)


def read_text(file: str) -> str:
    """A saved game's text, or a usage error in the player's words (``play --load``, ``replay``,
    ``review``): a file that cannot be read, or that is no text (a binary file put a
    ``UnicodeDecodeError`` traceback on ``replay`` and ``review``, where ``--load`` said so)."""
    try:
        return Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = os_reason(exc, reading=True) if isinstance(exc, OSError) else _("not a text file")
        raise usage_error(_("Cannot read {file}: {reason}").format(file=file, reason=reason)) from None


def read_saved(file: str) -> str:
    """A saved game's text for ``replay`` and ``review``, refused in the player's words unless it is
    JSON; what the JSON must hold is :func:`liars.coach.review.read_save`'s to say."""
    text = read_text(file)
    try:
        json.loads(text)
    except ValueError:
        raise usage_error(_("{file} is not a saved game.").format(file=file)) from None
    return text


def not_a_save(file: str, exc: Exception) -> Exception:
    """A file ``replay`` or ``review`` cannot use, refused as a usage error in the player's words.

    In nb and nl only that it is no saved game: the engine's reason is English, written for
    programmers («Ikke et lagret spill: format must be 'liars/1'» mixed the two).  In English the
    reason follows, as the other commands' English refusals keep the engine's detail.
    """
    from . import i18n

    code = getattr(exc, "code", None)
    if i18n.lang() == "en":  # the engine's own reason, which says more
        detail = getattr(exc, "params", {}).get("detail") or str(exc)
        return usage_error(_("{file} is not a saved game: {why}").format(file=file, why=detail))
    if isinstance(exc, Refusal) and code not in (None, "bad_save"):  # a reason the catalogs hold
        return usage_error(_("{file} is not a saved game: {why}").format(file=file, why=refusal(exc)))
    return usage_error(_("{file} is not a saved game.").format(file=file))


def unwritable(path: str) -> str | None:
    """Why ``path`` could not be saved to, checked without writing it; None if it looks fine.

    Checked when the game starts, so a bad ``--save`` is refused before an
    hour of play rather than lost at the end.
    """
    p = Path(path)
    if p.is_dir():
        return _("it is a folder")
    parent = p.parent
    if not parent.is_dir():
        return _("no such folder")
    if not os.access(parent, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        return _("permission denied")
    return None


def save(table: Table, path: str) -> bool:
    """Write the game to ``path``; on failure say why (the game stays in memory) and return False."""
    try:
        Path(path).write_text(table.saved() + "\n", encoding="utf-8")
    except OSError as exc:
        table.say(_("Cannot save to {path}: {reason}.").format(path=path, reason=os_reason(exc)), style="red")
        return False
    table.say(_("Saved to {path}.").format(path=path))
    table.saved_to = path
    return True


# What «?» says at the yes-or-no questions, the line mode's and the full screen's alike.
def skip_help() -> str:
    return _(
        "You are out of the game: the others play on without you. y: skip their moves and"
        " see the result at once; n (or Enter): watch them play it out."
    )


def again_help() -> str:
    return _("y deals a new game at the same table (the next game number); n (or Enter) stops.")


def save_to_help(path: str) -> str:
    return _("Enter or y saves the game to {path}; n leaves it unsaved.").format(path=path)


def file_named(answer: str) -> str | None:
    """The file an answer to «Save the game? File name (Enter = don't save)» names; None: don't save.

    Why: «n» there saved the game to a file called ``n`` (and «j» to ``j``), and the full screen
    closed as if nothing had happened.  A no is no; a yes is no file name, so it is refused.
    """
    text = answer.strip()
    if text.lower() in NO:
        return None
    if text.lower() in YES or asks_help(text):  # «?» had saved the game to a file called «?»
        raise InputError(_("Type the name of a file to save to, or press Enter not to save."))
    return text


def offer_save(table: Table, default: str | None) -> bool:
    """Ask where to save (Enter keeps ``default`` or skips); a path that fails is explained and asked again.

    A second Ctrl-C (or the end of input) skips.  True if the game was saved.
    """
    table.say("")
    try:
        if default:
            question = _("Save the game to {path}? [Y/n] ").format(path=default)
            answer = table.read(question).strip().lower()
            while asks_help(answer):  # «?» is no «no»: it had left the game unsaved
                table.say(save_to_help(default))
                answer = table.read(question).strip().lower()
            if answer not in YES and answer != "":
                return False
            if save(table, default):
                return True
        while True:
            try:
                path = file_named(table.read(_("Save the game? File name (Enter = don't save): ")))
            except InputError as refused:
                table.say(str(refused), style="red")
                continue
            if path is None:
                return False
            if save(table, path):
                return True
    except (KeyboardInterrupt, Quit):
        table.say("")
        return False


def play_again(table: Table) -> bool:
    """Yes or no; anything else is explained and asked again (the end of input means no)."""
    while True:
        try:
            answer = table.read(_("Play again? [y/N] ")).strip().lower()
        except Quit:
            return False
        if answer in NO:
            return False
        if answer in YES:
            return True
        if asks_help(answer):
            table.say(again_help())
            continue
        table.say(_("Answer y (yes) or n (no); Enter means no."), style="red")


def numbered_path(path: str, game: int) -> str:
    """Where game number ``game`` of a session is saved: ``path`` first, then ``x-2.json``, ``x-3.json``...

    Playing again must not overwrite the game just saved; a number already
    taken by an older file is skipped too.
    """
    if game <= 1:
        return path
    p = Path(path)
    n = game
    while True:
        candidate = p.with_name(f"{p.stem}-{n}{p.suffix}")
        if not candidate.exists():
            return str(candidate)
        n += 1


def replay(
    console: Console,
    saved: Saved,
    ui_for: Callable[[str, Sequence[str], int | None], GameUI],
    seat: int,
    delay: float | None,
    ask: Callable[[str], str] | None = None,
) -> int:
    """Step through a saved game from ``seat``'s view; at the end, reveal everything.

    ``delay`` None waits for Enter between steps (``q`` stops); a number
    steps on by itself.  A file without ``moves`` (plain engine JSON) shows
    its final position and history.
    """
    final, moves, me = saved.final, saved.moves, saved.human
    g = final.game
    game = make(g.id, players=g.players, seed=g.seed, **g.options)
    names = list(saved.names or [_("Seat {n}").format(n=s + 1) for s in range(game.players)])
    if me is not None:
        names[me] = _("You")  # in the language of this replay, not of the game
    ui = ui_for(game.id, names, me)
    check_seat(seat, game.players)
    console.print(Rule(game_name(game.id)))
    if moves is None:
        table = Table(final, ui, {}, seat, console, ask=ask)
        table.narrate(pause=False)
        table.finish()
        return 0
    table = Table(game.new_game(), ui, {}, seat, console, ask=ask)
    table.narrate(pause=False)
    i = 0
    while i < len(moves):
        if delay is None:
            question = _("[{i}/{n}] Enter = next, q = quit ").format(i=i, n=len(moves))
            answer = table.read(question).strip()
            while asks_help(answer):  # «?» stepped on, as if it were Enter
                table.say(_("Enter shows the next move; q stops the replay here."))
                answer = table.read(question).strip()
            if answer == "q":
                return 0
        elif delay:
            keyboard.pause(delay)
        # One step is the moves up to the first that tells something: a pass that shows
        # nothing (a challenge window let go) belongs with what follows it.
        while i < len(moves):
            who, action = moves[i]
            table.state.act(who, action)
            i += 1
            if table.narrate(pause=False):
                break
    table.finish()
    return 0
