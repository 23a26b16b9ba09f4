// Chaek (책) 같은 작품으로 합치기: the reader finds a book of another work that the open book is one
// with (a translation, the same novel under another title) and merges the two works
// (POST /api/works/merge); a toast offers 되돌리기, and each edition merged has 나누기 in the sheet's
// editions (DELETE /api/works/merge/ID). The events that follow refresh the sheet and the lists.

import { api } from "./api.js";
import { $, byId } from "./dom.js";
import { Action, ID } from "./names.js";
import { problem, replyOf, reasonFor } from "./problems.js";
import { sheetBookID } from "./sheet.js";
import { showToast } from "./toast.js";

const dialog = byId(ID.mergeDialog);
const query = byId(ID.mergeQuery);
const results = byId(ID.mergeResults);
const PAUSE = 250;
let pause;
let generation = 0;

function say(message) {
  results.replaceChildren(Object.assign(document.createElement("li"), { className: "empty", textContent: message }));
}

async function findCandidates() {
  const text = query.value.trim();
  const mine = ++generation;
  if (!text) return results.replaceChildren();
  const address = `/fragments/merge?book=${encodeURIComponent(sheetBookID())}&query=${encodeURIComponent(text)}`;
  const response = await fetch(address).catch(() => null);
  if (mine !== generation) return;
  if (!response?.ok) return say(`찾지 못했어요. ${problem(response && await replyOf(response))}`);
  results.innerHTML = await response.text();
}

function openMerge() {
  query.value = "";
  results.replaceChildren();
  dialog.showModal();
  query.focus();
}

async function mergeInto(button) {
  const into = button.closest("[data-book-id]").dataset.bookId;
  button.disabled = true;
  try {
    const { body } = await api("POST", "/api/works/merge", { book: sheetBookID(), into });
    dialog.close();
    showToast("같은 작품으로 합쳤어요", { label: "되돌리기", run: () => split(body.merge, "되돌렸어요") });
  } catch (error) {
    button.disabled = false;
    showToast(`합치지 못했어요: ${reasonFor(error)}`);
  }
}

async function split(merge, done) {
  try {
    await api("DELETE", `/api/works/merge/${encodeURIComponent(merge)}`);
    showToast(done);
  } catch (error) {
    showToast(`나누지 못했어요: ${reasonFor(error)}`);
  }
}

export function startMerge() {
  query.addEventListener("input", () => {
    clearTimeout(pause);
    pause = setTimeout(findCandidates, PAUSE);
  });
  byId(ID.mergeForm).addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(pause);
    findCandidates();
  });
  $("button[value=cancel]", dialog).addEventListener("click", () => dialog.close());
}

export const actions = {
  [Action.openMerge]: openMerge,
  [Action.mergeInto]: mergeInto,
  [Action.splitWork]: (button) => split(button.dataset.merge, "작품을 나눴어요"),
};
