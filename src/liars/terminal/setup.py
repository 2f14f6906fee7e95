"""From the command line to a table: game option flags from metadata, seats, bots, names.

``liars play GAME --help`` lists the game's own options because each game is
a sub-command whose flags are built from ``game_class(id).info.options``; a
new option appears without touching this file.  Help texts are translated,
so the language is settled before the parser is built (:func:`lang_from_argv`, in ``liars.cli``).
"""

from __future__ import annotations

import argparse
import math
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .. import GAME_IDS, game_class
from ..bots import LEVELS, levels
from ..core import GameConfigError, Option
from ..errors import usage_error
from . import i18n
from .i18n import _, game_name, game_summary, listing, ngettext, option_help, pgettext

SEAT_NAMES = {
    "nb": ("Kari", "Ola", "Ingrid", "Lars", "Sigrid", "Nils", "Astrid", "Per"),
    "nl": ("Piet", "Anouk", "Daan", "Femke", "Joost", "Sanne", "Bram", "Lotte"),
    "en": ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"),
}

# Options that cannot change a terminal game, left out of its flags rather than accepted and ignored:
# Cheat's ``first_challenger_in_play_order`` settles calls that arrive together at a live server;
# the terminal asks the seats one at a time in play direction, so the first in play order always wins.
NOT_IN_TERMINAL = frozenset({("cheat", "first_challenger_in_play_order")})


def terminal_options(game_id: str) -> list[Option]:
    """The options of ``game_id`` that a terminal game can use (all but :data:`NOT_IN_TERMINAL`)."""
    return [o for o in game_class(game_id).info.options if (game_id, o.name) not in NOT_IN_TERMINAL]


def players_line(who: Sequence[str], human: bool, seed: int) -> str:
    """The first line of a game: who sits at the table, and the game's number.

    Why one place: the line mode and the full screen both say it.  With a
    person at the table the list holds only the bots, so it names them as the
    opponents (it said «Spelers: Anouk (moeilijk).» to a person playing
    Anouk, as if the person were not a player); a watch lists every player.
    """
    names = listing(list(who))
    if human:
        return ngettext(
            "Opponent: {players}. Seed {seed}.", "Opponents: {players}. Seed {seed}.", len(who)
        ).format(players=names, seed=seed)
    return _("Players: {players}. Seed {seed}.").format(players=names, seed=seed)


def with_levels(names: Sequence[str], levels: Sequence[str]) -> list[str]:
    """«Ola (vanskelig)», a bot's name with its level's word: the line mode and the full screen
    list the bots so, each had its own copy of the expression."""
    return [f"{name} ({level_word(level)})" for name, level in zip(names, levels, strict=True)]


def level_word(level: str) -> str:
    """A bot level as a player reads it ("lett" / "makkelijk" / "easy" for ``random``); ids stay the API's.

    Levels without a word (``module:Class``, a level added later) show as they are.
    """
    words = {
        "random": pgettext("level", "easy"),
        "basic": pgettext("level", "medium"),
        "strong": pgettext("level", "hard"),
    }
    return words.get(level, level)


ENGLISH_LEVELS = {"easy": "random", "medium": "basic", "hard": "strong"}


def read_level(typed: str) -> str:
    """The level id for what was typed: the id itself, its word in this language, or the English word."""
    t = typed.strip()
    low = t.lower()
    for level in LEVELS:
        if low in (level, level_word(level).lower()):
            return level
    return ENGLISH_LEVELS.get(low, t)


def option_text(option: Option) -> str:
    """What values an option takes and its default, in words: "a number 1–10, standard 5", "on or off"."""

    def value(v: Any) -> str:
        if v is None:
            return pgettext("option value", "none")
        if v is True:
            return pgettext("option value", "on")
        if v is False:
            return pgettext("option value", "off")
        return str(v)

    if option.kind == "bool":
        return _("on or off; default {default}").format(default=value(option.default))
    if option.kind == "int":
        if option.seat:  # Liegen's first dealer: seats as the table counts them, from 1
            return _("a seat {lo}–{hi}; default {default}").format(
                lo=(option.min or 0) + 1, hi=(option.max or 0) + 1, default=option.default + 1
            )
        if option.by_players:  # Love Letter's match target: "default 7 / 5 / 4 for 2 / 3 / 4 players"
            return _("a number {lo}–{hi}; default {values} for {counts} players").format(
                lo=option.min,
                hi=option.max,
                values=" / ".join(str(v) for _n, v in option.by_players),
                counts=" / ".join(str(n) for n, _v in option.by_players),
            )
        if option.nullable:
            text = _("a number {lo}–{hi} or none; default {default}")
        else:
            text = _("a number {lo}–{hi}; default {default}")
        return text.format(lo=option.min, hi=option.max, default=value(option.default))
    return _("one of {choices}; default {default}").format(
        choices=", ".join(choice_word(c) for c in option.choices), default=choice_word(option.default)
    )


def choice_word(value: str) -> str:
    """A choice option's value as the player's language writes it on the command line.

    Why: a Dutch player types ``--follow kleur``, not ``suit``; the engine's
    ids (``rank_or_suit`` …) stay the API and are taken too.  One word each,
    so it can be typed without quotes; the web's lobby says them in full.
    """
    words = {
        "rank_or_suit": pgettext("option value", "rank-or-suit"),
        "rank_step": pgettext("option value", "rank-step"),
        "suit": pgettext("option value", "suit"),
        "anyone": pgettext("option value", "anyone"),
        "next": pgettext("option value", "next"),
    }
    return words.get(value, value)


def choice_reader(option: Option) -> Callable[[str], str]:
    """An argparse type for a choice option: its value by the language's word or by the engine's id."""

    def read(text: str) -> str:
        said = text.strip().lower()
        for c in option.choices:
            if said in (c, c.replace("_", "-"), choice_word(c).lower()):
                return c
        raise argparse.ArgumentTypeError(
            # quoted as the language quotes (it said 'diamonds', Python's repr, in nb and nl too)
            _("“{text}” is not one of {choices}").format(
                text=text, choices=", ".join(choice_word(c) for c in option.choices)
            )
        )

    return read


def lang_from_argv(argv: Sequence[str] | None = None) -> str:
    """The command line's last ``--lang`` (as argparse takes it) if it is a good one, else the environment's.

    It may stand before the command (``liars --lang nb play``) or after it.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    value = None
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif a.startswith("--lang="):
            value = a[7:]
    if value is not None:
        try:
            return i18n.choose(value)
        except ValueError:
            pass
    return i18n.choose(None, os.environ)


def flag(option: Option) -> str:
    return "--" + option.name.replace("_", "-")


def _int_or_none(text: str) -> int | None:
    if text.lower() in ("none", "off", "ingen", "geen", "-", pgettext("option value", "none").lower()):
        return None
    return whole_number(text)


def whole_number(text: str) -> int:
    """An argparse type for a whole number, refused in the person's words: argparse's own said
    «ugyldig verdi (int): 'abc'» (its type's name and Python's quotes) in nb and nl alike."""
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a whole number: {text}").format(text=text)) from None


def add_game_parsers(parser: argparse.ArgumentParser, watch: bool) -> None:
    """One sub-command per game, each with the common flags and the game's own options.

    In the language in force: ``liars.cli.build_parser`` chose it from the command line.
    """
    # ``liars play --load FILE`` needs no game: the file says which.
    sub = parser.add_subparsers(dest="game", metavar=_("GAME"), required=watch)
    for gid in GAME_IDS:
        info = game_class(gid).info
        p = sub.add_parser(gid, help=game_name(gid), description=f"{game_name(gid)}: {game_summary(gid)}")
        lo, hi = info.min_players, info.max_players
        count = (
            _("number of players: {n} only").format(n=lo)
            if lo == hi
            else _("number of players, {lo} to {hi}").format(lo=lo, hi=hi)
        )
        p.add_argument("--players", type=whole_number, metavar="N", help=count)
        if not watch:
            p.add_argument(
                "--seat",
                type=seat_number,
                default=0,
                metavar="K",
                help=_("your seat, counted from 1 as the table shows it (default 1)"),
            )
        add_bots(p, watch)
        p.add_argument(
            "--seed",
            type=whole_number,
            metavar="S",
            help=_("the game's seed: the same seed gives the same deal"),
        )
        add_lang(p)
        p.add_argument("--save", metavar=_("FILE"), help=_("write the game to FILE (the engine's JSON)"))
        if not watch:
            add_load(p)
        add_delay(p, watch)
        add_plain(p)
        group = p.add_argument_group(_("options of {game}").format(game=game_name(gid)))
        for o in terminal_options(gid):
            text = option_help(gid, o)
            dest = "opt_" + o.name
            if o.kind == "bool":
                group.add_argument(
                    flag(o),
                    dest=dest,
                    action=argparse.BooleanOptionalAction,
                    default=argparse.SUPPRESS,
                    help=text,
                )
            elif o.kind == "int":
                group.add_argument(
                    flag(o),
                    dest=dest,
                    type=_int_or_none if o.nullable else int,
                    metavar="N",
                    default=argparse.SUPPRESS,
                    help=f"{text} ({option_text(o)})",
                )
            else:
                group.add_argument(
                    flag(o),
                    dest=dest,
                    type=choice_reader(o),
                    metavar="{" + ",".join(choice_word(c) for c in o.choices) + "}",
                    default=argparse.SUPPRESS,
                    help=f"{text} ({_('default')} {choice_word(o.default)})",
                )


def add_lang(p: argparse.ArgumentParser) -> None:
    """``--lang`` on the command line, on each command and on each game, set only when given.

    Set only when given (``argparse.SUPPRESS``), so a command's own ``--lang`` never overwrites
    one given before it (``liars --lang nb play``): the last one given wins, as for any flag.
    """
    p.add_argument(
        "--lang",
        choices=i18n.LANGS,
        default=argparse.SUPPRESS,
        help=_("language: nb, nl or en (default: from LANG)"),
    )


def add_bots(p: argparse.ArgumentParser, watch: bool = False) -> None:
    """``--bots``: for the seats besides the person's, or, in a watch, for every seat («robotnivåer
    for de andre plassene» was wrong there: every seat is a bot)."""
    text = (
        _("bot levels for every seat, comma separated ({levels})")
        if watch
        else _("bot levels for the other seats, comma separated ({levels})")
    )
    p.add_argument(
        "--bots",
        metavar=_("LEVELS"),
        default=argparse.SUPPRESS,
        # not levels(gid): that loads every bot, and --help should be quick
        help=text.format(levels=", ".join(level_word(lvl) for lvl in LEVELS)),
    )


MAX_DELAY = 60.0  # seconds: a pause longer than a minute between two events is a typing slip


def delay_seconds(text: str) -> float:
    """A ``--delay`` as a person writes it: ``0.5`` or ``0,5`` (the help shows nb and nl a comma).

    From 0 to :data:`MAX_DELAY`; anything else (``nan``, ``inf``, ``-1``, a
    word) is a usage error in the user's language, never a traceback from
    the pause it would have reached.
    """
    try:
        value = float(text.strip().replace(",", "."))
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= MAX_DELAY:  # NaN fails this too
        message = _("{text} is not a number of seconds from 0 to {most}")
        raise argparse.ArgumentTypeError(message.format(text=repr(text), most=f"{MAX_DELAY:g}"))
    return value


def seat_number(text: str) -> int:
    """A ``--seat`` as people count seats, from 1 (as the tables and the web show them), turned
    into the engine's seat index, from 0. Whether the seat exists is checked once the game's
    number of players is known; a word or a number under 1 is a usage error here."""
    value = int(text) if text.strip().isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("{text} is not a seat: seats count from 1").format(text=repr(text))
        )
    return value - 1


def check_seat(seat: int, players: int, yours: bool = False) -> None:
    """The one check that a ``--seat`` (already from 0, :func:`seat_number`) is at this table.

    Why here: ``play``, ``replay`` and ``review`` learn the number of players
    at different moments (the options, the saved game), but refuse a seat
    off the table in the same words, counted from 1.
    """
    if not 0 <= seat < players:
        message = (
            _("Your seat must be between 1 and {last}.") if yours else _("Seat must be between 1 and {last}.")
        )
        raise usage_error(message.format(last=players))


def add_delay(p: argparse.ArgumentParser, watch: bool) -> None:
    p.add_argument(
        "--delay",
        type=delay_seconds,
        default=argparse.SUPPRESS,
        metavar=_("SECONDS"),
        help=_("seconds between narrated events") + f" ({_('default')} {i18n.decimal(default_delay(watch))})",
    )


def add_plain(p: argparse.ArgumentParser) -> None:
    # SUPPRESS, as --delay: the game's sub-parser must not reset a --plain given before its name.
    p.add_argument(
        "--plain",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_("line by line, not full screen (for pipes and screen readers)"),
    )


def default_delay(watch: bool) -> float:
    return 1.0 if watch else 0.4


def add_load(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--load",
        metavar=_("FILE"),
        default=argparse.SUPPRESS,
        help=_("continue a game saved with --save (or when you left it)"),
    )


def options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (absent ones keep the game's defaults)."""
    opts = terminal_options(args.game)
    given = {o.name: getattr(args, "opt_" + o.name) for o in opts if hasattr(args, "opt_" + o.name)}
    for o in opts:
        value = given.get(o.name)
        shift = 1 if o.seat else 0  # a seat is typed from 1, as the table shows it; the engine's from 0
        if o.kind == "int" and value is not None:
            if not (o.min or 0) + shift <= value <= (value if o.max is None else o.max + shift):
                raise out_of_range(o, (o.min or 0) + shift, (o.max or 0) + shift, value)
            given[o.name] = value - shift
    return given


def check_seat_options(game_id: str, given: dict[str, Any], players: int) -> None:
    """A seat option names one of this game's seats: said with the flag and counted from 1.

    The engine would refuse it too, but in its own terms (the option's name, seats from 0).
    """
    for o in terminal_options(game_id):
        value = given.get(o.name)
        if o.seat and isinstance(value, int) and value >= players:
            raise out_of_range(o, 1, players, value + 1)


def out_of_range(option: Option, lo: int, hi: int, value: int) -> GameConfigError:
    """The refusal of a number off an option's range, said with its flag and as typed.

    Why one: the flags' own bounds (:func:`options`) and a seat off this
    table (:func:`check_seat_options`) are refused in the same words.
    """
    return usage_error(
        _("{flag} takes {lo} to {hi}, not {value}.").format(flag=flag(option), lo=lo, hi=hi, value=value)
    )


def seats(args: argparse.Namespace, human: bool) -> tuple[int, list[str]]:
    """Players, and one bot level per seat the person does not take (in seat order).

    ``--bots a,b,c`` gives one level per bot seat, and without ``--players``
    the count follows it; one level alone serves every bot seat of the
    game's default count.  The default level is the strongest the game has.
    """
    info = game_class(args.game).info
    have = levels(args.game)
    given = getattr(args, "bots", None)
    listed = [read_level(b) for b in given.split(",") if b.strip()] if given else []
    me = 1 if human else 0
    players = args.players
    if players is None:
        players = len(listed) + me if len(listed) > 1 else info.default_players
    if not info.min_players <= players <= info.max_players:
        if info.min_players == info.max_players:
            raise usage_error(
                _("{game} takes exactly {n} players.").format(game=game_name(args.game), n=info.max_players)
            )
        raise usage_error(
            _("{game} takes {lo} to {hi} players.").format(
                game=game_name(args.game), lo=info.min_players, hi=info.max_players
            )
        )
    need = players - me
    if len(listed) <= 1:
        listed = (listed or [have[-1]]) * need
    if len(listed) != need:
        raise usage_error(_("{n} bots listed for {need} bot seats.").format(n=len(listed), need=need))
    for level in listed:
        if level not in have and ":" not in level:
            raise usage_error(
                _("No bot “{level}” for {game}; levels: {levels}.").format(
                    level=level, game=game_name(args.game), levels=", ".join(level_word(h) for h in have)
                )
            )
    return players, listed


def seed(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else secrets.randbits(31)


def names(lang: str, players: int, human: int | None) -> list[str]:
    """Seat names: the person is "You"; each bot gets a name of the language."""
    pool = SEAT_NAMES.get(lang, SEAT_NAMES["en"])
    return [_("You") if s == human else pool[s % len(pool)] for s in range(players)]
