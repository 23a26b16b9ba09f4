import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

/// The Chaek web app: the Kakao-compatible search API, the library API, the event stream, and the
/// mobile-first pages, as one responder for an `HTTPServer`.
///
/// Routes:
/// - `GET /v3/search/book` — Kakao's book search: same parameters, JSON and error bodies;
/// - `GET /api/suggest?q=&limit=` — 자동완성: saved books' titles and people, then the catalog's;
/// - `GET /api/library`, `PUT /api/library/{id}`, `PUT /api/library/{id}/edition`,
///   `DELETE /api/library/{id}`, `DELETE /api/library`,
///   `POST /api/library/undo/{removal}`, `GET /api/library/size`;
/// - works merged by the reader: `POST /api/works/merge`, `DELETE /api/works/merge/{merge}`;
/// - `GET /api/recent`, `POST /api/recent/{id}`, `GET /api/books/{id}`, `GET /api/events` (SSE);
/// - 최근 검색어: `GET`/`POST`/`DELETE /api/searches`, `DELETE /api/searches/{searchID}`, `PUT
///   /api/searches/recording`;
/// - the journal: `GET`/`PATCH /api/journal/{id}`, `POST /api/journal/{id}/notes|progress|start|
///   finish`, `GET /api/notes`, `PATCH`/`DELETE /api/notes/{noteID}`, `PATCH`/`DELETE
///   /api/sessions/{sessionID}`, `GET /api/stats`, `PUT`/`DELETE /api/goals/{year}`, `GET /api/export`;
/// - signing in: `GET`/`POST`/`DELETE /api/session`, `GET`/`POST /signin` (the page and its form),
///   `POST /signout`;
/// - `GET /`, `/saved`, `/stats`, `/books/{id}` pages; `/fragments/...` HTML pieces for the script;
/// - `GET /covers/{id}.svg` generated covers, `/static/...` assets, `GET /healthz`;
/// - `GET /sw.js` the service worker, `/manifest.webmanifest` and `/icons/...` to install the app.
public struct WebApp: Sendable {
  /// The use cases the routes translate to.
  let chaek: Chaek
  let policy: AccessPolicy
  let assets: StaticFiles
  let log: @Sendable (String) -> Void

  /// The largest request body the app accepts (a book is a few kilobytes).
  public static let maximumBodySize = 64 * 1024

  /// An app over Chaek's use cases; with a `token`, every request must carry it while there are no
  /// accounts (once there are, every request needs a signed-in reader). With `trustsProxy`, the
  /// proxy in front says where a request came from and whether over HTTPS. `log` hears a line for
  /// each internal error (by default standard error, as `chaek serve:`).
  public init(
    chaek: Chaek, token: String? = nil, trustsProxy: Bool = false,
    log: @escaping @Sendable (String) -> Void = { Responder.logToStandardError("chaek serve: \($0)") }
  ) throws {
    self.chaek = chaek
    self.policy = AccessPolicy(chaek: chaek, token: token, trustsProxy: trustsProxy)
    self.log = log
    guard let directory = Bundle.module.url(forResource: "static", withExtension: nil) else {
      throw CocoaError(.fileNoSuchFile)
    }
    // Asset addresses are not versioned, so browsers revalidate them (a cheap 304) on every load;
    // the modules import one another by plain relative addresses and are revalidated the same way.
    // `names.js`, the names the views and scripts share, is made from ``PageNames`` and served (and
    // kept by the service worker) as one of them.
    self.assets = StaticFiles(
      directory: directory, cacheControl: "no-cache", generated: ["names.js": Data(PageNames.script.utf8)])
  }

  /// The app as an `HTTPServer`'s responder: gzip and the access policy around the routes,
  /// `X-Content-Type-Options: nosniff` on every response, and errors (the server's refusals
  /// included) in Kakao's JSON shape.
  public var responder: Responder {
    Responder(
      router: makeRouter(), middleware: [GzipMiddleware(), policy],
      headers: ["X-Content-Type-Options": "nosniff"], errorFormat: { APIError($0).response }, log: log)
  }

  /// The app's routes, without the middleware around them (`docs/API.md` lists the same routes).
  func makeRouter() -> Router {
    var router = Router()
    router.get("/v3/search/book") { try await self.kakaoSearch($0) }
    router.get("/api/suggest") { try await self.suggest($0) }

    router.get("/api/library") { try await self.listSaved($0) }
    router.get("/api/library/ids") { try await self.savedIDs($0) }
    router.put("/api/library/order") { try await self.sortSaved($0) }
    router.get("/api/library/size") { try .json(try await self.chaek.size(for: $0.reader)) }
    router.delete("/api/library") { try await self.removeAll($0) }
    router.post("/api/library/undo/{removal}") { try await self.undoRemoval($0) }
    router.put("/api/library/{id}") { try await self.save($0) }
    router.put("/api/library/{id}/edition") { try await self.switchEdition($0) }
    router.post("/api/works/merge") { try await self.mergeWorks($0) }
    router.delete("/api/works/merge/{merge}") { try await self.splitWork($0) }
    router.delete("/api/library/{id}") { try await self.remove($0) }
    router.get("/api/recent") { try await self.listRecent($0) }
    router.post("/api/recent/{id}") { try await self.recordView($0) }
    router.get("/api/books/{id}") { try await self.bookDetails($0) }
    router.post("/api/books") { try await self.addBook($0) }
    router.put("/api/books/{id}") { try await self.editBook($0) }
    router.post("/api/covers") { try await self.setCover($0) }
    router.get("/api/events") { try await self.events($0) }
    router.get("/api/searches") { try await self.searchHistory($0) }
    router.post("/api/searches") { try await self.recordSearch($0) }
    router.delete("/api/searches") { try await self.deleteSearches($0) }
    router.delete("/api/searches/{searchID}") { try await self.deleteSearch($0) }
    router.put("/api/searches/recording") { try await self.setSearchRecording($0) }

    router.get("/api/journal/{id}") { try await self.journalEntry($0) }
    router.add(.PATCH, "/api/journal/{id}") { try await self.updateJournal($0) }
    router.post("/api/journal/{id}/notes") { try await self.addNote($0) }
    router.post("/api/journal/{id}/progress") { try await self.recordProgress($0) }
    router.post("/api/journal/{id}/start") { try await self.startReading($0) }
    router.post("/api/journal/{id}/finish") { try await self.finishReading($0) }
    router.get("/api/notes") { try await self.searchNotes($0) }
    router.add(.PATCH, "/api/notes/{noteID}") { try await self.updateNote($0) }
    router.delete("/api/notes/{noteID}") { try await self.deleteNote($0) }
    router.add(.PATCH, "/api/sessions/{sessionID}") { try await self.updateSession($0) }
    router.delete("/api/sessions/{sessionID}") { try await self.deleteSession($0) }
    router.get("/api/stats") { try await self.stats($0) }
    router.put("/api/goals/{year}") { try await self.setGoal($0) }
    router.delete("/api/goals/{year}") { try await self.removeGoal($0) }
    router.get("/api/export") { try await self.export($0) }
    router.post("/api/import") { try await self.importFile($0) }
    router.post("/api/scan") { try await self.scanBarcode($0) }
    router.get("/healthz") { _ in try await self.health() }
    router.get("/api/session") { try await self.session($0) }
    router.post("/api/session") { try await self.signIn($0) }
    router.delete("/api/session") { try await self.signOut($0) }
    router.get("/signin") { try await self.signInPage($0) }
    router.post("/signin") { try await self.signInForm($0) }
    router.post("/signout") { try await self.signOutForm($0) }

    router.get("/") { try await self.page($0, tab: .search) }
    router.get("/saved") { try await self.page($0, tab: .saved) }
    router.get("/stats") { try await self.page($0, tab: .stats) }
    router.get("/books/{id}") { try await self.bookPage($0) }
    router.get("/fragments/results") { try await self.resultsFragment($0) }
    router.get("/fragments/recent") { try await self.recentFragment($0) }
    router.get("/fragments/read-next") { try await self.readNextFragment($0) }
    router.get("/fragments/saved") { try await self.savedFragment($0) }
    router.get("/fragments/saved-filters") { try await self.savedFiltersFragment($0) }
    router.get("/fragments/stats") { try await self.statsFragment($0) }
    router.get("/fragments/notes") { try await self.notesFragment($0) }
    router.get("/fragments/searches") { try await self.searchHistoryFragment($0) }
    router.get("/fragments/books/{id}") { try await self.detailFragment($0) }
    router.get("/fragments/merge") { try await self.mergeFragment($0) }
    router.get("/covers/{file}") { try await self.cover($0) }
    router.get("/covers/hand/{file}") { try await self.coverPhoto($0) }
    router.getImmediate("/sw.js") { _ in try self.serviceWorker() }
    router.getImmediate("/manifest.webmanifest") { _ in try self.manifest() }
    router.get("/icons/{file}") { try await self.icon($0) }
    router.getImmediate("/static/{file}") { request in
      guard let file = self.assets.response(for: request.pathParameters["file"] ?? "", request: request)
      else { throw APIError.notFound("no such file") }
      return file
    }
    router.notFound = { request in
      guard request.path.hasPrefix("/api/") || request.path.hasPrefix("/v3/") else {
        return .html(Page.notFound().description, status: 404)
      }
      throw APIError.notFound("no route for \(request.method.rawValue) \(request.path)")
    }
    return router
  }

  // MARK: - Shared lookups

  /// The book with the identity in the path (see ``ChaekApp/BookLookup`` for where it is looked for).
  ///
  /// - Throws: ``APIError`` 400 for a path that names no book and 404 for a book nowhere to be
  ///   found; the provider's ``BookSearchError``; the library's errors.
  func book(for request: HTTPRequest) async throws -> Book {
    try await book(try request.bookID(), for: request)
  }

  /// The book of identity `id` as the request's reader would open it.
  /// - Throws: ``APIError`` 404 for a book nowhere to be found.
  func book(_ id: BookID, for request: HTTPRequest) async throws -> Book {
    guard let book = try await chaek.book(id, for: request.reader) else {
      throw APIError.notFound("no book \(id)")
    }
    return book
  }
}
