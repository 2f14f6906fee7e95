"""Translations of everything the terminal shows: gettext catalogs for nb, nl and en.

The catalogs are ``<lang>/LC_MESSAGES/liars.po`` next to this file.  A built
wheel carries them compiled (``liars.mo``, made by the ``build_py`` step in
``setup.py``); an editable install or a source checkout has only the ``.po``
files, so :func:`translation` compiles a missing or stale catalog in memory
with its own small reader: no build step and no extra package is needed to
run from a checkout, and a translator's edit shows at once.

Dynamic keys (so the catalog follows the games' metadata, not a copy of it):

* ``game <id>``: a game's name (checked against ``info.names`` by the tests);
* ``option <game> <name>``: an option's help text; English falls back to the
  metadata's own help.
"""

from __future__ import annotations

import ast
import gettext
import io
import os
import struct
from collections.abc import Mapping
from functools import cache
from pathlib import Path

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

    Only what our catalogs use is read: comments (``#,`` flags as ``flags``),
    ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``/``msgstr[i]`` and
    continued strings.
    """
    entries: list[dict[str, str]] = []
    entry: dict[str, str] = {}
    key = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in entry and any(k.startswith("msgstr") for k in entry):
                entries.append(entry)
                entry = {}
            if line.startswith("#,"):
                entry["flags"] = entry.get("flags", "") + line[2:]
            continue
        if line.startswith('"'):
            entry[key] += ast.literal_eval(line)
            continue
        word, _, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry):
            entries.append(entry)
            entry = {}
        key = word
        entry[key] = ast.literal_eval(rest.strip())
    if "msgid" in entry:
        entries.append(entry)
    return entries


def messages(text: str) -> dict[str, str]:
    """What a ``.mo`` holds: id (``ctx\\x04id``, plurals ``id\\0plural``) to translation.

    Fuzzy and untranslated entries are left out, as ``msgfmt`` does, so the
    English text shows instead of an empty string.
    """
    out: dict[str, str] = {}
    for e in read_po(text):
        if "fuzzy" in e.get("flags", "") and e["msgid"]:  # the header counts even when fuzzy
            continue
        msgid = e["msgid"]
        if "msgctxt" in e:
            msgid = e["msgctxt"] + "\x04" + msgid
        if "msgid_plural" in e:
            forms = [e[k] for k in sorted(k for k in e if k.startswith("msgstr["))]
            if forms and all(forms):
                out[msgid + "\x00" + e["msgid_plural"]] = "\x00".join(forms)
        elif e.get("msgstr") or e["msgid"] == "":
            out[msgid] = e.get("msgstr", "")
    return out


def compile_po(text: str) -> bytes:
    """The ``.mo`` bytes for a ``.po`` text (the format ``msgfmt`` and Babel write)."""
    merged = messages(text)
    keys = sorted(merged)
    ids_blob = b""
    strs_blob = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode(), merged[k].encode()
        offsets.append((len(ids_blob), len(kb), len(strs_blob), len(vb)))
        ids_blob += kb + b"\x00"
        strs_blob += vb + b"\x00"
    n = len(keys)
    start = 7 * 4 + 16 * n
    out = io.BytesIO()
    out.write(struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0))
    for ko, kl, _, _ in offsets:
        out.write(struct.pack("<2I", kl, start + ko))
    for _, _, vo, vl in offsets:
        out.write(struct.pack("<2I", vl, start + len(ids_blob) + vo))
    out.write(ids_blob)
    out.write(strs_blob)
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
