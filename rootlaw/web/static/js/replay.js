// Replay of a finished game: step through every decision with everything revealed.
// Keys: arrows step, Home/End jump, space plays.
import { api, el, typingIn } from "./common.js";
import { colorsFor, drawBoards, drawMap, drawTable, hirelingColors, hirelingNames, legend, loadGeometry } from "./board.js";

const gid = location.pathname.split("/")[2];
const $ = (id) => document.getElementById(id);
const ctx = { catalog: null, colors: {}, names: {}, layout: null, seats: null };
let steps = 0;
let step = 0;
let lines = [];
let timer = null;
let loading = 0;

async function show(n) {
  step = Math.max(0, Math.min(steps, n));
  const ticket = ++loading;
  const frame = await api(`/api/games/${gid}/replay?step=${step}`);
  if (ticket !== loading) return;
  const v = frame.view;
  $("replay").dataset.step = step;
  $("replay").dataset.steps = steps;
  $("slider").value = step;
  $("step-label").textContent = `Step ${step} of ${steps}`;
  $("turn-line").textContent = v.turn_player ? `Turn ${v.turn}: ${ctx.names[v.turn_player]}, ${v.phase}` : "Setup";
  $("scores").replaceChildren(...v.factions.map((f) => el("li", { style: `--faction:${ctx.colors[f]}`, "data-faction": f },
    el("span", { class: "dot" }), `${ctx.names[f]} `, el("strong", {}, frame.scores[f]))));
  const d = frame.decision;
  $("replay").dataset.kind = d?.auto ? "bot" : d ? "decision" : "end";
  $("prompt").textContent = d?.auto ? d.prompt : d ? `${d.name}: ${d.prompt}` : frame.over ? "The game is over." : "";
  $("decision-rule").textContent = d?.auto ? "A bot's step (Law of Rootbotics): what it did" : d ? `Rule ${d.rule} · chosen: ${d.chosen_label}` : "";
  $("choices").replaceChildren(...(d ? d.labels.map((label, i) => el("li", { class: i === d.chosen || d.auto ? "chosen" : "" }, label)) : []));
  drawMap($("map-holder"), ctx.layout, v, ctx.colors, ctx.names, { catalog: ctx.catalog });
  $("legend-holder").replaceChildren(legend(ctx.colors, ctx.names));
  drawBoards($("boards"), v, { ...ctx, deciding: d?.seat });
  drawTable($("table"), v, ctx.catalog);
  const upto = lines.filter((ln) => ln.i < frame.log_end);
  $("log").replaceChildren(...upto.slice(-200).map((ln) => el("li", { class: `log-${ln.kind}`, "data-i": ln.i,
    style: ln.actor && ctx.colors[ln.actor] ? `--faction:${ctx.colors[ln.actor]}` : null }, ln.text)));
  $("log").scrollTop = $("log").scrollHeight;
  const final = $("final");
  final.hidden = !frame.over;
  if (frame.over) {
    final.replaceChildren(el("h2", {}, `${frame.winners.map((f) => ctx.names[f]).join(" and ")} won`),
      el("ol", { class: "final-scores" }, Object.entries(frame.scores).sort((a, b) => b[1] - a[1]).map(([f, n]) =>
        el("li", { "data-faction": f }, `${ctx.names[f]}: ${n} VP`))));
  }
}

/** Seconds a step stays on screen while playing (the speed chosen). */
function speed() {
  return Number($("speed").value) || 0.6;
}

function play() {
  if (timer) {
    clearInterval(timer);
    timer = null;
  } else {
    timer = setInterval(() => { if (step >= steps) play(); else show(step + 1); }, speed() * 1000);
  }
  $("play").textContent = timer ? "Pause" : "Play";
  $("play").setAttribute("aria-pressed", String(Boolean(timer)));
}

async function start() {
  ctx.catalog = await api("/api/play/catalog");
  $("rootlog-link").href = `/api/rootlog/${gid}`; // the whole record (the game is over)
  const end = await api(`/api/games/${gid}/replay`);
  steps = end.steps;
  ctx.layout = await loadGeometry(end.map);
  const state = await api(`/api/games/${gid}`);
  ctx.names = { ...hirelingNames(end.view), ...Object.fromEntries(Object.entries(state.seats).map(([f, x]) => [f, x.name])) };
  ctx.seats = state.seats;
  ctx.colors = { ...hirelingColors(end.view), ...colorsFor(end.view.factions, ctx.catalog) };
  $("game-title").textContent = `Replay · ${ctx.layout.title} · seed ${state.seed_text ?? state.seed}`;
  $("slider").max = steps;
  lines = (await api(`/api/games/${gid}/log`)).lines;
  const params = new URLSearchParams(location.search);
  if (params.get("speed") && [...$("speed").options].some((o) => o.value === params.get("speed"))) $("speed").value = params.get("speed");
  await show(Number(params.get("step") ?? steps));
  if (params.get("play") === "1") play(); // watch it unfold (a bots' game, issue 41)
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(step - 1));
$("next").addEventListener("click", () => show(step + 1));
$("last").addEventListener("click", () => show(steps));
$("play").addEventListener("click", play);
$("slider").addEventListener("input", (e) => show(Number(e.target.value)));
$("speed").addEventListener("change", () => { if (timer) { play(); play(); } }); // the new speed at once
document.addEventListener("keydown", (e) => {
  if (typingIn(e) && e.target.id !== "slider") return;
  const keys = { ArrowLeft: () => show(step - 1), ArrowRight: () => show(step + 1), Home: () => show(0), End: () => show(steps), " ": play };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});
start().catch((err) => { $("turn-line").textContent = `Cannot load the replay: ${err.message}`; });
