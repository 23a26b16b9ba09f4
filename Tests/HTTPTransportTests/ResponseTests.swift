import Foundation
import Testing

@testable import HTTPTransport

@Suite("Responses", .timeLimit(.minutes(10)))
struct ResponseTests {
  static let longText = String(
    repeating: "해리 포터와 마법사의 돌 — Harry Potter and the Philosopher's Stone\n", count: 100)

  // MARK: - Kinds

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

  @Test func theServerSendsBodiesAsTheyAreWhateverTheClientAccepts() async throws {
    let handler: HTTPHandler = { _ in .text(Self.longText) }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/", headers: [("Accept-Encoding", "gzip")])
      let sent = try await connection.response()
      #expect(sent.headers["Content-Encoding"] == nil)
      #expect(sent.headers["Vary"] == nil)
      #expect(sent.headers["X-Content-Type-Options"] == nil)
      #expect(sent.text == Self.longText)
    }
  }

  @Test func headGetsTheHeadersAndNoBody() async throws {
    let handler: HTTPHandler = { _ in .text(String(repeating: "책", count: 100)) }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("HEAD", "/page")
      let head = try await connection.response(head: true)
      try connection.send("GET", "/page")
      let get = try await connection.response()

      #expect(head.status == 200)
      #expect(head.headers["Content-Length"] == "300")
      #expect(head.headers["Content-Type"] == "text/plain; charset=utf-8")
      #expect(head.body.isEmpty)
      #expect(get.body.count == 300)
    }
  }
}
