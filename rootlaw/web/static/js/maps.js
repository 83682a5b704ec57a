// Map randomizer: draws the API's layout as SVG; the seed lives in the URL.
import { api, copyText, el, typingIn } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const R = 55; // clearing radius in map units (0..1000 box)
const MAX_SEED = 4294967295;
const form = document.getElementById("map-form");
const holder = document.getElementById("map-holder");
const seedInput = document.getElementById("seed");
const priorities = document.getElementById("priorities");
const errorBox = document.getElementById("map-error");
let current = null;

// Simple suit glyphs (centred on 0,0): fox ears, rabbit ears, mouse ears.
const GLYPHS = {
  fox: "M-17,-16 L-7,-7 L7,-7 L17,-16 L15,-1 L0,16 L-15,-1 Z",
  rabbit: "M0,15 a10,10 0 1,1 0.1,0 Z M-7,-5 a4.5,13 0 1,1 0.1,0 Z M7,-5 a4.5,13 0 1,1 0.1,0 Z",
  mouse: "M0,15 a10,10 0 1,1 0.1,0 Z M-12,2 a8,8 0 1,1 0.1,0 Z M12,2 a8,8 0 1,1 0.1,0 Z",
};

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) node.setAttribute(k, v);
  for (const c of children.flat()) if (c != null) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function glyph(suit, x, y, scale = 1) {
  return svg("path", { class: "glyph", d: GLYPHS[suit], transform: `translate(${x} ${y}) scale(${scale})` });
}

function state() {
  const data = new FormData(form);
  return { map: data.get("map"), mode: data.get("mode"), seed: seedInput.value.trim(),
    priorities: priorities.checked, landmarks: data.get("landmarks") || "" };
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

function saveUrl(layout) {
  const params = new URLSearchParams({ map: layout.map, mode: layout.mode, seed: layout.seed });
  if (priorities.checked) params.set("priorities", "1");
  if (layout.landmarks?.length) params.set("landmarks", state().landmarks);
  history.replaceState(null, "", `?${params}`);
}

function shareUrl() {
  return `${location.origin}${location.pathname}${location.search}`;
}

function draw(layout) {
  const { width, height } = layout.box;
  const pos = Object.fromEntries(layout.clearings.map((c) => [c.id, c]));
  const root = svg("svg", {
    id: "map-board", class: `map-svg${priorities.checked ? " show-priorities" : ""}`, role: "img",
    viewBox: `-70 -70 ${width + 140} ${height + 140}`, "data-map": layout.map,
    "data-seed": layout.seed, "data-mode": layout.mode, "aria-labelledby": "map-svg-title",
  });
  root.append(svg("title", { id: "map-svg-title" },
    `${layout.title} map, ${layout.mode} suits, seed ${layout.seed}`));
  const layer = (cls) => root.appendChild(svg("g", { class: cls }));
  const forests = layer("forests");
  for (const f of layout.forests) {
    forests.append(svg("polygon", { class: "forest", points: f.polygon.map((p) => p.join(",")).join(" "),
      "data-forest": f.id }));
    forests.append(svg("path", { class: "tree", d: "M0,-16 L12,6 H4 V14 H-4 V6 H-12 Z",
      transform: `translate(${f.x} ${f.y})` }, svg("title", {}, `Forest ${f.id.replaceAll("_", "–")}`)));
  }
  if (layout.lake) {
    // The water between the coastal clearings, then the lake's traced outline on top.
    const coast = layout.lake.coastal.map((id) => pos[id]);
    const cx = coast.reduce((s, c) => s + c.x, 0) / coast.length;
    const cy = coast.reduce((s, c) => s + c.y, 0) / coast.length;
    coast.sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
    layer("lake-layer").append(
      svg("polygon", { class: "lake-shore", points: coast.map((c) => `${c.x},${c.y}`).join(" ") }),
      svg("polygon", { class: "lake", points: layout.lake.outline.map((p) => p.join(",")).join(" ") },
        svg("title", {}, "The lake (C.2.2)")));
  }
  const rivers = layer("rivers");
  for (const r of layout.rivers) {
    const a = pos[r.a], b = pos[r.b];
    const d = r.control ? `M${a.x},${a.y} Q${r.control[0]},${r.control[1]} ${b.x},${b.y}` : `M${a.x},${a.y} L${b.x},${b.y}`;
    rivers.append(svg("path", { class: "river-edge", d }), svg("path", { class: "river", d,
      "data-river": `${r.a}-${r.b}` }, svg("title", {}, `River ${r.a}–${r.b}`)));
  }
  const paths = layer("paths");
  for (const p of layout.paths) {
    const a = pos[p.a], b = pos[p.b];
    const line = { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    paths.append(svg("line", { class: "path-edge", ...line }));
    paths.append(svg("line", { class: `path${p.closed ? " closed" : ""}`, ...line, "data-path": `${p.a}-${p.b}` },
      svg("title", {}, p.closed ? `Closed path ${p.a}–${p.b} (C.3.2)` : `Path ${p.a}–${p.b}`)));
    if (p.closed) {
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      paths.append(svg("path", { class: "closed-mark", d: `M${mx - 9},${my - 9} L${mx + 9},${my + 9} M${mx + 9},${my - 9} L${mx - 9},${my + 9}` }));
    }
  }
  const clearings = layer("clearings");
  for (const c of layout.clearings) {
    const notes = [c.ruin ? "ruin" : "", c.pass ? "the Pass" : "", c.ferry ? "Ferry" : "", c.coastal ? "coastal" : "", c.corner ? "corner" : ""].filter(Boolean);
    const g = svg("g", { class: "clearing", "data-id": c.id, "data-suit": c.suit, "data-priority": c.priority,
      transform: `translate(${c.x} ${c.y})` },
      svg("title", {}, `Clearing ${c.id}: ${c.suit}, ${c.slots} building slot${c.slots > 1 ? "s" : ""}${notes.length ? `, ${notes.join(", ")}` : ""}`),
      svg("circle", { class: "body", r: R }), glyph(c.suit, 0, -20, 1.05));
    const size = 22, gap = 4, total = c.slots * size + (c.slots - 1) * gap;
    for (let i = 0; i < c.slots; i++) {
      const x = -total / 2 + i * (size + gap);
      const ruin = c.ruin && i === c.slots - 1;
      g.append(svg("rect", { class: `slot${ruin ? " ruin" : ""}`, x, y: 12, width: size, height: size, rx: 3 }));
      if (ruin) g.append(svg("text", { class: "ruin-r", x: x + size / 2, y: 12 + size / 2 }, "R"));
    }
    const badge = (label, dy, extra = {}) => svg("g", { class: "feature", transform: `translate(0 ${dy})`, ...extra },
      svg("rect", { x: -30, y: -13, width: 60, height: 22, rx: 5 }), svg("text", { y: 3 }, label));
    if (c.pass) g.append(badge("Pass", -R - 16));
    if (c.ferry) g.append(badge("Ferry", R + 20));
    for (const id of c.landmarks || []) {  // Appendix F: dealt and placed (A.5)
      if (id === "tower" || id === "ferry") continue;  // drawn as the Pass and the Ferry
      g.append(badge(LANDMARK_LABELS[id], c.pass ? R + 20 : -R - 16, { class: "feature landmark", "data-landmark": id }));
    }
    g.append(svg("g", { class: "priority", transform: `translate(${R * 0.78} ${-R * 0.78})` },
      svg("circle", { r: 18 }), svg("text", {}, c.priority)));
    clearings.append(g);
  }
  holder.replaceChildren(root);
}

const LANDMARK_LABELS = { lost_city: "Lost City", legendary_forge: "Forge", black_market: "Market", elder_treetop: "Treetop" };

function legendItem(shape, label) {
  const icon = svg("svg", { width: 28, height: 28, viewBox: "-20 -20 40 40", class: "map-svg", "aria-hidden": "true" }, shape);
  return el("li", {}, icon, label);
}

function renderDetails(layout) {
  const legend = document.getElementById("legend");
  legend.replaceChildren(
    ...["fox", "rabbit", "mouse"].map((s) => legendItem(
      svg("g", { class: "clearing", "data-suit": s }, svg("circle", { class: "body", r: 17 }), glyph(s, 0, 0, 0.7)),
      `${s[0].toUpperCase()}${s.slice(1)} clearing (${layout.stats.suit_counts[s]})`)),
    legendItem(svg("rect", { class: "slot", x: -9, y: -9, width: 18, height: 18, rx: 3 }), "Building slot"),
    legendItem(svg("g", {}, svg("rect", { class: "slot ruin", x: -9, y: -9, width: 18, height: 18, rx: 3 }),
      svg("text", { class: "ruin-r", x: 0, y: 0 }, "R")), "Ruin (slot filled at setup, 5.1.4)"),
    legendItem(svg("line", { class: "path", x1: -18, y1: 0, x2: 18, y2: 0 }), "Path"),
    legendItem(svg("line", { class: "river", x1: -18, y1: 0, x2: 18, y2: 0 }), "River"),
    legendItem(svg("path", { class: "tree", d: "M0,-16 L12,6 H4 V14 H-4 V6 H-12 Z" }), "Forest"),
  );
  if (layout.lake) legend.append(legendItem(svg("circle", { class: "lake", r: 15 }), "Lake: links coastal clearings (C.2.2), Ferry at the start (C.2.5)"));
  for (const m of layout.landmarks || []) {
    const what = m.items ? `, its items: ${m.items.join(", ")}` : "";
    legend.append(el("li", { "data-landmark": m.id }, `${m.name[0].toUpperCase()}${m.name.slice(1)} in clearing ${m.clearing}${what} (A.5.3)`));
  }
  if (layout.rules.closed_paths) legend.append(legendItem(svg("line", { class: "path closed", x1: -18, y1: 0, x2: 18, y2: 0 }), "Closed path (C.3.2); the Pass (C.3.4)"));
  const tbody = document.querySelector("#clearing-table tbody");
  tbody.replaceChildren(...[...layout.clearings].sort((a, b) => a.priority - b.priority).map((c) => el("tr", {},
    el("td", {}, c.priority), el("td", {}, el("span", { class: `swatch ${c.suit}` }), c.suit),
    el("td", {}, c.slots + (c.ruin ? " (1 ruin)" : "")),
    el("td", {}, [c.corner ? "corner" : "", c.pass ? "the Pass" : "", c.ferry ? "Ferry" : "", c.coastal ? "coastal" : "",
      ...(c.landmarks || []).filter((id) => LANDMARK_LABELS[id]).map((id) => LANDMARK_LABELS[id])].filter(Boolean).join(", ")))));
  const s = layout.stats;
  document.getElementById("map-caption").textContent =
    `${layout.title}, ${layout.mode} suits, seed ${layout.seed}. ` +
    `Paths joining two clearings of one suit: ${s.same_suit_paths} (fewest possible: ${s.fewest_possible}). ` +
    `Opposite corners ${s.opposite_corners_differ ? "differ" : "share a suit"}.`;
}

async function load(seed) {
  const st = state();
  const params = new URLSearchParams({ mode: st.mode });
  if (seed !== undefined && seed !== "") params.set("seed", seed);
  if (st.landmarks) params.set("landmarks", st.landmarks);
  try {
    const layout = await api(`/api/maps/${encodeURIComponent(st.map)}?${params}`);
    errorBox.hidden = true;
    current = layout;
    seedInput.value = layout.seed;
    draw(layout);
    renderDetails(layout);
    saveUrl(layout);
  } catch (err) {
    errorBox.textContent = err.message;
    errorBox.hidden = false;
  }
}

function syncModes() {
  const printed = form.querySelector('input[name=mode][value=printed]');
  const fall = state().map === "fall";
  printed.disabled = !fall;
  if (!fall && printed.checked) form.querySelector('input[name=mode][value=balanced]').checked = true;
}

function applyUrl() {
  const params = new URLSearchParams(location.search);
  const map = form.querySelector(`input[name=map][value="${CSS.escape(params.get("map") || "fall")}"]`);
  if (map) map.checked = true;
  const mode = form.querySelector(`input[name=mode][value="${CSS.escape(params.get("mode") || "balanced")}"]`);
  if (mode) mode.checked = true;
  priorities.checked = params.get("priorities") === "1";
  const marks = document.getElementById("landmarks");
  const wanted = params.get("landmarks") || "";
  if (wanted && ![...marks.options].some((o) => o.value === wanted)) marks.append(el("option", { value: wanted }, wanted.replaceAll(",", ", ")));
  marks.value = wanted;
  syncModes();
  return params.get("seed") ?? undefined;
}

form.addEventListener("change", (e) => {
  if (e.target === priorities) {
    holder.querySelector("svg")?.classList.toggle("show-priorities", priorities.checked);
    if (current) saveUrl(current);
    return;
  }
  if (e.target.name === "map" || e.target.name === "mode" || e.target.name === "landmarks") {
    syncModes();
    load(seedInput.value.trim());
  }
});
form.addEventListener("submit", (e) => { e.preventDefault(); load(seedInput.value.trim()); });
document.getElementById("shuffle").addEventListener("click", () => load(String(randomSeed())));
document.getElementById("print").addEventListener("click", () => window.print());
document.getElementById("copy-link").addEventListener("click", async (e) => {
  const ok = await copyText(shareUrl());
  e.target.textContent = ok ? "Link copied" : shareUrl();
  setTimeout(() => { e.target.textContent = "Copy link"; }, 2000);
});
document.addEventListener("keydown", (e) => {
  if (typingIn(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "n" || e.key === "N") { e.preventDefault(); load(String(randomSeed())); }
  if (e.key === "p" || e.key === "P") { e.preventDefault(); priorities.click(); }
});
seedInput.setAttribute("title", `a whole number from 0 to ${MAX_SEED}`);
load(applyUrl());
