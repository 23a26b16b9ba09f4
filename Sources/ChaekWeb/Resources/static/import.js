// Chaek (책) importing: a Goodreads or StoryGraph export, or a backup, goes up as it is; the server
// tells its format from the content, and the page says what came in, in the reader's words.

import { byId, today } from "./dom.js";
import { ID } from "./names.js";
import { refreshSaved } from "./saved.js";

function importSummary(report) {
  if (report.restored) {
    const r = report.restored;
    return `백업을 되살렸어요: 책 ${r.books}권, 메모와 문장 ${r.notes}개, 독서 기록 ${r.readings}개.`;
  }
  const books = report.books;
  const listed = (list) => `${list.slice(0, 3).map((p) => `${p.line}번째 줄(${p.reason})`).join(", ")}${list.length > 3 ? " …" : ""}`;
  const problems = (books.skipped.length ? ` 읽지 못한 줄 ${books.skipped.length}개: ${listed(books.skipped)}.` : "")
    + (books.warnings.length ? ` 빼고 가져온 값 ${books.warnings.length}개: ${listed(books.warnings)}.` : "");
  const journal = report.journal;
  if (!journal) return `목록에 책 ${books.read}권을 더했어요 (새 책 ${books.added}권).${problems}`;
  const news = [
    journal.newly_saved ? `새로 담은 책 ${journal.newly_saved}권` : "",
    journal.updated ? `기록이 더해진 책 ${journal.updated}권` : "",
  ].filter(Boolean);
  let text = news.length
    ? `책 ${journal.rows.length}권을 가져왔어요: ${news.join(", ")}.`
    : `책 ${journal.rows.length}권 모두 이미 가져온 그대로라 바뀐 것이 없어요.`;
  if (journal.kept_reader_changes) text += ` Chaek에서 바꾼 ${journal.kept_reader_changes}권은 그대로 두었어요.`;
  return text + problems;
}

// What went wrong, in the reader's words (the server's own message, in English, is for the log
// and for scripts).
function importFailure(status, errorType) {
  const reason = {
    ImportRunning: "다른 가져오기가 진행 중이에요. 끝난 뒤 다시 해 주세요.",
    ImportInterrupted: "중간에 멈췄어요. 그때까지 가져온 책은 남아 있으니 같은 파일을 다시 가져오면 마저 가져와요.",
    UnreadableFile: "이 파일에서 가져올 책을 찾지 못했어요. Goodreads나 StoryGraph에서 내보낸 CSV, 또는 책 백업(JSON)인지 확인해 주세요.",
  }[errorType] ?? {
    0: "서버에 연결할 수 없어요. 연결되면 다시 해 주세요.",
    409: "백업은 담은 책이 비어 있을 때만 되살릴 수 있어요.",
    413: "파일이 너무 커요. 16 MB까지 가져올 수 있어요.",
  }[status] ?? "잠시 뒤 다시 해 주세요.";
  return `가져오지 못했어요: ${reason}`;
}

async function importFile(event) {
  event.preventDefault();
  const file = byId(ID.importFile).files[0];
  const importStatus = byId(ID.importStatus);
  if (!file) return;
  importStatus.textContent = `${file.name} 가져오는 중…`;
  try {
    const response = await fetch(`/api/import?today=${today()}`, {
      method: "POST", headers: { Accept: "application/json" }, body: file,
    });
    const body = await response.json().catch(() => ({}));
    importStatus.textContent = response.ok
      ? importSummary(body) : importFailure(response.status, body.errorType);
    if (!response.ok) return;
    event.target.reset();
    await refreshSaved();
  } catch {
    importStatus.textContent = importFailure(0);
  }
}

export function startImport() {
  byId(ID.importForm).addEventListener("submit", importFile);
}
