import BookModel
import BookSearch
import Foundation
import HTTPTransport

extension WebApp {
  /// `GET /v3/search/book`: Kakao's book search, answered by the configured provider. Kakao's
  /// response shape is kept exactly; who answered goes in headers (`X-Chaek-Source`, and
  /// `X-Chaek-Notice` when the offline catalog stood in for a provider that failed).
  func kakaoSearch(_ request: HTTPRequest) async -> HTTPResponse {
    let query: SearchQuery
    do {
      query = try SearchQuery(parameters: request.query)
    } catch {
      return APIError(errorType: error.errorType, message: error.message).response(status: 400)
    }
    do {
      let outcome = try await search.search(query)
      var response = HTTPResponse.json(outcome.page)
      response.headers["X-Chaek-Source"] = outcome.answeredBy
      if let notice = outcome.notice { response.headers["X-Chaek-Notice"] = Self.headerSafe(notice) }
      return response
    } catch {
      return Self.response(for: error)
    }
  }

  /// A failed search as Kakao-shaped JSON: 503 when the provider rests after failing (with
  /// `Retry-After`) or the search ran out of time, 502 when the provider failed. The message is
  /// Chaek's own, never the provider's.
  static func response(for error: BookSearchError) -> HTTPResponse {
    if error.ranOutOfTime {
      return APIError(errorType: "ServiceUnavailable", message: error.description).response(status: 503)
    }
    guard let retryAfter = error.retryAfter else {
      return APIError(errorType: "ProviderError", message: error.description).response(status: 502)
    }
    var response = APIError(errorType: "ServiceUnavailable", message: error.description).response(status: 503)
    response.headers["Retry-After"] = String(max(1, Int(retryAfter.components.seconds) + 1))
    return response
  }

  /// Header values must be ASCII: non-ASCII text is percent-encoded.
  static func headerSafe(_ text: String) -> String {
    text.addingPercentEncoding(
      withAllowedCharacters: .init(charactersIn: " !#$&'()*+,-./:;=?@_~").union(.alphanumerics))
      ?? ""
  }
}
