// The app: the lobby at "/", a table at "/t/{id}". It speaks the server's HTTP API and WebSocket
// protocol (docs/protocol.md, "Server") and draws only what the server sent: the viewer's own view.
import { coachPanel, coachSwitch, cx, reviewSection } from "./coach.js";
import { cardText, h } from "./draw.js";
import { HOWTO, OPTION_LABELS } from "./howto.js";
import { LANGS, getLang, levelName, listing, refusal, sentences, setLang, t } from "./i18n.js";
import { lobby, unsetText } from "./lobby.js";
import cheat from "./games/cheat.js";
import liarsDice from "./games/liars_dice.js";
import liarsDicePoker from "./games/liars_dice_poker.js";
import liegen from "./games/liegen.js";
import loveLetter from "./games/love_letter.js";

const RENDERERS = { cheat, "liars-dice": liarsDice, "liars-dice-poker": liarsDicePoker, liegen, "love-letter": loveLetter };
const root = document.getElementById("app");

// Everything the page knows. A table's seat token lives in localStorage, so closing the tab and
// coming back puts the player back in their seat.
const S = {
  games: [], tableId: null, info: null, frame: null, ws: null, wsFor: null, seat: null, error: null,
  sel: [], pending: false, deadlineAt: null, reveal: null, missing: false, closing: false,
  graceAt: {}, rematchSeats: null, announced: "", chat: [], chatDraft: "", shown: new Set(), counts: null,
  // the coach (coach.js): this connection's switch, the newest odds the server sent, the review
  coachOn: false, coachFrame: null, review: { state: "ask", data: null, at: 0 },
};
const CHAT_KEPT = 40; // lines of table talk kept on the page
// Error codes of the server's own trouble (a table reloading or moving, Redis away), told when a
// connection opens or is dropped: the page says the server is having trouble, then reconnects.
const TROUBLE = new Set(["reload", "busy", "internal"]);
const REACTIONS = ["👍", "😂", "😮", "🙈"];

export const store = {
  get: (id) => JSON.parse(localStorage.getItem(`liars.seat.${id}`) || "null"),
  put: (id, v) => localStorage.setItem(`liars.seat.${id}`, JSON.stringify(v)),
  drop: (id) => localStorage.removeItem(`liars.seat.${id}`),
};

// An unlisted table's invite secret: it comes in the invite link's fragment (#k=..., which a
// browser never sends to a server, so no server or proxy log holds it) or in the create answer,
// and is kept here so the page can join with it and show the whole invite link again.
export const keys = {
  get: (id) => localStorage.getItem(`liars.key.${id}`),
  put: (id, k) => { if (k) localStorage.setItem(`liars.key.${id}`, k); },
};

/** Whether the page was opened on this machine's own address, which no other device can open. */
function loopback(hostname) {
  return hostname === "localhost" || hostname.startsWith("127.") || hostname === "[::1]";
}

/** Where other devices open this server: the page's own origin, unless the page was opened as
 * 127.0.0.1 or localhost (a phone that opens that opens itself) and the server listens on the
 * network (GET /api/defaults' share_origins, from ``liars serve --host 0.0.0.0``). */
function shareOrigin() {
  const shared = (S.defaults && S.defaults.share_origins) || [];
  return loopback(location.hostname) && shared.length ? shared[0] : location.origin;
}

/** The address of a table's page: with its invite secret (if known) in the fragment. */
export function tableLink(id) {
  const k = keys.get(id);
  return `${shareOrigin()}/t/${id}${k ? `#k=${encodeURIComponent(k)}` : ""}`;
}

/** What the invite link reaches: a line under it when the page is on this machine's own address
 * (the link then either carries the network address, or works on this machine only). */
function inviteReach() {
  if (!loopback(location.hostname)) return null;
  const origin = shareOrigin();
  return origin === location.origin
    ? h("p", { class: "notice", id: "invite-reach", "data-reach": "local" }, t("invite_local_only"))
    : h("p", { class: "hint", id: "invite-reach", "data-reach": "network" },
      t("invite_network", { address: new URL(origin).host }));
}

export async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    // The refusal's code and params travel with it, so the page can explain it in its language.
    throw Object.assign(new Error(data.error?.message || res.statusText),
      { code: data.error?.code, params: data.error?.params, status: res.status });
  }
  return data;
}

export function go(path) {
  history.pushState(null, "", path);
  window.scrollTo(0, 0);
  route();
}

function langSwitch() {
  return h("select", { id: "lang", "aria-label": t("language"), onchange: (e) => { setLang(e.target.value); render(); } },
    LANGS.map((l) => h("option", { value: l, selected: l === getLang() }, { nb: "Norsk", nl: "Nederlands", en: "English" }[l])));
}

// The your-turn sound: on unless switched off (remembered), a short two-note chime made with Web
// Audio (no file to fetch). Asking for notifications rides on the same switch.
const sound = { on: localStorage.getItem("liars.sound") !== "off", ctx: null };

function soundSwitch() {
  return h("button", {
    type: "button", id: "sound", class: "icon", "aria-pressed": String(sound.on),
    title: t(sound.on ? "sound_on" : "sound_off"), "aria-label": t(sound.on ? "sound_on" : "sound_off"),
    onclick: () => {
      sound.on = !sound.on;
      localStorage.setItem("liars.sound", sound.on ? "on" : "off");
      if (sound.on && "Notification" in window && Notification.permission === "default") Notification.requestPermission();
      render();
    },
  }, "♪");
}

function chime() {
  if (!sound.on) return;
  try {
    sound.ctx = sound.ctx || new AudioContext();
    const now = sound.ctx.currentTime;
    [660, 880].forEach((hz, i) => {
      const o = sound.ctx.createOscillator();
      const g = sound.ctx.createGain();
      o.frequency.value = hz;
      g.gain.setValueAtTime(0.08, now + i * 0.15);
      g.gain.exponentialRampToValueAtTime(0.001, now + i * 0.15 + 0.14);
      o.connect(g).connect(sound.ctx.destination);
      o.start(now + i * 0.15);
      o.stop(now + i * 0.15 + 0.15);
    });
  } catch { /* no audio here: the title and the icon still say it */ }
}

function header(sub) {
  return h("header", {},
    h("a", { href: "/", class: "brand", onclick: (e) => { e.preventDefault(); go("/"); } }, t("title")),
    h("span", { class: "sub" }, sub),
    soundSwitch(),
    langSwitch());
}

const ICON = (fill) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="6" fill="${fill}"/><circle cx="16" cy="16" r="5" fill="#fff"/></svg>`)}`;

export function gameName(id) {
  const g = S.games.find((x) => x.id === id);
  return g ? g.names[getLang()] || g.names.en : id;
}

// -- routing ---------------------------------------------------------------------------------
async function route() {
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)/);
  if (!S.games.length) [S.games, S.levels, S.defaults] = await Promise.all([api("/api/games"), api("/api/bots"), api("/api/defaults")]);
  if (!m) {
    closeSocket();
    S.tableId = null;
    return render();
  }
  const k = new URLSearchParams(location.hash.slice(1)).get("k");
  if (k) {
    keys.put(m[1], k);
    // out of the address bar once kept: a screenshot or a shared screen does not show it
    history.replaceState(null, "", location.pathname + location.search);
  }
  if (S.tableId !== m[1]) {
    closeSocket();
    Object.assign(S, { tableId: m[1], info: null, frame: null, error: null, sel: [], reveal: null, missing: false, chat: [],
      coachOn: false, coachFrame: null, review: { state: "ask", data: null, at: 0 } });
  }
  try {
    S.info = await api(`/api/tables/${S.tableId}`);
  } catch (err) {
    // only a 404 means there is no such table; anything else (a 503 while the server cannot reach
    // Redis, a server restarting) is trouble that passes: say so and try again
    if (err.status === 404) { S.missing = true; return render(); }
    const id = S.tableId;
    S.trouble = true;
    setTimeout(() => { if (S.tableId === id && !S.info) route(); }, 2000);
    return render();
  }
  S.trouble = false;
  connect();
  render();
}

// -- the WebSocket ---------------------------------------------------------------------------
function closeSocket() {
  if (S.ws) {
    S.closing = true;
    S.ws.close();
    S.ws = null;
  }
}

function connect() {
  const mine = store.get(S.tableId);
  const key = `${S.tableId}:${mine ? mine.token : ""}`;
  if (S.ws && S.wsFor === key) return;
  closeSocket();
  S.closing = false;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // history=tail: each view carries only the history entries this page does not hold yet.
  // auth=1: the seat's token goes in the first message, never in the URL (servers and proxies log URLs).
  const q = mine ? "?auth=1&history=tail" : "?history=tail";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${S.tableId}${q}`);
  S.ws = ws;
  S.wsFor = key;
  S.seat = mine ? mine.seat : null;
  ws.onmessage = (ev) => { S.heardAt = performance.now(); onFrame(JSON.parse(ev.data)); };
  ws.onopen = () => {
    if (mine) ws.send(JSON.stringify({ type: "auth", token: mine.token }));
    if (mine && S.coachOn) ws.send(JSON.stringify({ type: "coach", on: true })); // a new connection starts with it off
    if (mine && S.review.state === "wait") ws.send(JSON.stringify({ type: "review" })); // asked on the lost one
    S.lost = false;
    render();
  };
  ws.onclose = (ev) => {
    if (S.ws !== ws) return;
    S.ws = null;
    if (ev.code === 4403) store.drop(S.tableId); // the token is not good here: watch instead
    if (ev.code === 4404) { S.missing = true; return render(); }
    if (S.closing || !S.tableId) return;
    S.lost = true;
    render();
    setTimeout(() => { if (!S.ws && S.tableId) connect(); }, 1000);
  };
}

// A phone's page that comes back (its screen on again, its network back) may hold a connection
// that died without closing: nothing then tells the page, which waits for frames that never come.
// So it asks the server (a ping) and, if no frame comes within ALIVE_MS, connects again.
const ALIVE_MS = 4000;
function checkAlive() {
  if (!S.tableId || S.closing || S.missing) return;
  const ws = S.ws;
  if (!ws) return connect();
  if (ws.readyState !== WebSocket.OPEN) return; // opening: its own onopen or onclose will tell
  const asked = performance.now();
  try { ws.send(JSON.stringify({ type: "ping" })); } catch { return; } // closing: onclose reconnects
  setTimeout(() => {
    if (S.ws !== ws || (S.heardAt || 0) >= asked) return; // answered, or already replaced
    ws.onclose = null;
    ws.onmessage = null;
    try { ws.close(); } catch { /* already gone */ }
    S.ws = null;
    S.lost = true;
    render();
    connect();
  }, ALIVE_MS);
}
document.addEventListener("visibilitychange", () => { if (!document.hidden) checkAlive(); });
window.addEventListener("online", checkAlive);

function onFrame(f) {
  if (f.type === "error" && f.ref === null && TROUBLE.has(f.code)) {
    S.trouble = true; // the server's own trouble, not a refusal of this page's move
    return render();
  }
  if (f.type === "table" || f.type === "view") S.trouble = false;
  if (f.type === "table") {
    S.info = { ...S.info, ...f };
    // a seat whose player left: when its stand-in bot takes over (the server counts the grace)
    S.graceAt = {};
    for (const s of f.seats || []) if (typeof s.grace === "number") S.graceAt[s.seat] = performance.now() + s.grace * 1000;
    if (f.status === "over" && !S.reveal) loadReveal();
    if (f.rematch) loadRematch(f.rematch);
  } else if (f.type === "view") {
    if (f.since) { // the history from f.since on: the rest is what the last view held
      const held = S.frame && S.frame.view.history;
      if (!held || held.length < f.since) { closeSocket(); connect(); return; } // start again, whole
      f.view.history = held.slice(0, f.since).concat(f.view.history);
    }
    if (!S.frame || f.seq !== S.frame.seq) {
      S.sel = []; // a new position: old picks and an old refusal no longer apply
      S.error = null;
    }
    S.frame = f;
    S.pending = false;
    S.deadlineAt = f.deadline === null ? null : performance.now() + f.deadline * 1000;
    S.windowAt = f.window ? performance.now() + f.window.closes * 1000 : null;
    if (f.view.over && !S.reveal) loadReveal();
  } else if (f.type === "coach") {
    S.coachOn = f.on;
    S.coachFrame = f.on ? f : null;
  } else if (f.type === "review") {
    S.review = { state: "done", data: f.review, at: 0 };
  } else if (f.type === "said") {
    S.chat = S.chat.concat([{ seat: f.seat, name: f.name, text: f.text }]).slice(-CHAT_KEPT);
    if (S.frame && S.frame.seat !== null && f.seat === S.frame.seat) S.chatToEnd = true; // one's own line: shown
  } else if (f.type === "error") {
    S.pending = false;
    S.error = f; // {code, params, message}: shown translated by refused()
    if (f.code === "coach_off" || f.code === "no_coach") S.coachOn = false;
    if (S.review.state === "wait" && f.ref === null) S.review = { state: "ask", data: null, at: 0 };
  }
  render();
}

// Who already sat down at the rematch table: the others are told someone asked for one.
async function loadRematch(id) {
  try {
    const info = await api(`/api/tables/${id}`);
    S.rematchSeats = info.seats.filter((s) => s.kind === "human" && s.taken).map((s) => s.name);
  } catch {
    S.rematchSeats = null;
  }
  render();
}

async function loadReveal() {
  S.reveal = "loading";
  try {
    S.reveal = await api(`/api/tables/${S.tableId}/reveal`);
  } catch {
    S.reveal = null;
  }
  render();
}

/** Whether this page's seat is being played by a stand-in bot (after a timeout or a long absence). */
function awayMe() {
  const f = S.frame;
  return !!(f && f.seat !== null && !f.view.over && (f.away || []).includes(f.seat));
}

/** "I'm back": any message from the seat returns it to its player (the server's touch). */
function comeBack() {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({ type: "ping" }));
}
// Any click or key on the page while away counts as being back.
document.addEventListener("pointerdown", () => { if (awayMe()) comeBack(); }, true);
document.addEventListener("keydown", () => { if (awayMe()) comeBack(); }, true);

/** Where the table talk's lines were scrolled, and what puts them back after the page's rebuild:
 * at the newest line if the reader was at the bottom (or the box is new, or the line is one's
 * own), else where the reader left them. Without it the box stayed at its top, the newest lines
 * below its fold, and every game event undid a reader's scroll to the bottom. */
function chatScroll() {
  const old = document.getElementById("chat-lines");
  const was = old ? { top: old.scrollTop, end: old.scrollTop + old.clientHeight >= old.scrollHeight - 4 } : null;
  return () => {
    const lines = document.getElementById("chat-lines");
    if (lines) lines.scrollTop = !was || was.end || S.chatToEnd ? lines.scrollHeight : was.top;
    if (lines) S.chatToEnd = false;
  };
}

function say(text) {
  const line = text.trim();
  if (!line || !S.ws || S.ws.readyState !== WebSocket.OPEN) return;
  S.ws.send(JSON.stringify({ type: "say", text: line.slice(0, 200) }));
}

/** Table talk: each line under its speaker's name (as text, never markup); players may speak. */
function chatBox(f) {
  const name = names();
  const seated = f.seat !== null;
  return h("section", { class: "chat", id: "chat" }, h("h3", {}, t("chat")),
    h("ol", { id: "chat-lines", "aria-live": "polite" }, S.chat.map((m) => h("li", { "data-seat": m.seat },
      h("strong", {}, `${name(m.seat) || m.name}: `), m.text))),
    seated ? h("form", { id: "chat-form", onsubmit: (e) => {
      e.preventDefault();
      say(S.chatDraft);
      S.chatDraft = "";
      render();
    } },
    REACTIONS.map((r) => h("button", { type: "button", class: "reaction", "aria-label": r, onclick: () => say(r) }, r)),
    h("button", { type: "button", class: "reaction", onclick: () => say(t("well_played")) }, t("well_played")),
    h("input", { id: "chat-text", maxlength: 200, value: S.chatDraft, "aria-label": t("chat_say"), placeholder: t("chat_say"),
      oninput: (e) => { S.chatDraft = e.target.value; } }),
    h("button", { type: "submit", id: "chat-send" }, t("chat_send")))
    : h("p", { class: "hint", id: "chat-spectator" }, t("chat_spectators")));
}

function send(action) {
  if (!S.ws || !S.frame || S.pending) return;
  S.error = null;
  S.pending = true;
  S.ws.send(JSON.stringify({ type: "act", seq: S.frame.seq, action }));
  render();
}

// -- rendering -------------------------------------------------------------------------------
export function render() {
  document.documentElement.lang = getLang();
  const active = document.activeElement;
  const focused = active && active.id;
  // where the caret was in a text field: a field given its focus back has it at its start, and
  // what was typed next came out in front («, oma!Goed gespeeld»)
  let caret = null;
  try { caret = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null; } catch { /* no caret */ }
  const y = window.scrollY; // the page is rebuilt: keep the reader where they were
  const chat = chatScroll();
  draw();
  window.scrollTo(0, y);
  // Cards and action buttons get ids by position, so that a keyboard player's focus survives
  // the rebuild (a picked card keeps it; Tab goes on from there to the action bar).
  document.querySelectorAll("#mine .pick").forEach((el, i) => { el.id = `pick-${i}`; });
  document.querySelectorAll("#actions button:not([id])").forEach((el, i) => { el.id = `act-${i}`; });
  // A frame may arrive while someone types: give the field its focus back.
  const again = focused && document.getElementById(focused);
  if (again && again !== document.activeElement) {
    again.focus();
    if (caret) try { again.setSelectionRange(caret[0], caret[1]); } catch { /* a field with no caret */ }
  }
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight; // the newest line in sight
  chat();
  notice();
  animate();
  fitFelt();
}

// On a wide screen the board sits in the band the seats leave free above and below it, as tall
// as that band: a fixed cap, sized for the tallest seat a game can draw, cut the board's last
// lines (the claim just made, a pile's card) at 1280x800. Seats beside the board do not count.
// At a full table (Liegen's eight seats) the seats off to the sides leave a band too short for a
// call's reveal, so the board narrows to the gap between them, where the band is the height from
// the top seat to yours; and if even that is short, the pile's card stands beside its words.
function fitFelt() {
  const felt = document.getElementById("felt");
  const board = document.getElementById("board");
  if (board) {
    board.style.top = board.style.maxHeight = board.style.width = board.style.left = "";
    board.classList.remove("tight");
  }
  if (!felt || !board || getComputedStyle(board).position !== "absolute") return;
  band(felt, board);
  if (!overflows(board)) return;
  const fr = felt.getBoundingClientRect();
  const br = board.getBoundingClientRect();
  const middle = (fr.left + fr.right) / 2;
  let left = br.left;
  let right = br.right;
  for (const r of seatsAcross(felt, br)) {
    if (r.right < middle) left = Math.max(left, r.right + 8);
    else if (r.left > middle) right = Math.min(right, r.left - 8);
  }
  if (right - left >= 280 && right - left < br.width) {
    board.style.width = `${(right - left).toFixed(1)}px`;
    board.style.left = `${((left + right) / 2 - fr.left - felt.clientLeft).toFixed(1)}px`; // from inside the rim
    band(felt, board);
  }
  if (overflows(board)) board.classList.add("tight");
}

/** Set the board's top and max-height to the band between the seats above and below it. */
function band(felt, board) {
  const fr = felt.getBoundingClientRect();
  let top = fr.top + 14;
  let bottom = fr.bottom - 14; // inside the oval's wooden rim
  for (const r of seatsAcross(felt, board.getBoundingClientRect())) {
    if (r.top + r.bottom < fr.top + fr.bottom) top = Math.max(top, r.bottom + 8);
    else bottom = Math.min(bottom, r.top - 8);
  }
  const cs = getComputedStyle(board); // max-height is the content's: the padding and border come on top
  const frame = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"].reduce((a, k) => a + parseFloat(cs[k]), 0);
  board.style.top = `${((top + bottom) / 2 - fr.top - felt.clientTop).toFixed(1)}px`; // from inside the rim
  board.style.maxHeight = `${Math.max(90, bottom - top - frame).toFixed(1)}px`;
}

/** The seats that share some of the board's width (`br`): those above, below or off to its sides. */
const seatsAcross = (felt, br) => [...felt.querySelectorAll(".seat")].map((seat) => seat.getBoundingClientRect())
  .filter((r) => r.right > br.left && r.left < br.right);

const overflows = (el) => el.scrollHeight > el.clientHeight + 1;
window.addEventListener("resize", fitFelt);

// Short animations for what just happened: a play or a bid on the board, a call's reveal, a die
// lost. The page is rebuilt on every frame, so only what is new since the last drawing moves
// (its text is its key); style.css turns them off under prefers-reduced-motion.
function animate() {
  const seen = new Set();
  const drawnBefore = S.animFor === S.tableId; // nothing is "new" on a table's first drawing
  for (const el of document.querySelectorAll("#table #revealed, #table .lastplay, #table #bid, #table #claim")) {
    const key = `${el.id || el.className}|${el.textContent}`;
    seen.add(key);
    if (drawnBefore && !S.shown.has(key)) el.classList.add("fresh");
  }
  S.shown = seen;
  if (document.getElementById("table")) S.animFor = S.tableId;
  const counts = S.frame && (S.frame.view.dice_counts || S.frame.view.lives); // a die or a life lost
  if (counts && S.counts && counts.length === S.counts.length) {
    counts.forEach((n, i) => {
      if (n < S.counts[i]) document.querySelector(`.seat[data-seat="${i}"]`)?.classList.add("lost");
    });
  }
  S.counts = counts ? [...counts] : null;
}

// The actions that only answer someone else's claim (Cheat's and Liegen's windows): the claim is on
// the board, so the page is left where the player put it.
const ANSWERS = new Set(["challenge", "accuse", "pass"]);

/** When the turn comes, bring one's hand up above the action bar if it is below it.
 *
 * On a phone the table fills the screen, so the hand (the cards to pick, the dice to bid on)
 * sat under the bar that said "pick your cards". Only a hand below the view moves: a player
 * who scrolled past it, to the log, is left where they are; and not for a window (ANSWERS). */
function handInSight() {
  const hand = document.getElementById("mine");
  const bar = document.getElementById("actions");
  if (!hand || !bar) return;
  const r = hand.getBoundingClientRect();
  const room = Math.min(bar.getBoundingClientRect().top, window.innerHeight);
  if (r.top < 0 || r.bottom <= room) return;
  // at once, not smoothly: every frame rebuilds the page and puts the scroll back where it was
  window.scrollBy(0, Math.min(r.bottom - room, r.top));
}

/** The «You were away» notice in the view, with the status line above it, if any of it is outside
 * (at once, not smoothly: every frame rebuilds the page and puts the scroll back where it was). */
function awayInSight() {
  const note = document.getElementById("away-me");
  if (!note) return;
  // the status line counts too: with the notice in view but the status line scrolled off above
  // it, the page stayed put (the desktop test saw it now and then, when the hand had been scrolled to)
  const r = note.getBoundingClientRect();
  const top = Math.min(r.top, (document.getElementById("status") || note).getBoundingClientRect().top);
  if (top >= 0 && r.bottom <= window.innerHeight) return;
  window.scrollBy(0, top - 8);
}

// The tab's title says when it is your turn (seen from another tab), and the live region reads
// the newest news aloud to a screen reader: whose turn it is and the last line of the log.
function notice() {
  const f = S.frame;
  const base = S.info ? `${gameName(S.info.game)} — ${t("title")}` : t("title");
  const mine = !!(f && S.tableId && f.legal.length > 0 && !f.view.over);
  document.title = mine ? t("your_turn_title", { title: base }) : base;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) {
    icon.href = ICON(mine ? "#f2c14e" : "#0d5c3a");
    icon.dataset.turn = String(mine);
  }
  if (mine && !S.wasMine) { // the turn just came: a chime, and a notification if the tab is hidden
    chime();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(document.title); } catch { /* some browsers allow it only from a worker */ }
    }
  }
  S.wasMine = mine;
  // a turn to play (not only to answer a window, which asks about the board) brings the hand up;
  // in Liegen the next player's window runs straight into their turn, so this is its own edge
  const play = mine && !f.legal.every((a) => ANSWERS.has(a.type));
  // away, a bot plays the turn: the page shows the notice with «I'm back» (above the seats) instead
  // of scrolling down to the hand, which hid it at 1280x800; and it comes into sight when one is
  // marked away (a turn timed out, the page having moved down to the hand for it)
  const away = awayMe();
  if (play && !S.wasPlay && !away) handInSight();
  if (away && (!S.wasAway || (play && !S.wasPlay))) awayInSight();
  S.wasPlay = play;
  S.wasAway = away;
  const live = document.getElementById("live");
  if (!live) return;
  const status = document.getElementById("status");
  const last = document.querySelector("#log li:last-child");
  const say = sentences([status ? status.dataset.say : "", last ? last.textContent : ""]);
  if (say !== S.announced) {
    S.announced = say;
    live.textContent = say;
  }
}

function draw() {
  root.replaceChildren(h("p", { id: "live", class: "sr-only", "aria-live": "polite", role: "status" }, S.announced));
  if (!S.tableId) {
    root.append(header(t("tagline")), lobby({ S, api, go, store, gameName }));
    return;
  }
  if (S.missing) {
    root.append(header(""), h("p", { class: "notice", id: "missing" }, t("no_table")));
    return;
  }
  const lost = S.trouble ? t("server_trouble") : S.lost ? t("reconnecting") : null;
  if (!S.info) {
    if (lost) root.append(header(""), h("p", { class: "notice", id: "lost", role: "status" }, lost));
    return;
  }
  root.append(header(gameName(S.info.game)));
  if (lost) root.append(h("p", { class: "notice", id: "lost" }, lost));
  // in a main, as the lobby and the table are: centred on a wide screen, not at its left edge
  if (S.info.status === "waiting" || !S.frame) root.append(h("main", { class: "waiting-page" }, waitingRoom()));
  else root.append(tablePage());
}

/** Seat i's name; a bot's carries its level ("Robot 2 (vanskelig)"), but not in the sentences of
 * the board and the log when `short`, where one call would say it three times ("Robot 4
 * (vanskelig) kaller Robot 3 (vanskelig) en løgner, men Robot 3 (vanskelig) …"): the seats show
 * the levels. */
function names(short = false) {
  return (i) => {
    const s = S.info?.seats?.[i];
    if (s && s.kind === "bot") return short ? t("bot_short", { n: i + 1 }) : t("bot_at", { n: i + 1, level: levelName(s.level) });
    return (s && s.name) || t("seat", { n: i + 1 });
  };
}

/** The table's settings for whoever is invited: its options and timers, named as the lobby names them. */
function tableOptions(info) {
  const g = S.games.find((x) => x.id === info.game);
  const label = (k) => OPTION_LABELS[getLang()][k] || k;
  const rows = [];
  for (const o of g ? g.options : []) {
    let v = info.options[o.name];
    if (o.seat && Number.isInteger(v)) v = t("seat", { n: v + 1 });
    else if (typeof v === "boolean") v = v ? "✓" : "✗";
    else if (v === null || v === undefined) v = unsetText(o, info.players);
    else if (typeof v === "string") v = label(v);
    rows.push([label(o.name), v]);
  }
  const st = info.settings || {};
  if (info.game === "cheat" || info.game === "liegen") rows.push([t("window_seconds"), st.window_seconds]);
  if (st.turn_seconds) rows.push([t("turn_seconds"), st.turn_seconds]);
  if (st.grace_seconds) rows.push([t("grace_seconds"), st.grace_seconds]);
  rows.push([t("private_table"), st.listed ? "✓" : "✗"]);
  rows.push([cx("allowed"), st.coach === false ? "✗" : "✓"]);
  // numbers as the reader's language writes them (45,5 in nb and nl)
  const shown = (v) => (typeof v === "number" ? new Intl.NumberFormat(getLang()).format(v) : String(v));
  return h("dl", { class: "table-options", id: "table-options" }, rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, shown(v))]));
}

function howTo(game, open) {
  const g = S.games.find((x) => x.id === game);
  return h("details", { class: "howto", id: "table-howto", open: open || null }, h("summary", {}, t("how_to_play")),
    h("p", {}, HOWTO[game]?.[getLang()] || (g && g.summary) || ""));
}

/** The invite link as a QR code (for a friend across the table with a phone), from the vendored qrcode.js. */
function qrImage(link) {
  if (typeof window.qrcode !== "function") return null;
  try {
    const qr = window.qrcode(0, "M");
    qr.addData(link);
    qr.make();
    return h("img", { id: "invite-qr", class: "qr", src: qr.createDataURL(4, 2), alt: t("invite_qr"), width: 160, height: 160 });
  } catch {
    return null; // a link too long for a QR code: the field and the copy button remain
  }
}

function waitingRoom() {
  const mine = store.get(S.tableId);
  const link = tableLink(S.tableId);
  // a seat a rematch holds for a player of the last game is not free to anyone else
  const free = S.info.seats.filter((s) => s.kind === "human" && !s.taken && !s.reserved).length;
  if (S.joinName === undefined) S.joinName = localStorage.getItem("liars.name") || "";
  const host = mine && mine.seat === S.info.seats.find((s) => s.kind === "human")?.seat;
  // An unlisted table opened by its address alone (no #k=… secret): the server refuses the join,
  // so say so at once, with no form to fill in; and nobody is shown an invite link or QR code of
  // the bare address, which would only pass the refusal on.
  const secretless = Boolean(S.info.settings?.invite_required) && !keys.get(S.tableId);
  const locked = !mine && secretless;
  const help = locked ? refusal({ code: "invite_required" }) : host ? t("waiting_help")
    : mine ? t("seated_help") : free ? t("guest_help", { game: gameName(S.info.game) }) : t("full");
  return h("section", { class: "waiting", id: "waiting" },
    h("h2", {}, t("waiting")),
    h("p", { id: "waiting-help", class: locked ? "notice" : null, "data-code": locked ? "invite_required" : null }, help),
    howTo(S.info.game, !host),
    h("h3", {}, t("table_options")),
    tableOptions(S.info),
    secretless ? null : h("div", { class: "invite" },
      h("label", { for: "invite" }, t("invite")),
      h("input", { id: "invite", readonly: true, value: link, onfocus: (e) => e.target.select() }),
      h("button", { id: "copy", type: "button", onclick: async (e) => {
        try { await navigator.clipboard.writeText(link); } catch { /* the field is selectable */ }
        e.target.textContent = t("copied");
      } }, t("copy")),
      qrImage(link), inviteReach()),
    h("ul", { class: "seatlist" }, S.info.seats.map((s) => h("li", {},
      `${t("seat", { n: s.seat + 1 })}: `,
      // a bot by the name the table will give it («Plass 3: Robot 3 (vanskelig)»), not «Robot (vanskelig)»
      s.kind === "bot" ? t("bot_at", { n: s.seat + 1, level: levelName(s.level) }) : s.taken ? s.name : t("free"),
      mine && mine.seat === s.seat ? ` (${t("you")})` : ""))),
    !mine && !locked && free > 0 && S.info.status === "waiting" ? h("form", { id: "join-form", onsubmit: async (e) => {
      e.preventDefault();
      const n = e.target.querySelector("#join-name").value.trim() || "Player";
      localStorage.setItem("liars.name", n);
      try {
        const r = await api(`/api/tables/${S.tableId}/join`, { name: n, key: keys.get(S.tableId) || undefined });
        store.put(S.tableId, { seat: r.seat, token: r.token });
        // the table's news first, then the seat's connection: an answer read before the
        // connection was in, arriving after its news, set one's own seat «left the table» all game
        try { S.info = await api(`/api/tables/${S.tableId}`); } finally { connect(); }
      } catch (err) { S.error = err; }
      render();
    } },
      h("label", { for: "join-name" }, t("your_name")),
      h("input", { id: "join-name", value: S.joinName, maxlength: 40, oninput: (e) => { S.joinName = e.target.value; } }),
      h("button", { id: "join", type: "submit" }, t("join"))) : null,
    S.error ? h("p", { class: "error", id: "error" }, refused(S.error)) : null);
}

function tablePage() {
  const f = S.frame;
  const v = f.view;
  const R = RENDERERS[v.game];
  const name = names();
  const win = f.window && !v.over ? f.window : null;
  const ctx = {
    t, name, send, sel: S.sel, pending: S.pending, frame: f, me: f.seat, redraw: () => render(),
    revealed: S.reveal && S.reveal.seats ? S.reveal.seats : null, // every hand, once the game is over
    toggle: (code, multi) => {
      const i = S.sel.indexOf(code);
      if (i >= 0) S.sel.splice(i, 1);
      else if (multi) S.sel.push(code);
      else S.sel = [code];
      S.error = null;
      render();
    },
  };
  ctx.sel = S.sel;
  // The gold ring is on whoever plays next. In a challenge window that is the player after the
  // one who played (the seats being asked are not "to play": the window says what it asks).
  const turn = v.over ? [] : win ? [R.next(v)] : v.to_act;
  const away = new Set(f.away || []);
  const n = S.info.seats.length;
  const at = (i) => { // where seat i sits around an ellipse, the viewer (or seat 1) at the bottom
    const a = Math.PI / 2 + (2 * Math.PI * (i - (f.seat ?? 0))) / n;
    return `--x: ${(50 + 41 * Math.cos(a)).toFixed(1)}%; --y: ${(50 + 41 * Math.sin(a)).toFixed(1)}%`;
  };
  const seats = h("ol", { class: "seats", id: "seats" }, S.info.seats.map((s, i) => h("li", {
    style: at(i),
    class: ["seat", turn.includes(i) ? "turn" : "", i === f.seat ? "me" : "", away.has(i) || s.away ? "away" : "",
      s.kind === "human" && s.connected === false ? "offline" : ""].join(" "),
    "data-seat": i,
  },
  h("strong", { class: "name" }, name(i)), i === f.seat ? h("em", {}, ` (${t("you")})`) : "",
  away.has(i) || s.away ? h("span", { class: "tag away-tag" }, ` ${t("away")}`)
    : s.kind === "human" && s.connected === false && !v.over ? h("span", { class: "tag offline-tag" }, ` ${t("offline")}`,
      S.graceAt[i] !== undefined ? h("span", { class: "grace", "data-seat": i }) : "") : "",
  h("div", { class: "count" }, R.seat(v, i, ctx)))));
  let status;
  if (v.over) { // the winner at the top: on a phone the game-over section is a scroll away
    const won = v.winners.map((i) => name(i));
    if (f.seat !== null && v.winners.includes(f.seat)) status = t("you_won");
    else status = won.length ? `${t("game_over")} — ${t("winners", { names: listing(won), n: won.length })}` : t("game_over");
  }
  // in play the line above the seats names a bot plainly, as the board does (the seats show the
  // levels); the winners' line keeps them, the seats' rings being gone by then
  else if (win) status = windowStatus(f, R, { ...ctx, name: names(true) });
  else if (f.legal.length) status = t("your_turn");
  else status = turn.map((i) => t("turn_of", { name: names(true)(i) })).join(", ");
  const page = h("main", { class: `table game-${v.game}`, id: "table", "data-seq": f.seq },
    h("p", { class: "status", id: "status", "data-say": status }, status,
      win ? h("span", { class: "window-countdown", id: "window-countdown" }) : "",
      // in play every seat is taken (a friend who opened the link late is told why they watch)
      f.seat === null ? h("span", { class: "spectator", id: "spectating" },
        ` — ${v.over ? `${t("spectating")}.` : t("full")} ${t("spectators_note")}`) : ""),
    awayMe() ? h("p", { class: "notice", id: "away-me" }, t("away_me"), " ",
      h("button", { type: "button", id: "back", onclick: comeBack }, t("back"))) : null,
    // On a wide screen the seats sit around the felt (you at the bottom) with the board in the
    // middle; on a phone they stay a grid above it. The order in the page is the same for both.
    h("div", { class: "felt-table", id: "felt" }, seats,
      h("section", { class: "board", id: "board" }, R.board(v, { ...ctx, name: names(true) }))),
    f.seat !== null && !v.over ? h("section", { class: "mine", id: "mine" }, R.mine(f, ctx),
      coachAllowed() ? coachSwitch(S.coachOn, () => switchCoach(!S.coachOn)) : null) : null,
    f.legal.length ? h("section", { class: "actions", id: "actions" }, R.actions(f, ctx),
      S.deadlineAt !== null ? h("span", { class: "countdown", id: "countdown" }) : null,
      S.error ? h("p", { class: "error", id: "error", role: "alert", "data-code": S.error.code }, refused(S.error)) : null) : null,
    S.error && !f.legal.length ? h("p", { class: "error", id: "error", role: "alert", "data-code": S.error.code }, refused(S.error)) : null,
    // the coach's sentences name a bot as the board does («Robot 3 sier …»), not with its level twice
    f.seat !== null && !v.over && S.coachOn ? coachPanel(f, S.coachFrame, names(true)) : null,
    v.over ? gameOver(v, R, ctx) : null,
    chatBox(f),
    h("section", { class: "log" }, h("h3", {}, t("log")),
      h("ol", { id: "log" }, R.log(v, { ...ctx, name: names(true) }).map((line) => h("li", {}, line)))),
    howTo(v.game, false));
  tick(page);
  return page;
}

/** The line above the felt while a challenge window is open. Only the seats asked (the window's
 * `seats`, whose page has the Liar! button) are asked «… — Løgner! eller godta»; the player who
 * made the claim reads it as their own and everyone else reads who may call: «Bram sier A♣ — Sanne
 * kan rope «Løgner!»», «Du sa A♣ — de andre kan rope «Løgner!»» (with Liegen's accuse = "next"
 * only the next seat is asked, and a spectator is never asked). `ctx.name` is the board's. */
function windowStatus(f, R, ctx) {
  const v = f.view;
  if (f.legal.some((a) => ANSWERS.has(a.type))) return t("window_status", { claim: R.claim(v, ctx) });
  const claimer = R.claimer ? R.claimer(v) : null;
  const claim = R.claim(v, ctx, claimer === f.seat && f.seat !== null);
  // one's own answer given, the others are still asked: who may still call, oneself not among them
  const callers = f.window.seats.filter((i) => i !== f.seat && i !== claimer);
  if (!callers.length) return claim;
  const rest = S.info.seats.filter((s) => s.seat !== f.seat && s.seat !== claimer).length;
  const who = callers.length > 1 && callers.length === rest ? t("the_others") : listing(callers.map(ctx.name));
  return t("window_who", { claim, names: who, n: callers.length });
}

/** Whether the host allows the coach at this table (the server refuses the switch otherwise). */
function coachAllowed() {
  return S.info?.settings?.coach !== false;
}

/** This connection's coach on or off: the server answers with a coach frame (or a refusal). */
function switchCoach(on) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) return;
  S.coachOn = on;
  if (!on) S.coachFrame = null;
  S.ws.send(JSON.stringify({ type: "coach", on }));
  render();
}

function askReview() {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) return;
  S.review = { state: "wait", data: null, at: 0 };
  S.ws.send(JSON.stringify({ type: "review" }));
  render();
}

/** A refusal ({code, params, message}) in the player's language, seats by their names. */
function refused(err) {
  return t("refused", { msg: refusal(err, { card: cardText, seat: names() }) });
}

function gameOver(v, R, ctx) {
  const mine = store.get(S.tableId);
  const winners = listing(v.winners.map((i) => ctx.name(i)));
  return h("section", { class: "over", id: "over" },
    h("h2", {}, v.winners.includes(ctx.me) ? t("you_won") : t("game_over")),
    h("p", { id: "winners" }, t("winners", { names: winners, n: v.winners.length })),
    h("h3", {}, R.revealTitle ? R.revealTitle() : t("all_hands")),
    // the seats above carry the levels: the reveal's names and sentences are the board's (short)
    R.reveal(v, S.reveal && S.reveal.seats ? S.reveal.seats : null, { ...ctx, name: names(true) }),
    ctx.me !== null && coachAllowed() ? reviewSection(S.review, R, { ...ctx, name: names(true) }, askReview, (i) => { S.review.at = i; render(); }) : null,
    // a player is asked to press Rematch; a spectator, who has no seat to take there, only told who asked
    S.info.rematch && S.rematchSeats && S.rematchSeats.length && !store.get(S.info.rematch)
      ? h("p", { class: "notice", id: "rematch-notice" },
        t(mine ? "rematch_asked" : "rematch_asked_watch", { names: listing(S.rematchSeats), n: S.rematchSeats.length })) : null,
    h("div", { class: "buttons" },
    mine ? h("button", { id: "rematch", type: "button", onclick: async () => {
      try {
        const r = await api(`/api/tables/${S.tableId}/rematch`, { token: mine.token });
        store.put(r.table, { seat: r.seat, token: r.token });
        keys.put(r.table, r.key);
        go(`/t/${r.table}`);
      } catch (err) { S.error = err; render(); }
    } }, t("rematch")) : S.info.rematch ? h("a", { href: `/t/${S.info.rematch}`, class: "button", id: "watch-rematch", onclick: (e) => {
      e.preventDefault();
      keys.put(S.info.rematch, keys.get(S.tableId)); // the rematch keeps this table's invite secret
      go(`/t/${S.info.rematch}`);
    } }, t("watch_rematch")) : null,
    h("a", { href: "/", class: "button", onclick: (e) => { e.preventDefault(); go("/"); } }, t("new_game"))));
}

// The countdown of a challenge window or turn timer, redrawn without rebuilding the page.
function tick(page) {
  const left = (at) => Math.max(0, Math.ceil((at - performance.now()) / 1000));
  const el = page.querySelector("#countdown");
  if (el && S.deadlineAt !== null) el.textContent = t("closes_in", { s: left(S.deadlineAt) });
  const w = page.querySelector("#window-countdown");
  if (w && S.windowAt) w.textContent = ` · ${t("closes_in", { s: left(S.windowAt) })}`;
  for (const g of page.querySelectorAll(".grace")) {
    const at = S.graceAt[g.dataset.seat];
    if (at !== undefined) g.textContent = ` · ${t("grace_left", { s: left(at) })}`;
  }
}
setInterval(() => { const p = document.getElementById("table"); if (p) tick(p); }, 250);

window.addEventListener("popstate", route);
setLang(getLang());
route().catch((err) => { root.replaceChildren(h("p", { class: "error" }, t("error", { msg: err.message }))); });
