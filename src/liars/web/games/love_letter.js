// Love Letter with 16 ordinary cards (Kjærlighetsbrev): draw one, play one, with targets and guesses.
// Each card shows its name and what it does; a play is built one step at a time: card, then the
// player it is played on, then (for a 6 or 5) the guess. Words from the sheet: docs/glossary.md.
import { back, card, h } from "../draw.js";
import { listing, rankName, tr } from "../i18n.js";

export const TX = {
  en: {
    deck: "Draw pile: {n}", aside: "One card set aside", known: "You know: {list}", pick: "Pick the card to play:",
    play: "Play {card}", on: "Play {card} on whom?", guess_q: "Which card does {name} hold?", back_step: "Back",
    round: "Round {r}: {name} begins.", played: "{name} plays {card}", target: " on {name}", target_self: " on their own hand", guessed: ", guessing {g}",
    hit: ": right!", miss: ": wrong", seen: " (saw {card})", cmp: " (cards {a} / {b})",
    equal: "; equal", swap: " (gave {gave}, got {got})", discarded: "; {name} discards {card}", discarded_self: ", discards {card}", drew: " and draws {card}",
    out: "{name} is knocked out{card}.", out_card: ", showing {card}", end: "Round {r} won by {names}.",
    hands: " Left in hand: {list}.", tie: " Equal highest cards, so the sum of the cards they played and discarded decides: {list}.", reveal_title: "What everyone held, and what they played", wins: "Rounds won", round_n: "Round {n}", first_to: "(first to {t} wins)", knocked_out: "knocked out", self: "yourself",
    aK: "the king", aQ: "the queen", aJ: "the jack", aT: "a 10", a9: "a 9", a8: "an 8", a7: "a 7", a6: "a 6", a5: "a 5",
    K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine", 8: "Eight", 7: "Seven", 6: "Six", 5: "Five",
    eK: "You are knocked out if you play or discard it.", eQ: "No effect, but you must play it when you also hold the jack or a 10.",
    eJ: "Swap hands with another player.", eT: "A player (or you) discards their card and draws a new one.",
    e9: "You are protected until your next turn.", e8: "Compare hands with another player: the lower card is knocked out.",
    e7: "Look at another player's hand.", e6: "Guess another player's card (7 or higher): if right, they are knocked out.",
    e5: "Guess another player's card (7 or higher): if right, they are knocked out.",
  },
  nb: {
    deck: "Trekkbunke: {n}", aside: "Ett kort lagt til side", known: "Du vet: {list}", pick: "Velg kortet du spiller:",
    play: "Spill {card}", on: "Spill {card} mot hvem?", guess_q: "Hvilket kort har {name}?", back_step: "Tilbake",
    round: "Omgang {r}: {name} begynner.", played: "{name} spiller {card}", target: " mot {name}", target_self: " mot seg selv", guessed: ", gjetter {g}",
    hit: ": riktig!", miss: ": feil", seen: " (så {card})", cmp: " (kort {a} / {b})",
    equal: "; likt", swap: " (ga {gave}, fikk {got})", discarded: "; {name} legger ned {card}", discarded_self: ", legger ned {card}", drew: " og trekker {card}",
    out: "{name} er slått ut{card}.", out_card: " og viser {card}", end: "{names} vinner omgang {r}.",
    hands: " Igjen på hånden: {list}.", tie: " Like høye kort, så summen av kortene de har spilt og lagt ned, avgjør: {list}.", reveal_title: "Dette hadde alle på hånden, og dette spilte de", wins: "Vunne omganger", round_n: "Omgang {n}", first_to: "(først til {t} seire)", knocked_out: "slått ut", self: "deg selv",
    aK: "kongen", aQ: "dama", aJ: "knekten", aT: "en 10", a9: "en 9", a8: "en 8", a7: "en 7", a6: "en 6", a5: "en 5",
    K: "Konge", Q: "Dame", J: "Knekt", T: "Tier", 9: "Nier", 8: "Åtter", 7: "Sjuer", 6: "Sekser", 5: "Femmer",
    eK: "Du blir slått ut hvis du spiller eller legger ned dette kortet.", eQ: "Ingen virkning, men du må spille dama når du også har knekt eller en tier.",
    eJ: "Bytt kort med en annen spiller.", eT: "En spiller (eller du selv) legger ned håndkortet og trekker et nytt.",
    e9: "Du er beskyttet til din neste tur.", e8: "Sammenlign håndkort med en annen spiller: den med lavest kort er slått ut.",
    e7: "Se på håndkortet til en annen spiller.", e6: "Gjett kortet til en annen spiller (7 eller høyere): gjetter du rett, er den spilleren slått ut.",
    e5: "Gjett kortet til en annen spiller (7 eller høyere): gjetter du rett, er den spilleren slått ut.",
  },
  nl: {
    deck: "Trekstapel: {n}", aside: "Eén kaart apart gelegd", known: "Je weet: {list}", pick: "Kies de kaart die je speelt:",
    play: "Speel {card}", on: "Op wie speel je {card}?", guess_q: "Welke kaart heeft {name}?", back_step: "Terug",
    round: "Ronde {r}: {name} begint.", played: "{name} speelt {card}", target: " op {name}", target_self: " op zichzelf", guessed: ", raadt {g}",
    hit: ": goed!", miss: ": fout", seen: " (zag {card})", cmp: " (kaarten {a} / {b})",
    equal: "; gelijk", swap: " (gaf {gave}, kreeg {got})", discarded: "; {name} legt {card} af", discarded_self: ", legt {card} af", drew: " en trekt {card}",
    out: "{name} ligt eruit{card}.", out_card: " en toont {card}", end: "Ronde {r} gewonnen door {names}.",
    hands: " Nog in de hand: {list}.", tie: " Even hoge kaarten, dus beslist de som van de kaarten die ze speelden en aflegden: {list}.", reveal_title: "Dit had iedereen in de hand, en dit speelden ze", wins: "Rondes gewonnen", round_n: "Ronde {n}", first_to: "(wie er eerst {t} wint)", knocked_out: "ligt eruit", self: "jezelf",
    aK: "de heer", aQ: "de vrouw", aJ: "de boer", aT: "een 10", a9: "een 9", a8: "een 8", a7: "een 7", a6: "een 6", a5: "een 5",
    K: "Heer", Q: "Vrouw", J: "Boer", T: "Tien", 9: "Negen", 8: "Acht", 7: "Zeven", 6: "Zes", 5: "Vijf",
    eK: "Je ligt eruit als je deze kaart speelt of aflegt.", eQ: "Geen effect, maar je moet haar spelen als je ook de boer of een 10 hebt.",
    eJ: "Ruil je kaart met een andere speler.", eT: "Een speler (of jijzelf) legt de kaart af en trekt een nieuwe.",
    e9: "Je bent beschermd tot je volgende beurt.", e8: "Vergelijk je kaart met een andere speler: de laagste ligt eruit.",
    e7: "Bekijk de kaart van een andere speler.", e6: "Raad de kaart van een andere speler (7 of hoger): goed geraden, dan ligt die eruit.",
    e5: "Raad de kaart van een andere speler (7 of hoger): goed geraden, dan ligt die eruit.",
  },
};
const x = (k, p) => tr(TX, k, p);
const R = rankName;
// a card named in running text: a face card by its word («raadt heer», «viser konge»; a lone «H» or
// «B» reads as a suit or a typo), a number as it is printed («10»)
export const W = (c) => (/^[KQJ]$/.test(c) ? x(c).toLowerCase() : R(c));
// a card as a sentence's object, with the article a native puts there: «legger ned dama», «legt de
// vrouw af», «og trekker en 7» (the bare «legger ned dame» is no sentence); the face cards are
// single, so definite
export const A = (c) => x(`a${c}`);
const step = { card: null, target: null }; // the play being built: card, then target, then guess

/** A card with its name and what it does (the player's own cards, and the guesses). */
function named(c, opts = {}) {
  return h(opts.pick ? "div" : "span", { class: "llcard" }, card(c, opts),
    h("span", { class: "llname" }, `${R(c)} · ${x(c)}`),
    opts.effect ? h("span", { class: "effect" }, x(`e${c}`)) : null);
}

/** The card a seat holds: face down, and face up once the game is over and every hand is shown. */
function inHand(v, i, ctx) {
  const shown = v.over && ctx.revealed ? (ctx.revealed[i] || {}).hand || [] : [];
  return shown.length ? shown.map((c) => card(c, { extra: "mini in-hand" })) : back("mini in-hand");
}

export default {
  seat(v, i, ctx) {
    // One row: the card in hand (face down) and then the cards played, in order; under it the
    // tags. A seat on the oval has room for three lines, not four.
    // protection lasts until one's next turn: once the game is over there is none to tell
    const tags = [v.out[i] ? x("knocked_out") : "", v.protected[i] && !v.over ? ctx.t("protected") : "",
      v.target_wins > 1 ? `${x("wins")}: ${v.round_wins[i]}` : ""];
    const said = tags.filter(Boolean).join(" · ");
    return h("span", {},
      h("div", { class: "played" }, v.out[i] ? null : inHand(v, i, ctx),
        v.played[i].map((c) => card(c, { extra: "mini" }))),
      said ? h("div", { class: "tag" }, said) : "");
  },

  board(v, ctx) {
    const known = Object.entries(v.known || {});
    return h("div", {},
      h("p", { class: "round" }, x("round_n", { n: v.round }), // a match: what it is played to
        v.target_wins > 1 ? ` ${x("first_to", { t: v.target_wins })}` : ""),
      h("div", { class: "pile", id: "pile" }, v.deck_size ? back() : null, h("span", {}, x("deck", { n: v.deck_size }))),
      v.set_aside_down ? h("p", {}, x("aside")) : null,
      known.length ? h("p", { class: "known" }, x("known", { list: known.map(([s, c]) => `${ctx.name(Number(s))}: ${R(c)} (${x(c)})`).join(", ") })) : null);
  },

  mine(f, ctx) {
    const playing = f.legal.length > 0;
    return h("div", {}, h("h3", {}, ctx.t("your_hand")), // what to do is said in the action bar
      // a card that cannot be played now (the queen is forced beside the jack or a 10) is not offered
      h("div", { class: "hand own" }, (f.view.hand || []).map((c) => {
        const can = playing && f.legal.some((a) => a.card === c);
        return named(c, { pick: can, selected: ctx.sel.includes(c), effect: true, onclick: can ? () => ctx.toggle(c, false) : null });
      })));
  },

  actions(f, ctx) {
    const c = ctx.sel[0];
    const plays = f.legal.filter((a) => a.card === c);
    if (!plays.length) return h("p", { class: "hint" }, x("pick"));
    if (step.card !== c || step.seq !== f.seq) Object.assign(step, { card: c, seq: f.seq, target: null });
    const send = (a) => ctx.send(a);
    const untargeted = plays.filter((a) => a.target === undefined);
    if (untargeted.length === plays.length) {
      return h("div", { class: "choices" }, untargeted.map((a) => h("button", {
        type: "button", class: "act", disabled: ctx.pending, "data-action": JSON.stringify(a), onclick: () => send(a),
      }, x("play", { card: `${R(c)} (${x(c)})` }))));
    }
    if (step.target === null) {
      const targets = [...new Set(plays.filter((a) => a.target !== undefined).map((a) => a.target))];
      return h("div", { class: "choices targets", id: "targets" }, h("span", {}, x("on", { card: `${R(c)} (${x(c)})` })),
        targets.map((s) => {
          const direct = plays.find((a) => a.target === s && !a.guess);
          return h("button", {
            type: "button", class: "act target", disabled: ctx.pending, "data-target": s,
            "data-action": direct ? JSON.stringify(direct) : null,
            onclick: () => { if (direct) send(direct); else { step.target = s; ctx.redraw(); } },
          }, s === ctx.me ? x("self") : ctx.name(s));
        }));
    }
    const guesses = plays.filter((a) => a.target === step.target && a.guess);
    return h("div", { class: "choices guesses", id: "guesses" }, h("span", {}, x("guess_q", { name: ctx.name(step.target) })),
      guesses.map((a) => h("button", {
        type: "button", class: "act guess", disabled: ctx.pending, "data-action": JSON.stringify(a), onclick: () => send(a),
      }, `${R(a.guess)} · ${x(a.guess)}`)),
      h("button", { type: "button", class: "secondary", onclick: () => { step.target = null; ctx.redraw(); } }, x("back_step")));
  },

  log(v, ctx) {
    const n = ctx.name;
    return v.history.map((e) => {
      if (e.type === "round") return x("round", { r: e.round, name: n(e.starter) });
      if (e.type === "out") return x("out", { name: n(e.seat), card: e.card ? x("out_card", { card: A(e.card) }) : "" });
      if (e.type === "round_end") {
        // each hand after its player's name and a colon, the card with its article («Robot 2: knekten,
        // Robot 4: en 7»): «Robot 2 knekt, Robot 4 7» ran the names into the cards
        const hands = e.hands ? x("hands", { list: Object.entries(e.hands).map(([s, c]) => `${n(Number(s))}: ${A(c)}`).join(", ") }) : "";
        // the highest card shared: the sheet's tie-break (the most played and discarded) is told,
        // or "Ola 8, Kari 8" then "won by Ola" reads as a mistake
        const tied = e.hands ? Object.keys(e.hands).filter((s) => e.hands[s] === e.hands[e.winners[0]]) : [];
        const sums = tied.length > 1 ? x("tie", { list: tied.map((s) => `${n(Number(s))}: ${e.sums[s]}`).join(", ") }) : "";
        return x("end", { r: e.round, names: listing(e.winners.map(n)) }) + hands + sums;
      }
      if (e.type !== "play") return e.type;
      // the card as the sentence's object, with its article («Kari spiller knekten mot Robot 2», «Bot 2
      // speelt een 5 op Anouk»), as the terminal tells it: «spiller Kn (Knekt)» was a button's label
      let s = x("played", { name: n(e.seat), card: A(e.card) });
      if (e.target !== undefined && e.target !== null) s += e.target === e.seat ? x("target_self") : x("target", { name: n(e.target) });
      if (e.guess) s += x("guessed", { g: W(e.guess) }) + (e.hit ? x("hit") : x("miss"));
      if (e.seen) s += x("seen", { card: A(e.seen) });
      if (e.cards) s += x("cmp", { a: W(e.cards[0]), b: W(e.cards[1]) });
      // a tie is said here; a loser has a line of its own (the "out" event that follows, with the card shown);
      // an 8 with nobody to choose compares nothing
      if (e.card === "8" && e.target !== undefined && e.target !== null && e.loser === null) s += x("equal");
      if (e.gave) s += x("swap", { gave: A(e.gave), got: A(e.got) });
      // a 10 on one's own hand: «Anna speelt 10 op zichzelf, legt 6 af …», not «…; Anna legt 6 af»
      if (e.discarded) s += x(e.target === e.seat ? "discarded_self" : "discarded", { name: n(e.target), card: A(e.discarded) }) + (e.drew ? x("drew", { card: A(e.drew) }) : "");
      return /[.!?]$/.test(s) ? s : `${s}.`;
    });
  },

  /** The game-over screen's heading: the list shows each hand (big) and the cards played (small). */
  revealTitle() {
    return x("reveal_title");
  },

  reveal(v, hands, ctx) {
    return h("ul", { class: "reveal", id: "reveal" }, v.played.map((p, i) => h("li", {},
      h("span", { class: "who" }, ctx.name(i)),
      hands ? h("span", { class: "hand" }, ((hands[i] || {}).hand || []).map((c) => card(c))) : null,
      h("span", { class: "played" }, p.map((c) => card(c, { extra: "mini" }))),
      h("span", { class: "wins" }, `${x("wins")}: ${v.round_wins[i]}`))));
  },
};
