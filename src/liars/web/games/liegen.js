// Liegen (Dutch cheat): one card a turn with an announcement that follows; accuse before the next.
// Announcing is a compact picker: the honest announcement first, then rank × suit (docs/glossary.md).
import { backs, card, cardText, h, heldLine, heldOfRank, pile, revealedHand } from "../draw.js";
import { aside, pickHint, rankName, tr } from "../i18n.js";

export const TX = {
  en: {
    announced: "{name} announces {card}", announced_me: "You announced {card}", free: "New trick: announce any card.", dealer: "dealer",
    pick_card: "Pick the card to play, then what you say it is:", honest: "Say what it is: {card}", other: "Or say:", other_only: "You can't say what it is here. Say:",
    deal: "Round {r}: {name} deals.", play: "{name} plays a card and says {ann}.", mine: "(really {card})",
    accuse_true: "{name} accuses {target}, but {target} told the truth ({card}): {taker} takes {taken}.",
    accuse_lie: "{name} accuses {target}, and {target} lied ({card}): {taker} takes {taken}.",
    win: "{name} plays their last card and wins round {r}.", win_after: "That was {name}'s last card: {name} wins round {r}.",
    turned_true: "{name} accuses {target}, but {target} told the truth: {taker} takes the pile.",
    turned_lie: "{name} accuses {target}, and {target} lied: {taker} takes the pile.",
    held_card: "You hold {card}.", held_not: "You don't hold {card}.", held: "You hold {cards}:", held_none: "You hold no {ranks}.",
  },
  nb: {
    announced: "{name} sier {card}", announced_me: "Du sa {card}", free: "Nytt stikk: si hvilket kort du vil.", dealer: "giver",
    pick_card: "Velg kortet du spiller, og så hva du sier det er:", honest: "Si det som det er: {card}", other: "Eller si:", other_only: "Her kan du ikke si det som det er. Si:",
    deal: "Runde {r}: {name} gir.", play: "{name} legger et kort og sier {ann}.", mine: "(egentlig {card})",
    accuse_true: "{name} anklager {target}, men {target} snakket sant ({card}): {taker} tar {taken}.",
    accuse_lie: "{name} anklager {target}, og {target} løy ({card}): {taker} tar {taken}.",
    win: "{name} legger sitt siste kort og vinner runde {r}.", win_after: "Det var det siste kortet til {name}: {name} vinner runde {r}.",
    turned_true: "{name} anklager {target}, men {target} snakket sant: {taker} tar bunken.",
    turned_lie: "{name} anklager {target}, og {target} løy: {taker} tar bunken.",
    held_card: "Du har {card}.", held_not: "Du har ikke {card}.", held: "Du har {cards}:", held_none: "Du har ingen {ranks}.",
  },
  nl: {
    announced: "{name} noemt {card}", announced_me: "Jij noemde {card}", free: "Nieuwe slag: noem een kaart naar keuze.", dealer: "Deler",
    pick_card: "Kies de kaart die je speelt, en dan wat je zegt dat het is:", honest: "Zeg wat het is: {card}", other: "Of noem:", other_only: "Wat het is mag je hier niet zeggen. Noem:",
    deal: "Ronde {r}: {name} deelt.", play: "{name} legt een kaart en noemt {ann}.", mine: "(eigenlijk {card})",
    accuse_true: "{name} beschuldigt {target}, maar {target} sprak de waarheid ({card}): {taker} pakt {taken}.",
    accuse_lie: "{name} beschuldigt {target}, en terecht ({card}): {taker} pakt {taken}.",
    win: "{name} speelt de laatste kaart en wint ronde {r}.", win_after: "Dat was de laatste kaart van {name}: {name} wint ronde {r}.",
    turned_true: "{name} beschuldigt {target}, maar {target} sprak de waarheid: {taker} pakt de speelstapel.",
    turned_lie: "{name} beschuldigt {target}, en terecht: {taker} pakt de speelstapel.",
    held_card: "Je hebt {card}.", held_not: "Je hebt {card} niet.", held: "Je hebt {cards}:", held_none: "Je hebt geen {ranks}.",
  },
};
const x = (k, p) => tr(TX, k, p);
const SUIT_ORDER = ["S", "H", "D", "C"];
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_ORDER = "A23456789TJQK";
const picked = { card: null, rank: null }; // the picker's rank, for the card picked

/** In a window, whether you hold the announced card (or, a rank said alone, how many of it), in the
 * action bar: on a phone the bar covered the whole hand while the window ticked. */
function held(v) {
  const said = v.announcement && v.announcement.card;
  if (!said) return null;
  const hand = v.hand || [];
  if (said.length === 1) return heldOfRank(said, hand, x);
  return hand.includes(said) ? heldLine(x("held_card", { card: cardText(said) }), [said]) : heldLine(x("held_not", { card: cardText(said) }), []);
}

/** Who plays after the card on the table (also while its window is open). */
function next(v) {
  if (v.window.length && v.announcement) return (v.announcement.seat + 1) % v.hand_sizes.length;
  return v.to_act[0];
}

/** The last accusation is shown only until the next card is played (the view keeps it all round). */
function freshTurn(v) {
  const last = v.history.at(-1);
  return v.turned && !v.over && last && last.type === "accuse" ? v.turned : null;
}

function suitButton(a, ctx, label) {
  const s = a.announce[1];
  return h("button", {
    type: "button", class: `act announce ${s === "D" || s === "H" ? "red" : "black"}`, disabled: ctx.pending,
    "data-action": JSON.stringify(a), onclick: () => ctx.send(a),
  }, label);
}

export default {
  next,

  /** Who made the claim a window answers. */
  claimer(v) {
    return v.announcement ? v.announcement.seat : null;
  },

  /** The card on the table as announced («Bram sier A♣»); `mine`: by the viewer («Du sa A♣»). */
  claim(v, ctx, mine = false) {
    return v.announcement ? x(mine ? "announced_me" : "announced", { name: ctx.name(v.announcement.seat), card: cardText(v.announcement.card) }) : "";
  },

  seat(v, i, ctx) {
    return h("span", {}, backs(v.hand_sizes[i]), ` ${v.hand_sizes[i]}`,
      v.dealer === i ? h("div", { class: "tag dealer" }, x("dealer")) : "",
      v.options.target_wins > 1 ? h("div", { class: "tag" }, ctx.t("rounds_won", { n: v.round_wins[i] })) : "");
  },

  board(v, ctx) {
    const tu = freshTurn(v);
    return h("div", {},
      h("p", { class: "round" }, ctx.t("round_n", { n: v.round })),
      pile(v.pile_size, ctx.t),
      v.over ? null : v.announcement ? h("p", { class: "claim", id: "claim" }, this.claim(v, ctx))
        : h("p", { class: "claim", id: "claim" }, x("free")),
      tu ? h("div", { class: "revealed", id: "revealed" }, card(tu.card), " ",
        x(tu.lie ? "turned_lie" : "turned_true", { name: ctx.name(tu.accuser), target: ctx.name(tu.accused), taker: ctx.name(tu.taker) })) : null);
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
      return h("div", { class: "choices window" }, held(f.view),
        h("button", { type: "button", class: "act liar", disabled: ctx.pending, onclick: () => ctx.send({ type: "accuse" }) }, ctx.t("liar")),
        h("button", { type: "button", class: "act pass", disabled: ctx.pending, onclick: () => ctx.send({ type: "pass" }) }, ctx.t("pass")));
    }
    const chosen = f.legal.filter((a) => a.type === "play" && a.card === ctx.sel[0]);
    if (!chosen.length) return h("p", { class: "hint" }, pickHint(false)); // one card a turn
    if (picked.card !== ctx.sel[0]) Object.assign(picked, { card: ctx.sel[0], rank: null });
    const c = ctx.sel[0];
    // Under rank_step an announcement is a rank; else a card. The honest one first, when allowed.
    const honest = chosen.find((a) => a.announce === c || (a.announce.length === 1 && a.announce === c[0]));
    const ranks = [...new Set(chosen.map((a) => a.announce[0]))].sort((a, b) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b));
    if (!ranks.includes(picked.rank)) picked.rank = honest ? honest.announce[0] : ranks[0];
    const ofRank = chosen.filter((a) => a.announce[0] === picked.rank)
      .sort((a, b) => SUIT_ORDER.indexOf(a.announce[1]) - SUIT_ORDER.indexOf(b.announce[1]));
    return h("div", { class: "choices announce", id: "announce" },
      honest ? h("button", { type: "button", class: "act announce honest", disabled: ctx.pending,
        "data-action": JSON.stringify(honest), onclick: () => ctx.send(honest) }, x("honest", { card: cardText(honest.announce) })) : null,
      // no honest button: «Of noem:» ("or name") had nothing to be the other choice to, and why the
      // card cannot be said as it is is what a learner asks
      h("div", { class: "picker" }, h("span", {}, x(honest ? "other" : "other_only")),
        h("span", { class: "ranks", role: "group" }, ranks.map((r) => h("button", {
          type: "button", class: `rank${r === picked.rank ? " chosen" : ""}`, "aria-pressed": String(r === picked.rank),
          "data-rank": r, onclick: () => { picked.rank = r; ctx.redraw(); },
        }, rankName(r)))),
        h("span", { class: "suits" }, ofRank.map((a) => (a.announce.length === 1
          ? h("button", { type: "button", class: "act announce", disabled: ctx.pending, "data-action": JSON.stringify(a), onclick: () => ctx.send(a) }, rankName(a.announce))
          : suitButton(a, ctx, `${rankName(a.announce[0])}${SUITS[a.announce[1]]}`))))));
  },

  log(v, ctx) {
    return v.history.map((e, i) => {
      if (e.type === "deal") return x("deal", { r: e.round, name: ctx.name(e.dealer) });
      if (e.type === "play") {
        const s = x("play", { name: ctx.name(e.seat), ann: cardText(e.announce) });
        // one's own card, where it is not the very card announced (a lie, or a rank said alone)
        return e.card && e.card !== e.announce ? aside(s, x("mine", { card: cardText(e.card) })) : s;
      }
      if (e.type === "accuse") {
        return x(e.lie ? "accuse_lie" : "accuse_true", { name: ctx.name(e.seat), target: ctx.name(e.accused), card: cardText(e.card),
          taker: ctx.name(e.taker), taken: ctx.t("cards_n", { n: e.count }) });
      }
      if (e.type === "win") {
        // the last card is one event: told as a play just above (the round's end, or the match's),
        // the win says that card was the last, not that another was laid («legger sitt siste kort»
        // read as a second play); a new round's history starts with the win alone, and says it all
        const before = v.history[i - 1];
        const played = before && before.type === "play" && before.seat === e.seat;
        return x(played ? "win_after" : "win", { name: ctx.name(e.seat), r: e.round });
      }
      return e.type;
    });
  },

  reveal(v, hands, ctx) {
    return h("ul", { class: "reveal", id: "reveal" }, v.hand_sizes.map((_, i) => h("li", {},
      h("span", { class: "who" }, ctx.name(i)),
      hands ? revealedHand((hands[i] || {}).hand || [], ctx.t("no_cards")) : ctx.t("cards_n", { n: v.hand_sizes[i] }),
      v.options.target_wins > 1 ? h("span", { class: "wins" }, ctx.t("rounds_won", { n: v.round_wins[i] })) : null)));
  },
};
