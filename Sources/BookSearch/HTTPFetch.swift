import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GET requests to one remote provider, shared by the HTTP clients.
///
/// Every request uses a fresh ephemeral session with no cache and the provider's timeout; transport
/// failures (timeout, refused connection, no network) become
/// ``BookSearchError/unreachable(provider:detail:)`` with a detail a person can read.
struct HTTPFetch: Sendable {
  /// The provider's name, for errors.
  let provider: String
  /// The root every request path is resolved against.
  let baseURL: URL
  /// Seconds a request may take, in total.
  let timeout: TimeInterval

  // MARK: - Requests

  /// GETs `path` (relative to ``baseURL``) with the query `parameters`, in order, and decodes a 2xx body
  /// as `T`; any other status becomes the matching ``BookSearchError``.
  ///
  /// - Parameter keyed: `true` when the provider authenticates with a key, so that 401 and 403 mean the
  ///   key was rejected rather than the request.
  func getJSON<T: Decodable>(
    _ type: T.Type, path: String, parameters: [(String, String)], headers: [String: String] = [:],
    keyed: Bool
  ) async throws(BookSearchError) -> T {
    let (status, body) = try await get(path: path, parameters: parameters, headers: headers)
    guard (200..<300).contains(status) else {
      throw .forStatus(status, body: body, provider: provider, keyed: keyed)
    }
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch {
      throw .invalidResponse(provider: provider, detail: Self.describe(error))
    }
  }

  /// GETs `path` (relative to ``baseURL``) with the query `parameters`, in order, and returns the status
  /// and body of whatever the server answered.
  func get(
    path: String, parameters: [(String, String)], headers: [String: String]
  ) async throws(BookSearchError) -> (status: Int, body: Data) {
    let url = try url(path: path, parameters: parameters)
    // swift-corelibs-foundation truncates timeouts to whole seconds (0.5 s times out at once), so
    // URLSession gets the timeout rounded up and the exact deadline is enforced below.
    let sessionTimeout = timeout.rounded(.up)
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
    request.httpMethod = "GET"
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = sessionTimeout
    configuration.timeoutIntervalForResource = sessionTimeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }

    let answer: Answer?
    do {
      answer = try await withThrowingTaskGroup(of: Answer?.self) { group in
        group.addTask { [request] in
          let (body, response) = try await session.data(for: request)
          return Answer(status: (response as? HTTPURLResponse)?.statusCode, body: body)
        }
        group.addTask { [timeout] in
          try await Task.sleep(for: .seconds(timeout))
          return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
      }
    } catch let error as URLError {
      throw .unreachable(provider: provider, detail: describe(error, url: url))
    } catch is CancellationError {
      throw .unreachable(provider: provider, detail: "the request was cancelled")
    } catch {
      throw .unreachable(provider: provider, detail: error.localizedDescription)
    }
    guard let answer else { throw .unreachable(provider: provider, detail: timedOut) }
    guard let status = answer.status else {
      throw .invalidResponse(provider: provider, detail: "the answer is not an HTTP response")
    }
    return (status, answer.body)
  }

  /// What a request got back: an HTTP status (`nil` for a response of another protocol) and the body.
  private struct Answer: Sendable {
    let status: Int?
    let body: Data
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

  private var timedOut: String { "timed out after \(String(format: "%g", timeout)) s" }

  private func describe(_ error: URLError, url: URL) -> String {
    let host = url.host ?? url.absoluteString
    switch error.code {
    case .timedOut:
      return timedOut
    case .cannotConnectToHost:
      return "connection refused by \(host)"
    case .notConnectedToInternet:
      return "no network connection"
    case .cannotFindHost, .dnsLookupFailed:
      return "cannot find the host \(host)"
    case .networkConnectionLost:
      return "the connection to \(host) was lost"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      return "no secure connection to \(host)"
    case .cancelled:
      return "the request was cancelled"
    default:
      return "network error \(error.code.rawValue) talking to \(host)"
    }
  }

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
