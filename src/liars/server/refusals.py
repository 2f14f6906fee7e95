"""The refusals a table gives: :class:`TableError` (an HTTP status with a code) and :class:`Stale`."""

from __future__ import annotations

from liars.core import JSON, IllegalAction


class Stale(IllegalAction):
    """An action for a view that is no longer the newest (a double click, a race)."""


class TableError(Exception):
    """A request the table refuses: ``code`` and ``status`` for the HTTP answer.

    Like the engine's refusals it carries ``params`` (JSON-able values) so that
    clients can explain it in their own language; ``code`` is listed in
    :mod:`liars.errors`.
    """

    def __init__(self, code: str, message: str, status: int = 400, params: JSON | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.params: JSON = dict(params or {})

    def to_json(self) -> JSON:
        """The wire form: ``{"code", "params", "message"}``, as for :class:`liars.Refusal`."""
        return {"code": self.code, "params": self.params, "message": str(self)}
