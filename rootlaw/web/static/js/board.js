// The game board: the map with every piece (SVG) and each faction's board (HTML),
// drawn from a seat's view. Shared by the game page and the replay page.
import { api, el } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const R = 60; // clearing radius in map units
const BASE_COLORS = { marquise: "#d9762b", eyrie: "#2f6db3", alliance: "#3c9a4a",
  vagabond: "#4b4b4b", vagabond2: "#7a5aa8", lizards: "#c9b91c", riverfolk: "#3aa39b",
  duchy: "#9a6a3e", corvids: "#2e2a6b", hundreds: "#8c1d1d", keepers: "#8c8f96" };
const SPARE = ["#b8336a", "#1f8a8a", "#8a6d1f", "#5a5fc8", "#c04a2b"];
const LETTERS = { sawmill: "S", workshop: "W", recruiter: "R", roost: "R", base: "B",
  keep: "K", wood: "w", sympathy: "S", garden: "G", post: "T", citadel: "C", market: "M",
  tunnel: "t", plot: "?", bomb: "B", snare: "N", extortion: "E", raid: "D",
  stronghold: "H", mob: "m" };
// 15.2.1 relics: the type's letter and the value, "?" while face down (nobody sees it)
const RELIC = /^(figure|tablet|jewelry)(\d?)$/;
// 15.2.2 a waystation: "W" and the initial of the relic type on its side up
function buildingLetter(kind) {
  if (kind.startsWith("ws_")) return `W${kind[3].toUpperCase()}`;
  return LETTERS[kind.split("_")[0]] || kind[0].toUpperCase();
}
function relicLetter(kind) {
  const m = RELIC.exec(kind);
  return m ? `${m[1][0].toUpperCase()}${m[2] || "?"}` : null;
}
const BURROW_GAP = 230; // the Burrow (12.2.2) is drawn beside the map, this far right
const GLYPHS = {
  fox: "M-17,-16 L-7,-7 L7,-7 L17,-16 L15,-1 L0,16 L-15,-1 Z",
  rabbit: "M0,15 a10,10 0 1,1 0.1,0 Z M-7,-5 a4.5,13 0 1,1 0.1,0 Z M7,-5 a4.5,13 0 1,1 0.1,0 Z",
  mouse: "M0,15 a10,10 0 1,1 0.1,0 Z M-12,2 a8,8 0 1,1 0.1,0 Z M12,2 a8,8 0 1,1 0.1,0 Z",
};
const geometry = new Map();

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) node.setAttribute(k, v);
  for (const c of children.flat()) if (c != null) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** Map geometry (positions, paths, rivers, forests) from the maps API, once per map. */
export async function loadGeometry(map) {
  if (!geometry.has(map)) geometry.set(map, await api(`/api/maps/${encodeURIComponent(map)}?seed=0&mode=random`));
  return geometry.get(map);
}

/** Faction colours: the base factions', bots take the colour of the faction they replace. */
export function colorsFor(factions, catalog) {
  const out = {};
  let spare = 0;
  const byId = Object.fromEntries((catalog?.factions || []).map((f) => [f.id, f]));
  for (const f of factions) {
    const base = BASE_COLORS[f] || BASE_COLORS[byId[f]?.replaces];
    out[f] = base || SPARE[spare++ % SPARE.length];
  }
  return out;
}

/** An id's readable name: the engine's (the catalog's names: a waystation's side, a
 *  Retinue column), else the id in title case. */
export function nameOf(id, catalog) {
  return catalog?.names?.[id] ?? titleCase(id);
}

export function titleCase(id) {
  return String(id).replaceAll("_", " ").replace(/\b\w/g, (m) => m.toUpperCase());
}

export function factionName(f, catalog) {
  return (catalog?.factions || []).find((x) => x.id === f)?.name || titleCase(f);
}

export function cardName(id, catalog) {
  return catalog?.cards?.[id]?.name || titleCase(id);
}

export function cardChip(id, catalog, extra = {}) {
  const card = catalog?.cards?.[id];
  return el("span", { class: `card-chip suit-${card?.suit || "none"}`, "data-card": id,
    title: card ? `${card.name} (${card.suit})` : id, ...extra }, card?.name || titleCase(id));
}

// ---------------------------------------------------------------- the map

function badge(x, y, color, text, title, cls = "warriors") {
  return svg("g", { class: cls, transform: `translate(${x} ${y})` }, svg("title", {}, title),
    svg("circle", { r: 19, fill: color }), svg("text", { class: "count" }, text));
}

/** The warlord's clearing of each faction that has one (14.2.2). */
function warlordsOf(view) {
  const out = {};
  for (const [f, p] of Object.entries(view.players || {})) {
    if (p.faction?.warlord != null && "hoard" in (p.faction || {})) out[f] = p.faction.warlord;
  }
  return out;
}

/** Face-down tokens (13.2.2 plots) of each faction: their map kind, and what they are
 *  where this view may see it (the owner's own view only; the server never sends more). */
function faceDownOf(view) {
  const out = {};
  for (const [f, p] of Object.entries(view.players || {})) {
    const fd = p.faction?.face_down;
    if (fd && typeof fd === "object") out[f] = { kind: fd.kind, ids: fd.identities || null };
  }
  return out;
}

function clearingPieces(c, colors, names, hidden = {}) {
  const g = [];
  const slotSize = 30, gap = 5, total = c.slots * slotSize + (c.slots - 1) * gap;
  const owned = [...c.buildings];
  for (let i = 0; i < c.slots; i++) {
    const x = -total / 2 + i * (slotSize + gap), y = -12;
    g.push(svg("rect", { class: "slot", x, y, width: slotSize, height: slotSize, rx: 4 }));
    const piece = owned[i];
    if (!piece) continue;
    const [owner, kind] = piece;
    if (owner === "ruin") {
      g.push(svg("g", { class: "building ruin" }, svg("title", {}, `Ruin${c.ruin_items ? ` (${c.ruin_items} item${c.ruin_items > 1 ? "s" : ""} beneath)` : ""}`),
        svg("rect", { x: x + 2, y: y + 2, width: slotSize - 4, height: slotSize - 4, rx: 3 }),
        svg("text", { x: x + slotSize / 2, y: y + slotSize / 2 }, c.ruin_items ? `R${c.ruin_items}` : "R")));
      continue;
    }
    const suit = ["fox", "rabbit", "mouse"].find((s) => kind.includes(s));
    g.push(svg("g", { class: "building", "data-owner": owner, "data-kind": kind },
      svg("title", {}, `${names[owner] || owner}: ${kind.replaceAll("_", " ")}`),
      svg("rect", { x: x + 2, y: y + 2, width: slotSize - 4, height: slotSize - 4, rx: 3, fill: colors[owner] || "#777" }),
      svg("text", { x: x + slotSize / 2, y: y + slotSize / 2 }, buildingLetter(kind)),
      suit ? svg("rect", { class: `base-suit suit-${suit}`, x: x + 4, y: y + slotSize - 9, width: slotSize - 8, height: 5 }) : null));
  }
  const tokens = new Map();
  for (const [owner, kind] of c.tokens) {
    const key = `${owner}|${kind}`;
    tokens.set(key, (tokens.get(key) || 0) + 1);
  }
  let tx = -((tokens.size - 1) * 30) / 2;
  for (const [key, n] of tokens) {
    const [owner, kind] = key.split("|");
    let letter = relicLetter(kind) || LETTERS[kind] || LETTERS[kind.split("_")[0]] || kind[0].toUpperCase();
    let title = `${names[owner] || owner}: ${n} ${kind}`;
    const fd = hidden[owner];
    if (fd && fd.kind === kind) {
      const known = fd.ids?.[String(c.id)];
      title = `${names[owner] || owner}: face-down ${kind}${known ? ` (${known.join(", ")}: only you see this)` : ""}`;
      if (known) letter = `?${known.map((k) => LETTERS[k] || k[0].toUpperCase()).join("")}`;
    }
    g.push(svg("g", { class: `token token-${kind}`, "data-owner": owner, "data-kind": kind, "data-count": n, transform: `translate(${tx} 37)` },
      svg("title", {}, title),
      svg("circle", { r: 13, fill: kind === "wood" ? "#8a5a2b" : colors[owner] || "#777" }),
      svg("text", {}, n > 1 ? `${letter}${n}` : letter)));
    tx += 30;
  }
  return g;
}

function warriorBadges(c, colors, names) {
  const out = [];
  const entries = Object.entries(c.warriors).filter(([, n]) => n > 0);
  const angles = [150, 30, 190, -10, 110, 70];
  entries.forEach(([f, n], i) => {
    const a = (angles[i % angles.length] * Math.PI) / 180;
    const b = badge(Math.cos(a) * (R + 8), Math.sin(a) * (R + 8), colors[f] || "#777", n,
      `${names[f] || f}: ${n} warrior${n > 1 ? "s" : ""}`);
    b.dataset.faction = f;
    b.dataset.count = n;
    out.push(b);
  });
  (c.pawns || []).forEach((f, i) => {
    const a = ((-60 - i * 35) * Math.PI) / 180;
    out.push(pawn(Math.cos(a) * (R + 10), Math.sin(a) * (R + 10), colors[f], `${names[f] || f} (pawn)`, f));
  });
  return out;
}

/** The Lake's Ferry (C.2.5), drawn beside its clearing. */
function ferry() {
  return svg("g", { class: "ferry", transform: `translate(${-R - 14} ${R - 4})` }, svg("title", {}, "the Ferry (C.2.5)"),
    svg("path", { d: "M-16,0 L16,0 L10,9 L-10,9 Z", fill: "#6b4f2a" }),
    svg("path", { d: "M0,0 L0,-18 L11,-4 Z", fill: "#f4ead2", stroke: "#6b4f2a" }));
}

function pawn(x, y, color, title, faction) {
  return svg("g", { class: "pawn", "data-faction": faction, transform: `translate(${x} ${y})` }, svg("title", {}, title),
    svg("path", { d: "M-13,16 L-9,-2 A9,9 0 1,1 9,-2 L13,16 Z", fill: color || "#444" }),
    svg("circle", { cy: -9, r: 7, fill: "#f4ead2" }));
}

/** Draw the map with the view's pieces into holder. options.pick: Set of clickable
 *  clearing ids; options.selected: a highlighted set; options.onPick(id). */
export function drawMap(holder, layout, view, colors, names, options = {}) {
  const { width, height } = layout.box;
  const pos = Object.fromEntries(layout.clearings.map((c) => [c.id, c]));
  const burrow = view.burrow; // 12.2.2: an unsuited clearing off the map, beside it
  const extra = burrow ? BURROW_GAP : 0;
  const root = svg("svg", { id: "game-map", class: "map-svg game-svg", role: "img",
    viewBox: `-90 -90 ${width + 180 + extra} ${height + 180}`, "aria-label": `${layout.title} map` });
  const layer = (cls) => root.appendChild(svg("g", { class: cls }));
  const forests = layer("forests");
  for (const f of layout.forests) {
    forests.append(svg("polygon", { class: "forest", points: f.polygon.map((p) => p.join(",")).join(" "), "data-forest": f.id }));
  }
  if (layout.lake) {
    layer("lake-layer").append(svg("polygon", { class: "lake", points: layout.lake.outline.map((p) => p.join(",")).join(" ") }));
  }
  const rivers = layer("rivers");
  for (const r of layout.rivers) {
    const a = pos[r.a], b = pos[r.b];
    const d = r.control ? `M${a.x},${a.y} Q${r.control[0]},${r.control[1]} ${b.x},${b.y}` : `M${a.x},${a.y} L${b.x},${b.y}`;
    rivers.append(svg("path", { class: "river", d }));
  }
  const paths = layer("paths");
  // C.3.3: closed paths open during play, so the view's list wins over the setup's
  const closed = view.closed_paths ? new Set(view.closed_paths.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`)) : null;
  for (const p of layout.paths) {
    const a = pos[p.a], b = pos[p.b];
    const line = { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    const isClosed = closed ? closed.has(`${Math.min(p.a, p.b)}-${Math.max(p.a, p.b)}`) : p.closed;
    paths.append(svg("line", { class: "path-edge", ...line }),
      svg("line", { class: `path${isClosed ? " closed" : ""}`, "data-a": p.a, "data-b": p.b, ...line }));
  }
  const forestPawns = layer("forest-pawns");
  for (const f of view.forests || []) {
    const geo = layout.forests.find((x) => x.id === f.id);
    if (!geo) continue;
    f.pawns.forEach((who, i) => forestPawns.append(pawn(geo.x + i * 26, geo.y, colors[who], `${names[who] || who} in the forest`, who)));
    (f.tokens || []).forEach(([owner, kind], i) => {  // 15.2.1 relics in forests
      const x = geo.x + (i % 3 - 1) * 28, y = geo.y + 28 + Math.floor(i / 3) * 28;
      const label = relicLetter(kind) || kind[0].toUpperCase();
      forestPawns.append(svg("g", { class: `token forest-token token-${kind}`, "data-owner": owner, "data-kind": kind, transform: `translate(${x} ${y})` },
        svg("title", {}, `${names[owner] || owner}: ${kind}${label.endsWith("?") ? " relic, face down (value unknown)" : " relic"}`),
        svg("rect", { x: -12, y: -12, width: 24, height: 24, rx: 4, fill: colors[owner] || "#777" }),
        svg("text", {}, label)));
    });
  }
  const clearings = layer("clearings");
  const hidden = faceDownOf(view);
  const warlords = warlordsOf(view);
  const rows = [...view.clearings];
  if (burrow) {
    pos[burrow.id] = { x: width + extra - 20, y: height / 2 };
    const links = layer("burrow-links");
    for (const c of burrow.adjacent) {
      const a = pos[c], b = pos[burrow.id];
      if (a) links.append(svg("line", { class: "burrow-link", x1: a.x, y1: a.y, x2: b.x, y2: b.y, "data-clearing": c }));
    }
    rows.push({ id: burrow.id, suit: "", slots: 0, buildings: [], tokens: [], pawns: [], ruin_items: 0,
      warriors: burrow.warriors, ruler: burrow.ruler, burrow: true });
  }
  for (const c of rows) {
    const p = pos[c.id];
    if (!p) continue;
    const pickable = options.pick?.has(c.id);
    const g = svg("g", { class: `clearing${c.burrow ? " burrow" : ""}${pickable ? " pickable" : ""}${options.selected?.has(c.id) ? " selected" : ""}${options.changed?.has(c.id) ? " changed" : ""}`,
      "data-id": c.id, "data-suit": c.suit, "data-ruler": c.ruler || "", transform: `translate(${p.x} ${p.y})`,
      tabindex: pickable ? 0 : null, role: pickable ? "button" : null },
    svg("title", {}, `${c.burrow ? `The Burrow (${c.id}, unsuited, off the map)` : `Clearing ${c.id} (${c.suit})`}${c.ruler ? `, ruled by ${names[c.ruler] || c.ruler}` : ""}`));
    if (c.ruler && colors[c.ruler]) g.append(svg("circle", { class: "ruler-ring", r: R + 6, stroke: colors[c.ruler] }));
    g.append(svg("circle", { class: "body", r: R }),
      svg("path", { class: "glyph", d: GLYPHS[c.suit] || "", transform: "translate(-33 -36) scale(0.55)" }),
      svg("text", { class: "cid", x: 0, y: -34 }, c.id),
      c.burrow ? svg("text", { class: "burrow-name", x: 0, y: 8 }, "Burrow") : null);
    g.append(...clearingPieces(c, colors, names, hidden), ...warriorBadges(c, colors, names));
    for (const [f, w] of Object.entries(warlords)) {  // 14.2.2: the warlord, drawn apart
      if (w === c.id) {
        const b = badge(0, R + 14, colors[f] || "#777", "W", `${names[f] || f}: the warlord (one of the warriors)`, "warlord");
        b.dataset.faction = f;
        g.append(b);
      }
    }
    if (view.ferry === c.id) g.append(ferry());
    if (pickable && options.onPick) {
      g.addEventListener("click", () => options.onPick(c.id));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); options.onPick(c.id); } });
    }
    clearings.append(g);
  }
  holder.replaceChildren(root);
  return root;
}

// ---------------------------------------------------------------- faction boards

function kv(label, value) {
  const wide = value instanceof Element && (value.classList.contains("tracks") || value.classList.contains("decree"));
  return el("div", { class: `kv${wide ? " wide" : ""}` }, el("dt", {}, label), el("dd", {}, value));
}

function cardList(ids, catalog) {
  if (!ids || !ids.length) return el("span", { class: "muted" }, "none");
  return el("span", { class: "chips" }, ids.map((id) => cardChip(id, catalog)));
}

function isCardList(v, catalog) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string" && catalog?.cards?.[x]);
}

/** The Vagabond's items (9.2.5) as compact chips: name, count and state. */
function itemChips(items) {
  const states = { ready: "ready", exhausted: "exhausted", damaged: "damaged", "damaged face down": "damaged, face down" };
  const chips = [];
  for (const [item, n] of Object.entries(items)) {
    for (const [state, text] of Object.entries(states)) {
      if (!n[state]) continue;
      chips.push(el("span", { class: `item-chip item-${state.split(" ")[0]}`, "data-item": item, "data-state": state,
        title: `${titleCase(item)}: ${n[state]} ${text}` }, `${titleCase(item)}${n[state] > 1 ? ` ×${n[state]}` : ""}`));
    }
  }
  return chips.length ? el("span", { class: "chips" }, chips) : el("span", { class: "muted" }, "none");
}

/** A track of the faction board: one box per piece, the uncovered ones marked. */
function trackRow(label, total, left, spec) {
  const placed = total - left;
  const boxes = spec.vp.slice(0, total).map((vp, i) => el("span", {
    class: `track-box${i < placed ? " uncovered" : ""}${i === placed ? " next" : ""}`,
    title: `${i < placed ? "uncovered" : "still covered"}: ${spec.bonus ? `+${spec.bonus[i]} ${spec.bonus_unit}` : `${vp} VP`}${spec.cost ? `, costs ${spec.cost[i]} ${spec.cost_unit}` : ""}`,
  }, spec.bonus ? `+${spec.bonus[i]}${spec.bonus_short}` : `+${vp}`));
  return el("div", { class: "track", "data-track": label, "data-left": left }, el("span", { class: "track-label" }, `${titleCase(label)} ${left}`), boxes);
}

function tracks(key, v, catalog, faction) {
  const spec = catalog?.tracks?.[faction]?.[key];
  if (!spec) return null;
  if (key === "buildings_on_track" && typeof v === "object") {
    return el("div", { class: "tracks" }, Object.entries(v).map(([kind, left]) =>
      spec[kind] ? trackRow(kind, spec[kind].vp.length, left, spec[kind]) : el("span", { class: "pill" }, `${titleCase(kind)} ${left}`)));
  }
  if (typeof v === "number") return el("div", { class: "tracks" }, trackRow(key.split("_")[0], spec.vp.length, v, spec));
  return null;
}

function value(key, v, catalog, names, faction) {
  const track = tracks(key, v, catalog, faction);
  if (track) return track;
  if (v && typeof v === "object" && "count" in v && "identities" in v) {  // 13.2.2 plots, 15.2.1 relics
    if (!v.identities) return `${v.count} face down`;
    const known = Object.entries(v.identities);
    return known.length ? el("span", { class: "chips" }, known.map(([c, ids]) =>
      el("span", { class: "pill", "data-clearing": c }, `${c}: ${ids.map(titleCase).join(", ")}`))) : el("span", { class: "muted" }, "none");
  }
  if (v == null) return el("span", { class: "muted" }, key === "supporters" || key === "supply" ? "face down" : "—");
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v !== "object") return typeof v === "string" && catalog?.cards?.[v] ? cardChip(v, catalog) : nameOf(v, catalog);
  if (Array.isArray(v)) return isCardList(v, catalog) ? cardList(v, catalog) : v.length ? nameList(v, catalog) : el("span", { class: "muted" }, "none");
  if (key === "items" && Object.values(v).every((x) => x && typeof x === "object")) return itemChips(v);
  if (!Object.keys(v).length) return el("span", { class: "muted" }, "none");
  if (key === "decree" || key === "retinue") {  // 8.2.4 the Decree; 15.5.2 the Retinue
    return el("div", { class: `decree ${key}` }, Object.entries(v).map(([col, cards]) =>
      el("div", { class: "decree-col", "data-column": col }, el("h4", {}, nameOf(col, catalog)), cardList(cards, catalog))));
  }
  if (key === "relationships") {
    const word = { "-1": "hostile", 0: "indifferent", 1: "1", 2: "2", 3: "allied" };
    return el("span", { class: "chips" }, Object.entries(v).map(([f, n]) =>
      el("span", { class: `rel rel-${n}`, title: "relationship (9.2.9): -1 hostile, 0 indifferent, 3 allied" }, `${names[f] || f} ${word[n] ?? n}`)));
  }
  return el("span", { class: "chips" }, Object.entries(v).map(([k, n]) =>
    el("span", { class: "pill", "data-key": k }, `${titleCase(k)} ${pillText(n, catalog)}`)));
}

/** Ids read as their names, comma-separated. */
function nameList(ids, catalog) {
  return ids.map((x) => nameOf(x, catalog)).join(", ");
}

/** A part of a faction's view inside a pill: a list as names (the Hundreds' Hoard, the
 *  Keepers' recovered relics), anything else as it is. */
function pillText(n, catalog) {
  if (Array.isArray(n)) return n.length ? nameList(n, catalog) : "none";
  return typeof n === "object" && n !== null ? JSON.stringify(n) : n;
}

/** One board per faction, in seat order: score, hand size, pieces, and the faction's
 *  own parts from its view (known parts drawn specially, any other part listed). */
export function drawBoards(container, view, ctx) {
  const { catalog, colors, names, seats, deciding } = ctx;
  const boards = view.factions.map((f) => {
    const p = view.players[f];
    const kind = seats?.[f]?.kind;
    const who = kind === "bot" ? "bot" : kind?.startsWith("agent:") ? kind.replace("agent:", "agent: ") : view.you === f ? "you" : "person";
    const head = el("header", { style: `--faction:${colors[f]}` },
      el("h3", {}, names[f] || f), el("span", { class: "who" }, who),
      el("span", { class: "score", title: "victory points" }, `${p.score} VP`));
    const bar = el("div", { class: "vp-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": 30, "aria-valuenow": p.score },
      el("span", { style: `width:${Math.min(100, (p.score / 30) * 100)}%;background:${colors[f]}` }));
    const facts = [kv("Hand", String(p.hand_size)), kv("Warriors in supply", String(p.warriors_in_supply))];
    if (p.dominance) facts.push(kv("Dominance", cardChip(p.dominance, catalog)));
    if (p.items?.length) facts.push(kv("Crafted items", p.items.map(titleCase).join(", ")));
    if (p.play_area?.length) facts.push(kv("In play", cardList(p.play_area, catalog)));
    for (const [key, v] of Object.entries(p.faction || {})) {
      if (key === "supporters_count" && p.faction.supporters) continue;
      facts.push(kv(titleCase(key), value(key, v, catalog, names, f)));
    }
    if (p.seen_hands) for (const [t, h] of Object.entries(p.seen_hands)) facts.push(kv(`Seen: ${names[t] || t}'s hand`, cardList(h, catalog)));
    return el("section", { class: `faction-board${deciding === f ? " deciding" : ""}${view.you === f ? " mine" : ""}`,
      "data-faction": f, style: `--faction:${colors[f]}` }, head, bar, el("dl", {}, facts));
  });
  container.replaceChildren(...boards);
}

/** The shared table: deck, discard, quests, available dominance, items. */
export function drawTable(container, view, catalog) {
  const parts = [kv("Deck", `${view.deck_size} cards`), kv("Discard", view.discard.length ? cardList(view.discard.slice(-6).reverse(), catalog) : "empty")];
  if (view.available_dominance?.length) parts.push(kv("Dominance available", cardList(view.available_dominance, catalog)));
  if (view.quests?.length) parts.push(kv("Quests", view.quests.map(titleCase).join(", ")));
  const supply = Object.entries(view.item_supply || {}).filter(([, n]) => n > 0);
  if (supply.length) parts.push(kv("Item supply", supply.map(([i, n]) => `${titleCase(i)} ${n}`).join(", ")));
  container.replaceChildren(el("dl", {}, parts));
}

/** The legend for the letters on the map. */
export function legend(colors, names) {
  return el("ul", { class: "map-legend" },
    Object.entries(colors).map(([f, c]) => el("li", {}, el("span", { class: "dot", style: `background:${c}` }), names[f] || f)),
    el("li", {}, "S sawmill / sympathy · W workshop · R recruiter / roost · B base · K keep · w wood · C citadel · M market · t tunnel · number: warriors · ring: ruler"),
    el("li", {}, "Corvid plots: ? face down · B bomb · N snare · E extortion · D raid"),
    el("li", {}, "Lord of the Hundreds: H stronghold · m mob · W the warlord"),
    el("li", {}, "Keepers in Iron: WF, WT, WJ waystation (figure, tablet, jewelry side up) · relics F, T, J with their value, ? face down"));
}
