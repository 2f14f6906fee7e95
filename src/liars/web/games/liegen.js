// Liegen (Dutch cheat): one card a turn with an announcement that follows; accuse before the next.
import { back, backs, card, cardText, h } from "../draw.js";
import { tr } from "../i18n.js";

export const TX = {
  en: {
    announced: "{name} announced {card}", free: "New trick: announce any card.", dealer: "dealer",
    pick_card: "Pick the card to play, then what you say it is:", say: "Say:",
    deal: "Round {r}: {name} deals.", play: "{name} plays a card: {ann}.", mine: "(it was {card})",
    accuse: "{name} accuses {target}: it was {card} — {truth}. {taker} takes {n} cards.",
    true: "true", lie: "a lie", win: "{name} played their last card and wins round {r}.",
    turned: "{name} accused {target}: the card was", takes: "{taker} takes the pile.",
  },
  nb: {
    announced: "{name} sa {card}", free: "Nytt stikk: si hvilket kort du vil.", dealer: "giver",
    pick_card: "Velg kortet du spiller, så hva du sier det er:", say: "Si:",
    deal: "Runde {r}: {name} gir.", play: "{name} legger et kort: {ann}.", mine: "(det var {card})",
    accuse: "{name} anklager {target}: det var {card} — {truth}. {taker} tar {n} kort.",
    true: "sant", lie: "løgn", win: "{name} la sitt siste kort og vinner runde {r}.",
    turned: "{name} anklaget {target}: kortet var", takes: "{taker} tar bunken.",
  },
  nl: {
    announced: "{name} zei {card}", free: "Nieuwe slag: noem een willekeurige kaart.", dealer: "gever",
    pick_card: "Kies de kaart die je speelt, en dan wat je zegt dat het is:", say: "Zeg:",
    deal: "Ronde {r}: {name} deelt.", play: "{name} legt een kaart: {ann}.", mine: "(het was {card})",
    accuse: "{name} beschuldigt {target}: het was {card} — {truth}. {taker} pakt {n} kaarten.",
    true: "waar", lie: "gelogen", win: "{name} speelde de laatste kaart en wint ronde {r}.",
    turned: "{name} beschuldigde {target}: de kaart was", takes: "{taker} pakt de stapel.",
  },
};
const x = (k, p) => tr(TX, k, p);

export default {
  seat(v, i, ctx) {
    return h("span", {}, backs(v.hand_sizes[i]), ` ${v.hand_sizes[i]}`,
      v.dealer === i ? h("span", { class: "tag" }, ` · ${x("dealer")}`) : "",
      v.options.target_wins > 1 ? h("span", { class: "tag" }, ` · ${ctx.t("rounds_won", { n: v.round_wins[i] })}`) : "");
  },

  board(v, ctx) {
    const tu = v.turned;
    return h("div", {},
      h("p", { class: "round" }, ctx.t("round_n", { n: v.round })),
      h("div", { class: "pile", id: "pile" }, v.pile_size ? back() : null, h("span", {}, `${ctx.t("pile")}: ${ctx.t("cards_n", { n: v.pile_size })}`)),
      v.announcement ? h("p", { class: "claim", id: "claim" }, x("announced", { name: ctx.name(v.announcement.seat), card: cardText(v.announcement.card) }))
        : v.over ? null : h("p", { class: "claim", id: "claim" }, x("free")),
      tu ? h("div", { class: "revealed", id: "revealed" },
        x("turned", { name: ctx.name(tu.accuser), target: ctx.name(tu.accused) }), " ", card(tu.card), ` — ${x(tu.lie ? "lie" : "true")}. `,
        x("takes", { taker: ctx.name(tu.taker) })) : null);
  },

  mine(f, ctx) {
    const playing = f.legal.some((a) => a.type === "play");
    return h("div", {}, h("h3", {}, ctx.t("your_hand")),
      playing ? h("p", { class: "hint" }, x("pick_card")) : null,
      h("div", { class: "hand own" }, (f.view.hand || []).map((c) => card(c, {
        pick: playing, selected: ctx.sel.includes(c), onclick: playing ? () => ctx.toggle(c, false) : null,
      }))));
  },

  actions(f, ctx) {
    if (f.legal.some((a) => a.type === "accuse")) {
      return h("div", { class: "choices window" },
        h("button", { type: "button", class: "act liar", disabled: ctx.pending, onclick: () => ctx.send({ type: "accuse" }) }, ctx.t("liar")),
        h("button", { type: "button", class: "act pass", disabled: ctx.pending, onclick: () => ctx.send({ type: "pass" }) }, ctx.t("pass")));
    }
    const chosen = f.legal.filter((a) => a.type === "play" && a.card === ctx.sel[0]);
    if (!chosen.length) return h("p", { class: "hint" }, ctx.t("select_cards"));
    return h("div", { class: "choices announce" }, h("span", {}, x("say")),
      chosen.map((a) => h("button", { type: "button", class: "act announce", disabled: ctx.pending,
        "data-action": JSON.stringify(a), onclick: () => ctx.send(a) }, cardText(a.announce))));
  },

  log(v, ctx) {
    return v.history.map((e) => {
      if (e.type === "deal") return x("deal", { r: e.round, name: ctx.name(e.dealer) });
      if (e.type === "play") {
        const s = x("play", { name: ctx.name(e.seat), ann: cardText(e.announce) });
        return e.card ? `${s} ${x("mine", { card: cardText(e.card) })}` : s;
      }
      if (e.type === "accuse") {
        return x("accuse", { name: ctx.name(e.seat), target: ctx.name(e.accused), card: cardText(e.card),
          truth: x(e.lie ? "lie" : "true"), taker: ctx.name(e.taker), n: e.count });
      }
      if (e.type === "win") return x("win", { name: ctx.name(e.seat), r: e.round });
      return e.type;
    });
  },

  reveal(v, hands, ctx) {
    return h("ul", { class: "reveal", id: "reveal" }, v.hand_sizes.map((_, i) => h("li", {},
      h("span", { class: "who" }, ctx.name(i)),
      hands ? h("span", { class: "hand" }, (hands[i] || []).map((c) => card(c))) : ctx.t("cards_n", { n: v.hand_sizes[i] }),
      v.options.target_wins > 1 ? ` · ${ctx.t("rounds_won", { n: v.round_wins[i] })}` : "")));
  },
};
