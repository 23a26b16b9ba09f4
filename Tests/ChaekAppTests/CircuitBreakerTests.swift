import BookModel
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BookCatalog
@testable import BookProviders
@testable import ChaekApp

/// The provider that the breaker guards is a real HTTP stub; the tests count what reaches it.
@Suite("Circuit breaker: a failing provider rests, then one probe asks it again")
struct CircuitBreakerTests {
  /// Lines the service logged.
  final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
  }

  /// A stub whose answer the test switches between failing and working.
  final class Switch: Sendable {
    private let failing = Mutex(true)
    var isFailing: Bool {
      get { failing.withLock { $0 } }
      set { failing.withLock { $0 = newValue } }
    }
  }

  func service(
    _ server: StubHTTPServer, backoff: Duration, clock: ManualClock = ManualClock(),
    key: String = "SECRET-KEY-7",
    log: Log = Log()
  ) async throws -> SearchService {
    var settings = try ProviderSettings(
      environment: [
        "KAKAO_REST_API_KEY": key, "CHAEK_KAKAO_URL": server.baseURL.absoluteString,
        "CHAEK_PROVIDER_TIMEOUT": "120",
      ])
    settings.breaker = .init(initialBackoff: backoff, maximumBackoff: backoff * 4)
    settings.clock = clock
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([Book(title: "채식주의자", authors: ["한강"])], source: .imported)
    return try SearchService(source: .auto, settings: settings, catalog: catalog, log: { log.append($0) })
  }

  @Test func afterAFailureSearchesGoToTheCatalogAtOnceWithoutAskingTheProvider() async throws {
    let server = try StubHTTPServer { _ in .json("{}", status: 503) }
    defer { server.stop() }
    let service = try await service(server, backoff: .seconds(60))
    let first = try await service.search(SearchQuery(query: "채식"))
    #expect(first.answeredBy == "catalog")
    for _ in 0..<10 {
      let outcome = try await service.search(SearchQuery(query: "채식"))
      #expect(outcome.answeredBy == "catalog")
      #expect(outcome.page.documents.map(\.title) == ["채식주의자"])
      #expect(outcome.notice?.contains("Kakao failed (HTTP 503)") == true)
      #expect(outcome.notice?.contains("Kakao is asked again in") == true)
    }
    #expect(server.requests.count == 1)
  }

  @Test func afterTheBackoffOneProbeAsksAgainAndASuccessCloses() async throws {
    let state = Switch()
    // The stub holds the first success until the test lets it go, so the probe is still asking
    // while the other searches come: a probe that answered first would close the breaker and let
    // them all ask too.
    // (A gate: the one token is passed on by each request it lets through.)
    let gate = DispatchSemaphore(value: 0)
    let server = try StubHTTPServer { _ in
      if state.isFailing { return .json("{}", status: 500) }
      _ = gate.wait(timeout: .now() + 600)
      gate.signal()
      return .json(KakaoPages.twoBooks)
    }
    defer {
      gate.signal()
      server.stop()
    }
    let clock = ManualClock()
    let log = Log()
    let service = try await service(server, backoff: .seconds(5), clock: clock, log: log)
    _ = try await service.search(SearchQuery(query: "채식"))
    #expect(server.requests.count == 1)
    state.isFailing = false
    clock.advance(by: .seconds(5))
    // Several searches at once after the rest: exactly one of them is the probe, and the others
    // are answered by the catalog while it asks.
    try await withThrowingTaskGroup(of: SearchOutcome.self) { group in
      for _ in 0..<8 { group.addTask { try await service.search(SearchQuery(query: "채식")) } }
      var resting: [SearchOutcome] = []
      for _ in 0..<7 { try await group.next().map { resting.append($0) } }
      #expect(resting.allSatisfy { $0.answeredBy == "catalog" })
      gate.signal()
      #expect(try await group.next()?.answeredBy == "Kakao")
    }
    #expect(server.requests.count == 2)
    #expect(try await service.search(SearchQuery(query: "채식")).answeredBy == "Kakao")
    #expect(server.requests.count == 3)
    #expect(log.all.count == 2)
    #expect(
      log.all.first == "Kakao failed (HTTP 500); try again later; Kakao is not asked again for 5.0 seconds")
    #expect(log.all.last == "Kakao answers again")
  }

  @Test func aProbeThatFailsRestsTwiceAsLong() async throws {
    let server = try StubHTTPServer { _ in .json("{}", status: 500) }
    defer { server.stop() }
    let clock = ManualClock()
    let log = Log()
    let service = try await service(server, backoff: .seconds(5), clock: clock, log: log)
    _ = try await service.search(SearchQuery(query: "채식"))
    clock.advance(by: .seconds(5))
    _ = try await service.search(SearchQuery(query: "채식"))
    #expect(server.requests.count == 2)
    clock.advance(by: .seconds(9))
    _ = try await service.search(SearchQuery(query: "채식"))
    #expect(server.requests.count == 2, "the provider rests 10 s after a failed probe")
    clock.advance(by: .seconds(1))
    _ = try await service.search(SearchQuery(query: "채식"))
    #expect(server.requests.count == 3)
    #expect(log.all.count == 3)
    #expect(log.all.first?.hasSuffix("Kakao is not asked again for 5.0 seconds") == true)
    #expect(log.all[1].hasSuffix("Kakao is not asked again for 10.0 seconds") == true)
  }

  @Test func aRefusedRequestIsNotTheProvidersFailure() async throws {
    let server = try StubHTTPServer { _ in
      .json(#"{"errorType":"InvalidArgument","message":"page is more than max"}"#, status: 400)
    }
    defer { server.stop() }
    let service = try await service(server, backoff: .seconds(60))
    for _ in 0..<3 { _ = try await service.search(SearchQuery(query: "채식")) }
    #expect(server.requests.count == 3)
  }

  /// Kakao's 401 messages can quote the key: the log gets the message without it, and no client
  /// text has it.
  @Test func theKeyReachesNeitherTheNoticeNorTheLog() async throws {
    let server = try StubHTTPServer { _ in
      .json(#"{"errorType":"AccessDeniedError","message":"wrong appKey(SECRET-KEY-7) format"}"#, status: 401)
    }
    defer { server.stop() }
    let log = Log()
    let service = try await service(server, backoff: .seconds(60), log: log)
    let first = try await service.search(SearchQuery(query: "채식"))
    let second = try await service.search(SearchQuery(query: "채식"))
    for notice in [first.notice, second.notice, first.detailedNotice] {
      #expect(notice?.contains("Kakao rejected the API key") == true)
      #expect(notice?.contains("SECRET-KEY-7") == false)
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("wrong appKey([redacted]) format") == true)
    #expect(!log.all.joined().contains("SECRET-KEY-7"))
  }
}
