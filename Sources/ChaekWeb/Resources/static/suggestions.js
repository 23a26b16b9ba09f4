// Chaek (책) autocomplete: the search box as an ARIA 1.2 combobox.
//
// While the box has text, /api/suggest's titles and people (the reader's own books first, ♥) are
// offered under it; an empty box belongs to the recent-searches panel. Typing asks again after a
// short pause, dropping a stale request; `input` comes during IME composition too, so a half-typed
// syllable (해리ㅍ) gets suggestions. ↑/↓ move, Enter picks (a title opens its book, a person
// searches people, anything else searches its text), Escape closes; a tap or click picks. The
// options are the one piece of the search tab drawn here, from /api/suggest's JSON (see app.js).

import { byId } from "./dom.js";
import { ID } from "./names.js";
import { searchFor } from "./search.js";
import { openDetail } from "./sheet.js";

const searchInput = byId(ID.searchInput);
const suggestions = byId(ID.suggestions);
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
  searchFor(item.text, { byPerson: item.kind === "person" });
}

export function startSuggestions() {
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
  byId(ID.searchForm).addEventListener("submit", closeSuggestions);
}
