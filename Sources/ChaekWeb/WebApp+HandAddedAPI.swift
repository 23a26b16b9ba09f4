import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// `POST /api/books` with `{"title","authors":[…],"publisher","isbn","pages","contents"}` (only
  /// `title` required): adds a book no provider has and saves it (읽고 싶은 책). Answers `201`
  /// `{"result":"added","entry":{"id","saved","book"}}`, or `200` `{"result":"known",…}` with the
  /// book a known ISBN is already (nothing added); `400` for a draft that is refused.
  func addBook(_ request: HTTPRequest) async throws -> HTTPResponse {
    let draft = try request.input(DraftInput.self).draft
    switch try await chaek.addBook(draft, for: request.reader) {
    case .added(let book):
      return try .json(HandAddedReply(result: "added", entry: LibraryEntry(book, saved: true)), status: 201)
    case .known(let book):
      let saved = try await chaek.isSaved(book.id, for: request.reader)
      return try .json(HandAddedReply(result: "known", entry: LibraryEntry(book, saved: saved)))
    }
  }

  /// `PUT /api/books/{id}` with the fields of `POST /api/books`: edits a book added by hand that the
  /// reader saved, as typed (a field left out is emptied). Answers `{"result":"edited","entry"}`,
  /// whose `id` changes with an ISBN added; `400` for a refused draft or a book not added by hand,
  /// `404` for a book not saved.
  func editBook(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await chaek.editBook(
      try request.bookID(), to: try request.input(DraftInput.self).draft, for: request.reader)
    return try .json(HandAddedReply(result: "edited", entry: LibraryEntry(book, saved: true)))
  }

  /// `POST /api/covers?book=ID` with a JPEG or PNG as the body (the page reduces a photo to 800
  /// pixels a side): the cover of a book added by hand that the reader saved. Answers
  /// `{"result":"edited","entry"}` with the book's new `thumbnail`; `400` for another file or one
  /// over 2,000 pixels a side, `413` over 512 KiB.
  func setCover(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let text = request.query["book"], let id = BookID(parsing: text) else {
      throw APIError.badRequest("book must name a book")
    }
    let book = try await chaek.setCover(request.body, of: id, for: request.reader)
    return try .json(HandAddedReply(result: "edited", entry: LibraryEntry(book, saved: true)))
  }

  /// `GET /covers/hand/{file}`: the cover photo of a book added by hand (`KEY.jpeg`, `KEY.png`),
  /// its latest; cached by the browser only (a reader's photo) for a day, a new photo having a new
  /// address for whoever has the new one.
  func coverPhoto(_ request: HTTPRequest) async throws -> HTTPResponse {
    let file = request.pathParameters["file"] ?? ""
    let key = file.split(separator: ".").first.map(String.init) ?? ""
    guard let cover = try await chaek.coverPhoto(key: key)
    else { throw APIError.notFound("no cover \(file)") }
    var response = HTTPResponse(status: 200, body: cover.image)
    response.headers["Content-Type"] = cover.mediaType
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response
  }
}

/// The answer of the writes of a book added by hand.
private struct HandAddedReply: Encodable {
  let result: String
  let entry: LibraryEntry
}

/// The body of `POST /api/books` and `PUT /api/books/{id}`.
private struct DraftInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case title, authors, publisher, isbn, pages, contents }
  let title: String?
  let authors: [String]?
  let publisher: String?
  let isbn: String?
  let pages: Int?
  let contents: String?

  var draft: BookDraft {
    BookDraft(
      title: title ?? "", authors: authors ?? [], publisher: publisher ?? "", isbn: isbn ?? "", pages: pages,
      contents: contents ?? "")
  }
}
