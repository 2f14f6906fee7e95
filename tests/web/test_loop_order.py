"""A browser test leaves no asyncio loop behind for the tests collected after it.

Sync Playwright runs an asyncio loop on the main thread while it is open. With the browser
held for the whole session, a server test run after a browser test in the same process
failed in ``asyncio.run`` ("cannot be called from a running event loop"); CI only passed
because ``tests/web`` is collected last. This runs that order in a fresh pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_server_test_after_a_browser_test_runs_its_own_loop() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    order = [
        "tests/web/test_table.py::test_on_a_desktop_your_cards_are_above_the_action_bar",
        "tests/server/test_store.py::test_concurrent_loads_build_one_table",
    ]
    args = ["-m", "pytest", "-rA", "-p", "no:cacheprovider", "-n", "0", *order]
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = [line for line in done.stdout.splitlines() if line.startswith("PASSED ")]
    assert len(passed) >= 2, done.stdout[-3000:]  # the browser test and the store test (per db)
