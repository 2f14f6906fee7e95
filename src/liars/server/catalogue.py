"""``/static/errors.js``: the refusal texts for the browser, made from the one catalogue.

The web app imports ``ERRORS`` from ``./errors.js`` as a plain module.  Rather than keep a
copy of every refusal text in the web folder (a third place to keep in step with
:mod:`liars.errors` and the gettext catalogs), the server writes that module from
:func:`liars.locale.error_catalogue` when the page asks for it.  The route is registered
before the static mount, so it answers for the file the page names.
"""

from __future__ import annotations

import json
from functools import cache

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from liars.locale import error_catalogue


@cache
def errors_module() -> str:
    """The text of ``errors.js``: ``export const ERRORS = {lang: {code: template}};``."""
    body = json.dumps(error_catalogue(), ensure_ascii=False, indent=1, sort_keys=True)
    return (
        "// Made by the server from liars.errors and the gettext catalogs (liars/server/catalogue.py).\n"
        f"export const ERRORS = {body};\n"
    )


async def errors_js(request: Request) -> Response:
    # no-cache, as for the index: after an upgrade the page must not keep old codes' texts
    return Response(
        errors_module(),
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache"},
    )


ROUTE = Route("/static/errors.js", errors_js, methods=["GET"], name="web_errors")
