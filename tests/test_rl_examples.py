"""The worked examples of docs/rl.md run, here with small budgets."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest

from liars.rl.gym import LiarsGymEnv

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_masked_ppo_example_trains_and_evaluates_with_legal_moves_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    legal: list[bool] = []  # one entry per step of any env: was the action in the mask?
    step = LiarsGymEnv.step

    def checked_step(self: LiarsGymEnv, action: Any) -> Any:
        legal.append(bool(self.action_masks()[int(action)]))
        return step(self, action)

    monkeypatch.setattr(LiarsGymEnv, "step", checked_step)
    monkeypatch.setattr(sys, "argv", ["ppo_liars_dice.py", "--timesteps", "2048", "--games", "50"])
    runpy.run_path(str(EXAMPLES / "ppo_liars_dice.py"), run_name="__main__")
    out = capsys.readouterr().out
    rates = [float(r) for r in re.findall(r"win rate (\d\.\d+)", out)]
    assert len(rates) == 3 and all(0.0 <= r <= 1.0 for r in rates), out
    assert "after 2048 steps" in out
    # Training (2048 steps) and three evaluations of 50 games went through the env, all legal.
    assert len(legal) > 2048 + 3 * 50 and all(legal)
