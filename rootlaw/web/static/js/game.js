// The game page: one seat (?token=T), several at one screen (?token=A&token=B), or a
// spectator (no token). State arrives by WebSocket; actions and undo go by POST.
import { api, el, postJson, typingIn } from "./common.js";
import { cardChip, colorsFor, drawBoards, drawMap, drawTable, hirelingColors, hirelingNames, legend, loadGeometry, titleCase } from "./board.js";

const gid = location.pathname.split("/")[2];
const tokens = new URLSearchParams(location.search).getAll("token").filter(Boolean);
const $ = (id) => document.getElementById(id);
const root = $("game");
const ctx = { catalog: null, colors: {}, names: {}, layout: null };
const mine = new Map(); // seat -> token
let shown = null; // the state on screen
let seat = null; // whose eyes the screen shows
let revealed = null; // hotseat: the seat the curtain was lifted for
let picked = new Set(); // clearings clicked to narrow the options
let pickedCard = null; // a card clicked (in the hand) to narrow the options
let log = [];
let logSeat = undefined; // whose eyes the log on screen was told for
let logChain = Promise.resolve(); // log fetches, one after another (never two at once)
const FLAT = 12; // more options than this are grouped: by action, then by clearing
let busy = false;
let socket = null;
let csrf = null; // a seat bound to this browser's account plays by cookie, with this token
let changed = new Set(); // clearings whose pieces changed with the last update

/** Clearings that look different from the previous state (what bots and others did). */
function changedClearings(before, after) {
  if (!before) return new Set();
  const rows = (v) => (v.burrow ? [...v.clearings, v.burrow] : v.clearings); // the Burrow too (12.2.2)
  const old = new Map(rows(before.view).map((c) => [c.id, JSON.stringify(c)]));
  return new Set(rows(after.view).filter((c) => old.get(c.id) !== JSON.stringify(c)).map((c) => c.id));
}

const post = (path, body) => postJson(path, body, csrf);

function stateUrl(s) {
  const t = mine.get(s);
  return `/api/games/${gid}${t ? `?token=${encodeURIComponent(t)}` : ""}`;
}

/** A seat's lasting key (its faction, or in a draft seat1, seat2...: A.8.2) from the id
 *  the engine gives it now (its faction once chosen). */
function keyOf(id, state = shown) {
  for (const [k, x] of Object.entries(state?.seats || {})) if ((x.faction || k) === id) return k;
  return id;
}

/** The id a seat goes by now, from its key. */
function idOf(key, state = shown) {
  return state?.seats?.[key]?.faction || key;
}

/** The seat to show: the one deciding if it is ours, else the one shown, else our first. */
function pickSeat(state) {
  const d = keyOf(state.decision?.seat, state);
  if (d && mine.has(d)) return d;
  if (seat && mine.has(seat)) return seat;
  return mine.keys().next().value ?? null;
}

/** Show a state unless a newer one is on screen; true if it was shown. */
async function receive(state) {
  if (shown && (state.version < shown.version || (state.version === shown.version && state.seat === shown.seat))) return false;
  const want = pickSeat(state);
  if (want !== state.seat) state = await api(stateUrl(want));
  if (shown && state.version < shown.version) return false;
  if (seat !== state.seat) { picked = new Set(); pickedCard = null; }
  changed = changedClearings(shown, state);
  seat = state.seat;
  shown = state;
  render();
  await refreshLog();
  return true;
}

/** Bring the log up to date. Fetches run one after another: a state from the
 *  WebSocket and the answer to our own POST arrive together, and two fetches from
 *  the same point would add the same lines twice (issue 41). */
function refreshLog() {
  logChain = logChain.then(fetchLog).catch(showFailure);
  return logChain;
}

async function fetchLog() {
  const size = shown.log_size;
  const fresh = logSeat !== seat; // another seat's eyes: its own redactions
  const known = !fresh && log.length ? log[log.length - 1].i + 1 : 0;
  if (!fresh && size === known && log.length) return;
  const t = mine.get(seat);
  const since = fresh || size < known ? 0 : known;
  const params = new URLSearchParams({ since });
  if (t) params.set("token", t);
  const asked = seat;
  const data = await api(`/api/games/${gid}/log?${params}`);
  if (asked !== seat) return fetchLog(); // the seat changed meanwhile
  const have = new Set(since === 0 ? [] : log.map((ln) => ln.i));
  log = (since === 0 ? [] : log).concat(data.lines.filter((ln) => !have.has(ln.i)));
  logSeat = asked;
  renderLog();
}

// ---------------------------------------------------------------- rendering

function render() {
  const s = shown, v = s.view;
  root.dataset.version = s.version;
  root.dataset.over = s.over;
  root.dataset.seat = s.seat || "";
  root.dataset.deciding = s.decision?.seat || "";
  ctx.names = { ...hirelingNames(v), ...Object.fromEntries(Object.entries(s.seats).map(([f, x]) => [x.faction || f, x.name])) };
  ctx.colors = { ...hirelingColors(v), ...colorsFor(v.factions, ctx.catalog) };
  $("game-title").textContent = `${ctx.layout.title} · ${s.seat ? ctx.names[idOf(s.seat)] : "Spectator"}`;
  const ours = s.decision && mine.has(keyOf(s.decision.seat));
  document.title = `${s.over ? "Game over" : ours ? "Your move" : "Game"} · rootlaw`;
  const turn = v.turn_player ? `Turn ${v.turn}: ${ctx.names[v.turn_player]}, ${v.phase}` : `Setup`;
  const waiting = s.over ? "Game over" : s.decision ? (ours ? `${ctx.names[s.decision.seat]} to decide` : `waiting for ${s.decision.name}`) : "";
  $("turn-line").textContent = `${turn} · ${waiting}`;
  $("scores").replaceChildren(...v.factions.map((f) => el("li", { style: `--faction:${ctx.colors[f]}`, "data-faction": f,
    class: s.decision?.seat === f ? "deciding" : "" }, el("span", { class: "dot" }), `${ctx.names[f]} `, el("strong", {}, s.scores[f]))));
  const curtain = needsCurtain();
  $("curtain").hidden = !curtain;
  if (curtain) $("curtain-text").textContent = `Pass the screen to ${ctx.names[idOf(seat)]}.`;
  renderDecision(curtain);
  renderMap();
  renderHand(curtain);
  const seats = Object.fromEntries(Object.entries(s.seats).map(([f, x]) => [x.faction || f, x]));
  drawBoards($("boards"), curtain ? hideHands(v) : v, { ...ctx, seats, deciding: s.decision?.seat });
  drawTable($("table"), v, ctx.catalog);
  renderOver();
  changed = new Set(); // highlighted once
}

function needsCurtain() {
  return mine.size > 1 && !shown.over && seat && revealed !== seat;
}

function hideHands(v) {
  const copy = structuredClone(v);
  for (const p of Object.values(copy.players)) delete p.hand;
  return copy;
}

function myDecision() {
  const d = shown.decision;
  return d && d.options && d.seat === idOf(seat) && !needsCurtain() ? d : null;
}

/** Does an option name this card (anywhere in it, nested lists too)? */
function namesCard(option, card) {
  return option.some((x) => (Array.isArray(x) ? namesCard(x, card) : x === card));
}

function visibleOptions(d) {
  let all = d.options.map((_, i) => i);
  if (pickedCard) all = all.filter((i) => namesCard(d.options[i], pickedCard));
  if (!picked.size) return all;
  return all.filter((i) => [...picked].every((c) => d.clearings[i].includes(c)));
}

/** The words the labels of a group share ("Plot" for "Plot: place a bomb in 3", ...),
 *  else the action's id in words. */
function groupTitle(verb, labels) {
  if (labels.length === 1) return labels[0];
  const heads = labels.map((l) => l.split(":")[0]);
  if (labels.every((l) => l.includes(":")) && heads.every((h) => h === heads[0])) return heads[0];
  const words = labels.map((l) => l.split(" "));
  let n = 0;
  while (words.every((w) => w[n] !== undefined && w[n] === words[0][n])) n++;
  const common = words[0].slice(0, n).join(" ").replace(/[\s:,(>-]+$/, "")
    .replace(/(\s+(in|to|a|an|the|with|from|against|of))+$/, "");
  const title = common || titleCase(verb.replace(/^(cv|kk|rf|ud|lh)_/, ""));
  return title[0].toUpperCase() + title.slice(1);
}

/** Long lists (a Corvid Daylight offers dozens) grouped: by action (the option's verb),
 *  then, in a large group, by the first clearing the options name. */
function optionGroups(d, idx) {
  const byVerb = new Map();
  for (const i of idx) {
    const verb = String(d.options[i][0]);
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push(i);
  }
  return [...byVerb].map(([verb, items]) => {
    let sub = null;
    if (items.length > 6) {
      sub = new Map();
      for (const i of items) {
        const c = d.clearings[i][0];
        const key = c == null ? "other" : String(c);
        if (!sub.has(key)) sub.set(key, []);
        sub.get(key).push(i);
      }
      if (sub.size < 2) sub = null;
    }
    return { verb, title: groupTitle(verb, items.map((i) => d.labels[i])), items, sub };
  });
}

function optionButton(d, i) {
  return el("button", { type: "button", class: "option", "data-index": i, disabled: busy, onclick: () => choose(i) }, d.labels[i]);
}

function renderDecision(curtain) {
  const d = myDecision();
  const s = shown;
  $("decision").dataset.seat = s.decision?.seat || "";
  $("undo").disabled = !s.undo || busy || curtain;
  $("undo").hidden = !seat;
  if (!d) {
    $("prompt").textContent = s.over ? "The game is over." : s.decision ? `Waiting for ${s.decision.name}…` : "";
    $("decision-rule").textContent = "";
    $("options").replaceChildren();
    $("clear-pick").hidden = true;
    return;
  }
  $("prompt").textContent = `${ctx.names[d.seat]}: ${d.prompt}`;
  const anchor = d.rule.split("/")[0];  // "P5.7": the prototype's rules reference (issue 40)
  const book = /^P\d/.test(anchor) ? `/rules/prototype#${anchor.slice(1)}`
    : /^(BK|HOL|SOM|VW)\./.test(anchor) ? `/rules/crusader#${anchor}` : `/rules#${anchor}`;  // the Crusader book
  $("decision-rule").replaceChildren("Rule ", el("a", { href: book, target: "_blank", rel: "noopener" }, d.rule),
    d.clearings.some((c) => c.length) ? " · or click a clearing on the map" : "");
  const idx = visibleOptions(d);
  if (idx.length <= FLAT) {
    $("options").replaceChildren(...idx.map((i) => optionButton(d, i)));
  } else {
    const groups = optionGroups(d, idx);
    $("options").replaceChildren(...groups.map((g) => el("details", { class: "opt-group", "data-group": g.verb,
      open: groups.length === 1 || g.items.length <= 3 },
      el("summary", {}, `${g.title} (${g.items.length})`),
      g.sub ? [...g.sub].map(([c, items]) => el("div", { class: "opt-sub", "data-clearing": c },
        el("h4", {}, c === "other" ? "Elsewhere" : `Clearing ${c}`), items.map((i) => optionButton(d, i))))
        : g.items.map((i) => optionButton(d, i)))));
  }
  $("options").dataset.count = idx.length;
  $("options").dataset.grouped = String(idx.length > FLAT);
  $("clear-pick").hidden = !picked.size && !pickedCard;
}

function renderMap() {
  const d = myDecision();
  const pick = new Set();
  if (d) for (const i of visibleOptions(d)) for (const c of d.clearings[i]) pick.add(c);
  drawMap($("map-holder"), ctx.layout, shown.view, ctx.colors, ctx.names, { pick, selected: picked, onPick, changed, catalog: ctx.catalog });
  $("legend-holder").replaceChildren(legend(ctx.colors, ctx.names));
}

function renderHand(curtain) {
  const p = seat && shown.view.players[idOf(seat)];
  $("hand-panel").hidden = !p || !p.hand;
  if (!p || !p.hand) return;
  $("hand-title").textContent = `${ctx.names[idOf(seat)]}'s hand (${p.hand.length})`;
  const d = myDecision();
  const chip = (c) => {
    const usable = d && d.options.some((o) => namesCard(o, c));
    if (!usable) return cardChip(c, ctx.catalog);
    return cardChip(c, ctx.catalog, { role: "button", tabindex: 0, "aria-pressed": String(pickedCard === c),
      class: `pickable${pickedCard === c ? " selected" : ""}`, title: "show only the options with this card",
      onclick: () => pickCard(c), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickCard(c); } } });
  };
  $("hand").replaceChildren(...(curtain ? [el("span", { class: "muted" }, "hidden until you show it")]
    : p.hand.length ? p.hand.map(chip) : [el("span", { class: "muted" }, "no cards")]));
}

function pickCard(c) {
  pickedCard = pickedCard === c ? null : c;
  renderDecision(false);
  renderMap();
  renderHand(false);
}

function renderLog() {
  const list = $("log");
  const lastMine = [...log].reverse().find((ln) => ln.kind === "decision" && ln.actor === idOf(seat))?.i ?? -1;
  list.replaceChildren(...log.slice(-300).map((ln) => el("li", { class: `log-${ln.kind}${ln.i > lastMine && seat ? " new" : ""}`,
    "data-i": ln.i, style: ln.actor && ctx.colors[ln.actor] ? `--faction:${ctx.colors[ln.actor]}` : null }, ln.text)));
  list.scrollTop = list.scrollHeight;
}

function renderOver() {
  const box = $("game-over");
  box.hidden = !shown.over;
  if (!shown.over) return;
  const names = shown.winners.map((f) => ctx.names[f]).join(" and ");
  box.replaceChildren(el("h2", {}, `${names} won (${shown.win_reason})`),
    el("ol", { class: "final-scores" }, Object.entries(shown.scores).sort((a, b) => b[1] - a[1]).map(([f, n]) =>
      el("li", { "data-faction": f }, `${ctx.names[f]}: ${n} VP`))),
    el("p", {}, el("a", { class: "button", href: `/games/${gid}/replay` }, "Watch the replay"), " ",
      el("a", { class: "button secondary", id: "watch-unfold", href: `/games/${gid}/replay?step=0&play=1` }, "Watch it unfold from the start")));
}

// ---------------------------------------------------------------- acting

function onPick(id) {
  const d = myDecision();
  if (!d || busy) return;
  picked.add(id);
  let idx = visibleOptions(d);
  if (!idx.length) {
    picked = new Set([id]);
    idx = visibleOptions(d);
  }
  if (idx.length === 1) return choose(idx[0]);
  renderDecision(false);
  renderMap();
}

async function choose(i) {
  const d = myDecision();
  if (!d || busy) return;
  busy = true;
  showError("");
  try {
    const state = await post(`/api/games/${gid}/actions`, { token: mine.get(seat), version: shown.version, option: i });
    picked = new Set();
    pickedCard = null;
    busy = false;
    if (!(await receive(state))) render(); // the WebSocket may have brought it first
  } catch (err) {
    busy = false;
    showError(err.message);
    if (err.status !== 409 || !(await receive(await api(stateUrl(seat))))) render();
  }
}

async function undo() {
  if (!seat || busy) return;
  busy = true;
  showError("");
  try {
    const state = await post(`/api/games/${gid}/undo`, { token: mine.get(seat) });
    busy = false;
    picked = new Set();
    if (!(await receive(state))) render();
  } catch (err) {
    busy = false;
    showError(err.message);
    render();
  }
}

function showError(text) {
  $("action-error").textContent = text;
  $("action-error").hidden = !text;
}

// ---------------------------------------------------------------- live updates

function connect(delay = 500) {
  const t = tokens[0];
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${gid}/ws${t ? `?token=${encodeURIComponent(t)}` : ""}`);
  socket.onopen = () => { $("conn").textContent = "● live"; $("conn").className = "conn ok"; delay = 500; };
  socket.onmessage = (e) => { if (e.data !== "pong") receive(JSON.parse(e.data)).catch(showFailure); };
  socket.onclose = () => {
    $("conn").textContent = "○ reconnecting…";
    $("conn").className = "conn";
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

function showFailure(err) {
  showError(err.message || String(err));
}

async function start() {
  ctx.catalog = await api("/api/play/catalog");
  // the record in Rootlog notation: as this seat saw it (all of it once the game is over)
  $("rootlog-link").href = `/api/rootlog/${gid}${tokens.length === 1 ? `?token=${encodeURIComponent(tokens[0])}` : ""}`;
  for (const t of tokens) {
    const state = await api(`/api/games/${gid}?token=${encodeURIComponent(t)}`);
    if (state.seat) mine.set(state.seat, t);
  }
  if (!tokens.length) { // no link: the seat bound to this browser's account, if any
    const me = await api("/api/account").catch(() => null);
    if (me?.account) csrf = me.csrf;
  }
  const first = await api(stateUrl(pickSeat({ decision: null })));
  if (!tokens.length && first.seat) mine.set(first.seat, null); // opened by the cookie
  ctx.layout = await loadGeometry(first.map);
  await receive(first);
  connect();
}

$("undo").addEventListener("click", undo);
$("clear-pick").addEventListener("click", () => { picked = new Set(); pickedCard = null; render(); });
$("curtain-go").addEventListener("click", () => { revealed = seat; render(); });
document.addEventListener("keydown", (e) => {
  if (typingIn(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "u" || e.key === "U") undo();
  if (e.key === "Escape" && (picked.size || pickedCard)) { picked = new Set(); pickedCard = null; render(); }
  const n = Number.parseInt(e.key, 10);
  const buttons = [...document.querySelectorAll("#options button.option")].filter((b) => b.offsetParent !== null);
  if (n >= 1 && n <= 9 && buttons[n - 1]) buttons[n - 1].click();
});
/** The game cannot be shown (a wrong token, a game that does not exist): a page that
 *  says so and where to go, instead of the error over an empty board. */
function showFatal(err) {
  const bad = err.code === "bad_token";
  document.title = "Cannot open the game · rootlaw";
  root.replaceChildren(el("section", { class: "panel fatal", id: "fatal", role: "alert", "data-code": err.code || "" },
    el("h1", {}, bad ? "This link opens no seat of this game" : "Cannot open the game"),
    el("p", {}, bad ? "The token in this link is wrong or belongs to another game. Ask for your seat's link again." : err.message),
    el("p", {}, bad ? el("a", { class: "button", href: `/games/${gid}` }, "Watch as a spectator") : null, " ",
      el("a", { class: "button secondary", href: "/play" }, "Start a new game"))));
}
start().catch(showFatal);
