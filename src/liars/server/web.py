"""The web app: static files at ``/``, invite links ``/t/{id}``, and the table list for the lobby.

The browser app is plain files in ``liars/web`` (no build step, no Node at run time), so
serving it is a mount and two routes.  ``GET /api/bots`` names the bot levels of each game
(the lobby's seat menus), ``GET /api/tables/{id}/reveal`` what each seat's view held that a
spectator's did not (its hand, its cup), once a game is over (the game-over screen).
``GET /api/tables`` lists the open tables (a seat is free: anyone may join) and the tables
in play (anyone may watch) that this process holds, among those whose host listed them
(``listed``; by default a table is not listed, so a stranger browsing the lobby cannot take
the seat a host kept for a friend: only the invite link leads to it); it shows only what
:meth:`Table.info` shows anybody, never a token or a card.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import liars
from liars import bots
from liars.core import JSON, State

from . import catalogue
from .hub import Hub

WEB = Path(__file__).resolve().parent.parent / "web"
LISTED = 50  # tables of each kind in the list: a lobby, not an archive


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def index(request: Request) -> Response:
    # no-cache: after an upgrade the browser must fetch the new index (the modules it names
    # are then revalidated too), or an old page would speak to a newer server.
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


async def tables(request: Request) -> Response:
    open_, playing = [], []
    for table in list(_hub(request).tables.values()):
        if table.broken or not table.settings.get("listed", False):
            continue
        info = table.info()
        entry = {
            "table": info["table"],
            "game": info["game"],
            "players": info["players"],
            "options": info["options"],
            "status": info["status"],
            "seats": [{k: s[k] for k in ("seat", "kind", "level", "name", "taken")} for s in info["seats"]],
        }
        if info["status"] == "waiting":
            open_.append(entry)
        elif info["status"] == "playing" and table.state is not None and not table.state.over:
            playing.append(entry)
    return JSONResponse({"open": open_[-LISTED:], "playing": playing[-LISTED:]})


async def levels(request: Request) -> Response:
    return JSONResponse({g: bots.levels(g) for g in liars.GAME_IDS})


def private_part(state: State, seat: int) -> JSON:
    """What ``seat``'s view holds that a spectator's does not (its hand, its cup ...).

    Read from the views alone, so it holds for every game without knowing its keys; the
    history (the seat's own record of the game, long) and the seat number are left out.
    """
    public = state.view(None)
    return {
        k: v
        for k, v in state.view(seat).items()
        if k not in ("seat", "history", "history_len") and public.get(k) != v
    }


async def reveal(request: Request) -> Response:
    # Once the game is over nothing is secret any more: the game-over screen shows what
    # every seat held.  Each seat's own final view gives it (the engine's public API, no seed).
    table = await _hub(request).get(request.path_params["table_id"])
    if table is None:
        return JSONResponse({"error": {"code": "not_found", "params": {}, "message": "no such table"}}, 404)
    async with table.lock:
        st = table.state
        if st is None or not st.over:
            message = "hands are shown once the game is over"
            return JSONResponse({"error": {"code": "not_over", "params": {}, "message": message}}, 409)
        seats = [private_part(st, s) for s in range(table.row.players)]
    return JSONResponse({"table": table.id, "seats": seats})


ROUTES = [
    Route("/api/tables", tables, methods=["GET"], name="tables_list"),
    Route("/api/tables/{table_id}/reveal", reveal, name="table_reveal"),
    Route("/api/bots", levels, name="bot_levels"),
    Route("/", index, name="web_index"),
    Route("/t/{table_id}", index, name="web_table"),
    catalogue.ROUTE,  # before the mount: errors.js is made, not a file
    Mount("/static", StaticFiles(directory=WEB), name="static"),
]


def install(app: Starlette) -> None:
    """Add the web app's routes to ``app`` (after the API routes, so they never shadow them)."""
    app.router.routes.extend(ROUTES)
