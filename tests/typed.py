"""Typing helpers for the tests (no tests here)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def some(value: T | None) -> T:
    """``value``, which the test expects to be there: ``X | None`` narrowed to ``X`` for mypy."""
    assert value is not None
    return value
