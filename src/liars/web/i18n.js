// Every string the app shows, in nb, nl and en. Kept in one file so a missing translation is
// easy to spot (tests/web checks that the three tables have the same keys).
// Placeholders are {name}; game texts (how to play, option names) are in howto.js.

import { ERRORS } from "./errors.js";

export const LANGS = ["nb", "nl", "en"];

export const STRINGS = {
  en: {
    title: "Liars", tagline: "Bluffing games for friends and bots",
    language: "Language", game: "Game", players: "Players", options: "Options", seats: "Seats",
    seat: "Seat {n}", human: "Human", bot: "Bot ({level})", bot_at: "Bot {n} ({level})", bot_short: "Bot {n}", you: "you", your_name: "Your name",
    create: "Create table", invite: "Invite link", copy: "Copy", copied: "Copied",
    join: "Sit down", watch: "Watch", open_tables: "Open tables", playing_tables: "Tables in play",
    none: "None right now.", how_to_play: "How to play", waiting: "Waiting for players",
    waiting_help: "Send the invite link to your friends; the game starts when every seat is taken.",
    guest_help: "You are invited to a game of {game}. Type your name and sit down; the game starts when every seat is taken.",
    seated_help: "You have a seat. The game starts when every seat is taken.",
    free: "free", your_turn: "Your turn", turn_of: "{name} to play", log: "Game log",
    liar: "Liar!", pass: "Accept", play: "Play", bid: "Bid", spot_on: "Spot on!",
    window_status: "{claim} — Liar! or accept", window_who: "{claim} — {names} may call “Liar!”", the_others: "the others", your_turn_title: "Your turn — {title}",
    closes_in: "{s} s", game_over: "Game over", winners: { one: "Winner: {names}", other: "Winners: {names}" }, rematch: "Rematch",
    lobby: "Lobby", spectating: "You are watching", refused: "Refused: {msg}",
    reconnecting: "Connection lost, reconnecting…",
    server_trouble: "The server is having trouble right now. Your game is saved: this page carries on by itself as soon as the server is back.", away: "away (a bot plays)", pile: "Pile", pile_empty: "The pile is empty",
    cards_n: { one: "{n} card", other: "{n} cards" }, dice_n: { one: "{n} die", other: "{n} dice" },
    round_n: "Round {n}", rounds_won: "Rounds won: {n}",
    window_seconds: "Seconds to call “Liar!”", turn_seconds: "Seconds per turn", turn_seconds_default: "Seconds per turn (empty: {s} when two or more people play)", turn_seconds_none: "Seconds per turn (empty: no limit)",
    grace_seconds: "Seconds before a bot plays for a player who left",
    default_value: "default", all_hands: "What everyone held", no_cards: "no cards left", your_hand: "Your hand",
    your_dice: "Your dice", no_table: "No such table.",
    select_cards_click: "Click the cards you want to play.", select_cards_tap: "Tap the cards you want to play.",
    select_card_click: "Click a card to pick it.", select_card_tap: "Tap a card to pick it.",
    full: "Every seat is taken, so you are watching.", unset: "(none)", by_players: "{n} (default)", protected: "protected", out: "out",
    seat_of: "{name}'s seat", spectators_note: "Spectators see only what is public.",
    refresh: "Refresh", quantity: "Quantity", face: "Face", error: "Error: {msg}",
    you_won: "You won!", new_game: "New table",
    level_random: "easy", level_basic: "medium", level_strong: "hard",
    offline: "left the table", grace_left: "a bot takes over in {s} s", back: "I'm back",
    away_me: "You were away: a bot is playing your seat.",
    rematch_asked: "{names} asked for a rematch: click Rematch to sit down with them.",
    rematch_asked_watch: "{names} asked for a rematch.", watch_rematch: "Watch the rematch",
    private_table: "Show in the lobby: anyone may join", listed: "listed in the lobby", unlisted: "invite only",
    pick_first: "First pick the cards to play.", table_options: "This table",
    sound_on: "Sound on your turn: on", sound_off: "Sound on your turn: off",
    invite_qr: "The invite link as a QR code", invite_local_only: "This link works on this computer only: the server takes no one else. For friends to join from their own phones or computers, start it with liars serve --host 0.0.0.0.", invite_network: "The link uses this computer's address on your network ({address}), so phones and computers there can open it.", chat: "Table talk", chat_say: "Say something to the table", chat_send: "Send", well_played: "Well played!",
    chat_spectators: "Spectators can read the table talk, but not write in it.",
  },
  nb: {
    title: "Løgnere", tagline: "Bløffespill for venner og roboter",
    language: "Språk", game: "Spill", players: "Spillere", options: "Valg", seats: "Plasser",
    seat: "Plass {n}", human: "Menneske", bot: "Robot ({level})", bot_at: "Robot {n} ({level})", bot_short: "Robot {n}", you: "deg", your_name: "Navnet ditt",
    create: "Opprett bord", invite: "Invitasjonslenke", copy: "Kopier", copied: "Kopiert",
    join: "Sett deg", watch: "Se på", open_tables: "Åpne bord", playing_tables: "Bord der det spilles nå",
    none: "Ingen akkurat nå.", how_to_play: "Slik spiller du", waiting: "Venter på spillere",
    waiting_help: "Send invitasjonslenken til vennene dine; spillet starter når alle plassene er tatt.",
    guest_help: "Du er invitert til å spille {game}. Skriv navnet ditt og sett deg; spillet starter når alle plassene er tatt.",
    seated_help: "Du har satt deg. Spillet starter når alle plassene er tatt.",
    free: "ledig", your_turn: "Din tur", turn_of: "Turen til {name}", log: "Spillogg",
    liar: "Løgner!", pass: "Godta", play: "Spill", bid: "By", spot_on: "Helt riktig!",
    window_status: "{claim} — Løgner! eller godta", window_who: "{claim} — {names} kan rope «Løgner!»", the_others: "de andre", your_turn_title: "Din tur — {title}",
    closes_in: "{s} s", game_over: "Spillet er over", winners: { one: "Vinner: {names}", other: "Vinnere: {names}" }, rematch: "Revansj",
    lobby: "Lobby", spectating: "Du ser på", refused: "Avvist: {msg}",
    reconnecting: "Mistet forbindelsen, kobler til igjen…",
    server_trouble: "Serveren har problemer akkurat nå. Spillet ditt er lagret: siden fortsetter av seg selv så snart serveren er tilbake.", away: "borte (en robot spiller)", pile: "Bunken", pile_empty: "Bunken er tom",
    cards_n: { one: "{n} kort", other: "{n} kort" }, dice_n: { one: "{n} terning", other: "{n} terninger" },
    round_n: "Runde {n}", rounds_won: "Vunne runder: {n}",
    window_seconds: "Sekunder til å rope «Løgner!»", turn_seconds: "Sekunder per tur", turn_seconds_default: "Sekunder per tur (tomt: {s} når to eller flere mennesker spiller)", turn_seconds_none: "Sekunder per tur (tomt: ingen tidsgrense)",
    grace_seconds: "Sekunder før en robot spiller for en som har gått fra bordet",
    default_value: "standard", all_hands: "Dette hadde alle på hånden", no_cards: "ingen kort igjen", your_hand: "Hånden din",
    your_dice: "Terningene dine", no_table: "Bordet finnes ikke.",
    select_cards_click: "Klikk på kortene du vil spille.", select_cards_tap: "Trykk på kortene du vil spille.",
    select_card_click: "Klikk på et kort for å velge det.", select_card_tap: "Trykk på et kort for å velge det.",
    full: "Alle plassene er tatt, så du ser på.", unset: "(ingen)", by_players: "{n} (standard)", protected: "beskyttet", out: "ute",
    seat_of: "Plassen til {name}", spectators_note: "Tilskuere ser bare det som er offentlig.",
    refresh: "Oppdater", quantity: "Antall", face: "Øyne", error: "Feil: {msg}",
    you_won: "Du vant!", new_game: "Nytt bord",
    level_random: "lett", level_basic: "middels", level_strong: "vanskelig",
    offline: "har gått fra bordet", grace_left: "en robot tar over om {s} s", back: "Jeg er tilbake",
    away_me: "Du var borte: en robot spiller for deg.",
    rematch_asked: "{names} vil ha revansj: trykk «Revansj» for å bli med.",
    rematch_asked_watch: "{names} vil ha revansj.", watch_rematch: "Se på revansjen",
    private_table: "Vis i lobbyen: hvem som helst kan sette seg", listed: "vises i lobbyen", unlisted: "bare for inviterte",
    pick_first: "Velg først kortene du vil spille.", table_options: "Dette bordet",
    sound_on: "Lyd når det er din tur: på", sound_off: "Lyd når det er din tur: av",
    invite_qr: "Invitasjonslenken som QR-kode", invite_local_only: "Denne lenken virker bare på denne maskinen: serveren slipper ingen andre inn. Skal venner bli med fra egne telefoner eller maskiner, start den med liars serve --host 0.0.0.0.", invite_network: "Lenken bruker maskinens adresse på nettverket ({address}), så telefoner og maskiner der kan åpne den.", chat: "Prat ved bordet", chat_say: "Si noe til bordet", chat_send: "Send", well_played: "Godt spilt!",
    chat_spectators: "Tilskuere kan lese praten ved bordet, men ikke skrive selv.",
  },
  nl: {
    title: "Leugenaars", tagline: "Blufspellen voor vrienden en bots",
    language: "Taal", game: "Spel", players: "Spelers", options: "Opties", seats: "Plaatsen",
    seat: "Plaats {n}", human: "Mens", bot: "Bot ({level})", bot_at: "Bot {n} ({level})", bot_short: "Bot {n}", you: "jij", your_name: "Je naam",
    create: "Tafel maken", invite: "Uitnodigingslink", copy: "Kopiëren", copied: "Gekopieerd",
    join: "Aanschuiven", watch: "Kijken", open_tables: "Open tafels", playing_tables: "Tafels waar nu gespeeld wordt",
    none: "Er zijn er nu geen.", how_to_play: "Zo speel je", waiting: "Wachten op spelers",
    waiting_help: "Stuur de uitnodigingslink naar je vrienden; het spel begint als elke plaats bezet is.",
    guest_help: "Je bent uitgenodigd voor een potje {game}. Vul je naam in en schuif aan; het spel begint als elke plaats bezet is.",
    seated_help: "Je zit aan tafel. Het spel begint als elke plaats bezet is.",
    free: "vrij", your_turn: "Jij bent aan de beurt", turn_of: "{name} is aan de beurt", log: "Spelverloop",
    liar: "Je liegt!", pass: "Ik geloof je", play: "Spelen", bid: "Bieden", spot_on: "Precies goed!",
    window_status: "{claim} — Je liegt! of Ik geloof je", window_who: { one: "{claim} — {names} mag “Je liegt!” roepen", other: "{claim} — {names} mogen “Je liegt!” roepen" }, the_others: "de anderen", your_turn_title: "Jij bent aan de beurt — {title}",
    closes_in: "{s} s", game_over: "Het spel is voorbij", winners: { one: "Winnaar: {names}", other: "Winnaars: {names}" }, rematch: "Revanche",
    lobby: "Lobby", spectating: "Je kijkt mee", refused: "Geweigerd: {msg}",
    reconnecting: "Verbinding verbroken, opnieuw verbinden…",
    server_trouble: "De server heeft op dit moment problemen. Je spel is bewaard: deze pagina gaat vanzelf verder zodra de server terug is.", away: "weg (een bot speelt)", pile: "Speelstapel", pile_empty: "De speelstapel is leeg",
    cards_n: { one: "{n} kaart", other: "{n} kaarten" }, dice_n: { one: "{n} dobbelsteen", other: "{n} dobbelstenen" },
    round_n: "Ronde {n}", rounds_won: "Gewonnen rondes: {n}",
    window_seconds: "Seconden om “Je liegt!” te roepen", turn_seconds: "Seconden per beurt", turn_seconds_default: "Seconden per beurt (leeg: {s} als twee of meer mensen spelen)", turn_seconds_none: "Seconden per beurt (leeg: geen tijdslimiet)",
    grace_seconds: "Seconden voordat een bot speelt voor wie van tafel is gegaan",
    default_value: "standaard", all_hands: "Dit had iedereen in de hand", no_cards: "geen kaarten meer", your_hand: "Je hand",
    your_dice: "Je dobbelstenen", no_table: "Deze tafel bestaat niet.",
    select_cards_click: "Klik op de kaarten die je wilt spelen.", select_cards_tap: "Tik op de kaarten die je wilt spelen.",
    select_card_click: "Klik op een kaart om hem te kiezen.", select_card_tap: "Tik op een kaart om hem te kiezen.",
    full: "Alle plaatsen zijn bezet; je kijkt mee.", unset: "(geen)", by_players: "{n} (standaard)", protected: "beschermd", out: "ligt eruit",
    seat_of: "Plaats van {name}", spectators_note: "Kijkers zien alleen wat openbaar is.",
    refresh: "Vernieuwen", quantity: "Aantal", face: "Ogen", error: "Fout: {msg}",
    you_won: "Je hebt gewonnen!", new_game: "Nieuwe tafel",
    level_random: "makkelijk", level_basic: "gemiddeld", level_strong: "moeilijk",
    offline: "is van tafel gegaan", grace_left: "over {s} s neemt een bot het over", back: "Ik ben terug",
    away_me: "Je was weg: een bot speelt voor je.",
    rematch_asked: { one: "{names} wil een revanche: klik op Revanche om weer aan te schuiven.", other: "{names} willen een revanche: klik op Revanche om weer aan te schuiven." },
    rematch_asked_watch: { one: "{names} wil een revanche.", other: "{names} willen een revanche." }, watch_rematch: "Kijk mee bij de revanche",
    private_table: "Toon in de lobby: iedereen mag aanschuiven", listed: "staat in de lobby", unlisted: "alleen op uitnodiging",
    pick_first: "Kies eerst de kaarten die je speelt.", table_options: "Deze tafel",
    sound_on: "Geluid als je aan de beurt bent: aan", sound_off: "Geluid als je aan de beurt bent: uit",
    invite_qr: "De uitnodigingslink als QR-code", invite_local_only: "Deze link werkt alleen op deze computer: de server laat niemand anders binnen. Om vrienden vanaf hun eigen telefoon of computer mee te laten doen, start je hem met liars serve --host 0.0.0.0.", invite_network: "De link gebruikt het adres van deze computer in je netwerk ({address}), zodat telefoons en computers daar hem kunnen openen.", chat: "Aan tafel", chat_say: "Zeg iets tegen de tafel", chat_send: "Versturen", well_played: "Goed gespeeld!",
    chat_spectators: "Kijkers kunnen meelezen, maar niet meepraten.",
  },
};

// Card ranks as players of each language name them (the engine's codes are A23456789TJQK).
export const RANKS = {
  en: { A: "A", T: "10", J: "J", Q: "Q", K: "K", X: "Joker" },
  nb: { A: "E", T: "10", J: "Kn", Q: "D", K: "K", X: "Joker" },
  nl: { A: "A", T: "10", J: "B", Q: "V", K: "H", X: "Joker" },
};

let lang = pickDefault();

function pickDefault() {
  const saved = localStorage.getItem("liars.lang");
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = l.toLowerCase().split("-")[0];
    if (base === "no" || base === "nn" || base === "nb") return "nb";
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function getLang() {
  return lang;
}

export function setLang(l) {
  if (!LANGS.includes(l)) return;
  lang = l;
  localStorage.setItem("liars.lang", l);
  document.documentElement.lang = l;
}

/** Names joined as the language does: "Ola, Kari og Per" / "Ola, Kari en Per" / "Ola, Kari, and Per". */
export function listing(items) {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
}

/** A sentence with a bracketed aside inside it, before its full stop: «… noemt 9♦ (eigenlijk 2♥).»,
 * not «… noemt 9♦. (eigenlijk 2♥)». */
export function aside(sentence, note) {
  return /\.$/.test(sentence) ? `${sentence.slice(0, -1)} ${note}.` : `${sentence} ${note}`;
}

/** A sentence's first letter as a capital, «Fire enere holder»; the Dutch «één» keeps its accent
 * on the second e at a sentence's start, «Eén vier klopt» (the Taalunie's rule), where making the
 * first letter a capital put accents on both. */
export function capital(s) {
  if (/^[Éé]én(?=\s|$)/.test(s)) return `Eén${s.slice(3)}`;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Sentences read out one after the other (the live region: the status line, then the log's last
 * line): each but the last gets a full stop, unless it already ends in one, or in «!», «?» or «…»
 * (a closing quote or bracket after it too): «Du vant! Robot 2 ropte …», not «Du vant!. Robot 2 …». */
export function sentences(parts) {
  const said = parts.map((p) => (p || "").trim()).filter(Boolean);
  return said.map((p, i) => (i < said.length - 1 && !/[.!?…][»”"’)]*$/.test(p) ? `${p}.` : p)).join(" ");
}

/** The plural category of `n` in the page's language ("one", "other", ...). */
export function plural(n, type = "cardinal") {
  return new Intl.PluralRules(lang, { type }).select(Number(n));
}

// A string is either text or, where it holds a count, one text per plural category
// (`{one: "{n} card", other: "{n} cards"}`), picked by the count in `n` (else `count`); a
// `none` text, where there is one, says a count of 0 in words ("Er waren er geen", not "… 0").
function fill(s, params) {
  if (s !== null && typeof s === "object") {
    const n = params.n ?? params.count ?? params.q;
    s = (Number(n) === 0 ? s.none : undefined) ?? s[plural(n)] ?? s.other;
  }
  return s.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`).toString());
}

export function t(key, params = {}) {
  return fill(STRINGS[lang][key] ?? STRINGS.en[key] ?? key, params);
}

// Numbers and ranks as words, for sentences ("Bram sier to femmere"); the glossary
// (docs/glossary.md) has the same words, from the rule sheets.
const NUMBERS = {
  en: ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
  nb: ["null", "én", "to", "tre", "fire", "fem", "seks", "sju", "åtte", "ni", "ti", "elleve", "tolv"],
  nl: ["nul", "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf"],
};
const RANK_WORDS = {
  en: { A: ["ace", "aces"], 2: ["two", "twos"], 3: ["three", "threes"], 4: ["four", "fours"], 5: ["five", "fives"],
    6: ["six", "sixes"], 7: ["seven", "sevens"], 8: ["eight", "eights"], 9: ["nine", "nines"], T: ["ten", "tens"],
    J: ["jack", "jacks"], Q: ["queen", "queens"], K: ["king", "kings"], X: ["joker", "jokers"] },
  nb: { A: ["ess", "ess"], 2: ["toer", "toere"], 3: ["treer", "treere"], 4: ["firer", "firere"], 5: ["femmer", "femmere"],
    6: ["sekser", "seksere"], 7: ["sjuer", "sjuere"], 8: ["åtter", "åttere"], 9: ["nier", "niere"], T: ["tier", "tiere"],
    J: ["knekt", "knekter"], Q: ["dame", "damer"], K: ["konge", "konger"], X: ["joker", "jokere"] },
  nl: { A: ["aas", "azen"], 2: ["twee", "tweeën"], 3: ["drie", "drieën"], 4: ["vier", "vieren"], 5: ["vijf", "vijven"],
    6: ["zes", "zessen"], 7: ["zeven", "zevens"], 8: ["acht", "achten"], 9: ["negen", "negens"], T: ["tien", "tienen"],
    J: ["boer", "boeren"], Q: ["vrouw", "vrouwen"], K: ["heer", "heren"], X: ["joker", "jokers"] },
};
const FACE_RANK = { 1: null, 2: "2", 3: "3", 4: "4", 5: "5", 6: "6" };
const ONES = { en: ["one", "ones"], nb: ["ener", "enere"], nl: ["één", "enen"] };

export function numberWord(n) {
  return NUMBERS[lang][n] ?? String(n);
}

function counted(n, forms, neuter = false) {
  if (plural(n) === "one" && n === 1) return `${lang === "nb" && neuter ? "ett" : numberWord(1)} ${forms[0]}`;
  return `${numberWord(n)} ${forms[1]}`;
}

/** `n` cards of `rank` in words: "to femmere", "ett ess", "drie vijven", "one ace". */
export function rankWords(n, rank) {
  return counted(n, RANK_WORDS[lang][rank] || [rank, rank], rank === "A");
}

/** One card of `rank` with the article a native puts before it, as an item of a list: «en treer»,
 * «et ess», «een drie», "an ace" («to damer og en konge»; «én treer og én nier» counts, as a claim
 * does, where nobody is counting). */
export function aRank(rank) {
  const one = (RANK_WORDS[lang][rank] || [rank, rank])[0];
  if (lang === "nb") return `${rank === "A" ? "et" : "en"} ${one}`;
  if (lang === "nl") return `een ${one}`;
  return `${/^[aeiou]/.test(one) ? "an" : "a"} ${one}`;
}

/** A rank in the plural, as the next claim is said: "femmere", "vijven", "aces". */
export function rankPlural(rank) {
  return (RANK_WORDS[lang][rank] || [rank, rank])[1];
}

/** `n` dice showing `face` in words: "tre femmere", "één vijf", "two sixes", "a one". */
export function faceWords(n, face) {
  const r = FACE_RANK[face];
  const forms = r === null ? ONES[lang] : RANK_WORDS[lang][r];
  // English bids one die as "a five", "a one", as the terminal does ("one one" reads as a stutter)
  return lang === "en" && n === 1 ? `a ${forms[0]}` : counted(n, forms);
}

/** A place as each language writes it: "1st" / "1." / "1e". */
export function ordinal(n) {
  if (lang === "nb") return `${n}.`;
  if (lang === "nl") return `${n}e`;
  return `${n}${{ one: "st", two: "nd", few: "rd" }[plural(n, "ordinal")] || "th"}`;
}

/** A bot's level as the player's language says it ("random" -> "tilfeldig"). */
export function levelName(level) {
  return STRINGS[lang][`level_${level}`] ?? level;
}

export function rankName(code) {
  return RANKS[lang][code] ?? code;
}

const SEAT_PARAMS = ["seat", "target", "player"];
const CARD_PARAMS = ["card", "prev", "announce"];

/**
 * A refusal from the server (`{code, params, message}`: an error frame, or an Error thrown by
 * `api()`) in the player's language, from the code rather than the English text. A code this page
 * does not know (a newer server) falls back to the English message. `show.card`, `show.seat` and
 * `show.option` name cards, seats and options the way the page shows them elsewhere.
 */
export function refusal(err, show = {}) {
  const template = ERRORS[lang][err.code] ?? ERRORS.en[err.code];
  if (!template) return err.message || String(err.code ?? "");
  const params = { ...(err.params || {}) };
  for (const [k, v] of Object.entries(params)) {
    if (k === "cards" && Array.isArray(v)) params[k] = v.map((c) => (show.card ? show.card(c) : c)).join(" ");
    else if (CARD_PARAMS.includes(k) && typeof v === "string" && show.card) params[k] = show.card(v);
    else if (k === "rank" && typeof v === "string") params[k] = rankName(v);
    else if (SEAT_PARAMS.includes(k) && Number.isInteger(v) && show.seat) params[k] = show.seat(v);
    else if (k === "option" && typeof v === "string" && show.option) params[k] = show.option(v);
    else if (Array.isArray(v)) params[k] = v.join(", ");
  }
  return template.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`).toString());
}

/** Whether the page is used by touch (a phone, a tablet): the words then say tap, not click. */
export function touch() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** How to pick cards, as this screen is used (a tap or a click) and for as many as may be played:
 * several in Cheat, one in Liegen. «Kies kaarten door erop te klikken» showed on phones, and in
 * Liegen, where one card is played. */
export function pickHint(several) {
  return t(`${several ? "select_cards" : "select_card"}_${touch() ? "tap" : "click"}`);
}

/** Look a key up in a module's own table of strings (`{en: {...}, nb: {...}, nl: {...}}`). */
export function tr(table, key, params = {}) {
  return fill(table[lang]?.[key] ?? table.en[key] ?? key, params);
}
