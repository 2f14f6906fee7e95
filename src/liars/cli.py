"""The ``liars`` command: a dispatcher over :mod:`liars.commands`.

Every module in ``liars.commands`` adds one subcommand through
``add(subparsers)``, which registers its parser and sets ``func`` to the
handler.  Handlers import what they need (a web server, numpy ...) when they
run, so ``liars`` starts fast and the core stays dependency-free.  With no
subcommand, ``liars`` says how to start (:mod:`liars.terminal.welcome`).

Every text of the parsers (help lines, descriptions, metavars and argparse's
own words) goes through the terminal's catalog in the language of
``--lang`` or the environment, so ``LANG=nb liars --help`` is Norwegian
throughout; a command's module may leave its strings unmarked, because
:func:`translate` looks each one up after the parser is built.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import signal
import sys
from collections.abc import Sequence

from . import GAME_IDS, GameConfigError, IllegalAction, __version__, commands


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line, in the language of ``argv``'s ``--lang`` (else the environment's)."""
    from .terminal import i18n, setup
    from .terminal.i18n import _

    # Before the first parser: argparse words its groups ("options" ...) when a parser is made,
    # and the commands' modules build theirs in the language in force.
    i18n.use(setup.lang_from_argv(argv))
    parser = argparse.ArgumentParser(
        prog="liars", description=_("Bluffing games: {games}").format(games=", ".join(GAME_IDS))
    )
    parser.add_argument("--version", action="version", version=f"liars {__version__}")
    setup.add_lang(parser)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for mod in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        importlib.import_module(f"{commands.__name__}.{mod.name}").add(sub)
    translate(parser)
    return parser


def command_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The (sub)parser of the command ``argv`` names: ``liars play liars-dice`` has its own."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for i, word in enumerate(argv):
                if word in action.choices:
                    return command_parser(action.choices[word], argv[i + 1 :])
    return parser


def translate(parser: argparse.ArgumentParser) -> None:
    """Look every help text, description and metavar of ``parser`` and its sub-parsers up in the catalog.

    A text already in the language (a module that marked it with ``_``) is
    not a msgid, so it comes back unchanged; one the catalog lacks stays as
    written (``tests/terminal/test_cli_words.py`` fails until it is there).
    """
    from .terminal.i18n import _

    def tr(text: str | None) -> str | None:
        return _(text) if text and text != argparse.SUPPRESS else text

    parser.description = tr(parser.description)
    for action in parser._actions:
        action.help = tr(action.help)
        if isinstance(action.metavar, str):
            action.metavar = tr(action.metavar)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = tr(choice.help)
            for sub in dict.fromkeys(action.choices.values()):  # each once (aliases share a parser)
                translate(sub)


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        _take_ctrl_c()
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(args_list)
        args, unknown = parser.parse_known_args(args_list)
        if unknown:  # refused with the usage of the command they were given to, not the top level's
            from .terminal.i18n import _

            command_parser(parser, args_list).error(_("unrecognized arguments: %s") % " ".join(unknown))
        if getattr(args, "command", None) is None:  # ``liars`` alone, or ``liars --lang nb``
            from .terminal import welcome

            return welcome.show(getattr(args, "lang", None))
        code: int = args.func(args)
    except (GameConfigError, IllegalAction) as exc:
        print(f"liars: {_refusal_text(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # a long arena or solve stopped by the person: say so, no traceback
        from .commands import interrupted

        print(f"\n{interrupted()}", file=sys.stderr)
        return 130
    return code


def _take_ctrl_c() -> None:
    """Unblock SIGINT in this process's main thread: Ctrl-C must stop a game and offer to save it.

    A blocked signal mask is inherited through ``exec``: a program that starts ``liars`` while it
    holds SIGINT blocked (a test harness did, now and then) left a game that ignored every Ctrl-C,
    the player stuck at the prompt.  An *ignored* SIGINT (a background job) is left alone.
    """
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


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
