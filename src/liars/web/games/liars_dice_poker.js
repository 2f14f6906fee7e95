// Poker Liar's Dice for two: the cup, the claims as poker hands, liar or accept, re-roll by clicking dice.
// The five dice are drawn face up only from the view's own `dice` (the holder who has looked) and
// `passed_dice` (what this seat passed); the receiver who has not accepted sees a closed cup.
// Hand names are those of docs/glossary.md ("et par seksere", "twee paar", "liten straight").
import { die, h } from "../draw.js";
import { touch, tr } from "../i18n.js";

export const TX = {
  en: {
    h_nothing: "Nothing", h_pair: "Pair", h_two_pairs: "Two pairs", h_three: "Three of a kind",
    h_low_straight: "Low straight", h_high_straight: "High straight", h_full_house: "Full house",
    h_four: "Four of a kind", h_five: "Five of a kind",
    v1: "aces", v2: "twos", v3: "threes", v4: "fours", v5: "fives", v6: "sixes",
    c_nothing: "nothing", c_pair: "a pair of {x}", c_two_pairs: "two pairs, {x} and {y}", c_three: "three {x}",
    c_low_straight: "a low straight", c_high_straight: "a high straight",
    c_full_house: "a full house, three {x} and two {y}", c_four: "four {x}", c_five: "five {x}",
    claims: "{name} claims {claim}", opens: "{name} has the cup and opens the round.", you_open: "You have the cup: open the round with a claim.",
    lives: { one: "{n} life", other: "{n} lives" }, cup: "has the cup",
    rerolled: { one: "re-rolled {n} die", other: "re-rolled {n} dice" }, kept: "kept all five",
    looking: "{name} accepted and is looking under the cup.",
    yours: "Your dice under the cup", passed: "You passed the cup with", unseen: "You have the cup but have not looked under it.",
    hand: "Hand", over: "three of", and_two: "and two of", pass_cup: "Pass the cup: {claim}",
    pick_reroll_click: "Click the dice to re-roll, then:", pick_reroll_tap: "Tap the dice to re-roll, then:", reroll: { one: "Re-roll {n} die", other: "Re-roll {n} dice" },
    keep_all: "Keep all five", only_liar: "Nothing is higher than five aces.",
    called: "{name} called Liar! on {claim}.", showed: "The dice: {hand}.",
    held: "The claim held: {name} loses a life.", too_high: "The claim was too high: {name} loses a life.",
    round_log: "Round {r}: {claims}.", rolloff: "Roll for who opens: {rolls}", tie: "Re-roll for the tie: {rolls}", last_cup: "The cup at the last call",
  },
  nb: {
    h_nothing: "Ingenting", h_pair: "Par", h_two_pairs: "To par", h_three: "Tre like",
    h_low_straight: "Liten straight", h_high_straight: "Stor straight", h_full_house: "Hus",
    h_four: "Fire like", h_five: "Fem like",
    v1: "ess", v2: "toere", v3: "treere", v4: "firere", v5: "femmere", v6: "seksere",
    c_nothing: "ingenting", c_pair: "et par {x}", c_two_pairs: "to par, {x} og {y}", c_three: "tre {x}",
    c_low_straight: "liten straight", c_high_straight: "stor straight",
    c_full_house: "hus, tre {x} og to {y}", c_four: "fire {x}", c_five: "fem {x}",
    claims: "{name} sier {claim}", opens: "{name} har begeret og åpner runden.", you_open: "Du har begeret: åpne runden med et bud.",
    lives: "{n} liv", cup: "har begeret",
    rerolled: { one: "kastet {n} terning på nytt", other: "kastet {n} terninger på nytt" }, kept: "beholdt alle fem",
    looking: "{name} godtok budet og ser under begeret.",
    yours: "Terningene dine under begeret", passed: "Du sendte begeret videre med", unseen: "Du har begeret, men har ikke sett under det.",
    hand: "Hånd", over: "tre", and_two: "og to", pass_cup: "Send begeret: {claim}",
    pick_reroll_click: "Klikk på terningene du vil kaste på nytt, og så:", pick_reroll_tap: "Trykk på terningene du vil kaste på nytt, og så:", reroll: { one: "Kast {n} terning på nytt", other: "Kast {n} terninger på nytt" },
    keep_all: "Behold alle fem", only_liar: "Ingenting er høyere enn fem ess.",
    called: "{name} ropte «Løgner!» på {claim}.", showed: "Terningene: {hand}.",
    held: "Budet holdt: {name} mister et liv.", too_high: "Budet var for drøyt: {name} mister et liv.",
    round_log: "Runde {r}: {claims}.", rolloff: "Kast om hvem som åpner: {rolls}", tie: "Omkast ved likt: {rolls}", last_cup: "Begeret ved siste rop",
  },
  nl: {
    h_nothing: "Niets", h_pair: "Paar", h_two_pairs: "Twee paar", h_three: "Drie gelijke",
    h_low_straight: "Kleine straat", h_high_straight: "Grote straat", h_full_house: "Full house",
    h_four: "Vier gelijke", h_five: "Vijf gelijke",
    v1: "azen", v2: "tweeën", v3: "drieën", v4: "vieren", v5: "vijven", v6: "zessen",
    c_nothing: "niets", c_pair: "een paar {x}", c_two_pairs: "twee paar, {x} en {y}", c_three: "drie {x}",
    c_low_straight: "een kleine straat", c_high_straight: "een grote straat",
    c_full_house: "full house, drie {x} en twee {y}", c_four: "vier {x}", c_five: "vijf {x}",
    claims: "{name} zegt {claim}", opens: "{name} heeft de beker en opent de ronde.", you_open: "Jij hebt de beker: open de ronde met een bod.",
    lives: { one: "{n} leven", other: "{n} levens" }, cup: "heeft de beker",
    rerolled: { one: "gooide {n} steen opnieuw", other: "gooide {n} stenen opnieuw" }, kept: "hield alle vijf",
    looking: "{name} gelooft het en kijkt onder de beker.",
    yours: "Je dobbelstenen onder de beker", passed: "Je gaf de beker door met", unseen: "Jij hebt de beker, maar hebt er nog niet onder gekeken.",
    hand: "Hand", over: "drie", and_two: "en twee", pass_cup: "Geef de beker door: {claim}",
    pick_reroll_click: "Klik op de stenen die je opnieuw gooit, en dan:", pick_reroll_tap: "Tik op de stenen die je opnieuw gooit, en dan:", reroll: { one: "Gooi {n} steen opnieuw", other: "Gooi {n} stenen opnieuw" },
    keep_all: "Houd alle vijf", only_liar: "Niets is hoger dan vijf azen.",
    called: "{name} riep “Je liegt!” bij {claim}.", showed: "De stenen: {hand}.",
    held: "Het bod klopte: {name} verliest een leven.", too_high: "Het bod was te hoog: {name} verliest een leven.",
    round_log: "Ronde {r}: {claims}.", rolloff: "Gooien om wie begint: {rolls}", tie: "Opnieuw gooien bij gelijkspel: {rolls}", last_cup: "De beker bij de laatste uitdaging",
  },
};
const x = (k, p) => tr(TX, k, p);

const HANDS = ["nothing", "pair", "two_pairs", "three", "low_straight", "high_straight", "full_house", "four", "five"];
const ORDER = [2, 3, 4, 5, 6, 1]; // poker order, lowest first: the ace (1) is highest
const rank = (v) => ORDER.indexOf(v);
const ARITY = { nothing: 0, pair: 1, two_pairs: 2, three: 1, low_straight: 0, high_straight: 0, full_house: 2, four: 1, five: 1 };

/** A claim in words: "et par seksere", "twee paar, zessen en drieën", "a full house, three sixes and two threes". */
export function claimWords(c) {
  const [a, b] = c.values;
  return x(`c_${c.hand}`, { x: a ? x(`v${a}`) : "", y: b ? x(`v${b}`) : "" });
}

/** The dice a claim names, as a picture: [6 6] for a pair of sixes, [6 6 6 3 3] for the full house. */
function pattern(c) {
  const [a, b] = c.values;
  return {
    nothing: [], pair: [a, a], two_pairs: [a, a, b, b], three: [a, a, a], low_straight: [2, 3, 4, 5, 6],
    high_straight: [3, 4, 5, 6, 1], full_house: [a, a, a, b, b], four: [a, a, a, a], five: [a, a, a, a, a],
  }[c.hand];
}

/** The best claim five dice hold (what a lifted cup showed). */
export function bestHand(dice) {
  const counts = {};
  for (const d of dice) counts[d] = (counts[d] || 0) + 1;
  const by = Object.keys(counts).map(Number).sort((p, q) => counts[q] - counts[p] || rank(q) - rank(p));
  const shape = by.map((v) => counts[v]);
  const set = [...new Set(dice)].sort().join("");
  if (shape[0] === 5) return { hand: "five", values: [by[0]] };
  if (shape[0] === 4) return { hand: "four", values: [by[0]] };
  if (shape[0] === 3 && shape[1] === 2) return { hand: "full_house", values: [by[0], by[1]] };
  if (set === "13456") return { hand: "high_straight", values: [] };
  if (set === "23456") return { hand: "low_straight", values: [] };
  if (shape[0] === 3) return { hand: "three", values: [by[0]] };
  if (shape[0] === 2 && shape[1] === 2) return { hand: "two_pairs", values: [by[0], by[1]] };
  if (shape[0] === 2) return { hand: "pair", values: [by[0]] };
  return { hand: "nothing", values: [] };
}

function mini(values, extra = "mini") {
  return h("span", { class: "dice" }, values.map((d) => die(d, extra)));
}

/** A small cup: drawn over the holder's seat, and on the board over the five hidden dice. */
function cup(cls = "") {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", `cup ${cls}`);
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(SVG, "path");
  p.setAttribute("d", "M18 10 H82 L72 90 H28 Z");
  svg.append(p);
  return svg;
}

// What the picker shows while the turn lasts: the hand chosen, and the first value of a two-value hand.
// A new position starts from the hand your dice make if it may be claimed, else the lowest allowed.
const pick = { seq: null, hand: null, first: null };

function claimButton(a, legal, ctx) {
  const ok = legal.some((b) => b.hand === a.hand && b.values.join() === a.values.join());
  const words = claimWords(a);
  return h("button", {
    type: "button", class: "act claim", disabled: !ok || ctx.pending, "data-action": JSON.stringify(a),
    title: words, "aria-label": x("pass_cup", { claim: words }), onclick: () => ctx.send(a),
  }, ARITY[a.hand] ? mini(pattern(a)) : words);
}

function picker(claims, ctx) {
  const types = HANDS.filter((hd) => claims.some((c) => c.hand === hd));
  if (pick.seq !== ctx.frame.seq) {
    const own = ctx.frame.view.dice ? bestHand(ctx.frame.view.dice) : null;
    const fits = own && claims.some((c) => c.hand === own.hand);
    Object.assign(pick, { seq: ctx.frame.seq, hand: fits ? own.hand : types[0], first: fits ? own.values[0] ?? null : null });
  }
  if (!types.includes(pick.hand)) pick.hand = types[0];
  const hand = pick.hand;
  const of = claims.filter((c) => c.hand === hand);
  const select = h("select", { id: "hand", "aria-label": x("hand"), onchange: (e) => { pick.hand = e.target.value; pick.first = null; ctx.redraw(); } },
    HANDS.map((hd) => h("option", { value: hd, selected: hd === hand, disabled: !types.includes(hd) }, x(`h_${hd}`))));
  let buttons;
  if (ARITY[hand] === 0) buttons = [claimButton({ type: "claim", hand, values: [] }, of, ctx)];
  else if (ARITY[hand] === 1) buttons = ORDER.map((v) => claimButton({ type: "claim", hand, values: [v] }, of, ctx));
  else {
    const firsts = ORDER.filter((v) => of.some((c) => c.values[0] === v));
    if (!firsts.includes(pick.first)) pick.first = firsts[0];
    const seconds = ORDER.filter((v) => v !== pick.first && (hand === "full_house" || rank(v) < rank(pick.first)));
    buttons = [
      h("span", { class: "first" }, hand === "full_house" ? x("over") : "",
        h("select", { id: "first", "aria-label": x("hand"), onchange: (e) => { pick.first = Number(e.target.value); ctx.redraw(); } },
          ORDER.filter((v) => hand === "full_house" || v !== 2).map((v) => h("option", { value: v, selected: v === pick.first, disabled: !firsts.includes(v) }, x(`v${v}`)))),
        hand === "full_house" ? ` ${x("and_two")}` : ""),
      ...seconds.map((v) => claimButton({ type: "claim", hand, values: [pick.first, v] }, of, ctx)),
    ];
  }
  return h("span", { class: "poker-picker", id: "picker" }, select, buttons);
}

/** What a holder did with the dice before claiming: "re-rolled 2 dice", or "kept all five". */
const rerolledWords = (n) => (n ? x("rerolled", { n }) : x("kept"));

function claimLine(c, j, ctx) {
  const said = `${ctx.name(c.seat)}: ${claimWords(c)}`;
  return j === 0 ? said : `${said} (${rerolledWords(c.rerolled)})`;
}

function callLines(r, ctx) {
  const claim = r.claims ? r.claims.at(-1) : r.claim;
  return [
    x("called", { name: ctx.name(r.caller), claim: claimWords(claim) }),
    x("showed", { hand: claimWords(bestHand(r.dice)) }),
    x(r.held ? "held" : "too_high", { name: ctx.name(r.loser) }),
  ].join(" ");
}

export default {
  seat(v, i, ctx) {
    const n = v.lives[i];
    return h("span", { class: "lives", title: x("lives", { n }) },
      h("span", { class: "hearts", "aria-hidden": "true" }, "♥".repeat(Math.min(n, 10))), ` ${x("lives", { n })}`,
      v.holder === i ? h("span", { class: "holder" }, cup("mini"), ` ${x("cup")}`) : null);
  },

  board(v, ctx) {
    const c = v.claim;
    const called = v.revealed ? callLines(v.revealed, ctx) : "";
    const hidden = v.over ? null : h("span", { class: "under-cup" }, cup("big"), h("span", { class: "dice" }, [0, 1, 2, 3, 4].map(() => die(null, "mini"))));
    let lead = null;
    if (!v.over && !c) lead = h("p", { class: "bid" }, v.starter === ctx.me ? x("you_open") : x("opens", { name: ctx.name(v.starter) }));
    else if (c) {
      // how many dice were re-rolled before it: what the receiver judges a claim by (the board said
      // only the claim, so a bot's re-roll, public for an instant, was never seen)
      const last = v.claims.length > 1 ? v.claims.at(-1) : null;
      const how = last ? ` (${rerolledWords(last.rerolled)})` : "";
      lead = h("p", { class: "bid", id: "claim" }, x("claims", { name: ctx.name(c.seat), claim: claimWords(c) }) + how, " ", mini(pattern(c)));
    }
    return h("div", {},
      h("p", { class: "round" }, ctx.t("round_n", { n: v.round }), " ", hidden),
      lead,
      v.phase === "reroll" ? h("p", { class: "looking" }, x("looking", { name: ctx.name(v.holder) })) : null,
      // re-rolled, the claim still to come: how many dice is public at once
      v.phase === "claim" && c && v.rerolled !== null ? h("p", { class: "looking" },
        `${ctx.name(v.holder)} ${rerolledWords(v.rerolled)}.`) : null,
      v.claims.length > 1 ? h("ol", { class: "bids earlier" }, v.claims.slice(0, -1).map((k, j) => h("li", {}, claimLine(k, j, ctx)))) : null,
      v.revealed ? h("div", { class: "revealed", id: "revealed" }, h("p", { title: called }, called),
        h("span", { class: "dice" }, v.revealed.dice.map((d) => die(d)))) : null);
  },

  mine(f, ctx) {
    const v = f.view;
    const rerolling = f.legal.some((a) => a.type === "reroll");
    if (v.dice) {
      const best = claimWords(bestHand(v.dice));
      const dice = rerolling
        ? v.dice.map((d, i) => {
          const on = ctx.sel.includes(String(i));
          const b = h("button", { type: "button", class: `pick die-pick${on ? " selected" : ""}`, "aria-pressed": String(on),
            "data-face": d, "aria-label": String(d), onclick: () => ctx.toggle(String(i), true) }, die(d));
          return b;
        })
        : v.dice.map((d) => die(d));
      return h("div", {}, h("h3", {}, x("yours")), h("div", { class: "dice own" }, dice), h("p", { class: "best" }, best));
    }
    if (v.passed_dice) return h("div", {}, h("h3", {}, x("passed")), h("div", { class: "dice own" }, v.passed_dice.map((d) => die(d))));
    if (v.holder === v.seat && v.claims.length) return h("div", {}, h("p", { class: "unseen" }, cup("mini"), " ", x("unseen")));
    return h("div", {});
  },

  actions(f, ctx) {
    const legal = f.legal;
    const claims = legal.filter((a) => a.type === "claim");
    const out = [];
    if (legal.some((a) => a.type === "reroll")) {
      const dice = f.view.dice || [];
      const chosen = ctx.sel.map(Number).filter((i) => i < dice.length).map((i) => dice[i]).sort((p, q) => p - q);
      const a = { type: "reroll", dice: chosen };
      out.push(h("span", { class: "hint" }, x(touch() ? "pick_reroll_tap" : "pick_reroll_click")), h("button", {
        type: "button", class: "act reroll", id: "reroll", disabled: ctx.pending, "data-action": JSON.stringify(a), onclick: () => ctx.send(a),
      }, chosen.length ? x("reroll", { n: chosen.length }) : x("keep_all")));
    }
    for (const a of legal.filter((b) => b.type === "liar" || b.type === "accept")) {
      out.push(h("button", { type: "button", class: `act ${a.type === "liar" ? "liar" : "pass"}`, disabled: ctx.pending,
        "data-action": JSON.stringify(a), onclick: () => ctx.send(a) }, a.type === "liar" ? ctx.t("liar") : ctx.t("pass")));
    }
    if (legal.length === 1 && legal[0].type === "liar") out.push(h("span", { class: "hint" }, x("only_liar")));
    if (claims.length) out.push(picker(claims, ctx));
    return h("div", { class: "choices" }, out);
  },

  log(v, ctx) {
    const lines = [];
    (v.rolloff || []).forEach((rolls, k) => lines.push(x(k ? "tie" : "rolloff", { rolls: rolls.map((d, i) => `${ctx.name(i)} ${d}`).join(", ") })));
    for (const r of v.history) {
      lines.push(x("round_log", { r: r.round, claims: r.claims.map((c, j) => claimLine(c, j, ctx)).join("; ") }));
      lines.push(callLines(r, ctx));
    }
    if (!v.over && v.claims.length) lines.push(v.claims.map((c, j) => claimLine(c, j, ctx)).join("; "));
    return lines;
  },

  revealTitle() {
    return x("last_cup");
  },

  reveal(v, _hands, ctx) {
    const r = v.revealed;
    return h("div", { class: "reveal", id: "reveal" }, r ? [h("p", {}, callLines(r, ctx)),
      h("span", { class: "dice cupdice" }, r.dice.map((d) => die(d)))] : null);
  },
};
