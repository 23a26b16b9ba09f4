import Foundation
import Testing

@testable import HTTPTransport

@Suite("Responses and gzip", .timeLimit(.minutes(1)))
struct ResponseTests {
  struct Book: Encodable {
    let title: String
    let url: String
    let authors: [String]
  }

  static let longText = String(
    repeating: "해리 포터와 마법사의 돌 — Harry Potter and the Philosopher's Stone\n", count: 100)

  // MARK: - Kinds

  @Test func jsonHasSortedKeysUnescapedSlashesAndACharset() async throws {
    let response = HTTPResponse.json(
      Book(title: "채식주의자", url: "https://search.daum.net/search?q=1", authors: ["한강"]), status: 201)
    guard case .data(let body) = response.body else {
      throw RawHTTPConnection.Failure(description: "not data")
    }
    #expect(response.status == 201)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"{"authors":["한강"],"title":"채식주의자","url":"https://search.daum.net/search?q=1"}"#)
  }

  @Test func everyKindHasItsContentType() {
    #expect(HTTPResponse.html("<p>").headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(HTTPResponse.text("t").headers["Content-Type"] == "text/plain; charset=utf-8")
    #expect(
      HTTPResponse.json(raw: Data("[]".utf8)).headers["Content-Type"] == "application/json; charset=utf-8")
    let events = HTTPResponse.events(AsyncStream { $0.finish() })
    #expect(events.headers["Content-Type"] == "text/event-stream")
    #expect(events.headers["Cache-Control"] == "no-cache")
    let redirect = HTTPResponse.redirect(to: "/library")
    #expect(redirect.status == 303)
    #expect(redirect.headers["Location"] == "/library")
  }

  @Test func headersAreCaseInsensitiveAndKeepRepeatedValues() {
    var headers: HTTPHeaders = ["Content-Type": "text/plain"]
    headers.add("Set-Cookie", "a=1")
    headers.add("set-cookie", "b=2")
    #expect(headers["CONTENT-TYPE"] == "text/plain")
    #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
    headers["SET-COOKIE"] = "c=3"
    #expect(headers.values(for: "set-cookie") == ["c=3"])
    headers["content-type"] = nil
    #expect(headers["Content-Type"] == nil)
    #expect(Array(headers).map(\.name) == ["SET-COOKIE"])
  }

  @Test func eventsAreEncodedLineByLine() {
    #expect(String(decoding: ServerSentEvent(data: "hi").encoded, as: UTF8.self) == "data: hi\n\n")
    #expect(
      String(
        decoding: ServerSentEvent(event: "library\nchanged", data: "a\nb\r\nc", id: "7").encoded,
        as: UTF8.self)
        == "event: library changed\nid: 7\ndata: a\ndata: b\ndata: c\n\n")
    #expect(String(decoding: ServerSentEvent.comment("ping").encoded, as: UTF8.self) == ": ping\n\n")
  }

  // MARK: - Over HTTP

  @Test func everyResponseSaysNosniff() async throws {
    let handler: HTTPHandler = { _ in .text("ok") }
    try await TestServer.with(TestServer.configuration { $0.maximumBodySize = 10 }, handler: handler) {
      server in
      #expect(try await server.request("/").header("X-Content-Type-Options") == "nosniff")
      let tooLarge = try await server.request("/", method: "POST", body: Data(count: 100))
      #expect(tooLarge.status == 413)
      #expect(tooLarge.header("X-Content-Type-Options") == "nosniff")
    }
  }

  @Test func redirectsAreSentAsTheyAre() async throws {
    let handler: HTTPHandler = { _ in .redirect(to: "/library?saved=1") }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("POST", "/save", body: Data("isbn=1".utf8))
      let response = try await connection.response()
      #expect(response.status == 303)
      #expect(response.headers["Location"] == "/library?saved=1")
    }
  }

  @Test func compressesLargeTextOnlyForClientsThatAcceptGzip() async throws {
    let handler: HTTPHandler = { _ in .text(Self.longText) }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/", headers: [("Accept-Encoding", "br;q=1.0, gzip;q=0.8, *;q=0.1")])
      let gzipped = try await connection.response()
      #expect(gzipped.headers["Content-Encoding"] == "gzip")
      #expect(gzipped.headers["Vary"] == "Accept-Encoding")
      #expect(gzipped.headers["Content-Type"] == "text/plain; charset=utf-8")
      #expect(gzipped.body.count < Self.longText.utf8.count / 4)
      #expect(String(decoding: try gunzip(gzipped.body), as: UTF8.self) == Self.longText)

      for refusal in [nil, "identity", "gzip;q=0", "br, deflate", "*;q=0"] {
        try connection.send("GET", "/", headers: refusal.map { [("Accept-Encoding", $0)] } ?? [])
        let plain = try await connection.response()
        #expect(plain.headers["Content-Encoding"] == nil, "Accept-Encoding: \(refusal ?? "none")")
        #expect(plain.headers["Vary"] == "Accept-Encoding")
        #expect(plain.text == Self.longText)
      }
    }
  }

  @Test(arguments: [
    (HTTPResponse.text("short"), "short text"),
    (HTTPResponse(headers: ["Content-Type": "image/png"], body: Data(repeating: 7, count: 5000)), "png"),
    (HTTPResponse(body: Data(repeating: 7, count: 5000)), "no type"),
  ])
  func leavesSmallOrIncompressibleBodiesAlone(response: HTTPResponse, label: String) async throws {
    let handler: HTTPHandler = { _ in response }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/", headers: [("Accept-Encoding", "gzip")])
      let sent = try await connection.response()
      #expect(sent.headers["Content-Encoding"] == nil, "\(label)")
      #expect(sent.headers["Vary"] == nil, "\(label)")
    }
  }

  @Test func compressesJSONToo() async throws {
    let books = (0..<50).map { Book(title: "책 \($0)", url: "https://example.com/\($0)", authors: ["작가"]) }
    let handler: HTTPHandler = { _ in .json(books) }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/", headers: [("Accept-Encoding", "gzip, deflate")])
      let response = try await connection.response()
      #expect(response.headers["Content-Encoding"] == "gzip")
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      #expect(try gunzip(response.body) == encoder.encode(books))
    }
  }
}
