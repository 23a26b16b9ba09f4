import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// `GET /api/suggest?q=TEXT[&limit=N]`: 자동완성 while typing,
  /// `{"suggestions":[{"text","kind":"title"|"person","id":"<book id>"|null,"saved":bool}...]}`:
  /// the saved books' titles and people first, then the catalog's, the most popular first, one
  /// per folded text (see ``ChaekApp/Autocomplete``). `limit` is 1 to 20 (8 unless told); `q` is
  /// at most 256 characters, as a search's; a blank `q` has no suggestions.
  ///
  /// - Throws: ``APIError`` 400 for a `q` too long or a `limit` out of range.
  func suggest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let typed = (request.query["q"] ?? "").nfcTrimmed
    guard typed.unicodeScalars.count <= SearchQuery.maximumQueryLength else {
      throw APIError.badRequest("q is longer than \(SearchQuery.maximumQueryLength) characters")
    }
    let limit = try request.queryInteger("limit") ?? Autocomplete.defaultLimit
    guard (1...Autocomplete.maximumLimit).contains(limit) else {
      throw APIError.badRequest("limit must lie in 1...\(Autocomplete.maximumLimit)")
    }
    return try .json(
      ["suggestions": try await chaek.suggestions(completing: typed, limit: limit, for: request.reader)])
  }
}

extension String {
  /// The text trimmed of surrounding whitespace, in NFC.
  fileprivate var nfcTrimmed: String {
    trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
  }
}
