"""Ctrl-C in the line-mode terminal: noted when pressed, acted on at safe points, never lost.

Why not Python's default (a ``KeyboardInterrupt`` raised wherever the
program happens to be): it can land in the middle of anything.  Measured in
a loop that pressed Ctrl-C right after the help page, about 1 press in 60
left the game silent, waiting:

- landing in ``rich``'s ``Console.print`` between its ``_enter_buffer`` and
  the ``with`` that undoes it, it left the console buffering for good, so the
  offer to save was never shown (the game sat at an invisible prompt);
- landing in ``input()``'s own C code before its ``read`` began, it was
  noticed only after the next Enter (and ``input()`` clears errors raised by
  the flushes it does first);
- and landing inside the engine's ``act``, it could leave a half-made move
  in the game that is then saved.

So while :func:`guard` is active the SIGINT handler only notes the press.
The C-level handler also writes to a pipe (:func:`signal.set_wakeup_fd`), so
a wait that selects on that pipe wakes however early the press came.  The
press becomes ``KeyboardInterrupt`` at the safe points: :func:`check` (the
loop calls it before each line it prints and each turn), :func:`pause` (the
narration's delay) and :func:`read_line` (the prompt).  A bot that is
thinking finishes its move first, then the game stops.

:func:`read_line` reads the line itself on a POSIX terminal: ``select`` on
stdin and on the pipe, then one ``readline`` (the terminal stays in its
canonical mode, so editing the line, and Ctrl-D for the end of input, work
as under ``input()``).  Without the guard (the full-screen mode, or a game
started with SIGINT ignored, as a background job is) it still waits on a
pipe of its own; not on a terminal, not POSIX, or not the main thread, it is
``Console.input`` as before.

Process-wide on purpose: a signal handler is one per process, so its state is too.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from rich.console import Console
from rich.text import Text


class _Guard:
    """The guard's state: whether it is on, the press not yet acted on, the wake-up pipe."""

    def __init__(self) -> None:
        self.active = False
        self.pressed = False
        self.wake = -1  # the read end of the pipe the C handler writes to, while active

    def note(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler while the guard is on: remember the press, nothing else."""
        self.pressed = True


_GUARD = _Guard()


@contextmanager
def guard() -> Iterator[None]:
    """Within it, Ctrl-C is acted on only at the safe points (see the module's docstring).

    A no-op off the main thread, off POSIX, or when SIGINT is ignored (a
    background job: Ctrl-C is not for it), and when already on.
    """
    if (
        _GUARD.active
        or os.name != "posix"
        or threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    ):
        yield
        return
    with _wake_pipe() as wake:
        old_handler = None
        try:
            old_handler = signal.signal(signal.SIGINT, _GUARD.note)
            _GUARD.active, _GUARD.pressed, _GUARD.wake = True, False, wake
            yield
        finally:
            _GUARD.active, _GUARD.wake = False, -1
            if old_handler is not None:
                signal.signal(signal.SIGINT, old_handler)
            _GUARD.pressed = False


@contextmanager
def _wake_pipe() -> Iterator[int]:
    """A pipe the C-level signal handler writes to while the block runs; its read end is yielded."""
    r, w = os.pipe()
    try:
        os.set_blocking(r, False)
        os.set_blocking(w, False)
        old = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
        try:
            yield r
        finally:
            signal.set_wakeup_fd(old)
    finally:
        os.close(r)
        os.close(w)


def check() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed since the last safe point (once per press)."""
    if _GUARD.pressed:
        _GUARD.pressed = False
        raise KeyboardInterrupt


def pause(seconds: float) -> None:
    """Sleep, but end at once with ``KeyboardInterrupt`` when Ctrl-C is pressed (under the guard)."""
    if not _GUARD.active:
        time.sleep(seconds)
        return
    end = time.monotonic() + seconds
    while True:
        check()
        left = end - time.monotonic()
        if left <= 0:
            return
        if select.select([_GUARD.wake], [], [], left)[0]:
            _drain(_GUARD.wake)


def read_line(console: Console, prompt: Text) -> str:
    """The player's line without its newline; ``EOFError`` at the end of input (as ``input()``)."""
    check()
    fd = _terminal_fd()
    if fd is None:
        return console.input(prompt)
    if _GUARD.active:
        return _wait_for_line(console, prompt, fd, _GUARD.wake)
    with _wake_pipe() as wake:  # no guard: a pipe for this read, so a Ctrl-C before the wait still ends it
        return _wait_for_line(console, prompt, fd, wake)


def _wait_for_line(console: Console, prompt: Text, fd: int, wake: int) -> str:
    console.print(prompt, end="")
    console.file.flush()
    while True:
        ready = select.select([fd, wake], [], [])[0]
        if wake in ready:
            _drain(wake)
        # A Python call, so pending handlers have run: without the guard a Ctrl-C's
        # KeyboardInterrupt is raised by now; under it, the press is raised here.
        check()
        if fd in ready:
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line[:-1] if line.endswith("\n") else line


def _terminal_fd() -> int | None:
    """stdin's descriptor when the careful read applies: a POSIX terminal, read from the main thread."""
    if os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return None
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # replaced, closed or detached stdin
        return None
    return fd if os.isatty(fd) else None


def _drain(fd: int) -> None:
    """Empty the wake-up pipe (non-blocking), so the next ``select`` waits for something new."""
    try:
        while os.read(fd, 512):
            pass
    except BlockingIOError:
        pass
