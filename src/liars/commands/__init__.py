"""Subcommands of ``liars``, one module each, found by :mod:`liars.cli`.

A module defines ``add(subparsers)``: it adds its parser and sets
``func=handler`` with ``parser.set_defaults``; ``handler(args) -> int``.
"""
