// The game board: the map with every piece (SVG) and each faction's board (HTML),
// drawn from a seat's view. Shared by the game page and the replay page.
import { api, el } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const R = 60; // clearing radius in map units
const BASE_COLORS = { marquise: "#d9762b", eyrie: "#2f6db3", alliance: "#3c9a4a",
  vagabond: "#4b4b4b", vagabond2: "#7a5aa8", lizards: "#c9b91c", riverfolk: "#3aa39b",
  duchy: "#9a6a3e", corvids: "#2e2a6b", hundreds: "#8c1d1d", keepers: "#8c8f96",
  spinners: "#a23b72", wyrm: "#4f7a28", borough_kings: "#b8860b", host_of_light: "#ff6f61" };
const SPARE = ["#b8336a", "#1f8a8a", "#8a6d1f", "#5a5fc8", "#c04a2b"];
// Appendix E: hirelings are neutral owners; their three cards in play take these, apart
// from every faction's colour under deuteranopia too (tests/web/test_colours.py), and
// their pieces stand on a dashed disc (markHired): a pattern, not colour alone
const HIRELING_COLORS = ["#0088ff", "#ee99ff", "#bbccaa"];

/** The hirelings' colours and names (their cards in the view, Appendix E). */
export function hirelingColors(view) {
  return Object.fromEntries((view.hirelings?.cards || []).map((c, i) => [c.id, HIRELING_COLORS[i % 3]]));
}
export function hirelingNames(view) {
  return Object.fromEntries((view.hirelings?.cards || []).map((c) => [c.id, c.name]));
}
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

// One icon per piece kind (an SVG <symbol> each, drawn in the owner's colour through
// currentColor); every piece on the map is a <use> of one, with its owner and kind as
// its accessible name (issue 41: pieces as pieces, not letters in squares).
const CIRCLE = (r, cx = 0, cy = 0) => `M${cx - r},${cy} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0 Z`;
const SPRITES = {
  warrior: "M0,-11.5 a4.6,4.6 0 1,1 -0.1,0 Z M-7.5,11 L-5.5,-1.5 Q0,-5.5 5.5,-1.5 L7.5,11 Z",
  warlord: "M-5,-11 L-2.5,-8 L0,-11 L2.5,-8 L5,-11 L5,-6.5 L-5,-6.5 Z M0,-6 a3.6,3.6 0 1,1 -0.1,0 Z M-7.5,11 L-5.5,1.5 Q0,-2 5.5,1.5 L7.5,11 Z",
  pawn: "M-8,11 L-5.5,-1 A6,6 0 1,1 5.5,-1 L8,11 Z",
  sawmill: "M0,-10.5 L3,-7 L7.4,-7.4 L7,-3 L10.5,0 L7,3 L7.4,7.4 L3,7 L0,10.5 L-3,7 L-7.4,7.4 L-7,3 L-10.5,0 L-7,-3 L-7.4,-7.4 L-3,-7 Z",
  workshop: "M-10,-8 L6,-8 L8,-5 L6,-2 L-10,-2 Z M-3,-2 L2,-2 L2,10 L-3,10 Z",
  recruiter: "M-7,-10.5 L-3.8,-10.5 L-3.8,10.5 L-7,10.5 Z M-3.8,-10.5 L10,-6 L-3.8,-1 Z",
  roost: "M0,-10.5 L10.5,1 L6,1 L6,9.5 L-6,9.5 L-6,1 L-10.5,1 Z",
  base: "M-9.5,-1 L0,-10.5 L9.5,-1 L9.5,9.5 L-9.5,9.5 Z",
  keep: "M-9.5,10 L-9.5,-6 L-6.3,-6 L-6.3,-10 L-2.7,-10 L-2.7,-6 L2.7,-6 L2.7,-10 L6.3,-10 L6.3,-6 L9.5,-6 L9.5,10 Z",
  wood: "M-9,-5 L6,-5 A4,5 0 0,1 6,5 L-9,5 A4,5 0 0,1 -9,-5 Z",
  sympathy: "M0,9.5 L-9,0.5 A4.7,4.7 0 0,1 0,-6 A4.7,4.7 0 0,1 9,0.5 Z",
  garden: `${CIRCLE(4, 0, -5.5)} ${CIRCLE(4, 0, 4.5)} ${CIRCLE(4, -5, -0.5)} ${CIRCLE(4, 5, -0.5)}`,
  post: "M-10.5,1 L0,-10 L10.5,1 Z M-7,1 L7,1 L7,10 L-7,10 Z",
  citadel: "M-6,10 L-6,-4.5 L-9.5,-4.5 L0,-11 L9.5,-4.5 L6,-4.5 L6,10 Z",
  market: "M-10,-3.5 L10,-3.5 L8,-9.5 L-8,-9.5 Z M-8,-3.5 L-5.5,-3.5 L-5.5,10 L-8,10 Z M5.5,-3.5 L8,-3.5 L8,10 L5.5,10 Z M-8,3 L8,3 L8,6 L-8,6 Z",
  tunnel: "M-10,9 L-10,0 A10,10 0 0,1 10,0 L10,9 L5,9 L5,1 A5,5 0 0,0 -5,1 L-5,9 Z",
  plot: CIRCLE(10),
  bomb: `${CIRCLE(8, -1, 2)} M4,-6 L8,-10 L10,-8 L6,-4 Z`,
  snare: `${CIRCLE(10)} M0,-6 a6,6 0 1,0 0.1,0 Z`,
  extortion: "M-10,-7 L10,-7 L10,7 L-10,7 Z M-3,-2 L3,-2 L3,2 L-3,2 Z",
  raid: "M-10,-8 L-7,-11 L10,8 L7,11 Z M10,-8 L7,-11 L-10,8 L-7,11 Z",
  stronghold: "M-11,10 L-11,-4 L-8,-4 L-8,-8 L-4,-8 L-4,-4 L4,-4 L4,-8 L8,-8 L8,-4 L11,-4 L11,10 Z",
  mob: `${CIRCLE(4.2, -5.5, 4)} ${CIRCLE(4.2, 5.5, 4)} ${CIRCLE(4.2, 0, -4.5)}`,
  waystation: "M-10.5,9.5 L0,-10.5 L10.5,9.5 Z",
  relic: "M-6,-8.5 L6,-8.5 L10.5,-2 L0,10.5 L-10.5,-2 Z",
  // the Crusader expansion (fan-made): the Spinners' infirmaries and webs, the Wyrm and
  // its fear tokens (their side up as a letter, S scared or C cowed)
  infirmary: "M-10,-10 L10,-10 L10,10 L-10,10 Z M-2.5,-7 L2.5,-7 L2.5,-2.5 L7,-2.5 L7,2.5 L2.5,2.5 L2.5,7 L-2.5,7 L-2.5,2.5 L-7,2.5 L-7,-2.5 L-2.5,-2.5 Z",
  web: `${CIRCLE(10)} ${CIRCLE(7.5)} ${CIRCLE(5.5)} ${CIRCLE(3)} M-0.6,-10 L0.6,-10 L0.6,10 L-0.6,10 Z M-10,-0.6 L10,-0.6 L10,0.6 L-10,0.6 Z`,
  fear: "M-11,0 Q0,-11 11,0 Q0,11 -11,0 Z",
  wyrm: "M-10,9 Q-12,2 -6,1 Q2,0 2,-4 Q2,-8 -2,-8 L1,-11 Q8,-10 8,-4 Q8,4 -1,5 Q-5,5 -5,8 L6,8 L6,10 L-10,10 Z",
  // the Borough Kings' arsenals and heralds (a banner), the Host's firebrands (a flame,
  // its suit a bar, its reward a letter: W two warriors, F flame, C card), a mouse mark
  arsenal: "M-10,10 L-10,-3 L-6,-3 L-6,-9 L-2,-9 L-2,-3 L2,-3 L2,-9 L6,-9 L6,-3 L10,-3 L10,10 L3,10 L3,4 A3,3 0 0,0 -3,4 L-3,10 Z",
  herald: "M-7,11 L-7,-11 L-4,-11 L-4,-10 L10,-6 L-4,-1 L-4,11 Z",
  fb: "M0,-11 Q8,-2 6,5 Q4,11 0,11 Q-4,11 -6,5 Q-8,-2 -2,-6 Q-1,-1 1,0 Q2,-6 0,-11 Z",
  mouse_mark: "M-2,6 a7,6 0 1,1 0.1,0 Z M-7,-3 a3.5,3.5 0 1,1 0.1,0 Z M3,-3 a3.5,3.5 0 1,1 0.1,0 Z M4,6 Q10,8 11,3 L12,3 Q11,10 4,8 Z",
  ruin: "M-9.5,10 L-9.5,-2 L-5.5,-6 L-5.5,10 Z M-2,10 L-2,-9.5 L2,-9.5 L2,10 Z M5.5,10 L5.5,-4 L9.5,-1 L9.5,10 Z",
  // hirelings (Appendix E): the Vault Keepers' vaults, the Sunward Expedition's footholds
  vault: "M-10,10 L-10,-4 L0,-10.5 L10,-4 L10,10 Z M-4,10 L-4,2 A4,4 0 0,1 4,2 L4,10 Z",
  foothold: "M-10,9 L0,-10 L10,9 Z M-3,9 L0,3 L3,9 Z",
  piece: "M-9,-9 L9,-9 L9,9 L-9,9 Z",
};
const SPRITE_NAMES = { post: "trade post", ws: "waystation", piece: "piece", fb: "firebrand" };
const FIREBRAND = /^fb_(fox|rabbit|mouse)_(two_warriors|flame|card)$/;  // HOL.2.2.I face up
const REWARD_MARK = { two_warriors: "W", flame: "F", card: "C" };  // HOL.8

/** The sprite a piece kind is drawn with (base_fox -> base, ws_tablet_jewelry ->
 *  waystation, figure2 -> relic). */
export function spriteOf(kind) {
  if (RELIC.test(kind)) return "relic";
  if (kind.startsWith("ws_")) return "waystation";
  const head = kind.split("_")[0];
  return SPRITES[kind] ? kind : SPRITES[head] ? head : "piece";
}

/** The <defs> with every piece's symbol: once per page, the map's and the legend's
 *  <use>s point to it. */
export function pieceSprite() {
  return svg("svg", { class: "piece-sprite", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
    svg("defs", {}, Object.entries(SPRITES).map(([k, d]) => svg("symbol", { id: `piece-${k}`, viewBox: "-12 -12 24 24" },
      svg("path", { d, fill: "currentColor", stroke: "#fff", "stroke-width": 1.3, "stroke-linejoin": "round", "fill-rule": "evenodd" })))));
}

function ensureSprite() {
  if (!document.getElementById("piece-warrior")) document.body.prepend(pieceSprite());
}

/** A piece: its kind's icon in its owner's colour, named for screen readers. */
function icon(kind, color, name, x, y, size = 26, extra = {}) {
  return svg("g", { class: `piece piece-${spriteOf(kind)}`, role: "img", "aria-label": name, transform: `translate(${x} ${y})`, ...extra },
    svg("title", {}, name),
    svg("use", { href: `#piece-${spriteOf(kind)}`, x: -size / 2, y: -size / 2, width: size, height: size, style: `color:${color}` }));
}

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
  const { class: more, ...rest } = extra;
  return el("span", { class: `card-chip suit-${card?.suit || "none"}${more ? ` ${more}` : ""}`, "data-card": id,
    title: card ? `${card.name} (${card.suit})` : id, ...rest }, card?.name || titleCase(id));
}

// ---------------------------------------------------------------- the map

/** The warlord's clearing of each faction that has one (14.2.2). */
function warlordsOf(view) {
  const out = {};
  for (const [f, p] of Object.entries(view.players || {})) {
    if (p.faction?.warlord != null && "hoard" in (p.faction || {})) out[f] = p.faction.warlord;
  }
  return out;
}

/** BK.2.4 the Borough Kings' mice on the map: by clearing, the faction whose warriors
 *  they are this turn (its row holds them) and the Kings' colour for their mark. */
function miceOf(view, colors) {
  for (const [f, p] of Object.entries(view.players || {})) {
    const m = p.faction?.mice;
    if (m && typeof m === "object" && "mice_treated_as" in (p.faction || {})) {
      const holder = p.faction.mice_treated_as || f;
      return { at: m, holder, own: holder === f, color: colors[f] };
    }
  }
  return {};
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
    const cx = x + slotSize / 2, cy = y + slotSize / 2;
    if (owner === "ruin") {
      const n = c.ruin_items;
      const name = `Ruin${n ? ` (${n} item${n > 1 ? "s" : ""} beneath)` : ""}`;
      g.push(svg("g", { class: "building ruin", "data-kind": "ruin" }, icon("ruin", "#6b6259", name, cx, cy, 28),
        n ? svg("text", { class: "piece-count", x: cx + 11, y: cy + 11 }, n) : null));
      continue;
    }
    const suit = ["fox", "rabbit", "mouse"].find((s) => kind.includes(s));
    const name = `${names[owner] || owner} ${pieceName(kind)}`;
    g.push(svg("g", { class: "building", "data-owner": owner, "data-kind": kind },
      icon(kind, colors[owner] || "#777", name, cx, cy, 28),
      kind.startsWith("ws_") ? svg("text", { class: "piece-mark", x: cx, y: cy + 5 }, buildingLetter(kind).slice(1)) : null,
      suit ? svg("rect", { class: `base-suit suit-${suit}`, x: x + 5, y: y + slotSize - 5, width: slotSize - 10, height: 4 }) : null));
  }
  const tokens = new Map();
  for (const [owner, kind] of c.tokens) {
    const key = `${owner}|${kind}`;
    tokens.set(key, (tokens.get(key) || 0) + 1);
  }
  let tx = -((tokens.size - 1) * 30) / 2;
  for (const [key, n] of tokens) {
    const [owner, kind] = key.split("|");
    let name = `${names[owner] || owner} ${pieceName(kind)}${n > 1 ? ` ×${n}` : ""}`;
    let mark = relicLetter(kind)?.slice(1) ?? FEAR_SIDE[kind] ?? REWARD_MARK[FIREBRAND.exec(kind)?.[2]] ?? null; // a relic's value, "?" face down
    let drawn = kind;
    const fd = hidden[owner];
    if (fd && fd.kind === kind) {
      const known = fd.ids?.[String(c.id)];
      name = `${names[owner] || owner} face-down ${kind}${known ? ` (${known.join(", ")}: only you see this)` : ""}`;
      mark = "?";
      if (known && known.length === 1) drawn = known[0];
    }
    g.push(svg("g", { class: `token token-${kind}`, "data-owner": owner, "data-kind": kind, "data-count": n },
      icon(drawn, kind === "wood" ? "#8a5a2b" : colors[owner] || "#777", name, tx, 37, 26),
      mark ? svg("text", { class: "piece-mark", x: tx, y: 41 }, mark) : null,
      n > 1 ? svg("text", { class: "piece-count", x: tx + 11, y: 48 }, n) : null,
      FIREBRAND.test(kind) ? svg("rect", { class: `base-suit suit-${FIREBRAND.exec(kind)[1]}`, x: tx - 9, y: 51, width: 18, height: 3 }) : null));
    tx += 30;
  }
  return g;
}

function warriorBadges(c, colors, names, mice = {}) {
  const out = [];
  const entries = Object.entries(c.warriors).filter(([, n]) => n > 0);
  const angles = [150, 30, 190, -10, 110, 70];
  entries.forEach(([f, n], i) => {
    const a = (angles[i % angles.length] * Math.PI) / 180;
    const x = Math.cos(a) * (R + 8), y = Math.sin(a) * (R + 8);
    // BK.2.4: mice in a row are that faction's warriors this turn, the Kings' pieces
    const m = mice.holder === f ? mice.at[String(c.id)] || 0 : 0;
    const what = m ? ` (${m} of them the Borough Kings' mice: ${mice.own ? "theirs" : "this player's warriors this turn"}, BK.2.4)` : "";
    out.push(svg("g", { class: "warriors", "data-faction": f, "data-count": n, "data-mice": m || null },
      icon("warrior", colors[f] || "#777", `${names[f] || f}: ${n} warrior${n > 1 ? "s" : ""}${what}`, x, y, 46),
      svg("text", { class: "count", x: x + 15, y: y + 15 }, n),
      m ? svg("g", { class: "mice-mark", "data-mice": m }, icon("mouse_mark", mice.color || "#777", `${m} mice${what}`, x - 17, y - 17, 18),
        svg("text", { class: "piece-count", x: x - 8, y: y - 6 }, m)) : null));
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

// Appendix F: the landmarks (the Tower is the Pass's, C.3.4; the Ferry is drawn above),
// each a small wooden piece beside its clearing's top right
const LANDMARK_SHAPES = {
  tower: ["the Tower (the Pass: its ruler scores 1 at the end of Evening)", "M-7,9 L-7,-5 L-9,-5 L-9,-11 L-5,-11 L-5,-8 L-2,-8 L-2,-11 L2,-11 L2,-8 L5,-8 L5,-11 L9,-11 L9,-5 L7,-5 L7,9 Z"],
  lost_city: ["the Lost City (a fox, rabbit and mouse clearing)", "M-10,9 L-10,-2 A10,10 0 0 1 10,-2 L10,9 L5,9 L5,0 A5,5 0 0 0 -5,0 L-5,9 Z"],
  legendary_forge: ["the Legendary Forge (its items: a piece here to craft them; +1 card, +1 VP)", "M-11,-6 L9,-6 Q11,-6 11,-3 L4,-1 L4,4 L8,9 L-8,9 L-4,4 L-4,-1 L-11,-1 Z"],
  black_market: ["the Black Market (face-down cards: exchange one, once a turn, with a piece here)", "M-9,-3 L9,-3 L11,9 L-11,9 Z M-4,-3 Q0,-12 4,-3"],
  elder_treetop: ["the Elder Treetop (one more building slot; its building scores 1 more)", "M0,-12 L9,1 L4,1 L10,8 L2,8 L2,11 L-2,11 L-2,8 L-10,8 L-4,1 L-9,1 Z"],
};

function landmarkPieces(view, c) {
  const ids = (view.landmarks?.pieces || []).filter((p) => p.clearing === c && p.id !== "ferry" && p.id !== "tower").map((p) => p.id);
  if (view.the_pass === c) ids.unshift("tower");
  return ids.map((id, i) => svg("g", { class: `landmark landmark-${id}`, "data-landmark": id, transform: `translate(${R + 4 + i * 24} ${-R + 2})` },
    svg("title", {}, LANDMARK_SHAPES[id][0]),
    svg("circle", { class: "landmark-disc", r: 12 }),
    svg("path", { class: "landmark-shape", d: LANDMARK_SHAPES[id][1] })));
}

// pawns drawn with their own shape (VW.2.2: the Wyrm); any other pawn is a pawn
const PAWN_SPRITES = { wyrm: "wyrm" };
const FEAR_SIDE = { fear_scared: "S", fear_cowed: "C" };  // VW: a fear token's side up

function pawn(x, y, color, title, faction) {
  return svg("g", { class: "pawn", "data-faction": faction }, icon(PAWN_SPRITES[faction] || "pawn", color || "#444", title, x, y, 32));
}

/** Every piece of a hireling (its owner among the cards in play) on a dashed white disc,
 *  so it is told from a faction's piece of a near colour (Rat Smugglers, the Duchy). */
function markHired(root, view) {
  const hired = new Set((view.hirelings?.cards || []).map((c) => c.id));
  if (!hired.size) return;
  for (const g of root.querySelectorAll("[data-owner], [data-faction], [data-hireling]")) {
    if (!hired.has(g.dataset.owner || g.dataset.faction || g.dataset.hireling)) continue;
    g.classList.add("hired");
    for (const piece of g.querySelectorAll(":scope > g.piece")) {
      const size = Number(piece.querySelector("use")?.getAttribute("width") || 26);
      piece.insertBefore(svg("circle", { class: "hired-ring", r: size * 0.42 }), piece.querySelector("use"));
    }
  }
}

/** A piece kind in words: the engine's name (a waystation's sides, a relic's value),
 *  else the kind without its suit ("base (fox)"). */
function pieceName(kind) {
  if (NAMES[kind]) return NAMES[kind];
  const m = RELIC.exec(kind);
  if (m) return `${m[1]} relic${m[2] ? ` (${m[2]})` : " (face down)"}`;
  const [head, ...rest] = kind.split("_");
  const word = SPRITE_NAMES[head] || head;
  return rest.length ? `${word} (${rest.join(" ")})` : word;
}
let NAMES = {}; // the catalog's readable names, set by drawMap

/** Draw the map with the view's pieces into holder. options.pick: Set of clickable
 *  clearing ids; options.selected: a highlighted set; options.onPick(id). */
export function drawMap(holder, layout, view, colors, names, options = {}) {
  const { width, height } = layout.box;
  const pos = Object.fromEntries(layout.clearings.map((c) => [c.id, c]));
  const burrow = view.burrow; // 12.2.2: an unsuited clearing off the map, beside it
  const extra = burrow ? BURROW_GAP : 0;
  ensureSprite();
  NAMES = options.catalog?.names || NAMES;
  const root = svg("svg", { id: "game-map", class: "map-svg game-svg", role: "group",
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
  const bandits = layer("bandits");  // Appendix E: the Highway Bandits stand on paths
  for (const card of view.hirelings?.cards || []) {
    for (const [a, b] of card.bandits_on_paths || []) {
      if (!pos[a] || !pos[b]) continue;
      bandits.append(svg("g", { class: "bandit", "data-hireling": card.id, "data-path": `${a}-${b}` },
        icon("warrior", colors[card.id] || "#777", `${names[card.id] || card.name}: a bandit on the path ${a}-${b}`,
          (pos[a].x + pos[b].x) / 2, (pos[a].y + pos[b].y) / 2, 30)));
    }
  }
  const forestPawns = layer("forest-pawns");
  for (const f of view.forests || []) {
    const geo = layout.forests.find((x) => x.id === f.id);
    if (!geo) continue;
    f.pawns.forEach((who, i) => forestPawns.append(pawn(geo.x + i * 26, geo.y, colors[who], `${names[who] || who} in the forest`, who)));
    (f.tokens || []).forEach(([owner, kind], i) => {  // 15.2.1 relics in forests
      const x = geo.x + (i % 3 - 1) * 28, y = geo.y + 28 + Math.floor(i / 3) * 28;
      const mark = relicLetter(kind)?.slice(1) ?? null;
      forestPawns.append(svg("g", { class: `token forest-token token-${kind}`, "data-owner": owner, "data-kind": kind },
        icon(kind, colors[owner] || "#777", `${names[owner] || owner} ${pieceName(kind)} in the forest`, x, y, 26),
        mark ? svg("text", { class: "piece-mark", x, y: y + 4 }, mark) : null));
    });
  }
  const clearings = layer("clearings");
  const hidden = faceDownOf(view);
  const warlords = warlordsOf(view);
  const mice = miceOf(view, colors);
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
    g.append(...clearingPieces(c, colors, names, hidden), ...warriorBadges(c, colors, names, mice));
    for (const [f, w] of Object.entries(warlords)) {  // 14.2.2: the warlord, drawn apart
      if (w === c.id) {
        g.append(svg("g", { class: "warlord", "data-faction": f },
          icon("warlord", colors[f] || "#777", `${names[f] || f}: the warlord (one of the warriors)`, 0, R + 14, 32)));
      }
    }
    if (view.ferry === c.id) g.append(ferry());
    if (!c.burrow) g.append(...landmarkPieces(view, c.id));
    if (pickable && options.onPick) {
      g.addEventListener("click", () => options.onPick(c.id));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); options.onPick(c.id); } });
    }
    clearings.append(g);
  }
  markHired(root, view);
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
  const states = { ready: "ready", available: "available", exhausted: "exhausted", damaged: "damaged", "damaged face down": "damaged, face down" };
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
  if (key === "decree" || key === "retinue" || key === "manifest") {  // 8.2.4, 15.5.2, BK.5.2
    return el("div", { class: `decree ${key}` }, Object.entries(v).map(([col, cards]) =>
      el("div", { class: "decree-col", "data-column": col }, el("h4", {}, nameOf(col, catalog)), cardList(cards, catalog))));
  }
  if (key === "alignment") {  // the prototype's alignment chart (P10.3-P10.8)
    const word = { "-3": "Nemesis (end)", "-2": "Nemesis", 0: "Indifferent", 3: "Ally" };
    return el("span", { class: "chips alignment" }, Object.entries(v).map(([f, n]) =>
      el("span", { class: `rel align-${n}`, "data-faction": f, "data-align": n,
        title: "alignment chart (P10.3): -3 to 3; -2 and -3 Nemesis, 3 Ally" }, `${names[f] || f} ${word[n] ?? (n > 0 ? `+${n}` : n)}`)));
  }
  if (key === "hideouts") {  // the prototype's Hideout card slots (P9.2): face down or a conspiracy
    return el("span", { class: "chips hideouts" }, Object.entries(v).map(([nation, h]) =>
      el("span", { class: "pill hideout-slot", "data-nation": nation, "data-filled": String(h.filled), "data-face-up": String(h.face_up) },
        `${titleCase(nation)} Hideout ${h.hideout ? `(in ${h.hideout})` : "(not built)"}: `,
        h.face_up ? el("span", {}, `conspiracy ${h.conspiracy || ""} `, cardChip(h.card, catalog))
          : h.card ? el("span", {}, "face down ", cardChip(h.card, catalog))
            : h.filled ? "a card face down" : "empty")));
  }
  if (key === "ward") {  // Crusader SOM.2.4: patients in the Ward, by owner
    return el("span", { class: "chips ward" }, Object.entries(v).map(([f, n]) =>
      el("span", { class: "pill patient", "data-faction": f, title: "patients in the Ward (SOM.2.4)" }, `${names[f] || f} ${n}`)));
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
    const win = view.win_score || 30;  // 40 in the prototype's games (P6.1.1)
    const bar = el("div", { class: "vp-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": win, "aria-valuenow": p.score },
      el("span", { style: `width:${Math.min(100, (p.score / win) * 100)}%;background:${colors[f]}` }));
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
  if (view.quests?.length) parts.push(kv("Quests", view.quests.map((q) => nameOf(q, catalog)).join(", ")));
  const supply = Object.entries(view.item_supply || {}).filter(([, n]) => n > 0);
  if (supply.length) parts.push(kv("Item supply", supply.map(([i, n]) => `${titleCase(i)} ${n}`).join(", ")));
  const marks = view.landmarks;  // Appendix F: the cards in play and what they hold
  if (marks) {
    const where = Object.fromEntries(marks.pieces.map((p) => [p.id, p.clearing]));
    parts.push(kv("Landmarks", el("span", { class: "landmarks-list" }, marks.cards.map((id) => {
      let text = `${titleCase(id)} ${where[id] ? `in ${where[id]}` : "(to set up)"}`;
      if (id === "legendary_forge" && where[id]) text += ` (items: ${marks.forge_items.map(titleCase).join(", ") || "none"})`;
      if (id === "black_market" && where[id]) text += ` (${marks.black_market_cards} cards face down)`;
      if (id === "elder_treetop" && marks.treetop_building) text += ` (its slot: ${marks.treetop_building[1]})`;
      return el("span", { class: "landmark-card", "data-landmark": id }, text);
    }))));
  }
  const hired = view.hirelings;  // Appendix E: the cards, who holds them, the markers
  if (hired) {
    parts.push(kv("Hirelings", el("span", { class: "hirelings-list" }, hired.cards.map((c) => {
      let text = `${c.name} (${c.side}): ${c.controller ? `held by ${nameOf(c.controller, catalog)}, ${c.control_markers} control marker${c.control_markers === 1 ? "" : "s"}` : "in the supply"}`;
      text += `; ${c.warriors_in_supply} in supply`;
      if (c.warriors_on_card) text += `, ${c.warriors_on_card} on its card`;
      if (c.items.length) text += `; items ${c.items.map(titleCase).join(", ")} (${c.items_exhausted} exhausted)`;
      if (c.bandits_on_paths?.length) text += `; bandits on ${c.bandits_on_paths.map(([a, b]) => `${a}-${b}`).join(", ")}`;
      if (c.revealed && Object.keys(c.revealed).length) text += `; kept revealed: ${Object.entries(c.revealed).map(([f, cs]) => `${nameOf(f, catalog)} ${cs.map((x) => cardName(x, catalog)).join(", ")}`).join("; ")}`;
      return el("span", { class: "hireling-card", "data-hireling": c.id, "data-controller": c.controller || "" }, text);
    }))));
    const held = Object.entries(hired.markers_held).map(([f, n]) => `${nameOf(f, catalog)} ${n}`);
    const due = Object.entries(hired.markers_to_hire).map(([f, n]) => `${nameOf(f, catalog)} ${n} to hire with`);
    parts.push(kv("Hiring markers (A.6.4, E.1)", `on the track: ${hired.markers_on_track.join(", ") || "none"}`
      + (held.length || due.length ? `; below Evening: ${[...held, ...due].join(", ")}` : "")));
  }
  const adv = view.advanced_setup;  // Appendix A: all face up
  if (adv) {
    parts.push(kv("First player (A.4)", nameOf(adv.first_player, catalog)));
    if (adv.pool.length) {
      parts.push(kv("Setup cards (A.8.1)", el("span", { class: "setup-pool" }, adv.pool.map((p) =>
        el("span", { class: `setup-card${p.locked ? " locked" : ""}`, "data-faction": p.faction },
          nameOf(p.faction, catalog) + (p.character ? ` with the ${titleCase(p.character)}` : "")
          + (p.locked ? " (locked until a militant faction is chosen, A.8.1.II)" : ""))))));
    }
    const homes = Object.entries(adv.homelands);
    if (homes.length) parts.push(kv("Homelands (A.8.2)", homes.map(([f, cs]) => `${nameOf(f, catalog)}: ${cs.join(", ")}`).join("; ")));
  }
  container.replaceChildren(el("dl", {}, parts));
}

// the pieces each faction brings (the legend shows those of the factions in the game)
const FACTION_PIECES = {
  marquise: ["sawmill", "workshop", "recruiter", "keep", "wood"], mechanical_marquise: ["sawmill", "workshop", "recruiter", "keep", "wood"],
  eyrie: ["roost"], electric_eyrie: ["roost"], alliance: ["base", "sympathy"], automated_alliance: ["base", "sympathy"],
  vagabond: ["pawn"], vagabond2: ["pawn"], vagabot: ["pawn"], lizards: ["garden"], riverfolk: ["post"],
  duchy: ["citadel", "market", "tunnel"], corvids: ["plot", "bomb", "snare", "extortion", "raid"],
  hundreds: ["stronghold", "mob", "warlord"], keepers: ["waystation", "relic"],
  spinners: ["infirmary", "web"], wyrm: ["wyrm", "fear"],
  borough_kings: ["arsenal", "herald", "mouse_mark"], host_of_light: ["fb"],
  // hirelings (Appendix E)
  vault_keepers: ["vault"], sunward_expedition: ["foothold"], the_exile: ["pawn"],
  riverfolk_flotilla: ["pawn"], furious_protector: ["pawn"],
};

function legendIcon(kind, color) {
  return svg("svg", { class: "legend-icon", width: 22, height: 22, viewBox: "-12 -12 24 24", "aria-hidden": "true" },
    svg("use", { href: `#piece-${kind}`, x: -12, y: -12, width: 24, height: 24, style: `color:${color}` }));
}

/** The legend: each faction's colour, and every piece's icon with its name. */
export function legend(colors, names) {
  ensureSprite();
  const kinds = ["warrior", "ruin", ...new Set(Object.keys(colors).flatMap((f) => FACTION_PIECES[f] || []))];
  const owner = (k) => Object.keys(colors).find((f) => (FACTION_PIECES[f] || []).includes(k));
  const words = { warrior: "warriors (the number: how many)", ruin: "ruin (the number: items beneath)", post: "trade post",
    waystation: "waystation (the letter: its side up)", relic: "relic (the number: its value, ? face down)",
    plot: "face-down plot", warlord: "the warlord", wood: "wood", pawn: "pawn",
    infirmary: "infirmary (the bar: its suit)", web: "web", wyrm: "the Wyrm (a pawn; in a forest when driven off)",
    fear: "fear token (S scared, C cowed)", arsenal: "arsenal", herald: "herald",
    mouse_mark: "mice among a faction's warriors (BK.2.4: its own this turn)",
    fb: "firebrand (W two warriors, F flame, C card)", vault: "vault (a hireling's building)",
    foothold: "foothold (a hireling's token)" };
  return el("div", { class: "map-legend-box" },
    el("ul", { class: "map-legend", "aria-label": "Factions" },
      Object.entries(colors).map(([f, c]) => el("li", {}, el("span", { class: HIRELING_COLORS.includes(c) ? "dot hired" : "dot", style: `background:${c}` }), names[f] || f)),
      el("li", {}, "ring: who rules the clearing")),
    el("ul", { class: "map-legend pieces-legend", "aria-label": "Pieces" },
      kinds.map((k) => el("li", { "data-kind": k }, legendIcon(k, k === "ruin" ? "#6b6259" : k === "wood" ? "#8a5a2b" : colors[owner(k)] || "#555"), words[k] || k))));
}
