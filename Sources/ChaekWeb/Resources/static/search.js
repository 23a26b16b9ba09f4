// Chaek (책) search: the search box, its target and order, and the results with infinite scroll.
// The server renders the rows (/fragments/results); the address follows the search, so it can be
// bookmarked and shared.

import { $$, byId, fragment, headerText } from "./dom.js";
import { Action, ID } from "./names.js";
import { Problem, reasonFor, replyOf } from "./problems.js";
import { bookInAddress, currentTab, showTab } from "./tabs.js";

const searchInput = byId(ID.searchInput);
const searchForm = byId(ID.searchForm);
const results = byId(ID.results);
const more = byId(ID.more);
const status = byId(ID.searchStatus);
const target = byId(ID.searchTarget);
const sort = byId(ID.searchSort);

const search = { generation: 0, page: 1, isEnd: true, loading: false, controller: null };
let address = location.pathname === "/" ? location.pathname + location.search : "/";
let debounce;

// How long typing pauses before the results follow it: short enough that they come within 300 ms
// of the last key, long enough that a fast typist does not start a search per key.
const SEARCH_PAUSE = 120;

// The search tab's address.
export function searchAddress() {
  return address;
}

function searchParams(page) {
  const params = new URLSearchParams();
  params.set("query", searchInput.value.trim());
  if (target.value) params.set("target", target.value);
  params.set("sort", sort.value);
  params.set("page", String(page));
  return params.toString();
}

// The search a result row was opened from (query=&target=), for the sheet's marks; "" for a
// book opened from anywhere else.
export function marksFor(trigger) {
  return trigger?.closest(`#${ID.results}`) ? searchParams(1).replace(/&page=1$/, "") : "";
}

// Searches what the box holds now, from the first page.
export function startSearch() {
  clearTimeout(debounce);
  const query = searchInput.value.trim();
  search.controller?.abort();
  search.generation += 1;
  search.page = 0;
  search.isEnd = !query;
  search.loading = false;
  results.replaceChildren();
  more.replaceChildren();
  status.textContent = "";
  address = query ? "/?" + searchParams(1).replace(/&page=1$/, "") : "/";
  if (currentTab() === "search" && !bookInAddress()) history.replaceState({ tab: "search" }, "", address);
  if (query) loadNextPage();
}

// Searches `text`; `byPerson`, among people only.
export function searchFor(text, { byPerson = false } = {}) {
  searchInput.value = text;
  if (byPerson) target.value = "person";
  startSearch();
}

// Says `message` on the search's status line.
export function sayStatus(message) {
  status.textContent = message;
}

async function loadNextPage() {
  if (search.loading || search.isEnd) return;
  search.loading = true;
  const generation = search.generation;
  const page = search.page + 1;
  search.controller = new AbortController();
  more.replaceChildren(Object.assign(document.createElement("div"), { className: "spinner", role: "progressbar", ariaLabel: "불러오는 중" }));
  try {
    const response = await fetch("/fragments/results?" + searchParams(page), { signal: search.controller.signal });
    if (generation !== search.generation) return;
    if (!response.ok) throw new Problem(await replyOf(response));
    const rows = fragment(await response.text());
    // One row per book and per work: a later page may find another edition of a work shown.
    const shown = $$("li[data-book-id]", results);
    const known = new Set(shown.map((row) => row.dataset.bookId));
    const works = new Set(shown.map((row) => row.dataset.work).filter(Boolean));
    for (const row of $$("li[data-book-id]", rows)) {
      if (known.has(row.dataset.bookId) || works.has(row.dataset.work)) continue;
      known.add(row.dataset.bookId);
      if (row.dataset.work) works.add(row.dataset.work);
      results.append(row);
    }
    search.page = page;
    search.isEnd = response.headers.get("X-Chaek-Is-End") === "true";
    status.textContent = headerText(response, "X-Chaek-Status");
    more.replaceChildren();
    search.loading = false;
    // A short first page may not reach the bottom of the screen: keep filling it.
    if (!search.isEnd && more.getBoundingClientRect().top < innerHeight + 600) loadNextPage();
  } catch (error) {
    if (error.name === "AbortError" || generation !== search.generation) return;
    search.loading = false;
    const retry = Object.assign(document.createElement("button"), { className: "pill retry", type: "button", textContent: "다시 시도" });
    retry.addEventListener("click", loadNextPage);
    const reason = reasonFor(error);
    const message = Object.assign(document.createElement("p"), { textContent: `결과를 불러오지 못했어요. ${reason}` });
    more.replaceChildren(message, retry);
  }
}

export function startSearchBox() {
  new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadNextPage();
  }, { rootMargin: "600px 0px" }).observe(more);
  searchInput.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(startSearch, SEARCH_PAUSE);
  });
  searchForm.addEventListener("submit", (event) => {
    event.preventDefault();
    startSearch();
    searchInput.blur();
  });
  target.addEventListener("change", startSearch);
  sort.addEventListener("change", startSearch);
  // Server-rendered results (an address with ?query=) continue with page 2 when scrolled to.
  if (results.children.length > 0) {
    search.page = 1;
    search.isEnd = results.dataset.isEnd === "true";
  }
}

export const actions = {
  [Action.starterSearch](target, event) {
    event.preventDefault();
    searchInput.value = target.textContent;
    searchInput.focus();
    startSearch();
  },
  [Action.goSearch](target, event) {
    event.preventDefault();
    showTab("search");
    searchInput.focus();
  },
};
