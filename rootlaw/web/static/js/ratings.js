// The leaderboards from /api/ratings.
import { api, el } from "./common.js";

function table(id, rows) {
  const head = el("tr", {}, ["#", "Name", "Rating (μ − 3σ)", "μ", "σ", "Games"].map((h) => el("th", { scope: "col" }, h)));
  const body = rows.length ? rows.map((r, i) => el("tr", { dataset: { name: r.name } }, el("td", {}, i + 1), el("td", { class: "name" }, r.name),
    el("td", { class: "ordinal" }, r.ordinal.toFixed(2)), el("td", {}, r.mu.toFixed(2)), el("td", {}, r.sigma.toFixed(2)), el("td", { class: "games" }, r.games)))
    : [el("tr", {}, el("td", { colspan: 6, class: "muted" }, "no rated games yet"))];
  document.getElementById(id).replaceChildren(el("thead", {}, head), el("tbody", {}, body));
}

const boards = await api("/api/ratings");
for (const kind of ["account", "faction", "bot"]) table(`board-${kind}`, boards[kind]);
