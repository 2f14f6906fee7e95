// The lobby: pick a game, its options and seats, create a table; open tables and tables in play.
import { h } from "./draw.js";
import { HOWTO, OPTION_LABELS } from "./howto.js";
import { cx } from "./coach.js";
import { getLang, levelName, refusal, t } from "./i18n.js";

// The form survives re-rendering (a language switch redraws the page). A change of player count
// redraws only the seat menus, in place: rebuilding the whole form lost the next click, the typed
// name and the focus.
const form = { game: null, players: null, options: {}, seats: [], window: 5, turn: "", grace: 60, name: null, listed: false, coach: true };
let listTimer = null;
// Games with challenge windows (a time to call "Liar!"); the others have no use for its seconds.
const WINDOWS = new Set(["cheat", "liegen"]);

function optLabel(name) {
  return OPTION_LABELS[getLang()][name] || name;
}

function resetFor(g) {
  form.game = g.id;
  form.players = g.default_players;
  form.options = Object.fromEntries(g.options.map((o) => [o.name, o.default]));
  form.seats = [];
}

/** What an empty nullable option plays as: the game's number for that many players (Love Letter's
 * match target), else "(none)". */
export function unsetText(o, players) {
  const n = o.by_players ? o.by_players[String(players)] : undefined;
  return n === undefined ? t("unset") : t("by_players", { n: new Intl.NumberFormat(getLang()).format(n) });
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  const value = form.options[o.name];
  const set = (v) => { form.options[o.name] = v; };
  let input;
  if (o.seat) {
    // a seat: numbered from 1 on the page, as the seats are (the engine counts from 0)
    input = h("input", {
      id, type: "number", min: 1, max: form.players, value: (value ?? 0) + 1,
      onchange: (e) => set(Number.parseInt(e.target.value, 10) - 1),
    });
  } else if (o.kind === "bool") {
    input = h("input", { id, type: "checkbox", checked: !!value, onchange: (e) => set(e.target.checked) });
  } else if (o.kind === "int") {
    input = h("input", {
      id, type: "number", min: o.min, max: o.max, value: value ?? "", placeholder: o.nullable ? unsetText(o, form.players) : null,
      onchange: (e) => set(e.target.value === "" && o.nullable ? null : Number.parseInt(e.target.value, 10)),
    });
  } else {
    input = h("select", { id, onchange: (e) => set(e.target.value) },
      o.choices.map((c) => h("option", { value: c, selected: c === value }, optLabel(c))));
  }
  return h("div", { class: o.kind === "bool" ? "field check" : "field" }, h("label", { for: id }, optLabel(o.name)), input);
}

// What an empty "Seconds per turn" gives: the server's own default (`liars serve --turn-seconds`,
// from GET /api/defaults), not a figure written into the page: a server started with another
// limit, or none, showed "90" all the same.
function turnLabel(secs) {
  if (secs === null || secs === undefined) return t("turn_seconds_none");
  return t("turn_seconds_default", { s: new Intl.NumberFormat(getLang()).format(secs) });
}

export function lobby({ S, api, go, store, gameName }) {
  const g = S.games.find((x) => x.id === form.game) || S.games.find((x) => x.id === "liars-dice") || S.games[0];
  if (form.game !== g.id) resetFor(g);
  const levels = S.levels[g.id];
  const fitSeats = () => {
    while (form.seats.length < form.players) form.seats.push(form.seats.length === 0 ? "human" : `bot:${levels.includes("basic") ? "basic" : levels[0]}`);
    form.seats.length = form.players;
  };
  fitSeats();
  if (form.name === null) form.name = localStorage.getItem("liars.name") || "";
  const rerender = () => { const el = document.getElementById("lobby"); el.replaceWith(lobby({ S, api, go, store, gameName })); };
  const seatMenus = () => h("fieldset", { id: "seat-kinds" }, h("legend", {}, t("seats")), form.seats.map((kind, i) => h("div", { class: "field" },
    h("label", { for: `seat-${i}` }, t("seat", { n: i + 1 })),
    i === 0 ? h("span", { id: "seat-0" }, `${t("human")} (${t("you")})`)
      : h("select", { id: `seat-${i}`, onchange: (e) => { form.seats[i] = e.target.value; } },
        h("option", { value: "human", selected: kind === "human" }, t("human")),
        levels.map((l) => h("option", { value: `bot:${l}`, selected: kind === `bot:${l}` }, t("bot", { level: levelName(l) })))))));
  const status = h("p", { class: "error", id: "error", role: "alert" });
  const create = h("form", { class: "create", id: "create-form", onsubmit: async (e) => {
    e.preventDefault();
    const name = document.getElementById("name").value.trim() || "Player";
    localStorage.setItem("liars.name", name);
    const body = { game: g.id, players: form.players, options: form.options, seats: form.seats, name };
    const w = Number.parseFloat(form.window);
    if (WINDOWS.has(g.id) && !Number.isNaN(w)) body.window_seconds = w;
    if (form.turn !== "") body.turn_seconds = Number.parseFloat(form.turn);
    const grace = Number.parseFloat(form.grace);
    if (!Number.isNaN(grace)) body.grace_seconds = grace;
    body.listed = form.listed; // by default a table is for the invited only
    body.coach = form.coach; // the host may keep the coach away from this table (the server enforces it)
    try {
      const r = await api("/api/tables", body);
      if (r.token) store.put(r.table, { seat: r.seat, token: r.token });
      if (r.key) localStorage.setItem(`liars.key.${r.table}`, r.key); // app.js keys: for the invite link
      go(`/t/${r.table}`);
    } catch (err) {
      // a 5xx (the server cannot reach Redis, it is restarting) is no refusal of the form
      status.textContent = err.status >= 500 ? t("server_trouble") : t("refused", { msg: refusal(err, { option: optLabel }) });
      status.dataset.code = err.code || "";
    }
  } },
  h("div", { class: "field" }, h("label", { for: "game" }, t("game")),
    h("select", { id: "game", onchange: (e) => { resetFor(S.games.find((x) => x.id === e.target.value)); rerender(); } },
      S.games.map((x) => h("option", { value: x.id, selected: x.id === g.id }, gameName(x.id))))),
  h("details", { class: "howto", open: true }, h("summary", {}, t("how_to_play")),
    h("p", { id: "howto" }, HOWTO[g.id]?.[getLang()] || g.summary)),
  h("div", { class: "field" }, h("label", { for: "players" }, t("players")),
    h("input", { id: "players", type: "number", min: g.players[0], max: g.players[1], value: form.players,
      oninput: (e) => {
        const n = Number.parseInt(e.target.value, 10);
        if (!(n >= g.players[0] && n <= g.players[1]) || n === form.players) return;
        form.players = n;
        fitSeats();
        document.getElementById("seat-kinds").replaceWith(seatMenus());
        for (const o of g.options.filter((x) => x.seat)) { // a seat option ends at the last seat
          const fd = document.getElementById(`opt-${o.name}`);
          if (!fd) continue;
          fd.max = n;
          if (form.options[o.name] >= n) { form.options[o.name] = 0; fd.value = 1; }
        }
        for (const o of g.options) { // an empty option's number follows the players (Love Letter's target)
          const input = document.getElementById(`opt-${o.name}`);
          if (input && o.by_players) input.placeholder = unsetText(o, n);
        }
      } })),
  g.options.length ? h("fieldset", { id: "options" }, h("legend", {}, t("options")), g.options.map(optionInput)) : null,
  seatMenus(),
  WINDOWS.has(g.id) ? h("div", { class: "field" }, h("label", { for: "window" }, t("window_seconds")),
    h("input", { id: "window", type: "number", min: 0.05, max: 3600, step: "any", value: form.window,
      oninput: (e) => { form.window = e.target.value; } })) : null,
  h("div", { class: "field" }, h("label", { for: "turn" }, turnLabel(S.defaults.turn_seconds)),
    h("input", { id: "turn", type: "number", min: 1, max: 3600, step: "any", value: form.turn,
      oninput: (e) => { form.turn = e.target.value; } })),
  h("div", { class: "field" }, h("label", { for: "grace" }, t("grace_seconds")),
    h("input", { id: "grace", type: "number", min: 1, max: 3600, step: "any", value: form.grace,
      oninput: (e) => { form.grace = e.target.value; } })),
  h("div", { class: "field check" }, h("label", { for: "listed" }, t("private_table")),
    h("input", { id: "listed", type: "checkbox", checked: form.listed, onchange: (e) => { form.listed = e.target.checked; } })),
  h("div", { class: "field check" }, h("label", { for: "allow-coach" }, cx("allow")),
    h("input", { id: "allow-coach", type: "checkbox", checked: form.coach, onchange: (e) => { form.coach = e.target.checked; } })),
  h("div", { class: "field" }, h("label", { for: "name" }, t("your_name")),
    h("input", { id: "name", maxlength: 40, value: form.name, oninput: (e) => { form.name = e.target.value; } })),
  h("button", { id: "create", type: "submit" }, t("create")),
  status);
  const lists = h("section", { class: "lists", id: "lists" });
  const refresh = async () => {
    if (!document.body.contains(lists)) { clearInterval(listTimer); return; }
    let data;
    try { data = await api("/api/tables"); } catch { return; }
    const row = (tb, verb) => h("li", {}, h("a", { href: `/t/${tb.table}`, class: verb, onclick: (e) => { e.preventDefault(); go(`/t/${tb.table}`); } },
      `${gameName(tb.game)} — ${tb.seats.map((s) => (s.kind === "bot" ? t("bot_at", { n: s.seat + 1, level: levelName(s.level) }) : s.taken ? s.name : t("free"))).join(", ")}`),
    ` · ${t(verb)}`);
    lists.replaceChildren(
      h("h2", {}, t("open_tables")),
      data.open.length ? h("ul", { id: "open-tables" }, data.open.map((tb) => row(tb, "join"))) : h("p", {}, t("none")),
      h("h2", {}, t("playing_tables")),
      data.playing.length ? h("ul", { id: "playing-tables" }, data.playing.map((tb) => row(tb, "watch"))) : h("p", {}, t("none")));
  };
  clearInterval(listTimer);
  listTimer = setInterval(refresh, 3000);
  setTimeout(refresh, 0);
  return h("main", { class: "lobby", id: "lobby" }, create, lists);
}
