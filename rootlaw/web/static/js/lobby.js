// The public lobby: the open games from /api/lobby (read again every few seconds),
// joined, left and started by POSTs with the CSRF token.
import { api, el, postJson } from "./common.js";

const list = document.getElementById("lobby-games");
const status = document.getElementById("lobby-status");
const error = document.getElementById("lobby-error");
let account = null;
let csrf = null;
let agents = [];

function paceText(p) {
  if (!p) return "no deadlines";
  const s = p.seconds;
  const span = s >= 86400 ? `${Math.round(s / 86400)} day(s)` : s >= 3600 ? `${Math.round(s / 3600)} hour(s)` : `${Math.round(s / 60)} min`;
  return `${span} a decision; then ${p.on_timeout === "drop" ? "the seat goes to" : "the turn is played by"} ${p.agent}`;
}

async function post(path, body = {}) {
  error.hidden = true;
  let out;
  try {
    out = await postJson(path, body, csrf);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return null;
  }
  await refresh();
  return out;
}

function options(g) {
  const parts = [`map ${g.map}`, `deck ${g.deck.replaceAll("_", " ")}`, `setup ${g.setup}`];
  if (g.rules !== "law") parts.push(`rules ${g.rules}`);
  if (g.hirelings) parts.push(`hirelings ${Array.isArray(g.hirelings) ? g.hirelings.join(", ") : `${g.hirelings} at random`}`);
  if (g.landmarks) parts.push(`landmarks ${Array.isArray(g.landmarks) ? g.landmarks.join(", ") : `${g.landmarks} at random`}`);
  parts.push(paceText(g.pace));
  return parts.join(" · ");
}

function buttons(g) {
  if (g.status !== "open") return g.game ? [el("a", { class: "button open-game", href: g.game }, "Open the game")] : [];
  if (!account) return [];
  const out = [];
  if (!g.seated && g.free) out.push(el("button", { type: "button", class: "button join", onclick: () => post(`/api/lobby/${g.id}/join`) }, "Join"));
  if (g.seated && !g.mine) out.push(el("button", { type: "button", class: "button secondary leave", onclick: () => post(`/api/lobby/${g.id}/leave`) }, "Leave"));
  if (g.mine && !g.free) out.push(el("button", { type: "button", class: "button start", onclick: () => start(g) }, "Start"));
  if (g.mine && g.free) {
    const pick = el("select", { class: "fill", "aria-label": "Agent for the free seats" },
      agents.map((a) => el("option", { value: `agent:${a}`, selected: a === "heuristic" }, a)));
    out.push(el("button", { type: "button", class: "button start-fill", onclick: () => start(g, pick.value) }, "Start with agents in the free seats"), pick);
  }
  return out;
}

async function start(g, fill) {
  const out = await post(`/api/lobby/${g.id}/start`, fill ? { fill } : {});
  if (out) location.href = `/games/${out.id}`;
}

function render(games) {
  list.replaceChildren(...games.map((g) => el("li", { class: `panel lobby-game ${g.status}`, dataset: { entry: g.id } },
    el("h2", {}, `${g.host}'s game`, g.status !== "open" ? " (started)" : ""),
    el("ul", { class: "lobby-seats" }, g.seats.map((s) => el("li", { dataset: { seat: s.seat } },
      el("strong", {}, s.name), ": ", s.kind === "human" ? (s.player || el("em", { class: "free" }, "free")) : s.kind))),
    el("p", { class: "hint lobby-options" }, options(g)),
    el("p", { class: "lobby-actions" }, buttons(g)))));
  status.textContent = games.length ? "" : "No open games right now.";
}

async function refresh() {
  try {
    render((await api("/api/lobby")).games);
  } catch (err) {
    status.textContent = err.message;
  }
}

async function main() {
  const me = await api("/api/account");
  account = me.account;
  csrf = me.csrf;
  document.getElementById("lobby-login").hidden = Boolean(account);
  agents = (await api("/api/play/catalog")).agents;
  await refresh();
  setInterval(refresh, 3000);
}

main();
