// Chaek (책) offline: registers the service worker (/sw.js), says when the page shows the last
// synced lists because the server cannot be reached, how many changes wait to be sent and which
// the server refused when they were (until the reader dismisses it), and marks the books whose
// save or removal waits to be sent. The page is offline while the browser says so, a request failed (the worker
// tells), or the event stream is down; it is back when the stream opens again. The notice is made
// here, not by the server: it is shown precisely when the server cannot be reached.

import { ID } from "./names.js";

const notice = document.createElement("p");
notice.id = "offline-notice";
notice.className = "offline-notice";
notice.setAttribute("role", "status");
notice.hidden = true;

const state = { fetchFailed: false, streamDown: false, pending: [], refused: [] };
let wasOffline = false;
let refreshLists = () => {};

// Starts: `refresh` reloads 담은 책 and 최근 본 책 (from the last sync while offline), and the
// hearts with them.
export function startOffline({ refresh } = {}) {
  if (refresh) refreshLists = refresh;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/static/offline.css" });
  document.head.append(link);
  $main().prepend(notice);
  addEventListener("online", () => { sync(); show(); });
  addEventListener("offline", show);
  new MutationObserver(markPending).observe($main(), { childList: true, subtree: true });
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "state") return;
    const refusedBefore = state.refused.length;
    state.fetchFailed = !event.data.reachable;
    state.pending = event.data.pending;
    state.refused = event.data.refused ?? [];
    markPending();
    show();
    // A change the server refused changed nothing there, so no event will come: the lists and
    // hearts, which showed it queued, show the server's again. (A change it took comes back as
    // an event, which refreshes them.)
    if (state.refused.length > refusedBefore) refreshLists();
  });
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => console.warn("service worker", error));
  navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "hello" }));
}

// Follows the page's event stream: down after a failed reconnect, up (and replaying the queue)
// when it opens.
export function watchEventStream(events) {
  let grace;
  events.addEventListener("error", () => {
    clearTimeout(grace);
    grace = setTimeout(() => {
      state.streamDown = events.readyState !== EventSource.OPEN;
      show();
    }, 1000);
  });
  events.addEventListener("open", () => {
    clearTimeout(grace);
    Object.assign(state, { streamDown: false, fetchFailed: false });
    sync(true);
    show();
  });
}

function $main() {
  return document.getElementById(ID.main) ?? document.body;
}

// Asks the worker to send the queued changes (`reachable`: the page knows the server answers).
function sync(reachable = false) {
  navigator.serviceWorker?.controller?.postMessage({ type: "sync", reachable });
}

function show() {
  const offline = !navigator.onLine || state.fetchFailed || state.streamDown;
  const lines = [];
  if (offline) lines.push("오프라인 — 마지막으로 동기화한 내용을 보여 주고 있어요");
  if (state.pending.length > 0) lines.push(`보내지 못한 변경 ${state.pending.length}건 — 연결되면 보낼게요`);
  if (state.refused.length > 0) {
    const otherEdition = state.refused.some((change) => change.errorType === "OtherEditionSaved");
    lines.push(`오프라인에서 한 변경 ${state.refused.length}건은 적용하지 못했어요: ${otherEdition
      ? "이미 다른 판본을 담은 책이거나, 그사이 다른 곳에서 바뀐 기록이에요"
      : "그사이 다른 곳에서 바뀌었거나 지워진 기록이에요"}`);
  }
  const text = lines.join("\n");
  if (notice.dataset.text !== text) {
    notice.dataset.text = text;
    notice.replaceChildren(...lines.map((line, index) =>
      Object.assign(document.createElement("span"), { textContent: line, className: index > 0 || !offline ? "offline-pending" : "" })));
    if (state.refused.length > 0) {
      const seen = Object.assign(document.createElement("button"), { type: "button", textContent: "확인", className: "offline-seen" });
      seen.addEventListener("click", () => navigator.serviceWorker?.controller?.postMessage({ type: "seen" }));
      notice.append(seen);
    }
  }
  notice.hidden = lines.length === 0;
  if (offline && !wasOffline) refreshLists();
  wasOffline = offline;
}

// The last queued change of each book decides its mark.
function markPending() {
  const last = new Map(state.pending.filter((change) => change.kind !== "journal" && change.id)
    .map((change) => [change.id, change.method === "PUT" ? "save" : "remove"]));
  for (const row of document.querySelectorAll("li[data-book-id]")) {
    const mark = last.get(row.dataset.bookId);
    if (mark && row.dataset.offlinePending !== mark) row.dataset.offlinePending = mark;
    if (!mark && row.dataset.offlinePending) delete row.dataset.offlinePending;
  }
}
