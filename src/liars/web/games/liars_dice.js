// Liar's Dice (Løgnterninger): your dice, the bids, the call and what the cups showed.
// Bids are said in words ("Bram byr tre femmere", docs/glossary.md) beside the die they name.
import { die, h } from "../draw.js";
import { faceWords, listing, ordinal, tr } from "../i18n.js";

export const TX = {
  en: {
    bid_by: "{name} bids {bid}", no_bid: "No bid yet: {name} opens the round.", no_bid_me: "No bid yet: you open the round.", no_bid_yet: "No bid yet.", bids: "Bids this round",
    call_liar: "{name} called liar on {bid}.", call_spot: "{name} said {bid} is spot on.",
    counted: { none: "There were none.", one: "There was {n}.", other: "There were {n}." },
    held: "The bid held: {names} loses a die.", too_high: "The bid was too high: {names} loses a die.",
    lost: { one: "{names} lost a die.", other: "{names} each lost a die." },
    out: { one: "{names} is out of the game.", other: "{names} are out of the game." }, places: "Places",
    round_log: "Round {r} — {bids}.", bid_log: "{name}: {bid}", rolloff: "Roll for who opens: {rolls}", tie: "Re-roll for the tie: {rolls}",
    quantity: "How many", last_dice: "The cups at the last call",
  },
  nb: {
    bid_by: "{name} byr {bid}", no_bid: "Ingen bud ennå: {name} åpner runden.", no_bid_me: "Ingen bud ennå: du åpner runden.", no_bid_yet: "Ingen bud ennå.", bids: "Bud i denne runden",
    call_liar: "{name} ropte løgn på {bid}.", call_spot: "{name} sa at {bid} er helt riktig.",
    counted: { none: "Det var ingen.", other: "Det var {n}." },
    held: "Budet holdt: {names} legger bort en terning.", too_high: "Budet var for drøyt: {names} legger bort en terning.",
    lost: { one: "{names} mistet en terning.", other: "{names} mistet hver sin terning." }, out: "{names} er ute av spillet.", places: "Plasseringer",
    round_log: "Runde {r} — {bids}.", bid_log: "{name}: {bid}", rolloff: "Kast om hvem som åpner: {rolls}", tie: "Omkast ved likt: {rolls}",
    quantity: "Hvor mange", last_dice: "Begrene ved siste rop",
  },
  nl: {
    bid_by: "{name} biedt {bid}", no_bid: "Nog geen bod: {name} opent de ronde.", no_bid_me: "Nog geen bod: jij opent de ronde.", no_bid_yet: "Nog geen bod.", bids: "Biedingen deze ronde",
    call_liar: "{name} riep “Je liegt!” bij {bid}.", call_spot: "{name} zei dat {bid} precies klopt.",
    counted: { none: "Er waren er geen.", one: "Er was er {n}.", other: "Er waren er {n}." },
    held: "Het bod klopte: {names} verliest een dobbelsteen.", too_high: "Het bod was te hoog: {names} verliest een dobbelsteen.",
    lost: { one: "{names} verloor een dobbelsteen.", other: "{names} verloren elk een dobbelsteen." },
    out: { one: "{names} ligt uit het spel.", other: "{names} liggen uit het spel." }, places: "Plaatsen",
    round_log: "Ronde {r} — {bids}.", bid_log: "{name}: {bid}", rolloff: "Gooien om wie begint: {rolls}", tie: "Opnieuw gooien bij gelijkspel: {rolls}",
    quantity: "Hoeveel", last_dice: "De bekers bij de laatste uitdaging",
  },
};
const x = (k, p) => tr(TX, k, p);
// The quantity picked in the menu, for the standing bid it was picked against: a new bid or a new
// round starts it again from the lowest legal quantity (it kept a 10 picked last round, so one tap
// opened the next round with ten of a face).
const qty = { chosen: null, for: null };

/** Dice with those that count for a bid on `face` marked: with wild ones, the ones too (they were
 * counted in «Det var 13», but only the fours were marked, so the count looked wrong). */
function row(dice, face, wild = false, extra = "") {
  const counts = (d) => d === face || (wild && d === 1 && face !== 1);
  return h("span", { class: "dice" }, dice.map((d) => die(d, counts(d) ? `hit${d !== face ? " wild" : ""} ${extra}` : extra)));
}

/** Before the first bid: who opens the round (it read «åpne runden», an order to everyone). */
function noBid(v, ctx) {
  const who = (v.to_act || [])[0];
  if (who === undefined) return x("no_bid_yet");
  return who === ctx.me ? x("no_bid_me") : x("no_bid", { name: ctx.name(who) });
}

const wildOnes = (v) => Boolean(v.options && v.options.wild_ones);

/** A call's outcome, saying who was right: the bid held (the caller loses) or was too high. */
function verdict(r, ctx) {
  const names = listing(r.losers.map(ctx.name));
  if (r.call !== "liar") return x("lost", { names, n: r.losers.length });
  return x(r.losers.includes(r.caller) ? "held" : "too_high", { names });
}

function callLine(r, bid, ctx) {
  return `${x(r.call === "liar" ? "call_liar" : "call_spot", { name: ctx.name(r.caller), bid: faceWords(bid.quantity, bid.face) })} ${x("counted", { n: r.count })} ${verdict(r, ctx)}`;
}

/** A round's bids in the log, in words as everywhere else: «Ola: tre firere; Kari: fire firere»
 * (it said «Ola 3×4, Kari 4×4», a notation nobody at a table speaks). */
function bidList(bids, ctx) {
  return bids.map((b) => x("bid_log", { name: ctx.name(b.seat), bid: faceWords(b.quantity, b.face) })).join("; ");
}

function cups(r, ctx, wild) {
  // seats knocked out before this call had no dice: no empty rows
  return h("ul", { class: "cups" }, r.dice.map((d, i) => (d.length
    ? h("li", { "data-seat": i }, h("span", { class: "who" }, ctx.name(i)), row(d, r.bid.face, wild)) : null)));
}

export default {
  seat(v, i, ctx) {
    const n = v.dice_counts[i];
    const r = v.revealed;
    return h("span", { class: "dicecount", title: ctx.t("dice_n", { n }) },
      Array.from({ length: Math.min(n, 10) }, () => die(null, "mini")), ` ${n}`,
      // the last call's cup of this seat, shown in the seat on the oval table (style.css): the
      // board in the middle has no room for a full table's cups
      r && r.dice[i].length ? h("span", { class: "revealed seat-cup" }, row(r.dice[i], r.bid.face, wildOnes(v))) : null);
  },

  board(v, ctx) {
    const called = v.revealed ? callLine(v.revealed, v.revealed.bid, ctx) : "";
    return h("div", {},
      h("p", { class: "round" }, ctx.t("round_n", { n: v.round }), " · ", ctx.t("dice_n", { n: v.total_dice })),
      v.bid ? h("p", { class: "bid", id: "bid" }, x("bid_by", { name: ctx.name(v.bid.seat), bid: faceWords(v.bid.quantity, v.bid.face) }), " ", die(v.bid.face))
        : v.over ? null : h("p", { class: "bid" }, noBid(v, ctx)),
      v.bids.length ? h("ol", { class: "bids" }, v.bids.map((b) => h("li", {}, `${ctx.name(b.seat)}: ${b.quantity} ×`, die(b.face, "mini")))) : null,
      v.revealed ? h("div", { class: "revealed", id: "revealed" }, h("p", { title: called }, called), cups(v.revealed, ctx, wildOnes(v))) : null);
  },

  mine(f, ctx) {
    return h("div", {}, h("h3", {}, ctx.t("your_dice")), h("div", { class: "dice own" }, (f.view.dice || []).map((d) => die(d))));
  },

  actions(f, ctx) {
    const calls = f.legal.filter((a) => a.type !== "bid");
    const bids = f.legal.filter((a) => a.type === "bid");
    const qs = [...new Set(bids.map((b) => b.quantity))];
    const standing = `${(f.view.history || []).length}:${(f.view.bids || []).length}`;
    if (qty.for !== standing || !qs.includes(qty.chosen)) Object.assign(qty, { chosen: qs[0], for: standing });
    return h("div", { class: "choices" },
      calls.map((a) => h("button", { type: "button", class: `act ${a.type === "liar" ? "liar" : "spot"}`, disabled: ctx.pending,
        "data-action": JSON.stringify(a), onclick: () => ctx.send(a) }, a.type === "liar" ? ctx.t("liar") : ctx.t("spot_on"))),
      qs.length ? h("span", { class: "bidder" },
        h("label", { for: "quantity" }, x("quantity")),
        h("select", { id: "quantity", onchange: (e) => { qty.chosen = Number(e.target.value); ctx.redraw(); } },
          qs.map((q) => h("option", { value: q, selected: q === qty.chosen }, q))),
        " × ",
        bids.filter((b) => b.quantity === qty.chosen).map((a) => h("button", {
          type: "button", class: "act bid", disabled: ctx.pending, "data-action": JSON.stringify(a),
          title: `${ctx.t("bid")}: ${faceWords(a.quantity, a.face)}`, "aria-label": `${ctx.t("bid")}: ${faceWords(a.quantity, a.face)}`,
          onclick: () => ctx.send(a),
        }, die(a.face)))) : null);
  },

  log(v, ctx) {
    const lines = [];
    // the first roll decides who opens; each roll after it is a re-roll among those tied (only they roll)
    (v.rolloff || []).forEach((rolls, k) => lines.push(x(k ? "tie" : "rolloff", {
      rolls: rolls.map((d, i) => (d === null ? null : `${ctx.name(i)} ${d}`)).filter(Boolean).join(", "),
    })));
    for (const r of v.history) {
      lines.push(x("round_log", { r: r.round, bids: bidList(r.bids, ctx) }));
      lines.push(`${callLine(r, r.bids.at(-1), ctx)}${r.out.length ? ` ${x("out", { names: listing(r.out.map(ctx.name)), n: r.out.length })}` : ""}`);
    }
    if (!v.over && v.bids.length) lines.push(bidList(v.bids, ctx));
    return lines;
  },

  /** The game-over screen's heading: Liar's Dice shows the cups of the last call, not hands. */
  revealTitle() {
    return x("last_dice");
  },

  reveal(v, _hands, ctx) {
    const r = v.revealed;
    const order = (v.places || []).map((p, i) => [p, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return h("div", { class: "reveal", id: "reveal" },
      r ? cups(r, ctx, wildOnes(v)) : null,
      v.places ? h("div", { class: "places" }, h("h3", {}, x("places")),
        h("ol", { id: "places" }, order.map(([p, i]) => h("li", { "data-seat": i }, `${ordinal(p)} ${ctx.name(i)}`)))) : null);
  },
};
