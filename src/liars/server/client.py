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
from typing import Any
from urllib.parse import quote

import orjson
import websockets

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
    base = server.rstrip("/")
    for a, b in (("http://", "ws://"), ("https://", "wss://")):
        if base.startswith(a):
            base = b + base[len(a) :]
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


async def play_seat(
    server: str,
    table: str,
    token: str,
    level: str = "random",
    seed: int | None = None,
    on_act: Callable[[float], None] | None = None,
    think: float = 0.0,
) -> JSON:
    """Play the seat of ``token`` until the game is over; returns the last view.

    ``on_act(seconds)`` is told, for each action sent, how long until the
    next view came back (the load benchmark's client-side latency).
    ``think``: seconds to wait before each action, on average (uniform between
    half and one and a half times it), as a person would: the load benchmark's
    paced runs, where the server's latency is measured at a chosen rate rather
    than at the rate where it saturates.
    """
    rng = random.Random(seed)
    bot: bots.Bot | None = None
    game: liars.Game | None = None
    acted: int | None = None
    sent_at: float | None = None
    held: list[Any] | None = None
    last: str | None = None  # the last act message, sent again when the server answers retry
    url = ws_url(server, table, auth=True, tail=True)
    async with websockets.connect(url, max_size=2**22, compression=None) as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        async for raw in ws:
            frame: dict[str, Any] = orjson.loads(raw)
            kind = frame.get("type")
            if kind == "error":
                if frame.get("code") in ("forbidden", "not_found", "busy"):
                    raise ProtocolError(frame.get("message", "refused"))
                log.info("server said: %s", frame.get("message"))
                if frame.get("ref") == acted and frame.get("code") == "retry" and last is not None:
                    await asyncio.sleep(RETRY_WAIT)  # not saved (a database hiccup): send it again
                    await ws.send(last)
                elif frame.get("ref") == acted:
                    acted = None  # refused: act again on the next view
                continue
            if kind != "view":
                continue
            held = whole_view(frame, held)
            view: JSON = frame["view"]
            if sent_at is not None and on_act is not None and frame["seq"] != acted:
                on_act(time.perf_counter() - sent_at)
                sent_at = None
            if view["over"]:
                return view
            if not frame["legal"] or frame["seq"] == acted:
                continue
            if level == "random":  # uniform over the legal JSON forms: no need to build action objects
                choice: JSON = rng.choice(frame["legal"])
            else:
                if game is None or bot is None:
                    game = liars.make(view["game"], players=view["players"], seed=0, **view["options"])
                    bot = bots.make(level, view["game"], seed=rng.randrange(2**63))
                legal = [game.parse_action(a) for a in frame["legal"]]
                try:
                    action = await asyncio.to_thread(bots.checked_act, bot, level, view, legal)
                except Exception as exc:  # a failing bot must not stall the table: play on at random
                    log.warning("the %s bot failed (%r); a random legal action is played", level, exc)
                    action = rng.choice(legal)
                choice = action.to_json()
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            acted = frame["seq"]
            sent_at = time.perf_counter()
            last = json.dumps({"type": "act", "seq": acted, "action": choice})
            await ws.send(last)
    raise ProtocolError("the server closed the connection before the game was over")
