// Chaek (책) saving and removing: the hearts, a swipe left on a row of 담은 책 (touch), and 전체
// 삭제. A book with notes, quotes or readings asks first; every removal can be undone for a while.

import { api, send } from "./api.js";
import { $, $$, byId } from "./dom.js";
import { setSaved, unpressAll } from "./hearts.js";
import { Action, ID } from "./names.js";
import { reasonFor } from "./problems.js";
import { refreshSaved } from "./saved.js";
import { offerUndo, showToast } from "./toast.js";

const saved = byId(ID.saved);
const confirmRemove = byId(ID.confirmRemove);
const confirmClear = byId(ID.confirmClear);

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
  offerUndo("담은 책에서 삭제했어요", reply, refreshSaved);
  return true;
}

// After a row of 담은 책 went, the focus goes to the heart of the row now in its place (or the one
// before it), or to the heading when the list is empty: never to the page's body.
function focusSavedRow(index) {
  const hearts = $$(`#${ID.saved} .heart`);
  (hearts[Math.min(index, hearts.length - 1)] ?? byId(ID.savedHeading)).focus();
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
  byId(ID.confirmRemoveTitle).textContent = `‘${entry.book?.title ?? ""}’ — 담은 책에서 삭제할까요?`;
  byId(ID.confirmRemoveDetail).textContent = `${counts}도 함께 지워져요.`;
  confirmRemove.returnValue = "";
  confirmRemove.showModal();
  return new Promise((resolve) => {
    confirmRemove.addEventListener("close", () => resolve(confirmRemove.returnValue === "delete"), { once: true });
  });
}

async function toggleHeart(button) {
  const id = button.closest("[data-book-id]").dataset.bookId;
  const wasSaved = button.getAttribute("aria-pressed") === "true";
  const savedIndex = $$(`#${ID.saved} .heart`).indexOf(button);
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

// Makes the open edition the one kept of its work in place of the saved one, whose shelf, rating,
// notes and readings move to it; the event that follows refreshes the sheet and the lists.
async function switchEdition(button) {
  const id = button.closest("[data-book-id]").dataset.bookId;
  button.disabled = true;
  try {
    const { body } = await api("PUT", `/api/library/${encodeURIComponent(id)}/edition`);
    setSaved(body.replaced, false);
    setSaved(id, true);
    refreshSaved();
    showToast("이 판본으로 바꿨어요");
  } catch (error) {
    showToast(`바꾸지 못했어요: ${reasonFor(error)}`);
    button.disabled = false;
  }
}

// ---- swipe left to delete (touch) ----

function swipeRow(event) {
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
      const index = $$(`#${ID.saved} > li`).indexOf(row);
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
}

// ---- delete all ----

// The confirmation says what goes: the books and every note, quote and reading with them.
async function askToClear() {
  const { ok, body: size } = await send("GET", "/api/library/size").catch(() => ({ ok: false }));
  const journal = ok
    ? [[size.notes, "메모"], [size.quotes, "문장"], [size.readings, "독서 기록"]].filter(([count]) => count > 0)
      .map(([count, name]) => `${name} ${count}개`)
    : [];
  const books = ok ? `담은 책 ${size.books}권` : "담은 책";
  byId(ID.confirmClearDetail).textContent =
    `${journal.length ? `${books}과 ${journal.join(", ")}가` : `${books}이`} 지워져요. 10분 안에는 되돌릴 수 있어요.`;
  confirmClear.returnValue = "";
  confirmClear.showModal();
}

async function clearAll() {
  if (confirmClear.returnValue !== "delete") return;
  try {
    const reply = await api("DELETE", "/api/library");
    unpressAll();
    await refreshSaved();
    offerUndo(`담은 책 ${reply.body.removed}권을 모두 삭제했어요`, reply, refreshSaved);
  } catch (error) {
    showToast(`삭제하지 못했어요: ${reasonFor(error)}`);
  }
}

export function startSaving() {
  saved.addEventListener("pointerdown", swipeRow);
  byId(ID.clearAll).addEventListener("click", askToClear);
  confirmClear.addEventListener("close", clearAll);
}

export const actions = {
  [Action.toggleSave]: toggleHeart,
  [Action.switchEdition]: switchEdition,
};
