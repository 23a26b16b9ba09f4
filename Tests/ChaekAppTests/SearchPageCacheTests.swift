import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestSupport
import Testing

@testable import ChaekApp

@Suite("Search pages answered again from memory for a moment", .timeLimit(.minutes(10)))
struct SearchPageCacheTests {
  static let query = try! SearchQuery(query: "한강")

  static func page(_ titles: [String]) -> SearchPage {
    SearchPage(
      documents: titles.map { Book(title: $0) },
      meta: .init(totalCount: titles.count, pageableCount: titles.count, isEnd: true))
  }

  /// Stores `page` for `query` as a search that found nothing would, the catalog having made
  /// `writes` writes.
  static func read(
    _ page: SearchPage, for query: SearchQuery = query, into cache: SearchPageCache, writes: Int = 0
  ) {
    guard case .missing(let flight) = cache.lookUp(query, writes: writes) else {
      Issue.record("a page was found or read before one was stored")
      return
    }
    cache.land(flight, with: .success(PageAnswer(page)), for: query, writes: writes)
  }

  /// The page that answers `query`, if any; a read the lookup began ends at once, failed.
  static func found(_ query: SearchQuery = query, in cache: SearchPageCache, writes: Int = 0) -> SearchPage? {
    switch cache.lookUp(query, writes: writes) {
    case .found(let answer): return answer.page
    case .reading: return nil
    case .missing(let flight):
      cache.land(flight, with: nil, for: query, writes: writes)
      return nil
    }
  }

  /// The flight a lookup began, or `nil` (recorded as an issue) when it found a page or a read.
  static func newFlight(
    _ query: SearchQuery = query, in cache: SearchPageCache, writes: Int = 0
  ) -> SearchPageCache.Flight? {
    guard case .missing(let flight) = cache.lookUp(query, writes: writes) else {
      Issue.record("a lookup found a page or a read where it should begin one")
      return nil
    }
    return flight
  }

  /// The flight a lookup joined, or `nil` when it found none.
  static func joined(
    _ query: SearchQuery = query, in cache: SearchPageCache, writes: Int = 0
  ) -> SearchPageCache.Flight? {
    guard case .reading(let flight) = cache.lookUp(query, writes: writes) else { return nil }
    return flight
  }

  @Test func aPageAnswersTheSameQueryUntilItsLifetimeEnds() {
    let lasting = SearchPageCache(lifetime: .seconds(3600))
    Self.read(Self.page(["흰"]), into: lasting)
    #expect(Self.found(in: lasting) == Self.page(["흰"]))
    #expect(Self.found(try! SearchQuery(query: "한강", page: 2), in: lasting) == nil)

    let over = SearchPageCache(lifetime: .zero)
    Self.read(Self.page(["흰"]), into: over)
    #expect(Self.found(in: over) == nil)
  }

  /// A write drops every page, and a read that began before it stores nothing: its snapshot may
  /// predate the write.
  @Test func aWriteDropsThePagesAndWhatWasReadBeforeIt() throws {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    Self.read(Self.page(["흰"]), into: cache, writes: 0)
    #expect(Self.found(in: cache, writes: 1) == nil)

    let before = try #require(Self.newFlight(in: cache, writes: 1))
    cache.land(before, with: .success(PageAnswer(Self.page(["흰"]))), for: Self.query, writes: 2)
    #expect(Self.found(in: cache, writes: 2) == nil)
  }

  /// Waits until `count` requests wait for `flight` (``TestSupport/eventually(seconds:_:)``).
  static func waitUntil(_ count: Int, waitFor flight: SearchPageCache.Flight) async throws {
    try #require(await eventually { flight.waitingCount >= count }, "\(count) requests never waited")
  }

  /// Requests for a page being read wait for that read, and all get its one answer; the page is
  /// then found.
  @Test func aQueryAskedWhileItsPageIsReadWaitsForThatRead() async throws {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    let flight = try #require(Self.newFlight(in: cache))
    let waiters = try (1...3).map { _ in try #require(Self.joined(in: cache)) }
    #expect(waiters.allSatisfy { $0 === flight })
    #expect(Self.joined(try SearchQuery(query: "흰"), in: cache) == nil)

    let answer = PageAnswer(Self.page(["흰"]))
    async let first = waiters[0].answer()
    async let second = waiters[1].answer()
    try await Self.waitUntil(2, waitFor: flight)
    cache.land(flight, with: .success(answer), for: Self.query, writes: 0)
    #expect(try await first?.get() === answer)
    #expect(try await second?.get() === answer)
    #expect(try await waiters[2].answer()?.get() === answer)  // after the landing
    #expect(Self.found(in: cache) == Self.page(["흰"]))
  }

  /// A read that fails gives its waiters its error, and keeps nothing: the next lookup begins a
  /// new read.
  @Test func aFailedReadGivesItsWaitersItsError() async throws {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    let flight = try #require(Self.newFlight(in: cache))
    let waiter = try #require(Self.joined(in: cache))
    let answer = Task { await waiter.answer() }
    try await Self.waitUntil(1, waitFor: flight)
    cache.land(flight, with: .failure(.searchTooSlow(budget: .seconds(1))), for: Self.query, writes: 0)
    let landing = try #require(await answer.value)
    #expect(throws: BookSearchError.searchTooSlow(budget: .seconds(1))) { try landing.get() }
    #expect(try #require(Self.newFlight(in: cache)) !== flight)
  }

  /// A read whose request was cancelled gives its waiters nothing (one of them reads again), and
  /// a waiter cancelled stops waiting at once, whether it was cancelled before it waited or while.
  @Test func aCancelledReadOrWaiterLeavesTheWaitersToReadAgain() async throws {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    let flight = try #require(Self.newFlight(in: cache))
    let waiting = Task { await flight.answer() }
    try await Self.waitUntil(1, waitFor: flight)
    waiting.cancel()
    #expect(await waiting.value == nil)
    #expect(flight.waitingCount == 0)
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await flight.answer()
    }
    #expect(await early.value == nil)

    let staying = Task { await flight.answer() }
    try await Self.waitUntil(1, waitFor: flight)
    cache.land(flight, with: nil, for: Self.query, writes: 0)
    #expect(await staying.value == nil)
    #expect(Self.found(in: cache) == nil)
  }

  /// A request after a write does not wait for a read that began before it, nor for one whose
  /// moment is over.
  @Test func aReadFromBeforeAWriteOrPastItsMomentIsNotJoined() throws {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    let before = try #require(Self.newFlight(in: cache, writes: 0))
    let after = try #require(Self.newFlight(in: cache, writes: 1))
    #expect(after !== before)
    #expect(Self.joined(in: cache, writes: 1) === after)
    // The read from before the write lands late: its waiters get it, the cache keeps nothing and
    // the later read is still joined.
    cache.land(before, with: .success(PageAnswer(Self.page(["흰"]))), for: Self.query, writes: 1)
    #expect(Self.found(in: cache, writes: 1) == nil)
    #expect(Self.joined(in: cache, writes: 1) === after)

    let over = SearchPageCache(lifetime: .zero)
    let first = try #require(Self.newFlight(in: over))
    #expect(try #require(Self.newFlight(in: over)) !== first)
  }

  /// Pages with no book count too, so that a flood of distinct queries finding nothing is bounded.
  @Test func thePagesHoldAFixedNumberOfBooksTheOldestDroppedFirst() throws {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    let queries = try (0...SearchPageCache.bookBudget).map { try SearchQuery(query: "q\($0)") }
    for query in queries { Self.read(Self.page([]), for: query, into: cache) }
    #expect(Self.found(queries[0], in: cache) == nil)
    #expect(Self.found(queries[1], in: cache) == Self.page([]))
    #expect(Self.found(queries.last!, in: cache) == Self.page([]))

    let fifty = Self.page((1...50).map { "책 \($0)" })
    for query in queries.prefix(100) { Self.read(fifty, for: query, into: cache) }
    let kept = queries.filter { Self.found($0, in: cache) != nil }
    #expect(kept.count < 2 * SearchPageCache.bookBudget / 51)
    #expect(Self.found(queries[99], in: cache) == fifty)
  }

  /// Through the search service on the catalog alone: this process's writes show in the very next
  /// search of the same query, and a page is answered again from memory.
  @Test func aBookStoredByThisProcessIsFoundAtOnce() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([Book(title: "해리 포터와 마법사의 돌", authors: ["J.K. 롤링"])], source: .imported)
    let search = try SearchService(
      source: .local, settings: ProviderSettings(environment: [:]), catalog: catalog)
    let query = try SearchQuery(query: "마법사")
    let before = try await search.search(query).page
    #expect(try await search.search(query).page == before)
    try await catalog.upsert([Book(title: "마법사의 제자", authors: ["괴테"])], source: .imported)
    let after = try await search.search(query).page
    #expect(after.documents.map(\.title).contains("마법사의 제자"))
    #expect(after.meta.totalCount == before.meta.totalCount + 1)
  }

  /// The Kakao body has Kakao's members only, slashes as they are; the searches asked at once
  /// share one answer, whose body is written once.
  @Test func theKakaoBodyIsKakaosShapeWrittenOnce() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let book = Book(
      title: "소년이 온다", url: "https://example.com/a/b", authors: ["한강"], pages: 216,
      series: SeriesVolume(series: "창비 소설", volume: "3"))
    try await catalog.upsert([book], source: .imported)
    let search = try SearchService(
      source: .local, settings: ProviderSettings(environment: [:]), catalog: catalog)
    let query = try SearchQuery(query: "소년이")
    let outcomes = try await withThrowingTaskGroup(of: SearchOutcome.self) { group in
      for _ in 0..<8 { group.addTask { try await search.search(query) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let body = outcomes[0].kakaoBody
    let expected = SearchPage(documents: [book.kakaoDocument], meta: outcomes[0].page.meta)
    #expect(body == expected.json(escapingSlashes: false))
    #expect(String(decoding: body, as: UTF8.self).contains("https://example.com/a/b"))
    #expect(!String(decoding: body, as: UTF8.self).contains("\"pages\""))
    #expect(outcomes.allSatisfy { $0.answer === outcomes[0].answer })
  }
}
