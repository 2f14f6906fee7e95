"""Subcommands of ``liars``, one module each, found by :mod:`liars.cli`.

A module defines ``add(subparsers)``: it adds its parser and sets
``func=handler`` with ``parser.set_defaults``; ``handler(args) -> int``.
"""

from __future__ import annotations


def interrupted() -> str:
    """What ``liars`` says when Ctrl-C stops a command that was not asking anything (not a traceback)."""
    from ..terminal.i18n import _

    return _("liars: stopped (Ctrl-C).")
