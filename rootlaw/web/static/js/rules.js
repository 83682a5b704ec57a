// Rules reference: live search with highlighted results, permalinks, term highlighting.
import { api, copyText, debounce, el, highlighted, typingIn } from "./common.js";

const input = document.getElementById("rules-q");
const box = document.getElementById("search-results");
const allBooks = document.getElementById("search-all");
const bookId = document.getElementById("search-book")?.value || "law";
const HL_KEY = "rootlaw-highlight";
let selected = -1;
let lastQuery = "";

function options() {
  return [...box.querySelectorAll("[role=option]")];
}

function select(index) {
  const opts = options();
  if (!opts.length) return;
  selected = (index + opts.length) % opts.length;
  opts.forEach((o, i) => o.setAttribute("aria-selected", String(i === selected)));
  input.setAttribute("aria-activedescendant", opts[selected].id);
  opts[selected].scrollIntoView({ block: "nearest" });
}

function close() {
  box.hidden = true;
  input.setAttribute("aria-expanded", "false");
  input.removeAttribute("aria-activedescendant");
  selected = -1;
}

function render(result) {
  box.replaceChildren();
  const scope = result.book ? "this book" : "all books";
  box.append(el("p", { class: "summary" },
    `${result.total} result${result.total === 1 ? "" : "s"} in ${scope}` +
    (result.total > result.results.length ? ` (first ${result.results.length})` : "")));
  result.results.forEach((hit, i) => {
    box.append(el("a", {
      href: hit.url, role: "option", id: `hit-${i}`, "aria-selected": "false",
      class: "hit", dataset: { anchor: hit.anchor, book: hit.book },
      onclick: () => { sessionStorage.setItem(HL_KEY, result.query); close(); },
    },
    el("span", { class: "hit-title" }, el("span", { class: "num" }, hit.number), " ",
      highlighted(hit.title, hit.title_highlights)),
    el("span", { class: "hit-trail" }, [hit.book_title, hit.trail.join(" › ")].filter(Boolean).join(" · ")),
    el("span", { class: "hit-snippet" }, highlighted(hit.snippet, hit.highlights))));
  });
  box.hidden = false;
  input.setAttribute("aria-expanded", "true");
}

async function runSearch() {
  const q = input.value.trim();
  if (!q) { close(); return; }
  lastQuery = q;
  const params = new URLSearchParams({ q, limit: "20" });
  if (!allBooks?.checked) params.set("book", bookId);
  try {
    const result = await api(`/api/rules/search?${params}`);
    if (q === lastQuery) render(result);
  } catch (err) {
    box.replaceChildren(el("p", { class: "summary" }, err.message));
    box.hidden = false;
  }
}

/** Mark the searched words inside the rule the reader landed on. */
function markTarget() {
  const query = sessionStorage.getItem(HL_KEY);
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  openToc(id);
  if (!target || !query) return;
  sessionStorage.removeItem(HL_KEY);
  const words = query.toLowerCase().match(/"[^"]+"|[\w’'-]+/g) || [];
  const terms = words.map((w) => w.replace(/"/g, "")).filter(Boolean);
  const own = target.querySelector(":scope > p, :scope > .heading") || target;
  const walker = document.createTreeWalker(own, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const re = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  for (const node of nodes) {
    if (!re.test(node.data)) continue;
    re.lastIndex = 0;
    const frag = document.createDocumentFragment();
    node.data.split(re).forEach((part, i) => frag.append(i % 2 ? el("mark", {}, part) : part));
    node.replaceWith(frag);
  }
}

/** Open the contents entry of the chapter holding `id`, and mark it current. */
function openToc(id) {
  const toc = document.querySelector(".toc");
  if (!toc || !id) return;
  let node = document.getElementById(id);
  const ids = [];
  while (node) {
    if (node.id) ids.push(node.id);
    node = node.parentElement?.closest("[id]");
  }
  toc.querySelectorAll("a.current").forEach((a) => a.classList.remove("current"));
  toc.querySelectorAll("li.open").forEach((li) => li.classList.remove("open"));
  for (const anchor of ids) {
    const link = toc.querySelector(`a[href="#${CSS.escape(anchor)}"]`);
    if (link) {
      link.classList.add("current");
      for (let li = link.closest("li"); li; li = li.parentElement.closest("li")) li.classList.add("open");
      link.scrollIntoView({ block: "nearest" });
      break;
    }
  }
}

if (input) {
  input.setAttribute("aria-expanded", "false");
  input.addEventListener("input", debounce(runSearch, 120));
  allBooks?.addEventListener("change", runSearch);
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown") { e.preventDefault(); if (box.hidden) runSearch(); else select(selected + 1); }
    else if (e.key === "ArrowUp") { e.preventDefault(); select(selected - 1); }
    else if (e.key === "Escape") { close(); }
    else if (e.key === "Enter") {
      const opts = options();
      if (opts.length) { e.preventDefault(); opts[Math.max(selected, 0)].click(); }
    }
  });
  document.addEventListener("click", (e) => {
    if (!e.target.closest(".rules-search")) close();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "/" && !typingIn(e)) { e.preventDefault(); input.focus(); input.select(); }
  });
}

document.addEventListener("click", async (e) => {
  const link = e.target.closest("a.permalink");
  if (!link) return;
  const url = `${location.origin}${location.pathname}${link.hash}`;
  if (await copyText(url)) {
    link.classList.add("copied");
    setTimeout(() => link.classList.remove("copied"), 1500);
  }
});

window.addEventListener("hashchange", markTarget);
markTarget();
