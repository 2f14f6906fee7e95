// Cheat (Løgneren): your hand, the pile, the claim to make, the last play and what a call turned.
// Claims are said in words, as at a table ("Bram sier to femmere"; docs/glossary.md).
import { backs, card, cardText, h, heldOfRank, pile, revealedHand } from "../draw.js";
import { aside, pickHint, rankPlural, rankWords, tr } from "../i18n.js";

export const TX = {
  en: {
    claim_next: "{name} must claim {ranks}.", claim_me: "You must claim {ranks}.", last_play: "{name} claims {claim}", last_play_me: "You claimed {claim}",
    play_as: "Play: “{claim}”",
    start: "{name} begins; the first claim is {ranks}.", play: "{name} claims {claim}.", mine: "(really {cards})",
    challenge_true: "{name} calls {target} a liar, but {target} told the truth ({cards}): {taker} takes {taken}.",
    challenge_lie: "{name} calls {target} a liar, and {target} lied ({cards}): {taker} takes {taken}.",
    called_true: "{name} calls {target} a liar, but {target} told the truth: {taker} takes the pile.",
    called_lie: "{name} calls {target} a liar, and {target} lied: {taker} takes the pile.",
    win: "{name} has no cards left and wins.", turned: "Turned over:",
    held: "You hold {cards}:", held_none: "You hold no {ranks}.",
  },
  nb: {
    claim_next: "{name} skal si {ranks}.", claim_me: "Du skal si {ranks}.", last_play: "{name} sier {claim}", last_play_me: "Du sa {claim}",
    play_as: "Spill ut: «{claim}»",
    start: "{name} begynner; første valør er {ranks}.", play: "{name} sier {claim}.", mine: "(egentlig {cards})",
    challenge_true: "{name} kaller {target} en løgner, men {target} snakket sant ({cards}): {taker} tar {taken}.",
    challenge_lie: "{name} kaller {target} en løgner, og {target} løy ({cards}): {taker} tar {taken}.",
    called_true: "{name} kaller {target} en løgner, men {target} snakket sant: {taker} tar bunken.",
    called_lie: "{name} kaller {target} en løgner, og {target} løy: {taker} tar bunken.",
    win: "{name} har ingen kort igjen og vinner.", turned: { one: "Kortet som ble snudd:", other: "Kortene som ble snudd:" },
    held: "Du har {cards}:", held_none: "Du har ingen {ranks}.",
  },
  nl: {
    claim_next: "{name} moet {ranks} zeggen.", claim_me: "Jij moet {ranks} zeggen.", last_play: "{name} zegt {claim}", last_play_me: "Jij zei {claim}",
    play_as: "Spelen: “{claim}”",
    start: "{name} begint; eerst worden {ranks} gezegd.", play: "{name} zegt {claim}.", mine: "(eigenlijk {cards})",
    challenge_true: "{name} zegt dat {target} loog, maar {target} sprak de waarheid ({cards}): {taker} pakt {taken}.",
    challenge_lie: "{name} zegt dat {target} loog, en dat klopt ({cards}): {taker} pakt {taken}.",
    called_true: "{name} zegt dat {target} loog, maar {target} sprak de waarheid: {taker} pakt de speelstapel.",
    called_lie: "{name} zegt dat {target} loog, en dat klopt: {taker} pakt de speelstapel.",
    win: "{name} heeft geen kaarten meer en wint.", turned: "Omgedraaid:",
    held: "Je hebt {cards}:", held_none: "Je hebt geen {ranks}.",
  },
};
const x = (k, p) => tr(TX, k, p);

/** Who plays after the play on the table: the player's left neighbour (also while its window is open). */
function next(v) {
  if (v.window && v.last_play) return (v.last_play.seat + 1) % v.hand_sizes.length;
  return v.to_act[0];
}

export default {
  next,

  /** Who made the claim a window answers. */
  claimer(v) {
    return v.last_play ? v.last_play.seat : null;
  },

  /** What a challenge window answers: the play on the table, in words; `mine`: the viewer's own. */
  claim(v, ctx, mine = false) {
    return v.last_play ? x(mine ? "last_play_me" : "last_play", { name: ctx.name(v.last_play.seat), claim: rankWords(v.last_play.count, v.last_play.rank) }) : "";
  },

  seat(v, i, ctx) {
    return h("span", { title: ctx.t("cards_n", { n: v.hand_sizes[i] }) }, backs(v.hand_sizes[i]), ` ${v.hand_sizes[i]}`);
  },

  board(v, ctx) {
    const r = v.revealed;
    const who = next(v);
    return h("div", {},
      pile(v.pile_size, ctx.t),
      v.last_play ? h("p", { class: "lastplay" }, this.claim(v, ctx)) : null,
      v.over || who === undefined ? null : h("p", { class: "claim", id: "claim" },
        x(who === ctx.me ? "claim_me" : "claim_next", { name: ctx.name(who), ranks: rankPlural(v.required_rank) })),
      r ? h("div", { class: "revealed", id: "revealed" },
        h("p", {}, x(r.truthful ? "called_true" : "called_lie", { name: ctx.name(r.challenger), target: ctx.name(r.seat), taker: ctx.name(r.taker) })),
        h("div", { class: "cards" }, x("turned", { n: r.cards.length }), r.cards.map((c) => card(c)))) : null);
  },

  mine(f, ctx) {
    const playing = f.legal.some((a) => a.type === "play");
    return h("div", {}, h("h3", {}, ctx.t("your_hand")),
      playing ? h("p", { class: "hint" }, pickHint(true)) : null,
      h("div", { class: "hand own" }, (f.view.hand || []).map((c) => card(c, {
        pick: playing, selected: ctx.sel.includes(c), onclick: playing ? () => ctx.toggle(c, true) : null,
      }))));
  },

  actions(f, ctx) {
    if (f.legal.some((a) => a.type === "challenge")) {
      // what you hold of the claimed rank, in the bar: on a phone it covers the hand (heldLine)
      const rank = f.view.last_play && f.view.last_play.rank;
      return h("div", { class: "choices window" },
        rank ? heldOfRank(rank, f.view.hand, x) : null,
        h("button", { type: "button", class: "act liar", disabled: ctx.pending, onclick: () => ctx.send({ type: "challenge" }) }, ctx.t("liar")),
        h("button", { type: "button", class: "act pass", disabled: ctx.pending, onclick: () => ctx.send({ type: "pass" }) }, ctx.t("pass")));
    }
    const n = ctx.sel.length;
    return h("div", { class: "choices" }, h("button", {
      type: "button", class: "act play", disabled: ctx.pending || n === 0,
      onclick: () => ctx.send({ type: "play", cards: [...ctx.sel] }),
    }, n === 0 ? ctx.t("pick_first") : x("play_as", { claim: rankWords(n, f.view.required_rank) })));
  },

  log(v, ctx) {
    return v.history.map((e) => {
      if (e.type === "start") return x("start", { name: ctx.name(e.starter), ranks: rankPlural(e.required_rank) });
      if (e.type === "play") {
        const s = x("play", { name: ctx.name(e.seat), claim: rankWords(e.count, e.rank) });
        if (!e.cards) return s;
        // "really" only where the cards differ from the claim: an honest play just shows them
        const shown = e.cards.map(cardText).join(" ");
        return aside(s, e.cards.every((c) => c.slice(0, -1) === e.rank) ? `(${shown})` : x("mine", { cards: shown }));
      }
      if (e.type === "challenge") {
        return x(e.truthful ? "challenge_true" : "challenge_lie", {
          name: ctx.name(e.seat), target: ctx.name(e.target), cards: e.cards.map(cardText).join(" "),
          taker: ctx.name(e.taker), taken: ctx.t("cards_n", { n: e.taken }),
        });
      }
      if (e.type === "win") return x("win", { name: ctx.name(e.seat) });
      return e.type;
    });
  },

  reveal(v, hands, ctx) {
    return h("ul", { class: "reveal", id: "reveal" }, v.hand_sizes.map((_, i) => h("li", {},
      h("span", { class: "who" }, ctx.name(i)),
      hands ? revealedHand((hands[i] || {}).hand || [], ctx.t("no_cards")) : ctx.t("cards_n", { n: v.hand_sizes[i] }))));
  },
};
