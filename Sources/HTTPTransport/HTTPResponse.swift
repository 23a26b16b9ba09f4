import Foundation

/// What a handler answers: a status, headers, and a body that is either data or a stream of events.
public struct HTTPResponse: Sendable {
  /// A response body.
  public enum Body: Sendable {
    /// The whole body, sent with a `Content-Length`.
    case data(Data)
    /// Server-Sent Events, sent as they come until the stream ends or the client leaves.
    case events(AsyncStream<ServerSentEvent>)
  }

  /// The status code: 200, 404, ...
  public var status: Int
  /// The response headers; the server adds `Content-Length` and `Date`.
  public var headers: HTTPHeaders
  /// The body.
  public var body: Body

  /// A response with a data body.
  public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = .data(body)
  }

  // MARK: - Kinds of response

  /// JSON that is already encoded, `application/json; charset=utf-8`.
  public static func json(raw: Data, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": ContentType.json], body: raw)
  }

  /// An HTML page, `text/html; charset=utf-8`.
  public static func html(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": ContentType.html], body: Data(text.utf8))
  }

  /// Plain text, `text/plain; charset=utf-8`.
  public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": ContentType.text], body: Data(text.utf8))
  }

  /// A stream of Server-Sent Events (`text/event-stream`, not cached, not buffered by proxies).
  ///
  /// The server sends each event as it comes, and a `: ping` comment every heartbeat interval. The
  /// stream's `onTermination` runs when the client leaves or the server stops.
  public static func events(_ stream: AsyncStream<ServerSentEvent>) -> HTTPResponse {
    var response = HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": ContentType.eventStream, "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
      ])
    response.body = .events(stream)
    return response
  }

  /// A redirect to `location` (303 See Other by default: the client follows it with a `GET`).
  public static func redirect(to location: String, status: Int = 303) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Location": location])
  }
}

/// The `Content-Type` values the server writes.
enum ContentType {
  static let json = "application/json; charset=utf-8"
  static let html = "text/html; charset=utf-8"
  static let text = "text/plain; charset=utf-8"
  static let eventStream = "text/event-stream"
}
