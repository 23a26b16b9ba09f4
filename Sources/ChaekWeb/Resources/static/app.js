// Chaek (책): the page's behaviour. The server renders every piece of HTML (rows, strips, the
// detail sheet); this module fetches those pieces, keeps the tabs, hearts and lists in step, and
// listens to /api/events so every open window follows changes made anywhere.

import { startOffline, watchEventStream } from "./offline.js";
import { Problem, problem, reasonFor, replyOf } from "./problems.js";
import { startScan } from "./scan.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

const searchInput = $("#search-input");
const searchForm = $("#search-form");
const results = $("#results");
const more = $("#more");
const status = $("#search-status");
const recent = $("#recent");
const saved = $("#saved");
const savedCount = $("#saved-count");
const savedSort = $("#saved-sort");
const detail = $("#detail");
const confirmClear = $("#confirm-clear");
const confirmRemove = $("#confirm-remove");
const savedFilters = $("#saved-filters");
const toast = $("#toast");

// What 담은 책 shows (a shelf, a tag) and which year 기록 shows, from the address.
const address = new URLSearchParams(location.search);
const savedFilter = { shelf: address.get("shelf") ?? "", tag: address.get("tag") ?? "" };
let statsYear = location.pathname === "/stats" ? address.get("year") ?? "" : "";
let statsStale = true;

// ---- small helpers ----

function fragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

function headerText(response, name) {
  const value = response.headers.get(name);
  return value ? decodeURIComponent(value) : "";
}

let toastTimer;
// Shows `message` for a moment; with `action` ({ label, run }), a button beside it, and long enough
// to be pressed (12 s, held while the pointer or the focus is on it).
function showToast(message, action) {
  const text = Object.assign(document.createElement("span"), { textContent: message });
  toast.replaceChildren(text);
  if (action) {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: action.label, className: "toast-action" });
    button.addEventListener("click", () => {
      toast.classList.remove("visible", "actionable");
      action.run();
    }, { once: true });
    toast.append(button);
  }
  toast.classList.toggle("actionable", Boolean(action));
  toast.classList.add("visible");
  clearTimeout(toastTimer);
  const hide = () => {
    if (toast.matches(":hover, :focus-within")) toastTimer = setTimeout(hide, 1000);
    else toast.classList.remove("visible", "actionable");
  };
  toastTimer = setTimeout(hide, action ? 12000 : 2500);
}

// After a removal: says what went, with 되돌리기, which puts it all back (the journal too).
function offerUndo(message, reply) {
  if (reply.body.status === "queued") {
    showToast("오프라인이에요. 연결되면 삭제할게요.");
    return;
  }
  showToast(message, {
    label: "되돌리기",
    run: async () => {
      try {
        const { body } = await api("POST", `/api/library/undo/${reply.body.undo}`);
        await refreshSaved();
        showToast(body.restored > 0 ? `책 ${body.restored}권을 되돌렸어요` : "되돌릴 책이 없어요");
      } catch {
        showToast("되돌리지 못했어요. 삭제한 지 10분이 지났을 수 있어요.");
      }
    },
  });
}

// The reader's day, from the browser's own calendar (toISOString would give the day in UTC).
function today() {
  const now = new Date();
  const two = (number) => String(number).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

// A JSON call: { ok, status, body, text }, whatever the status; status 0 when the server could
// not be reached.
async function send(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    return await replyOf(await fetch(path, init));
  } catch {
    return { ok: false, status: 0, body: {}, text: "" };
  }
}

// A JSON call that throws a Problem (its message the reader's sentence) unless it succeeds.
async function api(method, path, body) {
  const reply = await send(method, path, body);
  if (!reply.ok) throw new Problem(reply);
  return reply;
}

// Puts a fresh rendering in place of `old`. What a person is in the middle of survives: text typed
// in a field (a value that differs from what the server had rendered), editors left open, and the
// focus, found again by id; when its element is gone, the focus goes to its section's heading.
// A draft whose saved text changed meanwhile keeps the version it was begun on (data-base-version),
// so saving it is refused as stale instead of silently overwriting the other change.
function swapKeepingDrafts(old, fresh) {
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

// ---- tabs ----

// The search tab's address follows the search, so it can be bookmarked and shared.
let searchAddress = location.pathname === "/" ? location.pathname + location.search : "/";
const tabs = { search: "책 검색", saved: "담은 책", stats: "기록" };

function tabAddress(name) {
  if (name === "saved") return "/saved" + savedQuery();
  if (name === "stats") return statsYear ? `/stats?year=${statsYear}` : "/stats";
  return searchAddress;
}

function showTab(name, push = true) {
  // A sheet left open beside the list (a wide screen) closes: the new entry is the tab's.
  if (push && detail.open) {
    sheetHistory.pushed = false;
    closeDetail();
  }
  document.body.dataset.tab = name;
  for (const tab of Object.keys(tabs)) {
    $(`#${tab}-panel`).hidden = tab !== name;
    $(`#tab-${tab}`).setAttribute("aria-selected", String(tab === name));
  }
  document.title = `${tabs[name]} — 책`;
  if (push) afterSheetBack(() => history.pushState({ tab: name }, "", tabAddress(name)));
  if (name === "stats" && statsStale) refreshStats();
}

for (const name of Object.keys(tabs)) {
  $(`#tab-${name}`).addEventListener("click", (event) => { event.preventDefault(); showTab(name); });
}

function tabFor(path) {
  return path === "/saved" ? "saved" : path === "/stats" ? "stats" : "search";
}

// ---- search and infinite scroll ----

const search = { generation: 0, page: 1, isEnd: true, loading: false, controller: null };

function searchParams(page) {
  const params = new URLSearchParams();
  params.set("query", searchInput.value.trim());
  const target = $("#search-target").value;
  if (target) params.set("target", target);
  params.set("sort", $("#search-sort").value);
  params.set("page", String(page));
  return params.toString();
}

function startSearch() {
  const query = searchInput.value.trim();
  search.controller?.abort();
  search.generation += 1;
  search.page = 0;
  search.isEnd = !query;
  search.loading = false;
  results.replaceChildren();
  more.replaceChildren();
  status.textContent = "";
  searchAddress = query ? "/?" + searchParams(1).replace(/&page=1$/, "") : "/";
  if (document.body.dataset.tab === "search" && !bookInAddress()) history.replaceState({ tab: "search" }, "", searchAddress);
  if (query) loadNextPage();
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
    const known = new Set($$("li[data-book-id]", results).map((row) => row.dataset.bookId));
    for (const row of $$("li[data-book-id]", rows)) {
      if (!known.has(row.dataset.bookId)) results.append(row);
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

new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadNextPage();
}, { rootMargin: "600px 0px" }).observe(more);

// How long typing pauses before the results follow it: short enough that they come within 300 ms
// of the last key, long enough that a fast typist does not start a search per key.
const SEARCH_PAUSE = 120;
let debounce;
searchInput.addEventListener("input", () => {
  clearTimeout(debounce);
  debounce = setTimeout(startSearch, SEARCH_PAUSE);
});
searchForm.addEventListener("submit", (event) => {
  event.preventDefault();
  clearTimeout(debounce);
  startSearch();
  searchInput.blur();
});
$("#search-target").addEventListener("change", startSearch);
$("#search-sort").addEventListener("change", startSearch);

// Server-rendered results (an address with ?query=) continue with page 2 when scrolled to.
if (results.children.length > 0) {
  search.page = 1;
  search.isEnd = results.dataset.isEnd === "true";
}

// ---- autocomplete: the search box as an ARIA 1.2 combobox ----

// While the box has text, /api/suggest's titles and people (the reader's own books first, ♥) are
// offered under it; an empty box belongs to the recent-searches panel. Typing asks again after a
// short pause, dropping a stale request; `input` comes during IME composition too, so a half-typed
// syllable (해리ㅍ) gets suggestions. ↑/↓ move, Enter picks (a title opens its book, a person
// searches people, anything else searches its text), Escape closes; a tap or click picks.
const suggestions = $("#suggestions");
const suggest = { items: [], active: -1, controller: null, timer: 0 };

function closeSuggestions() {
  suggest.controller?.abort();
  suggest.items = [];
  suggest.active = -1;
  suggestions.hidden = true;
  suggestions.replaceChildren();
  searchInput.setAttribute("aria-expanded", "false");
  searchInput.removeAttribute("aria-activedescendant");
}

async function fetchSuggestions() {
  const text = searchInput.value.trim();
  suggest.controller?.abort();
  if (!text) return closeSuggestions();
  const controller = (suggest.controller = new AbortController());
  try {
    const response = await fetch(`/api/suggest?q=${encodeURIComponent(text)}&limit=8`, {
      signal: controller.signal, headers: { Accept: "application/json" },
    });
    const body = response.ok ? await response.json() : { suggestions: [] };
    if (document.activeElement === searchInput && searchInput.value.trim() === text) showSuggestions(body.suggestions ?? []);
  } catch (error) {
    if (error.name !== "AbortError") closeSuggestions();
  }
}

function showSuggestions(items) {
  suggest.items = items;
  suggest.active = -1;
  suggestions.replaceChildren(...items.map((item, index) => {
    const option = Object.assign(document.createElement("li"), { id: `suggestion-${index}`, className: `suggestion ${item.kind}` });
    option.setAttribute("role", "option");
    option.setAttribute("aria-selected", "false");
    option.dataset.index = String(index);
    const text = Object.assign(document.createElement("span"), { className: "suggestion-text", textContent: item.text });
    const kind = Object.assign(document.createElement("span"), { className: "suggestion-kind", textContent: item.kind === "person" ? "저자" : "책" });
    option.append(kind, text);
    if (item.saved) {
      const heart = Object.assign(document.createElement("span"), { className: "suggestion-saved" });
      heart.append(Object.assign(document.createElement("span"), { textContent: "♥", ariaHidden: "true" }),
        Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: "담은 책" }));
      option.append(heart);
    }
    return option;
  }));
  suggestions.hidden = items.length === 0;
  searchInput.setAttribute("aria-expanded", String(items.length > 0));
  searchInput.removeAttribute("aria-activedescendant");
}

function moveSuggestion(step) {
  const count = suggest.items.length;
  suggest.active = suggest.active < 0 && step < 0 ? count - 1 : (suggest.active + step + count) % count;
  for (const option of suggestions.children) option.setAttribute("aria-selected", String(Number(option.dataset.index) === suggest.active));
  const option = suggestions.children[suggest.active];
  searchInput.setAttribute("aria-activedescendant", option.id);
  option.scrollIntoView({ block: "nearest" });
}

function pickSuggestion(index) {
  const item = suggest.items[index];
  const typed = searchInput.value.trim();
  closeSuggestions();
  if (!item) return;
  if (item.kind === "title" && item.id) {
    openDetail(item.id, searchInput, { marks: new URLSearchParams({ query: typed }).toString() });
    return;
  }
  searchInput.value = item.text;
  if (item.kind === "person") $("#search-target").value = "person";
  clearTimeout(debounce);
  startSearch();
}

searchInput.addEventListener("input", () => {
  clearTimeout(suggest.timer);
  suggest.timer = setTimeout(fetchSuggestions, 80);
});
searchInput.addEventListener("keydown", (event) => {
  const open = !suggestions.hidden;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (!open) return;
    event.preventDefault();
    moveSuggestion(event.key === "ArrowDown" ? 1 : -1);
  } else if (event.key === "Enter" && open && suggest.active >= 0 && !event.isComposing) {
    event.preventDefault();
    pickSuggestion(suggest.active);
  } else if (event.key === "Escape" && open) {
    event.preventDefault(); // nor clear the box, nor close a panel beside the list
    closeSuggestions();
  }
});
searchInput.addEventListener("blur", () => {
  clearTimeout(suggest.timer);
  closeSuggestions();
});
// A press on an option keeps the focus in the box (no blur), and the click picks it.
suggestions.addEventListener("pointerdown", (event) => event.preventDefault());
suggestions.addEventListener("click", (event) => {
  const option = event.target.closest("[role=option]");
  if (option) pickSuggestion(Number(option.dataset.index));
});
searchForm.addEventListener("submit", closeSuggestions);

// ---- saving ----

// A heart's state, and the sheet's label beside it.
function pressHeart(heart, isSaved) {
  heart.setAttribute("aria-pressed", String(isSaved));
  const label = $(".heart-label", heart);
  if (label) label.textContent = isSaved ? "담은 책" : "책 담기";
}

function setSaved(id, isSaved) {
  for (const heart of $$(`[data-book-id="${CSS.escape(id)}"] .heart`)) pressHeart(heart, isSaved);
  const sheet = $(".detail", detail);
  if (sheet && sheet.dataset.bookId === id) sheet.dataset.saved = String(isSaved);
}

async function saveBook(id) {
  const { status: code, body } = await api("PUT", `/api/library/${encodeURIComponent(id)}`);
  setSaved(id, true);
  refreshSaved();
  return { created: code === 201, title: body.title };
}

// Removes a saved book; a book with notes, quotes or readings asks first, with their counts.
// Returns false when the reader said 취소.
async function removeBook(id) {
  if (!(await confirmRemoval(id))) return false;
  const reply = await api("DELETE", `/api/library/${encodeURIComponent(id)}`);
  setSaved(id, false);
  await refreshSaved();
  offerUndo("담은 책에서 삭제했어요", reply);
  return true;
}

// After a row of 담은 책 went, the focus goes to the heart of the row now in its place (or the one
// before it), or to the heading when the list is empty: never to the page's body.
function focusSavedRow(index) {
  const hearts = $$("#saved .heart");
  (hearts[Math.min(index, hearts.length - 1)] ?? $("#saved-heading")).focus();
}

async function confirmRemoval(id) {
  const reply = await send("GET", `/api/journal/${encodeURIComponent(id)}`).catch(() => null);
  if (!reply?.ok) return true;
  const entry = reply.body;
  const parts = [[entry.notes, "메모"], [entry.quotes, "문장"], [entry.sessions, "독서 기록"]]
    .filter(([list]) => list?.length > 0)
    .map(([list, name]) => `${name} ${list.length}개`);
  if (parts.length === 0) return true;
  const counts = parts.length === 1 ? parts[0] : `${parts[0]}와 ${parts.slice(1).join(", ")}`;
  $("#confirm-remove-title").textContent = `‘${entry.book?.title ?? ""}’ — 담은 책에서 삭제할까요?`;
  $("#confirm-remove-detail").textContent = `${counts}도 함께 지워져요.`;
  confirmRemove.returnValue = "";
  confirmRemove.showModal();
  return new Promise((resolve) => {
    confirmRemove.addEventListener("close", () => resolve(confirmRemove.returnValue === "delete"), { once: true });
  });
}

async function toggleHeart(button) {
  const id = button.closest("[data-book-id]").dataset.bookId;
  const wasSaved = button.getAttribute("aria-pressed") === "true";
  const savedIndex = $$("#saved .heart").indexOf(button);
  button.disabled = true;
  try {
    if (wasSaved) {
      await removeBook(id);
    } else {
      const { title } = await saveBook(id);
      showToast(title ? `‘${title}’ 담았어요` : "담았어요");
    }
  } catch (error) {
    showToast(`${wasSaved ? "빼지" : "담지"} 못했어요: ${reasonFor(error)}`);
  } finally {
    button.disabled = false;
    if (button.isConnected) button.focus();
    else if (savedIndex >= 0) focusSavedRow(savedIndex);
  }
}

// ---- lists that follow the library ----

function savedQuery() {
  const params = new URLSearchParams();
  if (savedFilter.shelf) params.set("shelf", savedFilter.shelf);
  if (savedFilter.tag) params.set("tag", savedFilter.tag);
  return params.size ? `?${params}` : "";
}

// 담은 책 is shown a page at a time (a library of thousands would be megabytes of rows); a refresh
// asks again for as many rows as are on screen.
const SAVED_PAGE = 100;
const savedMore = $("#saved-more");

function showSavedMore(matching) {
  savedMore.hidden = saved.children.length >= matching;
}

// `fromTop`: a new filter or order starts again at the first page.
let savedRefresh;
async function refreshSaved(fromTop = false) {
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
    saved.replaceChildren(fragment(rowsHTML));
    showSavedMore(Number(rows.headers.get("X-Chaek-Matching") ?? 0));
    const fresh = Object.assign(document.createElement("div"), { id: "saved-filters", className: savedFilters.className });
    fresh.append(fragment(chipsHTML));
    swapKeepingDrafts($("#saved-filters"), fresh);
    const count = rows.headers.get("X-Chaek-Count") ?? String(saved.children.length);
    savedCount.textContent = count;
    savedCount.setAttribute("aria-label", `${count}권`);
    $("#saved-panel").dataset.total = count;
    // The row of chips scrolls sideways on a phone: a new choice keeps the chosen tag (else shelf)
    // in sight, moving the row only, never the page.
    const row = $("#saved-filters .chip-row");
    const chosen = $$(".chip[aria-pressed=true]", row ?? undefined).at(-1);
    if (fromTop && row && chosen) row.scrollTo({ left: chosen.offsetLeft - row.offsetLeft - 16 });
    const ids = new Set(await savedIDs());
    for (const row of $$("li[data-book-id]", results)) {
      const heart = $(".heart", row);
      if (heart) pressHeart(heart, ids.has(row.dataset.bookId));
    }
  } catch (error) {
    if (error.name !== "AbortError") console.warn("saved list", error);
  }
}

let savedLoading = false;
async function loadMoreSaved() {
  if (savedLoading || savedMore.hidden) return;
  savedLoading = true;
  const filter = savedQuery().replace(/^\?/, "&");
  try {
    const response = await fetch(
      `/fragments/saved?sort=${savedSort.value}${filter}&offset=${saved.children.length}&limit=${SAVED_PAGE}`);
    if (!response.ok) return;
    saved.append(fragment(await response.text()));
    showSavedMore(Number(response.headers.get("X-Chaek-Matching") ?? 0));
  } finally {
    savedLoading = false;
  }
}

$("#saved-more-button").addEventListener("click", loadMoreSaved);
new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadMoreSaved();
}, { rootMargin: "400px" }).observe(savedMore);

// Every saved book's id, to mark the hearts of search results.
async function savedIDs() {
  const { body } = await api("GET", "/api/library/ids");
  return body.ids;
}

function filterSaved(chip) {
  if ("shelf" in chip.dataset) savedFilter.shelf = chip.dataset.shelf;
  else savedFilter.tag = chip.getAttribute("aria-pressed") === "true" ? "" : chip.dataset.tag;
  history.replaceState({ tab: "saved" }, "", tabAddress("saved"));
  refreshSaved(true);
}

async function refreshRecent() {
  const response = await fetch("/fragments/recent").catch(() => null);
  if (response?.ok) recent.replaceChildren(fragment(await response.text()));
}

savedSort.addEventListener("change", () => refreshSaved(true));

// ---- detail sheet ----

let opener = null;

// On a wide screen the sheet is a panel beside the list (a dialog that leaves the page usable);
// on a phone, a modal sheet over it.
const wide = matchMedia("(min-width: 1000px)");
// There the tabs are a rail down the side.
const tablist = $(".tabbar [role=tablist]");
const orientTabs = () => tablist.setAttribute("aria-orientation", wide.matches ? "vertical" : "horizontal");
orientTabs();
wide.addEventListener("change", orientTabs);

// Opens a book's sheet. `marks`: the search it was opened from (query=&target=), whose matches
// the sheet marks. `push`: record the opening in the browser's history (see below); false when
// the history is where it came from. Answers whether it opened.
async function openDetail(id, trigger, { marks = "", push = true } = {}) {
  opener = trigger ?? document.activeElement;
  const response = await fetch(`/fragments/books/${encodeURIComponent(id)}${marks ? `?${marks}` : ""}`).catch(() => null);
  if (!response?.ok) {
    const reply = response && await replyOf(response);
    showToast(reply?.status === 404 ? "이 책을 찾을 수 없어요." : `책 정보를 불러오지 못했어요. ${problem(reply)}`);
    return false;
  }
  detail.innerHTML = await response.text();
  // While the sheet is open the rest of the page is inert and drawn under it: the toast moves in.
  detail.append(toast);
  if (push) pushSheet(id, marks);
  if (!detail.open) wide.matches ? detail.show() : detail.showModal();
  $(".close", detail)?.focus();
  api("POST", `/api/recent/${encodeURIComponent(id)}`).then(refreshRecent).catch(() => {});
  return true;
}

// The search a result row was opened from, for the sheet's marks.
function marksFor(trigger) {
  return trigger?.closest("#results") ? searchParams(1).replace(/&page=1$/, "") : "";
}

// Every way of closing (✕, Escape, the backdrop, a swipe, Back) ends here, in the dialog's close.
function closeDetail() {
  if (detail.open) detail.close();
}

detail.addEventListener("close", () => {
  document.body.append(toast);
  detail.replaceChildren();
  detail.style.transform = "";
  popSheet();
  opener?.focus?.();
  opener = null;
});

// Escape closes the panel beside the list too (a modal sheet closes by itself), unless something
// in it (the FAB menu) or the search box's suggestions took the key first.
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && !event.defaultPrevented && detail.open && !detail.matches(":modal")) closeDetail();
});

// A click on the backdrop (outside the sheet's box) closes it.
detail.addEventListener("click", (event) => {
  if (event.target === detail) closeDetail();
});

function sheetBookID() {
  return $(".detail", detail)?.dataset.bookId;
}

// 검색하기: back to the search box, the sheet closed.
function focusSearch() {
  opener = null;
  closeDetail();
  if (document.body.dataset.tab !== "search") showTab("search");
  searchInput.focus();
}

// ---- the sheet in the browser's history ----

// Opening a book pushes /books/ID (its state: the tab under it and the search's marks), so the
// browser's Back closes the sheet and Forward opens it again, as on a phone. Closing it any other
// way goes back when the sheet pushed that entry; a sheet from an address typed or linked
// (/books/ID on load) has nothing of ours under it, so its entry becomes the tab's address.
const sheetHistory = { pushed: false, back: Promise.resolve() };

function bookInAddress() {
  const match = location.pathname.match(/^\/books\/([^/]+)$/);
  return match ? decodeURIComponent(match[1]) : null;
}

function pushSheet(id, marks) {
  const state = { tab: document.body.dataset.tab, book: id, marks };
  const address = `/books/${encodeURIComponent(id)}`;
  // Another book opened beside the list takes the place of the one shown.
  if (sheetHistory.pushed && detail.open) history.replaceState(state, "", address);
  else afterSheetBack(() => history.pushState(state, "", address));
  sheetHistory.pushed = true;
}

function popSheet() {
  const tab = document.body.dataset.tab;
  if (sheetHistory.pushed) {
    sheetHistory.pushed = false;
    sheetHistory.back = new Promise((resolve) => addEventListener("popstate", resolve, { once: true }));
    history.back();
  } else if (bookInAddress()) {
    history.replaceState({ tab }, "", tabAddress(tab));
  }
}

// A new entry waits until a Back the sheet started has landed, or it would be the one left.
function afterSheetBack(change) {
  sheetHistory.back.then(change);
}

addEventListener("popstate", (event) => {
  const state = event.state ?? {};
  const id = bookInAddress();
  if (!id && detail.open) {
    sheetHistory.pushed = false;
    closeDetail();
  }
  const tab = state.tab ?? tabFor(location.pathname);
  showTab(tab, false);
  if (!id) {
    history.replaceState({ tab }, "", tabAddress(tab));
  } else if (sheetBookID() !== id) {
    sheetHistory.pushed = true;
    openDetail(id, null, { marks: state.marks ?? "", push: false });
  }
});

// ---- swipe the sheet down to close (touch) ----

// A drag that starts in the sheet's top area (its grabber and heading, which do not scroll the
// sheet) moves the sheet with it; let go further down than SWIPE_CLOSE and the sheet closes, less
// and it snaps back.
const SWIPE_CLOSE = 110;

detail.addEventListener("pointerdown", (event) => {
  if (!detail.matches(":modal") || !event.isPrimary || event.button !== 0) return;
  if (!event.target.closest(".detail-bar, .detail-head") || event.target.closest("button, a")) return;
  const startY = event.clientY;
  let dy = 0;
  detail.classList.add("dragging");
  const move = (moveEvent) => {
    if (moveEvent.pointerId !== event.pointerId) return;
    dy = Math.max(0, moveEvent.clientY - startY);
    detail.style.transform = dy ? `translateY(${dy}px)` : "";
  };
  const end = (endEvent) => {
    if (endEvent.pointerId !== event.pointerId) return;
    for (const [type, handler] of listeners) removeEventListener(type, handler);
    detail.classList.remove("dragging");
    if (endEvent.type === "pointerup" && dy > SWIPE_CLOSE) closeDetail();
    else detail.style.transform = "";
  };
  const listeners = [["pointermove", move], ["pointerup", end], ["pointercancel", end]];
  for (const [type, handler] of listeners) addEventListener(type, handler);
});

// ---- the journal in the sheet ----

// Edits and refreshes of the sheet run one after another, so each edit reads the version the
// previous one left.
let sheetWork = Promise.resolve();
function queueSheet(task) {
  const run = sheetWork.then(task);
  sheetWork = run.catch((error) => console.warn("journal", error));
  return run;
}

function sheetAlert(message) {
  const alert = $("#journal-alert", detail);
  if (alert) alert.textContent = message;
}

// Re-renders the journal from the server, keeping drafts and the focus.
async function renderSheet() {
  const sheet = $(".detail", detail);
  if (!sheet) return;
  const response = await fetch(`/fragments/books/${encodeURIComponent(sheet.dataset.bookId)}`).catch(() => null);
  if (!response?.ok || $(".detail", detail) !== sheet) return;
  const fresh = fragment(await response.text());
  const journal = $("#journal", fresh);
  if (!journal || !$("#journal", sheet)) return;
  swapKeepingDrafts($("#journal", sheet), journal);
  const isSaved = $(".detail", fresh).dataset.saved;
  sheet.dataset.saved = isSaved;
  const heart = $(".detail-heading .heart", sheet);
  if (heart) pressHeart(heart, isSaved === "true");
}

// The sheet follows the offline queue (the worker's state, which offline.js shows under the sheet):
// a change the server refused when it was sent is said in the sheet too, and "연결되면 보낼게요"
// goes once everything was sent.
const QUEUED_NOTE = "오프라인이에요.";
navigator.serviceWorker?.addEventListener("message", (event) => {
  if (event.data?.type !== "state") return;
  const alert = $("#journal-alert", detail);
  if (!alert) return;
  if (event.data.refused?.length) {
    alert.textContent = "오프라인에서 한 변경이 그사이 다른 곳에서 바뀌어 적용되지 않았어요. 지금 저장된 내용을 보여 드려요.";
  } else if (event.data.pending?.length === 0 && alert.textContent.startsWith(QUEUED_NOTE)) {
    alert.textContent = "";
  }
});

const CONFLICT = "다른 창에서 먼저 바뀌었어요. 최신 내용을 불러왔어요 — 내 글은 그대로 두었으니 확인 후 다시 저장하세요.";

// Every change to the journal goes through here. PATCH and DELETE carry the version this window
// last saw of the record they change (the closest element to `origin` with data-version: a note,
// a reading, or the journal; for a draft, the version it was begun on); on 409 the sheet shows why
// and re-renders from the current state, keeping what the reader typed. On success the fields of
// `origin`'s form are emptied.
function journalEdit(method, path, body, origin) {
  const holder = origin.closest("[data-version]")?.id;
  const form = origin.closest("form");
  const fields = form ? $$("textarea[id], input[id]", form).map((field) => field.id) : [];
  return queueSheet(async () => {
    const live = fields.map((id) => document.getElementById(id)).filter(Boolean);
    const version = live.find((field) => field.dataset.baseVersion)?.dataset.baseVersion
      ?? (holder && document.getElementById(holder)?.dataset.version);
    let url = path;
    let payload = body;
    if (version && method === "DELETE") url += `?version=${version}`;
    if (version && method === "PATCH") payload = { ...body, version: Number(version) };
    const reply = await send(method, url, payload);
    if (reply.status === 409) {
      await renderSheet();
      // The reader is now shown what changed: saving the draft again is meant to replace it.
      const now = fields.map((id) => document.getElementById(id)).filter(Boolean);
      for (const field of now) delete field.dataset.baseVersion;
      const kept = now.find((field) => field.value !== field.defaultValue);
      sheetAlert(kept?.defaultValue ? `${CONFLICT} 지금 저장된 내용: “${kept.defaultValue.slice(0, 200)}”` : CONFLICT);
      return null;
    }
    if (!reply.ok) {
      sheetAlert(`저장하지 못했어요: ${problem(reply)}`);
      return null;
    }
    if (reply.body.status === "queued") {
      // Kept by the service worker and sent, in order, when the server answers again.
      const typed = fields.map((id) => document.getElementById(id)?.value.trim()).find(Boolean);
      sheetAlert(`${QUEUED_NOTE} 연결되면 보낼게요${typed ? `: “${typed.slice(0, 80)}”` : "."}`);
      for (const id of fields) {
        const field = document.getElementById(id);
        if (field) field.value = field.defaultValue;
      }
      return null;
    }
    sheetAlert("");
    for (const id of fields) {
      const field = document.getElementById(id);
      if (field) field.value = field.defaultValue;
    }
    // An editor that was saved closes, and the focus goes back to the button that opened it.
    const editor = form?.id && document.getElementById(form.id);
    if (editor) showEditor(editor, false);
    await renderSheet();
    if (editor) $(`[aria-controls="${CSS.escape(form.id)}"]`, detail)?.focus();
    return reply.body;
  });
}

function journalPath(suffix = "") {
  return `/api/journal/${encodeURIComponent(sheetBookID())}${suffix}`;
}

function showEditor(form, open) {
  form.hidden = !open;
  const toggle = $(`[aria-controls="${CSS.escape(form.id)}"]`, form.closest("li") ?? document);
  toggle?.setAttribute("aria-expanded", String(open));
}

function paintStars(input) {
  const value = Number(input.value);
  for (const label of $$(".stars-input label", detail)) label.classList.toggle("on", Number(label.control.value) <= value);
  $(".rating-value", detail).textContent = `${input.value}점`;
}

detail.addEventListener("change", (event) => {
  const input = event.target;
  if (input.name === "shelf") {
    journalEdit("PATCH", journalPath(), { shelf: input.value, day: today() }, input);
  } else if (input.name === "rating") {
    paintStars(input);
    journalEdit("PATCH", journalPath(), { rating: Number(input.value) }, input);
  }
});

const numberOrNull = (text) => (text.trim() ? Number(text) : null);

const edits = {
  review: (form) => journalEdit("PATCH", journalPath(), { review: form.elements.review.value }, form),
  tag: (form) => {
    const tags = $$(".tag-chip", detail).map((chip) => chip.dataset.tag);
    return journalEdit("PATCH", journalPath(), { tags: [...tags, form.elements.tag.value.trim()] }, form);
  },
  progress: (form) => journalEdit("POST", journalPath("/progress"), { progress: form.elements.progress.value.trim(), day: today() }, form),
  "add-note": (form) => {
    const body = { kind: form.dataset.kind, text: form.elements.text.value, day: today() };
    if (form.elements.page?.value) body.page = Number(form.elements.page.value);
    return journalEdit("POST", journalPath("/notes"), body, form);
  },
  note: (form) => {
    const body = { text: form.elements.text.value };
    if (form.elements.page) body.page = numberOrNull(form.elements.page.value);
    return journalEdit("PATCH", `/api/notes/${form.closest("[data-note-id]").dataset.noteId}`, body, form);
  },
  session: (form) => {
    const body = { started: form.elements.started.value || null, finished: form.elements.finished.value || null };
    // ISO days compare as text; the library refuses it too, this says why before asking.
    if (body.started && body.finished && body.finished < body.started) {
      sheetAlert("다 읽은 날은 시작한 날과 같거나 그 뒤여야 해요.");
      return null;
    }
    return journalEdit("PATCH", `/api/sessions/${form.closest("[data-session-id]").dataset.sessionId}`, body, form);
  },
};

detail.addEventListener("submit", (event) => {
  const form = event.target;
  if (!edits[form.dataset.edit]) return;
  event.preventDefault();
  edits[form.dataset.edit](form);
});

// ---- one click handler for every action ----

const actions = {
  open(target, event) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (target.closest(".saved-row.swiped")) return;
    event.preventDefault();
    openDetail(target.closest("[data-book-id]").dataset.bookId, target, { marks: marksFor(target) });
  },
  "toggle-save": toggleHeart,
  "starter-search": (target, event) => {
    event.preventDefault();
    searchInput.value = target.textContent;
    searchInput.focus();
    startSearch();
  },
  "go-search": (target, event) => {
    event.preventDefault();
    showTab("search");
    searchInput.focus();
  },
  "go-saved": (target, event) => {
    event.preventDefault();
    showTab("saved");
    $("#saved-heading").focus();
  },
  close: closeDetail,
  "focus-search": focusSearch,
  filter: filterSaved,
  "rating-clear": (target) => journalEdit("PATCH", journalPath(), { rating: null }, target),
  "start-reading": (target) => journalEdit("POST", journalPath("/start"), { day: today() }, target),
  "finish-reading": (target) => journalEdit("POST", journalPath("/finish"), { day: today() }, target),
  "delete-session": (target) => journalEdit("DELETE", `/api/sessions/${target.closest("[data-session-id]").dataset.sessionId}`, undefined, target),
  "delete-note": (target) => journalEdit("DELETE", `/api/notes/${target.closest("[data-note-id]").dataset.noteId}`, undefined, target),
  "remove-tag": (target) => {
    const tags = $$(".tag-chip", detail).map((chip) => chip.dataset.tag).filter((tag) => tag !== target.closest(".tag-chip").dataset.tag);
    journalEdit("PATCH", journalPath(), { tags }, target);
  },
  "edit-note": (target) => {
    const form = $(`#${CSS.escape(target.getAttribute("aria-controls"))}`);
    showEditor(form, form.hidden);
    if (!form.hidden) $("textarea", form).focus();
  },
  "cancel-edit": (target) => {
    const form = target.closest("form");
    form.reset();
    showEditor(form, false);
    $("[data-action=edit-note]", form.closest("li")).focus();
  },
  "goal-clear": () => goalEdit("DELETE"),
};

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (target) actions[target.dataset.action]?.(target, event);
});

// ---- swipe left to delete (touch) ----

saved.addEventListener("pointerdown", (event) => {
  if (event.pointerType !== "touch") return;
  const row = event.target.closest(".saved-row");
  if (!row) return;
  const swipe = $(".swipe", row);
  const startX = event.clientX;
  const startY = event.clientY;
  let dx = 0;
  let tracking = true;
  row.classList.add("swiping");
  const move = (moveEvent) => {
    if (!tracking) return;
    dx = Math.min(0, moveEvent.clientX - startX);
    if (Math.abs(moveEvent.clientY - startY) > 30 && Math.abs(dx) < 10) { tracking = false; swipe.style.transform = ""; return; }
    swipe.style.transform = `translateX(${dx}px)`;
    row.classList.toggle("swiped", dx < -80);
  };
  const end = () => {
    row.classList.remove("swiping");
    saved.removeEventListener("pointermove", move);
    if (tracking && dx < -80) {
      swipe.style.transform = "translateX(-100%)";
      const restore = () => {
        swipe.style.transform = "";
        row.classList.remove("swiped");
      };
      const index = $$("#saved > li").indexOf(row);
      removeBook(row.dataset.bookId).then((removed) => (removed ? focusSavedRow(index) : restore()), (error) => {
        restore();
        showToast(`삭제하지 못했어요: ${reasonFor(error)}`);
      });
    } else {
      swipe.style.transform = "";
      setTimeout(() => row.classList.remove("swiped"), 0);
    }
  };
  saved.addEventListener("pointermove", move);
  saved.addEventListener("pointerup", end, { once: true });
  saved.addEventListener("pointercancel", end, { once: true });
});

// ---- delete all ----

// The confirmation says what goes: the books and every note, quote and reading with them.
$("#clear-all").addEventListener("click", async () => {
  const { ok, body: size } = await send("GET", "/api/library/size").catch(() => ({ ok: false }));
  const journal = ok
    ? [[size.notes, "메모"], [size.quotes, "문장"], [size.readings, "독서 기록"]].filter(([count]) => count > 0)
      .map(([count, name]) => `${name} ${count}개`)
    : [];
  const books = ok ? `담은 책 ${size.books}권` : "담은 책";
  $("#confirm-clear-detail").textContent =
    `${journal.length ? `${books}과 ${journal.join(", ")}가` : `${books}이`} 지워져요. 10분 안에는 되돌릴 수 있어요.`;
  confirmClear.returnValue = "";
  confirmClear.showModal();
});
confirmClear.addEventListener("close", async () => {
  if (confirmClear.returnValue !== "delete") return;
  try {
    const reply = await api("DELETE", "/api/library");
    for (const heart of $$(".heart[aria-pressed='true']")) pressHeart(heart, false);
    await refreshSaved();
    offerUndo(`담은 책 ${reply.body.removed}권을 모두 삭제했어요`, reply);
  } catch (error) {
    showToast(`삭제하지 못했어요: ${reasonFor(error)}`);
  }
});

// ---- 기록 ----

// The screen is drawn for the reader's day; while its tab is hidden it is only marked stale.
async function refreshStats() {
  if (document.body.dataset.tab !== "stats") {
    statsStale = true;
    return;
  }
  statsStale = false;
  const params = new URLSearchParams({ today: today() });
  if (statsYear) params.set("year", statsYear);
  const response = await fetch(`/fragments/stats?${params}`).catch(() => null);
  if (!response?.ok) return;
  const fresh = Object.assign(document.createElement("div"), { id: "stats" });
  fresh.append(fragment(await response.text()));
  swapKeepingDrafts($("#stats"), fresh);
}

async function goalEdit(method, books) {
  const year = $("#stats .stats").dataset.year;
  try {
    await api(method, `/api/goals/${year}`, method === "PUT" ? { books } : undefined);
    const input = $("#goal-input");
    if (input) input.value = input.defaultValue;
    await refreshStats();
  } catch (error) {
    showToast(`목표를 저장하지 못했어요: ${reasonFor(error)}`);
  }
}

$("#stats-panel").addEventListener("submit", (event) => {
  if (event.target.dataset.edit !== "goal") return;
  event.preventDefault();
  goalEdit("PUT", Number(event.target.elements.books.value));
});

$("#stats-panel").addEventListener("change", (event) => {
  if (event.target.id !== "stats-year") return;
  statsYear = event.target.value;
  history.replaceState({ tab: "stats" }, "", tabAddress("stats"));
  refreshStats();
});

// Importing: the file goes up as it is; the server tells its format from the content.
function importSummary(report) {
  if (report.restored) {
    const r = report.restored;
    return `백업을 되살렸어요: 책 ${r.books}권, 메모와 문장 ${r.notes}개, 독서 기록 ${r.readings}개.`;
  }
  const books = report.books;
  const listed = (list) => `${list.slice(0, 3).map((p) => `${p.line}번째 줄(${p.reason})`).join(", ")}${list.length > 3 ? " …" : ""}`;
  const problems = (books.skipped.length ? ` 읽지 못한 줄 ${books.skipped.length}개: ${listed(books.skipped)}.` : "")
    + (books.warnings.length ? ` 빼고 가져온 값 ${books.warnings.length}개: ${listed(books.warnings)}.` : "");
  const journal = report.journal;
  if (!journal) return `목록에 책 ${books.read}권을 더했어요 (새 책 ${books.added}권).${problems}`;
  const news = [
    journal.newly_saved ? `새로 담은 책 ${journal.newly_saved}권` : "",
    journal.updated ? `기록이 더해진 책 ${journal.updated}권` : "",
  ].filter(Boolean);
  let text = news.length
    ? `책 ${journal.rows.length}권을 가져왔어요: ${news.join(", ")}.`
    : `책 ${journal.rows.length}권 모두 이미 가져온 그대로라 바뀐 것이 없어요.`;
  if (journal.kept_reader_changes) text += ` Chaek에서 바꾼 ${journal.kept_reader_changes}권은 그대로 두었어요.`;
  return text + problems;
}

// What went wrong, in the reader's words (the server's own message, in English, is for the log
// and for scripts).
function importFailure(status, errorType) {
  const reason = {
    ImportRunning: "다른 가져오기가 진행 중이에요. 끝난 뒤 다시 해 주세요.",
    ImportInterrupted: "중간에 멈췄어요. 그때까지 가져온 책은 남아 있으니 같은 파일을 다시 가져오면 마저 가져와요.",
    UnreadableFile: "이 파일에서 가져올 책을 찾지 못했어요. Goodreads나 StoryGraph에서 내보낸 CSV, 또는 책 백업(JSON)인지 확인해 주세요.",
  }[errorType] ?? {
    0: "서버에 연결할 수 없어요. 연결되면 다시 해 주세요.",
    409: "백업은 담은 책이 비어 있을 때만 되살릴 수 있어요.",
    413: "파일이 너무 커요. 16 MB까지 가져올 수 있어요.",
  }[status] ?? "잠시 뒤 다시 해 주세요.";
  return `가져오지 못했어요: ${reason}`;
}

$("#import-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("#import-file").files[0];
  const importStatus = $("#import-status");
  if (!file) return;
  importStatus.textContent = `${file.name} 가져오는 중…`;
  try {
    const response = await fetch(`/api/import?today=${today()}`, {
      method: "POST", headers: { Accept: "application/json" }, body: file,
    });
    const body = await response.json().catch(() => ({}));
    importStatus.textContent = response.ok
      ? importSummary(body) : importFailure(response.status, body.errorType);
    if (!response.ok) return;
    event.target.reset();
    await refreshSaved();
  } catch (error) {
    importStatus.textContent = importFailure(0);
  }
});

const noteQuery = $("#note-query");
let noteSearch;
async function searchNotes() {
  noteSearch?.abort();
  noteSearch = new AbortController();
  const query = noteQuery.value.trim();
  const status = $("#note-status");
  if (!query) {
    $("#note-results").replaceChildren();
    status.textContent = "";
    return;
  }
  try {
    const response = await fetch(`/fragments/notes?query=${encodeURIComponent(query)}`, { signal: noteSearch.signal });
    if (!response.ok) return;
    $("#note-results").replaceChildren(fragment(await response.text()));
    const count = Number(response.headers.get("X-Chaek-Count") ?? 0);
    status.textContent = count ? `‘${query}’ ${count}개 찾았어요` : `‘${query}’ 들어간 메모나 문장이 없어요`;
  } catch (error) {
    if (error.name !== "AbortError") console.warn("note search", error);
  }
}

let noteDebounce;
noteQuery.addEventListener("input", () => {
  clearTimeout(noteDebounce);
  noteDebounce = setTimeout(searchNotes, 250);
});
$("#note-search").addEventListener("submit", (event) => {
  event.preventDefault();
  clearTimeout(noteDebounce);
  searchNotes();
});

// ---- live updates from every window and the command line ----

// A burst of changes (an import saves hundreds of books in one go) refreshes the lists once, when
// it has passed, rather than once per change.
let burst;
function afterBurst(refresh) {
  clearTimeout(burst);
  burst = setTimeout(refresh, 120);
}

function listen() {
  const events = new EventSource("/api/events");
  watchEventStream(events);
  const onLibrary = (event) => {
    const id = JSON.parse(event.data || "{}").id;
    if (event.type === "saved" && id) setSaved(id, true);
    if (event.type === "removed" && id) setSaved(id, false);
    if (event.type === "cleared") for (const heart of $$(".heart[aria-pressed='true']")) pressHeart(heart, false);
    afterBurst(() => { refreshSaved(); refreshStats(); });
    if (sheetBookID() && (!id || id === sheetBookID())) queueSheet(renderSheet);
  };
  for (const name of ["saved", "removed", "cleared", "journal"]) events.addEventListener(name, onLibrary);
  events.addEventListener("goal", refreshStats);
  events.addEventListener("viewed", refreshRecent);
  events.addEventListener("searches", refreshRecentSearches);
  // After a reconnect, catch up with whatever changed while the stream was down.
  events.addEventListener("ready", () => {
    refreshSaved();
    refreshRecent();
    refreshRecentSearches();
    refreshStats();
    if (sheetBookID()) queueSheet(renderSheet);
  });
}
listen();
startOffline({ refresh: () => { refreshSaved(); refreshRecent(); } });
startScan({
  say: (message) => { status.textContent = message; },
  open: (id) => openDetail(id, $("#scan-button")),
  search: (isbn) => {
    searchInput.value = isbn;
    startSearch();
  },
  // Keeps the number among the recent searches: whether it was kept (not when the reader turned
  // recording off, or the server cannot be reached).
  keep: async (isbn) => {
    const reply = await send("POST", "/api/searches", { query: isbn });
    if (reply.ok) renderRecentSearches(reply.body);
    return reply.ok && reply.body.searches.some((search) => search.query === isbn);
  },
});

// ---- an address like /books/ID opens its book ----

// The server rendered the sheet open; reopen it as the script shows sheets (without a close
// event, which would leave the address) and record the view. Nothing of ours is under this entry:
// closing the sheet turns the address into the search's (see popSheet).
if (detail.open && $(".detail", detail)) {
  const id = $(".detail", detail).dataset.bookId;
  detail.removeAttribute("open");
  history.replaceState({ tab: "search", book: id }, "", location.pathname);
  openDetail(id, searchInput, { push: false });
}

// ---- 최근 검색어 (recent searches) ----

// A panel under the search box while it is focused and empty: the recent searches (each runs its
// search; × deletes it), 전체 삭제, and a button that stops or resumes recording. It is its own
// element (#recent-searches), separate from suggestions shown while typing. A search is recorded
// when the search box is submitted (Enter, 검색, or picking a recent search), never while typing
// or scrolling. Escape closes the panel; arrow keys move between its buttons.

const recentSearches = Object.assign(document.createElement("section"), { id: "recent-searches", className: "recent-searches", hidden: true });
recentSearches.setAttribute("aria-label", "최근 검색어");
searchInput.after(recentSearches);
let searchHistory = { searches: [], recording: true };
let recentSearchesDismissed = false;

async function refreshRecentSearches() {
  const reply = await send("GET", "/api/searches").catch(() => null);
  if (reply?.ok) renderRecentSearches(reply.body);
}

// Draws the panel from `history` ({searches, recording}), keeping the focus on the same button.
function renderRecentSearches(history) {
  searchHistory = history;
  const focused = recentSearches.contains(document.activeElement) ? document.activeElement.dataset.focusKey : null;
  const button = (text, action, extra = {}) => {
    const element = Object.assign(document.createElement("button"), { type: "button", textContent: text, ...extra });
    element.dataset.searchAction = action;
    element.dataset.focusKey = `${action}:${extra.value ?? ""}`;
    return element;
  };
  const heading = Object.assign(document.createElement("h2"), { className: "recent-searches-head", textContent: "최근 검색어" });
  const list = Object.assign(document.createElement("ul"), { className: "recent-searches-list" });
  for (const search of history.searches) {
    const item = document.createElement("li");
    const remove = button("×", "delete", { className: "recent-search-delete", value: String(search.id) });
    remove.setAttribute("aria-label", `‘${search.query}’ 지우기`);
    item.append(button(search.query, "run", { className: "recent-search-query", value: String(search.id) }), remove);
    list.append(item);
  }
  const note = Object.assign(document.createElement("p"), { className: "recent-searches-note" });
  note.textContent = !history.recording ? "검색어 저장이 꺼져 있어요." : history.searches.length === 0 ? "최근 검색어가 없어요." : "";
  const foot = Object.assign(document.createElement("div"), { className: "recent-searches-foot" });
  // Once recording is off, 전체 삭제 offers to delete what was kept.
  if (history.searches.length > 0) {
    foot.append(history.recording
      ? button("전체 삭제", "clear", { className: "text-link" })
      : button("저장된 검색어도 지우기", "clear", { className: "text-link danger" }));
  }
  foot.append(button(history.recording ? "검색어 저장 끄기" : "검색어 저장 켜기", "recording", { className: "text-link" }));
  recentSearches.replaceChildren(heading, ...(history.searches.length ? [list] : []), ...(note.textContent ? [note] : []), foot);
  if (focused) {
    // Replacing the focused button closed the panel (focusout): open it again to focus its twin.
    recentSearches.hidden = false;
    ($(`[data-focus-key="${CSS.escape(focused)}"]`, recentSearches) ?? $("button", list) ?? searchInput).focus();
  }
  showRecentSearches();
}

// The panel shows while the search box (or the panel) has the focus and the box is empty, when
// there is something to show: searches, or recording turned off.
function showRecentSearches() {
  const focusHere = document.activeElement === searchInput || recentSearches.contains(document.activeElement);
  const worthShowing = searchHistory.searches.length > 0 || !searchHistory.recording;
  recentSearches.hidden = !(focusHere && !searchInput.value.trim() && !recentSearchesDismissed && worthShowing);
}

async function changeRecentSearches(method, path, body) {
  try {
    renderRecentSearches((await api(method, path, body)).body);
  } catch (error) {
    showToast(`검색어를 바꾸지 못했어요: ${reasonFor(error)}`);
  }
}

function recordSearch() {
  const query = searchInput.value.trim();
  if (query && searchHistory.recording) changeRecentSearches("POST", "/api/searches", { query });
}

const recentSearchActions = {
  run(target) {
    const search = searchHistory.searches.find((item) => String(item.id) === target.value);
    if (!search) return;
    searchInput.value = search.query;
    searchForm.requestSubmit();
  },
  delete(target) {
    // The focus goes to the next search (or the one before) so a keyboard stays in the list.
    const item = target.closest("li");
    const next = item.nextElementSibling ?? item.previousElementSibling;
    if (recentSearches.contains(document.activeElement)) {
      (next ? $(".recent-search-query", next) : searchInput).focus();
    }
    changeRecentSearches("DELETE", `/api/searches/${encodeURIComponent(target.value)}`);
  },
  clear() {
    if (recentSearches.contains(document.activeElement)) searchInput.focus();
    changeRecentSearches("DELETE", "/api/searches");
  },
  recording: () => changeRecentSearches("PUT", "/api/searches/recording", { on: !searchHistory.recording }),
};

recentSearches.addEventListener("click", (event) => {
  const target = event.target.closest("[data-search-action]");
  if (target) recentSearchActions[target.dataset.searchAction](target);
});
// A tap on the panel keeps the focus where it is, so the panel stays open under the finger.
recentSearches.addEventListener("mousedown", (event) => {
  if (event.target.closest("button")) event.preventDefault();
});
searchForm.addEventListener("submit", recordSearch);
searchInput.addEventListener("input", () => {
  recentSearchesDismissed = false;
  showRecentSearches();
});
searchInput.addEventListener("focus", () => {
  recentSearchesDismissed = false;
  showRecentSearches();
});
searchForm.addEventListener("focusout", (event) => {
  if (event.relatedTarget !== searchInput && !recentSearches.contains(event.relatedTarget)) recentSearches.hidden = true;
});

// Keys: ↓ from the empty box enters the panel; ↑ and ↓ move between its buttons (↑ from the first
// returns to the box); Escape closes it and leaves the focus in the box.
searchForm.addEventListener("keydown", (event) => {
  if (recentSearches.hidden) return;
  const buttons = $$("button", recentSearches);
  const index = buttons.indexOf(document.activeElement);
  if (event.key === "Escape") {
    event.preventDefault();
    searchInput.focus();
    recentSearchesDismissed = true;
    recentSearches.hidden = true;
  } else if (event.key === "ArrowDown" && (document.activeElement === searchInput || index >= 0)) {
    event.preventDefault();
    buttons[Math.min(index + 1, buttons.length - 1)]?.focus();
  } else if (event.key === "ArrowUp" && index >= 0) {
    event.preventDefault();
    (index === 0 ? searchInput : buttons[index - 1]).focus();
  }
});

refreshRecentSearches();
