// Chaek (책) tabs: 검색, 담은 책 and 기록, each with the address it shows, so a tab can be
// bookmarked and the browser's Back goes between them.

import { byId } from "./dom.js";
import { ID } from "./names.js";

const tabs = {
  search: { title: "책 검색", tab: ID.tabSearch, panel: ID.searchPanel },
  saved: { title: "담은 책", tab: ID.tabSaved, panel: ID.savedPanel },
  stats: { title: "기록", tab: ID.tabStats, panel: ID.statsPanel },
};

// What the other modules tell the tabs (see startTabs).
const hooks = { address: {}, shown: {}, leave: () => {}, afterBack: (change) => change() };

// Wires the tab bar. `address[name]()`: the address the tab shows; `shown[name]()`: called when
// the tab is shown; `leave()`: called before a new entry is pushed for another tab (the sheet
// closes); `afterBack(change)`: runs `change` (which pushes the entry) once a Back under way has
// landed.
export function startTabs({ address, shown, leave, afterBack }) {
  Object.assign(hooks, { address, shown, leave, afterBack });
  for (const name of Object.keys(tabs)) {
    byId(tabs[name].tab).addEventListener("click", (event) => {
      event.preventDefault();
      showTab(name);
    });
  }
}

export function currentTab() {
  return document.body.dataset.tab;
}

export function tabAddress(name) {
  return hooks.address[name]?.() ?? "/";
}

export function showTab(name, push = true) {
  if (push) hooks.leave();
  document.body.dataset.tab = name;
  for (const [tab, { tab: tabID, panel }] of Object.entries(tabs)) {
    byId(panel).hidden = tab !== name;
    byId(tabID).setAttribute("aria-selected", String(tab === name));
  }
  document.title = `${tabs[name].title} — 책`;
  if (push) hooks.afterBack(() => history.pushState({ tab: name }, "", tabAddress(name)));
  hooks.shown[name]?.();
}

export function tabFor(path) {
  return path === "/saved" ? "saved" : path === "/stats" ? "stats" : "search";
}

// The book of an address like /books/ID, or null.
export function bookInAddress() {
  const match = location.pathname.match(/^\/books\/([^/]+)$/);
  return match ? decodeURIComponent(match[1]) : null;
}
