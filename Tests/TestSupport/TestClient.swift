import Foundation
import HTTPTransport

/// Sends requests to a responder in process, without a server or a socket, so that a test reaches
/// every branch of the handlers and the middleware, failures included.
///
/// Targets are written as on the wire and decoded as the server decodes them: the path
/// percent-decoded, query arguments with `+` as a space and the last of a repeated name winning. A
/// `GET` or `HEAD` the responder answers at once gets that answer, as from the server. A `HEAD`
/// response has no body, as the server sends none.
///
/// ```swift
/// let client = TestClient(responder)
/// let reply = await client.get("/v3/search/book?query=%ED%95%9C%EA%B0%95")
/// #expect(reply.status == 200)
/// ```
public struct TestClient: Sendable {
  /// A response as the client receives it.
  public struct Response: Sendable {
    /// The status.
    public let status: Int
    /// The headers.
    public let headers: HTTPHeaders
    /// The body as sent (compressed if the response is); empty for an event stream.
    public let body: Data
    /// The events of an event stream, or `nil`.
    public let events: AsyncStream<ServerSentEvent>?

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    init(_ response: HTTPResponse, head: Bool) {
      status = response.status
      headers = response.headers
      switch response.body {
      case .data(let data):
        body = head ? Data() : data
        events = nil
      case .events(let stream):
        body = Data()
        events = stream
      }
    }
  }

  private let responder: any HTTPResponder

  /// A client of `responder`.
  public init(_ responder: some HTTPResponder) { self.responder = responder }

  // MARK: - Requests

  /// The response to `method` `target` with `headers` and `body`, as if sent from `address`.
  public func send(
    _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: Data = Data(),
    from address: String? = nil
  ) async -> Response {
    let (path, query) = Self.decode(target)
    let request = HTTPRequest(
      method: method, path: path, query: query, headers: headers, body: body, clientAddress: address)
    let reads = method == .GET || method == .HEAD
    if reads, let response = responder.immediateResponse(to: request) {
      return Response(response, head: method == .HEAD)
    }
    return Response(await responder.respond(to: request), head: method == .HEAD)
  }

  /// The response to `GET` `target`.
  public func get(_ target: String, headers: HTTPHeaders = [:]) async -> Response {
    await send(.GET, target, headers: headers)
  }

  /// The response the server would send for `refusal`.
  public func refuse(_ refusal: HTTPRefusal) -> Response {
    Response(responder.response(for: refusal), head: false)
  }

  // MARK: - Targets

  private static func decode(_ target: String) -> (path: String, query: [String: String]) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0].removingPercentEncoding ?? String(parts[0])
    var query: [String: String] = [:]
    for pair in parts.count == 2 ? parts[1].split(separator: "&") : [] {
      let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decoded = field.map { $0.replacingOccurrences(of: "+", with: " ") }.map {
        $0.removingPercentEncoding ?? $0
      }
      query[decoded[0]] = decoded.count == 2 ? decoded[1] : ""
    }
    return (path, query)
  }
}
