import BookCatalog
import BookProviders
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport
import Storage
import TestSupport
import Testing

/// What clients get when something fails underneath: a database that errs, a provider that fails.
/// Never SQL, a Swift error's text or a provider's words; an internal error's id is in the log.
@Suite("Failures", .timeLimit(.minutes(10)))
struct FailureTests {
  /// Words of the database's errors that must not reach a client.
  static let leaks = ["saved_books", "recent_views", "no such table", "SELECT", "SQL", "Error(", "sqlite"]

  /// Drops the library's tables under the running app, as a damaged or foreign file would leave it.
  static func breakLibrary(at path: String) async throws {
    let database = try Database(path: path)
    try await database.write { try $0.execute("DROP TABLE saved_books; DROP TABLE recent_views") }
  }

  // MARK: - 500

  @Test(arguments: [
    (HTTPMethod.GET, "/api/library"), (.GET, "/api/recent"), (.PUT, "/api/library/9788936433598"),
    (.DELETE, "/api/library"), (.DELETE, "/api/library/9788936433598"), (.POST, "/api/recent/9788936433598"),
    (.GET, "/api/books/9788936433598"), (.GET, "/fragments/saved"), (.GET, "/books/9788936433598"),
    (.GET, "/"), (.GET, "/?query=%EC%8B%9C%EB%A6%AC%EC%A6%88"), (.GET, "/saved"), (.GET, "/stats"),
    (.GET, "/fragments/recent"), (.GET, "/fragments/results?query=x"),
  ])
  func aFailingDatabaseIsAPlain500WithALoggedRequestID(method: HTTPMethod, path: String) async throws {
    try await AppFixture.with { app in
      try await Self.breakLibrary(at: app.libraryPath)
      let reply = await app.client.send(method, path)
      #expect(reply.status == 500)
      #expect(reply.headers["Content-Type"] == "text/plain; charset=utf-8")
      #expect(reply.headers["X-Content-Type-Options"] == "nosniff")
      let id = try #require(reply.text.firstMatch(of: /^Internal error \(id ([0-9a-f]{8})\)$/)?.1)
      for word in Self.leaks { #expect(!reply.text.contains(word), "\(word) in \(reply.text)") }
      let line = try #require(app.log.all.first { $0.contains(String(id)) })
      // The log names the path without its query (a query may hold what the reader typed).
      let logged = path.split(separator: "?")[0]
      #expect(line.hasPrefix("internal error \(id) answering \(method) \(logged): "))
      #expect(line.contains("no such table"))
    }
  }

  @Test func aPageWhoseSearchOrYearCannotBeReadSaysSoInKorean() async throws {
    try await AppFixture.with { app in
      for path in ["/?query=x&page=99", "/?query=x&sort=newest", "/stats?year=0"] {
        let page = await app.client.get(path)
        #expect(page.status == 400 && page.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(path)")
        #expect(page.text.contains("<h1>") && !page.text.contains("errorType"), "\(path)")
      }
      #expect(await app.client.get("/?query=").status == 200, "no query is no search")
      #expect(app.log.all.isEmpty)
    }
  }

  // MARK: - 502 and 503

  /// A Kakao that fails with 500 and says things no client may read.
  static func failingKakao() -> RawServer {
    RawServer { client, _ in
      let body = #"{"errorType":"InternalServerError","message":"SELECT key FROM secrets -- test-key"}"#
      RawServer.write(
        "HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)", to: client)
    }
  }

  /// Kakao at `kakao`, resting a minute after a failure: long enough that a loaded machine still
  /// asks again while it rests.
  static func settings(kakao: URL) throws -> ProviderSettings {
    var settings = try ProviderSettings(environment: [
      "KAKAO_REST_API_KEY": "test-key", "CHAEK_KAKAO_URL": kakao.absoluteString,
    ])
    settings.breaker = .init(initialBackoff: .seconds(60))
    return settings
  }

  @Test func aFailingProviderIs502ThenWhileItRests503WithRetryAfter() async throws {
    let kakao = Self.failingKakao()
    defer { kakao.stop() }
    try await AppFixture.with(source: .kakao, settings: try Self.settings(kakao: kakao.url())) { app in
      let failed = await app.client.get("/v3/search/book?query=x")
      #expect(failed.status == 502)
      #expect(
        failed.text == #"{"errorType":"ProviderError","message":"Kakao failed (HTTP 500); try again later"}"#)
      #expect(failed.headers["Access-Control-Allow-Origin"] == "*")

      let resting = await app.client.get("/v3/search/book?query=x")
      #expect(resting.status == 503)
      let retryAfter = try #require(resting.headers["Retry-After"].flatMap(Int.init))
      #expect((1...60).contains(retryAfter))
      let body = try JSONDecoder().decode([String: String].self, from: resting.body)
      #expect(body["errorType"] == "ServiceUnavailable")
      #expect(
        body["message"]?.hasPrefix("Kakao failed (HTTP 500); try again later; Kakao is asked again in ")
          == true)

      let fragment = await app.client.get("/fragments/results?query=x")
      #expect(fragment.status == 502)
      #expect(
        fragment.text
          == #"{"errorType":"ProviderError","message":"Kakao에 연결하지 못해 검색할 수 없어요. 잠시 뒤 다시 해 주세요."}"#)

      let book = await app.client.get("/api/books/9780306406157")
      #expect(book.status == 503)
      #expect(book.headers["Retry-After"] != nil)

      for reply in [failed, resting, fragment, book] {
        #expect(!reply.text.contains("SELECT") && !reply.text.contains("test-key"), "\(reply.text)")
        #expect(reply.headers["X-Content-Type-Options"] == "nosniff")
      }
      #expect(app.log.all.isEmpty, "handled errors are not internal errors")
    }
  }
}
