"""``liars play`` and ``liars watch``: set the table from the command line and run games on it."""

from __future__ import annotations

import argparse
import os
import sys

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import GAME_IDS, GameConfigError, IllegalAction, make
from ..bots import load as load_bot
from ..coach.review import Saved, read_save
from ..errors import usage_error
from . import i18n, keyboard, setup
from .games import ui_for
from .i18n import _, game_name, ngettext
from .loop import Quit, Table, numbered_path, offer_save, play_again, read_text, save, unwritable


def run(args: argparse.Namespace, human: bool) -> int:
    """Play (``human``) or watch games until the person is done; 130 after Ctrl-C.

    ``liars play --load FILE`` sits the person back at a saved game, exactly
    where it stood (the engine's own state, moves and names); playing again
    afterwards deals a new game with the same settings.
    """
    lang = i18n.choose(getattr(args, "lang", None))
    i18n.use(lang)
    console = Console(highlight=False)
    resumed = load_game(args) if human and getattr(args, "load", None) else None
    if resumed is not None:
        state = resumed.final
        args.game, args.players = state.game.id, state.game.players
        seed, opts = state.game.seed, dict(state.game.options)
        if resumed.human is not None:
            args.seat = resumed.human
    elif not getattr(args, "game", None):
        raise usage_error(_("Choose a game: {games}.").format(games=", ".join(GAME_IDS)))
    else:
        opts, seed = setup.options(args), setup.seed(args)
    players, levels = setup.seats(args, human)
    setup.check_seat_options(args.game, opts, players)
    me = getattr(args, "seat", 0) if human else None
    if resumed is not None and resumed.levels and not getattr(args, "bots", None):
        # the bots the game was saved with: «makkelijk» had come back as the default, «moeilijk»
        kept = [resumed.levels[s] for s in range(players) if s != me]
        levels = [lvl or have for lvl, have in zip(kept, levels, strict=True)]
    if me is not None:
        setup.check_seat(me, players, yours=True)
    target = getattr(args, "save", None) or (args.load if resumed is not None else None)
    if target and (why := unwritable(target)) is not None:
        raise usage_error(_("Cannot save to {path}: {reason}.").format(path=target, reason=why))
    delay = getattr(args, "delay", setup.default_delay(watch=not human))
    number = 0
    while True:
        number += 1
        path = numbered_path(target, number) if target else None
        game = make(args.game, players=players, seed=seed, **opts)
        names = setup.names(lang, players, me)
        if resumed is not None and resumed.names:  # the names the game was saved with, «you» in this language
            names = [names[s] if s == me else n for s, n in enumerate(resumed.names)]
        bot_seats = [s for s in range(players) if s != me]
        bots = {
            s: load_bot(lvl, game.id, seed=seed * 31 + s + 1)
            for s, lvl in zip(bot_seats, levels, strict=True)
        }
        ui = ui_for(game.id, names, me)
        if full_screen(args):
            from .tui import AGAIN, run_tui

            start = resumed if resumed is not None and number == 1 else None
            code = run_tui(
                game,
                ui,
                bots,
                me,
                lang,
                path,
                delay,
                again=human,
                levels=levels,
                state=start.final if start else None,
                moves=(start.moves or []) if start else (),
            )
            if code != AGAIN:
                return code
            seed += 1
            continue
        with keyboard.guard():  # Ctrl-C acted on between moves, never inside one (see keyboard)
            console.print(Rule(Text(game_name(game.id), style="bold")))
            who = setup.with_levels([names[s] for s in bot_seats], levels)
            console.print(Text(setup.players_line(who, human, seed)))
            if human:
                console.print(Text(_("Type ? for help, Ctrl-C to leave.")))
            if path and number > 1:
                console.print(Text(_("This game will be saved to {path}.").format(path=path)))
            table = Table(game.new_game(), ui, bots, me, console, delay=delay)
            table.levels = dict(zip(bot_seats, levels, strict=True))
            if resumed is not None and number == 1:
                table.state, table.moves = resumed.final, list(resumed.moves or [])
                table.seen = len(ui.events(table.state.view(me)))  # told already, in the game that was saved
                console.print(
                    Text(
                        ngettext(
                            "Continuing {file}: {n} move so far.",
                            "Continuing {file}: {n} moves so far.",
                            len(table.moves),
                        ).format(file=args.load, n=len(table.moves))
                    )
                )
            saved = False
            try:
                table.run()
                table.finish()
                if path:
                    # A file that could not be written (the disk filled up, the folder went away):
                    # say so and ask for another name rather than lose the game.
                    saved = save(table, path) or offer_save(table, None)
                if not human or not play_again(table):
                    return 0
            except (KeyboardInterrupt, Quit) as exc:
                if not saved:  # a finished game with --save is saved already
                    offer_save(table, path)
                # Ctrl-D or closed input: a plain exit
                return 130 if isinstance(exc, KeyboardInterrupt) else 0
        seed += 1


def full_screen(args: argparse.Namespace) -> bool:
    """The Textual table in an interactive terminal; the line mode for pipes, ``TERM=dumb`` and --plain.

    Screen readers and scripts read lines, so anything that is not a terminal on both ends
    keeps the line mode, as does ``--plain``.
    """
    term = os.environ.get("TERM", "dumb")
    return not getattr(args, "plain", False) and sys.stdin.isatty() and sys.stdout.isatty() and term != "dumb"


def load_game(args: argparse.Namespace) -> Saved:
    """``args.load`` checked whole (state, moves, names, levels); a usage error, in words, for a bad file.

    The engine checks the save strictly (``liars.load``); its reason is
    English, so it is shown in English only and the other languages say
    plainly that the file cannot be continued.
    """
    path: str = args.load
    text = read_text(path)
    try:
        saved = read_save(text)
    except (GameConfigError, IllegalAction, ValueError) as exc:
        message = _("{file} is not a saved game that can be continued.").format(file=path)
        if i18n.lang() == "en":
            message += f" ({exc})"
        raise usage_error(message) from None
    state = saved.final
    if getattr(args, "game", None) not in (None, state.game.id):
        raise usage_error(
            _("{file} is a game of {saved}, not {game}.").format(
                file=path, saved=game_name(state.game.id), game=game_name(args.game)
            )
        )
    if state.over:
        raise usage_error(_("{file} is a finished game: replay it with liars replay.").format(file=path))
    return saved
