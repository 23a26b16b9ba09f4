// Chaek (책) 최근 본 책, the strip of books viewed lately, and 다음에 읽을 책, the books suggested
// from the journal: both rendered by the server.

import { byId, fragment } from "./dom.js";
import { ID } from "./names.js";

export async function refreshRecent() {
  const response = await fetch("/fragments/recent").catch(() => null);
  if (response?.ok) byId(ID.recent).replaceChildren(fragment(await response.text()));
}

export async function refreshReadNext() {
  const response = await fetch("/fragments/read-next").catch(() => null);
  if (response?.ok) byId(ID.readNext).replaceChildren(fragment(await response.text()));
}
