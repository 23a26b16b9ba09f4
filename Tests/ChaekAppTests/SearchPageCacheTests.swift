import BookCatalog
import BookModel
import BookProviders
import Foundation
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
    guard case .missing(let ticket) = cache.lookUp(query, writes: writes) else {
      Issue.record("a page was found before one was stored")
      return
    }
    cache.store(page, for: query, with: ticket, writes: writes)
  }

  static func found(_ query: SearchQuery = query, in cache: SearchPageCache, writes: Int = 0) -> SearchPage? {
    guard case .found(let page) = cache.lookUp(query, writes: writes) else { return nil }
    return page
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
  @Test func aWriteDropsThePagesAndWhatWasReadBeforeIt() {
    let cache = SearchPageCache(lifetime: .seconds(3600))
    Self.read(Self.page(["흰"]), into: cache, writes: 0)
    #expect(Self.found(in: cache, writes: 1) == nil)

    guard case .missing(let before) = cache.lookUp(Self.query, writes: 1) else {
      Issue.record("a page answered after the write")
      return
    }
    cache.store(Self.page(["흰"]), for: Self.query, with: before, writes: 2)
    #expect(Self.found(in: cache, writes: 2) == nil)
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
}
