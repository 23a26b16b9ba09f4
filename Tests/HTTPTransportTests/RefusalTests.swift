import Foundation
import HTTPTransport
import Synchronization
import Testing

/// Requests the server refuses before any handler runs: ambiguous framing, and paths or query
/// arguments that are not UTF-8 or hold a NUL once decoded. Sent as raw bytes, since URLSession
/// would not send most of them.
@Suite("Refused requests", .serialized, .timeLimit(.minutes(10)))
struct RefusalTests {
  /// A server whose handler counts its calls and echoes the path.
  final class Counter: Sendable {
    let calls = Atomic(0)

    var handler: HTTPHandler {
      { request in
        self.calls.add(1, ordering: .relaxed)
        return .text("\(request.method.rawValue) \(request.path) \(request.query.sorted { $0.key < $1.key })")
      }
    }
  }

  static func exchange(_ port: Int, _ request: String) async throws -> RawHTTPConnection.Response {
    let connection = try RawHTTPConnection(port: port)
    try connection.write(Data(request.utf8))
    return try await connection.response()
  }

  /// Renders refusals as JSON and tries to keep the connection open.
  struct JSONRefusals: HTTPResponder {
    func respond(to request: HTTPRequest) async -> HTTPResponse { .text("handled") }

    func response(for refusal: HTTPRefusal) -> HTTPResponse {
      var response = HTTPResponse.json(["status": "\(refusal.status)", "why": refusal.message])
      response.headers["Connection"] = "keep-alive"
      return response.with(status: refusal.status)
    }
  }

  // MARK: - Rendering

  @Test func theResponderRendersRefusalsButTheServerStillClosesTheConnection() async throws {
    try await TestServer.with(responder: JSONRefusals()) { server in
      let response = try await Self.exchange(
        server.port,
        "PUT /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}abc")
      #expect(response.status == 400)
      #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
      #expect(
        try JSONDecoder().decode([String: String].self, from: response.body)
          == ["status": "400", "why": "the request has conflicting Content-Length headers"])
      #expect(response.headers["Connection"] == "close")
    }
  }

  @Test func byDefaultRefusalsArePlainText() async throws {
    try await TestServer.with(handler: Counter().handler) { server in
      let response = try await Self.exchange(server.port, "GET /%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(response.status == 400)
      #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
      #expect(response.text == "the path is not UTF-8 text, or holds a NUL (%00)")
    }
  }

  // MARK: - Framing

  @Test func aRequestWithContentLengthAndTransferEncodingIsRefusedAndItsHiddenRequestNeverRuns()
    async throws
  {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      let hidden = "DELETE /library HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
      try connection.write(
        Data(
          ("POST /recent HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(5 + hidden.utf8.count)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + hidden).utf8))
      let response = try await connection.response()
      #expect(response.status == 400)
      #expect(response.text.contains("Content-Length and Transfer-Encoding"))
      #expect(response.headers["Connection"] == "close")
      #expect(await connection.isClosedByServer())
      #expect(counter.calls.load(ordering: .relaxed) == 0)
    }
  }

  @Test func conflictingContentLengthsAreRefused() async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(
        server.port,
        "PUT /library/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}abc")
      #expect(response.status == 400)
      #expect(response.text.contains("conflicting Content-Length"))
      #expect(counter.calls.load(ordering: .relaxed) == 0)
    }
  }

  @Test func aRepeatedIdenticalContentLengthIsAccepted() async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(
        server.port, "PUT /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}")
      #expect(response.status == 200)
      #expect(counter.calls.load(ordering: .relaxed) == 1)
    }
  }

  @Test func aTransferEncodingOtherThanChunkedIsNotImplemented() async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(
        server.port, "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\nabc")
      #expect(response.status == 501)
      #expect(counter.calls.load(ordering: .relaxed) == 0)
    }
  }

  @Test func aChunkedBodyStillWorks() async throws {
    let handler: HTTPHandler = { .text(String(decoding: $0.body, as: UTF8.self)) }
    try await TestServer.with(handler: handler) { server in
      let response = try await Self.exchange(
        server.port,
        "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
      )
      #expect(response.status == 200)
      #expect(response.text == "abcde")
    }
  }

  // MARK: - Paths and arguments

  @Test(arguments: [
    "/library/9780439554930%00junk", "/static/app.js%00.png", "/%FF", "/%C0%AF", "/a%ED%A0%80",
  ])
  func aPathThatDecodesToANulOrInvalidUTF8IsRefused(path: String) async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(
        server.port, "DELETE \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(response.status == 400)
      #expect(response.text.contains("path"))
      #expect(counter.calls.load(ordering: .relaxed) == 0)
    }
  }

  @Test(arguments: [
    "query=%ff%fe", "query=%C0%AF", "query=%E0%80%AF", "query=%F0%80%80%AF", "query=a%00b", "q%00=1",
    "query=%ED%A0%80", "query=%F4%90%80%80", "query=%E2%82",
  ])
  func aQueryArgumentThatDecodesToANulOrInvalidUTF8IsRefused(query: String) async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(
        server.port, "GET /v3/search/book?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(response.status == 400)
      #expect(response.text.contains("UTF-8"))
      #expect(counter.calls.load(ordering: .relaxed) == 0)
    }
  }

  @Test func validUTF8AndLonePercentSignsStillReachTheHandler() async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(
        server.port,
        "GET /books/%EC%B1%85/100% HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".replacingOccurrences(
          of: " HTTP", with: "?q=%F0%9F%93%9A+%ED%95%9C HTTP"))
      #expect(response.status == 200)
      #expect(response.text == "GET /books/책/100% [(key: \"q\", value: \"📚 한\")]")
    }
  }

  // MARK: - Request line and headers

  /// Raw bytes the server must refuse with 400 before any handler runs, and close the connection.
  static let malformed: [(String, Data)] = [
    ("a raw NUL in the target", Data("DELETE /library/1\0junk HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
    ("no HTTP version", Data("DELETE /library/1\0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
    ("HTTP/1.1 without Host", Data("GET /healthz HTTP/1.1\r\n\r\n".utf8)),
    ("a space in a header name", Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX Bad: 1\r\n\r\n".utf8)),
    (
      "a header value that is not UTF-8",
      Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Name: ".utf8) + Data([0xFF, 0xFE])
        + Data("\r\n\r\n".utf8)
    ),
    (
      "a raw NUL in a header value",
      Data("GET /healthz HTTP/1.1\r\nX-Name: a\0b\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    ),
    (
      "a raw NUL in the last header value",
      Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Name: a\0b\r\n\r\n".utf8)
    ),
    (
      "chunked twice",
      Data("PUT /library/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked, chunked\r\n\r\n".utf8)
    ),
    (
      "a declared body over the limit, never sent",
      Data("PUT /library/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999\r\n\r\n".utf8)
    ),
  ]

  @Test(arguments: malformed)
  func malformedRequestsAreRefusedBeforeAnyHandler(name: String, request: Data) async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.write(request)
      let response = try await connection.response()
      #expect((400..<500).contains(response.status), "\(name): \(response.status)")
      // libmicrohttpd itself answers the missing Host, and keeps the connection: nothing follows.
      if name != "HTTP/1.1 without Host" { #expect(await connection.isClosedByServer()) }
      #expect(counter.calls.load(ordering: .relaxed) == 0)
    }
  }

  /// Heads that are unusual but well formed still reach the handler: bare LF line breaks, empty
  /// values, trailing spaces, and a body right after the head.
  @Test(arguments: [
    "GET /a HTTP/1.1\nHost: 127.0.0.1\nX-One: 1\nX-Two: 2\n\n",
    "GET /a HTTP/1.1\r\nX-Empty:\r\nHost: 127.0.0.1\r\nX-Spaces: a b  \r\n\r\n",
    "PUT /a HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}",
    "PUT /a HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 2\n\n{}",
  ])
  func wellFormedHeadsStillReachTheHandler(request: String) async throws {
    let counter = Counter()
    try await TestServer.with(handler: counter.handler) { server in
      let response = try await Self.exchange(server.port, request)
      #expect(response.status == 200)
      #expect(counter.calls.load(ordering: .relaxed) == 1)
    }
  }
}
