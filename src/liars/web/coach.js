// The coach at the table (docs/web.md, "The coach"): the switch at your seat, the panel with the
// odds the server computed from your seat's view alone (liars.coach.odds), and after the game the
// review of your decisions, which you step through with each position drawn as you saw it.
// The server sends these only to the connection that switched its coach on, and only if the
// host allows the coach at this table; the page never computes odds of its own.
import { cardText, die, h } from "./draw.js";
import { aRank, capital, faceWords, getLang, listing, rankName, rankWords, tr } from "./i18n.js";
import { claimWords } from "./games/liars_dice_poker.js";
import { A as aCard, TX as LOVE, W as cardWord } from "./games/love_letter.js";

export const TX = {
  en: {
    coach: "Coach", switch_on: "Coach: on", switch_off: "Coach: off", allowed: "Coach allowed",
    allow: "Allow the coach (each player may see the odds from their own seat)",
    only_you: "Only you see this: the odds from your seat, worked out from what you can see.",
    working: "Working out the odds…", failed: "The coach could not work this position out.",
    no_bid: "No bid yet.", bid_holds: "{bid} holds: {exact} given your dice, {adjusted} with what the bids say.",
    spot: "Spot on: {exact} given your dice, {adjusted} with what the bids say.",
    unseen: { one: "{n} die you cannot see.", other: "{n} dice you cannot see." },
    bids_title: "Your bids: how likely each is to hold", col_bid: "Bid", col_exact: "Given your dice", col_adjusted: "With what the bids say",
    all_bids: "All {n} bids", all_claims: "All {n} claims", no_claim: "No claim yet.",
    claim_holds: "{bid} holds: {exact} from what you saw, {adjusted} allowing for bluffs.",
    claims_title: "The claims you can pass the cup with", col_claim: "Claim", col_true: "On your dice", col_looks: "Looks true to the other",
    no_play: "No play to judge yet.",
    play_claims: "{name} claims {claim}. True from the cards alone: {exact}; by what {name} has shown so far: {adjusted}.",
    play_announces: "{name} announces {claim}. True from the cards alone: {exact}; by what {name} has shown so far: {adjusted}.",
    out_there: { one: "{n} card that would make it true can still be out there.", other: "{n} cards that would make it true can still be out there." },
    cards_title: "What the others may hold",
    guess: "Guess {card} on {name}: right {p} of the time.",
    eight: "The 8 against {name}: you win {win}, equal {tie}, you lose {lose}.",
    advice: "The strong bot would {action}.",
    review: "Review my game", review_title: "Your game, reviewed", review_wait: "The coach is going through your game…",
    review_failed: "The review could not be made.", review_none: { one: "The strong bot agreed with the one decision you made.", other: "The strong bot agreed with every decision you made ({n})." },
    review_summary: { one: "You had one decision, and the strong bot would have played it otherwise.", other: "In {k} of your {n} decisions the strong bot would have played otherwise; the costliest first." },
    item: "Move {n} — you: {taken}; the strong bot: {advised}",
    chances: "Chance to win: {taken} with your move, {advised} with the bot's ({gain}).",
    too_close: "Too close to tell: the positions played out do not tell the two apart.", held_up: "In the positions played out, your move did better.",
    exact: "The exact equilibrium: {probs}.", exact_loss: "Expected loss of your move: {loss}.",
    as_you_saw: "The position as you saw it", prev: "Previous", next: "Next", step: "{i} of {n}",
    a_bid: "bid {bid}", a_liar: "call liar", a_spot: "say spot on", a_challenge: "call “Liar!”", a_pass: "accept",
    a_play: "play {cards}", a_play_as: "play {card} as {announce}", a_play_honest: "play {card} and say what it is", a_ll: "play {card}", a_ll_on: "play {card} on {name}", a_ll_self: "play {card} on yourself",
    a_ll_guess: "play {card} on {name}, guessing {g}", a_claim: "claim {hand}", a_accept: "accept the cup",
    a_reroll: "re-roll {dice}", a_keep: "keep all five",
    points: { one: "{sign}{n}\u00a0point", other: "{sign}{n}\u00a0points" },
  },
  nb: {
    coach: "Trener", switch_on: "Trener: på", switch_off: "Trener: av", allowed: "Trener tillatt",
    allow: "Tillat treneren (hver spiller kan se sjansene fra sin egen plass)",
    only_you: "Bare du ser dette: sjansene fra din plass, regnet ut fra det du kan se.",
    working: "Regner ut sjansene …", failed: "Treneren fikk ikke regnet ut denne stillingen.",
    no_bid: "Ingen bud ennå.", bid_holds: "{bid} holder: {exact} ut fra terningene dine, {adjusted} med det budene forteller.",
    spot: "Helt riktig: {exact} ut fra terningene dine, {adjusted} med det budene forteller.",
    unseen: { one: "{n} terning du ikke ser.", other: "{n} terninger du ikke ser." },
    bids_title: "Budene dine: hvor sannsynlig det er at hvert holder", col_bid: "Bud", col_exact: "Ut fra terningene dine", col_adjusted: "Med det budene forteller",
    all_bids: "Alle {n} budene", all_claims: "Alle {n} budene", no_claim: "Ingen bud ennå.",
    claim_holds: "{bid} holder: {exact} ut fra det du så, {adjusted} når bløff regnes med.",
    claims_title: "Budene du kan sende begeret videre med", col_claim: "Bud", col_true: "På terningene dine", col_looks: "Ser sant ut for den andre",
    no_play: "Ingen spill å vurdere ennå.",
    play_claims: "{name} sier {claim}. Stemmer ut fra kortene alene: {exact}; etter det {name} har vist så langt: {adjusted}.",
    play_announces: "{name} sier {claim}. Stemmer ut fra kortene alene: {exact}; etter det {name} har vist så langt: {adjusted}.",
    out_there: "Det kan fortsatt finnes {n} kort som gjør det sant.",
    cards_title: "Hva de andre kan ha på hånden",
    guess: "Gjetter du {card} på {name}, er det riktig {p} av gangene.",
    eight: "Åtteren mot {name}: du vinner {win}, likt {tie}, du taper {lose}.",
    advice: "Den sterke roboten ville {action}.",
    review: "Gå gjennom partiet mitt", review_title: "Gjennomgang av spillet ditt", review_wait: "Treneren går gjennom partiet ditt …",
    review_failed: "Gjennomgangen kunne ikke lages.", review_none: { one: "Den sterke roboten var enig i det ene valget ditt.", other: "Den sterke roboten var enig i alle valgene dine ({n})." },
    review_summary: { one: "Du hadde ett valg, og den sterke roboten ville spilt annerledes.", other: "I {k} av de {n} valgene dine ville den sterke roboten spilt annerledes; de dyreste først." },
    item: "Trekk {n} — du: {taken}; den sterke roboten: {advised}",
    chances: "Sjanse til å vinne: {taken} med ditt trekk, {advised} med robotens ({gain}).",
    too_close: "For jevnt til å avgjøre: de utspilte stillingene skiller ikke de to trekkene.", held_up: "I de utspilte stillingene gikk trekket ditt bedre.",
    exact: "Den eksakte likevekten: {probs}.", exact_loss: "Forventet tap for trekket ditt: {loss}.",
    as_you_saw: "Stillingen slik du så den", prev: "Forrige", next: "Neste", step: "{i} av {n}",
    a_bid: "by {bid}", a_liar: "rope løgn", a_spot: "si helt riktig", a_challenge: "rope «Løgner!»", a_pass: "godta",
    a_play: "spille {cards}", a_play_as: "spille {card} som {announce}", a_play_honest: "spille {card} og si det som det er", a_ll: "spille {card}", a_ll_on: "spille {card} mot {name}", a_ll_self: "spille {card} mot deg selv",
    a_ll_guess: "spille {card} mot {name} og gjette {g}", a_claim: "si {hand}", a_accept: "godta begeret",
    a_reroll: "kaste {dice} på nytt", a_keep: "beholde alle fem",
    points: "{sign}{n}\u00a0prosentpoeng",
  },
  nl: {
    coach: "Coach", switch_on: "Coach: aan", switch_off: "Coach: uit", allowed: "Coach toegestaan",
    allow: "Coach toestaan (elke speler mag de kansen vanaf de eigen plaats zien)",
    only_you: "Alleen jij ziet dit: de kansen vanaf jouw plaats, berekend uit wat jij kunt zien.",
    working: "De kansen worden berekend…", failed: "De coach kon deze stand niet doorrekenen.",
    no_bid: "Nog geen bod.", bid_holds: "{bid} klopt: {exact} met jouw stenen, {adjusted} met wat er geboden is.",
    spot: "Precies goed: {exact} met jouw stenen, {adjusted} met wat er geboden is.",
    unseen: { one: "{n} dobbelsteen die je niet ziet.", other: "{n} dobbelstenen die je niet ziet." },
    bids_title: "Jouw biedingen: de kans dat elk bod klopt", col_bid: "Bod", col_exact: "Met jouw stenen", col_adjusted: "Met wat er geboden is",
    all_bids: "Alle {n} biedingen", all_claims: "Alle {n} boden", no_claim: "Nog geen bod.",
    claim_holds: "{bid} klopt: {exact} met wat je zag, {adjusted} als je bluf meetelt.",
    claims_title: "De boden waarmee je de beker kunt doorgeven", col_claim: "Bod", col_true: "Op jouw stenen", col_looks: "Lijkt waar voor de ander",
    no_play: "Nog geen zet om te beoordelen.",
    play_claims: "{name} zegt {claim}. Klopt alleen op grond van de kaarten: {exact}; naar wat {name} tot nu toe heeft laten zien: {adjusted}.",
    play_announces: "{name} noemt {claim}. Klopt alleen op grond van de kaarten: {exact}; naar wat {name} tot nu toe heeft laten zien: {adjusted}.",
    out_there: { one: "Er kan nog {n} kaart rondgaan die het waar maakt.", other: "Er kunnen nog {n} kaarten rondgaan die het waar maken." },
    cards_title: "Wat de anderen in de hand kunnen hebben",
    guess: "Raad je {card} bij {name}, dan heb je het {p} van de keren goed.",
    eight: "De acht tegen {name}: je wint {win}, gelijk {tie}, je verliest {lose}.",
    advice: "De sterke bot zou {action}.",
    review: "Bespreek mijn partij", review_title: "Nabespreking van je partij", review_wait: "De coach loopt je partij door…",
    review_failed: "De nabespreking kon niet worden gemaakt.", review_none: { one: "De sterke bot was het eens met je enige keuze.", other: "De sterke bot was het eens met al je keuzes ({n})." },
    review_summary: { one: "Je had één keuze, en de sterke bot had anders gespeeld.", other: "Bij {k} van je {n} keuzes had de sterke bot anders gespeeld; de duurste eerst." },
    item: "Zet {n} — jij: {taken}; de sterke bot: {advised}",
    chances: "Kans om te winnen: {taken} met jouw zet, {advised} met die van de bot ({gain}).",
    too_close: "Te dicht bij elkaar om te zeggen: de uitgespeelde stellingen maken geen onderscheid tussen de twee zetten.", held_up: "In de uitgespeelde stellingen deed jouw zet het beter.",
    exact: "Het exacte evenwicht: {probs}.", exact_loss: "Verwacht verlies van jouw zet: {loss}.",
    as_you_saw: "De stand zoals jij hem zag", prev: "Vorige", next: "Volgende", step: "{i} van {n}",
    a_bid: "{bid} bieden", a_liar: "“Je liegt!” roepen", a_spot: "zeggen dat het precies klopt", a_challenge: "“Je liegt!” roepen",
    a_pass: "“Ik geloof je” zeggen", a_play: "{cards} spelen", a_play_as: "{card} als {announce} spelen",
    a_play_honest: "{card} spelen en zeggen wat het is", a_ll: "{card} spelen",
    a_ll_on: "{card} op {name} spelen", a_ll_self: "{card} op jezelf spelen", a_ll_guess: "{card} op {name} spelen en {g} raden", a_claim: "{hand} zeggen",
    a_accept: "de beker aannemen", a_reroll: "{dice} opnieuw gooien", a_keep: "alle vijf houden",
    points: "{sign}{n}\u00a0procentpunt",
  },
};
// A sentence starts with a capital even when it starts with a bid's words ("Four ones holds", «Eén
// vier klopt»: i18n.capital).
const x = (k, p) => capital(tr(TX, k, p));
const a_ = (k, p) => tr(TX, k, p); // an action's words, said inside a sentence
/** A coach string in the page's language (the table's settings list names the coach setting). */
export const cx = x;

/** A probability as the page's language writes a percentage ("31 %" in nb, "31%" in en). */
export function pct(p) {
  if (typeof p !== "number") return "–";
  // Near either end a tenth is kept, and what may happen is never 0% or 100%: «Tre firere holder:
  // 100 %» stood over the advice's «tre firere holder >99 %» (the coach's words never say 100%)
  const edge = (p > 0 && p < 0.01) || (p > 0.99 && p < 1);
  const fmt = (x) => new Intl.NumberFormat(getLang(), { style: "percent", maximumFractionDigits: edge ? 1 : 0 }).format(x);
  if (p > 0 && p < 0.0005) return `<${fmt(0.001)}`;
  if (p < 1 && p >= 0.9995) return `>${fmt(0.999)}`;
  return fmt(p);
}

/** A change of chance: percentage points, whole and signed, as the glossary and the terminal's
 * review say («+19 prosentpoeng», «−4 procentpunt», "+19 points"). A difference of two chances is
 * not a chance: «(+19 %)» read as 19 % of something, and «(−0,6%)» gave a tenth nobody weighs.
 * The number and its unit never part at a line's end (a no-break space, as Intl puts in «19 %»). */
function points(taken, advised) {
  // from the two chances as the line shows them, so its three numbers agree: «31% … 19% (−13
  // procentpunt)» had rounded the difference itself
  const d = Math.round(advised * 100) - Math.round(taken * 100);
  return a_("points", { n: Math.abs(d), sign: d === 0 ? "" : d > 0 ? "+" : "−" });
}

const llName = (c) => `${rankName(c)} (${tr(LOVE, c)})`;

/** An action (its JSON form) in words, as the review names yours and the strong bot's. */
export function actionWords(game, a, name, me = null) {
  if (!a) return "";
  switch (a.type) {
    case "bid": return a_("a_bid", { bid: faceWords(a.quantity, a.face) });
    case "liar": return a_("a_liar");
    case "spot_on": return a_("a_spot");
    case "challenge": case "accuse": return a_("a_challenge");
    case "pass": return a_("a_pass");
    case "accept": return a_("a_accept");
    case "claim": return a_("a_claim", { hand: claimWords(a) });
    // the dice by their values, the 1 as the ace, as the poker hands name them: «kaste et ess og to
    // femmere på nytt» («kaste 1 5 5 på nytt» was a code)
    case "reroll": return a.dice.length ? a_("a_reroll", { dice: rankList(a.dice.map((d) => (d === 1 ? "A" : String(d)))) }) : a_("a_keep");
    case "play":
      if (Array.isArray(a.cards)) return a_("a_play", { cards: cardsWords(a.cards) });
      // Liegen: an honest announcement in the picker's words («spille H♦ og si det som det er»), not
      // «spille H♦ som H♦»; a rank said alone (rank_step) as a card of it: «spille 9♠ som en åtter»
      if (a.announce && (a.announce === a.card || a.announce === a.card[0])) return a_("a_play_honest", { card: cardText(a.card) });
      if (a.announce) return a_("a_play_as", { card: cardText(a.card), announce: a.announce.length === 1 ? aRank(a.announce) : cardText(a.announce) });
      // a verb phrase as the log and the terminal say it: «spille en 6 mot Bram og gjette konge»
      // (it said «spille 6 (Sekser) mot Bram og gjette 13 (Konge)», a label dropped into a sentence)
      if (a.guess) return a_("a_ll_guess", { card: aCard(a.card), name: name(a.target), g: cardWord(a.guess) });
      if (Number.isInteger(a.target) && a.target === me) return a_("a_ll_self", { card: aCard(a.card) });
      if (Number.isInteger(a.target)) return a_("a_ll_on", { card: aCard(a.card), name: name(a.target) });
      return a_("a_ll", { card: aCard(a.card) });
    default: return JSON.stringify(a);
  }
}

/**
 * Cards of a play (Cheat) in words: "two sevens" when they share a rank; else a player's own cards
 * as themselves, «3♣ og 9♥», and the strong bot's, which name ranks only (codes like "3", "K", with
 * no suit it could know of), as a list: «en treer og en nier», «twee vrouwen en een heer». «spille
 * 3 9» and «V V H spelen» were codes.
 */
function cardsWords(cards) {
  const ranks = new Set(cards.map((c) => c[0]));
  if (ranks.size === 1 && cards[0][0] !== "X") return rankWords(cards.length, cards[0][0]);
  if (cards.every((c) => c.length > 1 || c === "X")) return listing(cards.map(cardText));
  return rankList(cards.map((c) => c[0]));
}

const RANK_ORDER = "A23456789TJQKX";

/** Ranks as a list, each counted, from the lowest: «to damer og en konge», "an ace and two fives". */
function rankList(ranks) {
  const order = [...new Set(ranks)].sort((a, b) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b));
  return listing(order.map((r) => {
    const n = ranks.filter((q) => q === r).length;
    return n === 1 ? aRank(r) : rankWords(n, r);
  }));
}

/** The words of a bid or claim the odds name: dice ("three fives") or a poker hand. */
function bidWords(b) {
  return b.hand ? claimWords(b) : faceWords(b.quantity, b.face);
}

function bidsTable(bids) {
  const shown = 8; // the lowest raises are the ones worth weighing; the rest fold away
  const poker = bids[0] && bids[0].claim;
  const rows = (list) => list.map((b) => h("tr", {},
    poker ? h("td", {}, claimWords(b.claim)) : h("td", {}, bidWords(b), " ", die(b.face, "mini")),
    h("td", {}, poker ? (b.exact ? "✓" : "✗") : pct(b.exact)), h("td", {}, pct(poker ? b.looks : b.adjusted))));
  const head = h("tr", {}, h("th", {}, x(poker ? "col_claim" : "col_bid")), h("th", {}, x(poker ? "col_true" : "col_exact")),
    h("th", {}, x(poker ? "col_looks" : "col_adjusted")));
  return h("div", { class: "coach-bids" },
    h("h4", {}, x(poker ? "claims_title" : "bids_title")),
    h("table", { id: "coach-bids" }, h("thead", {}, head), h("tbody", {}, rows(bids.slice(0, shown)))),
    bids.length > shown ? h("details", { id: "coach-all-bids" }, h("summary", {}, x(poker ? "all_claims" : "all_bids", { n: bids.length })),
      h("table", {}, h("thead", {}, head.cloneNode(true)), h("tbody", {}, rows(bids.slice(shown))))) : null);
}

function diceOdds(o, v) {
  const standing = v.bid || (v.claims && v.claims.at(-1));
  return [
    o.standing_exact === null || o.standing_exact === undefined || !standing
      ? h("p", { id: "coach-standing" }, x(v.claims ? "no_claim" : "no_bid"))
      : h("p", { id: "coach-standing", "data-exact": o.standing_exact, "data-adjusted": o.standing },
        x(v.claims ? "claim_holds" : "bid_holds", { bid: bidWords(standing), exact: pct(o.standing_exact), adjusted: pct(o.standing) })),
    typeof o.spot_on_exact === "number" ? h("p", { id: "coach-spot" }, x("spot", { exact: pct(o.spot_on_exact), adjusted: pct(o.spot_on) })) : null,
    Number.isInteger(o.unseen) ? h("p", { class: "coach-note" }, x("unseen", { n: o.unseen })) : null,
    o.bids && o.bids.length ? bidsTable(o.bids) : null,
  ];
}

/** What the last play claimed, as the table says it: "two aces" (Cheat), "5♥" (Liegen). */
function claimText(c) {
  if (!c) return "";
  return c.rank ? rankWords(c.count, c.rank) : cardText(c.card);
}

function cardOdds(o, v, name) {
  if (o.last_play_exact === null || o.last_play_exact === undefined) return [h("p", { id: "coach-play" }, x("no_play"))];
  const who = (v.last_play || v.announcement || {}).seat;
  return [
    h("p", { id: "coach-play", "data-exact": o.last_play_exact, "data-adjusted": o.last_play },
      x(o.claimed && o.claimed.rank ? "play_claims" : "play_announces",
        { name: name(who), claim: claimText(o.claimed), exact: pct(o.last_play_exact), adjusted: pct(o.last_play) })),
    Number.isInteger(o.out_there) ? h("p", { id: "coach-out-there" }, x("out_there", { n: o.out_there })) : null,
  ];
}

function loveOdds(o, v, name) {
  const seats = (o.cards || []).map((c, i) => [i, c]).filter(([, c]) => c);
  const ranks = [...new Set(seats.flatMap(([, c]) => Object.keys(c)))]
    .sort((a, b) => "KQJT98765".indexOf(a) - "KQJT98765".indexOf(b));
  // one row per card, one column per other player: three players fit a phone's width, nine cards do not
  return [
    seats.length ? h("div", { class: "coach-cards" }, h("h4", {}, x("cards_title")),
      h("table", { id: "coach-cards" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map(([i]) => h("th", { "data-seat": i }, name(i))))),
        h("tbody", {}, ranks.map((r) => h("tr", { "data-rank": r }, h("td", {}, llName(r)),
          seats.map(([, c]) => h("td", { class: c[r] > 0 ? "" : "nil" }, c[r] > 0 ? pct(c[r]) : "·"))))))) : null,
    (o.guess || []).map((g) => h("p", { class: "coach-guess" }, x("guess", { card: llName(g.guess), name: name(g.seat), p: pct(g.chance) }))),
    (o.eight || []).map((e) => h("p", { class: "coach-eight" }, x("eight", { name: name(e.seat), win: pct(e.win), tie: pct(e.tie), lose: pct(e.lose) }))),
  ];
}

/**
 * The strong bot's advice: its move, and the coach's one line why. The server says the line in
 * every language (`advice_text`), seats as {seat<n>}: filled in here with the names the page shows.
 */
function adviceLine(game, c, name, me) {
  const a = c.odds.advice;
  if (!a) return null;
  const said = (c.advice_text && (c.advice_text[getLang()] || c.advice_text.en)) || a.text || "";
  // the server (liars.coach.words) makes the first letter a capital, accents on both e's of «één»,
  // where Dutch writes «Eén vier klopt …» at a sentence's start: i18n.capital puts it right here
  const why = capital(said.replace(/\{seat(\d+)\}/g, (_, i) => name(Number(i))));
  return h("p", { class: "coach-advice", id: "coach-advice", "data-action": JSON.stringify(a.action) },
    a.action ? h("strong", {}, x("advice", { action: actionWords(game, a.action, name, me) })) : null,
    why ? ` ${why}` : null);
}

/** The switch at your seat: sends {type: "coach", on} for this connection only. */
export function coachSwitch(on, toggle) {
  return h("button", { type: "button", id: "coach-switch", class: `secondary coach-switch${on ? " on" : ""}`,
    "aria-pressed": String(on), onclick: toggle }, x(on ? "switch_on" : "switch_off"));
}

/** The coach's panel for the view in `f`, from the coach frame `c` (shown only for the same seq). */
export function coachPanel(f, c, name) {
  const v = f.view;
  const fresh = c && c.on && c.seq === f.seq;
  let body;
  if (!fresh) body = [h("p", { class: "coach-note", id: "coach-wait" }, x("working"))];
  else if (!c.odds) body = [h("p", { class: "coach-note", id: "coach-failed" }, x("failed"))];
  else if (v.game === "liars-dice" || v.game === "liars-dice-poker") body = diceOdds(c.odds, v);
  else if (v.game === "cheat" || v.game === "liegen") body = cardOdds(c.odds, v, name);
  else if (v.game === "love-letter") body = loveOdds(c.odds, v, name);
  else body = [];
  return h("section", { class: "coach-panel", id: "coach", "aria-live": "polite", "data-seq": fresh ? c.seq : "" },
    h("h3", {}, x("coach")), h("p", { class: "coach-note" }, x("only_you")), body.flat(2),
    fresh && c.odds ? adviceLine(v.game, c, name, v.seat) : null);
}

/** A drawing with no ids (the review's positions sit beside the live table: no duplicate ids). */
function noIds(el) {
  if (el && el.querySelectorAll) {
    el.removeAttribute?.("id");
    for (const n of el.querySelectorAll("[id]")) n.removeAttribute("id");
  }
  return el;
}

/**
 * The review after the game. `rv`: {state: "ask" | "wait" | "done", data, at}; `ask()` sends the
 * request; `go(i)` steps to item i. Each item shows the position as the seat saw it, drawn by the
 * game's own renderer `R` from the item's view.
 */
export function reviewSection(rv, R, ctx, ask, go) {
  const head = h("h3", {}, x("review_title"));
  if (rv.state === "ask") {
    return h("section", { class: "coach-review", id: "review" }, head,
      h("button", { type: "button", id: "review-ask", onclick: ask }, x("review")));
  }
  if (rv.state === "wait") return h("section", { class: "coach-review", id: "review" }, head, h("p", { id: "review-wait" }, x("review_wait")));
  const data = rv.data;
  if (!data) return h("section", { class: "coach-review", id: "review" }, head, h("p", { id: "review-failed" }, x("review_failed")));
  const items = data.items || [];
  if (!items.length) {
    return h("section", { class: "coach-review", id: "review" }, head, h("p", { id: "review-none" }, x("review_none", { n: data.decisions })));
  }
  const at = Math.min(Math.max(rv.at || 0, 0), items.length - 1);
  const it = items[at];
  const line = (item) => x("item", { n: item.move + 1, taken: actionWords(data.game, item.taken, ctx.name, item.view.seat),
    advised: actionWords(data.game, item.advised, ctx.name, item.view.seat) });
  const seen = { view: it.view, legal: [], seat: it.view.seat };
  const rctx = { ...ctx, sel: [], pending: true, toggle: () => {}, send: () => {}, frame: seen };
  return h("section", { class: "coach-review", id: "review" }, head,
    h("p", { id: "review-summary" }, x("review_summary", { k: items.length, n: data.decisions })),
    h("ol", { id: "review-list" }, items.map((item, i) => h("li", { class: i === at ? "current" : "" },
      h("button", { type: "button", class: "review-item secondary", "aria-current": i === at ? "true" : null, "data-move": item.move,
        onclick: () => go(i) }, line(item))))),
    h("div", { class: "review-step", id: "review-step", "data-move": it.move },
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "review-prev", disabled: at === 0, onclick: () => go(at - 1) }, x("prev")),
        h("span", { class: "review-at" }, x("step", { i: at + 1, n: items.length })),
        h("button", { type: "button", id: "review-next", disabled: at === items.length - 1, onclick: () => go(at + 1) }, x("next"))),
      h("p", { class: "review-line" }, h("strong", {}, line(it))),
      h("p", { id: "review-chances" }, x("chances", { taken: pct(it.win_taken), advised: pct(it.win_advised), gain: points(it.win_taken, it.win_advised) })),
      // the bot would have played otherwise, but its move did no better where both were played on
      // a verdict only where the worlds tell the two moves apart (the review's `close`: the gain is
      // within two standard errors); it said «as good or better» of two moves tied at 50% over 12 worlds
      it.close ? h("p", { id: "review-close" }, x("too_close"))
        : it.gain < 0 ? h("p", { id: "review-held" }, x("held_up")) : null,
      it.exact ? h("p", { id: "review-exact" }, exactLine(data.game, it.exact, ctx.name)) : null,
      h("h4", {}, x("as_you_saw")),
      h("div", { class: "review-position", id: "review-position" },
        h("div", { class: "board" }, noIds(R.board(it.view, rctx))),
        h("div", { class: "mine" }, noIds(R.mine(seen, rctx))))));
}

/** The solver's equilibrium where it covers the position: its chance of each move, and your loss. */
function exactLine(game, e, name) {
  const probs = (e.policy || []).filter((p) => p.p >= 0.005)
    .map((p) => `${actionWords(game, p.action, name)} ${pct(p.p)}`).join(", ");
  const loss = typeof e.loss === "number"
    ? ` ${x("exact_loss", { loss: new Intl.NumberFormat(getLang(), { maximumFractionDigits: 2 }).format(e.loss) })}` : "";
  return `${x("exact", { probs })}${loss}`;
}
