/// A request the server answers itself, before any handler runs: a malformed or ambiguous head
/// (400), a transfer coding it does not read (501), a body over the limit (413), an upload beyond
/// the upload budget (503), a server that is stopping (503), an event stream beyond the limit (503).
///
/// The ``HTTPResponder`` chooses the response's body; the server then sets the headers the refusal
/// needs (`Connection: close`, so that nothing left of the request is read as another one, and
/// `Retry-After`), which the responder cannot take away.
public struct HTTPRefusal: Error, Sendable, Equatable {
  /// The status: 400, 413, 501 or 503.
  public let status: Int
  /// Why, for a person: `the request has conflicting Content-Length headers`.
  public let message: String
  /// The headers the server sets on whatever the responder answers.
  let headers: HTTPHeaders

  /// A refusal with `status` and `message`, and no headers of its own.
  public init(status: Int, message: String) {
    self.init(status: status, message: message, headers: [:])
  }

  private init(status: Int, message: String, headers: HTTPHeaders) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  // MARK: - Kinds

  /// 400 for a request that could mean something other than it says; the connection is closed.
  static func badRequest(_ message: String) -> HTTPRefusal {
    HTTPRefusal(status: 400, message: message, headers: ["Connection": "close"])
  }

  /// 501 for a `Transfer-Encoding` the server does not read; the connection is closed.
  static func notImplemented(_ message: String) -> HTTPRefusal {
    HTTPRefusal(status: 501, message: message, headers: ["Connection": "close"])
  }

  /// 413 for a body above `limit` bytes; with `closing`, for a body declared too large before it
  /// is sent, the connection is closed rather than the body read.
  static func tooLarge(limit: Int, closing: Bool = false) -> HTTPRefusal {
    HTTPRefusal(
      status: 413, message: "the request body is larger than \(limit) bytes",
      headers: closing ? ["Connection": "close"] : [:])
  }

  /// 503 for an upload that would pass the server's upload budget of `capacity` bytes: try again
  /// in `retryAfter` seconds. The connection is closed rather than the body read.
  static func uploadsFull(capacity: Int, retryAfter: Int) -> HTTPRefusal {
    HTTPRefusal(
      status: 503, message: "the server is receiving as many uploads as it holds (\(capacity) bytes)",
      headers: ["Retry-After": "\(retryAfter)", "Connection": "close"])
  }

  /// 503 for a request that comes while the server stops.
  static let stopping = HTTPRefusal(status: 503, message: "the server is stopping")

  /// 503 for an event stream beyond the server's `limit`: try again in `retryAfter` seconds. The
  /// connection is closed, so that a refused client holds no slot.
  static func tooManyStreams(limit: Int, retryAfter: Int) -> HTTPRefusal {
    HTTPRefusal(
      status: 503, message: "the server has \(limit) event streams open, as many as it allows",
      headers: ["Retry-After": "\(retryAfter)", "Connection": "close"])
  }
}
