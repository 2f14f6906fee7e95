"""The web table as a family meets it (issue 17): each defect seen there, as a browser test.

Challenge windows read as windows and the ring stays on who plays next; a call says who was right;
counts are plural-correct; a seat comes back after a timeout; a player who left shows, with the
grace countdown; Liegen's last accusation leaves the board and its announcement is a compact
picker; the lobby form keeps its state; seats are numbered from 1; Liar's Dice and Love Letter
have no "seconds to call liar"; the invited friend's page explains the table; Love Letter's cards
say what they do and a play is built step by step; long names stay in their box; the actions are on
screen on a phone.
"""

from __future__ import annotations

import random
import re
from typing import Any

import httpx

import liars
from tests.cheat_cases import honest_ace
from tests.love_letter_cases import tied_showdown
from tests.test_liegen_helpers import own_plays

from .helpers import INVITES, create_table, game_logs, in_app, in_each_language, join, play_out, step

NAMES = {0: "Anna", 1: "Bram", 2: "Cor"}


def seat_of(page: Any) -> int:
    return int(page.locator(".seat.me").get_attribute("data-seat"))


def three_at_cheat(web: Any, contexts: list[Any]) -> tuple[list[Any], str]:
    """Anna, Bram and Cor (no bot: nobody answers a window for them) at Cheat, 30 s windows."""
    pages = [c.new_page() for c in contexts]
    table = create_table(pages[0], web.url, "cheat", 3, {}, ["human"] * 3, "Anna", window=30)
    for p, name in zip(pages[1:], ("Bram", "Cor"), strict=True):
        join(p, f"{web.url}/t/{table}", name)
    for p in pages:
        p.wait_for_selector("#table")
    return pages, table


def test_a_challenge_window_reads_as_one_and_a_call_says_who_was_right(web: Any, contexts: list[Any]) -> None:
    pages, table = three_at_cheat(web, contexts)
    starter = web.table_state(table).to_act[0]
    player = next(p for p in pages if seat_of(p) == starter)
    others = [p for p in pages if p is not player]
    others[0].select_option("#lang", "nb")
    # before a card is picked the play button says what to do, not "Play 0 × A"
    button = player.locator("#actions button.play")
    assert button.is_disabled() and "0" not in button.inner_text()
    assert player.locator("#status").inner_text() == "Your turn"
    player.locator("#mine .pick").first.click()
    assert button.inner_text() == "Play: “one ace”"
    button.click()
    nxt = (starter + 1) % 3
    for p in pages:
        p.wait_for_selector("#window-countdown")
        # one ring, on whoever plays next; nobody is told "your turn"
        rings = p.locator(".seat.turn").evaluate_all("els => els.map(e => Number(e.dataset.seat))")
        assert rings == [nxt]
        status = p.locator("#status").inner_text()
        assert "Your turn" not in status and "Din tur" not in status
        assert re.search(r" · \d+ s", status), status
    who = NAMES[starter]
    # the player who made the claim is not asked about it (test_together.py has who is)
    assert (
        player.locator("#status").inner_text().startswith("You claimed one ace — the others may call “Liar!”")
    )
    assert others[0].locator("#status").inner_text().startswith(f"{who} sier ett ess — Løgner! eller godta")
    assert others[0].locator("#actions button.pass").inner_text() == "Godta"
    assert player.locator("#actions").count() == 0  # the player has nothing to answer
    # a call: the narration says who was right, in both languages
    others[1].locator("#actions button.liar").click()
    for p in pages:
        p.wait_for_selector("#revealed")
    shown = web.table_state(table).view(None)["revealed"]
    caller, target = NAMES[seat_of(others[1])], NAMES[starter]
    if shown["truthful"]:
        en, nb = f"but {target} told the truth", f"men {target} snakket sant"
    else:
        en, nb = f"and {target} lied", f"og {target} løy"
    assert f"{caller} calls {target} a liar, {en}" in player.locator("#revealed").inner_text()
    assert nb in others[0].locator("#revealed").inner_text()
    last = player.locator("#log li").last.inner_text()
    assert en in last and re.search(r"takes \d+ cards?\.$", last)


def test_the_status_line_names_a_bot_as_the_board_does(web: Any, browser: Any) -> None:
    """The line above the felt read «Robot 3 (vanskelig) sier 5♦ — Løgner! eller godta · 30 s» (two
    lines on a phone) and «Robot 2 (vanskelig) sin tur», where the board under it says «Robot 3
    sier 5♦»: the seats carry the levels, so the status names a bot plainly too."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="nb")
    try:
        page = ctx.new_page()
        create_table(
            page, web.url, "liegen", 4, {}, ["human", "bot:random", "bot:random", "bot:random"], "Kari"
        )
        page.wait_for_selector("#table")
        seen: set[str] = set()
        for _ in range(300):
            if page.locator("#over").count() or ({"window", "turn"} <= seen):
                break
            status = page.locator("#status").inner_text()
            if "Robot" in status:
                assert "(lett)" not in status, status
                seen.add("window" if "Løgner!" in status else "turn")
            step(page)
            page.wait_for_timeout(30)
        assert {"window", "turn"} <= seen, seen  # both lines were read, with a bot in each
    finally:
        ctx.close()


def test_a_single_one_is_a_die_face_not_an_article(web: Any, browser: Any) -> None:
    """A bid of one 1 read «één een» on the Dutch web ("one a": «een» is the article), where the
    terminal says «één één»; the face is «één», its plural «enen»."""
    got = in_each_language(
        web, browser, "async (i18n) => [i18n.faceWords(1, 1), i18n.faceWords(2, 1), i18n.faceWords(1, 5)]"
    )
    assert got["nl"] == ["één één", "twee enen", "één vijf"], got
    assert got["nb"] == ["én ener", "to enere", "én femmer"], got
    # English said "one one" where the terminal says "a one": one die is "a five", "a one"
    assert got["en"] == ["a one", "two ones", "a five"], got


def test_counts_are_plural_correct_in_every_language(web: Any, browser: Any) -> None:
    got = in_each_language(
        web,
        browser,
        """async (i18n) => {
        const cheat = (await import('/static/games/cheat.js')).default;
        const ld = (await import('/static/games/liars_dice.js')).default;
        const ctx = { t: i18n.t, name: (i) => ['Ola', 'Kari'][i], me: null };
        const taken = cheat.log({ history: [{ type: 'challenge', seat: 0, target: 1, cards: ['5H'],
            truthful: true, taker: 0, taken: 1 }] }, ctx)[0];
        const counted = ld.log({ rolloff: [], bids: [], over: true, history: [{ round: 1, opener: 0,
            bids: [{ seat: 1, quantity: 2, face: 5 }], call: 'liar', caller: 0, dice: [[5], [2]],
            count: 1, losers: [1], out: [1] }] }, ctx)[1];
        const none = ld.log({ rolloff: [], bids: [], over: true, history: [{ round: 1, opener: 0,
            bids: [{ seat: 1, quantity: 2, face: 5 }], call: 'liar', caller: 0, dice: [[3], [2]],
            count: 0, losers: [1], out: [1] }] }, ctx)[1];
        return [i18n.t('cards_n', { n: 1 }), i18n.t('cards_n', { n: 2 }),
            i18n.t('dice_n', { n: 1 }), i18n.t('dice_n', { n: 5 }), i18n.rankWords(2, '5'),
            i18n.rankWords(1, 'A'), i18n.faceWords(3, 6),
            i18n.ordinal(1), i18n.ordinal(2), i18n.ordinal(3), i18n.ordinal(11), taken, counted, none];
    }""",
    )
    assert got["en"][:11] == [
        "1 card", "2 cards", "1 die", "5 dice", "two fives", "one ace", "three sixes",
        "1st", "2nd", "3rd", "11th",
    ]  # fmt: skip
    assert got["nb"][:11] == [
        "1 kort", "2 kort", "1 terning", "5 terninger", "to femmere", "ett ess", "tre seksere",
        "1.", "2.", "3.", "11.",
    ]  # fmt: skip
    assert got["nl"][:11] == [
        "1 kaart", "2 kaarten", "1 dobbelsteen", "5 dobbelstenen", "twee vijven", "één aas",
        "drie zessen", "1e", "2e", "3e", "11e",
    ]  # fmt: skip
    assert got["en"][11].endswith("Ola takes 1 card.")
    assert got["nb"][11].endswith("Ola tar 1 kort.")
    assert got["nl"][11].endswith("Ola pakt 1 kaart.")
    # Kari bid two fives, one five showed: Ola was right, and that is what the line says
    assert got["en"][12].startswith("Ola called liar on two fives. There was 1. The bid was too high: K")
    assert "Er was er 1. Het bod was te hoog: Kari" in got["nl"][12]
    # no five at all: said in words («Er waren er 0.» before)
    assert "on two fives. There were none. The bid was too high" in got["en"][13]
    assert "på to femmere. Det var ingen. Budet var for drøyt" in got["nb"][13]
    assert "bij twee vijven. Er waren er geen. Het bod was te hoog" in got["nl"][13]


def test_several_names_read_as_a_sentence_in_every_language(web: Any, browser: Any) -> None:
    """A right "spot on" costs everyone else a die, and two players can go out at once: the log said
    "Ola, Kari verloor een dobbelsteen" and "Ola, Kari ligt uit het spel" (a singular verb for two, no
    "and"); the game-over line and a rematch call take several names too."""
    got = in_each_language(
        web,
        browser,
        """async (i18n) => {
        const ld = (await import('/static/games/liars_dice.js')).default;
        const ctx = { t: i18n.t, name: (i) => ['Ola', 'Per', 'Kari'][i], me: null };
        const line = ld.log({ rolloff: [], bids: [], over: true, history: [{ round: 1, opener: 0,
            bids: [{ seat: 0, quantity: 2, face: 5 }], call: 'spot_on', caller: 1,
            dice: [[5], [5], [3]], count: 2, losers: [0, 2], out: [0, 2] }] }, ctx)[1];
        return [line, i18n.t('winners', { names: i18n.listing(['Ola', 'Kari']), n: 2 }),
            i18n.t('winners', { names: i18n.listing(['Ola']), n: 1 }),
            i18n.t('rematch_asked', { names: i18n.listing(['Ola', 'Kari']), n: 2 })];
    }""",
    )
    assert got["en"][0].endswith("Ola and Kari each lost a die. Ola and Kari are out of the game.")
    assert got["nb"][0].endswith("Ola og Kari mistet hver sin terning. Ola og Kari er ute av spillet.")
    assert got["nl"][0].endswith("Ola en Kari verloren elk een dobbelsteen. Ola en Kari liggen uit het spel.")
    assert [got[lang][1:3] for lang in ("en", "nb", "nl")] == [
        ["Winners: Ola and Kari", "Winner: Ola"],
        ["Vinnere: Ola og Kari", "Vinner: Ola"],
        ["Winnaars: Ola en Kari", "Winnaar: Ola"],
    ]
    assert got["nl"][3].startswith("Ola en Kari willen een revanche")


def test_a_ten_at_oneself_reads_as_such_on_the_web(web: Any, browser: Any) -> None:
    """The log said "Ola spiller 10 (Prins) mot Ola" for a 10 played at oneself."""
    history = [
        {"type": "play", "seat": 0, "card": "T", "target": 0, "discarded": "6", "from_set_aside": False},
        {"type": "play", "seat": 1, "card": "T", "target": 0, "discarded": "7", "from_set_aside": False},
    ]
    got = game_logs(web, browser, "love_letter", history, ["Ola", "Kari"], me=1)
    for lang, own, other in (
        ("en", "on their own hand", "on Ola"),
        ("nb", "mot seg selv", "mot Ola"),
        ("nl", "op zichzelf", "op Ola"),
    ):
        assert own in got[lang][0] and other not in got[lang][0], got[lang]
        assert other in got[lang][1] and own not in got[lang][1], got[lang]
    # the discard is the same player's: not named again («…; Ola legger ned en 6»)
    assert got["nb"][0] == "Ola spiller en 10 mot seg selv, legger ned en 6.", got["nb"]
    assert got["nl"][0] == "Ola speelt een 10 op zichzelf, legt een 6 af.", got["nl"]
    assert got["nl"][1] == "Kari speelt een 10 op Ola; Ola legt een 7 af.", got["nl"]


def eight_histories() -> dict[str, list[Any]]:
    """Love Letter 8s from the engine: one lost (seen by its player), one tied (seen by a third
    player), one with nobody to choose (the other is behind a 9)."""
    rest = ["K", "Q", "J", "T", "T", "9", "9", "8", "6", "6", "6"]
    tie = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["8"], ["7"], ["5"]], "set_aside": "5", "deck": ["7", *rest], "starter": 0}
    )
    tie.act(0, {"type": "play", "card": "8", "target": 1})
    deck = ["9", "K", "Q", "J", "T", "T", "9", "8", "7", "7", "6", "6", "6"]
    lost = liars.make("love-letter", players=2, seed=1, target_wins=1).new_game(
        setup={"hands": [["8"], ["5"]], "set_aside": "5", "deck": deck, "starter": 0}
    )
    lost.act(0, {"type": "play", "card": "8", "target": 1})
    deck = ["7", "6", "K", "Q", "J", "T", "T", "9", "8", "7", "6", "6", "5"]
    blocked = liars.make("love-letter", players=2, seed=1, target_wins=1).new_game(
        setup={"hands": [["8"], ["9"]], "set_aside": "5", "deck": deck, "starter": 1}
    )
    blocked.act(1, {"type": "play", "card": "9"})
    blocked.act(0, {"type": "play", "card": "8"})
    return {
        "lost": list(lost.view(0)["history"]),
        "tie": list(tie.view(2)["history"]),
        "blocked": list(blocked.view(0)["history"]),
    }


def test_an_eight_is_told_once_and_only_when_it_compared(web: Any, browser: Any) -> None:
    """The log said a lost 8 twice ("…; Kari er slått ut." then "Kari er slått ut og viser 10."),
    and an 8 played with nobody to choose ended in "; likt" (a tie that never was)."""
    got = in_app(
        web,
        browser,
        """async (histories) => {
        const i18n = await import('/static/i18n.js');
        const ll = (await import('/static/games/love_letter.js')).default;
        i18n.setLang('nb');
        const ctx = { t: i18n.t, name: (i) => ['Ola', 'Kari', 'Per'][i], me: null };
        const out = {};
        for (const [k, history] of Object.entries(histories)) out[k] = ll.log({ history }, ctx);
        i18n.setLang('en');
        return out;
    }""",
        eight_histories(),
    )
    lost = " ".join(got["lost"])
    assert lost.count("slått ut") == 1 and "Kari er slått ut og viser en 5." in lost, got["lost"]
    assert any(line.endswith("mot Kari (kort 9 / 5).") for line in got["lost"]), got["lost"]
    assert any(line.endswith("mot Kari; likt.") for line in got["tie"]), got["tie"]
    assert got["blocked"][-1] == "Ola spiller en 8.", got["blocked"]


def test_a_shared_highest_card_tells_the_sums_that_decide_on_the_web(web: Any, browser: Any) -> None:
    """The log said «Håndkort: Anna 8, Bram 8» and the round to one of them, with nothing on why:
    the sheet breaks the tie by the cards played and discarded; the log now tells those sums."""
    history = tied_showdown()
    end = history[-1]
    got = game_logs(web, browser, "love_letter", history, ["Anna", "Bram", "Cor"])
    tied = [s for s, c in end["hands"].items() if c == end["hands"][str(end["winners"][0])]]
    sums = ", ".join(f"{['Anna', 'Bram', 'Cor'][int(s)]}: {end['sums'][s]}" for s in tied)
    for lang, words in (
        ("en", "Equal highest cards, so the sum of the cards they played and discarded decides: "),
        ("nb", "Like høye kort, så summen av kortene de har spilt og lagt ned, avgjør: "),
        ("nl", "Even hoge kaarten, dus beslist de som van de kaarten die ze speelden en aflegden: "),
    ):
        assert got[lang][-1].endswith(f" {words}{sums}."), got[lang][-1]
    # and the how-to says the rule before it happens
    howto = in_app(web, browser, "async () => (await import('/static/howto.js')).HOWTO['love-letter']")
    for lang, said in (
        ("en", "the higher sum of the cards played"),
        ("nb", "størst sum av kortene"),
        ("nl", "de hoogste som"),
    ):
        assert said in howto[lang], howto[lang]


def test_face_cards_in_the_log_are_said_by_their_word(web: Any, browser: Any) -> None:
    """The log said «raadt H: goed!», «toont V» and «Handen: Bot 2 B»: a lone letter in a
    sentence reads as a suit or a typo; a face card is now named («raadt heer»), numbers stay.
    As a sentence's object a card takes the article a native puts there: «toont heer» and «viser
    konge» read as a translation, now «toont de heer», «viser kongen», "showing the king"."""
    rest = ["J", "T", "T", "9", "9", "8", "8", "7", "6", "6", "5"]
    state = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["6"], ["K"], ["7"]], "set_aside": "5", "deck": ["Q", *rest], "starter": 0}
    )
    state.act(0, {"type": "play", "card": "6", "target": 1, "guess": "K"})
    state.act(2, {"type": "play", "card": "7", "target": 0})
    got = game_logs(
        web, browser, "love_letter", list(state.view(2)["history"]), ["Anna", "Bram", "Cor"], me=2
    )
    assert got["nl"][1:] == [
        "Anna speelt een 6 op Bram, raadt heer: goed!",
        "Bram ligt eruit en toont de heer.",
        "Cor speelt een 7 op Anna (zag de vrouw).",
    ], got["nl"]
    assert got["nb"][1:] == [
        "Anna spiller en 6 mot Bram, gjetter konge: riktig!",
        "Bram er slått ut og viser kongen.",
        "Cor spiller en 7 mot Anna (så dama).",
    ], got["nb"]
    assert got["en"][2:] == [
        "Bram is knocked out, showing the king.",
        "Cor plays a 7 on Anna (saw the queen).",
    ]


def test_a_love_letter_card_played_or_left_in_hand_is_said_with_its_article(web: Any, browser: Any) -> None:
    """The log named a played card as a label, «Kari spiller Kn (Knekt) mot Robot 2», «Anna speelt
    6 (Zes) op Bram», and ran the names at a round's end into the cards: «Håndkort: Robot 2 knekt,
    Robot 4 7.», «Handen: Anouk 7, Bot 3 8». A card is the sentence's object, with its article, as
    the terminal tells it, and each hand stands after its player's name and a colon."""
    names = ["Kari", "Robot 2", "Robot 3"]
    rest = ["T", "9", "9", "8", "7", "6", "6", "6", "5", "5", "Q"]
    swap = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["J"], ["K"], ["7"]], "set_aside": "T", "deck": ["8", *rest], "starter": 0}
    )
    swap.act(0, {"type": "play", "card": "J", "target": 1})
    swapped = game_logs(web, browser, "love_letter", list(swap.view(0)["history"]), names, me=0)
    assert swapped["nb"][-1] == "Kari spiller knekten mot Robot 2 (ga en 8, fikk kongen).", swapped["nb"]
    assert swapped["nl"][-1] == "Kari speelt de boer op Robot 2 (gaf een 8, kreeg de heer).", swapped["nl"]
    assert swapped["en"][-1] == "Kari plays the jack on Robot 2 (gave an 8, got the king).", swapped["en"]
    # a round played out to an empty deck (seed 1): the hands left are an 8, the jack and the king
    state = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game()
    rng = random.Random(1)
    while not state.over:
        (player,) = state.to_act
        state.act(player, rng.choice(state.legal_actions(player)))
    history = list(state.view(0)["history"])
    assert history[-1]["hands"] == {"0": "8", "1": "J", "2": "K"}, history[-1]
    got = game_logs(web, browser, "love_letter", history, names, me=0)
    assert got["nb"][1] == "Robot 3 spiller en 6 mot Kari, gjetter 9: feil.", got["nb"]
    assert got["nl"][1] == "Robot 3 speelt een 6 op Kari, raadt 9: fout.", got["nl"]
    assert got["en"][1] == "Robot 3 plays a 6 on Kari, guessing 9: wrong.", got["en"]
    for lang, left in (
        ("nb", "Igjen på hånden: Kari: en 8, Robot 2: knekten, Robot 3: kongen."),
        ("nl", "Nog in de hand: Kari: een 8, Robot 2: de boer, Robot 3: de heer."),
        ("en", "Left in hand: Kari: an 8, Robot 2: the jack, Robot 3: the king."),
    ):
        assert got[lang][-1].endswith(f" {left}"), got[lang][-1]
        assert not re.search(r"(spiller|speelt|plays) [0-9JKQTBVHDE]", " ".join(got[lang])), got[lang]


def test_a_swap_and_a_draw_name_their_cards_with_articles(web: Any, browser: Any) -> None:
    """«(ga 8, fikk konge)» and «og trekker 9» read as a translation; a card given, got or drawn
    takes the article a native puts there: «(ga en 8, fikk kongen)», «(gaf een 8, kreeg de heer)»."""
    rest = ["T", "9", "9", "8", "7", "6", "6", "6", "5", "5", "Q"]
    state = liars.make("love-letter", players=3, seed=1, target_wins=1).new_game(
        setup={"hands": [["J"], ["K"], ["7"]], "set_aside": "T", "deck": ["8", *rest], "starter": 0}
    )
    state.act(0, {"type": "play", "card": "J", "target": 1})  # gives the 8 it drew, gets the king
    state.act(1, {"type": "play", "card": "T", "target": 2})  # seat 2 discards its 7 and draws a 9
    names = ["Anna", "Bram", "Cor"]
    swapped = game_logs(web, browser, "love_letter", list(state.view(0)["history"]), names, me=0)
    drawn = game_logs(web, browser, "love_letter", list(state.view(2)["history"]), names, me=2)
    for lang, swap, draw in (
        ("en", "Anna plays the jack on Bram (gave an 8, got the king).", "; Cor discards a 7 and draws a 9."),
        (
            "nb",
            "Anna spiller knekten mot Bram (ga en 8, fikk kongen).",
            "; Cor legger ned en 7 og trekker en 9.",
        ),
        (
            "nl",
            "Anna speelt de boer op Bram (gaf een 8, kreeg de heer).",
            "; Cor legt een 7 af en trekt een 9.",
        ),
    ):
        assert swap in swapped[lang], swapped[lang]
        assert drawn[lang][-1].endswith(draw), drawn[lang]


def test_liars_dice_log_says_the_bids_in_words(web: Any, browser: Any) -> None:
    """The log listed a round as «Runde 1: Anna 2×3, Bram 3×3.», a notation nobody at a table speaks,
    where the board and the narration say bids in words; now «Runde 1 — Anna: to treere; …».  And a
    re-roll for a tie read as the first roll again («Kast om hvem som åpner» three times); it is
    «Omkast ved likt», as in the terminal and the poker game."""
    state = liars.make("liars-dice", players=3, seed=2).new_game()
    for quantity in (2, 3, 4):  # a round of bids on threes, then a call, then the next round's opening
        state.act(state.to_act[0], {"type": "bid", "quantity": quantity, "face": 3})
    state.act(state.to_act[0], {"type": "liar"})
    state.act(state.to_act[0], {"type": "bid", "quantity": 1, "face": 5})
    view = state.view(0)
    names = ["Anna", "Bram", "Cor"]
    opener = names[view["history"][0]["bids"][0]["seat"]]
    body = """async (i18n, [view, names]) => {
        const mod = (await import('/static/games/liars_dice.js')).default;
        return mod.log(view, { t: i18n.t, name: (i) => names[i], me: 0 });
    }"""
    got = in_each_language(web, browser, body, [view, names])
    for lang, words in (
        ("en", ("two threes", "a five")),
        ("nb", ("to treere", "én femmer")),
        ("nl", ("twee drieën", "één vijf")),
    ):
        rounds = [line for line in got[lang] if line.startswith(("Round 1", "Runde 1", "Ronde 1"))]
        assert len(rounds) == 1 and f" — {opener}: {words[0]}; " in rounds[0], got[lang]
        assert "×" not in " ".join(got[lang]) and got[lang][-1].endswith(f": {words[1]}"), got[lang]
    rolls = view["rolloff"]
    assert len(rolls) == 3  # seed 2: two ties before the opener is found
    for lang, first, again in (
        ("en", "Roll for who opens: ", "Re-roll for the tie: "),
        ("nb", "Kast om hvem som åpner: ", "Omkast ved likt: "),
        ("nl", "Gooien om wie begint: ", "Opnieuw gooien bij gelijkspel: "),
    ):
        assert got[lang][0].startswith(first) and got[lang][0].count(",") == 2, got[lang]
        assert all(line.startswith(again) and line.count(",") == 1 for line in got[lang][1:3]), got[lang]


def test_the_quantity_menu_starts_again_at_a_new_bid(web: Any, browser: Any) -> None:
    """The «Hvor mange» menu kept the quantity picked in the round before: «Ingen bud ennå: åpne
    runden.» stood over a menu set to 10, and one tap on a face opened with ten of it («Runde 3:
    Kari 10×1 … Budet var for drøyt»). It starts from the lowest legal quantity at every new bid."""
    state = liars.make("liars-dice", players=3, seed=2).new_game()
    opening = state.view(state.to_act[0]), state.legal_actions(state.to_act[0])
    state.act(state.to_act[0], {"type": "bid", "quantity": 2, "face": 3})
    raised = state.view(state.to_act[0]), state.legal_actions(state.to_act[0])
    frames = [
        {"view": v, "legal": [a.to_json() for a in legal], "seat": v["seat"]}
        for v, legal in (opening, raised)
    ]
    got = in_app(
        web,
        browser,
        """async ([opening, raised]) => {
        const mod = (await import('/static/games/liars_dice.js')).default;
        const i18n = await import('/static/i18n.js');
        const ctx = { t: i18n.t, name: (i) => `P${i}`, send: () => {}, redraw: () => {}, pending: false };
        const picked = (f) => Number(mod.actions(f, ctx).querySelector('#quantity').value);
        const seen = [picked(opening)];
        const menu = mod.actions(opening, ctx).querySelector('#quantity');
        menu.value = '10';
        menu.dispatchEvent(new Event('change'));
        seen.push(picked(opening));  // the same turn: the pick stays
        seen.push(picked(raised));  // a bid came in: from the lowest again
        seen.push(picked(opening));  // and a new round's opening too
        return seen;
    }""",
        frames,
    )
    assert got == [1, 10, 2, 1], got


def test_with_wild_ones_the_reveal_marks_every_die_it_counted(web: Any, browser: Any) -> None:
    """With ones wild, the reveal said «Det var 13.» and marked only the seven fours: the ones that
    made up the rest looked plain, so the count looked wrong. Every die counted is marked now (a one
    as wild), and without wild ones a one is not."""
    got: dict[bool, Any] = {}
    for wild in (True, False):
        state = liars.make("liars-dice", players=3, seed=5, wild_ones=wild).new_game()
        state.act(state.to_act[0], {"type": "bid", "quantity": 2, "face": 4})
        state.act(state.to_act[0], {"type": "liar"})
        view: dict[str, Any] = dict(state.view(0))
        dice = [d for cup in view["revealed"]["dice"] for d in cup]
        body = """async (i18n, v) => {
            const mod = (await import('/static/games/liars_dice.js')).default;
            const ctx = { t: i18n.t, name: (i) => `P${i}` };
            const board = mod.board(v, ctx);
            return [board.querySelectorAll('#revealed .die.hit').length,
                    board.querySelectorAll('#revealed .die.hit.wild').length];
        }"""
        got[wild] = (in_each_language(web, browser, body, view)["nb"], view["revealed"]["count"], dice)
    (marked, wild_marked), count, dice = got[True]
    assert dice.count(1) > 0 and marked == count == dice.count(4) + dice.count(1), got[True]
    assert wild_marked == dice.count(1)
    (marked, wild_marked), count, dice = got[False]
    assert marked == count == dice.count(4) and wild_marked == 0, got[False]


def first_call(game: str, seat: int) -> list[Any]:
    """``game``'s history as ``seat`` sees it, up to its first call (random legal play, seed 4)."""
    state = liars.make(game, players=3, seed=4).new_game()
    rng = random.Random(4)
    while not any(e["type"] in ("challenge", "accuse") for e in state.view(seat)["history"]):
        player = state.to_act[0]
        state.act(player, rng.choice(state.legal_actions(player)))
    return list(state.view(seat)["history"])


def test_calls_are_told_in_the_logs_present_and_your_card_inside_the_sentence(web: Any, browser: Any) -> None:
    """Cheat's and Liegen's logs tell plays in the present («Bram legt een kaart en noemt 9♦.») but
    said a call in the past («Anna beschuldigde Bram, en terecht (2♥): Bram pakt 1 kaart.»), and
    put your real card after the full stop («… noemt 9♦. (eigenlijk 2♥)»)."""
    names = ["Anna", "Bram", "Cor"]
    logs = {
        game: game_logs(web, browser, game, first_call(game, seat), names)
        for game, seat in (("cheat", 2), ("liegen", 1))
    }
    calls = {
        "en": (
            "Bram calls Cor a liar, and Cor lied (",
            "): Cor takes 3 cards.",
            "Anna accuses Bram, and Bram lied (2♥): Bram takes 1 card.",
        ),
        "nb": (
            "Bram kaller Cor en løgner, og Cor løy (",
            "): Cor tar 3 kort.",
            "Anna anklager Bram, og Bram løy (2♥): Bram tar 1 kort.",
        ),
        "nl": (
            "Bram zegt dat Cor loog, en dat klopt (",
            "): Cor pakt 3 kaarten.",
            "Anna beschuldigt Bram, en terecht (2♥): Bram pakt 1 kaart.",
        ),
    }
    for lang, (start, end, accuse) in calls.items():
        cheat, liegen = logs["cheat"][lang], logs["liegen"][lang]
        assert cheat[-1].startswith(start) and cheat[-1].endswith(end), cheat
        assert liegen[-1] == accuse, liegen
        really = {"en": "really", "nb": "egentlig", "nl": "eigenlijk"}[lang]
        assert re.fullmatch(rf"Cor .+ \({really} [^()]+\)\.", cheat[-2]), cheat
        assert re.fullmatch(rf"Bram .+ 9♦ \({really} 2♥\)\.", liegen[-2]), liegen


def test_a_love_letter_seat_is_not_called_protected_once_the_game_is_over(web: Any, browser: Any) -> None:
    """At game over a seat whose last card was a 9 still said «beschermd · Rondes gewonnen: 1»."""
    said = in_app(
        web,
        browser,
        """async () => {
        const i18n = await import('/static/i18n.js');
        const ll = (await import('/static/games/love_letter.js')).default;
        const v = (over) => ({ over, out: [false, false], protected: [true, false], played: [['9'], ['5']],
            target_wins: 2, round_wins: [1, 1] });
        const ctx = { t: i18n.t, revealed: null };
        return [false, true].map((over) => ll.seat(v(over), 0, ctx).textContent);
    }""",
    )
    assert "protected" in said[0] and "protected" not in said[1] and "Rounds won: 1" in said[1], said


def test_an_empty_pile_is_called_empty_on_the_felt(web: Any, browser: Any) -> None:
    """After every call the felt said «Speelstapel: 0 kaarten» beside no card."""
    got = in_each_language(
        web,
        browser,
        """async (i18n) => {
        const draw = await import('/static/draw.js');
        return [0, 3].map((n) => draw.pile(n, i18n.t).textContent);
    }""",
    )
    assert got["nl"] == ["De speelstapel is leeg", "Speelstapel: 3 kaarten"], got
    assert got["nb"] == ["Bunken er tom", "Bunken: 3 kort"], got
    assert got["en"] == ["The pile is empty", "Pile: 3 cards"], got


def test_one_turned_card_is_called_one_on_the_felt(web: Any, browser: Any) -> None:
    """After a call on one card the Norwegian felt said «Kortene som ble snudd:» ("the cards")."""
    state = liars.make("cheat", players=3, seed=1).new_game()
    player = state.to_act[0]
    state.act(player, next(a for a in state.legal_actions(player) if len(a.to_json()["cards"]) == 1))
    caller = state.to_act[0]
    state.act(caller, {"type": "challenge"})
    view = state.view(caller)
    revealed = view["revealed"]
    assert revealed is not None and len(revealed["cards"]) == 1
    got = in_each_language(
        web,
        browser,
        """async (i18n, view) => {
        const cheat = (await import('/static/games/cheat.js')).default;
        const ctx = { t: i18n.t, name: (i) => `P${i}`, me: view.seat, pending: false };
        return cheat.board(view, ctx).querySelector('#revealed .cards').textContent;
    }""",
        view,
    )
    assert got["nb"].startswith("Kortet som ble snudd:"), got
    assert got["nl"].startswith("Omgedraaid:") and got["en"].startswith("Turned over:"), got


def test_cheat_log_says_really_only_after_a_lie(web: Any, browser: Any) -> None:
    """An honest play read «Kari sier ett ess (egentlig E♠).»: "really" what was said. The cards
    are still shown, without the word; a lie keeps it (the test of calls above)."""
    state, me, _ace = honest_ace()
    names = [f"P{i}" for i in range(3)]
    got = game_logs(web, browser, "cheat", list(state.view(me)["history"]), names, me=me)
    for lang in ("en", "nb", "nl"):
        line = got[lang][-1]
        assert line.startswith(f"P{me} ") and re.search(r" \(\S+[♣♦♥♠]\)\.$", line), got
        assert not re.search(r"really|egentlig|eigenlijk", line), got


def test_liegen_log_tells_your_real_card_only_after_a_lie(web: Any, browser: Any) -> None:
    """The log said «Kari legt een kaart en noemt 2♣. (eigenlijk 2♣)» for a card named truly."""
    state, _honest, _lie = own_plays()
    got = game_logs(web, browser, "liegen", list(state.view(0)["history"]), ["Kari", "Ola"], me=0)
    for lang, really in (("en", "(really "), ("nb", "(egentlig "), ("nl", "(eigenlijk ")):
        mine = [line for line in got[lang] if line.startswith("Kari ")]
        assert len(mine) == 2 and really not in mine[0], got[lang]
        assert really in mine[1], got[lang]  # the lie: what it really was


def test_dutch_quotes_as_dutch_is_written_on_the_web(web: Any, browser: Any) -> None:
    """Every nl string of the web app quotes with “…”: it had „Je liegt!”, "Precies goed" and
    (“minstens drie vijven”) side by side (one language, one way of quoting)."""
    texts = in_app(
        web,
        browser,
        """async () => {
        const i18n = await import('/static/i18n.js');
        const howto = await import('/static/howto.js');
        const coach = await import('/static/coach.js');
        const errors = await import('/static/errors.js');
        const tables = [i18n.STRINGS.nl, howto.OPTION_LABELS.nl, errors.ERRORS.nl,
            Object.values(howto.HOWTO).map((v) => v.nl)];
        for (const g of ['cheat', 'liars_dice', 'liegen', 'love_letter', 'liars_dice_poker']) {
            tables.push((await import(`/static/games/${g}.js`)).TX.nl);
        }
        tables.push(coach.TX.nl);
        const out = [];
        const walk = (x) => {
            if (typeof x === 'string') out.push(x);
            else if (x && typeof x === 'object') Object.values(x).forEach(walk);
        };
        walk(tables);
        return out;
    }""",
    )
    odd = [t for t in texts if re.search(r'[«»„‘"]', t) or t.count("“") != t.count("”")]
    assert not odd, odd
    assert sum("“" in t for t in texts) >= 8


def test_liegen_picker_and_the_accusation_leaves_the_board(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(a, web.url, "liegen", 2, {}, ["human", "human"], "Anna", window=30)
    join(b, f"{web.url}/t/{table}", "Bram")
    pages = [a, b]
    for p in pages:
        p.wait_for_selector("#table")
    starter = web.table_state(table).to_act[0]
    player = pages[starter]
    player.locator("#mine .pick").first.click()
    code = player.locator("#mine .pick.selected").get_attribute("data-code")
    # a compact picker: the honest announcement first, then ranks, then the suits of one rank
    acts = player.locator("#announce button.act")
    assert acts.count() <= 5, acts.count()  # at the start of a trick: 52 buttons before
    honest = player.locator("#announce button.honest")
    assert acts.first.get_attribute("class") == honest.get_attribute("class")
    if code != "X":
        assert '"announce":"' + code + '"' in honest.get_attribute("data-action").replace(" ", "")
    assert player.locator("#announce button.rank").count() == 13
    player.locator("#announce button.rank[data-rank='Q']").click()
    hearts = player.locator("#announce .suits button", has_text="♥")
    spades = player.locator("#announce .suits button", has_text="♠")
    assert hearts.evaluate("e => getComputedStyle(e).color") == "rgb(192, 38, 45)"  # red on white
    assert spades.evaluate("e => getComputedStyle(e).color") == "rgb(17, 17, 17)"
    honest.click()
    accuser = pages[1 - starter]
    accuser.wait_for_selector("#actions button.liar")
    accuser.locator("#actions button.liar").click()
    for p in pages:
        p.wait_for_selector("#revealed")
        assert "told the truth" in p.locator("#revealed").inner_text() or code == "X"
    # the accuser took the pile and opens the next trick: once a card is played, the call is old news
    state = web.table_state(table)
    taker = pages[state.to_act[0]]
    taker.wait_for_selector("#mine .pick")
    taker.locator("#mine .pick").first.click()
    taker.locator("#announce button.act").first.click()
    for p in pages:
        p.wait_for_function("() => !document.querySelector('#revealed')")


def test_liegen_says_why_a_card_has_no_honest_announcement(web: Any, browser: Any) -> None:
    """A 3♠ picked where 10♣ must be followed has no «Zeg wat het is» button, and the picker began
    «Of noem:» ("or name") with nothing before it to be an alternative to; it now says that the card
    cannot be announced as it is here, then «Noem:»."""
    follows = [{"type": "play", "card": "3S", "announce": a} for a in ("TS", "TH", "TD", "TC", "2C", "KC")]
    body = """async (i18n, [legal]) => {
        const mod = (await import('/static/games/liegen.js')).default;
        const ctx = { sel: [legal[0].card], t: i18n.t, pending: false, send() {}, redraw() {} };
        const el = mod.actions({ legal }, ctx);
        return [!!el.querySelector('button.honest'), el.querySelector('.picker > span').textContent];
    }"""
    lie_only = in_each_language(web, browser, body, [follows])
    honest = in_each_language(web, browser, body, [[*follows, {**follows[0], "announce": "3S"}]])
    assert lie_only == {
        "en": [False, "You can't say what it is here. Say:"],
        "nb": [False, "Her kan du ikke si det som det er. Si:"],
        "nl": [False, "Wat het is mag je hier niet zeggen. Noem:"],
    }
    assert honest == {"en": [True, "Or say:"], "nb": [True, "Eller si:"], "nl": [True, "Of noem:"]}


def test_the_lobby_keeps_its_form_and_counts_seats_from_one(web: Any, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        page.select_option("#game", "liars-dice")
        page.fill("#name", "Kari")
        page.fill("#players", "3")
        page.click("#opt-wild_ones")  # the very next click after the player count changed
        assert page.is_checked("#opt-wild_ones")
        assert page.input_value("#name") == "Kari"
        assert page.locator("#seat-kinds select").count() == 2
        # no challenge window in Liar's Dice or Love Letter: no seconds to call liar
        assert page.locator("#window").count() == 0
        page.select_option("#game", "love-letter")
        assert page.locator("#window").count() == 0
        page.select_option("#game", "cheat")
        assert page.locator("#window").count() == 1
        assert page.input_value("#name") == "Kari"
        # Liegen's first dealer is a seat, numbered from 1 like the seats; 4 of 4 is the last seat
        page.select_option("#game", "liegen")
        assert page.input_value("#opt-first_dealer") == "1"
        page.fill("#players", "4")
        assert page.get_attribute("#opt-first_dealer", "max") == "4"
        page.fill("#opt-first_dealer", "4")
        page.press("#opt-first_dealer", "Tab")
        for i in (1, 2, 3):
            page.select_option(f"#seat-{i}", "bot:random")
        page.fill("#grace", "30")
        page.click("#create")
        page.wait_for_selector("#table")
        table = page.url.rsplit("/", 1)[1]
        info = httpx.get(f"{web.url}/api/tables/{table}").json()
        assert info["options"]["first_dealer"] == 3
        assert info["settings"]["grace_seconds"] == 30
        assert page.locator("#error").count() == 0
    finally:
        ctx.close()


def test_lobby_labels_keep_apart_and_the_sound_switch_is_remembered(web: Any, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        page.wait_for_selector("#create")
        for field in ("players", "grace", "name"):
            gap = page.evaluate(
                f"""(() => {{ const l = document.querySelector('label[for={field}]').getBoundingClientRect();
                    const i = document.getElementById('{field}').getBoundingClientRect();
                    return i.top >= l.bottom ? 99 : i.left - l.right; }})()"""
            )
            assert gap >= 4, (field, gap)
        assert page.get_attribute("#sound", "aria-pressed") == "true"
        page.click("#sound")
        assert page.get_attribute("#sound", "aria-pressed") == "false"
        page.reload()
        assert page.get_attribute("#sound", "aria-pressed") == "false"
    finally:
        ctx.close()


def test_table_talk_is_named_escaped_and_for_players_only(web: Any, contexts: list[Any]) -> None:
    a, b, spec = (c.new_page() for c in contexts)
    table = create_table(a, web.url, "love-letter", 2, {"target_wins": 1}, ["human", "human"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    spec.goto(f"{web.url}/t/{table}")
    for p in (a, b, spec):
        p.wait_for_selector("#table #chat")
    assert spec.locator("#chat-form").count() == 0  # a spectator reads, but does not speak
    refused = spec.evaluate(
        """(id) => new Promise((done) => {
            const ws = new WebSocket(`ws://${location.host}/ws/tables/${id}`);
            ws.onopen = () => ws.send(JSON.stringify({ type: 'say', text: 'I am Anna' }));
            ws.onmessage = (ev) => {
                const f = JSON.parse(ev.data);
                if (f.type === 'error') { ws.close(); done(f.code); }
            };
        })""",
        table,
    )
    assert refused == "spectator"  # nor can one speak past the page: the server refuses it
    a.fill("#chat-text", "<b>hei</b> & hallo")
    a.click("#chat-send")
    for p in (a, b, spec):
        line = p.locator("#chat-lines li").last
        line.wait_for()
        assert line.inner_text() == "Anna: <b>hei</b> & hallo"
        assert line.locator("b").count() == 0  # shown as text, never as markup
    b.locator("#chat-form button.reaction").first.click()
    a.wait_for_function(
        "() => document.querySelector('#chat-lines li:last-child')?.textContent === 'Bram: 👍'"
    )
    # a table is not a chat room: a burst of lines is cut short, with the reason
    for _ in range(6):
        b.locator("#chat-form button.reaction").nth(1).click()
    error = b.locator("#error")
    error.wait_for()
    assert error.get_attribute("data-code") == "rate_limited"
    assert a.locator("#chat-lines li", has_text="😂").count() <= 4


def test_a_seat_comes_back_after_a_turn_timeout(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(a, web.url, "liars-dice", 2, {"dice": 5}, ["human", "human"], "Anna", turn=2)
    join(b, f"{web.url}/t/{table}", "Bram")
    a.wait_for_selector("#table")

    def until(selector: str, gone: bool = False) -> None:
        """Bram plays his turns at once while Anna does nothing, until ``selector`` shows (or goes)."""
        for _ in range(300):
            if (a.locator(selector).count() == 0) == gone:
                return
            step(b)
            a.wait_for_timeout(50)
        raise AssertionError(f"{selector} {'still there' if gone else 'never came'}")

    until("#away-me")  # two seconds of nothing on her turn: a bot plays for Anna
    assert a.locator(".seat.me .away-tag").count() == 1
    assert not web.table_state(table).over
    a.click("#back")
    until("#away-me", gone=True)
    assert a.locator(".seat.me .away-tag").count() == 0
    # and her turns are hers again: the buttons come back when it is her turn
    until("#actions button.act")
    assert a.locator("#away-me").count() == 0
    # the tab's icon turns gold on her turn (seen from another tab), as its title says it
    assert a.get_attribute("link[rel=icon]", "data-turn") == "true"
    assert a.title().startswith("Your turn")


def test_a_player_who_left_shows_with_the_grace_countdown(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(
        a, web.url, "liars-dice", 3, {"dice": 2}, ["human", "human", "bot:random"], "Anna", grace=30
    )
    join(b, f"{web.url}/t/{table}", "Bram")
    a.wait_for_selector("#table")
    # Bram's arrival reaches Anna's page by its own message: wait for it (it raced the assert once)
    a.locator(".seat[data-seat='1'] .offline-tag").wait_for(state="detached")
    b.close()  # Bram closes the tab
    tag = a.locator(".seat[data-seat='1'] .offline-tag")
    tag.wait_for()
    assert "left the table" in tag.inner_text()
    a.wait_for_function(
        "() => /takes over in \\d+ s/"
        ".test(document.querySelector('.seat[data-seat=\"1\"] .grace')?.textContent)"
    )
    found = re.search(r"in (\d+) s", tag.inner_text())
    assert found is not None, tag.inner_text()
    assert 0 < int(found.group(1)) <= 30


def test_the_join_page_shows_the_game_and_options_and_long_names_fit(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    a.set_viewport_size({"width": 1280, "height": 800})
    table = create_table(
        a, web.url, "liars-dice", 4, {"dice": 4}, ["human", "human", "bot:strong", "bot:basic"], "Anna"
    )
    assert "Send the invite link" in a.locator("#waiting-help").inner_text()
    # the invite also as a QR code: a square of 17 + 4v modules (4 px each, a 2 px margin)
    qr = a.locator("#invite-qr")
    assert qr.get_attribute("alt") == "The invite link as a QR code"
    width, height = qr.evaluate("e => [e.naturalWidth, e.naturalHeight]")
    modules = (width - 4) / 4
    assert width == height and modules == int(modules) and (modules - 17) % 4 == 0 and modules >= 25
    b.goto(INVITES[table])  # the whole invite link, with its secret
    b.wait_for_selector("#join-form")
    help_ = b.locator("#waiting-help").inner_text()
    assert "Send the invite link" not in help_ and "invited" in help_ and "Liar's Dice" in help_
    assert b.locator("#table-howto[open]").count() == 1 and "bid" in b.locator("#table-howto").inner_text()
    gap = b.evaluate(
        """(() => { const l = document.querySelector('label[for=join-name]').getBoundingClientRect();
            const i = document.getElementById('join-name').getBoundingClientRect();
            return i.top >= l.bottom ? 99 : i.left - l.right; })()"""
    )
    assert gap >= 4  # the label does not touch its field
    assert b.evaluate("document.querySelector('#waiting').getBoundingClientRect().width") < 1000
    options = b.locator("#table-options").inner_text()
    assert "Dice per player" in options and "4" in options
    # a bot is listed by the name the table will call it (it said «Seat 3: Bot (hard)»)
    seats = b.locator(".seatlist li").all_inner_texts()
    assert seats[2:] == ["Seat 3: Bot 3 (hard)", "Seat 4: Bot 4 (medium)"], seats
    long = "Bartholomeus" * 3 + "Vandersloot"  # 47 letters, no space to wrap at
    b.fill("#join-name", long[:40])
    b.click("#join")
    a.wait_for_selector("#table")
    a.wait_for_function("() => document.querySelector('#seats').innerText.includes('Bartholomeus')")
    over = a.locator(".seat").evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth).length")
    assert over == 0
    assert "Bot 3 (hard)" in a.locator("#seats").inner_text()
    assert "Bot 4 (medium)" in a.locator("#seats").inner_text()


def test_love_letters_match_target_is_told_not_none(web: Any, browser: Any) -> None:
    """The lobby's empty "Rounds to win the match" said "(none)", and so did the table's page,
    for a match that is won with 5 rounds at three players (7 at two, 4 at four)."""
    ctx = browser.new_context(locale="nb")
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        page.select_option("#game", "love-letter")
        for players, target in ((3, "5"), (2, "7"), (4, "4")):
            page.fill("#players", str(players))
            page.press("#players", "Tab")
            assert page.get_attribute("#opt-target_wins", "placeholder") == f"{target} (standard)"
        create_table(page, web.url, "love-letter", 3, {}, ["human", "human", "bot:basic"], "Kari")
        options = page.locator("#table-options").inner_text()
        assert "Antall seire for å vinne kampen\n5 (standard)" in options, options
        assert "(ingen)" not in options
    finally:
        ctx.close()


def test_love_letters_board_says_what_the_match_is_played_to(web: Any, browser: Any) -> None:
    """The table counted each seat's round wins but said nowhere how many win the match."""
    got = in_each_language(
        web,
        browser,
        """async (i18n) => {
        const ll = (await import('/static/games/love_letter.js')).default;
        const ctx = { t: i18n.t, name: (i) => ['Ola', 'Kari'][i], me: 0 };
        const v = { round: 3, deck_size: 5, set_aside_down: true, known: {} };
        return [ll.board({ ...v, target_wins: 5 }, ctx).querySelector('.round').textContent,
                ll.board({ ...v, target_wins: 1 }, ctx).querySelector('.round').textContent];
    }""",
    )
    assert got == {
        "en": ["Round 3 (first to 5 wins)", "Round 3"],
        "nb": ["Omgang 3 (først til 5 seire)", "Omgang 3"],
        "nl": ["Ronde 3 (wie er eerst 5 wint)", "Ronde 3"],
    }, got


def test_love_letter_cards_say_what_they_do_and_a_play_goes_step_by_step(web: Any, browser: Any) -> None:
    ctx = browser.new_context(locale="nb-NO")
    try:
        page = ctx.new_page()
        page.goto(web.url + "/")
        got = page.evaluate(
            """async () => {
            const i18n = await import('/static/i18n.js');
            const ll = (await import('/static/games/love_letter.js')).default;
            const sent = [];
            const box = document.createElement('div');
            document.body.append(box);
            const guesses = ['7', '8', '9', 'T', 'J', 'Q', 'K'];
            const legal = [];
            for (const target of [1, 2]) {
                for (const guess of guesses) legal.push({ type: 'play', card: '6', target, guess });
            }
            legal.push({ type: 'play', card: '9' });
            const f = { seq: 7, legal, view: { hand: ['6', '9'] } };
            const ctx = { t: i18n.t, name: (i) => ['Anna', 'Bram', 'Cor'][i], me: 0, sel: [], pending: false,
                send: (a) => sent.push(a) };
            const draw = () => box.replaceChildren(ll.mine(f, ctx), ll.actions(f, ctx));
            ctx.redraw = draw;
            ctx.toggle = (c) => { ctx.sel = [c]; draw(); };
            draw();
            const steps = {};
            steps.names = [...box.querySelectorAll('.llname')].map((e) => e.textContent);
            steps.effects = [...box.querySelectorAll('.effect')].map((e) => e.textContent);
            box.querySelector('button.pick[data-code="6"]').click();
            steps.targets = [...box.querySelectorAll('button.act')].map((e) => e.textContent);
            box.querySelector('button.act[data-target="1"]').click();
            steps.guesses = [...box.querySelectorAll('button.act')].map((e) => e.textContent);
            steps.question = box.querySelector('#guesses span').textContent;
            [...box.querySelectorAll('button.act')].find((e) => e.textContent.startsWith('D')).click();
            steps.sent = sent;
            return steps;
        }"""
        )
        assert got["names"] == ["6 · Sekser", "9 · Nier"]
        assert got["effects"][0].startswith("Gjett kortet til en annen spiller (7 eller høyere)")
        assert got["effects"][1] == "Du er beskyttet til din neste tur."
        assert got["targets"] == ["Bram", "Cor"]  # step two: whom (no "6 → Bram: 7?" × 14)
        assert got["question"] == "Hvilket kort har Bram?"
        assert got["guesses"] == [
            "7 · Sjuer", "8 · Åtter", "9 · Nier", "10 · Tier", "Kn · Knekt", "D · Dame", "K · Konge",
        ]  # fmt: skip
        assert got["sent"] == [{"type": "play", "card": "6", "target": 1, "guess": "Q"}]
        # the queen beside the jack is forced: the jack is not offered (picking it led nowhere)
        pickable = page.evaluate(
            """async () => {
            const i18n = await import('/static/i18n.js');
            const ll = (await import('/static/games/love_letter.js')).default;
            const f = { seq: 3, legal: [{ type: 'play', card: 'Q' }], view: { hand: ['Q', 'J'] } };
            const ctx = { t: i18n.t, name: (i) => String(i), me: 0, sel: [], pending: false };
            return [...ll.mine(f, ctx).querySelectorAll('.pick')].map((e) => e.dataset.code);
        }"""
        )
        assert pickable == ["Q"]
    finally:
        ctx.close()


def anna_to_play(
    page: Any, url: str, game: str, players: int, options: dict[str, Any], top: bool = True
) -> None:
    """A new table, Anna against random bots, with her actions on it; shown at the top (``top``) or
    where the page put itself when her turn came."""
    seats = ["human"] + ["bot:random"] * (players - 1)
    for _ in range(5):  # a Love Letter bot may knock Anna out before her first turn: deal again
        create_table(page, url, game, players, options, seats, "Anna")
        page.wait_for_selector("#actions, #over", timeout=15000)
        if page.locator("#actions").count():
            break
    if top:
        page.evaluate("window.scrollTo(0, 0)")


def test_on_a_phone_the_actions_are_on_screen_when_the_turn_starts(web: Any, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        for game, players, options in (
            ("cheat", 4, {}),
            ("liars-dice", 4, {}),
            ("liegen", 4, {}),
            ("love-letter", 4, {"target_wins": 1}),
        ):
            anna_to_play(page, web.url, game, players, options)
            box = page.evaluate(
                "(() => { const r = document.querySelector('#actions').getBoundingClientRect();"
                " return [r.top, r.bottom, innerHeight]; })()"
            )
            assert box[0] >= 0 and box[1] <= box[2], (game, box)
            # the tab title and the live region say it is Anna's turn (or read the window out)
            assert page.title().startswith("Your turn")
            live = page.locator("#live").inner_text()
            assert "Your turn" in live or "Liar! or accept" in live, live
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, (game, wide)
            # how to play, at the table too (folded)
            assert page.locator("#table #table-howto summary").inner_text() == "How to play"
    finally:
        ctx.close()


PASS = "document.querySelector('#actions button.pass')?.click()"  # no wait: a window may close first


def test_on_a_phone_the_hand_comes_into_sight_when_the_turn_starts(web: Any, browser: Any) -> None:
    """At 360x640 the table filled the screen: the bar said "pick your cards" over a hand below it."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        games: tuple[tuple[str, int, dict[str, Any]], ...] = (
            ("cheat", 4, {}),
            ("liegen", 4, {}),
            ("love-letter", 4, {"target_wins": 1}),
            ("liars-dice", 6, {}),
        )
        for game, players, options in games:
            anna_to_play(page, web.url, game, players, options, top=False)
            for _ in range(100):  # a window first (Liegen's next player is asked): answer it, to the turn
                if not page.locator("#actions button.pass").count():
                    break
                page.evaluate(PASS)
                page.wait_for_selector("#actions:not(:has(button.pass))", timeout=30000)
            box = page.evaluate(
                "(() => { const card = document.querySelector('#mine .card, #mine .die')"
                ".getBoundingClientRect();"
                " const bar = document.querySelector('#actions').getBoundingClientRect();"
                " return [card.top, card.bottom, bar.top]; })()"
            )
            assert box[0] >= 0 and box[1] <= box[2], (game, box)
    finally:
        ctx.close()


def test_on_a_phone_a_challenge_window_leaves_the_page_where_it_is(web: Any, browser: Any) -> None:
    """A window asks about the claim on the board: the page must not jump down to the hand each time
    someone plays (only a turn of one's own brings the hand up)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        # every scroll the app makes, with whether a window (Liar! / accept) was showing
        page.add_init_script(
            """(() => { const by = window.scrollBy.bind(window); window.__jumps = [];
            window.scrollBy = (...a) => {
              window.__jumps.push(!!document.querySelector('#actions button.pass'));
              return by(...a);
            }; })()"""
        )
        create_table(page, web.url, "cheat", 3, {}, ["human", "bot:random", "bot:random"], "Anna", window=30)
        page.wait_for_selector("#table")
        windows = turns = 0
        for _ in range(400):
            if page.locator("#over").count() or (windows >= 4 and turns >= 2):
                break
            if page.locator("#actions button.pass").count():
                windows += 1
                page.evaluate(PASS)
            elif page.locator("#actions").count():
                while step(page, 1) == "pick":
                    pass
                turns += 1
            page.evaluate("window.scrollTo(0, 0)")  # Anna looks at the table while the others play
            page.wait_for_timeout(60)
        jumps = page.evaluate("window.__jumps")
        assert windows >= 2 and turns >= 1, (windows, turns)
        assert True not in jumps, jumps
    finally:
        ctx.close()


def test_on_a_desktop_your_cards_are_above_the_action_bar(web: Any, browser: Any) -> None:
    """At 1280x800 the oval table leaves room: the first card of your hand is not under the bar."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        for game, players, options in (("cheat", 4, {}), ("love-letter", 4, {"target_wins": 1})):
            anna_to_play(page, web.url, game, players, options)
            gap = page.evaluate(
                "(() => { const card = document.querySelector('#mine .card').getBoundingClientRect();"
                " const bar = document.querySelector('#actions').getBoundingClientRect();"
                " return bar.top - card.bottom; })()"
            )
            assert gap >= 0, (game, gap)
    finally:
        ctx.close()


def test_what_just_happened_moves_unless_less_motion_is_asked_for(web: Any, contexts: list[Any]) -> None:
    a, b = contexts[0].new_page(), contexts[1].new_page()
    table = create_table(a, web.url, "liars-dice", 2, {"dice": 5}, ["human", "human"], "Anna")
    join(b, f"{web.url}/t/{table}", "Bram")
    pages = [a, b]
    for p in pages:
        p.wait_for_selector("#table")
    mover = pages[web.table_state(table).to_act[0]]
    other = pages[1 - pages.index(mover)]
    mover.locator("#actions button.bid").first.click()
    bid = other.locator("#bid.fresh")  # the new bid comes in with a short animation
    bid.wait_for()
    assert bid.evaluate("e => getComputedStyle(e).animationName") == "pop"
    other.emulate_media(reduced_motion="reduce")
    assert bid.evaluate("e => getComputedStyle(e).animationName") == "none"


def test_a_play_by_keyboard_alone_and_text_contrast(web: Any, browser: Any) -> None:
    """Every action is reachable by keyboard (a picked card keeps the focus across the page's
    rebuild); the table's text has AA contrast (4.5:1) against what it is drawn on."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        table = create_table(
            page, web.url, "cheat", 3, {}, ["human", "bot:random", "bot:random"], "Anna", window=30
        )
        for _ in range(200):  # answer windows until it is Anna's turn to play
            if page.locator("#actions button.play").count():
                break
            # Only windows are answered here: step() would pick a card if Anna's turn came in
            # between the check above and it, and the Space below would then un-pick it.
            page.evaluate(
                "() => { const p = document.querySelector('#actions button.pass:not(:disabled)');"
                " if (p) p.click(); }"
            )
            page.wait_for_timeout(50)
        assert page.locator("#mine .pick.selected").count() == 0  # nothing picked before the keyboard
        seq = web.table_state(table).to_json()

        def anna_plays() -> int:
            events = web.table_state(table).view(0)["history"]
            return sum(e["type"] == "play" and e["seat"] == 0 for e in events)

        before = anna_plays()
        page.focus("#mine .pick >> nth=0")
        page.keyboard.press("Space")
        assert page.locator("#mine .pick.selected").count() == 1
        assert page.evaluate("document.activeElement.id") == "pick-0"
        for _ in range(80):
            if page.evaluate("document.activeElement.classList.contains('play')"):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        # Waited for on the table, not by "the play button goes": two quick bot calls can bring
        # Anna's turn back before the page ever draws a frame without it.
        for _ in range(300):
            if anna_plays() > before:
                break
            page.wait_for_timeout(100)
        assert anna_plays() == before + 1 and web.table_state(table).to_json() != seq  # the play was made
        low = page.evaluate(
            """() => {
            const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
            const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
            const bg = (e) => {
                for (; e; e = e.parentElement) {
                    const c = getComputedStyle(e);
                    const felt = c.backgroundImage !== 'none' && e.classList.contains('felt-table');
                    if (felt) return [23, 115, 75];  // the felt's lightest green
                    const v = rgb(c.backgroundColor);
                    if (v.length < 4 || v[3] === 1) return v.slice(0, 3);
                }
                return [255, 255, 255];
            };
            const out = [];
            for (const e of document.querySelectorAll('#app *')) {
                const text = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
                if (!text || !e.offsetParent) continue;
                const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
                const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                if (ratio < 4.5) out.push(`${e.tagName}.${e.className}: ${ratio.toFixed(2)}`);
            }
            return out;
        }"""
        )
        assert low == []
    finally:
        ctx.close()


def test_a_hidden_tab_is_told_by_its_title_and_a_notification(web: Any, browser: Any) -> None:
    ctx = browser.new_context()
    other = browser.new_context()
    try:
        ctx.grant_permissions(["notifications"])
        # record the notifications the page makes (a headless browser shows none)
        ctx.add_init_script(
            """window.__told = [];
            window.Notification = class { constructor(title) { window.__told.push(title); }
                static get permission() { return 'granted'; } static requestPermission() {} };"""
        )
        a, b = ctx.new_page(), other.new_page()
        table = create_table(a, web.url, "liars-dice", 2, {"dice": 5}, ["human", "human"], "Anna")
        join(b, f"{web.url}/t/{table}", "Bram")
        a.wait_for_selector("#table")
        if web.table_state(table).to_act[0] == 0:  # Anna bids first: then it is Bram's turn
            a.locator("#actions button.bid").first.click()
        b.wait_for_selector("#actions button.bid")
        assert not a.title().startswith("Your turn")
        # Anna looks at another tab (a headless browser keeps every tab visible: say it is hidden)
        a.evaluate(
            """Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
            document.dispatchEvent(new Event('visibilitychange'));"""
        )
        b.locator("#actions button.bid").first.click()
        a.wait_for_function("() => document.title.startsWith('Your turn')")
        assert a.evaluate("window.__told") == [a.title()]
    finally:
        ctx.close()
        other.close()


def test_a_norwegian_how_to_puts_a_comma_after_a_leading_clause(web: Any, browser: Any) -> None:
    """«var det løgn tar spilleren bunken», «Den som tar bunken starter et nytt stikk», «Den som mistet
    en terning åpner neste runde»: Norwegian puts a comma after a subordinate clause that leads (and
    after «den som …» before its verb). Every nb how-to is read clause by clause."""
    howto = in_app(web, browser, "async () => (await import('/static/howto.js')).HOWTO")
    nb = {game: texts["nb"] for game, texts in howto.items()}
    for said in (
        "var det løgn, tar spilleren bunken",
        "var det sant, tar anklageren den",
        "Den som tar bunken, starter et nytt stikk",
    ):
        assert said in nb["liegen"], nb["liegen"]
    assert "Den som mistet en terning, åpner neste runde" in nb["liars-dice"], nb["liars-dice"]
    for game, text in nb.items():
        for clause in re.split(r"[.;:]\s+|\s+—\s+", text):
            # «Den som tar bunken, …», and a clause led by its verb: «har alle den valøren, tar …»,
            # «holder budet, er det …», «får du begeret, kan du …»
            if re.match(r"(Den som|[Vv]ar det|[Hh]ar|[Hh]older|[Ff]år) ", clause) and "," not in clause:
                raise AssertionError(f"{game}: no comma after the leading clause in «{clause}»")
        # «den som ropte» inside a clause would want a comma before what follows it: not written so
        assert not re.search(r"\b(tar|legger) den som \w+ \w+", text), (game, text)


def test_the_screen_reader_line_does_not_double_a_sentence_s_end(web: Any, contexts: list[Any]) -> None:
    """The live region joined the status line and the log's last line with ". ", after a status that
    already ends a sentence: «Du vant!. Robot 2 ropte…», «Je hebt gewonnen!. …»."""
    pages = [c.new_page() for c in contexts[:2]]
    table = create_table(pages[0], web.url, "love-letter", 2, {"target_wins": 1}, ["human"] * 2, "Anna")
    join(pages[1], f"{web.url}/t/{table}", "Bram")
    for p in pages:
        p.wait_for_selector("#table")
    play_out(pages, 60)
    won = [p for p in pages if p.locator("#status").inner_text() == "You won!"]
    assert won, [p.locator("#status").inner_text() for p in pages]
    for lang, said in (("en", "You won! "), ("nl", "Je hebt gewonnen! "), ("nb", "Du vant! ")):
        won[0].select_option("#lang", lang)
        won[0].wait_for_function(
            "(s) => document.querySelector('#live').textContent.startsWith(s)", arg=said[:-1]
        )
        live = won[0].locator("#live").text_content() or ""
        assert live.startswith(said) and not re.search(r"[.!?]\.", live), live
    said = in_app(
        web,
        browser=contexts[2].browser,
        script="""async () => { const { sentences } = await import('/static/i18n.js');
        return [sentences(['Din tur', 'Kari sier to femmere.']), sentences(['Klopt het?', 'Ja.']),
            sentences(['Bram zegt “twee vijven.”', '']), sentences(['', 'Anna wint.'])]; }""",
    )
    assert said == [
        "Din tur. Kari sier to femmere.",
        "Klopt het? Ja.",
        "Bram zegt “twee vijven.”",
        "Anna wint.",
    ]


def test_the_hint_to_pick_cards_says_tap_on_a_phone_and_one_card_where_one_is_played(
    web: Any, browser: Any
) -> None:
    """«Kies kaarten door erop te klikken.» showed on phones, where nobody clicks, and in Liegen,
    where one card is played. The hint now says tap on a touch screen and click with a mouse, in
    the plural in Cheat and the singular in Liegen (and the poker re-roll's hint the same way)."""
    cheat = liars.make("cheat", players=3, seed=0).new_game()
    liegen = liars.make("liegen", players=3, seed=0).new_game()
    poker = liars.make("liars-dice-poker", players=2, seed=1).new_game()
    poker.act(poker.to_act[0], {"type": "claim", "hand": "nothing", "values": []})
    poker.act(poker.to_act[0], {"type": "accept"})

    def frame(state: Any) -> dict[str, Any]:
        seat = state.to_act[0]
        return {
            "view": state.view(seat),
            "legal": [a.to_json() for a in state.legal_actions(seat)[:12]],
            "seat": seat,
        }

    script = """async ([frames, lang]) => {
        const i18n = await import('/static/i18n.js');
        i18n.setLang(lang);
        const mod = async (g) => (await import(`/static/games/${g}.js`)).default;
        const ctx = { sel: [], t: i18n.t, name: (i) => `P${i}`, pending: false };
        Object.assign(ctx, { send() {}, redraw() {}, toggle() {} });
        const hint = (el) => (el.matches('.hint') ? el : el.querySelector('.hint')).textContent;
        const got = [hint((await mod('cheat')).mine(frames[0], { ...ctx, frame: frames[0] })),
            hint((await mod('liegen')).actions(frames[1], { ...ctx, frame: frames[1] })),
            hint((await mod('liars_dice_poker')).actions(frames[2], { ...ctx, frame: frames[2] }))];
        i18n.setLang('en');
        return got;
    }"""
    frames = [frame(cheat), frame(liegen), frame(poker)]
    said: dict[tuple[str, bool], list[str]] = {}
    for touch in (True, False):
        ctx = browser.new_context(has_touch=touch, is_mobile=touch)
        try:
            page = ctx.new_page()
            page.goto(web.url + "/")
            for lang in ("en", "nb", "nl"):
                said[lang, touch] = page.evaluate(script, [frames, lang])
        finally:
            ctx.close()
    assert said["nl", True][:2] == [
        "Tik op de kaarten die je wilt spelen.",
        "Tik op een kaart om hem te kiezen.",
    ]
    assert said["nl", False][:2] == [
        "Klik op de kaarten die je wilt spelen.",
        "Klik op een kaart om hem te kiezen.",
    ]
    assert said["nb", True][:2] == ["Trykk på kortene du vil spille.", "Trykk på et kort for å velge det."]
    assert said["nb", False][:2] == ["Klikk på kortene du vil spille.", "Klikk på et kort for å velge det."]
    assert said["en", True][:2] == ["Tap the cards you want to play.", "Tap a card to pick it."]
    assert said["en", False][:2] == ["Click the cards you want to play.", "Click a card to pick it."]
    for lang in ("en", "nb", "nl"):
        tap, click = said[lang, True][2], said[lang, False][2]
        assert tap.startswith(("Tap ", "Trykk ", "Tik ")) and click.startswith(
            ("Click ", "Klikk ", "Klik ")
        ), (tap, click)


def test_on_a_phone_a_window_shows_what_you_hold_of_the_claim(web: Any, browser: Any) -> None:
    """At 360x640, in a Cheat or Liegen window, the sticky action bar (Løgner! / Godta) covered the
    whole hand, and the page does not move for a window: to see whether one holds the claimed rank
    one had to scroll, the window ticking. The bar now says it, with the cards, on screen."""
    ctx = browser.new_context(
        viewport={"width": 360, "height": 640}, locale="nb", is_mobile=True, has_touch=True
    )
    try:
        for game in ("cheat", "liegen"):
            page = ctx.new_page()
            table = create_table(page, web.url, game, 4, {}, ["human"] + ["bot:basic"] * 3, "Kari", window=30)
            page.wait_for_selector("#table")
            looked = 0
            for _ in range(400):
                if page.locator("#over").count() or looked >= 2:
                    break
                if not page.locator("#actions button.liar").count():
                    step(page, 2)
                    page.wait_for_timeout(40)
                    continue
                page.evaluate("window.scrollTo(0, 0)")  # Kari at the top of the table, as a window leaves her
                view = web.table_state(table).view(0)
                hand = view["hand"]
                if game == "cheat":
                    rank = view["last_play"]["rank"]
                    shown = [c for c in hand if c[0] == rank]
                else:
                    said = view["announcement"]["card"]
                    shown = [c for c in hand if c == said or (len(said) == 1 and c[0] == said)]
                got = page.evaluate(
                    """() => { const e = document.querySelector('#actions #held');
                    if (!e) return null; const r = e.getBoundingClientRect();
                    return { top: r.top, bottom: r.bottom, height: innerHeight, text: e.textContent,
                        cards: [...e.querySelectorAll('.card')].map((c) => c.dataset.code) }; }"""
                )
                assert got is not None, f"{game}: the window's bar says nothing of Kari's hand"
                assert got["top"] >= 0 and got["bottom"] <= got["height"], (game, got)
                assert got["cards"] == shown, (game, got, hand)
                if game == "cheat":
                    assert got["text"].startswith("Du har " + ("ingen " if not shown else "")), got
                else:
                    assert got["text"].startswith("Du har ikke " if not shown else "Du har "), got
                looked += 1
                page.evaluate(PASS)
                page.wait_for_timeout(100)
            assert looked >= 1, f"{game}: no window to look at"
            page.close()
    finally:
        ctx.close()
