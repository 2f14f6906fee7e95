// Love Letter with 16 ordinary cards (Kjærlighetsbrev): draw one, play one, with targets and guesses.
import { back, card, h } from "../draw.js";
import { rankName, tr } from "../i18n.js";

export const TX = {
  en: {
    deck: "Draw pile: {n}", aside: "One card set aside", known: "You know: {list}", pick: "Pick the card to play:",
    play: "Play {card}", on: "{card} → {name}", guess: "{card} → {name}: {g}?",
    round: "Round {r}: {name} begins.", played: "{name} plays {card}", target: " on {name}", guessed: ", guessing {g}",
    hit: ": right!", miss: ": wrong", seen: " (saw {card})", cmp: " (cards {a} / {b})", loser: "; {name} is out",
    equal: "; equal", swap: " (gave {gave}, got {got})", discarded: "; {name} discards {card}", drew: " and draws {card}",
    out: "{name} is out{card}.", out_card: ", showing {card}", end: "Round {r} won by {names}.",
    hands: " Hands: {list}.", wins: "Rounds won",
  },
  nb: {
    deck: "Trekkbunke: {n}", aside: "Ett kort lagt til side", known: "Du vet: {list}", pick: "Velg kortet du spiller:",
    play: "Spill {card}", on: "{card} → {name}", guess: "{card} → {name}: {g}?",
    round: "Runde {r}: {name} begynner.", played: "{name} spiller {card}", target: " mot {name}", guessed: ", gjetter {g}",
    hit: ": riktig!", miss: ": feil", seen: " (så {card})", cmp: " (kort {a} / {b})", loser: "; {name} er ute",
    equal: "; likt", swap: " (ga {gave}, fikk {got})", discarded: "; {name} kaster {card}", drew: " og trekker {card}",
    out: "{name} er ute{card}.", out_card: " og viser {card}", end: "Runde {r} vunnet av {names}.",
    hands: " Hender: {list}.", wins: "Vunne runder",
  },
  nl: {
    deck: "Trekstapel: {n}", aside: "Eén kaart apart gelegd", known: "Je weet: {list}", pick: "Kies de kaart die je speelt:",
    play: "Speel {card}", on: "{card} → {name}", guess: "{card} → {name}: {g}?",
    round: "Ronde {r}: {name} begint.", played: "{name} speelt {card}", target: " op {name}", guessed: ", raadt {g}",
    hit: ": goed!", miss: ": fout", seen: " (zag {card})", cmp: " (kaarten {a} / {b})", loser: "; {name} ligt eruit",
    equal: "; gelijk", swap: " (gaf {gave}, kreeg {got})", discarded: "; {name} legt {card} af", drew: " en trekt {card}",
    out: "{name} ligt eruit{card}.", out_card: " en toont {card}", end: "Ronde {r} gewonnen door {names}.",
    hands: " Handen: {list}.", wins: "Rondes gewonnen",
  },
};
const x = (k, p) => tr(TX, k, p);
const R = rankName;

function label(a, ctx) {
  if (a.guess) return x("guess", { card: R(a.card), name: ctx.name(a.target), g: R(a.guess) });
  if (a.target !== undefined) return x("on", { card: R(a.card), name: ctx.name(a.target) });
  return x("play", { card: R(a.card) });
}

export default {
  seat(v, i, ctx) {
    const inHand = v.out[i] ? 0 : 1;
    return h("span", {},
      inHand ? back("mini") : h("span", { class: "tag out" }, ctx.t("out")),
      v.protected[i] ? h("span", { class: "tag" }, ` 🛡 ${ctx.t("protected")}`) : "",
      v.target_wins > 1 ? h("span", { class: "tag" }, ` · ${ctx.t("rounds_won", { n: v.round_wins[i] })}`) : "",
      h("div", { class: "played" }, v.played[i].map((c) => card(c, { extra: "mini" }))));
  },

  board(v, ctx) {
    const known = Object.entries(v.known || {});
    return h("div", {},
      h("p", { class: "round" }, ctx.t("round_n", { n: v.round })),
      h("div", { class: "pile", id: "pile" }, v.deck_size ? back() : null, h("span", {}, x("deck", { n: v.deck_size }))),
      v.set_aside_down ? h("p", {}, x("aside")) : null,
      known.length ? h("p", { class: "known" }, x("known", { list: known.map(([s, c]) => `${ctx.name(Number(s))}: ${R(c)}`).join(", ") })) : null);
  },

  mine(f, ctx) {
    const playing = f.legal.length > 0;
    return h("div", {}, h("h3", {}, ctx.t("your_hand")),
      playing ? h("p", { class: "hint" }, x("pick")) : null,
      h("div", { class: "hand own" }, (f.view.hand || []).map((c) => card(c, {
        pick: playing, selected: ctx.sel.includes(c), onclick: playing ? () => ctx.toggle(c, false) : null,
      }))));
  },

  actions(f, ctx) {
    const chosen = f.legal.filter((a) => a.card === ctx.sel[0]);
    if (!chosen.length) return h("p", { class: "hint" }, ctx.t("select_cards"));
    return h("div", { class: "choices" }, chosen.map((a) => h("button", {
      type: "button", class: "act", disabled: ctx.pending, "data-action": JSON.stringify(a), onclick: () => ctx.send(a),
    }, label(a, ctx))));
  },

  log(v, ctx) {
    const n = ctx.name;
    return v.history.map((e) => {
      if (e.type === "round") return x("round", { r: e.round, name: n(e.starter) });
      if (e.type === "out") return x("out", { name: n(e.seat), card: e.card ? x("out_card", { card: R(e.card) }) : "" });
      if (e.type === "round_end") {
        const hands = e.hands ? x("hands", { list: Object.entries(e.hands).map(([s, c]) => `${n(Number(s))} ${R(c)}`).join(", ") }) : "";
        return x("end", { r: e.round, names: e.winners.map(n).join(", ") }) + hands;
      }
      if (e.type !== "play") return e.type;
      let s = x("played", { name: n(e.seat), card: R(e.card) });
      if (e.target !== undefined && e.target !== null) s += x("target", { name: n(e.target) });
      if (e.guess) s += x("guessed", { g: R(e.guess) }) + (e.hit ? x("hit") : x("miss"));
      if (e.seen) s += x("seen", { card: R(e.seen) });
      if (e.cards) s += x("cmp", { a: R(e.cards[0]), b: R(e.cards[1]) });
      if (e.card === "8") s += e.loser === null || e.loser === undefined ? x("equal") : x("loser", { name: n(e.loser) });
      if (e.gave) s += x("swap", { gave: R(e.gave), got: R(e.got) });
      if (e.discarded) s += x("discarded", { name: n(e.target), card: R(e.discarded) }) + (e.drew ? x("drew", { card: R(e.drew) }) : "");
      return /[.!?]$/.test(s) ? s : `${s}.`;
    });
  },

  reveal(v, hands, ctx) {
    return h("ul", { class: "reveal", id: "reveal" }, v.played.map((p, i) => h("li", {},
      h("span", { class: "who" }, ctx.name(i)),
      hands ? h("span", { class: "hand" }, (hands[i] || []).map((c) => card(c))) : null,
      h("span", { class: "played" }, p.map((c) => card(c, { extra: "mini" }))),
      ` · ${x("wins")}: ${v.round_wins[i]}`)));
  },
};
