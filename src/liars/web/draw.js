// DOM helpers and the pictures: dice as SVG, cards as CSS boxes with rank and suit.
import { rankName, rankPlural, rankWords } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** The pile in the middle (Cheat, Liegen): a card back and its count, or, after a call has
 * emptied it, that it is empty ("Speelstapel: 0 kaarten" said it in a roundabout way). */
export function pile(n, t) {
  return h("div", { class: "pile", id: "pile" }, n ? back() : null,
    h("span", {}, n ? [`${t("pile")}: `, h("span", { class: "count" }, t("cards_n", { n }))] : t("pile_empty")));
}

const SVG = "http://www.w3.org/2000/svg";
const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** A die showing `face` (1-6), or a hidden die (face null) drawn as a cup-grey blank. */
export function die(face, extra = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", `die ${face ? "shown" : "hidden"} ${extra}`);
  if (face) svg.setAttribute("data-face", face);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", face ? String(face) : "?");
  const rect = document.createElementNS(SVG, "rect");
  Object.entries({ x: 4, y: 4, width: 92, height: 92, rx: 18 }).forEach(([k, v]) => rect.setAttribute(k, v));
  svg.append(rect);
  for (const [cx, cy] of face ? PIPS[face] : []) {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", cx);
    c.setAttribute("cy", cy);
    c.setAttribute("r", 9);
    svg.append(c);
  }
  if (!face) {
    const q = document.createElementNS(SVG, "text");
    Object.entries({ x: 50, y: 66, "text-anchor": "middle" }).forEach(([k, v]) => q.setAttribute(k, v));
    q.textContent = "?";
    svg.append(q);
  }
  return svg;
}

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** A card face for a code like "TH" (rank + suit), a bare rank "7", or "X" (joker). */
export function card(code, { pick = false, selected = false, onclick = null, extra = "" } = {}) {
  const rank = code[0];
  const suit = code.length > 1 ? code[1] : "";
  const red = suit === "D" || suit === "H";
  const cls = ["card", "face", red ? "red" : "black", pick ? "pick" : "", selected ? "selected" : "", extra];
  return h(
    pick ? "button" : "div",
    { class: cls.filter(Boolean).join(" "), "data-code": code, onclick, type: pick ? "button" : null,
      "aria-pressed": pick ? String(selected) : null },
    h("span", { class: "corner" }, rank === "X" ? "★" : rankName(rank), h("br"), SUITS[suit] || ""),
    h("span", { class: "pip" }, rank === "X" ? "🃏" : SUITS[suit] || rankName(rank)),
  );
}

/** The back of a card: what everybody sees of a hidden card. */
export function back(extra = "") {
  return h("div", { class: `card back ${extra}`, "aria-hidden": "true" });
}

/** A small fan of `n` card backs (at most `max` drawn) with the count beside it. */
export function backs(n, max = 6) {
  const fan = h("span", { class: "fan" });
  for (let i = 0; i < Math.min(n, max); i++) fan.append(back("mini"));
  return fan;
}

export function cardText(code) {
  return (code[0] === "X" ? "Joker" : rankName(code[0])) + (SUITS[code[1]] || "");
}

/**
 * In a challenge window (Cheat, Liegen), what you hold of the claim, said and shown small, for the
 * action bar: on a phone the bar covered the whole hand, and a player had to scroll, the window
 * ticking, to see whether they hold the rank claimed.
 */
export function heldLine(text, cards) {
  return h("p", { class: "held", id: "held" }, h("span", {}, text), cards.map((c) => card(c, { extra: "mini" })));
}

/** What you hold of a claimed `rank` (Cheat's claim, a Liegen rank said alone), said by the game's
 * own `held` / `held_none` strings through `say` (its `x`). */
export function heldOfRank(rank, hand, say) {
  const mine = (hand || []).filter((c) => c[0] === rank);
  return heldLine(mine.length ? say("held", { cards: rankWords(mine.length, rank) }) : say("held_none", { ranks: rankPlural(rank) }), mine);
}

/** A hand on the game-over screen: its cards, or ``none`` in words (the winner's, most often). */
export function revealedHand(cards, none) {
  return cards.length ? h("span", { class: "hand" }, cards.map((c) => card(c))) : h("span", { class: "hand none" }, none);
}
