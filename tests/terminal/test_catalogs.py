"""The catalogs: every string the terminal can show is in nb, nl and en, with the same placeholders.

Strings are found the way translators find them (Babel's extractor over the
terminal's sources), plus the keys built at run time from the games'
metadata: names, summaries and option help.  A new option or game without a
translation fails here.
"""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import liars
from liars import locale
from liars.terminal import i18n, setup
from liars.terminal.i18n import _

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "liars"
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def extracted() -> set[tuple[str | None, str]]:
    """(context, msgid) of every marked string the player can see."""
    out = set()
    paths = [SRC / "terminal", SRC / "commands"]
    for base in paths:
        for _file, _line, message, _comments, context in extract_from_dir(str(base), keywords=KEYWORDS):
            msgid = message if isinstance(message, str) else message[0]
            out.add((context, msgid))
    return out


def catalog(lang: str) -> dict[tuple[str | None, str], list[str]]:
    entries = locale.read_po(locale.po_path(lang).read_text(encoding="utf-8"))
    return {
        (e.get("msgctxt"), e["msgid"]): [e[k] for k in sorted(k for k in e if k.startswith("msgstr"))]
        for e in entries
        if e["msgid"]
    }


def dynamic_keys() -> list[str]:
    keys = []
    for gid in liars.GAME_IDS:
        keys += [f"game {gid}", f"summary {gid}"]
        keys += [f"option {gid} {o.name}" for o in liars.game_class(gid).info.options]
    return keys


def test_the_extractor_finds_the_strings() -> None:
    assert len(extracted()) > 150  # a broken extraction must not pass the tests below vacuously


@pytest.mark.parametrize("lang", locale.LANGS)
def test_every_shown_string_is_in_the_catalog(lang: str) -> None:
    cat = catalog(lang)
    missing = sorted((c or "", m) for c, m in extracted() if (c, m) not in cat)
    assert not missing, f"missing from {lang}.po: {missing}"
    if lang != "en":
        empty = sorted((c or "", m) for c, m in extracted() if not all(cat[(c, m)]))
        assert not empty, f"untranslated in {lang}.po: {empty}"


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_every_game_name_summary_and_option_is_translated(lang: str) -> None:
    cat = catalog(lang)
    missing = [k for k in dynamic_keys() if not all(cat.get((None, k), [""]))]
    assert not missing, f"missing from {lang}.po: {missing}"


@pytest.mark.parametrize("lang", locale.LANGS)
def test_game_names_agree_with_the_metadata(lang: str) -> None:
    i18n.use(lang)
    for gid in liars.GAME_IDS:
        assert i18n.game_name(gid) == liars.game_class(gid).info.names[lang]


def test_dutch_game_names_are_the_ones_dutch_players_use() -> None:
    """nl said «Valsspeler» (a cheater: "Cheat" word for word) and «Liefdesbrief», names nobody plays
    under: Dutch rule pages call this game *Bluffen* («Liegen/Bluffen», and *Liegen* is the Dutch
    sheet's own game), and the Dutch edition of Love Letter keeps its English name (docs/glossary.md)."""
    names = {gid: liars.game_class(gid).info.names["nl"] for gid in liars.GAME_IDS}
    assert names["cheat"] == "Bluffen" and names["love-letter"] == "Love Letter"
    assert len(set(names.values())) == len(names)  # five games, five names in the lobby's list


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_translations_keep_the_placeholders(lang: str) -> None:
    for (ctx, msgid), forms in catalog(lang).items():
        want = set(PLACEHOLDER.findall(msgid))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == want, (ctx, msgid, form)


@pytest.mark.parametrize("lang", ["nb", "nl"])
def test_the_compiled_catalog_gives_every_translation_and_plural_form(lang: str) -> None:
    """What the terminal loads from a checkout (the .po compiled in memory) says what the .po says."""
    compiled = gettext.GNUTranslations(
        io.BytesIO(locale.compile_po(locale.po_path(lang).read_text(encoding="utf-8")))
    )
    checked = 0
    for e in locale.read_po(locale.po_path(lang).read_text(encoding="utf-8")):
        if not e["msgid"] or "fuzzy" in e.get("flags", ""):
            continue
        ctx = e.get("msgctxt")
        if "msgid_plural" in e:
            for n, form in ((1, e["msgstr[0]"]), (2, e["msgstr[1]"])):
                got = (
                    compiled.npgettext(ctx, e["msgid"], e["msgid_plural"], n)
                    if ctx
                    else compiled.ngettext(e["msgid"], e["msgid_plural"], n)
                )
                assert got == form, (e["msgid"], n)
        elif e["msgstr"]:
            got = compiled.pgettext(ctx, e["msgid"]) if ctx else compiled.gettext(e["msgid"])
            assert got == e["msgstr"], e["msgid"]
        checked += 1
    assert checked > 300


def test_language_choice() -> None:
    assert locale.choose("nb", {"LANG": "nl_NL.UTF-8"}) == "nb"
    assert locale.choose(None, {"LANG": "nl_NL.UTF-8"}) == "nl"
    assert locale.choose(None, {"LANG": "nb_NO.UTF-8"}) == "nb"
    assert locale.choose(None, {"LANG": "no_NO"}) == "nb"
    assert locale.choose(None, {"LANGUAGE": "nl_BE:en", "LANG": "en_US.UTF-8"}) == "nl"
    assert locale.choose(None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert locale.choose(None, {}) == "en"
    with pytest.raises(ValueError):
        locale.choose("fr")


def test_the_build_compiles_the_catalogs(tmp_path: Path) -> None:
    """setup.py's build_py writes a .mo beside each .po, and the .mo speaks Norwegian."""
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    mo = tmp_path / "liars" / "locale" / "nb" / "LC_MESSAGES" / "liars.mo"
    with mo.open("rb") as fp:
        t = gettext.GNUTranslations(fp)
    assert t.gettext("You won!") == "Du vant!"


def test_norwegian_says_robot_as_the_glossary_does() -> None:
    """nb calls a bot «robot» everywhere (docs/glossary.md), never the English «bot».

    Why: the web table already said «Robot 2 (middels)» while ``liars --help``
    said «spill et spill i terminalen mot boter»; in Norwegian a «bot» is a
    fine to pay, and one thing should have one word.  The command's own
    name, ``liars bot``, and ``{bot}`` placeholders are not words to translate.
    """
    letter = "A-Za-zÆØÅæøå"
    english_word = re.compile(rf"(?<![{letter}])[Bb]ot(?:er|en|ene|s|nivå\w*|plass\w*)?(?![{letter}])")
    found = []
    for e in locale.read_po(locale.po_path("nb").read_text(encoding="utf-8")):
        for key in ("msgstr", "msgstr[0]", "msgstr[1]"):
            text = re.sub(r"\{[^}]*\}", "", e.get(key, "")).replace("liars bot", "")
            if english_word.search(text):
                found.append(text)
    assert not found, found


def test_dutch_quotes_as_dutch_is_written() -> None:
    """nl quotes with “…” throughout: it had «Je liegt!» (Norwegian quotes), „Je liegt!” and
    ‘Precies goed’ beside “Je liegt!”, and «wordt je gevraagd» (the -t goes when «je» follows)."""
    texts = [
        e.get(key, "")
        for e in locale.read_po(locale.po_path("nl").read_text(encoding="utf-8"))
        for key in ("msgstr", "msgstr[0]", "msgstr[1]")
    ]
    odd = [t for t in texts if re.search(r"[«»„‘]", t) or t.count("“") != t.count("”")]
    assert not odd, odd
    assert not [t for t in texts if "wordt je gevraagd" in t]
    assert sum("“" in t for t in texts) > 40  # the rule is about real text, not an empty catalog


def test_norwegian_names_a_sampled_world_a_possible_position() -> None:
    """The review's «skjulte utganger» read as "hidden exits"; nb says «mulige stillinger» (glossary)."""
    texts = [
        e.get(key, "")
        for e in locale.read_po(locale.po_path("nb").read_text(encoding="utf-8"))
        for key in ("msgstr", "msgstr[0]", "msgstr[1]")
    ]
    assert not [t for t in texts if "utgang" in t]
    assert sum("mulige stillinger" in t for t in texts) == 2


@pytest.mark.parametrize(
    ("lang", "quoted", "call"), [("nb", r"«([^»]*)»", "Løgner!"), ("nl", r"“([^”]*)”", "Je liegt!")]
)
def test_the_call_is_quoted_as_the_glossary_says_it(lang: str, quoted: str, call: str) -> None:
    """nl said «roep “je liegt” als een bod te hoog is» (`liars games`) and «l voor “je liegt”» where
    every other string says “Je liegt!”: a quoted call is the glossary's words, capital and "!"."""
    stem = call.lower().rstrip("!")[:5]
    said = {
        q
        for forms in catalog(lang).values()
        for form in forms
        for q in re.findall(quoted, form)
        if q.lower().startswith(stem)
    }
    assert said == {call}


@pytest.mark.parametrize(
    ("lang", "shout", "calls"),
    [
        ("nb", r"«([^»]*!)»", {"Løgner!", "Helt riktig!"}),
        ("nl", r"“([^”]*!)”", {"Je liegt!", "Precies goed!"}),
    ],
)
def test_only_the_glossarys_calls_are_shouted(lang: str, shout: str, calls: set[str]) -> None:
    """Liegen's help in nb said «j eller l sier «Du lyver!»» while the table shouts «Løgner!» for
    the same call (and the glossary says so): every quoted shout is one of the glossary's calls."""
    said = {q for forms in catalog(lang).values() for form in forms for q in re.findall(shout, form)}
    assert said == calls, said


@pytest.mark.parametrize(("lang", "said"), [("nb", "Spill nr. 7."), ("nl", "Spel nr. 7.")])
def test_a_game_is_named_by_its_number_not_its_seed(lang: str, said: str) -> None:
    """The terminal's first line said «Frø 1586741034.» / «Seed 951166048.»: a plant's seed in
    Norwegian, an English word in Dutch. A family reads the number to play the same game again as
    «Spill nr.» / «Spel nr.», as card games number their deals (glossary); `--seed` says the same."""
    i18n.use(lang)
    assert _("Players: {players}. Seed {seed}.").format(players="Ola", seed=7).endswith(said)
    assert setup.players_line(["Ola (lett)"], True, 7).endswith(said)
    helped = _("the game's seed: the same seed gives the same deal")
    assert "nummer" in helped and "frø" not in helped and "seed" not in helped


def test_dutch_writes_the_call_as_the_glossary_does_even_unquoted() -> None:
    """Liar's Dice prompted «l = je liegt» where poker prompts «l = Je liegt!» and the button says
    «Je liegt!»: the call is the same words everywhere, quoted or not."""
    said = [
        form
        for forms in catalog("nl").values()
        for form in forms
        if re.search(r"je liegt", form, re.IGNORECASE)
    ]
    assert said and all(re.search(r"Je liegt!", form) for form in said), said


@pytest.mark.parametrize(
    ("lang", "names", "one", "two", "watched"),
    [
        (
            "nb",
            ("Ola", "Kari"),
            "Motstander: Ola (lett).",
            "Motstandere: Ola (lett) og Kari (lett).",
            "Spillere: Ola og Kari.",
        ),
        (
            "nl",
            ("Piet", "Anouk"),
            "Tegenstander: Piet (makkelijk).",
            "Tegenstanders: Piet (makkelijk) en Anouk (makkelijk).",
            "Spelers: Piet en Anouk.",
        ),
        (
            "en",
            ("Alice", "Bob"),
            "Opponent: Alice (easy).",
            "Opponents: Alice (easy) and Bob (easy).",
            "Players: Alice and Bob.",
        ),
    ],
)
def test_the_first_line_names_the_opponents_of_a_person(
    lang: str, names: tuple[str, str], one: str, two: str, watched: str
) -> None:
    """A person playing one bot read «Spelers: Anouk (moeilijk).», as if the person were no player:
    with a person at the table the bots are the opponents; a watch names every player. Names are
    joined as the language joins them («og», «en»), not with commas alone."""
    i18n.use(lang)
    bots = [f"{n} ({setup.level_word('random')})" for n in names]
    assert setup.players_line(bots[:1], True, 7).startswith(one)
    assert setup.players_line(bots, True, 7).startswith(two)
    assert setup.players_line(list(names), False, 7).startswith(watched)


def test_dutch_says_who_begins_in_the_present_as_every_round_does() -> None:
    """Bluffen opened with «Piet begon; de eerste rang is azen.» (a past beside a present) where
    every other game's round says «Ronde 1, Anouk begint.»."""
    i18n.use("nl")
    opening = _("{name} started; the first rank is aces.").format(name="Piet")
    assert opening == "Piet begint; de eerste rang is azen."
    assert _("Round {round}, started by {name}.").format(round=1, name="Anouk") == "Ronde 1, Anouk begint."


def test_dutch_says_what_you_really_played_with_the_glossarys_word() -> None:
    """The terminal wrote «(echt: 2♣ 5♦)» after a lie where the web and the glossary say
    «(eigenlijk 2♥)»: one word for it in nl."""
    i18n.use("nl")
    assert _("(really: {cards})").format(cards="2♣") == "(eigenlijk: 2♣)"
    said = [form for forms in catalog("nl").values() for form in forms if "echt:" in form]
    assert said == [], said
