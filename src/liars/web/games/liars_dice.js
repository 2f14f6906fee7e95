// Liar's Dice (Løgnterninger): your dice, the bids, the call and what the cups showed.
import { die, h } from "../draw.js";
import { tr } from "../i18n.js";

export const TX = {
  en: {
    bid_by: "{name} bids {q} ×", no_bid: "No bid yet: open the round.", bids: "Bids this round",
    call_liar: "{name} called liar on {q} × {f}.", call_spot: "{name} claimed {q} × {f} spot on.",
    counted: "There were {c}.", lost: "{names} lost a die.", out: "{names} out.", places: "Places",
    round_log: "Round {r}: {bids}.", bid_log: "{name} {q}×{f}", rolloff: "Roll-off to open: {rolls}",
    quantity: "How many", place: "{n}.", last_dice: "The cups at the end",
  },
  nb: {
    bid_by: "{name} byr {q} ×", no_bid: "Ingen bud ennå: åpne runden.", bids: "Bud i denne runden",
    call_liar: "{name} ropte løgn på {q} × {f}.", call_spot: "{name} sa {q} × {f} er helt riktig.",
    counted: "Det var {c}.", lost: "{names} mistet en terning.", out: "{names} er ute.", places: "Plasseringer",
    round_log: "Runde {r}: {bids}.", bid_log: "{name} {q}×{f}", rolloff: "Kast om å åpne: {rolls}",
    quantity: "Hvor mange", place: "{n}.", last_dice: "Koppene til slutt",
  },
  nl: {
    bid_by: "{name} biedt {q} ×", no_bid: "Nog geen bod: open de ronde.", bids: "Biedingen deze ronde",
    call_liar: "{name} riep 'je liegt' op {q} × {f}.", call_spot: "{name} zei dat {q} × {f} precies klopt.",
    counted: "Het waren er {c}.", lost: "{names} verloor een dobbelsteen.", out: "{names} ligt eruit.", places: "Plaatsen",
    round_log: "Ronde {r}: {bids}.", bid_log: "{name} {q}×{f}", rolloff: "Gooien om te beginnen: {rolls}",
    quantity: "Hoeveel", place: "{n}.", last_dice: "De bekers aan het eind",
  },
};
const x = (k, p) => tr(TX, k, p);
const qty = { chosen: null };

function row(dice, face, extra = "") {
  return h("span", { class: "dice" }, dice.map((d) => die(d, d === face ? `hit ${extra}` : extra)));
}

function revealed(r, ctx) {
  const f = r.bid.face;
  return h("div", { class: "revealed", id: "revealed" },
    h("p", {}, x(r.call === "liar" ? "call_liar" : "call_spot", { name: ctx.name(r.caller), q: r.bid.quantity, f }),
      " ", x("counted", { c: r.count }), " ", x("lost", { names: r.losers.map(ctx.name).join(", ") })),
    h("ul", { class: "cups" }, r.dice.map((d, i) => h("li", {}, h("span", { class: "who" }, ctx.name(i)), row(d, f)))));
}

export default {
  seat(v, i, ctx) {
    const n = v.dice_counts[i];
    return h("span", { class: "dicecount", title: ctx.t("dice_n", { n }) },
      Array.from({ length: Math.min(n, 10) }, () => die(null, "mini")), ` ${n}`);
  },

  board(v, ctx) {
    return h("div", {},
      h("p", { class: "round" }, ctx.t("round_n", { n: v.round }), " · ", ctx.t("dice_n", { n: v.total_dice })),
      v.bid ? h("p", { class: "bid", id: "bid" }, x("bid_by", { name: ctx.name(v.bid.seat), q: v.bid.quantity }), " ", die(v.bid.face))
        : v.over ? null : h("p", { class: "bid" }, x("no_bid")),
      v.bids.length ? h("ol", { class: "bids" }, v.bids.map((b) => h("li", {}, `${ctx.name(b.seat)}: ${b.quantity} ×`, die(b.face, "mini")))) : null,
      v.revealed ? revealed(v.revealed, ctx) : null);
  },

  mine(f, ctx) {
    return h("div", {}, h("h3", {}, ctx.t("your_dice")), h("div", { class: "dice own" }, (f.view.dice || []).map((d) => die(d))));
  },

  actions(f, ctx) {
    const calls = f.legal.filter((a) => a.type !== "bid");
    const bids = f.legal.filter((a) => a.type === "bid");
    const qs = [...new Set(bids.map((b) => b.quantity))];
    if (!qs.includes(qty.chosen)) qty.chosen = qs[0];
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
          title: `${ctx.t("bid")} ${a.quantity} × ${a.face}`, onclick: () => ctx.send(a),
        }, die(a.face)))) : null);
  },

  log(v, ctx) {
    const lines = [];
    for (const rolls of v.rolloff || []) {
      lines.push(x("rolloff", { rolls: rolls.map((d, i) => (d === null ? null : `${ctx.name(i)} ${d}`)).filter(Boolean).join(", ") }));
    }
    for (const r of v.history) {
      lines.push(x("round_log", { r: r.round, bids: r.bids.map((b) => x("bid_log", { name: ctx.name(b.seat), q: b.quantity, f: b.face })).join(", ") }));
      lines.push(`${x(r.call === "liar" ? "call_liar" : "call_spot", { name: ctx.name(r.caller), q: r.bids.at(-1).quantity, f: r.bids.at(-1).face })} ${x("counted", { c: r.count })} ${x("lost", { names: r.losers.map(ctx.name).join(", ") })}${r.out.length ? ` ${x("out", { names: r.out.map(ctx.name).join(", ") })}` : ""}`);
    }
    if (!v.over && v.bids.length) lines.push(v.bids.map((b) => x("bid_log", { name: ctx.name(b.seat), q: b.quantity, f: b.face })).join(", "));
    return lines;
  },

  reveal(v, _hands, ctx) {
    const r = v.revealed;
    return h("div", { class: "reveal", id: "reveal" },
      r ? h("div", {}, h("p", {}, x("last_dice")), h("ul", { class: "cups" }, r.dice.map((d, i) => h("li", {}, h("span", { class: "who" }, ctx.name(i)), row(d, r.bid.face))))) : null,
      v.places ? h("p", {}, `${x("places")}: `, v.places.map((p, i) => `${ctx.name(i)} ${x("place", { n: p })}`).join(", ")) : null);
  },
};
