// Shared helpers for the rootlaw pages (ES module, no build step).

/** An API answer's JSON; a refusal throws an Error with the API's message, code and status. */
async function answer(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const err = new Error(body?.error?.message || `request failed (${response.status})`);
    err.code = body?.error?.code;
    err.status = response.status;
    throw err;
  }
  return body;
}

/** Fetch JSON from the API; throws an Error carrying the API's error message. */
export async function api(path) {
  return answer(await fetch(path, { headers: { Accept: "application/json" } }));
}

/** POST a JSON body to the API (with the account's CSRF token when given). */
export async function postJson(path, body, csrf = null) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (csrf) headers["X-CSRF-Token"] = csrf;
  return answer(await fetch(path, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** Build an element: el("a", {href: "#x", class: "y"}, "text", child). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Text with <mark> around [start, end) ranges, built without innerHTML. */
export function highlighted(text, ranges) {
  const frag = document.createDocumentFragment();
  let pos = 0;
  for (const [start, end] of ranges || []) {
    frag.append(text.slice(pos, start), el("mark", {}, text.slice(start, end)));
    pos = end;
  }
  frag.append(text.slice(pos));
  return frag;
}

/** Copy text; resolves true when the clipboard accepted it. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** True when a key press should be left to a text field. */
export function typingIn(event) {
  const t = event.target;
  return t instanceof HTMLElement && (t.isContentEditable ||
    (t.tagName === "INPUT" && !["checkbox", "radio", "button"].includes(t.type)) ||
    t.tagName === "TEXTAREA" || t.tagName === "SELECT");
}

export function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
