import Foundation
import HTTPTransport
import Synchronization
import TestSupport
import Testing

@Suite("Requests over HTTP", .timeLimit(.minutes(10)))
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

  // MARK: - Head size

  /// The default buffer per connection (32 KiB) takes a head of 30,000 bytes (a browser's cookies
  /// are a few); a larger one gets 431 rather than a closed connection.
  @Test func theDefaultBufferTakesAHeadOf30000BytesAndRefusesOneOf40000() async throws {
    try await TestServer.with(handler: Self.echo) { server in
      let taken = try await server.request("/big", headers: ["X-Big": String(repeating: "a", count: 30_000)])
      #expect(taken.status == 200)
      let refused = try await server.request(
        "/big", headers: ["X-Big": String(repeating: "a", count: 40_000)])
      #expect(refused.status == 431)
    }
  }

  // MARK: - Client address

  /// Answers with the request's client address.
  static let address: HTTPHandler = { .text($0.clientAddress ?? "none") }

  @Test func aRequestOverLoopbackComesFrom127001() async throws {
    try await TestServer.with(handler: Self.address) { server in
      let response = try await server.request("/")
      #expect(response.text == "127.0.0.1")
    }
  }

  @Test func theClientAddressIsThePeersOwnOnEveryRequestOfAConnection() async throws {
    try await TestServer.with(handler: Self.address) { server in
      let other = try RawHTTPConnection(port: server.port, from: "127.0.0.2")
      for _ in 0..<2 {
        try other.send("GET", "/")
        #expect(try await other.response().text == "127.0.0.2")
      }
      let posted = try RawHTTPConnection(port: server.port, from: "127.0.0.3")
      try posted.send("POST", "/", body: Data("body".utf8))
      #expect(try await posted.response().text == "127.0.0.3")
    }
  }

  @Test func aRequestMadeInProcessHasNoClientAddress() {
    #expect(HTTPRequest(method: .GET, path: "/").clientAddress == nil)
  }

  // MARK: - Bodies

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
      #expect(over.header("Content-Type") == "text/plain; charset=utf-8")
      #expect(over.text == "the request body is larger than 1024 bytes")
      #expect(calls.load(ordering: .relaxed) == 1)
    }
  }

  @Test func anUploadPathTakesALargerBodyByPostOnly() async throws {
    let handler: HTTPHandler = { .text("got \($0.body.count)") }
    let configuration = TestServer.configuration {
      $0.maximumBodySize = 1024
      $0.uploadLimits = ["/upload": 100_000]
    }
    try await TestServer.with(configuration, handler: handler) { server in
      let upload = try await server.request(
        "/upload", method: "POST", body: Data(repeating: 65, count: 100_000))
      #expect(upload.text == "got 100000")
      let over = try await server.request(
        "/upload", method: "POST", body: Data(repeating: 65, count: 100_001))
      #expect(over.status == 413)
      let put = try await server.request("/upload", method: "PUT", body: Data(repeating: 65, count: 5000))
      #expect(put.status == 413, "only POST is an upload")
      let elsewhere = try await server.request(
        "/other", method: "POST", body: Data(repeating: 65, count: 5000))
      #expect(elsewhere.status == 413)
    }
  }

  /// Says how many bytes the body had.
  static let countsBytes: HTTPHandler = { .text("got \($0.body.count)") }

  /// Uploads of up to 100,000 bytes to `/upload`, `budget` bytes of them held at once.
  static func uploads(budget: Int) -> HTTPServer.Configuration {
    TestServer.configuration {
      $0.maximumBodySize = 1024
      $0.uploadLimits = ["/upload": 100_000]
      $0.uploadBudget = budget
    }
  }

  @Test func uploadsHeldAtOnceStayWithinTheBudgetAndGiveItBackWhenDone() async throws {
    // The first upload is held open while the others are sent.
    let configuration = Self.uploads(budget: 150_000)
    try await TestServer.with(configuration, handler: Self.countsBytes) { server in
      // A declares 100,000 bytes and sends 10: its head is taken (100 Continue), its bytes held.
      let first = try RawHTTPConnection(port: server.port)
      try first.send(
        "POST", "/upload", headers: [("Content-Length", "100000"), ("Expect", "100-continue")])
      #expect(try await first.head().status == 100)
      try first.write(Data(repeating: 65, count: 10))

      // Another 100,000 would pass 150,000: refused before its body is sent.
      let second = try RawHTTPConnection(port: server.port)
      try second.send(
        "POST", "/upload", headers: [("Content-Length", "100000"), ("Expect", "100-continue")])
      let refused = try await second.response()
      #expect(refused.status == 503)
      #expect(refused.headers["Retry-After"] == "5" && refused.headers["Connection"] == "close")
      #expect(refused.text.contains("as many uploads as it holds"))

      // 40,000 fit beside it; and small bodies elsewhere are not counted.
      let fits = try await server.request("/upload", method: "POST", body: Data(repeating: 65, count: 40_000))
      #expect(fits.text == "got 40000")

      try first.write(Data(repeating: 65, count: 99_990))
      #expect(try await first.response().text == "got 100000")

      // Once the first is done its bytes are back: another 100,000 is taken (as soon as the server
      // has let go of the finished request, which may come a moment after its response).
      var again: TestServer.Response?
      #expect(
        await eventually {
          // A refusal may close the connection while the body is still being sent: ask again.
          again = try? await server.request(
            "/upload", method: "POST", body: Data(repeating: 65, count: 100_000))
          return again.map { $0.status != 503 } ?? false
        })
      #expect(again?.text == "got 100000")
    }
  }

  @Test func anUploadAbandonedMidwayGivesItsBytesBack() async throws {
    // The server lets go of an abandoned upload at its request deadline: a real one, and short.
    var configuration = Self.uploads(budget: 100_000)
    configuration.requestTimeout = .seconds(1)
    configuration.clock = ContinuousClock()
    try await TestServer.with(configuration, handler: Self.countsBytes) { server in
      do {
        let abandoned = try RawHTTPConnection(port: server.port)
        try abandoned.send(
          "POST", "/upload", headers: [("Content-Length", "100000"), ("Expect", "100-continue")])
        #expect(try await abandoned.head().status == 100)
        try abandoned.write(Data(repeating: 65, count: 10))
      }  // the connection closes as it goes out of scope
      // The whole budget is free again once the server has let go of the closed connection.
      var upload: TestServer.Response?
      #expect(
        await eventually {
          // A refusal may close the connection while the body is still being sent: ask again.
          upload = try? await server.request(
            "/upload", method: "POST", body: Data(repeating: 65, count: 100_000))
          return upload.map { $0.status != 503 } ?? false
        })
      #expect(upload?.text == "got 100000")
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
      #expect(response.text == "the request body is larger than 1024 bytes")
      #expect(response.headers["Connection"] == "close")
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
