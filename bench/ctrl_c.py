"""Press Ctrl-C at the worst moment, many times over, and count the presses the game never answered.

Why a soak and not a test: the presses that got lost landed in a window of
microseconds (inside a print, or just before the wait for the line), about 1
in 60 when pressed right after the help page.  A test of the mechanism is in
``tests/terminal/test_keyboard.py``; this checks the real program in a real
pseudo-terminal, the way the lost presses were found.

Each round starts ``liars play liars-dice`` (line mode), types ``?``, presses
Ctrl-C the moment the help's Ctrl-C line shows (while the rest of the help
and the prompt are still being written) and waits for the offer to save.

    PYTHONPATH=src .venv/bin/python bench/ctrl_c.py --rounds 250 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pexpect

LIARS = str(Path(sys.executable).with_name("liars"))
HELP = "Ctrl-C leaves the game"
OFFER = "Save the game to"


def _rounds(rounds: int, wait: float) -> tuple[int, list[str]]:
    """Play ``rounds`` presses; the number lost and, for each, the screen's last words."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a job started with SIGINT ignored passes that on
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="dumb", PYTHONIOENCODING="utf-8")
    lost: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        save = str(Path(tmp) / "g.json")
        args = ["play", "liars-dice", "--players", "2", "--dice", "2", "--seed", "1", "--delay", "0"]
        for _ in range(rounds):
            child = pexpect.spawn(
                LIARS, [*args, "--lang", "en", "--save", save], env=env, encoding="utf-8", timeout=60
            )
            child.expect(r"\n> ")
            child.sendline("?")
            child.expect_exact(HELP)
            child.sendintr()
            try:
                child.expect_exact(OFFER, timeout=wait)
                child.sendline("n")
                child.expect(pexpect.EOF)
            except pexpect.TIMEOUT:
                lost.append(str(child.before)[-120:])
            child.close(force=True)
    return len(lost), lost


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=100, help="presses per job")
    p.add_argument("--jobs", type=int, default=2, help="games at once (a loaded machine widens the windows)")
    p.add_argument("--wait", type=float, default=8.0, help="seconds to wait for the offer to save")
    a = p.parse_args()
    with ProcessPoolExecutor(a.jobs) as pool:
        results = list(pool.map(_rounds, [a.rounds] * a.jobs, [a.wait] * a.jobs))
    total = a.rounds * a.jobs
    lost = sum(n for n, _ in results)
    for _, screens in results:
        for screen in screens:
            print(f"lost: {screen!r}")
    print(f"{lost} of {total} Ctrl-C presses went unanswered within {a.wait:g} s")
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
