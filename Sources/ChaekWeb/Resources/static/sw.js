// Chaek (책) service worker. The app shell (pages, script, styles, icons) is kept in a cache named
// for this release: the server fills in VERSION (a hash of its static files) and SHELL when it
// serves /sw.js, so a new release installs a new shell and `activate` deletes the old caches.
// Static files come from that cache; pages, fragments and API reads go to the network first and
// fall back to the last good answer kept here when the server cannot be reached. Every write made
// then (saves, removals and 전체 삭제, and every journal write: shelf, rating, review, tags,
// progress, readings, notes and quotes, goals) is queued in IndexedDB with the time it was made
// and replayed in order once the server answers again, with X-Chaek-Changed-At, so the server can
// refuse one overtaken by a later change made elsewhere (409: a save or removal by its time, a
// journal edit by the version it was made on). What the server refuses is kept and shown to the
// reader (offline.js), never dropped silently.

const VERSION = "__CHAEK_VERSION__";
const SHELL = [/* __CHAEK_SHELL__ */];
const CACHE = `chaek-${VERSION}`;

// The writes queued while the server cannot be reached: the library, its journal, goals.
const QUEUED = /^\/api\/(library(\/(?!order$)[^/]+)?|journal\/[^/]+(\/(progress|start|finish|notes))?|notes\/\d+|sessions\/\d+|goals\/\d+)$/;

// Answers not worth keeping: streams, downloads, uploads and searches (each query is different).
const NOT_KEPT = /^\/(api\/(events|export|import|scan)|fragments\/(results|notes)|v3\/)/;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("chaek-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname === "/sw.js") return;
  if (QUEUED.test(url.pathname) && request.method !== "GET") {
    event.respondWith(queuedWrite(request, url));
  } else if (request.method !== "GET" || url.pathname === "/api/events") {
    return;
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, url));
  }
});

self.addEventListener("message", (event) => {
  // A page whose event stream opened knows the server answers again.
  if (event.data?.type === "sync" && event.data.reachable) serverReachable = true;
  if (event.data?.type === "sync") event.waitUntil(replay());
  if (event.data?.type === "hello") event.waitUntil(tell(event.source));
  if (event.data?.type === "seen") {
    refused.length = 0;
    event.waitUntil(tellAll());
  }
});

// ---- reading ----

async function cacheFirst(request) {
  const kept = await caches.match(request, { cacheName: CACHE, ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request, url) {
  try {
    const response = await fetch(request);
    reachable(true);
    if (response.ok && !NOT_KEPT.test(url.pathname)) await (await caches.open(CACHE)).put(request, response.clone());
    // Changes still queued show on the hearts whether the list came from the server or was kept:
    // a reconnected page reloads it before the queue is sent.
    if (response.ok && url.pathname === "/api/library/ids") return withPending(response);
    return response;
  } catch (error) {
    if (error.name === "AbortError") throw error;
    reachable(false);
    const cache = await caches.open(CACHE);
    const kept = (await cache.match(request, { ignoreVary: true }))
      ?? (await cache.match(request, { ignoreVary: true, ignoreSearch: true }))
      ?? (request.mode === "navigate" ? await cache.match("/") : undefined);
    if (kept && url.pathname === "/api/library/ids") return withPending(kept);
    return kept ?? Response.json({ errorType: "Offline", message: "the server cannot be reached" }, { status: 503 });
  }
}

// A list of saved books' ids (the server's or the one kept) with the queued changes applied, so
// hearts show them.
async function withPending(kept) {
  const ids = new Set((await kept.json()).ids);
  for (const change of await pending()) {
    if (change.kind === "journal") continue;
    if (!change.id) ids.clear();
    else if (change.method === "PUT") ids.add(change.id);
    else ids.delete(change.id);
  }
  return Response.json({ ids: [...ids].sort() });
}

// ---- writes ----

// The book a write is about, for the marks on its rows: a save or removal names it; a journal
// write names it in its path (a note's or reading's edit, by number, does not).
function bookOf(url) {
  const [, , kind, id] = url.pathname.split("/");
  return ["library", "journal"].includes(kind) && id ? decodeURIComponent(id) : "";
}

async function queuedWrite(request, url) {
  const change = {
    method: request.method,
    url: request.url,
    id: bookOf(url),
    kind: url.pathname.startsWith("/api/library") ? "library" : "journal",
    body: await request.clone().text(),
    type: request.headers.get("Content-Type"),
    at: Date.now(),
  };
  await replay();
  if ((await pending()).length === 0) {
    try {
      const response = await fetch(request);
      reachable(true);
      return response;
    } catch (error) {
      if (error.name === "AbortError") throw error;
      reachable(false);
    }
  }
  await changes("readwrite", (store) => store.add(change));
  await tellAll();
  return Response.json({ id: change.id, title: "", status: "queued" }, { status: 202 });
}

// What the server refused of the replayed changes (a stale edit, a book removed meanwhile), kept
// until the reader has seen it.
const refused = [];

// Sends the queued changes in order; stops, keeping the rest, when the server cannot be reached
// or fails. A change the server refuses (409: overtaken by a later change; 404: already removed;
// 400) is done with, and told to the pages with the server's reason; a save or removal already
// overtaken (409 Conflict, 404) is what the reader wanted anyway only when it is a library change.
// A save of another edition of a work saved meanwhile (409 OtherEditionSaved) is told.
let replaying = null;
function replay() {
  replaying ??= (async () => {
    try {
      for (const change of await pending()) {
        const headers = { Accept: "application/json", "X-Chaek-Changed-At": String(change.at) };
        if (change.type) headers["Content-Type"] = change.type;
        let response;
        try {
          response = await fetch(change.url, { method: change.method, headers, body: change.body || undefined });
        } catch {
          reachable(false);
          return;
        }
        reachable(true);
        if (response.status >= 500) return;
        if (response.status >= 400) {
          const body = await response.json().catch(() => ({}));
          const errorType = body.errorType ?? "";
          const overtaken = change.kind === "library" && ["Conflict", "NotFound"].includes(errorType);
          if (!overtaken) refused.push({ method: change.method, id: change.id, status: response.status, errorType });
        }
        await changes("readwrite", (store) => store.delete(change.seq));
      }
    } finally {
      replaying = null;
      await tellAll();
    }
  })();
  return replaying;
}

// ---- the queue (IndexedDB, kept across releases) ----

function openQueue() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("chaek-offline", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("changes", { keyPath: "seq", autoIncrement: true });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function changes(mode, act) {
  const database = await openQueue();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = database.transaction("changes", mode);
      const request = act(transaction.objectStore("changes"));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

const pending = () => changes("readonly", (store) => store.getAll());

// ---- telling the pages ----

let serverReachable = true;
function reachable(state) {
  if (state === serverReachable) return;
  serverReachable = state;
  tellAll();
  if (state) replay();
}

async function tell(client) {
  const queued = (await pending()).map(({ method, id, kind, at }) => ({ method, id, kind: kind ?? "library", at }));
  client.postMessage({ type: "state", reachable: serverReachable, pending: queued, refused });
}

async function tellAll() {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) await tell(client);
}
