// Every string the app shows, in nb, nl and en. Kept in one file so a missing translation is
// easy to spot (tests/web checks that the three tables have the same keys).
// Placeholders are {name}; game texts (how to play, option names) are in howto.js.

import { ERRORS } from "./errors.js";

export const LANGS = ["nb", "nl", "en"];

export const STRINGS = {
  en: {
    title: "Liars", tagline: "Bluffing games for friends and bots",
    language: "Language", game: "Game", players: "Players", options: "Options", seats: "Seats",
    seat: "Seat {n}", human: "Human", bot: "Bot ({level})", bot_at: "Bot {n} ({level})", you: "you", your_name: "Your name",
    create: "Create table", invite: "Invite link", copy: "Copy", copied: "Copied",
    join: "Sit down", watch: "Watch", open_tables: "Open tables", playing_tables: "Tables in play",
    none: "None right now.", how_to_play: "How to play", waiting: "Waiting for players",
    waiting_help: "Send the invite link to your friends; the game starts when every seat is taken.",
    free: "free", your_turn: "Your turn", turn_of: "{name} to play", log: "Game log",
    liar: "Liar!", pass: "Pass", play: "Play", bid: "Bid", spot_on: "Spot on!",
    closes_in: "{s} s", game_over: "Game over", winners: "Winner: {names}", rematch: "Rematch",
    lobby: "Lobby", spectating: "You are watching", refused: "Refused: {msg}",
    reconnecting: "Connection lost, reconnecting…", away: "away (a bot plays)", pile: "Pile",
    cards_n: "{n} cards", dice_n: "{n} dice", round_n: "Round {n}", rounds_won: "Rounds won: {n}",
    window_seconds: "Seconds to call liar", turn_seconds: "Seconds per turn (empty: no limit)",
    default_value: "default", all_hands: "Every hand, revealed", your_hand: "Your hand",
    your_dice: "Your dice", select_cards: "Pick cards by clicking them.", no_table: "No such table.",
    full: "Every seat is taken; you can watch.", unset: "(none)", protected: "protected", out: "out",
    seat_of: "{name}'s seat", spectators_note: "Spectators see only what is public.",
    refresh: "Refresh", quantity: "Quantity", face: "Face", error: "Error: {msg}",
    you_won: "You won!", new_game: "New table",
    level_random: "random", level_basic: "basic", level_strong: "strong",
  },
  nb: {
    title: "Løgnere", tagline: "Bløffespill for venner og roboter",
    language: "Språk", game: "Spill", players: "Spillere", options: "Valg", seats: "Plasser",
    seat: "Plass {n}", human: "Menneske", bot: "Robot ({level})", bot_at: "Robot {n} ({level})", you: "deg", your_name: "Navnet ditt",
    create: "Opprett bord", invite: "Invitasjonslenke", copy: "Kopier", copied: "Kopiert",
    join: "Sett deg", watch: "Se på", open_tables: "Åpne bord", playing_tables: "Bord i spill",
    none: "Ingen akkurat nå.", how_to_play: "Slik spiller du", waiting: "Venter på spillere",
    waiting_help: "Send invitasjonslenken til vennene dine; spillet starter når alle plassene er tatt.",
    free: "ledig", your_turn: "Din tur", turn_of: "{name} sin tur", log: "Spillogg",
    liar: "Løgner!", pass: "Stå over", play: "Spill", bid: "By", spot_on: "Helt riktig!",
    closes_in: "{s} s", game_over: "Spillet er over", winners: "Vinner: {names}", rematch: "Revansj",
    lobby: "Lobby", spectating: "Du ser på", refused: "Avvist: {msg}",
    reconnecting: "Mistet forbindelsen, kobler til igjen…", away: "borte (en robot spiller)", pile: "Bunken",
    cards_n: "{n} kort", dice_n: "{n} terninger", round_n: "Runde {n}", rounds_won: "Vunne runder: {n}",
    window_seconds: "Sekunder til å rope løgner", turn_seconds: "Sekunder per tur (tomt: ingen grense)",
    default_value: "standard", all_hands: "Alle hender, vist", your_hand: "Hånden din",
    your_dice: "Terningene dine", select_cards: "Velg kort ved å klikke på dem.", no_table: "Bordet finnes ikke.",
    full: "Alle plassene er tatt; du kan se på.", unset: "(ingen)", protected: "beskyttet", out: "ute",
    seat_of: "Plassen til {name}", spectators_note: "Tilskuere ser bare det som er offentlig.",
    refresh: "Oppdater", quantity: "Antall", face: "Øyne", error: "Feil: {msg}",
    you_won: "Du vant!", new_game: "Nytt bord",
    level_random: "tilfeldig", level_basic: "grunnleggende", level_strong: "sterk",
  },
  nl: {
    title: "Leugenaars", tagline: "Blufspellen voor vrienden en bots",
    language: "Taal", game: "Spel", players: "Spelers", options: "Opties", seats: "Plaatsen",
    seat: "Plaats {n}", human: "Mens", bot: "Bot ({level})", bot_at: "Bot {n} ({level})", you: "jij", your_name: "Je naam",
    create: "Tafel maken", invite: "Uitnodigingslink", copy: "Kopiëren", copied: "Gekopieerd",
    join: "Aanschuiven", watch: "Kijken", open_tables: "Open tafels", playing_tables: "Tafels in spel",
    none: "Nu geen.", how_to_play: "Zo speel je", waiting: "Wachten op spelers",
    waiting_help: "Stuur de uitnodigingslink naar je vrienden; het spel begint als elke plaats bezet is.",
    free: "vrij", your_turn: "Jij bent aan de beurt", turn_of: "{name} is aan de beurt", log: "Spelverloop",
    liar: "Je liegt!", pass: "Passen", play: "Spelen", bid: "Bieden", spot_on: "Precies goed!",
    closes_in: "{s} s", game_over: "Het spel is voorbij", winners: "Winnaar: {names}", rematch: "Revanche",
    lobby: "Lobby", spectating: "Je kijkt mee", refused: "Geweigerd: {msg}",
    reconnecting: "Verbinding verbroken, opnieuw verbinden…", away: "weg (een bot speelt)", pile: "Stapel",
    cards_n: "{n} kaarten", dice_n: "{n} dobbelstenen", round_n: "Ronde {n}", rounds_won: "Rondes gewonnen: {n}",
    window_seconds: "Seconden om 'je liegt' te roepen", turn_seconds: "Seconden per beurt (leeg: geen limiet)",
    default_value: "standaard", all_hands: "Alle handen, open", your_hand: "Je hand",
    your_dice: "Je dobbelstenen", select_cards: "Kies kaarten door erop te klikken.", no_table: "Deze tafel bestaat niet.",
    full: "Alle plaatsen zijn bezet; je kunt meekijken.", unset: "(geen)", protected: "beschermd", out: "uit",
    seat_of: "Plaats van {name}", spectators_note: "Kijkers zien alleen wat openbaar is.",
    refresh: "Vernieuwen", quantity: "Aantal", face: "Ogen", error: "Fout: {msg}",
    you_won: "Je hebt gewonnen!", new_game: "Nieuwe tafel",
    level_random: "willekeurig", level_basic: "basis", level_strong: "sterk",
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

export function t(key, params = {}) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`).toString());
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

/** Look a key up in a module's own table of strings (`{en: {...}, nb: {...}, nl: {...}}`). */
export function tr(table, key, params = {}) {
  const s = table[lang]?.[key] ?? table.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`).toString());
}
