"""The player's line is read so that a Ctrl-C is answered whenever it comes (liars.terminal.keyboard).

Why: under ``input()`` a Ctrl-C whose handler could not interrupt the wait
for the line (it landed just before the ``read`` began) was answered only
after the next Enter: the player saw ``^C`` and nothing.  These tests read
from a real pseudo-terminal, in this process, so the moment of the signal is
chosen exactly.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TextIO

import pytest
from rich.console import Console
from rich.text import Text

import liars
from liars.terminal import keyboard
from liars.terminal.games import ui_for
from liars.terminal.keyboard import read_line
from liars.terminal.loop import Table

_TIMERS: list[threading.Timer] = []
LATE = 5.0  # seconds until the helper types a line: a lost Ctrl-C fails the test instead of hanging it


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """stdin is a pseudo-terminal's slave end; the master's descriptor is yielded (to type into)."""
    if threading.current_thread() is not threading.main_thread():
        pytest.fail("these tests must run in the main thread (signals are handled there)")
    master, slave = os.openpty()
    stdin: TextIO = open(slave, encoding="utf-8", closefd=True)  # noqa: SIM115 - closed below
    monkeypatch.setattr(sys, "stdin", stdin)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield master
    finally:
        for timer in _TIMERS:  # a helper still waiting must not type into a closed terminal
            timer.cancel()
            timer.join()
        _TIMERS.clear()
        signal.signal(signal.SIGINT, old)
        stdin.close()
        os.close(master)


def _later(seconds: float, job: Callable[[], object]) -> None:
    """Run ``job`` in another thread after ``seconds``; cancelled when the test ends (see the fixture)."""
    timer = threading.Timer(seconds, job)
    timer.daemon = True
    _TIMERS.append(timer)
    timer.start()


def test_a_line_typed_is_returned_without_its_newline(terminal: int) -> None:
    out = io.StringIO()
    os.write(terminal, b"4 5\n")
    assert read_line(Console(file=out), Text("> ")) == "4 5"
    assert out.getvalue() == "> "  # the prompt, as Console.input writes it
    os.write(terminal, "løgner\n".encode())  # the player's own letters, as typed
    assert read_line(Console(file=out), Text("> ")) == "løgner"


def test_the_end_of_input_is_an_eof_error(terminal: int) -> None:
    os.write(terminal, b"\x04")  # Ctrl-D at the start of a line
    with pytest.raises(EOFError):
        read_line(Console(file=io.StringIO()), Text("> "))


def test_a_ctrl_c_that_cannot_interrupt_the_wait_is_still_answered_at_once(terminal: int) -> None:
    """The signal is handled by another thread's C handler while this one waits for the line.

    That is what a Ctrl-C landing just before the ``read`` amounts to: the
    interpreter's flag is set, but the wait itself is not interrupted.  Under
    ``input()`` the ``KeyboardInterrupt`` came only with the line typed
    ``LATE`` seconds later; it must come at once.
    """
    typed = threading.Event()

    def press_ctrl_c() -> None:
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # in this helper thread, not the reader

    def type_a_line() -> None:
        typed.set()
        os.write(terminal, b"late\n")

    _later(0.3, press_ctrl_c)
    _later(LATE, type_a_line)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        read_line(Console(file=io.StringIO()), Text("> "))
    waited = time.monotonic() - start
    assert not typed.is_set(), f"Ctrl-C answered only after a line was typed ({waited:.1f} s)"


def test_other_signals_do_not_end_the_wait(terminal: int) -> None:
    """A window resize (SIGWINCH, with a handler) wakes the wait; the line is still read."""
    seen: list[int] = []
    old = signal.signal(signal.SIGWINCH, lambda sig, frame: seen.append(sig))
    try:
        _later(0.2, lambda: signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGWINCH))
        _later(0.5, lambda: os.write(terminal, b"l\n"))
        assert read_line(Console(file=io.StringIO()), Text("> ")) == "l"
    finally:
        signal.signal(signal.SIGWINCH, old)
    assert seen == [signal.SIGWINCH]


# -- under the guard: the press is noted, and acted on only at the safe points -----------------


def test_under_the_guard_a_ctrl_c_before_the_prompt_ends_the_read_without_waiting(terminal: int) -> None:
    with keyboard.guard():
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # noted only: nothing is raised here
        with pytest.raises(KeyboardInterrupt):
            read_line(Console(file=io.StringIO()), Text("> "))
        os.write(terminal, b"next\n")  # the press was acted on once: the next read reads
        assert read_line(Console(file=io.StringIO()), Text("> ")) == "next"


def test_under_the_guard_a_ctrl_c_during_the_wait_ends_it_at_once(terminal: int) -> None:
    typed = threading.Event()

    def type_a_line() -> None:
        typed.set()
        os.write(terminal, b"late\n")

    with keyboard.guard():
        _later(0.3, lambda: signal.pthread_kill(threading.get_ident(), signal.SIGINT))  # another thread
        _later(LATE, type_a_line)
        with pytest.raises(KeyboardInterrupt):
            read_line(Console(file=io.StringIO()), Text("> "))
    assert not typed.is_set()


def test_under_the_guard_a_ctrl_c_during_a_pause_ends_it(terminal: int) -> None:
    with keyboard.guard():
        _later(0.2, lambda: signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT))
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            keyboard.pause(LATE)
    assert time.monotonic() - start < LATE  # ended by the press, not by the clock


class _PressWhileWriting(io.StringIO):
    """A screen at which the player presses Ctrl-C while the first line is being written."""

    def __init__(self) -> None:
        super().__init__()
        self.pressed = False

    def write(self, text: str) -> int:
        if not self.pressed:
            self.pressed = True
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        return super().write(text)


def _table(console: Console) -> Table:
    game = liars.make("liars-dice", players=2, seed=1, dice=2)
    return Table(game.new_game(), ui_for(game.id, ["A", "B"], 0), {}, 0, console)


def test_under_the_guard_a_ctrl_c_inside_a_print_is_acted_on_after_it(terminal: int) -> None:
    """Raised inside rich's print, the interrupt once left the console buffering everything after
    it: the offer to save the game never showed.  The line being printed is finished first."""
    screen = _PressWhileWriting()
    table = _table(Console(file=screen, width=80))
    with keyboard.guard():
        with pytest.raises(KeyboardInterrupt):
            table.say("first line", "second line")
        assert screen.getvalue() == "first line\n"  # written whole; the second was not begun
        table.say("Save the game?")  # the screen still shows what comes next
    assert screen.getvalue() == "first line\nSave the game?\n"


def test_the_guard_leaves_an_ignored_ctrl_c_ignored_and_restores_what_it_changed(terminal: int) -> None:
    before_fd = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(before_fd)
    with keyboard.guard():
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler  # noted, not raised
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.set_wakeup_fd(before_fd) == before_fd
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a background job: Ctrl-C is not for it
    with keyboard.guard():
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
