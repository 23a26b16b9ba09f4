import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// `GET /api/library[?sort=title|added|finished|rating|author][&shelf=want|reading|read|dnf][&tag=T]
  /// [&limit=N][&offset=M]`:
  /// `{"books":[...],"count":N,"matching":M,"shelves":{"want":n,...},"tags":[{"tag","count"}...]}`;
  /// each book with its `shelf` and `rating`, in the order (the reader's last chosen without `sort`); `count` books from `offset` (all unless `limit`),
  /// `matching` of them on the shelf and with the tag; each shelf's count is of the books with the
  /// tag, each tag's of the books on the shelf (as 담은 책's chips count). One snapshot.
  func listSaved(_ request: HTTPRequest) async throws -> HTTPResponse {
    let order = try request.querySavedOrder()
    let shelf = try request.queryShelf()
    let tag = request.query["tag"]
    let limit = try request.queryInteger("limit")
    if let limit, limit < 1 { throw APIError.badRequest("limit must be 1 or more") }
    let offset = try request.queryInteger("offset") ?? 0
    if offset < 0 { throw APIError.badRequest("offset must be 0 or more") }
    let page = try await chaek.savedPage(
      sortedBy: order, shelf: shelf, tag: tag, limit: limit, offset: offset, for: request.reader)
    let entries = page.books.map(LibraryEntry.shelved)
    return try .json(
      SavedList(
        books: entries, count: entries.count, matching: page.facets.matching(shelf: shelf),
        shelves: Dictionary(uniqueKeysWithValues: page.facets.shelves.map { ($0.key.rawValue, $0.value) }),
        tags: page.facets.tags.map { TagCount(tag: $0.tag, count: $0.count) }))
  }

  /// `PUT /api/library/order` with `{"sort":"title|added|finished|rating|author"}`: 담은 책 is
  /// listed in that order from now on, on every device; answers `{"sort":…}`.
  func sortSaved(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let order = try request.input(SortInput.self).sort.flatMap(SavedOrder.init(rawValue:)) else {
      throw APIError.badRequest(Self.savedOrderProblem)
    }
    try await chaek.sortSaved(by: order, for: request.reader)
    return try .json(["sort": order.rawValue])
  }

  /// What a request that names no known order is told.
  static let savedOrderProblem =
    "sort must be one of " + SavedOrder.allCases.map(\.rawValue).joined(separator: ", ")

  /// `GET /api/library/ids`: `{"ids":[…]}`, every saved book's identity (to mark search results).
  func savedIDs(_ request: HTTPRequest) async throws -> HTTPResponse {
    try .json(["ids": try await chaek.savedIDs(for: request.reader).map(\.rawValue).sorted()])
  }

  /// `PUT /api/library/{id}[?shelf=want|reading|read|dnf]`: saves the book on the shelf (읽고 싶은
  /// 책 unless told; a book already saved keeps its shelf). The body is the book (a Kakao document)
  /// whose identity must be `id`; without a body the book is looked up by `id`. With
  /// `X-Chaek-Changed-At` (a change queued offline), 409 when the book was removed after it.
  func save(_ request: HTTPRequest) async throws -> HTTPResponse {
    let shelf = try request.queryShelf() ?? .want
    let changedAt = try request.changedAt()
    let book = request.body.isEmpty ? try await self.book(for: request) : try Self.bookInBody(of: request)
    let outcome = try await chaek.save(book, shelf: shelf, changedAt: changedAt, for: request.reader)
    return try .json(
      SaveReply(
        id: book.id.rawValue, title: book.title, status: outcome == .saved ? "saved" : "already_saved"),
      status: outcome == .saved ? 201 : 200)
  }

  /// `PUT /api/library/{id}/edition`: makes book `id` the edition the reader keeps of its work in
  /// place of the one they saved, its journal moving along: `{"id","replaced"}` (the edition they
  /// had, which the same call with its id brings back); 404 when they saved no other edition.
  func switchEdition(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await book(for: request)
    let replaced = try await chaek.switchEdition(to: book, for: request.reader)
    return try .json(["id": book.id.rawValue, "replaced": replaced.rawValue])
  }

  /// `DELETE /api/library/{id}`: `{"id","status":"removed","undo"}`, where `undo` is the removal's
  /// id for `POST /api/library/undo/{undo}`. With `X-Chaek-Changed-At` (a change queued offline),
  /// 409 when the book was saved after it.
  func remove(_ request: HTTPRequest) async throws -> HTTPResponse {
    let id = try request.bookID()
    let changedAt = try request.changedAt()
    let removed = try await chaek.remove(id, changedAt: changedAt, for: request.reader)
    guard let removed else { throw APIError.notFound("\(id) is not saved") }
    return try .json(RemovalReply(id: id.rawValue, status: "removed", removed: 1, undo: removed.id))
  }

  /// `DELETE /api/library`: removes every saved book: `{"removed","undo"}`. With
  /// `X-Chaek-Changed-At` (전체 삭제 queued offline), only the books saved before it.
  func removeAll(_ request: HTTPRequest) async throws -> HTTPResponse {
    let removal = try await chaek.removeAll(changedAt: try request.changedAt(), for: request.reader)
    return try .json(RemovalReply(removed: removal.count, undo: removal.id))
  }

  /// `POST /api/library/undo/{removal}`: puts back what a removal took, with the journals:
  /// `{"restored"}`; 404 once undone or past ``UserLibrary/Library/undoWindow``.
  func undoRemoval(_ request: HTTPRequest) async throws -> HTTPResponse {
    try .json([
      "restored": try await chaek.undoRemoval(try request.pathInteger("removal"), for: request.reader)
    ])
  }

  /// `GET /api/recent`: `{"books":[...]}`, newest first.
  func listRecent(_ request: HTTPRequest) async throws -> HTTPResponse {
    try .json(["books": try await chaek.recentViews(for: request.reader).map(LibraryEntry.init)])
  }

  /// `POST /api/recent/{id}`: records that the book was viewed.
  func recordView(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await book(for: request)
    try await chaek.recordView(book, for: request.reader)
    return try .json(["id": book.id.rawValue, "status": "viewed"])
  }

  /// `GET /api/books/{id}`: `{"id","saved","book"}`.
  func bookDetails(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await book(for: request)
    return try .json(LibraryEntry(book, saved: try await chaek.isSaved(book.id, for: request.reader)))
  }

  /// `GET /healthz`.
  func health() async throws -> HTTPResponse {
    let health = try await chaek.health()
    return try .json(Health(status: "ok", provider: health.provider, catalogBooks: health.catalogBooks))
  }
}

extension HTTPRequest {
  /// When a replayed change was made: `X-Chaek-Changed-At`, milliseconds since 1970; `nil` without
  /// the header.
  ///
  /// - Throws: ``APIError`` 400 for a value that is not a whole number of milliseconds.
  func changedAt() throws -> Date? {
    guard let value = headers["X-Chaek-Changed-At"] else { return nil }
    guard let milliseconds = Int64(value.trimmingCharacters(in: .whitespaces)), milliseconds >= 0 else {
      throw APIError.badRequest("X-Chaek-Changed-At must be milliseconds since 1970")
    }
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}

private struct RemovalReply: Encodable {
  var id: String?
  var status: String?
  let removed: Int
  let undo: Int
}

private struct SavedList: Encodable {
  let books: [LibraryEntry]
  let count: Int
  let matching: Int
  let shelves: [String: Int]
  let tags: [TagCount]
}

private struct TagCount: Encodable {
  let tag: String
  let count: Int
}

private struct SaveReply: Encodable {
  let id: String
  let title: String
  let status: String
}

private struct Health: Encodable {
  let status: String
  let provider: String
  let catalogBooks: Int

  enum CodingKeys: String, CodingKey {
    case status, provider
    case catalogBooks = "catalog_books"
  }
}

/// `PUT /api/library/order`'s body.
private struct SortInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case sort }
  let sort: String?
}

extension HTTPRequest {
  /// The query's `sort` of 담은 책, `nil` (the reader's last chosen) when it has none.
  /// - Throws: ``APIError/badRequest(_:)`` for an order that is not one.
  func querySavedOrder() throws -> SavedOrder? {
    guard let text = query["sort"] else { return nil }
    guard let order = SavedOrder(rawValue: text) else { throw APIError.badRequest(WebApp.savedOrderProblem) }
    return order
  }
}
