// Chaek (책) 책 직접 추가: the form of a book no provider has, and of a later edit of one. The
// page checks what it can before sending (a title, the ISBN's check digit, the pages), reduces a
// cover photo (taken or picked) to at most 800 pixels a side as a JPEG, and sends the book
// (POST /api/books, or PUT /api/books/ID) and then the photo (POST /api/covers?book=ID). A book
// with a known ISBN is not added again: its sheet opens instead.

import { api, send } from "./api.js";
import { $, byId } from "./dom.js";
import { Action, ID } from "./names.js";
import { problem } from "./problems.js";
import { openDetail, sheetBookID } from "./sheet.js";
import { showToast } from "./toast.js";

const dialog = byId(ID.addBook);
const form = byId(ID.addBookForm);
const alertLine = byId(ID.addBookAlert);
const coverInput = byId(ID.addBookCover);
const preview = byId(ID.addBookPreview);

// The most pixels on the reduced photo's longer side, and its JPEG quality.
const coverSide = 800;
const coverQuality = 0.85;

// The book being edited (its id), or null when adding; the reduced photo (a promise of it while
// it is being reduced), or null; the preview's object URL.
let editing = null;
let cover = null;
let previewURL = null;

function showPreview(source) {
  if (previewURL) URL.revokeObjectURL(previewURL);
  previewURL = source instanceof Blob ? URL.createObjectURL(source) : null;
  preview.src = previewURL ?? source ?? "";
  preview.hidden = !source;
}

function say(message) {
  alertLine.textContent = message;
  if (message) alertLine.scrollIntoView({ block: "nearest" });
}

// Opens the form, empty or with `book`'s fields (an edit).
function openForm(book = null) {
  form.reset();
  editing = book ? book.id : null;
  cover = null;
  showPreview(null);
  say("");
  $("#add-book-heading", dialog).textContent = book ? "책 정보 고치기" : "책 직접 추가";
  $("button[value=save]", form).textContent = book ? "저장하기" : "추가하기";
  if (book) {
    form.elements.title.value = book.book.title;
    form.elements.authors.value = book.book.authors.join(", ");
    form.elements.publisher.value = book.book.publisher;
    form.elements.isbn.value = book.book.isbn.split(" ").pop() ?? "";
    form.elements.pages.value = book.book.pages ?? "";
    form.elements.contents.value = book.book.contents;
    if (book.book.thumbnail) showPreview(book.book.thumbnail);
  } else {
    // What the reader searched for is likely the title.
    form.elements.title.value = byId(ID.searchInput).value.trim();
  }
  dialog.showModal();
  form.elements.title.focus();
}

// `true` for an ISBN-10 or ISBN-13 whose check digit is right (hyphens and spaces ignored).
function isbnChecks(text) {
  const digits = text.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce((total, c, i) => total + (c === "X" ? 10 : Number(c)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (/^97[89]\d{10}$/.test(digits)) {
    const sum = [...digits].reduce((total, c, i) => total + Number(c) * (i % 2 ? 3 : 1), 0);
    return sum % 10 === 0;
  }
  return false;
}

// The form's book, or a sentence saying what to fix.
function draft() {
  const fields = form.elements;
  const title = fields.title.value.trim();
  if (!title) return { problem: "제목을 적어 주세요.", field: fields.title };
  const isbn = fields.isbn.value.trim();
  if (isbn && !isbnChecks(isbn)) return { problem: "ISBN이 맞지 않아요. 책 뒤표지의 숫자를 다시 확인해 주세요.", field: fields.isbn };
  const pagesText = fields.pages.value.trim();
  const pages = pagesText ? Number(pagesText) : null;
  if (pagesText && !(Number.isInteger(pages) && pages >= 1 && pages <= Number(fields.pages.max))) {
    return { problem: `쪽수는 1에서 ${Number(fields.pages.max).toLocaleString("ko-KR")} 사이로 적어 주세요.`, field: fields.pages };
  }
  const authors = fields.authors.value.split(",").map((name) => name.trim()).filter(Boolean);
  return {
    book: { title, authors, publisher: fields.publisher.value.trim(), isbn, pages, contents: fields.contents.value.trim() },
  };
}

// The picked photo, reduced on the page: a JPEG of at most `coverSide` pixels a side.
async function reduce(file) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, coverSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", coverQuality));
}

function pickCover() {
  const file = coverInput.files[0];
  say("");
  cover = file ? reduce(file).catch(() => null) : null;
  cover?.then((blob) => {
    if (blob) {
      showPreview(blob);
      return;
    }
    coverInput.value = "";
    showPreview(null);
    say("이 파일은 사진으로 읽을 수 없어요. 다른 사진을 골라 주세요.");
  });
}

async function submit(event) {
  event.preventDefault();
  const { book, problem: sentence, field } = draft();
  if (sentence) {
    say(sentence);
    field.focus();
    return;
  }
  // What this submission sends, whatever the form shows by the time its requests end.
  const edited = editing;
  const button = $("button[value=save]", form);
  button.disabled = true;
  try {
    const photo = await cover;
    const path = edited ? `/api/books/${encodeURIComponent(edited)}` : "/api/books";
    const reply = await api(edited ? "PUT" : "POST", path, book);
    let entry = reply.body.entry;
    if (reply.body.result === "known") {
      dialog.close();
      showToast(`이미 있는 책이에요: ${entry.book.title}`);
      openDetail(entry.id, null);
      return;
    }
    let message = edited ? "책 정보를 고쳤어요." : "직접 추가한 책을 담았어요.";
    if (photo) {
      const sent = await fetch(`/api/covers?book=${encodeURIComponent(entry.id)}`, {
        method: "POST", headers: { "Content-Type": "image/jpeg", Accept: "application/json" }, body: photo,
      }).catch(() => null);
      if (sent?.ok) entry = (await sent.json()).entry;
      else message = `${edited ? "책 정보는 고쳤지만" : "책은 담았지만"} 표지 사진은 올리지 못했어요. ‘고치기’에서 다시 올려 주세요.`;
    }
    if (editing === edited) dialog.close();
    showToast(message);
    openDetail(entry.id, null, { push: !edited || sheetBookID() !== entry.id });
  } catch (error) {
    say(problem(error.reply ?? error));
  } finally {
    button.disabled = false;
  }
}

export function startAddBook() {
  form.addEventListener("submit", submit);
  $("button[value=cancel]", form).addEventListener("click", () => dialog.close());
  coverInput.addEventListener("change", pickCover);
}

export const actions = {
  [Action.addBook]: () => openForm(),
  async [Action.editBook]() {
    const id = sheetBookID();
    const reply = id && await send("GET", `/api/books/${encodeURIComponent(id)}`);
    if (!reply?.ok) {
      showToast(`책 정보를 불러오지 못했어요. ${problem(reply)}`);
      return;
    }
    openForm(reply.body);
  },
};
