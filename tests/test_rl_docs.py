"""The code blocks of docs/rl.md and of the README's engine section run as a reader pastes them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def blocks(page: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_every_rl_page_block_runs_as_written() -> None:
    """The JAX block stepped ``actions`` it never made: a reader who pasted it got a NameError.

    Every block of docs/rl.md runs here, in one session as a reader pastes
    them in order; the JAX one plays its 4,096 games to the end.
    """
    found = blocks("docs/rl.md")
    assert len(found) >= 2
    names: dict[str, Any] = {}
    for block in found:
        exec(compile(block, "docs/rl.md", "exec"), names)
    assert bool(names["state"].terminated.all()) and float(names["wins"].sum()) == 4096.0


def test_the_readme_engine_block_runs_as_written() -> None:
    (block,) = [b for b in blocks("README.md") if "liars.make" in b]
    names: dict[str, Any] = {}
    exec(compile(block, "README.md", "exec"), names)
    assert names["state"].over
