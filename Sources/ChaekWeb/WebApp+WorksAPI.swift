import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

/// Works merged by the reader (see `Chaek.mergeWork(of:into:for:)`): the merge, its split, and
/// the books a sheet's 같은 작품으로 합치기 offers.
extension WebApp {
  /// `POST /api/works/merge` with `{"book":ID,"into":ID}`: the work of `book` is merged into that of
  /// `into` for the reader: `201 {"merge","source","target"}` (`merge` splits it again); 400 when
  /// they are one work already, 404 for a book nowhere to be found.
  func mergeWorks(_ request: HTTPRequest) async throws -> HTTPResponse {
    let input = try request.input(MergeInput.self)
    let book = try await self.book(input.book, for: request)
    let into = try await self.book(input.into, for: request)
    let merge = try await chaek.mergeWork(of: book, into: into, for: request.reader)
    return try .json(
      MergeReply(merge: merge.id, source: merge.source.rawValue, target: merge.target.rawValue), status: 201)
  }

  /// `DELETE /api/works/merge/{merge}`: splits the merge again: `{"split"}`; 404 when the reader
  /// has no merge of that id.
  func splitWork(_ request: HTTPRequest) async throws -> HTTPResponse {
    let merge = try await chaek.splitWork(try request.pathInteger("merge"), for: request.reader)
    return try .json(["split": merge.id])
  }

  /// `GET /fragments/merge?book=ID&query=`: the books of other works that `query` finds, one per
  /// work, each with the button that merges the work of `book` into theirs.
  func mergeFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await self.book(request.query["book"] ?? "", for: request)
    var rows: [HTML] = []
    if let text = request.query["query"], !text.trimmingCharacters(in: .whitespaces).isEmpty {
      let own = Set(try await chaek.editions(of: book, for: request.reader).map(\.book.workID))
      let query = try SearchQuery(query: text, size: 20)
      rows = try await chaek.searchWorks(query, for: request.reader).rows
        .filter { !own.contains($0.book.workID) }.map(EditionViews.mergeCandidate)
      if rows.isEmpty { rows = ["<li class=\"empty\">‘\(text)’에 맞는 다른 작품이 없어요.</li>"] }
    }
    var response = HTTPResponse.html(HTML.join(rows).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// The book of identity `text` as the reader would open it.
  /// - Throws: ``APIError`` 400 for text that is no identity, 404 for a book nowhere to be found.
  private func book(_ text: String, for request: HTTPRequest) async throws -> Book {
    guard let id = BookID(parsing: text) else { throw APIError.badRequest("not a book id: \(text)") }
    return try await book(id, for: request)
  }
}

/// `POST /api/works/merge`'s answer.
private struct MergeReply: Encodable {
  let merge: Int
  let source: String
  let target: String
}

/// `POST /api/works/merge`'s body.
private struct MergeInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case book, into }
  let book: String
  let into: String
}
