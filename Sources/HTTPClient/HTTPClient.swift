import Foundation

/// HTTP GET requests over libcurl, with a deadline that holds whatever the remote end does and a
/// cap on the body. It knows nothing about books.
///
/// Each request runs `curl_easy_perform` on a thread of its own, outside Swift's cooperative pool,
/// so a slow server never holds the threads that async code runs on. The deadline is libcurl's
/// (`CURLOPT_TIMEOUT_MS`, which covers name resolution, connecting, and reading), and a watchdog
/// answers the caller shortly after it should libcurl itself not return. Cancelling the calling
/// task only sets a flag that libcurl's progress callback reads, so no lock is held across the
/// two runtimes: this client cannot reach the cancellation deadlock of `URLSession` on Linux
/// (swift-corelibs-foundation issue #5412).
///
/// ```swift
/// let client = HTTPClient(timeout: .seconds(5), maximumBodySize: 8 << 20)
/// let response = try await client.get(url, headers: [("Accept", "application/json")])
/// ```
public struct HTTPClient: Sendable {
  /// What a server answered.
  public struct Response: Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The body, decompressed, at most the client's `maximumBodySize` bytes.
    public let body: Data
  }

  /// How long a request may take in all, from the first name lookup to the last byte.
  public var timeout: Duration
  /// Bodies above this many bytes (after decompression) fail with
  /// ``HTTPClientError/bodyTooLarge(limit:)``.
  public var maximumBodySize: Int
  /// The cap on requests in flight this client counts against.
  public var limiter: RequestLimiter

  /// A client with a deadline per request and a body cap, counting against `limiter`.
  public init(timeout: Duration, maximumBodySize: Int, limiter: RequestLimiter = .shared) {
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.limiter = limiter
  }

  /// GETs `url` (http or https; redirects followed, up to five) with `headers`, in order.
  ///
  /// - Throws: ``HTTPClientError`` for anything but an HTTP answer within the deadline and the cap.
  ///   An HTTP error status is an answer, not an error.
  public func get(_ url: URL, headers: [(String, String)] = []) async throws(HTTPClientError) -> Response {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .invalidURL(url.absoluteString)
    }
    guard !Task.isCancelled else { throw .cancelled }
    guard limiter.acquire() else { throw .busy(limit: limiter.limit) }
    let transfer = Transfer(
      url: url.absoluteString, host: url.host ?? url.absoluteString, headers: headers, timeout: timeout,
      maximumBodySize: maximumBodySize)
    let result = await withTaskCancellationHandler {
      await transfer.run(then: limiter.release)
    } onCancel: {
      transfer.cancel()
    }
    return try result.get()
  }
}
