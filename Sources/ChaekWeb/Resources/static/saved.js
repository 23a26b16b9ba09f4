// Chaek (책) 담은 책: the list of saved books, a page at a time, with its filters (a shelf, a tag)
// and order; the server renders the rows and the chips (/fragments/saved, /fragments/saved-filters).

import { api } from "./api.js";
import { $, $$, byId, fragment, swapKeepingDrafts } from "./dom.js";
import { pressHeart } from "./hearts.js";
import { Action, ID } from "./names.js";
import { showTab, tabAddress } from "./tabs.js";

const saved = byId(ID.saved);
const savedSort = byId(ID.savedSort);
const savedMore = byId(ID.savedMore);

// What 담은 책 shows (a shelf, a tag), from the address.
const address = new URLSearchParams(location.search);
const savedFilter = { shelf: address.get("shelf") ?? "", tag: address.get("tag") ?? "" };

// 담은 책 is shown a page at a time (a library of thousands would be megabytes of rows); a refresh
// asks again for as many rows as are on screen.
const SAVED_PAGE = 100;
let savedRefresh;
// The next page being asked for, one at a time; a refresh that replaces the rows cancels it, as it
// would land after rows it was not asked to follow.
let savedLoad;
// How many saved books the filter matches, as the server last said.
let savedMatching = 0;

function savedQuery() {
  const params = new URLSearchParams();
  if (savedFilter.shelf) params.set("shelf", savedFilter.shelf);
  if (savedFilter.tag) params.set("tag", savedFilter.tag);
  return params.size ? `?${params}` : "";
}

// The 담은 책 tab's address.
export function savedAddress() {
  return "/saved" + savedQuery();
}

let savedMoreObserver;

// Shows 더 보기 while rows are left, and looks again whether it is in sight: the observer tells
// only when it comes into sight, so one already there when a page came (or while one was
// loading) would otherwise never bring the next page.
function showSavedMore() {
  savedMore.hidden = saved.children.length >= savedMatching;
  savedMoreObserver?.unobserve(savedMore);
  savedMoreObserver?.observe(savedMore);
}

// Every saved book's id, to mark the hearts of search results.
async function savedIDs() {
  const { body } = await api("GET", "/api/library/ids");
  return body.ids;
}

// Renders the list again, and the hearts of the search results. `fromTop`: a new filter or order
// starts again at the first page.
export async function refreshSaved(fromTop = false) {
  savedRefresh?.abort();
  savedRefresh = new AbortController();
  const filter = savedQuery().replace(/^\?/, "&");
  const limit = fromTop ? SAVED_PAGE : Math.max(saved.children.length, SAVED_PAGE);
  try {
    const [rows, chips] = await Promise.all([
      fetch(`/fragments/saved?sort=${savedSort.value}${filter}&limit=${limit}`, { signal: savedRefresh.signal }),
      fetch(`/fragments/saved-filters?${filter.slice(1)}`, { signal: savedRefresh.signal }),
    ]);
    if (!rows.ok || !chips.ok) return;
    const [rowsHTML, chipsHTML] = [await rows.text(), await chips.text()];
    savedLoad?.abort();
    saved.replaceChildren(fragment(rowsHTML));
    savedMatching = Number(rows.headers.get("X-Chaek-Matching") ?? 0);
    showSavedMore();
    const filters = byId(ID.savedFilters);
    const fresh = Object.assign(document.createElement("div"), { id: ID.savedFilters, className: filters.className });
    fresh.append(fragment(chipsHTML));
    swapKeepingDrafts(filters, fresh);
    const count = rows.headers.get("X-Chaek-Count") ?? String(saved.children.length);
    const savedCount = byId(ID.savedCount);
    savedCount.textContent = count;
    savedCount.setAttribute("aria-label", `${count}권`);
    byId(ID.savedPanel).dataset.total = count;
    // The row of chips scrolls sideways on a phone: a new choice keeps the chosen tag (else shelf)
    // in sight, moving the row only, never the page.
    const row = $(`#${ID.savedFilters} .chip-row`);
    const chosen = $$(".chip[aria-pressed=true]", row ?? undefined).at(-1);
    if (fromTop && row && chosen) row.scrollTo({ left: chosen.offsetLeft - row.offsetLeft - 16 });
    const ids = new Set(await savedIDs());
    for (const row of $$("li[data-book-id]", byId(ID.results))) {
      const heart = $(".heart", row);
      if (heart) pressHeart(heart, ids.has(row.dataset.bookId));
    }
  } catch (error) {
    if (error.name !== "AbortError") console.warn("saved list", error);
  }
}

async function loadMoreSaved() {
  if (savedLoad || savedMore.hidden) return;
  const load = (savedLoad = new AbortController());
  const filter = savedQuery().replace(/^\?/, "&");
  const offset = saved.children.length;
  let cancelled = false;
  try {
    const response = await fetch(
      `/fragments/saved?sort=${savedSort.value}${filter}&offset=${offset}&limit=${SAVED_PAGE}`,
      { signal: load.signal });
    if (!response.ok) return;
    const rows = fragment(await response.text());
    if (load.signal.aborted) throw new DOMException("the rows were replaced", "AbortError");
    saved.append(rows);
    // A page that brought no row (the list shrank meanwhile) ends it until the next refresh.
    savedMatching = saved.children.length > offset ? Number(response.headers.get("X-Chaek-Matching") ?? 0) : 0;
    showSavedMore();
  } catch (error) {
    cancelled = error.name === "AbortError";
    if (!cancelled) console.warn("saved list", error);
  } finally {
    if (savedLoad === load) savedLoad = undefined;
    // Cancelled by a refresh: the page after the new rows is asked for if 더 보기 is in sight. A
    // failure is not asked again by itself (the server may be down); 더 보기 stays to be pressed.
    if (cancelled) showSavedMore();
  }
}

function filterSaved(chip) {
  if ("shelf" in chip.dataset) savedFilter.shelf = chip.dataset.shelf;
  else savedFilter.tag = chip.getAttribute("aria-pressed") === "true" ? "" : chip.dataset.tag;
  history.replaceState({ tab: "saved" }, "", tabAddress("saved"));
  refreshSaved(true);
}

export function startSaved() {
  byId(ID.savedMoreButton).addEventListener("click", loadMoreSaved);
  savedMoreObserver = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadMoreSaved();
  }, { rootMargin: "400px" });
  savedMoreObserver.observe(savedMore);
  savedSort.addEventListener("change", () => {
    refreshSaved(true);
    // Kept for every device. A preference, not a change of the library: chosen offline, it is not
    // queued, and the list waits for the server to sort it.
    api("PUT", "/api/library/order", { sort: savedSort.value }).catch((error) => console.warn("saved order", error));
  });
}

export const actions = {
  [Action.filter]: filterSaved,
  [Action.goSaved](target, event) {
    event.preventDefault();
    showTab("saved");
    byId(ID.savedHeading).focus();
  },
};
