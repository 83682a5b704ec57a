// My games: the account's games from /api/me/games, then live from /api/me/ws.
// The page title counts the games where it is your turn (an in-app notification).
import { api, el } from "./common.js";

const table = document.getElementById("my-games");
const status = document.getElementById("my-games-status");
const baseTitle = document.title;

function when(seconds) {
  if (seconds == null) return "—";
  return new Date(seconds * 1000).toLocaleString();
}

function left(seconds) {
  if (seconds == null) return "no deadline";
  const s = Math.round(seconds - Date.now() / 1000);
  if (s <= 0) return `${when(seconds)} (passed)`;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  return `${when(seconds)} (in ${h ? `${h} h ` : ""}${m} min)`;
}

function now(g) {
  if (g.over) return g.winners.length ? `over: ${g.winners.join(", ")} won` : "over";
  if (g.your_turn) return el("strong", { class: "your-turn" }, "Your turn");
  return g.deciding_name ? `${g.deciding_name} to decide` : "waiting";
}

function render(games) {
  const body = table.querySelector("tbody");
  body.replaceChildren(...games.map((g) => el("tr", {
    class: g.your_turn ? "mine" : g.over ? "over" : "", dataset: { game: g.id },
  }, el("td", {}, el("a", { href: g.url }, g.factions.length ? g.factions.join(" · ") : g.id)),
  el("td", {}, g.seat_name), el("td", { class: "now" }, now(g)),
  el("td", { class: "deadline" }, g.over ? "—" : left(g.deadline)),
  el("td", { class: "last-move" }, when(g.last_move)))));
  table.hidden = games.length === 0;
  status.textContent = games.length ? "" : "No games yet: bind a seat to your account from its game page, or join one from the lobby.";
  const mine = games.filter((g) => g.your_turn).length;
  document.title = mine ? `(${mine}) ${baseTitle}` : baseTitle;
}

function follow() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${proto}://${location.host}/api/me/ws`);
  socket.addEventListener("message", (e) => render(JSON.parse(e.data).games));
  socket.addEventListener("close", (e) => {
    if (e.code === 4401) return;
    status.textContent = "Connection lost; reconnecting…";
    setTimeout(follow, 2000);
  });
}

async function main() {
  try {
    render((await api("/api/me/games")).games);
  } catch (err) {
    if (err.code === "not_logged_in") {
      document.getElementById("my-games-login").hidden = false;
      return;
    }
    status.textContent = err.message;
    return;
  }
  follow();
}

main();
