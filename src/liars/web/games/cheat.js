// Cheat (Løgneren): your hand, the pile, the claim to make, the last play and what a call turned.
import { back, backs, card, cardText, h } from "../draw.js";
import { rankName, tr } from "../i18n.js";

export const TX = {
  en: {
    claim_next: "Next claim: {rank}", last_play: "{name} claims {n} × {rank}", play_as: "Play {n} × {rank}",
    start: "{name} starts; the first claim is {rank}.", play: "{name} plays {n} × {rank}.", mine: "(it was {cards})",
    challenge: "{name} calls {target} a liar: {cards} — {truth}. {taker} takes {taken} cards.",
    called: "{name} called {target} a liar — {truth}: {taker} takes the pile.", true: "true", lie: "a lie", win: "{name} has no cards left and wins.", turned: "Turned over:",
  },
  nb: {
    claim_next: "Neste utspill: {rank}", last_play: "{name} sier {n} × {rank}", play_as: "Spill {n} × {rank}",
    start: "{name} begynner; første utspill er {rank}.", play: "{name} spiller {n} × {rank}.", mine: "(det var {cards})",
    challenge: "{name} kaller {target} en løgner: {cards} — {truth}. {taker} tar {taken} kort.",
    called: "{name} kalte {target} en løgner — {truth}: {taker} tar bunken.", true: "sant", lie: "løgn", win: "{name} har ingen kort igjen og vinner.", turned: "Snudd:",
  },
  nl: {
    claim_next: "Volgende zet: {rank}", last_play: "{name} zegt {n} × {rank}", play_as: "Speel {n} × {rank}",
    start: "{name} begint; de eerste zet is {rank}.", play: "{name} speelt {n} × {rank}.", mine: "(het was {cards})",
    challenge: "{name} zegt dat {target} liegt: {cards} — {truth}. {taker} pakt {taken} kaarten.",
    called: "{name} zei dat {target} loog — {truth}: {taker} pakt de stapel.", true: "waar", lie: "gelogen", win: "{name} heeft geen kaarten meer en wint.", turned: "Omgedraaid:",
  },
};
const x = (k, p) => tr(TX, k, p);

export default {
  seat(v, i, ctx) {
    return h("span", { title: ctx.t("cards_n", { n: v.hand_sizes[i] }) }, backs(v.hand_sizes[i]), ` ${v.hand_sizes[i]}`);
  },

  board(v, ctx) {
    const r = v.revealed;
    return h("div", {},
      h("div", { class: "pile", id: "pile" }, v.pile_size ? back() : null, h("span", {}, `${ctx.t("pile")}: ${ctx.t("cards_n", { n: v.pile_size })}`)),
      v.over ? null : h("p", { class: "claim", id: "claim" }, x("claim_next", { rank: rankName(v.required_rank) })),
      v.last_play ? h("p", { class: "lastplay" }, x("last_play", { name: ctx.name(v.last_play.seat), n: v.last_play.count, rank: rankName(v.last_play.rank) })) : null,
      r ? h("div", { class: "revealed", id: "revealed" },
        h("p", {}, x("called", {
          name: ctx.name(r.challenger), target: ctx.name(r.seat), truth: x(r.truthful ? "true" : "lie"), taker: ctx.name(r.taker),
        })),
        h("div", { class: "cards" }, x("turned"), r.cards.map((c) => card(c)))) : null);
  },

  mine(f, ctx) {
    const playing = f.legal.some((a) => a.type === "play");
    return h("div", {}, h("h3", {}, ctx.t("your_hand")),
      playing ? h("p", { class: "hint" }, ctx.t("select_cards")) : null,
      h("div", { class: "hand own" }, (f.view.hand || []).map((c) => card(c, {
        pick: playing, selected: ctx.sel.includes(c), onclick: playing ? () => ctx.toggle(c, true) : null,
      }))));
  },

  actions(f, ctx) {
    if (f.legal.some((a) => a.type === "challenge")) {
      return h("div", { class: "choices window" },
        h("button", { type: "button", class: "act liar", disabled: ctx.pending, onclick: () => ctx.send({ type: "challenge" }) }, ctx.t("liar")),
        h("button", { type: "button", class: "act pass", disabled: ctx.pending, onclick: () => ctx.send({ type: "pass" }) }, ctx.t("pass")));
    }
    const n = ctx.sel.length;
    return h("div", { class: "choices" }, h("button", {
      type: "button", class: "act play", disabled: ctx.pending || n === 0,
      onclick: () => ctx.send({ type: "play", cards: [...ctx.sel] }),
    }, x("play_as", { n, rank: rankName(f.view.required_rank) })));
  },

  log(v, ctx) {
    return v.history.map((e) => {
      if (e.type === "start") return x("start", { name: ctx.name(e.starter), rank: rankName(e.required_rank) });
      if (e.type === "play") {
        const s = x("play", { name: ctx.name(e.seat), n: e.count, rank: rankName(e.rank) });
        return e.cards ? `${s} ${x("mine", { cards: e.cards.map(cardText).join(" ") })}` : s;
      }
      if (e.type === "challenge") {
        return x("challenge", {
          name: ctx.name(e.seat), target: ctx.name(e.target), cards: e.cards.map(cardText).join(" "),
          truth: x(e.truthful ? "true" : "lie"), taker: ctx.name(e.taker), taken: e.taken,
        });
      }
      if (e.type === "win") return x("win", { name: ctx.name(e.seat) });
      return e.type;
    });
  },

  reveal(v, hands, ctx) {
    return h("ul", { class: "reveal", id: "reveal" }, v.hand_sizes.map((_, i) => h("li", {},
      h("span", { class: "who" }, ctx.name(i)),
      hands ? h("span", { class: "hand" }, (hands[i] || []).map((c) => card(c))) : ctx.t("cards_n", { n: v.hand_sizes[i] }))));
  },
};
