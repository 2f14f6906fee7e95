"""The ``liars`` command: a dispatcher over :mod:`liars.commands`.

Every module in ``liars.commands`` adds one subcommand through
``add(subparsers)``, which registers its parser and sets ``func`` to the
handler.  Handlers import what they need (a web server, numpy ...) when they
run, so ``liars`` starts fast and the core stays dependency-free.  With no
subcommand, ``liars`` runs the default command (see ``DEFAULT``).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from . import GAME_IDS, GameConfigError, IllegalAction, commands

DEFAULT = ["demo"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="liars", description="Bluffing games: " + ", ".join(GAME_IDS))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        importlib.import_module(f"{commands.__name__}.{mod.name}").add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list or DEFAULT)
    try:
        code: int = args.func(args)
    except (GameConfigError, IllegalAction) as exc:
        print(f"liars: {_refusal_text(exc)}", file=sys.stderr)
        return 2
    return code


def _refusal_text(exc: GameConfigError | IllegalAction) -> str:
    """The refusal in the language the command chose (``--lang``); English keeps the full detail.

    A terminal command that picked nb or nl speaks it to the end, errors
    included; in English the engine's own message says more than the
    catalogue's short sentence, so programmers get that.
    """
    from .terminal import i18n
    from .terminal.refusals import refusal

    return str(exc) if i18n.lang() == "en" else refusal(exc)


if __name__ == "__main__":
    sys.exit(main())
