"""The coach's one-line reasons in nb, nl and en: a structured reason in, one sentence out.

Advice carries its reason as data, ``{"code": ..., "params": {...}}``, so an
edge can show it in the player's own language (and with the players' own
names) without parsing English; :func:`say` renders it.  Chances in
``params`` are fractions (0 to 1), written here as whole percentages as each
language writes them (nb puts a space before the sign).  The words are
``docs/glossary.md``'s: «bud», «rope løgn», «utspill», «melding»,
«anklage»; «bod», «Je liegt!», «beschuldigen»; bid, call, claim, announce.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

LANGS = ("en", "nb", "nl")

_NUMBERS = {
    "en": (
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
    ),
    "nb": ("null", "én", "to", "tre", "fire", "fem", "seks", "sju", "åtte", "ni", "ti", "elleve", "tolv"),
    "nl": (
        "nul",
        "één",
        "twee",
        "drie",
        "vier",
        "vijf",
        "zes",
        "zeven",
        "acht",
        "negen",
        "tien",
        "elf",
        "twaalf",
    ),
}
# Ranks in sentences (singular, plural), as the web app says them (src/liars/web/i18n.js).
_RANKS = {
    "en": {
        "A": ("ace", "aces"),
        "2": ("two", "twos"),
        "3": ("three", "threes"),
        "4": ("four", "fours"),
        "5": ("five", "fives"),
        "6": ("six", "sixes"),
        "7": ("seven", "sevens"),
        "8": ("eight", "eights"),
        "9": ("nine", "nines"),
        "T": ("ten", "tens"),
        "J": ("jack", "jacks"),
        "Q": ("queen", "queens"),
        "K": ("king", "kings"),
        "X": ("joker", "jokers"),
        "1": ("one", "ones"),
    },
    "nb": {
        "A": ("ess", "ess"),
        "2": ("toer", "toere"),
        "3": ("treer", "treere"),
        "4": ("firer", "firere"),
        "5": ("femmer", "femmere"),
        "6": ("sekser", "seksere"),
        "7": ("sjuer", "sjuere"),
        "8": ("åtter", "åttere"),
        "9": ("nier", "niere"),
        "T": ("tier", "tiere"),
        "J": ("knekt", "knekter"),
        "Q": ("dame", "damer"),
        "K": ("konge", "konger"),
        "X": ("joker", "jokere"),
        "1": ("ener", "enere"),
    },
    "nl": {
        "A": ("aas", "azen"),
        "2": ("twee", "tweeën"),
        "3": ("drie", "drieën"),
        "4": ("vier", "vieren"),
        "5": ("vijf", "vijven"),
        "6": ("zes", "zessen"),
        "7": ("zeven", "zevens"),
        "8": ("acht", "achten"),
        "9": ("negen", "negens"),
        "T": ("tien", "tienen"),
        "J": ("boer", "boeren"),
        "Q": ("vrouw", "vrouwen"),
        "K": ("heer", "heren"),
        "X": ("joker", "jokers"),
        "1": ("één", "enen"),  # the digit one: «één één», «twee enen» (not «één een», an article)
    },
}
# A card named in a sentence: "five of hearts", «hjerter fem», «harten vijf».
_CARD_RANK = {
    "en": {
        "A": "ace",
        "2": "two",
        "3": "three",
        "4": "four",
        "5": "five",
        "6": "six",
        "7": "seven",
        "8": "eight",
        "9": "nine",
        "T": "ten",
        "J": "jack",
        "Q": "queen",
        "K": "king",
    },
    "nb": {
        "A": "ess",
        "2": "to",
        "3": "tre",
        "4": "fire",
        "5": "fem",
        "6": "seks",
        "7": "sju",
        "8": "åtte",
        "9": "ni",
        "T": "ti",
        "J": "knekt",
        "Q": "dame",
        "K": "konge",
    },
    "nl": {
        "A": "aas",
        "2": "twee",
        "3": "drie",
        "4": "vier",
        "5": "vijf",
        "6": "zes",
        "7": "zeven",
        "8": "acht",
        "9": "negen",
        "T": "tien",
        "J": "boer",
        "Q": "vrouw",
        "K": "heer",
    },
}
_SUITS = {
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
    "nb": {"C": "kløver", "D": "ruter", "H": "hjerter", "S": "spar"},
    "nl": {"C": "klaveren", "D": "ruiten", "H": "harten", "S": "schoppen"},
}
# Love Letter's cards with the article a sentence needs: "the seven", «sjueren», «de zeven».
_LOVE = {
    "en": {
        "K": "the king",
        "Q": "the queen",
        "J": "the jack",
        "T": "the ten",
        "9": "the nine",
        "8": "the eight",
        "7": "the seven",
        "6": "the six",
        "5": "the five",
    },
    "nb": {
        "K": "kongen",
        "Q": "dama",
        "J": "knekten",
        "T": "tieren",
        "9": "nieren",
        "8": "åtteren",
        "7": "sjueren",
        "6": "sekseren",
        "5": "femmeren",
    },
    "nl": {
        "K": "de heer",
        "Q": "de vrouw",
        "J": "de boer",
        "T": "de tien",
        "9": "de negen",
        "8": "de acht",
        "7": "de zeven",
        "6": "de zes",
        "5": "de vijf",
    },
}
# Poker values in the plural, as hands name them (ace = 1).
_VALUES = {
    "en": {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"},
    "nb": {1: "ess", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"},
    "nl": {1: "azen", 2: "tweeën", 3: "drieën", 4: "vieren", 5: "vijven", 6: "zessen"},
}
_HANDS = {
    "en": {
        "nothing": "nothing",
        "pair": "a pair of {x}",
        "two_pairs": "two pairs, {x} and {y}",
        "three": "three {x}",
        "low_straight": "a low straight",
        "high_straight": "a high straight",
        "full_house": "a full house, three {x} and two {y}",
        "four": "four {x}",
        "five": "five {x}",
    },
    "nb": {
        "nothing": "ingenting",
        "pair": "et par {x}",
        "two_pairs": "to par, {x} og {y}",
        "three": "tre {x}",
        "low_straight": "liten straight",
        "high_straight": "stor straight",
        "full_house": "hus, tre {x} og to {y}",
        "four": "fire {x}",
        "five": "fem {x}",
    },
    "nl": {
        "nothing": "niets",
        "pair": "een paar {x}",
        "two_pairs": "twee paar, {x} en {y}",
        "three": "drie {x}",
        "low_straight": "een kleine straat",
        "high_straight": "een grote straat",
        "full_house": "full house, drie {x} en twee {y}",
        "four": "vier {x}",
        "five": "vijf {x}",
    },
}
_SEAT = {"en": "seat {n}", "nb": "plass {n}", "nl": "plaats {n}"}
# A phrase quoted inside a sentence, as each language quotes (docs/glossary.md, "Quotes and
# lists"): Norwegian «…», Dutch “…”, English "…".  Dutch had the Norwegian quotes, so one Dutch
# line of the terminal's coach read “Ik geloof je” and «schoppen zes» side by side.
_QUOTES = {"en": '"{}"', "nb": "«{}»", "nl": "“{}”"}
# The solver's action as the verb phrase its sentence needs: "bids four fives", «å by fire
# femmere», «vier vijven te bieden» (it read "plays calling", «kiest «Je liegt!» roepen»).
_ACTS = {
    "en": {"bid": "bids {bid}", "liar": "calls", "spot_on": 'calls "Spot on!"'},
    "nb": {"bid": "å by {bid}", "liar": "å rope løgn", "spot_on": "å si «Helt riktig!»"},
    "nl": {"bid": "{bid} te bieden", "liar": "“Je liegt!” te roepen", "spot_on": "“Precies goed!” te zeggen"},
}
# The dice of a re-roll (poker values, the ace as 1) counted per value, as the web's review says
# the same re-roll: «et ess og to femmere», «een aas en twee vijven», "an ace and two fives"; the
# values alone («Kast 2 5 på nytt») read as no sentence does.
_A_DIE = {
    "en": {1: "an ace", 2: "a two", 3: "a three", 4: "a four", 5: "a five", 6: "a six"},
    "nb": {1: "et ess", 2: "en toer", 3: "en treer", 4: "en firer", 5: "en femmer", 6: "en sekser"},
    "nl": {1: "een aas", 2: "een twee", 3: "een drie", 4: "een vier", 5: "een vijf", 6: "een zes"},
}
_ALL_FIVE = {"en": "all five", "nb": "alle fem", "nl": "alle vijf"}
_AND = {"en": "and", "nb": "og", "nl": "en"}
# A count of cards in a sentence («bare ett av kortene», «maar één»): a word, not a digit; nb
# counts «kort» (neuter) with «ett».
_CARD_COUNT_ONE = {"en": "one", "nb": "ett", "nl": "één"}

# One template per reason code and language; {placeholders} are filled by :func:`say`.
# Cheat and Liegen: what a claim is, how likely it is true (both numbers, or one when the
# claimant's record changes nothing at the precision shown), and what a call is worth.
_CARDS_CLAIM = {
    "cheat": {
        "en": "{seat} claims {claim}, which is ",
        "nb": "{seat} sier {claim}, og ",
        "nl": "{seat} zegt {claim}, en ",
    },
    "liegen": {
        "en": "{seat} announces {announce}, which is ",
        "nb": "{seat} sier {announce}, og ",
        "nl": "{seat} noemt {announce}, en ",
    },
}
_CARDS_ODDS = {
    "en": "true {exact} of the time from the cards alone, {adjusted} by what {seat} has shown so far.",
    "nb": (
        "det stemmer {exact} av gangene ut fra kortene alene, {adjusted} etter det {seat} har vist så langt."
    ),
    "nl": (
        "dat klopt in {exact} van de gevallen alleen op grond van de kaarten, "
        "{adjusted} naar wat {seat} tot nu toe heeft laten zien."
    ),
}
_CARDS_SAME = {
    "en": "true {exact} of the time from the cards alone; nothing {seat} has shown so far changes that.",
    "nb": (
        "det stemmer {exact} av gangene ut fra kortene alene; "
        "ingenting {seat} har vist så langt, endrer på det."
    ),
    "nl": (
        "dat klopt in {exact} van de gevallen alleen op grond van de kaarten; "
        "wat {seat} tot nu toe heeft laten zien, verandert daar niets aan."
    ),
}
_CARDS_VERDICT = {
    "cheat_call": {
        "en": " A call wins {win} of the time.",
        "nb": " Roper du «Løgner!», vinner du {win} av gangene.",
        "nl": " Roep je “Je liegt!”, dan win je in {win} van de gevallen.",
    },
    "cheat_pass": {
        "en": " Not worth risking the pile on a call.",
        "nb": " Det er ikke verdt å risikere bunken på å rope «Løgner!».",
        "nl": " “Je liegt!” roepen is het risico op de speelstapel niet waard.",
    },
    "liegen_call": {
        "en": " An accusation wins {win} of the time.",
        "nb": " Anklager du, vinner du {win} av gangene.",
        "nl": " Beschuldig je, dan win je in {win} van de gevallen.",
    },
    "liegen_pass": {
        "en": " Not worth risking the pile on an accusation.",
        "nb": " Det er ikke verdt å risikere bunken på en anklage.",
        "nl": " Beschuldigen is het risico op de speelstapel niet waard.",
    },
}


def _cards_odds(code: str, odds: Mapping[str, str]) -> dict[str, str]:
    game = code.split("_")[0]
    return {lang: _CARDS_CLAIM[game][lang] + odds[lang] + _CARDS_VERDICT[code][lang] for lang in LANGS}


TEMPLATES: dict[str, dict[str, str]] = {
    "dice_call": {
        "en": (
            "{bid} is true {exact} of the time given your dice ({adjusted} with what the bids say): calling "
            "wins {win}."
        ),
        "nb": (
            "{bid} holder {exact} av gangene ut fra terningene dine ({adjusted} med det budene forteller): "
            "roper du løgn, vinner du {win} av gangene."
        ),
        "nl": (
            "{bid} klopt in {exact} van de gevallen met jouw stenen ({adjusted} met wat er geboden is): "
            "roep je “Je liegt!”, dan win je in {win} van de gevallen."
        ),
    },
    "dice_spot": {
        "en": (
            "{bid} is exactly right {exact} of the time given your dice ({adjusted} with what the bids say): "
            '"Spot on!" wins {adjusted}.'
        ),
        "nb": (
            "{bid} er helt riktig {exact} av gangene ut fra terningene dine ({adjusted} med det budene "
            "forteller): sier du «Helt riktig!», vinner du {adjusted} av gangene."
        ),
        "nl": (
            "{bid} is precies goed in {exact} van de gevallen met jouw stenen ({adjusted} met wat er geboden "
            "is): zeg je “Precies goed!”, dan win je in {adjusted} van de gevallen."
        ),
    },
    "dice_raise": {
        "en": (
            "{bid} is true {exact} of the time given your dice ({adjusted} with what the bids say); "
            "{standing} is true {standing_adjusted}."
        ),
        "nb": (
            "{bid} holder {exact} av gangene ut fra terningene dine ({adjusted} med det budene forteller); "
            "{standing} holder {standing_adjusted}."
        ),
        "nl": (
            "{bid} klopt in {exact} van de gevallen met jouw stenen ({adjusted} met wat er geboden is); "
            "{standing} klopt in {standing_adjusted}."
        ),
    },
    "dice_open": {
        "en": "Open with {bid}: true {exact} of the time given your dice, so it is hard to call.",
        "nb": (
            "Åpne med {bid}: det holder {exact} av gangene ut fra terningene dine, "
            "så det er vanskelig å rope løgn på."
        ),
        "nl": (
            "Open met {bid}: dat klopt in {exact} van de gevallen met jouw stenen, "
            "dus roept niemand snel “Je liegt!”."
        ),
    },
    "dice_open_bluff": {
        "en": "Open with {bid}: true only {exact} of the time given your dice: a bluff.",
        "nb": "Åpne med {bid}: det holder bare {exact} av gangene ut fra terningene dine: en bløff.",
        "nl": "Open met {bid}: dat klopt maar in {exact} van de gevallen met jouw stenen: een bluf.",
    },
    "dice_solved": {
        "en": "The exact equilibrium of this endgame {action} {prob} of the time.",
        "nb": "Den eksakte likevekten i dette sluttspillet velger {action} {prob} av gangene.",
        "nl": "Het exacte evenwicht van dit eindspel kiest er in {prob} van de gevallen voor om {action}.",
    },
    "poker_call": {
        "en": (
            "{claim} holds at most {exact} from the dice you passed ({adjusted} allowing for bluffs): calling"
            " wins {win}."
        ),
        "nb": (
            "{claim} holder høyst {exact} ut fra terningene du sendte videre ({adjusted} når bløff regnes "
            "med): roper du løgn, vinner du {win} av gangene."
        ),
        "nl": (
            "{claim} klopt hooguit in {exact} van de gevallen met de stenen die je doorgaf ({adjusted} als je"
            " bluf meetelt): roep je “Je liegt!”, dan win je in {win} van de gevallen."
        ),
    },
    "poker_accept": {
        "en": (
            "{claim} holds {adjusted} allowing for bluffs: accepting and "
            "re-rolling is worth more than calling."
        ),
        "nb": (
            "{claim} holder {adjusted} når bløff regnes med: å godta budet og kaste på nytt er verdt mer enn "
            "å rope løgn."
        ),
        "nl": (
            "{claim} klopt in {adjusted} van de gevallen als je bluf meetelt: het bod geloven en opnieuw "
            "gooien is meer waard dan “Je liegt!” roepen."
        ),
    },
    "poker_claim_true": {
        "en": "Your dice make {claim}; to the other player it looks true {looks} of the time.",
        "nb": "Terningene dine holder {claim}; for motspilleren ser det ut til å holde {looks} av gangene.",
        "nl": "Je stenen halen {claim}; voor de ander lijkt het in {looks} van de gevallen te kloppen.",
    },
    "poker_claim_bluff": {
        "en": (
            "A bluff: your dice do not make {claim}, but to the other player it "
            "looks true {looks} of the time."
        ),
        "nb": (
            "En bløff: terningene dine holder ikke {claim}, men for motspilleren ser det ut til å holde "
            "{looks} av gangene."
        ),
        "nl": (
            "Bluf: je stenen halen {claim} niet, maar voor de ander lijkt het in {looks} van de gevallen te "
            "kloppen."
        ),
    },
    # A bluff claimed when every claim will likely be called (advice.HOPELESS): the least bad one.
    "poker_claim_hopeless": {
        "en": "The other player will likely call whatever you claim; {claim} is the least bad.",
        "nb": "Motspilleren roper trolig løgn uansett hva du sier; {claim} er det minst dårlige.",
        "nl": "De ander roept waarschijnlijk “Je liegt!”, wat je ook zegt; {claim} is nog het minst slecht.",
    },
    "poker_reroll": {
        "en": "Re-roll {dice}: that gives the best chance of a claim the other player will not call.",
        "nb": "Kast {dice} på nytt: det gir best sjanse for et bud motspilleren ikke roper løgn på.",
        "nl": "Gooi {dice} opnieuw: dat geeft de beste kans op een bod dat de ander gelooft.",
    },
    "poker_keep": {
        "en": "Keep all five: re-rolling would not give a claim the other player is likelier to let pass.",
        "nb": (
            "Behold alle fem: å kaste på nytt gir ikke bedre sjanse for et bud "
            "motspilleren ikke roper løgn på."
        ),
        "nl": "Houd alle vijf: opnieuw gooien geeft geen betere kans op een bod dat de ander gelooft.",
    },
    "cheat_call": _cards_odds("cheat_call", _CARDS_ODDS),
    "cheat_pass": _cards_odds("cheat_pass", _CARDS_ODDS),
    "cheat_sure_lie": {
        "en": "{claim} cannot be true: only {out} of that rank can still be out there.",
        "nb": "{claim} kan ikke være sant: av den valøren er det bare {out} kort du ikke vet hvor er.",
        "nl": "{claim} kan niet kloppen: van die rang kun je er maar {out} niet plaatsen.",
    },
    "cheat_play_true": {
        "en": "Play {claim}: all the cards are real.",
        "nb": "Spill ut {claim}: alle kortene er ekte.",
        "nl": "Zeg {claim}: alle kaarten kloppen.",
    },
    "cheat_play_bluff": {
        "en": "Claim {claim}, only {true} of them real: a bluff.",
        "nb": "Si {claim} selv om bare {true} av kortene er ekte: en bløff.",
        "nl": "Zeg {claim} met maar {true} echte erbij: een bluf.",
    },
    "cheat_play_none": {
        "en": "Claim {claim} without holding any: a bluff.",
        "nb": "Si {claim} uten å ha noen: en bløff.",
        "nl": "Zeg {claim} zonder er één te hebben: een bluf.",
    },
    "liegen_call": _cards_odds("liegen_call", _CARDS_ODDS),
    "liegen_pass": _cards_odds("liegen_pass", _CARDS_ODDS),
    "liegen_sure_lie": {
        "en": "{announce} cannot be true: you know where every card that would make it true is.",
        "nb": "{announce} kan ikke stemme: du vet hvor alle kortene som kunne gjort det sant, er.",
        "nl": "{announce} kan niet kloppen: je weet waar alle kaarten zijn waarmee het zou kloppen.",
    },
    "liegen_play_true": {
        "en": "Play the {card} and name it: an honest card can never cost you.",
        "nb": "Spill {card} og si det som det er: et ærlig kort kan aldri koste deg noe.",
        "nl": "Speel {card} en zeg wat het is: een eerlijke kaart kost je nooit iets.",
    },
    "liegen_play_bluff": {
        "en": "Play the {card} and announce {announce}: a bluff.",
        "nb": "Spill {card} og si {announce}: en bløff.",
        "nl": "Speel {card} en noem {announce}: een bluf.",
    },
    "love_guess": {
        "en": "Guess {guess} on {seat}: right {chance} of the time.",
        "nb": "Gjett {guess} på {seat}: riktig {chance} av gangene.",
        "nl": "Raad {guess} bij {seat}: goed in {chance} van de gevallen.",
    },
    "love_eight": {
        "en": "Compare hands with {seat}: {card} wins {win}, ties {tie} and loses {lose}.",
        "nb": "Sammenlign håndkort med {seat}: {card} vinner {win}, står likt {tie} og taper {lose}.",
        "nl": (
            "Vergelijk je kaart met {seat}: {card} wint in {win}, speelt gelijk in {tie} en verliest in "
            "{lose} van de gevallen."
        ),
    },
    "love_play": {
        "en": "Play {card} and keep {other}.",
        "nb": "Spill ut {card} og behold {other}.",
        "nl": "Speel {card} en houd {other}.",
    },
    "only_action": {
        "en": "There is nothing else you may do.",
        "nb": "Det er det eneste du kan gjøre.",
        "nl": "Iets anders mag niet.",
    },
}


#: The same four reasons when both chances read the same: said once, with why.
SAME_ODDS: dict[str, dict[str, str]] = {code: _cards_odds(code, _CARDS_SAME) for code in _CARDS_VERDICT}


#: ``cheat_sure_lie`` when not one card of the rank is left unplaced ("only 0" reads badly).
NONE_OUT: dict[str, str] = {
    "en": "{claim} cannot be true: you know where every card of that rank is.",
    "nb": "{claim} kan ikke være sant: du vet hvor alle kortene av den valøren er.",
    "nl": "{claim} kan niet kloppen: je weet waar alle kaarten van die rang zijn.",
}


#: ``cheat_play_true`` for a play of one card or two: «alle kortene» of a single card read as
#: a slip («Zeg één tien: alle kaarten kloppen.»), and two cards are «begge», «beide», "both".
FEW_CARDS: dict[int, dict[str, str]] = {
    1: {
        "en": "Play {claim}: the card is real.",
        "nb": "Spill ut {claim}: kortet er ekte.",
        "nl": "Zeg {claim}: de kaart klopt.",
    },
    2: {
        "en": "Play {claim}: both cards are real.",
        "nb": "Spill ut {claim}: begge kortene er ekte.",
        "nl": "Zeg {claim}: beide kaarten kloppen.",
    },
}


def pct(p: float, lang: str) -> str:
    """A chance as a whole percentage: "31%", «31 %», «31%»; never "0%" or "100%" for what may happen."""
    n = round(100 * p)
    text = "<1" if p > 0 and n == 0 else ">99" if p < 1 and n == 100 else str(n)
    return f"{text} %" if lang == "nb" else f"{text}%"


def number(n: int, lang: str) -> str:
    words = _NUMBERS[lang]
    return words[n] if 0 <= n < len(words) else str(n)


def counted(n: int, rank: str, lang: str) -> str:
    """``n`` of a rank or face in words: "two fives", «ett ess», «één vijf»."""
    one, many = _RANKS[lang][rank]
    if n == 1:
        return f"{'ett' if lang == 'nb' and rank == 'A' else number(1, lang)} {one}"
    return f"{number(n, lang)} {many}"


def bid_words(bid: Mapping[str, Any], lang: str) -> str:
    """A Liar's Dice bid: "four fives", «fire femmere», «vier vijven»; one die: "a one", «én ener», «één één».

    English bids one die as "a five", "a one", as the web and the terminal do ("one one" reads
    as a stutter); nb and nl say the number (docs/glossary.md, "one of a rank").
    """
    quantity, face = int(bid["quantity"]), str(bid["face"])
    if lang == "en" and quantity == 1:
        return f"a {_RANKS[lang][face][0]}"
    return counted(quantity, face, lang)


def claim_words(claim: Mapping[str, Any], lang: str) -> str:
    """A poker claim: "a full house, three sixes and two threes", «hus, tre seksere og to treere»."""
    values = [_VALUES[lang][v] for v in claim.get("values", [])]
    x, y = [*values, "", ""][:2]
    return _HANDS[lang][claim["hand"]].format(x=x, y=y)


def card_words(code: str, lang: str) -> str:
    """A card of the 52 (or a rank alone, or the joker): "five of hearts", «hjerter fem», «harten vijf»."""
    if code == "X" or len(code) == 1:
        return _RANKS[lang][code][0] if code in _RANKS[lang] else code
    rank, suit = _CARD_RANK[lang][code[0]], _SUITS[lang][code[1]]
    return f"{rank} of {suit}" if lang == "en" else f"{suit} {rank}"


def seat_words(seat: int, lang: str, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _SEAT[lang].format(n=seat)


def action_words(action: Mapping[str, Any], lang: str) -> str:
    """A Liar's Dice action for the solver's line, as its verb phrase: "bids four fives", «å rope løgn»."""
    kind = str(action.get("type"))
    phrase = _ACTS[lang].get(kind, _ACTS[lang]["liar"])
    return phrase.format(bid=bid_words(action, lang)) if kind == "bid" else phrase


def listed(items: Sequence[str], lang: str) -> str:
    """Items as a sentence lists them: "a", "a and b", «a, b og c»."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_AND[lang]} {items[-1]}"


def dice_words(dice: Sequence[int], lang: str) -> str:
    """The dice a poker re-roll throws again: «et ess og to femmere», "all five"."""
    if len(dice) >= 5:
        return _ALL_FIVE[lang]
    groups: list[str] = []
    for value in sorted(set(dice)):
        k = list(dice).count(value)
        groups.append(_A_DIE[lang][value] if k == 1 else f"{number(k, lang)} {_VALUES[lang][value]}")
    return listed(groups, lang)


def card_count(n: int, lang: str) -> str:
    """A number of cards in words: "one", «ett», «één»; "two", «to», «twee»."""
    return _CARD_COUNT_ONE[lang] if n == 1 else number(n, lang)


def say(why: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The reason ``why`` (``{"code", "params"}``) as one sentence in ``lang`` (``names``: per seat)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    template = TEMPLATES[why["code"]][lang]
    p = why.get("params", {})
    if why["code"] in SAME_ODDS and pct(float(p["exact"]), lang) == pct(float(p["adjusted"]), lang):
        template = SAME_ODDS[why["code"]][lang]
    elif why["code"] == "cheat_sure_lie" and p.get("out") == 0:
        template = NONE_OUT[lang]
    elif why["code"] == "cheat_play_true" and p["claim"]["count"] in FEW_CARDS:
        template = FEW_CARDS[p["claim"]["count"]][lang]
    fill: dict[str, str] = {}
    for key, value in p.items():
        if key in ("exact", "adjusted", "win", "looks", "chance", "prob", "tie", "lose", "standing_adjusted"):
            fill[key] = pct(float(value), lang)
        elif key in ("bid", "standing"):
            fill[key] = bid_words(value, lang)
        elif key == "claim" and isinstance(value, Mapping) and "hand" in value:
            fill[key] = claim_words(value, lang)
        elif key == "claim":
            fill[key] = counted(int(value["count"]), str(value["rank"]), lang)
        elif key == "announce":
            fill[key] = _QUOTES[lang].format(card_words(str(value), lang))
        elif key == "card" and why["code"].startswith("liegen"):
            fill[key] = card_words(str(value), lang)
        elif key in ("card", "other"):
            fill[key] = _LOVE[lang][str(value)]
        elif key == "guess":
            fill[key] = _RANKS[lang][str(value)][0]
        elif key == "seat":
            fill[key] = seat_words(int(value), lang, names)
        elif key == "dice":
            fill[key] = dice_words(value, lang)
        elif key in ("out", "true"):
            fill[key] = card_count(int(value), lang)
        elif key == "action":
            fill[key] = action_words(value, lang)
        else:  # counts: plain numbers
            fill[key] = str(value)
    text = template.format(**fill)
    # the first letter, past a quote the sentence may open with: «Hjerter fem» kan ikke stemme
    first = len(text) - len(text.lstrip('«“"'))
    if text[first:].startswith("één"):  # Dutch capitalises it «Eén» (the Taalunie's rule), not «Één»
        return text[:first] + "Eén" + text[first + 3 :]
    return text[:first] + text[first : first + 1].upper() + text[first + 1 :]
