// Chaek (책) the journal in the sheet: shelf, rating, readings, review, tags, notes and quotes.
// The server renders it (/fragments/books/ID); every edit is sent with the version this window
// last saw, and the sheet is rendered again from the server, keeping what the reader typed.

import { send } from "./api.js";
import { $, $$, byId, fragment, showEditor, swapKeepingDrafts, today } from "./dom.js";
import { pressHeart } from "./hearts.js";
import { Action, Edit, ID } from "./names.js";
import { problem } from "./problems.js";
import { sheetBookID } from "./sheet.js";

const detail = byId(ID.detail);

// Edits and refreshes of the sheet run one after another, so each edit reads the version the
// previous one left.
let sheetWork = Promise.resolve();
function queueSheet(task) {
  const run = sheetWork.then(task);
  sheetWork = run.catch((error) => console.warn("journal", error));
  return run;
}

function sheetAlert(message) {
  const alert = byId(ID.journalAlert);
  if (alert) alert.textContent = message;
}

// Re-renders the journal from the server, keeping drafts and the focus.
async function renderSheet() {
  const sheet = $(".detail", detail);
  if (!sheet) return;
  const response = await fetch(`/fragments/books/${encodeURIComponent(sheet.dataset.bookId)}`).catch(() => null);
  if (!response?.ok || $(".detail", detail) !== sheet) return;
  const fresh = fragment(await response.text());
  const journal = $(`#${ID.journal}`, fresh);
  if (!journal || !$(`#${ID.journal}`, sheet)) return;
  swapKeepingDrafts($(`#${ID.journal}`, sheet), journal);
  swapPart(sheet, fresh, ".edition-note", (note) => $(`#${ID.journal}`, sheet).before(note));
  swapPart(sheet, fresh, ".editions", (section) => sheet.append(section));
  const isSaved = $(".detail", fresh).dataset.saved;
  sheet.dataset.saved = isSaved;
  const heart = $(".detail-heading .heart", sheet);
  if (heart) pressHeart(heart, isSaved === "true");
}

// A part of the sheet that follows the library beside the journal (the note of the reader's other
// edition of the work, the work's editions): replaced by the fresh one, removed, or put in `place`.
function swapPart(sheet, fresh, selector, place) {
  const old = $(selector, sheet);
  const now = $(selector, fresh);
  if (old && now) old.replaceWith(now);
  else if (old) old.remove();
  else if (now) place(now);
}

// The open sheet follows a change made elsewhere (after the edits under way).
export function refreshSheet() {
  if (sheetBookID()) queueSheet(renderSheet);
}

// The sheet follows the offline queue (the worker's state, which offline.js shows under the sheet):
// a change the server refused when it was sent is said in the sheet too, and "연결되면 보낼게요"
// goes once everything was sent.
const QUEUED_NOTE = "오프라인이에요.";
function followOfflineQueue(event) {
  if (event.data?.type !== "state") return;
  const alert = $(`#${ID.journalAlert}`, detail);
  if (!alert) return;
  if (event.data.refused?.length) {
    alert.textContent = "오프라인에서 한 변경이 그사이 다른 곳에서 바뀌어 적용되지 않았어요. 지금 저장된 내용을 보여 드려요.";
  } else if (event.data.pending?.length === 0 && alert.textContent.startsWith(QUEUED_NOTE)) {
    alert.textContent = "";
  }
}

const CONFLICT = "다른 창에서 먼저 바뀌었어요. 최신 내용을 불러왔어요 — 내 글은 그대로 두었으니 확인 후 다시 저장하세요.";

const fieldsOf = (ids) => ids.map((id) => document.getElementById(id)).filter(Boolean);
function emptyFields(ids) {
  for (const field of fieldsOf(ids)) field.value = field.defaultValue;
}

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
    const version = fieldsOf(fields).find((field) => field.dataset.baseVersion)?.dataset.baseVersion
      ?? (holder && document.getElementById(holder)?.dataset.version);
    let url = path;
    let payload = body;
    if (version && method === "DELETE") url += `?version=${version}`;
    if (version && method === "PATCH") payload = { ...body, version: Number(version) };
    const reply = await send(method, url, payload);
    if (reply.status === 409) {
      await renderSheet();
      // The reader is now shown what changed: saving the draft again is meant to replace it.
      const now = fieldsOf(fields);
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
      emptyFields(fields);
      return null;
    }
    sheetAlert("");
    emptyFields(fields);
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

function paintStars(input) {
  const value = Number(input.value);
  for (const label of $$(".stars-input label", detail)) label.classList.toggle("on", Number(label.control.value) <= value);
  $(".rating-value", detail).textContent = `${input.value}점`;
}

const numberOrNull = (text) => (text.trim() ? Number(text) : null);
const tagsShown = () => $$(".tag-chip", detail).map((chip) => chip.dataset.tag);
const noteOf = (element) => element.closest("[data-note-id]").dataset.noteId;
const sessionOf = (element) => element.closest("[data-session-id]").dataset.sessionId;

// What a choice in a fieldset (`change`) and a form (`submit`) with data-edit sends.
const edits = {
  [Edit.shelf]: (input) => journalEdit("PATCH", journalPath(), { shelf: input.value, day: today() }, input),
  [Edit.rating]: (input) => {
    paintStars(input);
    return journalEdit("PATCH", journalPath(), { rating: Number(input.value) }, input);
  },
  [Edit.review]: (form) => journalEdit("PATCH", journalPath(), { review: form.elements.review.value }, form),
  [Edit.tag]: (form) => journalEdit("PATCH", journalPath(), { tags: [...tagsShown(), form.elements.tag.value.trim()] }, form),
  [Edit.progress]: (form) => journalEdit("POST", journalPath("/progress"), { progress: form.elements.progress.value.trim(), day: today() }, form),
  [Edit.addNote]: (form) => {
    const body = { kind: form.dataset.kind, text: form.elements.text.value, day: today() };
    if (form.elements.page?.value) body.page = Number(form.elements.page.value);
    return journalEdit("POST", journalPath("/notes"), body, form);
  },
  [Edit.note]: (form) => {
    const body = { text: form.elements.text.value };
    if (form.elements.page) body.page = numberOrNull(form.elements.page.value);
    return journalEdit("PATCH", `/api/notes/${noteOf(form)}`, body, form);
  },
  [Edit.session]: (form) => {
    const body = { started: form.elements.started.value || null, finished: form.elements.finished.value || null };
    // ISO days compare as text; the library refuses it too, this says why before asking.
    if (body.started && body.finished && body.finished < body.started) {
      sheetAlert("다 읽은 날은 시작한 날과 같거나 그 뒤여야 해요.");
      return null;
    }
    return journalEdit("PATCH", `/api/sessions/${sessionOf(form)}`, body, form);
  },
};

export function startJournal() {
  navigator.serviceWorker?.addEventListener("message", followOfflineQueue);
  detail.addEventListener("change", (event) => {
    const input = event.target;
    const edit = input.closest("fieldset[data-edit]")?.dataset.edit;
    if (input.type === "radio" && (edit === Edit.shelf || edit === Edit.rating)) edits[edit](input);
    // The edition a reading was of is kept as soon as it is picked, with the reading's days as
    // saved (a day typed and not saved yet stays a draft).
    if (input.name === "edition" && input.form?.dataset.edit === Edit.session) {
      const { started, finished } = input.form.elements;
      const body = { started: started.defaultValue || null, finished: finished.defaultValue || null, edition: input.value };
      journalEdit("PATCH", `/api/sessions/${sessionOf(input)}`, body, input);
    }
  });
  detail.addEventListener("submit", (event) => {
    const form = event.target;
    if (!edits[form.dataset.edit]) return;
    event.preventDefault();
    edits[form.dataset.edit](form);
  });
}

export const actions = {
  [Action.ratingClear]: (target) => journalEdit("PATCH", journalPath(), { rating: null }, target),
  [Action.startReading]: (target) => journalEdit("POST", journalPath("/start"), { day: today() }, target),
  [Action.finishReading]: (target) => journalEdit("POST", journalPath("/finish"), { day: today() }, target),
  [Action.deleteSession]: (target) => journalEdit("DELETE", `/api/sessions/${sessionOf(target)}`, undefined, target),
  [Action.deleteNote]: (target) => journalEdit("DELETE", `/api/notes/${noteOf(target)}`, undefined, target),
  [Action.removeTag]: (target) => {
    const tags = tagsShown().filter((tag) => tag !== target.closest(".tag-chip").dataset.tag);
    journalEdit("PATCH", journalPath(), { tags }, target);
  },
  [Action.editNote]: (target) => {
    const form = byId(target.getAttribute("aria-controls"));
    showEditor(form, form.hidden);
    if (!form.hidden) $("textarea", form).focus();
  },
  [Action.cancelEdit]: (target) => {
    const form = target.closest("form");
    form.reset();
    showEditor(form, false);
    $(`[data-action="${Action.editNote}"]`, form.closest("li")).focus();
  },
};
