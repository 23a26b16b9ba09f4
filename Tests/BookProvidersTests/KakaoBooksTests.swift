import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookProviders

@Suite("Kakao book search over HTTP")
struct KakaoBooksTests {
  // MARK: - Requests

  @Test func sendsTheKeyAsKakaoAKAuthorization() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.empty) }
    defer { server.stop() }

    _ = try await KakaoBooks(apiKey: "0123abcd", baseURL: server.baseURL).search(SearchQuery(query: "책"))

    let request = try #require(server.requests.first)
    #expect(server.requests.count == 1)
    #expect(request.method == "GET")
    #expect(request.path == "/v3/search/book")
    #expect(request.header("Authorization") == "KakaoAK 0123abcd")
  }

  @Test(arguments: [
    (
      try SearchQuery(query: "해리 포터"),
      ["query": "해리 포터", "sort": "accuracy", "page": "1", "size": "10"]
    ),
    (
      try SearchQuery(query: "a&b+c=d", target: .title, sort: .latest, page: 3, size: 50),
      ["query": "a&b+c=d", "sort": "latest", "page": "3", "size": "50", "target": "title"]
    ),
    (
      try SearchQuery(query: "9788936433598", target: .isbn, size: 1),
      ["query": "9788936433598", "sort": "accuracy", "page": "1", "size": "1", "target": "isbn"]
    ),
    (
      try SearchQuery(query: "문학동네", target: .publisher, page: 50),
      ["query": "문학동네", "sort": "accuracy", "page": "50", "size": "10", "target": "publisher"]
    ),
  ])
  func sendsKakaosParameters(query: SearchQuery, expected: [String: String]) async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.empty) }
    defer { server.stop() }

    _ = try await KakaoBooks(apiKey: "key", baseURL: server.baseURL).search(query)

    #expect(try #require(server.requests.first).query == expected)
  }

  @Test func percentEncodesHangulAndReservedCharacters() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.empty) }
    defer { server.stop() }
    let kakao = KakaoBooks(apiKey: "key", baseURL: server.baseURL)

    _ = try await kakao.search(SearchQuery(query: "해리 포터"))
    _ = try await kakao.search(SearchQuery(query: "C++ & Rust"))

    let targets = server.requests.map(\.target)
    #expect(targets.count == 2)
    #expect(targets.first?.contains("query=%ED%95%B4%EB%A6%AC%20%ED%8F%AC%ED%84%B0&") == true)
    #expect(targets.last?.contains("query=C%2B%2B%20%26%20Rust&") == true)
  }

  // MARK: - Answers

  @Test func decodesKakaoDocumentsWithTheirQuirks() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.twoBooks) }
    defer { server.stop() }

    let page = try await KakaoBooks(apiKey: "key", baseURL: server.baseURL).search(SearchQuery(query: "책"))

    #expect(page.meta == .init(totalCount: 57, pageableCount: 2, isEnd: false))
    try #require(page.documents.count == 2)
    let first = page.documents[0]
    #expect(first.title == "채식주의자")
    #expect(first.isbn == "8936433598 9788936433598")
    #expect(first.id.rawValue == "9788936433598")
    #expect(first.price == 12000 && first.salePrice == 10800)
    #expect(first.datetime.map(KakaoDate.format) == "2007-10-30T00:00:00.000+09:00")
    let second = page.documents[1]
    #expect(second.isbn == "9788983927620")
    #expect(second.salePrice == -1)
    #expect(second.effectivePrice == 10000)
    #expect(second.thumbnail.isEmpty)
    #expect(second.authors == ["J.K. 롤링"] && second.translators == ["강동혁"])
  }

  @Test func requestsTheAskedPageAndPassesIsEndThrough() async throws {
    let last =
      #"{"documents":[{"title":"마지막 책"}],"meta":{"is_end":true,"pageable_count":11,"total_count":11}}"#
    let server = try StubHTTPServer { _ in .json(last) }
    defer { server.stop() }

    let page = try await KakaoBooks(apiKey: "key", baseURL: server.baseURL)
      .search(SearchQuery(query: "책", page: 2))

    #expect(server.requests.first?.query["page"] == "2")
    #expect(page.meta == .init(totalCount: 11, pageableCount: 11, isEnd: true))
    #expect(page.documents.map(\.title) == ["마지막 책"])
  }

  // MARK: - Errors

  @Test func unauthorizedMeansTheKeyWasRejected() async throws {
    let body = #"{"errorType":"AccessDeniedError","message":"cannot find appkey"}"#
    let server = try StubHTTPServer { _ in .json(body, status: 401) }
    defer { server.stop() }

    let error = try await searchError(server)

    #expect(error == .rejectedKey(provider: "Kakao", message: "cannot find appkey"))
    #expect(error.isKeyProblem)
    #expect(error.description == "Kakao rejected the API key (check KAKAO_REST_API_KEY)")
    #expect(error.detail == "cannot find appkey")
  }

  /// Kakao's 401 messages can quote the key; it must reach neither a client nor the log.
  @Test func theKeyIsRedactedFromWhatTheProviderSays() async throws {
    let body = #"{"errorType":"AccessDeniedError","message":"wrong appKey(SECRET-42) format"}"#
    let server = try StubHTTPServer { _ in .json(body, status: 401) }
    defer { server.stop() }

    let error = try await searchError(server, key: "SECRET-42")

    #expect(!error.description.contains("SECRET-42"))
    #expect(
      error.logDescription
        == "Kakao rejected the API key (check KAKAO_REST_API_KEY) (wrong appKey([redacted]) format)")
  }

  @Test func forbiddenWithoutJSONStillMeansTheKeyWasRejected() async throws {
    let server = try StubHTTPServer { _ in
      .init(status: 403, headers: ["Content-Type": "text/html"], body: Data("<html>nope</html>".utf8))
    }
    defer { server.stop() }

    let error = try await searchError(server)

    #expect(error == .rejectedKey(provider: "Kakao", message: "HTTP 403 with no message"))
  }

  @Test func badRequestCarriesKakaosErrorTypeAndMessage() async throws {
    let body = #"{"errorType":"InvalidArgument","message":"page is more than max"}"#
    let server = try StubHTTPServer { _ in .json(body, status: 400) }
    defer { server.stop() }

    let error = try await searchError(server)

    #expect(
      error
        == .rejectedRequest(
          provider: "Kakao", status: 400, errorType: "InvalidArgument", message: "page is more than max"))
    #expect(error.status == 400)
    #expect(!error.isKeyProblem)
  }

  @Test func tooManyRequestsMeansRateLimited() async throws {
    let server = try StubHTTPServer { _ in
      .json(#"{"errorType":"RateLimit","message":"slow down"}"#, status: 429)
    }
    defer { server.stop() }

    #expect(try await searchError(server) == .rateLimited(provider: "Kakao"))
  }

  @Test(arguments: [500, 502, 503])
  func serverFailuresAreServerErrors(status: Int) async throws {
    let server = try StubHTTPServer { _ in .json(#"{"errorType":"InternalError"}"#, status: status) }
    defer { server.stop() }

    #expect(try await searchError(server) == .serverError(provider: "Kakao", status: status))
  }

  @Test(arguments: [
    ("<html>maintenance</html>", "the body is not JSON"),
    (#"{"documents":[]}"#, "missing meta"),
    (
      #"{"documents":[{"title":""}],"meta":{"is_end":true,"pageable_count":1,"total_count":1}}"#,
      "documents.0.title"
    ),
  ])
  func successWithoutKakaosJSONIsAnInvalidResponse(body: String, detail: String) async throws {
    let server = try StubHTTPServer { _ in .json(body) }
    defer { server.stop() }

    let error = try await searchError(server)

    #expect(error.description == "Kakao answered with an invalid response")
    #expect(error.detail?.contains(detail) == true)
  }

  @Test func slowServerTimesOutAsUnreachable() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.empty, delay: 2) }
    defer { server.stop() }

    let error = try await searchError(server, timeout: 0.5)

    // The stub's slow answer is the test's subject: it answers after 2 s, so an error at all
    // proves the deadline fired first.
    #expect(error == .unreachable(provider: "Kakao", detail: "timed out after 0.5 s"))
  }

  @Test func refusedConnectionIsUnreachable() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.empty) }
    server.stop()

    let error = try await searchError(server)

    #expect(error.description.hasPrefix("Kakao could not be reached: connection refused"))
  }

  @Test(arguments: ["", "  \n"])
  func missingKeyFailsWithoutARequest(key: String) async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.empty) }
    defer { server.stop() }

    let error = try await searchError(server, key: key)

    #expect(error == .missingKey(provider: "Kakao"))
    #expect(error.isKeyProblem)
    #expect(server.requests.isEmpty)
  }

  // MARK: - Helpers

  /// The error a search for `책` against `server` fails with.
  private func searchError(
    _ server: StubHTTPServer, key: String = "test-key-0123", timeout: TimeInterval = 5
  ) async throws -> BookSearchError {
    try await KakaoBooks(apiKey: key, baseURL: server.baseURL, timeout: timeout)
      .searchError(SearchQuery(query: "책"))
  }
}
