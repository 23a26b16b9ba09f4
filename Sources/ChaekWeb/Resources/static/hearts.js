// Chaek (책): the hearts (♥) of every book shown, kept in step with 담은 책.

import { $, $$, byId } from "./dom.js";
import { ID } from "./names.js";

// A heart's state, and the sheet's label beside it.
export function pressHeart(heart, isSaved) {
  heart.setAttribute("aria-pressed", String(isSaved));
  const label = $(".heart-label", heart);
  if (label) label.textContent = isSaved ? "담은 책" : "책 담기";
}

// Every heart of the book `id`, and the open sheet's state when it shows that book.
export function setSaved(id, isSaved) {
  for (const heart of $$(`[data-book-id="${CSS.escape(id)}"] .heart`)) pressHeart(heart, isSaved);
  const sheet = $(".detail", byId(ID.detail));
  if (sheet && sheet.dataset.bookId === id) sheet.dataset.saved = String(isSaved);
}

// 담은 책 was emptied: no heart is pressed.
export function unpressAll() {
  for (const heart of $$(".heart[aria-pressed='true']")) pressHeart(heart, false);
}
