"""The page's ``errors.js`` is served from the one catalogue, not read from a file beside it."""

from __future__ import annotations

import json

from liars.locale import error_catalogue
from liars.server.web import WEB

from .conftest import Server


def test_errors_js_is_made_from_the_catalogue(shared_server: Server) -> None:
    assert not (WEB / "errors.js").exists()  # no copy of the texts in the web folder
    res = shared_server.http.get("/static/errors.js")
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("text/javascript")
    body = res.text.split("export const ERRORS = ", 1)[1].rstrip().rstrip(";")
    served = json.loads(body)
    assert served == error_catalogue()
    assert served["nb"]["not_your_turn"] == "Det er ikke din tur."
    assert served["nl"]["not_your_turn"] != served["en"]["not_your_turn"]
    # the other web files are still the static mount's
    assert shared_server.http.get("/static/i18n.js").status_code == 200
