// Reach calculator (Law of Root 5.2): pick factions, see the verdict and viable sets.
import { api, debounce, el, typingIn } from "./common.js";

// Keys follow the Rootlog faction letters (G is the second Vagabond).
const KEYS = { marquise: "c", eyrie: "e", alliance: "a", vagabond: "v", lizard: "l",
  riverfolk: "o", duchy: "d", corvid: "p", hundreds: "h", keepers: "k" };
const SECOND_KEY = "g";
const WORDS = { viable: "Viable", adventurous: "Adventurous", not_viable: "Not viable",
  incomplete: "Pick factions" };

const list = document.getElementById("faction-list");
const players = document.getElementById("players");
const verdict = document.getElementById("verdict");
const suggestions = document.getElementById("suggestions");
let table = null;

function boxes() {
  return [...list.querySelectorAll("input[type=checkbox]")];
}

function picks() {
  return boxes().filter((b) => b.checked).map((b) => b.dataset.faction);
}

function buildList() {
  list.replaceChildren();
  for (const f of table.factions) {
    f.reach.forEach((value, copy) => {
      const key = copy === 0 ? KEYS[f.id] : SECOND_KEY;
      const name = copy === 0 ? f.name : `Second ${f.name}`;
      const id = `f-${f.id}-${copy}`;
      list.append(el("li", { class: "faction" },
        el("label", { for: id },
          el("input", { type: "checkbox", id, dataset: { faction: f.id, copy: String(copy), key },
            "aria-keyshortcuts": key.toUpperCase(), "aria-describedby": `${id}-reach` }),
          el("span", { class: "fname" }, name)),
        el("span", { class: "fkey", "aria-hidden": "true" }, `[${key.toUpperCase()}]`),
        el("span", { class: "freach", id: `${id}-reach`, title: "reach" }, `${value}`,
          el("span", { class: "visually-hidden" }, " reach"))));
    });
  }
  for (const n of Object.keys(table.viable_sums)) {
    players.append(el("option", { value: n }, `${n} players`));
  }
  const head = document.querySelector("#reach-table thead tr");
  const body = document.querySelector("#reach-table tbody tr");
  for (const [n, sum] of Object.entries(table.viable_sums)) {
    head.append(el("th", { scope: "col", dataset: { players: n } }, n));
    body.append(el("td", { dataset: { players: n } }, `${sum}+`));
  }
}

/** A second copy can only be picked with the first, and goes when the first goes. */
function syncCopies() {
  for (const b of boxes()) {
    if (b.dataset.copy === "0") continue;
    const first = list.querySelector(`input[data-faction="${b.dataset.faction}"][data-copy="0"]`);
    b.disabled = !first.checked;
    if (!first.checked) b.checked = false;
  }
}

function setPicks(ids) {
  const counts = {};
  for (const id of ids) counts[id] = (counts[id] || 0) + 1;
  for (const b of boxes()) b.checked = Number(b.dataset.copy) < (counts[b.dataset.faction] || 0);
  syncCopies();
}

function saveUrl(ids) {
  const params = new URLSearchParams();
  if (ids.length) params.set("factions", ids.join(","));
  if (players.value) params.set("players", players.value);
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
}

function renderSuggestions(result) {
  suggestions.replaceChildren();
  if (!result.suggestions.length) {
    suggestions.append(el("li", {}, "No viable set of this size."));
    return;
  }
  for (const s of result.suggestions) {
    const nameOf = (id) => table.factions.find((f) => f.id === id)?.name || id;
    const change = [
      s.add.length ? `add ${s.add.map(nameOf).join(", ")}` : "",
      s.remove.length ? `drop ${s.remove.map(nameOf).join(", ")}` : "",
    ].filter(Boolean).join("; ");
    suggestions.append(el("li", {}, el("button", {
      type: "button", class: "suggestion", dataset: { factions: s.factions.join(",") },
      onclick: () => { setPicks(s.factions); update(); },
    }, `${s.names.join(" + ")} — ${s.total}`, el("span", { class: "changes" }, change))));
  }
}

async function update() {
  syncCopies();
  const ids = picks();
  saveUrl(ids);
  const params = new URLSearchParams();
  if (ids.length) params.set("factions", ids.join(","));
  if (players.value) params.set("players", players.value);
  let result;
  try {
    result = await api(`/api/reach?${params}`);
  } catch (err) {
    verdict.dataset.verdict = "not_viable";
    verdict.querySelector(".verdict-word").textContent = "Check your choice";
    verdict.querySelector(".verdict-message").textContent = err.message;
    return;
  }
  verdict.dataset.verdict = result.verdict;
  verdict.querySelector(".verdict-word").textContent = WORDS[result.verdict];
  verdict.querySelector(".verdict-message").textContent = result.message;
  document.getElementById("total").textContent = result.total;
  document.getElementById("required").textContent = `${result.required}+`;
  document.getElementById("player-count").textContent = result.players;
  const scale = Math.max(result.required * 1.5, result.total, 1);
  document.getElementById("meter-fill").style.width = `${(100 * result.total) / scale}%`;
  document.getElementById("meter-mark").style.left = `${(100 * result.required) / scale}%`;
  document.querySelectorAll("#reach-table [data-players]").forEach((c) =>
    c.classList.toggle("current", c.dataset.players === String(result.players)));
  renderSuggestions(result);
}

const refresh = debounce(update, 60);

function onKey(e) {
  if (typingIn(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape") { setPicks([]); refresh(); return; }
  const box = boxes().find((b) => b.dataset.key === e.key.toLowerCase());
  if (box && !box.disabled) {
    e.preventDefault();
    box.checked = !box.checked;
    box.focus();
    syncCopies();
    refresh();
  }
}

async function start() {
  table = await api("/api/reach/table");
  buildList();
  const params = new URLSearchParams(location.search);
  if (params.get("players")) players.value = params.get("players");
  setPicks((params.get("factions") || "").split(",").filter(Boolean));
  list.addEventListener("change", () => { syncCopies(); refresh(); });
  players.addEventListener("change", refresh);
  document.getElementById("reach-clear").addEventListener("click", () => { setPicks([]); refresh(); });
  document.addEventListener("keydown", onKey);
  await update();
}

start();
