"""The web app: static files at ``/``, invite links ``/t/{id}``, and the table list for the lobby.

The browser app is plain files in ``liars/web`` (no build step, no Node at run time), so
serving it is a mount and two routes.  ``GET /api/bots`` names the bot levels of each game
(the lobby's seat menus), ``GET /api/tables/{id}/reveal`` every hand once a game is over
(the game-over screen).  ``GET /api/tables`` lists the open tables (a seat
is free: anyone may join) and the tables in play (anyone may watch) that this process
holds, among those whose host listed them (``listed``; by default a table is not listed, so
a stranger browsing the lobby cannot take the seat a host kept for a friend: only the invite
link leads to it); it shows only what :meth:`Table.info` shows anybody, never a token or a card.
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

from . import catalogue
from .hub import Hub

WEB = Path(__file__).resolve().parent.parent / "web"
LISTED = 50  # tables of each kind in the list: a lobby, not an archive


def install(app: Starlette) -> None:
    """Add the web app's routes to ``app`` (after the API routes, so they never shadow them)."""
    hub: Hub = app.state.hub

    async def index(request: Request) -> Response:
        # no-cache: after an upgrade the browser must fetch the new index (the modules it names
        # are then revalidated too), or an old page would speak to a newer server.
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    async def tables(request: Request) -> Response:
        open_, playing = [], []
        for table in list(hub.tables.values()):
            if table.broken or not table.settings.get("listed", False):
                continue
            info = table.info()
            entry = {
                "table": info["table"],
                "game": info["game"],
                "players": info["players"],
                "options": info["options"],
                "status": info["status"],
                "seats": [
                    {k: s[k] for k in ("seat", "kind", "level", "name", "taken")} for s in info["seats"]
                ],
            }
            if info["status"] == "waiting":
                open_.append(entry)
            elif info["status"] == "playing" and table.state is not None and not table.state.over:
                playing.append(entry)
        return JSONResponse({"open": open_[-LISTED:], "playing": playing[-LISTED:]})

    async def levels(request: Request) -> Response:
        return JSONResponse({g: bots.levels(g) for g in liars.GAME_IDS})

    async def reveal(request: Request) -> Response:
        # Once the game is over nothing is secret any more: the game-over screen shows every
        # hand.  Each seat's own final view gives its hand (the engine's public API, no seed).
        table = await hub.get(request.path_params["table_id"])
        if table is None:
            return JSONResponse(
                {"error": {"code": "not_found", "params": {}, "message": "no such table"}}, 404
            )
        async with table.lock:
            st = table.state
            if st is None or not st.over:
                return JSONResponse(
                    {
                        "error": {
                            "code": "not_over",
                            "params": {},
                            "message": "hands are shown once the game is over",
                        }
                    },
                    409,
                )
            hands = [st.view(s).get("hand") for s in range(table.row.players)]
        return JSONResponse({"table": table.id, "hands": hands})

    app.router.routes.extend(
        [
            Route("/api/tables", tables, methods=["GET"], name="tables_list"),
            Route("/api/tables/{table_id}/reveal", reveal, name="table_reveal"),
            Route("/api/bots", levels, name="bot_levels"),
            Route("/", index, name="web_index"),
            Route("/t/{table_id}", index, name="web_table"),
            catalogue.ROUTE,  # before the mount: errors.js is made, not a file
            Mount("/static", StaticFiles(directory=WEB), name="static"),
        ]
    )
