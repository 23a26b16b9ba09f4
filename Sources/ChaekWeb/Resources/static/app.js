// Chaek (책): the page's behaviour. The server renders every piece of HTML (rows, strips, the
// detail sheet); this module fetches those pieces, keeps the tabs, hearts and lists in step, and
// listens to /api/events so every open window follows changes made anywhere.

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
const toast = $("#toast");

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
function showToast(message) {
  toast.textContent = message;
  toast.classList.add("visible");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => toast.classList.remove("visible"), 2500);
}

async function api(method, path) {
  const response = await fetch(path, { method, headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.message || `HTTP ${response.status}`);
  return { status: response.status, body };
}

// ---- tabs ----

// The search tab's address follows the search, so it can be bookmarked and shared.
let searchAddress = location.pathname === "/" ? location.pathname + location.search : "/";

function showTab(name, push = true) {
  document.body.dataset.tab = name;
  $("#search-panel").hidden = name !== "search";
  $("#saved-panel").hidden = name !== "saved";
  $("#tab-search").setAttribute("aria-selected", String(name === "search"));
  $("#tab-saved").setAttribute("aria-selected", String(name === "saved"));
  document.title = name === "search" ? "책 검색 — 책" : "담은 책 — 책";
  if (push) history.pushState({ tab: name }, "", name === "saved" ? "/saved" : searchAddress);
}

$("#tab-search").addEventListener("click", (event) => { event.preventDefault(); showTab("search"); });
$("#tab-saved").addEventListener("click", (event) => { event.preventDefault(); showTab("saved"); });
addEventListener("popstate", () => showTab(location.pathname === "/saved" ? "saved" : "search", false));

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
  if (document.body.dataset.tab === "search") history.replaceState({ tab: "search" }, "", searchAddress);
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
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new Error(body.message || `HTTP ${response.status}`);
    }
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
    const retry = Object.assign(document.createElement("button"), { className: "retry", type: "button", textContent: "다시 시도" });
    retry.addEventListener("click", loadNextPage);
    const message = Object.assign(document.createElement("p"), { textContent: `불러오지 못했습니다: ${error.message}` });
    more.replaceChildren(message, retry);
  }
}

new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadNextPage();
}, { rootMargin: "600px 0px" }).observe(more);

let debounce;
searchInput.addEventListener("input", () => {
  clearTimeout(debounce);
  debounce = setTimeout(startSearch, 300);
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

// ---- saving ----

function setSaved(id, isSaved) {
  for (const heart of $$(`[data-book-id="${CSS.escape(id)}"] .heart`)) heart.setAttribute("aria-pressed", String(isSaved));
  const sheet = $(".detail", detail);
  if (sheet && sheet.dataset.bookId === id) sheet.dataset.saved = String(isSaved);
}

async function saveBook(id) {
  const { status: code, body } = await api("PUT", `/api/library/${encodeURIComponent(id)}`);
  setSaved(id, true);
  refreshSaved();
  return { created: code === 201, title: body.title };
}

async function removeBook(id) {
  await api("DELETE", `/api/library/${encodeURIComponent(id)}`);
  setSaved(id, false);
  refreshSaved();
}

async function toggleHeart(button) {
  const id = button.closest("[data-book-id]").dataset.bookId;
  const wasSaved = button.getAttribute("aria-pressed") === "true";
  button.disabled = true;
  try {
    if (wasSaved) await removeBook(id);
    else await saveBook(id);
  } catch (error) {
    showToast(`저장하지 못했습니다: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

// ---- lists that follow the library ----

let savedRefresh;
async function refreshSaved() {
  savedRefresh?.abort();
  savedRefresh = new AbortController();
  try {
    const response = await fetch(`/fragments/saved?sort=${savedSort.value}`, { signal: savedRefresh.signal });
    if (!response.ok) return;
    saved.replaceChildren(fragment(await response.text()));
    const count = response.headers.get("X-Chaek-Count") ?? String(saved.children.length);
    savedCount.textContent = count;
    savedCount.setAttribute("aria-label", `${count}권`);
    const ids = new Set($$("li[data-book-id]", saved).map((row) => row.dataset.bookId));
    for (const row of $$("li[data-book-id]", results)) {
      $(".heart", row)?.setAttribute("aria-pressed", String(ids.has(row.dataset.bookId)));
    }
  } catch (error) {
    if (error.name !== "AbortError") console.warn("saved list", error);
  }
}

async function refreshRecent() {
  const response = await fetch("/fragments/recent").catch(() => null);
  if (response?.ok) recent.replaceChildren(fragment(await response.text()));
}

savedSort.addEventListener("change", refreshSaved);

// ---- detail sheet ----

let opener = null;

async function openDetail(id, trigger) {
  opener = trigger ?? document.activeElement;
  const response = await fetch(`/fragments/books/${encodeURIComponent(id)}`);
  if (!response.ok) {
    showToast("책 정보를 불러오지 못했습니다.");
    return;
  }
  detail.innerHTML = await response.text();
  // While the sheet is open the rest of the page is inert and drawn under it: the toast moves in.
  detail.append(toast);
  if (!detail.open) detail.showModal();
  $(".close", detail)?.focus();
  api("POST", `/api/recent/${encodeURIComponent(id)}`).then(refreshRecent).catch(() => {});
}

function closeDetail() {
  if (detail.open) detail.close();
}

detail.addEventListener("close", () => {
  document.body.append(toast);
  detail.replaceChildren();
  if (location.pathname.startsWith("/books/")) history.replaceState({ tab: "search" }, "", "/");
  opener?.focus?.();
  opener = null;
});

// A click on the backdrop (outside the sheet's box) closes it.
detail.addEventListener("click", (event) => {
  if (event.target === detail) closeDetail();
});

async function fabAction(action) {
  const sheet = $(".detail", detail);
  const menu = $(".fab-menu", detail);
  const button = $(".fab-button", detail);
  if (action === "fab") {
    const open = menu.hidden;
    menu.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) $("button", menu).focus();
    return;
  }
  menu.hidden = true;
  button.setAttribute("aria-expanded", "false");
  if (action === "save") {
    try {
      const { created } = await saveBook(sheet.dataset.bookId);
      showToast(created ? `‘${sheet.dataset.title}’ 저장되었습니다` : `‘${sheet.dataset.title}’ 이미 담은 책입니다`);
    } catch (error) {
      showToast(`저장하지 못했습니다: ${error.message}`);
    }
  } else if (action === "focus-search") {
    opener = null;
    closeDetail();
    showTab("search");
    searchInput.focus();
  }
}

// The menu closes with Escape before the sheet does.
detail.addEventListener("keydown", (event) => {
  const menu = $(".fab-menu", detail);
  if (event.key === "Escape" && menu && !menu.hidden) {
    event.preventDefault();
    menu.hidden = true;
    $(".fab-button", detail).setAttribute("aria-expanded", "false");
    $(".fab-button", detail).focus();
  }
});

// ---- one click handler for every action ----

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (!target) return;
  const action = target.dataset.action;
  const row = target.closest("[data-book-id]");
  if (action === "open") {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (target.closest(".saved-row.swiped")) return;
    event.preventDefault();
    openDetail(row.dataset.bookId, target);
  } else if (action === "toggle-save") {
    toggleHeart(target);
  } else if (action === "remove") {
    removeBook(row.dataset.bookId).catch((error) => showToast(`삭제하지 못했습니다: ${error.message}`));
  } else if (action === "close") {
    closeDetail();
  } else {
    fabAction(action);
  }
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
      removeBook(row.dataset.bookId).catch((error) => {
        swipe.style.transform = "";
        row.classList.remove("swiped");
        showToast(`삭제하지 못했습니다: ${error.message}`);
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

$("#clear-all").addEventListener("click", () => confirmClear.showModal());
confirmClear.addEventListener("close", async () => {
  if (confirmClear.returnValue !== "delete") return;
  try {
    await api("DELETE", "/api/library");
    for (const heart of $$(".heart[aria-pressed='true']")) heart.setAttribute("aria-pressed", "false");
    await refreshSaved();
    showToast("담은 책을 모두 삭제했습니다");
  } catch (error) {
    showToast(`삭제하지 못했습니다: ${error.message}`);
  }
});

// ---- live updates from every window and the command line ----

function listen() {
  const events = new EventSource("/api/events");
  const onLibrary = (event) => {
    const id = JSON.parse(event.data || "{}").id;
    if (event.type === "saved" && id) setSaved(id, true);
    if (event.type === "removed" && id) setSaved(id, false);
    if (event.type === "cleared") for (const heart of $$(".heart[aria-pressed='true']")) heart.setAttribute("aria-pressed", "false");
    refreshSaved();
  };
  for (const name of ["saved", "removed", "cleared"]) events.addEventListener(name, onLibrary);
  events.addEventListener("viewed", refreshRecent);
  // After a reconnect, catch up with whatever changed while the stream was down.
  events.addEventListener("ready", () => { refreshSaved(); refreshRecent(); });
}
listen();

// ---- an address like /books/ID opens its book ----

// The server rendered the sheet open; reopen it as a modal (without a close event, which would
// leave the address) and record the view. The address goes back to the search when it closes.
if (detail.open && $(".detail", detail)) {
  const id = $(".detail", detail).dataset.bookId;
  detail.removeAttribute("open");
  openDetail(id, searchInput);
}
