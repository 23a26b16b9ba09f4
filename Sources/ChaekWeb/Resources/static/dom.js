// Chaek (책): small helpers every module uses: finding elements, the server's HTML as nodes, the
// reader's day, and swapping a fresh rendering in without losing what the reader is doing.

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
export const byId = (id) => document.getElementById(id);

// The server's HTML (a fragment) as nodes.
export function fragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

// A header the server percent-encodes (X-Chaek-Status), as text.
export function headerText(response, name) {
  const value = response.headers.get(name);
  return value ? decodeURIComponent(value) : "";
}

// The reader's day, from the browser's own calendar (toISOString would give the day in UTC).
export function today() {
  const now = new Date();
  const two = (number) => String(number).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

// Opens or closes an editor (a form with an id) and says so on the button that controls it.
export function showEditor(form, open) {
  form.hidden = !open;
  const toggle = $(`[aria-controls="${CSS.escape(form.id)}"]`, form.closest("li") ?? document);
  toggle?.setAttribute("aria-expanded", String(open));
}

// Puts a fresh rendering in place of `old`. What a person is in the middle of survives: text typed
// in a field (a value that differs from what the server had rendered), editors left open, and the
// focus, found again by id; when its element is gone, the focus goes to its section's heading.
// A draft whose saved text changed meanwhile keeps the version it was begun on (data-base-version),
// so saving it is refused as stale instead of silently overwriting the other change.
export function swapKeepingDrafts(old, fresh) {
  for (const field of $$("textarea[id], input[id]:not([type=radio])", old)) {
    const twin = $(`#${CSS.escape(field.id)}`, fresh);
    if (!twin || field.value === field.defaultValue) continue;
    twin.value = field.value;
    const base = field.dataset.baseVersion ?? field.closest("[data-version]")?.dataset.version;
    if (base && twin.defaultValue !== field.defaultValue) twin.dataset.baseVersion = base;
  }
  for (const editor of $$("form[id]:not([hidden])", old)) {
    const twin = $(`#${CSS.escape(editor.id)}`, fresh);
    if (twin) showEditor(twin, true);
  }
  const focused = old.contains(document.activeElement) ? document.activeElement : null;
  const selection = focused && typeof focused.selectionStart === "number" ? [focused.selectionStart, focused.selectionEnd] : null;
  const heading = focused?.closest("[aria-labelledby]")?.getAttribute("aria-labelledby");
  old.replaceWith(fresh);
  if (!focused) return;
  const again = focused.id && document.getElementById(focused.id);
  if (again) {
    if (focused.getAttribute("tabindex") === "-1") again.tabIndex = -1;
    again.focus({ preventScroll: true });
    if (selection && again.setSelectionRange) again.setSelectionRange(...selection);
  } else if (heading && document.getElementById(heading)) {
    const target = document.getElementById(heading);
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }
}
