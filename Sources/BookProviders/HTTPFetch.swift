import BookModel
import Foundation
import HTTPClient

/// GET requests to one remote provider, shared by the HTTP clients.
///
/// Requests go through ``HTTPClient`` (libcurl on threads of its own), so the provider's timeout is
/// a deadline no remote server can stretch, and an answer is at most ``maximumBodySize`` bytes.
/// Transport failures (timeout, refused connection, no network) become
/// ``BookSearchError/unreachable(provider:detail:)`` with a detail a person can read; the `secrets`
/// (the API key) are removed from anything the provider said before it goes into an error.
struct HTTPFetch: Sendable {
  /// The most bytes a provider's answer may have: a page of 50 books is well under 1 MB.
  static let maximumBodySize = 8 << 20

  /// The provider's name, for errors.
  let provider: String
  /// The root every request path is resolved against.
  let baseURL: URL
  /// Seconds a request may take, in total.
  let timeout: TimeInterval
  /// Text that must never appear in an error: the API key.
  var secrets: [String] = []

  // MARK: - Requests

  /// GETs `path` (relative to ``baseURL``) with the query `parameters`, in order, and decodes a 2xx body
  /// as `T`; any other status becomes the matching ``BookSearchError``.
  ///
  /// - Parameter keyed: `true` when the provider authenticates with a key, so that 401 and 403 mean the
  ///   key was rejected rather than the request.
  func getJSON<T: Decodable>(
    _ type: T.Type, path: String, parameters: [(String, String)], headers: [(String, String)] = [],
    keyed: Bool
  ) async throws(BookSearchError) -> T {
    let (status, body) = try await get(path: path, parameters: parameters, headers: headers)
    guard (200..<300).contains(status) else {
      throw .forStatus(status, body: body, provider: provider, keyed: keyed, redacting: secrets)
    }
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch {
      throw .invalidResponse(provider: provider, detail: redacted(Self.describe(error)))
    }
  }

  /// GETs `path` (relative to ``baseURL``) with the query `parameters`, in order, and returns the status
  /// and body of whatever the server answered.
  func get(
    path: String, parameters: [(String, String)], headers: [(String, String)]
  ) async throws(BookSearchError) -> (status: Int, body: Data) {
    let url = try url(path: path, parameters: parameters)
    let client = HTTPClient(
      timeout: .milliseconds(Int((timeout * 1000).rounded(.up))), maximumBodySize: Self.maximumBodySize)
    do {
      let response = try await client.get(url, headers: [("Accept", "application/json")] + headers)
      return (response.status, response.body)
    } catch .busy {
      // Chaek's own limit, not the provider's failure: the circuit breaker must not rest it.
      throw .busy(provider: provider)
    } catch .bodyTooLarge(let limit) {
      throw .invalidResponse(
        provider: provider, detail: "the answer is larger than \(limit / 1024 / 1024) MB")
    } catch {
      throw .unreachable(provider: provider, detail: redacted(error.description))
    }
  }

  /// `text` without any of the ``secrets``.
  private func redacted(_ text: String) -> String {
    secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "[redacted]") }
  }

  // MARK: - URLs

  /// `baseURL/path?name=value&...`, every name and value percent-encoded except RFC 3986's unreserved
  /// characters, so that `+`, `&`, `=` and Hangul reach the server as they were written.
  private func url(path: String, parameters: [(String, String)]) throws(BookSearchError) -> URL {
    let base = baseURL.appending(path: path)
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
      throw .unreachable(provider: provider, detail: "\(base.absoluteString) is not a valid URL")
    }
    components.percentEncodedQuery = parameters.map { name, value in
      Self.percentEncoded(name) + "=" + Self.percentEncoded(value)
    }
    .joined(separator: "&")
    guard let url = components.url else {
      throw .unreachable(provider: provider, detail: "\(base.absoluteString) is not a valid URL")
    }
    return url
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  private static func percentEncoded(_ text: String) -> String {
    // Only fails for unpaired UTF-16 surrogates, which a Swift String cannot hold.
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  // MARK: - Error details

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
      let keys = context.codingPath + (key.map { [$0] } ?? [])
      guard !keys.isEmpty else { return "the top level" }
      return keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing \(path(context, key))"
    case .valueNotFound(_, let context):
      return "missing value at \(path(context))"
    case .typeMismatch(_, let context):
      return "unexpected type at \(path(context))"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "the body is not JSON"
    case .dataCorrupted(let context):
      return "\(context.debugDescription) at \(path(context))"
    @unknown default:
      return "\(error)"
    }
  }
}
