// The lobby: factions and seats, bots' difficulty and traits, map, deck, seed; the
// reach check (5.2) as advice; then one link per seat and a spectator link.
import { api, copyText, el, postJson } from "./common.js";

const $ = (id) => document.getElementById(id);
const DRAFT = "draft"; // a seat whose player drafts a faction (Advanced Setup, A.8)
let catalog = null;
const PRESETS = {
  bots: [["marquise", "here"], ["electric_eyrie", "bot"], ["automated_alliance", "bot"], ["vagabot", "bot"]],
  four: [["marquise", "here"], ["eyrie", "here"], ["alliance", "here"], ["vagabond", "here"]],
  online: [["marquise", "here"], ["eyrie", "link"]],
  watch: [["mechanical_marquise", "bot"], ["electric_eyrie", "bot"], ["automated_alliance", "bot"], ["vagabot", "bot"]],
  // the prototype rules (issue 40): its four factions, no bots (they play by the Law)
  prototype: [["marquise", "here"], ["eyrie", "agent:random"], ["alliance", "agent:random"], ["vagabond", "agent:random"]],
  // the Advanced Setup's draft (A.8): seats whose players choose a setup card, a bot among them
  draft: [[DRAFT, "here"], [DRAFT, "here"], [DRAFT, "here"], [DRAFT, "here"], ["vagabot", "bot"]],
};

function factionById(id) {
  if (id === DRAFT) return { id: DRAFT, name: "Drafts a setup card", bot: false, reach: 0, traits: [], setup_choices: {} };
  return catalog.factions.find((f) => f.id === id);
}

function playerChoices(faction) {
  if (faction.bot) return [["bot", "Rootbotics bot"]];
  return [["here", "Person at this screen"], ["link", "Person with a link"],
    // the difficulty levels first (easy, medium, hard: what each plays), then every agent
    ...Object.entries(catalog.agent_levels || {}).map(([a, text]) => [`agent:${a}`, `Computer, ${a} (${text})`]),
    ...catalog.agents.filter((a) => !(a in (catalog.agent_levels || {}))).map((a) => [`agent:${a}`, `Agent: ${a}`])];
}

// a fan expansion's faction says so where it is chosen
const factionOption = (f) => el("option", { value: f.id }, f.fan ? `${f.name} (fan-made)` : f.name);

function seatRow(factionId, player) {
  const li = el("li", { class: "seat-row" });
  const faction = el("select", { class: "faction", "aria-label": "Faction" },
    el("optgroup", { label: "Advanced Setup" }, el("option", { value: DRAFT }, "Drafts a setup card (A.8)")),
    el("optgroup", { label: "Factions" }, catalog.factions.filter((f) => !f.bot && !f.fan).map(factionOption)),
    el("optgroup", { label: "Fan-made factions (not by Leder Games)" }, catalog.factions.filter((f) => !f.bot && f.fan).map(factionOption)),
    el("optgroup", { label: "Rootbotics bots" }, catalog.factions.filter((f) => f.bot).map(factionOption)));
  faction.value = factionId;
  const who = el("select", { class: "player", "aria-label": "Player" });
  const extra = el("div", { class: "bot-options" });
  const remove = el("button", { type: "button", class: "link remove", "aria-label": "Remove this seat" }, "✕");
  const sync = (keep) => {
    const f = factionById(faction.value);
    who.replaceChildren(...playerChoices(f).map(([v, label]) => el("option", { value: v }, label)));
    if (keep && [...who.options].some((o) => o.value === keep)) who.value = keep;
    extra.replaceChildren();
    if (f.bot) {
      extra.append(el("label", {}, "Difficulty ", el("select", { class: "difficulty" },
        catalog.difficulties.map((d) => el("option", { value: d, selected: d === "default" }, d)))));
      for (const [choice, values] of Object.entries(f.setup_choices)) {
        const texts = f.choice_texts?.[choice] || {};
        const says = el("span", { class: "choice-text hint", "data-choice": choice }, "");
        const pick = el("select", { class: "setup-choice", "data-choice": choice },
          el("option", { value: "" }, "random"), values.map((v) => el("option", { value: v, title: texts[v] || "" }, v)));
        const tell = () => { says.textContent = pick.value ? (texts[pick.value] || "") : `One of ${values.join(", ")}, drawn at random.`; };
        pick.addEventListener("change", tell);
        tell();
        extra.append(el("label", {}, `${choice} `, pick), says);
      }
      if (f.traits.length) {  // Rootbotics 3.3.2: each trait card with what it does
        extra.append(el("fieldset", { class: "traits" }, el("legend", {}, "Traits"), f.traits.map((t) =>
          el("label", { class: "trait-choice", title: f.trait_texts?.[t] || "" },
            el("input", { type: "checkbox", class: "trait", value: t }), ` ${t.replaceAll("_", " ").replace(/\b\w/g, (m) => m.toUpperCase())}`,
            f.trait_texts?.[t] ? el("span", { class: "trait-text hint" }, ` — ${f.trait_texts[t]}`) : ""))));
      }
    }
  };
  faction.addEventListener("change", () => { sync(who.value); advise(); });
  remove.addEventListener("click", () => { li.remove(); advise(); });
  sync(player);
  li.append(faction, who, remove, extra);
  return li;
}

function setSeats(rows) {
  $("seats").replaceChildren(...rows.map(([f, p]) => seatRow(f, p)));
  advise();
}

function readForm() {
  const rows = [...document.querySelectorAll(".seat-row")];
  const body = { factions: [], seats: {}, map: $("map").value, deck: $("deck").value,
    bot_difficulty: {}, bot_traits: {}, bot_setup: {} };
  const here = [];
  let drafting = 0; // seats of a draft are named seat1, seat2... (A.4, A.8.2)
  const refused = []; // people's factions named in a draft
  const draft = rows.some((row) => row.querySelector(".faction").value === DRAFT);
  for (const row of rows) {
    let f = row.querySelector(".faction").value;
    const p = row.querySelector(".player").value;
    if (f === DRAFT) f = `seat${++drafting}`;
    else if (draft && !factionById(f).bot) { // a draft seats bots and drafting players (A.8):
      refused.push(factionById(f).name || f); // a named faction is refused, never dropped
      continue;
    }
    body.factions.push(f);
    body.seats[f] = p === "here" || p === "link" ? "human" : p;
    if (p === "here") here.push(f);
    const level = row.querySelector(".difficulty")?.value;
    if (level && level !== "default") body.bot_difficulty[f] = level;
    const traits = [...row.querySelectorAll(".trait:checked")].map((t) => t.value);
    if (traits.length) body.bot_traits[f] = traits;
    for (const s of row.querySelectorAll(".setup-choice")) if (s.value) (body.bot_setup[f] ||= {})[s.dataset.choice] = s.value;
  }
  if ($("rules").value !== "law") body.rules = $("rules").value;
  if ($("setup").value !== "standard") body.setup = $("setup").value;
  if (draft) {
    body.players = body.factions.length;
    body.bots = body.factions.filter((f) => !f.startsWith("seat"));
    body.setup = "advanced";
    if ($("crusader").checked) body.crusader = true; // the terminal's --crusader
    delete body.factions;
  }
  const people = Object.values(body.seats).filter((k) => k === "human").length;
  if (people && here.length === people) body.hotseat = true; // every person at this screen
  const seed = $("seed").value.trim();
  if (seed) body.seed = seed; // as its digits: a Number keeps 53 bits, a seed 63
  if ($("cooperative").checked) body.cooperative = true;
  // A.5 (Appendix F): landmarks named, or dealt at random; they need the Advanced Setup
  const named = [...document.querySelectorAll(".landmark-pick:checked")].map((x) => x.value);
  const dealt = $("landmarks").value;
  if (named.length) body.landmarks = named;
  else if (dealt) body.landmarks = Number(dealt);
  if (body.landmarks) {
    body.setup = "advanced";
    if ($("map-landmarks-ignore").checked) body.map_landmarks = "ignore";
  }
  // A.6 (Appendix E): three hirelings named, or dealt at random; the Advanced Setup
  const hired = [...document.querySelectorAll(".hireling-pick:checked")].map((x) => x.value);
  if (hired.length) body.hirelings = hired;
  else if ($("hirelings").value) body.hirelings = Number($("hirelings").value);
  if (body.hirelings) body.setup = "advanced";
  return { body, here, refused };
}

let advised = 0;  // the latest advice asked for: an older answer arriving late is dropped

async function advise() {
  const ticket = ++advised;
  const { body } = readForm();
  if (body.rules === "prototype") {  // reach is the Law's advice (5.2)
    $("reach").textContent = "Prototype rules: its four factions (the Marquise always), the Fall map, 40 VP to win.";
    $("reach").dataset.verdict = "";
    return;
  }
  if (!body.factions) {  // a draft: the setup cards decide the factions (A.8)
    $("reach").textContent = `Advanced Setup: ${body.players} players draft from the faction setup cards (A.8); `
      + "reach (5.2) is not used.";
    $("reach").dataset.verdict = "";
    return;
  }
  const reachIds = body.factions.map((f) => factionById(f)?.replaces || f);
  if (!reachIds.length) return;
  const fan = body.factions.map(factionById).filter((f) => f?.fan);
  if (fan.length) {  // the Law's table (5.2) has no fan faction: their reach is a reading
    const total = body.factions.reduce((n, f) => n + (factionById(f)?.reach || 0), 0);
    $("reach").textContent = `Reach (5.2, advice only): the Law's table has no Crusader factions; `
      + `read as ${fan.map((f) => `${f.name} ${f.reach}`).join(", ")} (docs/rulings.md), the total is ${total}.`;
    $("reach").dataset.verdict = "";
    return;
  }
  try {
    const r = await api(`/api/reach?factions=${encodeURIComponent(reachIds.join(","))}`);
    if (ticket !== advised) return;
    $("reach").textContent = `Reach (5.2, advice only): ${r.message}`;
    $("reach").dataset.verdict = r.verdict;
  } catch (err) {
    if (ticket === advised) $("reach").textContent = `Reach: ${err.message}`;
  }
}

function remember(game, here) {
  const recent = JSON.parse(localStorage.getItem("rootlaw-games") || "[]");
  recent.unshift({ id: game.id, when: new Date().toISOString(), here: here.map((f) => game.seats[f].token),
    factions: Object.keys(game.seats) });
  localStorage.setItem("rootlaw-games", JSON.stringify(recent.slice(0, 12)));
  showRecent();
}

function hotseatUrl(game, here) {
  const params = new URLSearchParams();
  for (const f of here) params.append("token", game.seats[f].token);
  return `/games/${game.id}${here.length ? `?${params}` : ""}`;
}

function showRecent() {
  const recent = JSON.parse(localStorage.getItem("rootlaw-games") || "[]");
  if (!recent.length) return;
  $("recent").replaceChildren(...recent.map((g) => {
    const params = new URLSearchParams();
    for (const t of g.here || []) params.append("token", t);
    return el("li", {}, el("a", { href: `/games/${g.id}${g.here?.length ? `?${params}` : ""}` }, g.factions.join(", ")),
      ` · ${new Date(g.when).toLocaleString()}`);
  }));
}

function showCreated(game, here) {
  const origin = location.origin;
  $("created").hidden = false;
  $("play-here-line").hidden = !here.length;
  $("play-here").href = hotseatUrl(game, here);
  const rows = Object.entries(game.seats).filter(([, s]) => s.url).map(([f, s]) => {
    const url = origin + s.url;
    const name = factionById(f)?.name || f.replace(/^seat(\d+)$/, "Seat $1"); // a draft's seat
    return el("li", { "data-faction": f }, el("strong", {}, name), " ",
      el("a", { href: s.url, class: "seat-link" }, "open"), " ",
      el("button", { type: "button", class: "button secondary small", onclick: async (e) => {
        e.target.textContent = (await copyText(url)) ? "Copied" : url; } }, "Copy link"));
  });
  rows.push(el("li", {}, el("strong", {}, "Spectators"), " ", el("a", { href: game.spectate, id: "spectate-link" }, origin + game.spectate)));
  if (Object.values(game.seats).every((s) => s.kind === "bot")) { // bots move in the engine: over at once, watched as a replay
    rows.push(el("li", {}, el("strong", {}, "Watch the bots play"), " ", el("a", { href: `${game.replay}?step=0&play=1`, id: "watch-link" }, "step by step"),
      " at ", el("select", { id: "watch-speed", "aria-label": "Seconds a step stays on screen", onchange: (e) => {
        $("watch-link").href = `${game.replay}?step=0&play=1&speed=${e.target.value}`; } },
      [["2", "2 s"], ["1", "1 s"], ["0.6", "0.6 s"], ["0.3", "0.3 s"], ["0.1", "0.1 s"]].map(([v, t]) => el("option", { value: v, selected: v === "0.6" }, t))),
      " a step"));
  }
  $("links").replaceChildren(...rows);
  $("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

async function create(e) {
  e.preventDefault();
  const { body, here, refused } = readForm();
  $("lobby-error").hidden = true;
  if (refused.length) { // the Advanced Setup's people draft their factions (A.8.2)
    $("lobby-error").textContent = `In a draft people draft their factions (A.8): set ${refused.join(", ")} `
      + "to draft, or seat a bot there.";
    $("lobby-error").hidden = false;
    return;
  }
  $("create").disabled = true;
  if ($("public").checked) {
    await openPublic(body);
    return;
  }
  try {
    const response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const game = await response.json();
    if (!response.ok) throw new Error(game?.error?.message || `could not create the game (${response.status})`);
    remember(game, here);
    showCreated(game, here);
  } catch (err) {
    $("lobby-error").textContent = err.message;
    $("lobby-error").hidden = false;
  } finally {
    $("create").disabled = false;
  }
}

function pace() {
  const seconds = Number($("pace").value);
  return seconds ? { seconds, on_timeout: $("on-timeout").value } : null;
}

/** A game opened in the public lobby (an account's): its people's seats wait there. */
async function openPublic(body) {
  delete body.seed; // the server draws the seed of a game people join
  delete body.hotseat;
  try {
    const me = await api("/api/account");
    if (!me.account) throw new Error("log in (Account) to open a game in the lobby");
    const entry = await postJson("/api/lobby", { game: body, pace: pace() }, me.csrf);
    location.href = `/lobby#${entry.id}`;
  } catch (err) {
    $("lobby-error").textContent = err.message;
    $("lobby-error").hidden = false;
    $("create").disabled = false;
  }
}

async function start() {
  catalog = await api("/api/play/catalog");
  $("map").replaceChildren(...catalog.maps.map((m) => el("option", { value: m }, m[0].toUpperCase() + m.slice(1))));
  $("deck").replaceChildren(...catalog.decks.map((d) => el("option", { value: d, disabled: !catalog.playable_decks.includes(d) },
    d.replaceAll("_", " ") + (catalog.playable_decks.includes(d) ? "" : " (not yet)"))));
  $("landmark-picks").replaceChildren(...(catalog.landmarks || []).map((m) =>
    el("label", { class: "toggle" }, el("input", { type: "checkbox", class: "landmark-pick", value: m.id }), ` ${m.name}`)));
  $("hireling-picks").replaceChildren(...(catalog.hirelings || []).map((h) =>
    el("label", { class: "toggle", title: `${h.name} / ${h.demoted_name}${h.bars.length ? ` (bars ${h.bars.join(", ")}, A.6.5)` : ""}` },
      el("input", { type: "checkbox", class: "hireling-pick", value: h.id }), ` ${h.name}`)));
  setSeats(PRESETS.bots);
  // the lobby's buttons wait for the catalog: a preset clicked before it came would
  // build its seats from nothing
  for (const b of document.querySelectorAll("[data-preset], #add-seat, #create")) b.disabled = false;
  showRecent();
}

$("lobby").addEventListener("submit", create);
// the prototype has its own map (Fall), setup, and no landmarks or hirelings: what does
// not apply to it is cleared and disabled, given back when the Law is chosen again
function syncRules() {
  const proto = $("rules").value === "prototype";
  if (proto) {
    $("setup").value = "standard";
    $("landmarks").value = "";
    $("hirelings").value = "";
    for (const x of document.querySelectorAll(".landmark-pick, .hireling-pick, #map-landmarks-ignore")) x.checked = false;
  }
  for (const x of [$("map"), $("setup"), ...document.querySelectorAll(".landmarks-field, .hirelings-field")]) {
    x.disabled = proto;
    if (proto) x.title = "not used by the prototype rules"; else x.removeAttribute("title");
  }
}

$("rules").addEventListener("change", () => {  // the prototype: the Fall map and its own deck
  if (!catalog) return;
  syncRules();
  if ($("rules").value === "prototype") {
    $("map").value = "fall";
    setSeats(PRESETS.prototype);
  } else advise();
});
$("lobby").addEventListener("change", (e) => { if (e.target.classList.contains("player")) advise(); });
$("add-seat").addEventListener("click", () => {
  const used = new Set(readForm().body.factions);
  const next = catalog.factions.find((f) => !used.has(f.id) && !f.bot) || catalog.factions.find((f) => !used.has(f.id));
  if (next) $("seats").append(seatRow(next.id, next.bot ? "bot" : "here"));
  advise();
});
for (const b of document.querySelectorAll("[data-preset]")) {
  b.addEventListener("click", () => {
    if (b.dataset.preset === "draft") $("setup").value = "advanced";
    setSeats(PRESETS[b.dataset.preset]);
  });
}
$("setup").addEventListener("change", advise);
start().catch((err) => { $("lobby-error").textContent = err.message; $("lobby-error").hidden = false; });
