"""A remote player over the WebSocket protocol: what ``liars bot`` and the load benchmark run.

The bot is a built-in bot (``liars.bots.make``) fed only with the frames the
server sends this seat: its view and its legal actions (turned back into
action objects by a game configured from the view's own options).  It is a
client like any other, so it proves the protocol is enough to play.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import orjson
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import liars
from liars import bots
from liars.core import JSON

log = logging.getLogger("liars.client")
RETRY_WAIT = 1.0  # seconds before an action the server could not save yet is sent again


def ws_url(server: str, table: str, auth: bool = False, tail: bool = False) -> str:
    """``http://host:port`` (or ``ws://``) and a table id to the table's WebSocket address.

    ``auth``: the client sends its token in the first message (``?auth=1``): a token is never
    put in a URL, which servers and proxies log.  ``tail``: ask for views that carry only the
    history not yet received (see :func:`whole_view`).
    """
    base = server.strip().rstrip("/")
    if "://" not in base:  # host:port as typed: http, as the server's own start line says
        base = "http://" + base
    scheme, _, rest = base.partition("://")
    if scheme.lower() not in ("http", "https", "ws", "wss") or not rest:
        # websockets refused it deep inside the first connection, with a traceback
        raise ValueError(f"the server is an address like http://127.0.0.1:8000, not {server!r}")
    base = {"http": "ws", "https": "wss"}.get(scheme.lower(), scheme.lower()) + "://" + rest
    query = (["auth=1"] if auth else []) + (["history=tail"] if tail else [])
    url = f"{base}/ws/tables/{quote(table)}"
    return f"{url}?{'&'.join(query)}" if query else url


def whole_view(frame: JSON, held: list[Any] | None) -> list[Any]:
    """Complete a tail view frame's history in place from ``held`` (the history already received).

    A frame with ``since`` k > 0 carries ``history[k:]`` only; one without (or k = 0) carries
    it all.  Returns the whole history, to pass as ``held`` with the next frame.
    """
    view = frame["view"]
    since = frame.get("since") or 0
    if since:
        if held is None or len(held) < since:
            have = len(held or [])
            raise ProtocolError(f"a view continues the history at {since}, but only {have} is held")
        view["history"] = held[:since] + view["history"]
    history: list[Any] = view["history"]
    return history


class ProtocolError(RuntimeError):
    """The server refused the connection (unknown table, bad token)."""


class BotError(RuntimeError):
    """The bot could not be built for the table's game (a level it lacks, a user's class that raised)."""


class GaveUp(ProtocolError):
    """The connection dropped and ``tries`` reconnections in a row failed (the last ``reason``).

    ``reached``: whether any connection of this run got to the table (False: the server was never
    reached, which is a wrong ``--server`` as often as a server that is down).
    """

    def __init__(self, tries: int, reason: str, reached: bool = True) -> None:
        super().__init__(f"could not reconnect after {tries} tries: {reason}")
        self.tries, self.reason, self.reached = tries, reason, reached


@dataclass(frozen=True)
class Retry:
    """One reconnection about to be made: try ``attempt`` of ``tries``, after ``wait`` seconds."""

    attempt: int
    tries: int
    wait: float
    reason: str  # why the last connection ended (or could not be made), in English
    reached: bool = True  # a connection of this run got to the table (False: none has yet)


RECONNECT_TRIES = 8  # failed connections in a row before the client gives up
RECONNECT_FIRST = 0.5  # seconds before the first reconnection; doubled for each further one
RECONNECT_MAX = 8.0  # and never more than this (8 tries: about 30 s in all)
# Close codes that no reconnection can mend: a bad first message (4400), a token that holds no
# seat here (4403), no such table (4404).  Any other end (the server restarted, its process died,
# a cluster moved the table: 1012, a reset connection) is worth another try with the same token.
FINAL_CLOSE = {4400, 4403, 4404}
FINAL_ERRORS = {"forbidden", "not_found"}


def backoff(attempt: int, rng: random.Random) -> float:
    """Seconds to wait before reconnection ``attempt`` (1, 2, ...): doubling, capped, jittered.

    The jitter (a half to the whole of it) keeps the bots of a restarted server from all
    knocking at the same instant.
    """
    return min(RECONNECT_MAX, RECONNECT_FIRST * 2.0 ** (attempt - 1)) * rng.uniform(0.5, 1.0)


class _Dropped(Exception):
    """This connection ended before the game did (``reason``); the seat may be taken up again."""

    def __init__(self, reason: str, final: bool = False) -> None:
        super().__init__(reason)
        self.reason, self.final = reason, final


def _close_reason(exc: ConnectionClosed) -> tuple[str, bool]:
    frame = exc.rcvd or exc.sent
    code = None if frame is None else frame.code
    if code is None:
        return "the connection was cut", False
    return f"closed with code {code}", code in FINAL_CLOSE


async def play_seat(
    server: str,
    table: str,
    token: str,
    level: str = "random",
    seed: int | None = None,
    on_act: Callable[[float], None] | None = None,
    think: float = 0.0,
    tries: int = RECONNECT_TRIES,
    on_retry: Callable[[Retry], None] | None = None,
    on_resumed: Callable[[int], None] | None = None,
) -> JSON:
    """Play the seat of ``token`` until the game is over; returns the last view.

    ``on_act(seconds)`` is told, for each action sent, how long until the
    next view came back (the load benchmark's client-side latency).
    ``think``: seconds to wait before each action, on average (uniform between
    half and one and a half times it), as a person would: the load benchmark's
    paced runs, where the server's latency is measured at a chosen rate rather
    than at the rate where it saturates.

    When the connection drops before the game is over (the server restarts, or the table's
    owner in a cluster fails over), the seat is taken up again with the same token: up to
    ``tries`` connections in a row (0: none) after waits of :func:`backoff`, each announced to
    ``on_retry`` first; ``on_resumed(seat)`` is told when a reconnection is back at the table.
    The server sends a reconnected seat its whole current view, so nothing is lost: an action
    sent just before the drop was taken (the view shows it) or is made again.  Raises
    :class:`GaveUp` when the tries run out, :class:`ProtocolError` at once for what no
    reconnection can mend (no such table, a token that holds no seat), :class:`BotError` when
    the bot cannot be built for the table's game, and ``ValueError`` before connecting for an
    address or a ``level`` that cannot work.

    ``level`` is a built-in level or a user's class, ``"my_module:MyBot"`` (see
    :func:`liars.bots.load`).  A bot that raises or answers an action that is not legal is told
    on the log (a warning, with the view's ``seq``) and a random legal action is played instead:
    the table must not wait on a broken bot.
    """
    check_level(level)
    url = ws_url(server, table, auth=True, tail=True)
    player = _Player(level, random.Random(seed), on_act, think)
    jitter = random.Random(seed)
    failures = 0
    while True:
        try:
            view = await player.connect(url, token, resumed=on_resumed if failures else None)
            return view
        except _Dropped as dropped:
            if dropped.final:
                raise ProtocolError(dropped.reason) from None
            reason = dropped.reason
            failures = 0 if player.progressed else failures
        except ConnectionClosed as exc:
            reason, final = _close_reason(exc)
            if final:
                raise ProtocolError(f"the server closed the connection ({reason})") from None
            failures = 0 if player.progressed else failures
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            reason = str(exc) or type(exc).__name__
        failures += 1
        reached = player.reached
        if failures > tries:
            raise GaveUp(tries, reason, reached)
        wait = backoff(failures, jitter)
        if on_retry is not None:
            on_retry(Retry(failures, tries, wait, reason, reached))
        log.info("connection to table %s lost (%s); reconnecting in %.1f s", table, reason, wait)
        await asyncio.sleep(wait)


def check_level(level: str) -> None:
    """Refuse, before connecting, a bot no game could load: ``ValueError`` in plain words.

    Why: ``liars bot --level nope`` (or a typo in ``my_bots:MyBot``) connected, took the seat,
    and died on the table's first turn with a traceback, leaving the seat to a stand-in.
    """
    if ":" in level:
        bots.user_class(level)
    elif level not in bots.LEVELS:
        raise ValueError(
            f"{level!r} is neither a level ({', '.join(bots.LEVELS)}) nor a bot of your own, "
            "written module:Class (such as my_bots:MyBot)"
        )


class _Player:
    """One seat's bot across connections: what it acted on, the history it holds, its bot."""

    def __init__(
        self, level: str, rng: random.Random, on_act: Callable[[float], None] | None, think: float
    ) -> None:
        self.level, self.rng, self.on_act, self.think = level, rng, on_act, think
        self.bot: bots.Bot | None = None
        self.game: liars.Game | None = None
        self.got_view = False  # the last connection reached the table (a view came)
        # a connection of this run was taken at the table (a table frame or a view came: the token
        # holds a seat).  A seat waiting for players gets no view, and losing it is not "cannot reach".
        self.reached = False
        self.seq = -1  # the newest view's seq, over every connection
        # the last connection saw the game move on: its drop starts the count of tries again (a
        # server that takes the seat back and drops it at once, over and over, still runs them out)
        self.progressed = False

    async def connect(self, url: str, token: str, resumed: Callable[[int], None] | None) -> JSON:
        """Play over one connection until the game is over (its last view) or it drops (raises)."""
        self.got_view = self.progressed = False
        acted: int | None = None  # a new connection gets a whole view: act on it afresh
        sent_at: float | None = None
        held: list[Any] | None = None
        last: str | None = None  # the last act message, sent again when the server answers retry
        async with websockets.connect(url, max_size=2**22, compression=None, open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "auth", "token": token}))
            async for raw in ws:
                frame: dict[str, Any] = orjson.loads(raw)
                kind = frame.get("type")
                if kind == "error":
                    if frame.get("code") in FINAL_ERRORS:
                        raise _Dropped(frame.get("message", "refused"), final=True)
                    log.info("server said: %s", frame.get("message"))
                    if frame.get("ref") == acted and frame.get("code") == "retry" and last is not None:
                        await asyncio.sleep(RETRY_WAIT)  # not saved (a database hiccup): send it again
                        await ws.send(last)
                    elif frame.get("ref") == acted:
                        acted = None  # refused: act again on the next view
                    continue
                if kind in ("table", "view"):
                    self.reached = True
                if kind != "view":
                    continue
                try:
                    held = whole_view(frame, held)
                except ProtocolError as exc:  # lost track of the history: a new connection sends it all
                    raise _Dropped(str(exc)) from None
                view: JSON = frame["view"]
                if frame["seq"] > self.seq:
                    self.progressed = self.seq >= 0 or self.progressed
                    self.seq = frame["seq"]
                if not self.got_view:
                    self.got_view = True
                    if resumed is not None:
                        resumed(frame["seat"])
                if sent_at is not None and self.on_act is not None and frame["seq"] != acted:
                    self.on_act(time.perf_counter() - sent_at)
                    sent_at = None
                if view["over"]:
                    return view
                if not frame["legal"] or frame["seq"] == acted:
                    continue
                choice = await self._choose(frame, view)
                if self.think > 0:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                acted = frame["seq"]
                sent_at = time.perf_counter()
                last = json.dumps({"type": "act", "seq": acted, "action": choice})
                await ws.send(last)
            code = ws.close_code
        raise _Dropped(f"the server closed the connection (code {code})", final=code in FINAL_CLOSE)

    async def _choose(self, frame: dict[str, Any], view: JSON) -> JSON:
        rng, level = self.rng, self.level
        if level == "random":  # uniform over the legal JSON forms: no need to build action objects
            choice: JSON = rng.choice(frame["legal"])
            return choice
        if self.game is None or self.bot is None:
            self.game = liars.make(view["game"], players=view["players"], seed=0, **view["options"])
            try:
                self.bot = bots.load(level, view["game"], seed=rng.randrange(2**63))
            except ValueError as exc:  # a level this game lacks, a user's class that raised
                raise BotError(str(exc)) from None
        legal = [self.game.parse_action(a) for a in frame["legal"]]
        try:
            action = await asyncio.to_thread(bots.checked_act, self.bot, level, view, legal, self.game)
        except Exception as exc:  # a failing bot must not stall the table: play on at random
            log.warning(
                "the bot %s failed on view %s: %s; a random legal action is played instead",
                level,
                frame["seq"],
                exc if isinstance(exc, liars.IllegalAction) else bots.failure(exc),
            )
            action = rng.choice(legal)
        out: JSON = action.to_json()
        return out
