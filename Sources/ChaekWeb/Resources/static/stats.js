// Chaek (책) 기록: the year's goal, charts and lists (/fragments/stats, for the reader's day), the
// year shown (in the address), and the search of notes and quotes (/fragments/notes).

import { api } from "./api.js";
import { $, byId, fragment, swapKeepingDrafts, today } from "./dom.js";
import { Action, Edit, ID } from "./names.js";
import { reasonFor } from "./problems.js";
import { currentTab, tabAddress } from "./tabs.js";
import { showToast } from "./toast.js";

// The year shown, from the address; while the tab is hidden the screen is only marked stale.
let statsYear = location.pathname === "/stats" ? new URLSearchParams(location.search).get("year") ?? "" : "";
let statsStale = true;
let noteSearch;
let noteDebounce;

// The 기록 tab's address.
export function statsAddress() {
  return statsYear ? `/stats?year=${statsYear}` : "/stats";
}

// The tab is shown: drawn again when something changed while it was hidden.
export function statsShown() {
  if (statsStale) refreshStats();
}

// The screen is drawn for the reader's day; while its tab is hidden it is only marked stale.
export async function refreshStats() {
  if (currentTab() !== "stats") {
    statsStale = true;
    return;
  }
  statsStale = false;
  const params = new URLSearchParams({ today: today() });
  if (statsYear) params.set("year", statsYear);
  const response = await fetch(`/fragments/stats?${params}`).catch(() => null);
  if (!response?.ok) return;
  const fresh = Object.assign(document.createElement("div"), { id: ID.stats });
  fresh.append(fragment(await response.text()));
  swapKeepingDrafts(byId(ID.stats), fresh);
}

async function goalEdit(method, books) {
  const year = $(`#${ID.stats} .stats`).dataset.year;
  try {
    await api(method, `/api/goals/${year}`, method === "PUT" ? { books } : undefined);
    const input = byId(ID.goalInput);
    if (input) input.value = input.defaultValue;
    await refreshStats();
  } catch (error) {
    showToast(`목표를 저장하지 못했어요: ${reasonFor(error)}`);
  }
}

const edits = {
  [Edit.goal]: (form) => goalEdit("PUT", Number(form.elements.books.value)),
};

async function searchNotes() {
  noteSearch?.abort();
  noteSearch = new AbortController();
  const query = byId(ID.noteQuery).value.trim();
  const status = byId(ID.noteStatus);
  const results = byId(ID.noteResults);
  if (!query) {
    results.replaceChildren();
    status.textContent = "";
    return;
  }
  try {
    const response = await fetch(`/fragments/notes?query=${encodeURIComponent(query)}`, { signal: noteSearch.signal });
    if (!response.ok) return;
    results.replaceChildren(fragment(await response.text()));
    const count = Number(response.headers.get("X-Chaek-Count") ?? 0);
    status.textContent = count ? `‘${query}’ ${count}개 찾았어요` : `‘${query}’ 들어간 메모나 문장이 없어요`;
  } catch (error) {
    if (error.name !== "AbortError") console.warn("note search", error);
  }
}

export function startStats() {
  const panel = byId(ID.statsPanel);
  panel.addEventListener("submit", (event) => {
    const edit = edits[event.target.dataset.edit];
    if (!edit) return;
    event.preventDefault();
    edit(event.target);
  });
  panel.addEventListener("change", (event) => {
    if (event.target.id !== ID.statsYear) return;
    statsYear = event.target.value;
    history.replaceState({ tab: "stats" }, "", tabAddress("stats"));
    refreshStats();
  });
  byId(ID.noteQuery).addEventListener("input", () => {
    clearTimeout(noteDebounce);
    noteDebounce = setTimeout(searchNotes, 250);
  });
  byId(ID.noteSearch).addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(noteDebounce);
    searchNotes();
  });
}

export const actions = {
  [Action.goalClear]: () => goalEdit("DELETE"),
};
