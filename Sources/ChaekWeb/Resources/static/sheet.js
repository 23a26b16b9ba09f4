// Chaek (책) the detail sheet: a book opened from any list, as a modal sheet over the page on a
// phone and a panel beside the list on a wide screen. It has an entry in the browser's history
// (/books/ID), closes by ✕, Escape, the backdrop, a swipe down or Back, and records the view.

import { api } from "./api.js";
import { $, byId } from "./dom.js";
import { Action, ID } from "./names.js";
import { problem, replyOf } from "./problems.js";
import { refreshRecent } from "./recent.js";
import { marksFor } from "./search.js";
import { bookInAddress, currentTab, showTab, tabAddress, tabFor } from "./tabs.js";
import { showToast } from "./toast.js";

const detail = byId(ID.detail);
const toast = byId(ID.toast);
// The element the sheet was opened from, which has the focus back when it closes.
let opener = null;

// On a wide screen the sheet is a panel beside the list (a dialog that leaves the page usable);
// on a phone, a modal sheet over it. There the tabs are a rail down the side.
const wide = matchMedia("(min-width: 1000px)");

// Opens a book's sheet. `marks`: the search it was opened from (query=&target=), whose matches
// the sheet marks. `push`: record the opening in the browser's history (see below); false when
// the history is where it came from. Answers whether it opened.
export async function openDetail(id, trigger, { marks = "", push = true } = {}) {
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

// Every way of closing (✕, Escape, the backdrop, a swipe, Back) ends here, in the dialog's close.
function closeDetail() {
  if (detail.open) detail.close();
}

// The id of the book the sheet shows, if any.
export function sheetBookID() {
  return $(".detail", detail)?.dataset.bookId;
}

// 검색하기: back to the search box, the sheet closed.
function focusSearch() {
  opener = null;
  closeDetail();
  if (currentTab() !== "search") showTab("search");
  byId(ID.searchInput).focus();
}

// ---- the sheet in the browser's history ----

// Opening a book pushes /books/ID (its state: the tab under it and the search's marks), so the
// browser's Back closes the sheet and Forward opens it again, as on a phone. Closing it any other
// way goes back when the sheet pushed that entry; a sheet from an address typed or linked
// (/books/ID on load) has nothing of ours under it, so its entry becomes the tab's address.
const sheetHistory = { pushed: false, back: Promise.resolve() };

function pushSheet(id, marks) {
  const state = { tab: currentTab(), book: id, marks };
  const address = `/books/${encodeURIComponent(id)}`;
  // Another book opened beside the list takes the place of the one shown.
  if (sheetHistory.pushed && detail.open) history.replaceState(state, "", address);
  else afterSheetBack(() => history.pushState(state, "", address));
  sheetHistory.pushed = true;
}

function popSheet() {
  const tab = currentTab();
  if (sheetHistory.pushed) {
    sheetHistory.pushed = false;
    sheetHistory.back = new Promise((resolve) => addEventListener("popstate", resolve, { once: true }));
    history.back();
  } else if (bookInAddress()) {
    history.replaceState({ tab }, "", tabAddress(tab));
  }
}

// A new entry waits until a Back the sheet started has landed, or it would be the one left.
export function afterSheetBack(change) {
  sheetHistory.back.then(change);
}

// Another tab is shown: a sheet left open beside the list closes, and the new entry is the tab's.
export function leaveSheet() {
  if (!detail.open) return;
  sheetHistory.pushed = false;
  closeDetail();
}

function followHistory(event) {
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
}

// ---- swipe the sheet down to close (touch) ----

// A drag that starts in the sheet's top area (its grabber and heading, which do not scroll the
// sheet) moves the sheet with it; let go further down than SWIPE_CLOSE and the sheet closes, less
// and it snaps back.
const SWIPE_CLOSE = 110;

function dragSheet(event) {
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
}

// ---- wiring ----

export function startSheet() {
  const tablist = $(".tabbar [role=tablist]");
  const orientTabs = () => tablist.setAttribute("aria-orientation", wide.matches ? "vertical" : "horizontal");
  orientTabs();
  wide.addEventListener("change", orientTabs);
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
  addEventListener("popstate", followHistory);
  detail.addEventListener("pointerdown", dragSheet);
}

// An address like /books/ID: the server rendered the sheet open; reopen it as the script shows
// sheets (without a close event, which would leave the address) and record the view. Nothing of
// ours is under this entry: closing the sheet turns the address into the search's (see popSheet).
export function reopenSheetOfAddress() {
  if (!detail.open || !$(".detail", detail)) return;
  const id = $(".detail", detail).dataset.bookId;
  detail.removeAttribute("open");
  history.replaceState({ tab: "search", book: id }, "", location.pathname);
  openDetail(id, byId(ID.searchInput), { push: false });
}

export const actions = {
  [Action.open](target, event) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (target.closest(".saved-row.swiped")) return;
    event.preventDefault();
    openDetail(target.closest("[data-book-id]").dataset.bookId, target, { marks: marksFor(target) });
  },
  [Action.close]: closeDetail,
  [Action.focusSearch]: focusSearch,
};
