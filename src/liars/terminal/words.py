"""Words for numbers, dice faces and cards in the player's language, and reading them back.

Why the odd shapes: a bid reads "fire femmere" in Norwegian and "vier
vijven" in Dutch, so the count and the face are one plural phrase in the
catalog (``npgettext``), and the parser learns the face words back from that
same catalog: whatever the screen says, the player may type.
"""

from __future__ import annotations

import unicodedata

from ..games.cheat_cards import RANKS
from .i18n import _, npgettext, pgettext

SUITS = "CDHS"
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOL.items()}
# English number words (the catalog's keys); past twelve, digits read better anyway.
NUMBERS_EN = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
)  # fmt: skip


def capital(text: str) -> str:
    """A sentence that starts with a bid or a hand starts with a capital: «Én toer er ikke høyere …»,
    «Et par seksere …», "A one is not higher …".  The Dutch «één» writes «Eén» there (the Taalunie's
    rule, as the web's ``i18n.capital``): a capital on its first letter would accent both e's."""
    if text[:3] in ("één", "Één") and text[3:4] in ("", " "):
        return "Eén" + text[3:]
    return text[:1].upper() + text[1:]


def number_word(n: int) -> str:
    """``4`` -> "fire" / "vier" / "four"."""
    if 0 <= n < len(NUMBERS_EN):
        return _number(n)
    return str(n)


def _number(n: int) -> str:
    return (
        pgettext("number", "zero"),
        pgettext("number", "one"),
        pgettext("number", "two"),
        pgettext("number", "three"),
        pgettext("number", "four"),
        pgettext("number", "five"),
        pgettext("number", "six"),
        pgettext("number", "seven"),
        pgettext("number", "eight"),
        pgettext("number", "nine"),
        pgettext("number", "ten"),
        pgettext("number", "eleven"),
        pgettext("number", "twelve"),
    )[n]


def faces(count: int, face: int) -> str:
    """ "four fives": ``count`` dice showing ``face``, the count in words ("no fives" for none).

    One die is its own catalog phrase ("a one", "én ener", "één één"):
    English says "a one", not "one one", and other languages may inflect.
    """
    if count == 1:
        return _one_face(face)
    if count == 0:
        return _faces(0, face).format(count=pgettext("quantity", "no"))
    return _faces(count, face).format(count=number_word(count))


def _one_face(face: int) -> str:
    return (
        pgettext("one die", "a one"),
        pgettext("one die", "a two"),
        pgettext("one die", "a three"),
        pgettext("one die", "a four"),
        pgettext("one die", "a five"),
        pgettext("one die", "a six"),
    )[face - 1]


def _faces(n: int, face: int) -> str:
    forms = (
        npgettext("dice", "{count} one", "{count} ones", n),
        npgettext("dice", "{count} two", "{count} twos", n),
        npgettext("dice", "{count} three", "{count} threes", n),
        npgettext("dice", "{count} four", "{count} fours", n),
        npgettext("dice", "{count} five", "{count} fives", n),
        npgettext("dice", "{count} six", "{count} sixes", n),
    )
    return forms[face - 1]


def ranks(count: int, rank: str) -> str:
    """ "two fives", "three kings": ``count`` cards of ``rank`` (a rank code), the count in words.

    One card is its own catalog phrase, because the number word agrees with
    the noun: Norwegian says "ett ess" but "én dame".
    """
    if count == 1 and rank in RANKS:
        return _one_card(rank)
    return _ranks(count, rank).format(count=number_word(count))


def _one_card(rank: str) -> str:
    forms = {
        "A": pgettext("one card", "one ace"),
        "2": pgettext("one card", "one two"),
        "3": pgettext("one card", "one three"),
        "4": pgettext("one card", "one four"),
        "5": pgettext("one card", "one five"),
        "6": pgettext("one card", "one six"),
        "7": pgettext("one card", "one seven"),
        "8": pgettext("one card", "one eight"),
        "9": pgettext("one card", "one nine"),
        "T": pgettext("one card", "one ten"),
        "J": pgettext("one card", "one jack"),
        "Q": pgettext("one card", "one queen"),
        "K": pgettext("one card", "one king"),
    }
    return forms[rank]


def _ranks(n: int, rank: str) -> str:
    forms = {
        "A": npgettext("cards", "{count} ace", "{count} aces", n),
        "2": npgettext("cards", "{count} two", "{count} twos", n),
        "3": npgettext("cards", "{count} three", "{count} threes", n),
        "4": npgettext("cards", "{count} four", "{count} fours", n),
        "5": npgettext("cards", "{count} five", "{count} fives", n),
        "6": npgettext("cards", "{count} six", "{count} sixes", n),
        "7": npgettext("cards", "{count} seven", "{count} sevens", n),
        "8": npgettext("cards", "{count} eight", "{count} eights", n),
        "9": npgettext("cards", "{count} nine", "{count} nines", n),
        "T": npgettext("cards", "{count} ten", "{count} tens", n),
        "J": npgettext("cards", "{count} jack", "{count} jacks", n),
        "Q": npgettext("cards", "{count} queen", "{count} queens", n),
        "K": npgettext("cards", "{count} king", "{count} kings", n),
    }
    return forms.get(rank, rank)


def rank_name(rank: str) -> str:
    """One rank alone: "ace", "10", "king" (digits stay digits)."""
    names = {
        "A": pgettext("rank", "ace"),
        "J": pgettext("rank", "jack"),
        "Q": pgettext("rank", "queen"),
        "K": pgettext("rank", "king"),
        "T": "10",
        "X": pgettext("rank", "joker"),
    }
    return names.get(rank, rank)


def rank_letter(rank: str) -> str:
    """A rank as a hand shows it: ``J Q K`` in English, ``Kn D K`` in Norwegian, ``B V H`` in Dutch.

    The letters follow the words of the language (knekt, dame, konge; boer,
    vrouw, heer), so the hand and the sentences around it agree.
    """
    letters = {
        "A": pgettext("rank letter", "A"),
        "J": pgettext("rank letter", "J"),
        "Q": pgettext("rank letter", "Q"),
        "K": pgettext("rank letter", "K"),
        "T": "10",
    }
    return letters.get(rank, rank)


def rank_letters() -> str:
    """Every rank as this language types it, for messages: "A, 2–10, J, Q, K" / "E, 2–10, Kn, D, K" /
    "A, 2–10, B, V, H".

    Why the ace too: the list was «A, 2–10, Kn, D, K» in Norwegian, the English ace among
    Norwegian letters (nb's ace is E, «ess»).
    """
    return ", ".join([rank_letter("A"), "2–10", *(rank_letter(r) for r in "JQK")])


def rank_noun(rank: str, n: int = 1) -> str:
    """A rank as a noun, one or several: "toer" / "toere", "aas" / "azen", "two" / "twos"."""
    return _ranks(n, rank).format(count="").strip()


def rank_nouns() -> str:
    """The rank nouns from the lowest to the highest, for messages: "ess, toer … konge"."""
    return f"{rank_noun('A')}, {rank_noun('2')} … {rank_noun('K')}"


# The catalog's English rank nouns (its msgids), read in every language as the English card names are.
ENGLISH_NOUNS = (
    ("A", "ace", "aces"), ("2", "two", "twos"), ("3", "three", "threes"), ("4", "four", "fours"),
    ("5", "five", "fives"), ("6", "six", "sixes"), ("7", "seven", "sevens"), ("8", "eight", "eights"),
    ("9", "nine", "nines"), ("T", "ten", "tens"), ("J", "jack", "jacks"), ("Q", "queen", "queens"),
    ("K", "king", "kings"),
)  # fmt: skip
ENGLISH_SUITS = {
    "club": "C", "clubs": "C", "diamond": "D", "diamonds": "D",
    "heart": "H", "hearts": "H", "spade": "S", "spades": "S",
}  # fmt: skip
# Little words between a rank and a suit ("king of clubs", "konge av kløver", "heer van klaveren").
OF_WORDS = frozenset({"of", "av", "van"})


def _typed_ranks() -> dict[str, str]:
    """What a rank may be typed as (upper case) -> its code: codes, ``10``, and this language's letters."""
    out = {r: r for r in RANKS}
    out["10"] = "T"
    for code in "AJQK":
        out.setdefault(rank_letter(code).upper(), code)
    return out


def _typed_suits() -> dict[str, str]:
    """A suit's initial in this language -> its code: ``K`` kløver / klaveren, ``R`` ruter / ruiten
    (``S`` and ``H`` as in English; in English the codes themselves)."""
    return {suit_name(s)[:1].upper(): s for s in SUITS}


def suit_name(suit: str) -> str:
    names = {
        "C": pgettext("suit", "clubs"),
        "D": pgettext("suit", "diamonds"),
        "H": pgettext("suit", "hearts"),
        "S": pgettext("suit", "spades"),
    }
    return names.get(suit, suit)


def card_name(code: str) -> str:
    """A card in words, "hjerter 5" / "harten 5" / "5 of hearts"; a joker is "joker"."""
    if code == "X":
        return rank_name("X")
    if len(code) == 1:
        return rank_name(code)
    return _("{rank} of {suit}").format(rank=rank_name(code[0]), suit=suit_name(code[1]))


def card(code: str) -> str:
    """A card, short: ``5♥``, ``10♠``, ``J★`` for a joker (``X``)."""
    if code == "X":
        return "★"
    return rank_letter(code[0]) + (SUIT_SYMBOL.get(code[1], code[1]) if len(code) > 1 else "")


def cards(codes: list[str]) -> str:
    return " ".join(card(c) for c in codes)


def read_card(token: str) -> str | None:
    """A card code from what a player typed; None if it is not a card.

    ``TH``, ``10h``, ``10♥``, ``♥10``, ``x``, and the hand's own letters:
    ``Kn♥`` / ``DS`` in Norwegian, ``B♣`` / ``HS`` (heer of spades) in Dutch.
    Rank first is tried before suit first, so a Dutch ``HS`` is the heer of
    spades while ``SH`` still reads suit first. A rank and this language's
    suit initial come first of all: Dutch ``HK`` is heer klaveren and
    Norwegian ``DK`` dame kløver (suit first, both read as a king of hearts or
    diamonds, another card than the one meant), ``10R`` ruter / ruiten 10.
    """
    t = token.strip().upper().replace("♡", "♥").replace("♢", "♦")
    if t in ("X", "★", "JOKER", rank_name("X").upper()):
        return "X"
    for sym, suit in SYMBOL_SUIT.items():
        t = t.replace(sym, suit)
    typed = _typed_ranks()
    local = _typed_suits()
    if t[-1:] in local and t[:-1] in typed:
        return typed[t[:-1]] + local[t[-1:]]
    for rank, suit in ((t[:-1], t[-1:]), (t[1:], t[:1])):
        if suit in SUITS and rank in typed:
            return typed[rank] + suit
    return None


def read_rank(token: str) -> str | None:
    """A rank code from ``7``, ``10``, ``T``, ``k``, local letters (``e``, ``kn``, ``b``) or a rank's
    name in this language or English, one or several: "ess", "toer", "toere", "knekt"; "aas",
    "azen", "twee", "tweeën", "heer"; "two", "kings"; "én toer", "één twee", "one two".

    Why the nouns: Liegen's ``rank_step`` is played by rank alone, and «2 toer» (card 2, announced
    as a two) was refused, «“toer” er ikke en valør», though the screen says ranks in words.
    """
    low = " ".join(token.strip().lower().split())
    typed = _typed_ranks()
    if low.upper() in typed:
        return typed[low.upper()]
    words = _rank_words()
    if low in words:
        return words[low]
    count, _sep, rest = low.partition(" ")
    if rest and " " not in rest and read_number(count) == 1:  # "én toer", "een aas", "one two"
        return words.get(rest)
    return None


def _rank_words() -> dict[str, str]:
    """Every word that names a rank -> its code: this language's nouns (one and several, from the
    same catalog entries the screen says them with) and names, and the English ones; Dutch «tweeën»
    also without its diaeresis, as a keyboard may leave it."""
    out: dict[str, str] = {}
    for code, one, several in ENGLISH_NOUNS:
        out[one] = out[several] = code
    for code in RANKS:
        for word in (rank_noun(code, 1), rank_noun(code, 2), _one_card(code), rank_name(code)):
            word = word.lower()
            out[word] = code
            out.setdefault(_plain(word), code)
    return out


def _plain(word: str) -> str:
    """``word`` without accents: "tweeën" -> "tweeen", "én" -> "en"."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def read_suit(token: str) -> str | None:
    """A suit code from ``H``, ``♥``, "hjerter", "harten", "hearts" (this language or English)."""
    t = token.strip().lower().replace("♡", "♥").replace("♢", "♦")
    if t.upper() in SUITS:
        return t.upper()
    if t in SYMBOL_SUIT:
        return SYMBOL_SUIT[t]
    if t in ENGLISH_SUITS:
        return ENGLISH_SUITS[t]
    for code in SUITS:
        if t == suit_name(code).lower():
            return code
    return None


def read_card_words(tokens: list[str]) -> str | None:
    """A card from one token (a code) or from its name in words, in either order.

    "klaveren heer", "heer klaveren", "kløver konge", "king of clubs", "5 of
    hearts": what the screen says (``card_name``) can be typed back.
    """
    toks = [t for t in tokens if t not in OF_WORDS]
    if len(toks) == 1:
        return read_card(toks[0])
    if len(toks) != 2:
        return None
    for rank_tok, suit_tok in ((toks[0], toks[1]), (toks[1], toks[0])):
        rank, suit = read_rank(rank_tok), read_suit(suit_tok)
        if rank is not None and suit is not None:
            return rank + suit
    return None


def read_number(token: str) -> int | None:
    """``4``, "fire", "vier", "four" -> 4 (words in this language and in English)."""
    t = token.strip().lower()
    if t.isdigit():
        return int(t)
    for n in range(len(NUMBERS_EN)):
        if t in (number_word(n).lower(), NUMBERS_EN[n]):
            return n
    if t in ("a", "an", "en", "ett", "ei", "én", "een", "één"):  # the other spellings of one
        return 1
    return None


def read_face(token: str) -> int | None:
    """A die face from ``5``, "femmer", "femmere", "vijven", "fives" (this language and English)."""
    t = token.strip().lower()
    if t.isdigit():
        return int(t)
    for face in range(1, 7):
        for n in (1, 2):
            if t == _faces(n, face).format(count="").strip().lower():
                return face
    english = ("one", "two", "three", "four", "five", "six")
    for face, word in enumerate(english, 1):
        if t in (word, word + "s", word + "es"):
            return face
    return None
