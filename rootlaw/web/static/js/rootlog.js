// A Rootlog uploaded (or pasted), read by the server and replayed turn by turn: the
// board after each line, flagged turns marked with the reason (issue 37).
// Keys: arrows step, Home/End jump.
import { el, typingIn } from "./common.js";
import { colorsFor, drawBoards, drawMap, drawTable, hirelingColors, hirelingNames, legend, loadGeometry } from "./board.js";

const $ = (id) => document.getElementById(id);
const ctx = { catalog: null, colors: {}, names: {}, layout: null, seats: null };
let summary = null;
let text = "";
let turn = 0;
let loading = 0;

async function request(path, init = {}) {
  const response = await fetch(path, { ...init, headers: { Accept: "application/json", ...(init.headers || {}) } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const err = new Error(body?.error?.message || `request failed (${response.status})`);
    err.code = body?.error?.code;
    throw err;
  }
  return body;
}

const upload = (body) => request("/api/rootlogs", { method: "POST", body, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The board after turn n (the replay is posted again if the server let it go). */
async function frameOf(n) {
  try {
    return await request(`/api/rootlogs/${summary.id}?turn=${n}`);
  } catch (err) {
    if (err.code !== "unknown_rootlog") throw err;
    summary = await upload(text);
    return request(`/api/rootlogs/${summary.id}?turn=${n}`);
  }
}

async function show(n) {
  const last = summary.turns.length - 1;
  turn = Math.max(0, Math.min(last, n));
  const ticket = ++loading;
  const frame = await frameOf(turn);
  if (ticket !== loading) return;
  const v = frame.view;
  const row = summary.turns[turn];
  $("rootlog").dataset.turn = turn;
  $("rootlog").dataset.status = row.status;
  $("slider").value = turn;
  $("step-label").textContent = turn ? `Turn ${turn} of ${last}` : `Setup (${last} turns)`;
  $("turn-line").textContent = turn ? `Turn ${turn} (line ${row.line})` : "After the setup";
  $("line-title").textContent = turn ? `Turn ${turn}` : "The setup";
  $("line-text").textContent = row.text;
  $("line-status").textContent = row.status === "flagged" ? `⚑ Flagged ${verdict(row)}: ${row.reason}` : "Checked: the engine plays exactly these movements";
  $("line-status").dataset.kind = row.kind || "";
  $("line-status").className = row.status === "flagged" ? "hint flagged" : "hint";
  $("scores").replaceChildren(...v.factions.map((f) => el("li", { style: `--faction:${ctx.colors[f]}`, "data-faction": f },
    el("span", { class: "dot" }), `${ctx.names[f] || f} `, el("strong", {}, frame.scores[f]))));
  drawMap($("map-holder"), ctx.layout, v, ctx.colors, ctx.names, { catalog: ctx.catalog });
  $("legend-holder").replaceChildren(legend(ctx.colors, ctx.names));
  drawBoards($("boards"), v, { ...ctx });
  drawTable($("table"), v, ctx.catalog);
  for (const li of $("log").children) li.classList.toggle("current", Number(li.dataset.turn) === turn);
  $("log").querySelector("li.current")?.scrollIntoView({ block: "nearest" });
}

/** A flagged turn's kind in words, with its rule or column: "(rules slip, 4.2.1)". */
function verdict(row) {
  const at = row.rule && (row.kind === "rules" || row.kind === "omission") ? `, ${row.rule}` : (row.column ? `, column ${row.column}` : "");
  return `(${row.kind_words}${at})`;
}

/** "7 rules slip, 2 omission": the flagged turns by kind, the kinds there are. */
function kindCounts(report) {
  return Object.entries(report.kinds).filter(([, n]) => n).map(([k, n]) => `${n} ${summary.kind_words[k]}`).join(", ");
}

/** The read told as it goes (the server's NDJSON lines): the turns replayed so far and
 * the seconds since the upload, so a long record never sits at a bare "Reading…". */
async function readTold(body) {
  const started = Date.now();
  let said = "Sending the record…";
  const say = (words) => { said = words; $("report").textContent = `${words} (${Math.round((Date.now() - started) / 1000)} s)`; };
  say(said);
  const clock = setInterval(() => say(said), 1000);
  try {
    const response = await fetch("/api/rootlogs", { method: "POST", body, headers: { Accept: "application/x-ndjson", "Content-Type": "text/plain; charset=utf-8" } });
    if (!response.ok) {
      const bad = await response.json().catch(() => ({}));
      throw new Error(bad?.error?.message || `request failed (${response.status})`);
    }
    if (!(response.headers.get("content-type") || "").includes("ndjson")) return await response.json();  // read before: kept
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      rest += decoder.decode(value || new Uint8Array(), { stream: !done });
      const lines = rest.split("\n");
      rest = lines.pop();
      for (const line of lines.filter((l) => l.trim())) {
        const msg = JSON.parse(line);
        if (msg.summary) return msg.summary;
        if (msg.error) throw new Error(msg.error.message);
        if (msg.waiting) say("Waiting for another read to finish…");
        else if (msg.setup) say("Reading… finding the setup the record describes");
        else {
          $("read-progress").max = Math.max(1, msg.turns);
          $("read-progress").value = msg.replayed;
          $("read-progress").hidden = false;
          say(msg.replayed ? `Reading… turn ${msg.replayed} of ${msg.turns} replayed` : `Reading… the setup found; ${msg.turns} turns to replay`);
        }
      }
      if (done) throw new Error("the server stopped before the end of the read");
    }
  } finally {
    clearInterval(clock);
    $("read-progress").hidden = true;
  }
}

async function read(body) {
  text = body;
  summary = await readTold(body);
  const r = summary.report;
  const share = r.turns ? Math.round((100 * r.checked) / r.turns) : 100;
  const kinds = kindCounts(r);
  $("report").textContent = `${r.checked} of ${r.turns} turns checked (${share}%), ${r.flagged.length} flagged` +
    (kinds ? ` (${kinds})` : "") +
    (summary.notes.length ? `; ${summary.notes.join("; ")}` : "");
  ctx.catalog = ctx.catalog || await request("/api/play/catalog");
  ctx.layout = await loadGeometry(summary.map);
  const first = await request(`/api/rootlogs/${summary.id}?turn=0`);
  ctx.names = { ...hirelingNames(first.view), ...summary.names };
  ctx.colors = { ...hirelingColors(first.view), ...colorsFor(summary.factions, ctx.catalog) };
  $("game-title").textContent = `Rootlog replay · ${ctx.layout.title}`;
  $("slider").max = summary.turns.length - 1;
  $("log").replaceChildren(...summary.turns.map((t) => el("li", {
    class: t.status === "flagged" ? "flagged" : "checked", "data-turn": t.turn, "data-kind": t.kind || "",
    title: t.status === "flagged" ? `${verdict(t)} ${t.reason}` : "checked", onclick: () => show(t.turn),
  }, t.status === "flagged" ? "⚑ " : "", t.turn ? `${t.turn}. ${t.text}` : "Setup",
  t.status === "flagged" ? el("span", { class: "kind" }, ` ${verdict(t)}`) : "")));
  for (const id of ["controls", "board-area", "boards-title", "table-panel"]) $(id).hidden = false;
  await show(0);
}

$("upload").addEventListener("submit", async (e) => {
  e.preventDefault();
  const file = $("file").files[0];
  const body = file ? await file.text() : $("text").value;
  if (!body.trim()) {
    $("report").textContent = "Choose a file or paste a Rootlog first.";
    return;
  }
  read(body).catch((err) => { $("report").textContent = `Cannot read this Rootlog: ${err.message}`; });
});
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(turn - 1));
$("next").addEventListener("click", () => show(turn + 1));
$("last").addEventListener("click", () => show(summary.turns.length - 1));
$("slider").addEventListener("input", (e) => show(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (!summary || (typingIn(e) && e.target.id !== "slider")) return;
  const keys = { ArrowLeft: () => show(turn - 1), ArrowRight: () => show(turn + 1), Home: () => show(0), End: () => show(summary.turns.length - 1) };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});
