"""A player at a real pseudo-terminal: runs ``.venv/bin/liars`` under pexpect and answers its prompts.

The driver reads only what a person sees (the screen text) and types what a
person would; the expected words come from the same catalogs the program
uses, so each language is checked for its own text.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

import pexpect

from liars.terminal import i18n
from liars.terminal.i18n import _
from liars.terminal.words import read_card

LIARS = str(Path(sys.executable).with_name("liars"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"\n(?:\x1b\[[0-9;]*m)*> "  # the move prompt, styled or not
# One pattern of a list for ``expect`` (the union pexpect's stubs take: a list must match it exactly).
Expected: TypeAlias = (
    re.Pattern[str] | re.Pattern[bytes] | str | bytes | type[pexpect.EOF] | type[pexpect.TIMEOUT]
)


def spawn(
    args: list[str],
    lang: str = "en",
    color: bool = False,
    timeout: int = 60,
    preexec_fn: Callable[[], None] | None = None,
    cwd: str | None = None,
) -> pexpect.spawn[str]:
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    env["TERM"] = "xterm-256color" if color else "dumb"
    env["COLUMNS"], env["LINES"] = "220", "50"
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        LIARS,
        args,
        env=env,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, 220),
        codec_errors="replace",
        preexec_fn=preexec_fn,
        cwd=cwd,
    )


def clean(text: str | None) -> str:
    """The text without styles and carriage returns (``child.before``: set by every ``expect``)."""
    assert text is not None
    return ANSI.sub("", text).replace("\r", "")


def ctrl_c(child: pexpect.spawn[str], expected: str) -> None:
    """Press Ctrl-C and wait for ``expected``; if it never comes, fail with the game's signal state.

    Why: a Ctrl-C that the game never answered was seen now and then in full runs of the suite,
    and two fixes (BLAS threads, an inherited mask) did not end it.  This report showed the
    signal caught, nothing blocked or pending, and the game waiting at a prompt it had never
    shown: the KeyboardInterrupt had landed inside rich's print (``liars.terminal.keyboard``
    fixes that).  Should a Ctrl-C go unanswered again, the report says, per thread, what was
    blocked, pending and ignored, and whether the game was the terminal's foreground.
    """
    child.sendintr()
    try:
        child.expect_exact(expected)
    except pexpect.TIMEOUT:
        screen = clean(child.before)[-300:]
        raise AssertionError(
            f"Ctrl-C was not answered with {expected!r}\n{signal_report(child)}\nscreen: {screen!r}"
        ) from None


def signal_report(child: pexpect.spawn[str]) -> str:
    """Each thread of ``child``: its state, signals pending, blocked, ignored and caught (Linux)."""
    pid = child.pid
    if pid is None:
        return "no process"
    lines = []
    try:
        lines.append(f"pgrp {os.getpgid(pid)}, terminal foreground {os.tcgetpgrp(child.child_fd)}")
    except OSError as exc:
        lines.append(f"process groups unreadable: {exc}")
    keys = ("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            status = (task / "status").read_text().splitlines()
            wchan = (task / "wchan").read_text()
        except OSError:
            continue
        fields = " ".join(line.replace("\t", "") for line in status if line.startswith(keys))
        lines.append(f"thread {task.name}: {fields} wchan:{wchan}")
    return "\n".join(lines)


@dataclass
class Run:
    """What happened in one driven game."""

    screen: str = ""
    turns: int = 0
    windows: int = 0
    pauses: int = 0
    errors: list[str] = field(default_factory=list)
    exit: int | None = None


def play(
    child: pexpect.spawn[str],
    lang: str,
    answer: Callable[[str, int], str],
    window: Callable[[int], str] = lambda n: "",
    again: str | Callable[[int], str] = "n",
    limit: int = 3000,
    save_as: Callable[[int], str] = lambda n: "",
) -> Run:
    """Answer every prompt until the program ends; ``answer(screen, tries)`` types a move.

    ``again(n)`` answers the n-th "Play again?", ``save_as(n)`` the n-th
    "Save the game? File name" prompt (Enter by default).
    """
    i18n.use(lang)
    again_prompt = _("Play again? [y/N] ")
    file_prompt = _("Save the game? File name (Enter = don't save): ")
    pause_prompt = _("Enter = next round ")
    turn_marker = _("Your turn: {choices}").split("{")[0]
    run = Run()
    tries = 0
    agains = files = 0
    patterns: list[Expected] = [
        re.escape(again_prompt),
        r"\[[yj]/N\] ",
        PROMPT,
        re.escape(file_prompt),
        re.escape(pause_prompt),
        pexpect.EOF,
    ]
    for _step in range(limit):
        k = child.expect(patterns)
        text = clean(child.before or "")
        run.screen += text + (clean(child.after) if isinstance(child.after, str) else "")
        if k == 0:
            agains += 1
            child.sendline(again if isinstance(again, str) else again(agains))
        elif k == 3:
            files += 1
            child.sendline(save_as(files))
        elif k == 4:
            run.pauses += 1
            child.sendline("")
        elif k == 1:
            run.windows += 1
            child.sendline(window(run.windows))
        elif k == 2:
            tries = 0 if turn_marker in text else tries + 1  # no fresh screen: the last entry was refused
            if tries > 8:
                raise AssertionError(f"the driver is stuck; screen ends:\n{run.screen[-3000:]}")
            run.turns += 1
            child.sendline(answer(run.screen[-6000:], tries))
        else:
            child.close()
            run.exit = child.exitstatus
            return run
    raise AssertionError(f"no end after {limit} prompts; screen ends:\n{run.screen[-3000:]}")


def hand(screen: str, marker: str) -> list[str]:
    """The numbered hand on the last line starting with ``marker`` (e.g. "Your hand:"), as shown."""
    at = screen.rfind(marker)
    line = screen[at + len(marker) :].split("\n")[0]
    return re.findall(r"\d+:(\S+)", line)


def code(shown: str) -> str:
    """``5♥`` -> ``5H``, ``Kn♥`` -> ``JH`` (the screen's short form, in the current language, to a code)."""
    found = read_card(shown)
    if found is None:
        raise AssertionError(f"the screen shows {shown!r}, which is not a card")
    return found
