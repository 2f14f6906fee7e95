"""Where the server keeps its database and the solver its tables: the platform's folders, or ours."""

from __future__ import annotations

from pathlib import Path

import pytest

from liars import server, solver


def test_the_data_dir_follows_liars_data_dir_then_xdg(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("LIARS_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert server.data_dir() == tmp_path / "xdg" / "liars"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert server.data_dir() == tmp_path / "home" / ".local" / "share" / "liars"
    monkeypatch.setenv("LIARS_DATA_DIR", str(tmp_path / "mine"))
    assert server.data_dir() == tmp_path / "mine"
    assert server.default_db() == f"sqlite+aiosqlite:///{tmp_path / 'mine' / 'server.sqlite3'}"
    assert (tmp_path / "mine").is_dir()


def test_the_solver_cache_is_the_platform_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert solver.cache_dir() == tmp_path / "cache" / "liars" / "solver"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert solver.cache_dir() == tmp_path / "home" / ".cache" / "liars" / "solver"
