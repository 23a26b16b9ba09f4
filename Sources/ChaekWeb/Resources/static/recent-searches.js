// Chaek (책) 최근 검색어: the panel under the search box while it is focused and empty. The server
// renders it (/fragments/searches, #recent-searches): the recent searches (each runs its search;
// × deletes it), 전체 삭제, and a button that stops or resumes recording; it is separate from the
// suggestions shown while typing. A search is recorded when the search box is submitted (Enter,
// 검색, or picking a recent search), never while typing or scrolling. Escape closes the panel;
// arrow keys move between its buttons.

import { api, send } from "./api.js";
import { $, $$, byId, fragment } from "./dom.js";
import { Action, ID } from "./names.js";
import { reasonFor } from "./problems.js";
import { showToast } from "./toast.js";

const searchForm = byId(ID.searchForm);
const searchInput = byId(ID.searchInput);
const panel = byId(ID.recentSearches);
let dismissed = false;
let refreshing;

// Renders the panel again from the server, keeping the focus on the same button.
export async function refreshRecentSearches() {
  refreshing?.abort();
  const controller = (refreshing = new AbortController());
  try {
    const response = await fetch("/fragments/searches", { signal: controller.signal });
    if (response.ok) render(await response.text());
  } catch (error) {
    if (error.name !== "AbortError") console.warn("recent searches", error);
  }
}

function render(html) {
  const fresh = $(`#${ID.recentSearches}`, fragment(html));
  if (!fresh) return;
  const focused = panel.contains(document.activeElement) ? document.activeElement.id : null;
  panel.replaceChildren(...fresh.childNodes);
  panel.dataset.recording = fresh.dataset.recording;
  panel.dataset.worthShowing = fresh.dataset.worthShowing;
  if (focused) {
    // Replacing the focused button closed the panel (focusout): open it again to focus its twin.
    panel.hidden = false;
    (byId(focused) ?? $(".recent-searches-list button", panel) ?? searchInput).focus();
  }
  show();
}

// The panel shows while the search box (or the panel) has the focus and the box is empty, when
// there is something to show: searches, or recording turned off.
function show() {
  const focusHere = document.activeElement === searchInput || panel.contains(document.activeElement);
  panel.hidden = !(focusHere && !searchInput.value.trim() && !dismissed && panel.dataset.worthShowing === "true");
}

async function change(method, path, body) {
  try {
    await api(method, path, body);
    await refreshRecentSearches();
  } catch (error) {
    showToast(`검색어를 바꾸지 못했어요: ${reasonFor(error)}`);
  }
}

function recordSearch() {
  const query = searchInput.value.trim();
  if (query && panel.dataset.recording !== "false") change("POST", "/api/searches", { query });
}

// Keeps `query` among the recent searches (a scanned ISBN to try again online): whether it was
// kept (not when the reader turned recording off, or the server cannot be reached).
export async function keepSearch(query) {
  const reply = await send("POST", "/api/searches", { query });
  if (reply.ok) refreshRecentSearches();
  return reply.ok && reply.body.searches.some((search) => search.query === query);
}

// Keys: ↓ from the empty box enters the panel; ↑ and ↓ move between its buttons (↑ from the first
// returns to the box); Escape closes it and leaves the focus in the box.
function moveByKeys(event) {
  if (panel.hidden) return;
  const buttons = $$("button", panel);
  const index = buttons.indexOf(document.activeElement);
  if (event.key === "Escape") {
    event.preventDefault();
    searchInput.focus();
    dismissed = true;
    panel.hidden = true;
  } else if (event.key === "ArrowDown" && (document.activeElement === searchInput || index >= 0)) {
    event.preventDefault();
    buttons[Math.min(index + 1, buttons.length - 1)]?.focus();
  } else if (event.key === "ArrowUp" && index >= 0) {
    event.preventDefault();
    (index === 0 ? searchInput : buttons[index - 1]).focus();
  }
}

export function startRecentSearches() {
  // A tap on the panel keeps the focus where it is, so the panel stays open under the finger.
  panel.addEventListener("mousedown", (event) => {
    if (event.target.closest("button")) event.preventDefault();
  });
  searchForm.addEventListener("submit", recordSearch);
  for (const type of ["input", "focus"]) {
    searchInput.addEventListener(type, () => {
      dismissed = false;
      show();
    });
  }
  searchForm.addEventListener("focusout", (event) => {
    if (event.relatedTarget !== searchInput && !panel.contains(event.relatedTarget)) panel.hidden = true;
  });
  searchForm.addEventListener("keydown", moveByKeys);
  refreshRecentSearches();
}

export const actions = {
  [Action.searchAgain](target) {
    searchInput.value = target.textContent;
    searchForm.requestSubmit();
  },
  [Action.forgetSearch](target) {
    // The focus goes to the next search (or the one before) so a keyboard stays in the list.
    const item = target.closest("li");
    const next = item.nextElementSibling ?? item.previousElementSibling;
    if (panel.contains(document.activeElement)) (next ? $(".recent-search-query", next) : searchInput).focus();
    change("DELETE", `/api/searches/${encodeURIComponent(target.value)}`);
  },
  [Action.forgetSearches]() {
    if (panel.contains(document.activeElement)) searchInput.focus();
    change("DELETE", "/api/searches");
  },
  [Action.searchRecording]: (target) => change("PUT", "/api/searches/recording", { on: target.value === "true" }),
};
