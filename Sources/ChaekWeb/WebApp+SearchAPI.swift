import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// `GET /v3/search/book`: Kakao's book search, answered by the configured provider. Kakao's
  /// response shape is kept exactly; who answered goes in headers (`X-Chaek-Source`, and
  /// `X-Chaek-Notice` when the offline catalog stood in for a provider that failed).
  ///
  /// - Throws: ``SearchQueryError`` (Kakao's 400 bodies) and ``BookSearchError`` (502 or 503).
  func kakaoSearch(_ request: HTTPRequest) async throws -> HTTPResponse {
    let outcome = try await chaek.search(try SearchQuery(parameters: request.query))
    var response = HTTPResponse.json(raw: outcome.kakaoBody)
    response.headers["X-Chaek-Source"] = outcome.answeredBy
    if let notice = outcome.notice { response.headers["X-Chaek-Notice"] = Self.headerSafe(notice) }
    return response
  }

  /// Header values must be ASCII: non-ASCII text is percent-encoded.
  static func headerSafe(_ text: String) -> String {
    text.addingPercentEncoding(
      withAllowedCharacters: .init(charactersIn: " !#$&'()*+,-./:;=?@_~").union(.alphanumerics))
      ?? ""
  }
}
