"""Translations of everything the terminal shows: gettext catalogs for nb, nl and en.

The catalogs are ``<lang>/LC_MESSAGES/liars.po`` next to this file.  A built
wheel carries them compiled (``liars.mo``, made by the ``build_py`` step in
``setup.py``); an editable install or a source checkout has only the ``.po``
files, so :func:`translation` compiles a missing or stale catalog in memory
with Babel (which the ``cli`` extra installs, as the build does): no build
step is needed to run from a checkout, and a translator's edit shows at once.

Dynamic keys (so the catalog follows the games' metadata, not a copy of it):

* ``game <id>``: a game's name (checked against ``info.names`` by the tests);
* ``option <game> <name>``: an option's help text; English falls back to the
  metadata's own help.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages import mofile, pofile
from babel.messages.catalog import Catalog

from ..errors import MESSAGES

LANGS = ("en", "nb", "nl")
DOMAIN = "liars"
HERE = Path(__file__).resolve().parent
# LANG values that mean one of ours: Norwegian Bokmål (and plain Norwegian), Dutch, Flemish.
_ALIASES = {"nb": "nb", "no": "nb", "nn": "nb", "nl": "nl", "en": "en"}


def choose(lang: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``lang`` if given, else the environment's (``LANGUAGE``, ``LC_ALL``, ``LANG`` ...), else en.

    Raises ``ValueError`` for an explicit ``lang`` we do not speak: a typo
    should not silently give English.
    """
    if lang is not None:
        code = _ALIASES.get(lang.strip().lower().replace("-", "_").split("_")[0])
        if code is None:
            raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
        return code
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in env.get(var, "").split(":"):
            code = _ALIASES.get(value.strip().lower().replace("-", "_").split("_")[0].split(".")[0])
            if code:
                return code
    return "en"


def po_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_po(text: str) -> list[dict[str, str]]:
    """The entries of a ``.po`` text, each a dict of its keywords (``msgid``, ``msgstr[0]`` ...).

    Babel reads the catalog (a reader of our own would be one more thing to keep right);
    the dicts are what the catalog tests compare: ``msgctxt``, ``msgid``, ``msgid_plural``,
    ``msgstr`` or ``msgstr[i]``, and ``flags``.
    """
    entries: list[dict[str, str]] = []
    for m in read_catalog(text):
        e: dict[str, str] = {}
        if m.context:
            e["msgctxt"] = m.context
        ids, strings = m.id, m.string  # tuples for a plural entry, strings otherwise
        if isinstance(ids, str):
            e["msgid"], e["msgstr"] = ids, str(strings or "")
        else:
            e["msgid"], e["msgid_plural"] = ids[0], ids[1]
            for i, form in enumerate(strings or ()):
                e[f"msgstr[{i}]"] = form
        if m.flags:
            e["flags"] = " " + ", ".join(sorted(m.flags))
        entries.append(e)
    return entries


def read_catalog(text: str) -> Catalog:
    """The Babel catalog of a ``.po`` text."""
    return pofile.read_po(io.StringIO(text))


def compile_po(text: str) -> bytes:
    """The ``.mo`` bytes for a ``.po`` text, written by Babel (fuzzy and untranslated entries left
    out, as ``msgfmt`` does, so the English text shows instead of an empty string)."""
    out = io.BytesIO()
    mofile.write_mo(out, read_catalog(text))
    return out.getvalue()


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog for ``lang``: the built ``.mo`` if it is current, else the ``.po`` compiled now."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    po = po_path(lang)
    mo = po.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    if not po.exists():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_po(po.read_text(encoding="utf-8"))))


@cache
def error_catalogue() -> dict[str, dict[str, str]]:
    """Every refusal code's template in each language: ``{lang: {code: template}}``.

    The one source of the refusal texts is :data:`liars.errors.MESSAGES` (English) and the
    ``error <code>`` entries of the gettext catalogs (nb, nl); the web app's ``errors.js`` is
    made from this at request time, so no second copy of the texts is kept for the browser.
    A code a catalog lacks falls back to the English template.
    """
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        tr = translation(lang)
        out[lang] = {code: tr.pgettext(f"error {code}", english) for code, english in MESSAGES.items()}
    return out
