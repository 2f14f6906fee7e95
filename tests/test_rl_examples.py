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


@pytest.mark.extras  # PyTorch and sb3-contrib: the `train` extra, run by `make test-extras`
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


def run_example(name: str, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [name, *args])
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")


def test_pettingzoo_example_beats_random_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run_example("pettingzoo_evaluate.py", ["--games", "400"], monkeypatch)
    out = capsys.readouterr().out
    won, games = map(int, re.findall(r"won (\d+) of (\d+)", out)[0])
    # The rule wins about 88% (docs/rl.md); uniform random would win half.  400 games put
    # 70% some nine standard deviations above chance, and as far below the rule's rate.
    assert games == 400 and won > 0.7 * games, out


def test_gym_reinforce_example_trains_and_evaluates(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    legal: list[bool] = []
    step = LiarsGymEnv.step

    def checked_step(self: LiarsGymEnv, action: Any) -> Any:
        legal.append(bool(self.action_masks()[int(action)]))
        return step(self, action)

    monkeypatch.setattr(LiarsGymEnv, "step", checked_step)
    run_example("gym_reinforce.py", ["--episodes", "300", "--games", "100"], monkeypatch)
    out = capsys.readouterr().out
    rates = [int(r) for r in re.findall(r"wins (\d+)% of 100", out)]
    assert len(rates) == 2 and "after 300 episodes" in out, out
    # Greedy play on zero weights calls liar at once or bids lowest: it beats random play.
    assert rates[0] > 50, out
    assert len(legal) > 300 + 2 * 100 and all(legal)  # the masked policy never stepped outside the mask


def test_openspiel_mccfr_example_learns_to_beat_random_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run_example("openspiel_mccfr.py", ["--iterations", "5000", "--games", "1000"], monkeypatch)
    out = capsys.readouterr().out
    found = re.findall(r"mean return ([+-]\d\.\d+)", out)
    assert found and "5000 iterations" in out, out
    # The untrained (uniform) policy scores -0.01 on these 1000 games, 5000 iterations +0.38;
    # the mean's spread over 1000 games is about 0.03.
    assert float(found[0]) > 0.2, out
