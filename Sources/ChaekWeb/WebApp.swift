import BookModel
import BookSearch
import Foundation
import HTTPTransport
import UserLibrary

/// The Chaek web app: the Kakao-compatible search API, the library API, the event stream, and the
/// mobile-first pages, as one handler for ``HTTPServer``.
///
/// Routes:
/// - `GET /v3/search/book` — Kakao's book search: same parameters, JSON and error bodies;
/// - `GET /api/library`, `PUT /api/library/{id}`, `DELETE /api/library/{id}`, `DELETE /api/library`;
/// - `GET /api/recent`, `POST /api/recent/{id}`, `GET /api/books/{id}`, `GET /api/events` (SSE);
/// - `GET /`, `/saved`, `/books/{id}` pages; `/fragments/...` HTML pieces for the script;
/// - `GET /covers/{id}.svg` generated covers, `/static/...` assets, `GET /healthz`.
public struct WebApp: Sendable {
  let search: SearchService
  let library: Library
  let policy: AccessPolicy
  let assets: StaticFiles

  /// The largest request body the app accepts (a book is a few kilobytes).
  public static let maximumBodySize = 64 * 1024

  /// An app over a search service and a library; with a `token`, every request must carry it.
  public init(search: SearchService, library: Library, token: String? = nil) throws {
    self.search = search
    self.library = library
    self.policy = AccessPolicy(token: token)
    guard let directory = Bundle.module.url(forResource: "static", withExtension: nil) else {
      throw CocoaError(.fileNoSuchFile)
    }
    // Asset addresses are not versioned, so browsers revalidate them (a cheap 304) on every load.
    self.assets = StaticFiles(directory: directory, cacheControl: "no-cache")
  }

  /// The handler to give ``HTTPServer``.
  public var handler: HTTPHandler {
    let router = makeRouter()
    let policy = policy
    return { request in
      if let misdirected = policy.misdirection(for: request) { return misdirected }
      if let preflight = policy.preflight(for: request) { return preflight }
      if let login = policy.tokenLogin(for: request) { return login }
      if let refusal = policy.refusal(for: request) { return policy.shared(refusal, for: request) }
      return policy.shared(await router.handle(request), for: request)
    }
  }

  private func makeRouter() -> Router {
    var router = Router()
    router.get("/v3/search/book") { await self.kakaoSearch($0) }

    router.get("/api/library") { await self.listSaved($0) }
    router.delete("/api/library") { _ in await self.removeAll() }
    router.put("/api/library/{id}") { await self.save($0) }
    router.delete("/api/library/{id}") { await self.remove($0) }
    router.get("/api/recent") { _ in await self.listRecent() }
    router.post("/api/recent/{id}") { await self.recordView($0) }
    router.get("/api/books/{id}") { await self.bookDetails($0) }
    router.get("/api/events") { _ in await self.events() }
    router.get("/healthz") { _ in await self.health() }

    router.get("/") { await self.page($0, tab: .search) }
    router.get("/saved") { await self.page($0, tab: .saved) }
    router.get("/books/{id}") { await self.bookPage($0) }
    router.get("/fragments/results") { await self.resultsFragment($0) }
    router.get("/fragments/recent") { _ in await self.recentFragment() }
    router.get("/fragments/saved") { await self.savedFragment($0) }
    router.get("/fragments/books/{id}") { await self.detailFragment($0) }
    router.get("/covers/{file}") { await self.cover($0) }
    router.get("/static/{file}") { request in
      self.assets.response(for: request.pathParameters["file"] ?? "", request: request)
        ?? APIError.notFound("no such file")
    }
    router.notFound = { request in
      request.path.hasPrefix("/api/") || request.path.hasPrefix("/v3/")
        ? APIError.notFound("no route for \(request.method.rawValue) \(request.path)")
        : .html(Page.notFound().description, status: 404)
    }
    return router
  }

  // MARK: - Shared lookups

  /// The book with the identity in the path, from the library, the catalog or the provider.
  func book(for request: HTTPRequest) async throws(ErrorResponse) -> Book {
    guard let text = request.pathParameters["id"], let id = BookID(parsing: text) else {
      throw ErrorResponse(APIError.badRequest("not a book id: \(request.pathParameters["id"] ?? "")"))
    }
    do {
      if let saved = try await library.savedBook(id) { return saved.book }
      if let found = try await search.book(id) { return found }
      if let recent = try await library.recentBook(id) { return recent }
    } catch let error as BookSearchError {
      throw ErrorResponse(Self.response(for: error))
    } catch {
      throw ErrorResponse(APIError.internalError(error))
    }
    throw ErrorResponse(APIError.notFound("no book \(id)"))
  }
}

/// A response that ends a handler early, thrown from shared lookups.
struct ErrorResponse: Error {
  let response: HTTPResponse

  init(_ response: HTTPResponse) { self.response = response }
}
