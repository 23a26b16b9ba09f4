/// Why a request got no HTTP answer. Descriptions are the client's own words, never the server's.
public enum HTTPClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No complete answer within the deadline.
  case timedOut(Duration)
  /// The host name does not resolve.
  case cannotResolve(host: String)
  /// Nothing accepted the connection.
  case cannotConnect(host: String)
  /// The connection closed or failed before the answer was complete.
  case connectionLost(host: String)
  /// No trusted TLS connection could be made.
  case insecure(host: String)
  /// The body is larger than the cap, in bytes.
  case bodyTooLarge(limit: Int)
  /// The calling task was cancelled.
  case cancelled
  /// Too many requests are in flight in this process already.
  case busy(limit: Int)
  /// The address is not an http(s) URL.
  case invalidURL(String)
  /// Any other transport failure, in libcurl's words.
  case failed(String)

  /// The failure in words a person can act on, naming the host where there is one.
  public var description: String {
    switch self {
    case .timedOut(let timeout):
      let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
      return "timed out after \(String(format: "%g", seconds)) s"
    case .cannotResolve(let host): return "cannot find the host \(host)"
    case .cannotConnect(let host): return "connection refused by \(host)"
    case .connectionLost(let host): return "the connection to \(host) was lost"
    case .insecure(let host): return "no secure connection to \(host)"
    case .bodyTooLarge(let limit): return "the answer is larger than \(limit / 1024 / 1024) MB"
    case .cancelled: return "the request was cancelled"
    case .busy(let limit): return "\(limit) requests are in flight already"
    case .invalidURL(let url): return "\(url) is not an http(s) URL"
    case .failed(let message): return message
    }
  }
}
