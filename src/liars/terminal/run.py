"""``liars play`` and ``liars watch``: set the table from the command line and run games on it."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import make
from ..bots import load as load_bot
from ..errors import usage_error
from . import i18n, setup
from .games import ui_for
from .i18n import _, game_name
from .loop import Quit, Table, numbered_path, offer_save, play_again, save, unwritable


def run(args: argparse.Namespace, human: bool) -> int:
    """Play (``human``) or watch games until the person is done; 130 after Ctrl-C."""
    lang = i18n.choose(args.lang)
    i18n.use(lang)
    console = Console(highlight=False)
    players, levels = setup.seats(args, human)
    me = args.seat if human else None
    if me is not None and not 0 <= me < players:
        raise usage_error(_("Your seat must be between 0 and {last}.").format(last=players - 1))
    opts = setup.options(args)
    seed = setup.seed(args)
    if args.save and (why := unwritable(args.save)) is not None:
        raise usage_error(_("Cannot save to {path}: {reason}.").format(path=args.save, reason=why))
    number = 0
    while True:
        number += 1
        path = numbered_path(args.save, number) if args.save else None
        game = make(args.game, players=players, seed=seed, **opts)
        names = setup.names(lang, players, me)
        bot_seats = [s for s in range(players) if s != me]
        bots = {
            s: load_bot(lvl, game.id, seed=seed * 31 + s + 1)
            for s, lvl in zip(bot_seats, levels, strict=True)
        }
        ui = ui_for(game.id, names, me)
        console.print(Rule(Text(game_name(game.id), style="bold")))
        who = ", ".join(
            f"{names[s]} ({setup.level_word(lvl)})" for s, lvl in zip(bot_seats, levels, strict=True)
        )
        console.print(Text(_("Players: {players}. Seed {seed}.").format(players=who, seed=seed)))
        if human:
            console.print(Text(_("Type ? for help, Ctrl-C to leave.")))
        if path and number > 1:
            console.print(Text(_("This game will be saved to {path}.").format(path=path)))
        table = Table(game.new_game(), ui, bots, me, console, delay=args.delay)
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
            return 130 if isinstance(exc, KeyboardInterrupt) else 0  # Ctrl-D / closed input: a plain exit
        seed += 1
