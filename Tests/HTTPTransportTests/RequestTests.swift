import Foundation
import HTTPTransport
import Synchronization
import Testing

@Suite("Requests over HTTP", .timeLimit(.minutes(1)))
struct RequestTests {
  /// Echoes the request as JSON.
  static let echo: HTTPHandler = { request in
    .json([
      "method": request.method.rawValue, "path": request.path,
      "query": request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
        separator: "&"),
      "body": String(decoding: request.body, as: UTF8.self),
      "contentType": request.headers["content-type"] ?? "",
    ])
  }

  static func decoded(_ response: TestServer.Response) throws -> [String: String] {
    try JSONDecoder().decode([String: String].self, from: response.body)
  }

  // MARK: - Path and query

  @Test func decodesPercentEncodedHangulAndPlusInTheQuery() async throws {
    try await TestServer.with(handler: Self.echo) { server in
      let response = try await server.request(
        "/v3/search/book?query=%ED%95%B4%EB%A6%AC+%ED%8F%AC%ED%84%B0&sort=latest&page=2&empty=&a%26b=c%3Dd")
      let echo = try Self.decoded(response)
      #expect(response.status == 200)
      #expect(echo["path"] == "/v3/search/book")
      #expect(echo["query"] == "a&b=c=d&empty=&page=2&query=해리 포터&sort=latest")
    }
  }

  @Test func theLastOfARepeatedQueryArgumentWins() async throws {
    try await TestServer.with(handler: Self.echo) { server in
      let echo = try Self.decoded(try await server.request("/q?page=1&page=2&page=3"))
      #expect(echo["query"] == "page=3")
    }
  }

  @Test func decodesThePath() async throws {
    try await TestServer.with(handler: Self.echo) { server in
      let echo = try Self.decoded(
        try await server.request("/books/%EC%B1%84%EC%8B%9D%EC%A3%BC%EC%9D%98%EC%9E%90?x=1"))
      #expect(echo["path"] == "/books/채식주의자")
    }
  }

  // MARK: - Bodies

  struct Note: Codable, Equatable {
    let isbn: String
    let text: String
    let stars: Int
  }

  @Test func decodesAJSONBody() async throws {
    let handler: HTTPHandler = { request in
      do {
        let note = try request.decode(Note.self)
        return .json(Note(isbn: note.isbn, text: note.text + "!", stars: note.stars + 1), status: 201)
      } catch {
        return .json(["errorType": "InvalidBody", "message": "\(error)"], status: 400)
      }
    }
    try await TestServer.with(handler: handler) { server in
      let note = Note(isbn: "9788936433598", text: "좋은 책 / 추천", stars: 4)
      let created = try await server.request(
        "/notes", method: "POST", headers: ["Content-Type": "application/json"],
        body: try JSONEncoder().encode(note))
      #expect(created.status == 201)
      #expect(
        try JSONDecoder().decode(Note.self, from: created.body)
          == Note(isbn: note.isbn, text: "좋은 책 / 추천!", stars: 5))
      #expect(created.text.contains("좋은 책 / 추천!"))  // no escaped slash

      let invalid = try await server.request(
        "/notes", method: "POST", body: Data(#"{"isbn":"1","text":"t"}"#.utf8))
      #expect(invalid.status == 400)
      #expect(try Self.decoded(invalid)["message"] == #"invalid JSON body: missing "stars""#)
    }
  }

  @Test func decodesAFormBody() async throws {
    let handler: HTTPHandler = { request in
      do {
        return .json(try request.form())
      } catch {
        return .text("\(error)", status: 400)
      }
    }
    try await TestServer.with(handler: handler) { server in
      let form = try await server.request(
        "/form", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Data("title=%ED%95%B4%EB%A6%AC+%ED%8F%AC%ED%84%B0&note=a%2Bb%26c&empty=&flag".utf8))
      #expect(try Self.decoded(form) == ["title": "해리 포터", "note": "a+b&c", "empty": "", "flag": ""])

      let bad = try await server.request("/form", method: "POST", body: Data("a=%ZZ".utf8))
      #expect(bad.status == 400)
      #expect(bad.text.contains("bad percent escape"))
    }
  }

  @Test func aBodyOverTheLimitGets413WithoutCallingTheHandler() async throws {
    let calls = Atomic(0)
    let handler: HTTPHandler = { request in
      calls.add(1, ordering: .relaxed)
      return .text("got \(request.body.count)")
    }
    try await TestServer.with(TestServer.configuration { $0.maximumBodySize = 1024 }, handler: handler) {
      server in
      let atLimit = try await server.request(
        "/upload", method: "POST", body: Data(repeating: 65, count: 1024))
      #expect(atLimit.text == "got 1024")

      let over = try await server.request("/upload", method: "POST", body: Data(repeating: 65, count: 5000))
      #expect(over.status == 413)
      #expect(over.header("Content-Type") == "application/json; charset=utf-8")
      #expect(try Self.decoded(over)["errorType"] == "PayloadTooLarge")
      #expect(calls.load(ordering: .relaxed) == 1)
    }
  }

  @Test func aClientWaitingFor100ContinueGets413BeforeSendingTheBody() async throws {
    let handler: HTTPHandler = { _ in
      Issue.record("the handler was called")
      return .text("no")
    }
    try await TestServer.with(TestServer.configuration { $0.maximumBodySize = 1024 }, handler: handler) {
      server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send(
        "PUT", "/upload", headers: [("Content-Length", "10000000"), ("Expect", "100-continue")])
      let response = try await connection.response()
      #expect(response.status == 413)
      #expect(response.text.contains("PayloadTooLarge"))
    }
  }

  @Test func bodiesDoNotHaveToBeUTF8() async throws {
    let handler: HTTPHandler = { .text("\($0.body.count) \($0.body.first ?? 0)") }
    try await TestServer.with(handler: handler) { server in
      let response = try await server.request("/bytes", method: "POST", body: Data([0xFF, 0xFE, 0x00, 0x80]))
      #expect(response.text == "4 255")
    }
  }

  @Test func keepAliveConnectionsServeSeveralRequests() async throws {
    try await TestServer.with(handler: Self.echo) { server in
      let connection = try RawHTTPConnection(port: server.port)
      for index in 0..<3 {
        try connection.send("POST", "/n?i=\(index)", body: Data("body \(index)".utf8))
        let echo = try JSONDecoder().decode([String: String].self, from: try await connection.response().body)
        #expect(echo["query"] == "i=\(index)")
        #expect(echo["body"] == "body \(index)")
      }
    }
  }
}
