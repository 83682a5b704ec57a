// The game page: one seat (?token=T), several at one screen (?token=A&token=B), or a
// spectator (no token). State arrives by WebSocket; actions and undo go by POST.
import { api, el, typingIn } from "./common.js";
import { cardChip, colorsFor, drawBoards, drawMap, drawTable, legend, loadGeometry } from "./board.js";

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
let log = [];
let busy = false;
let socket = null;
let changed = new Set(); // clearings whose pieces changed with the last update

/** Clearings that look different from the previous state (what bots and others did). */
function changedClearings(before, after) {
  if (!before) return new Set();
  const rows = (v) => (v.burrow ? [...v.clearings, v.burrow] : v.clearings); // the Burrow too (12.2.2)
  const old = new Map(rows(before.view).map((c) => [c.id, JSON.stringify(c)]));
  return new Set(rows(after.view).filter((c) => old.get(c.id) !== JSON.stringify(c)).map((c) => c.id));
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const err = new Error(data?.error?.message || `request failed (${response.status})`);
    err.status = response.status;
    throw err;
  }
  return data;
}

function stateUrl(s) {
  const t = mine.get(s);
  return `/api/games/${gid}${t ? `?token=${encodeURIComponent(t)}` : ""}`;
}

/** The seat to show: the one deciding if it is ours, else the one shown, else our first. */
function pickSeat(state) {
  const d = state.decision?.seat;
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
  if (seat !== state.seat) picked = new Set();
  changed = changedClearings(shown, state);
  seat = state.seat;
  shown = state;
  render();
  await refreshLog();
  return true;
}

async function refreshLog() {
  const size = shown.log_size;
  const known = log.length ? log[log.length - 1].i + 1 : 0;
  if (size === known && log.length) return;
  const t = mine.get(seat);
  const since = size < known ? 0 : known;
  const params = new URLSearchParams({ since });
  if (t) params.set("token", t);
  const data = await api(`/api/games/${gid}/log?${params}`);
  log = since === 0 ? data.lines : log.concat(data.lines);
  renderLog();
}

// ---------------------------------------------------------------- rendering

function render() {
  const s = shown, v = s.view;
  root.dataset.version = s.version;
  root.dataset.over = s.over;
  root.dataset.seat = s.seat || "";
  root.dataset.deciding = s.decision?.seat || "";
  ctx.names = Object.fromEntries(Object.entries(s.seats).map(([f, x]) => [f, x.name]));
  ctx.colors = colorsFor(v.factions, ctx.catalog);
  $("game-title").textContent = `${ctx.layout.title} · ${s.seat ? ctx.names[s.seat] : "Spectator"}`;
  document.title = `${s.over ? "Game over" : s.decision && mine.has(s.decision.seat) ? "Your move" : "Game"} · rootlaw`;
  const turn = v.turn_player ? `Turn ${v.turn}: ${ctx.names[v.turn_player]}, ${v.phase}` : `Setup`;
  const waiting = s.over ? "Game over" : s.decision ? (mine.has(s.decision.seat) ? `${ctx.names[s.decision.seat]} to decide` : `waiting for ${s.decision.name}`) : "";
  $("turn-line").textContent = `${turn} · ${waiting}`;
  $("scores").replaceChildren(...v.factions.map((f) => el("li", { style: `--faction:${ctx.colors[f]}`, "data-faction": f,
    class: s.decision?.seat === f ? "deciding" : "" }, el("span", { class: "dot" }), `${ctx.names[f]} `, el("strong", {}, s.scores[f]))));
  const curtain = needsCurtain();
  $("curtain").hidden = !curtain;
  if (curtain) $("curtain-text").textContent = `Pass the screen to ${ctx.names[seat]}.`;
  renderDecision(curtain);
  renderMap();
  renderHand(curtain);
  drawBoards($("boards"), curtain ? hideHands(v) : v, { ...ctx, seats: s.seats, deciding: s.decision?.seat });
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
  return d && d.options && d.seat === seat && !needsCurtain() ? d : null;
}

function visibleOptions(d) {
  const all = d.options.map((_, i) => i);
  if (!picked.size) return all;
  return all.filter((i) => [...picked].every((c) => d.clearings[i].includes(c)));
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
  $("decision-rule").replaceChildren("Rule ", el("a", { href: `/rules#${d.rule.split("/")[0]}`, target: "_blank", rel: "noopener" }, d.rule),
    d.clearings.some((c) => c.length) ? " · or click a clearing on the map" : "");
  const idx = visibleOptions(d);
  $("options").replaceChildren(...idx.map((i) => el("button", { type: "button", class: "option", "data-index": i,
    disabled: busy, onclick: () => choose(i) }, d.labels[i])));
  $("clear-pick").hidden = !picked.size;
}

function renderMap() {
  const d = myDecision();
  const pick = new Set();
  if (d) for (const i of visibleOptions(d)) for (const c of d.clearings[i]) pick.add(c);
  drawMap($("map-holder"), ctx.layout, shown.view, ctx.colors, ctx.names, { pick, selected: picked, onPick, changed });
  $("legend-holder").replaceChildren(legend(ctx.colors, ctx.names));
}

function renderHand(curtain) {
  const p = seat && shown.view.players[seat];
  $("hand-panel").hidden = !p || !p.hand;
  if (!p || !p.hand) return;
  $("hand-title").textContent = `${ctx.names[seat]}'s hand (${p.hand.length})`;
  $("hand").replaceChildren(...(curtain ? [el("span", { class: "muted" }, "hidden until you show it")]
    : p.hand.length ? p.hand.map((c) => cardChip(c, ctx.catalog)) : [el("span", { class: "muted" }, "no cards")]));
}

function renderLog() {
  const list = $("log");
  const lastMine = [...log].reverse().find((ln) => ln.kind === "decision" && ln.actor === seat)?.i ?? -1;
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
    el("p", {}, el("a", { class: "button", href: `/games/${gid}/replay` }, "Watch the replay")));
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
  for (const t of tokens) {
    const state = await api(`/api/games/${gid}?token=${encodeURIComponent(t)}`);
    if (state.seat) mine.set(state.seat, t);
  }
  const first = await api(stateUrl(pickSeat({ decision: null })));
  ctx.layout = await loadGeometry(first.map);
  await receive(first);
  connect();
}

$("undo").addEventListener("click", undo);
$("clear-pick").addEventListener("click", () => { picked = new Set(); renderDecision(false); renderMap(); });
$("curtain-go").addEventListener("click", () => { revealed = seat; render(); });
document.addEventListener("keydown", (e) => {
  if (typingIn(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "u" || e.key === "U") undo();
  if (e.key === "Escape" && picked.size) { picked = new Set(); renderDecision(false); renderMap(); }
  const n = Number.parseInt(e.key, 10);
  const buttons = document.querySelectorAll("#options button.option");
  if (n >= 1 && n <= 9 && buttons[n - 1]) buttons[n - 1].click();
});
start().catch((err) => { $("turn-line").textContent = `Cannot load the game: ${err.message}`; });
