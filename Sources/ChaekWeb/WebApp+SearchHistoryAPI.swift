import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport

/// 최근 검색어: the recent searches of the search box and the setting that stops recording them.
/// Every route answers the history as it is after the request,
/// `{"searches":[{"id","query","searched_at"}],"recording":true}`.
///
/// A search is recorded by its own `POST`, which the script sends when the reader submits the
/// search box or picks a recent search (not for each letter typed, a page scrolled to or a
/// re-render). A `GET` changes nothing, so another site can neither read nor plant searches: the
/// access policy refuses cross-site changes.
extension WebApp {
  /// `GET /api/searches`.
  func searchHistory(_ request: HTTPRequest) async throws -> HTTPResponse {
    try .json(try await chaek.searchHistory(for: request.reader))
  }

  /// `GET /fragments/searches`: the 최근 검색어 panel (``SearchHistoryViews``).
  func searchHistoryFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    var response = HTTPResponse.html(
      SearchHistoryViews.panel(try await chaek.searchHistory(for: request.reader)).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `POST /api/searches` `{"query":"해리포터"}`: records a search (nothing while recording is off).
  func recordSearch(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let query = try request.input(SearchInput.self).query else {
      throw APIError.badRequest("the body needs a \"query\"")
    }
    try await chaek.recordSearch(query, for: request.reader)
    return try await searchHistory(request)
  }

  /// `DELETE /api/searches/{searchID}`: deletes one search; `404` when no search has that id.
  func deleteSearch(_ request: HTTPRequest) async throws -> HTTPResponse {
    let id = try request.pathInteger("searchID")
    guard try await chaek.deleteSearch(id, for: request.reader) else {
      throw APIError.notFound("no recent search \(id)")
    }
    return try await searchHistory(request)
  }

  /// `DELETE /api/searches`: deletes every search.
  func deleteSearches(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await chaek.deleteSearches(for: request.reader)
    return try await searchHistory(request)
  }

  /// `PUT /api/searches/recording` `{"on":false}`: stops (or resumes) recording searches; what was
  /// recorded stays until deleted.
  func setSearchRecording(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let on = try request.input(RecordingInput.self).on else {
      throw APIError.badRequest("the body needs \"on\": true or false")
    }
    try await chaek.setSearchRecording(on, for: request.reader)
    return try await searchHistory(request)
  }
}

/// `POST /api/searches`'s body.
private struct SearchInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case query }
  let query: String?
}

/// `PUT /api/searches/recording`'s body.
private struct RecordingInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case on }
  let on: Bool?
}
