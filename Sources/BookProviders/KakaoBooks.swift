import BookModel
import Foundation

/// Kakao's book search (`GET /v3/search/book`), authenticated with a REST API key.
///
/// Answers are Kakao's own JSON, decoded as a ``SearchPage``. Kakao's error bodies
/// (`{"errorType":"...","message":"..."}`) become ``BookSearchError``s: 401 and 403 a rejected key,
/// 429 rate limiting, other 4xx a rejected request, 5xx a server error.
public struct KakaoBooks: BookSearching {
  /// `Kakao`.
  public let name = "Kakao"
  private let apiKey: String
  private let http: HTTPFetch

  /// A client for Kakao's API at `baseURL` (another Kakao-compatible server works too).
  ///
  /// - Parameters:
  ///   - apiKey: the REST API key, sent as `Authorization: KakaoAK {apiKey}`; an empty key makes every
  ///     search fail with ``BookSearchError/missingKey(provider:)`` without a request.
  ///   - baseURL: the server's root; `/v3/search/book` is appended.
  ///   - timeout: seconds a search may take before it fails as unreachable.
  public init(
    apiKey: String, baseURL: URL = URL(string: "https://dapi.kakao.com")!, timeout: TimeInterval = 10
  ) {
    self.apiKey = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
    self.http = HTTPFetch(
      provider: name, baseURL: baseURL, timeout: timeout, secrets: [self.apiKey, "KakaoAK \(self.apiKey)"])
  }

  // MARK: - Searching

  /// One page of Kakao's results for `query`.
  public func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchPage {
    guard !apiKey.isEmpty else { throw .missingKey(provider: name) }
    let parameters = query.parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    return try await http.getJSON(
      SearchPage.self, path: "v3/search/book", parameters: parameters,
      headers: [("Authorization", "KakaoAK \(apiKey)")], keyed: true)
  }
}
