import BookModel
import Foundation
import Testing

@testable import BookCatalog

@Suite("Catalog: series in volume order")
struct CatalogSeriesTests {
  private func titles(
    _ catalog: Catalog, _ text: String, sort: SearchQuery.Sort = .accuracy, page: Int = 1, size: Int = 10
  )
    async throws -> [String]
  {
    try await catalog.search(SearchQuery(query: text, sort: sort, page: page, size: size)).documents.map(
      \.title)
  }

  private static let koreanVolumes = [
    "해리 포터와 마법사의 돌", "해리 포터와 비밀의 방", "해리 포터와 아즈카반의 죄수", "해리 포터와 불의 잔",
    "해리 포터와 불사조 기사단", "해리 포터와 혼혈 왕자", "해리 포터와 죽음의 성물",
  ]

  @Test func aSearchThatNamesTheStarterSeriesListsItsVolumesInOrderOnEveryPage() async throws {
    let catalog = try Catalog(path: ":memory:")
    #expect(try await titles(catalog, "해리포터").prefix(7) == Self.koreanVolumes[...])
    #expect(try await titles(catalog, "해리 포터").prefix(7) == Self.koreanVolumes[...])
    #expect(try await titles(catalog, "ㅎㄹㅍㅌ").prefix(7) == Self.koreanVolumes[...], "by its 초성")
    #expect(try await titles(catalog, "해리포터", page: 2, size: 3) == Array(Self.koreanVolumes[3..<6]))
    #expect(try await titles(catalog, "해리포터", page: 3, size: 3).first == "해리 포터와 죽음의 성물")
    let page = try await catalog.search(SearchQuery(query: "해리포터"))
    let plain = try await catalog.search(SearchQuery(query: "해리포터", sort: .latest))
    #expect(page.meta.totalCount == plain.meta.totalCount, "the same matches, ordered otherwise")
    #expect(plain.documents.first?.title == "해리 포터와 죽음의 성물", "latest stays by date")
    #expect(
      try await titles(catalog, "hunger games") == ["The Hunger Games", "Catching Fire", "Mockingjay"],
      "the series' name without its article")
    #expect(
      try await titles(catalog, "harry potter").prefix(5) == [
        "Harry Potter and the Philosopher's Stone", "Harry Potter and the Chamber of Secrets",
        "Harry Potter and the Prisoner of Azkaban", "Harry Potter and the Deathly Hallows",
        "Harry Potter and the Sorcerer's Stone",  // another edition of the first volume
      ])
    #expect(try await titles(catalog, "해리 포터와 비밀의 방").first == "해리 포터와 비밀의 방", "a title is not a series")
  }

  @Test func theBooksOfASeriesByItsName() async throws {
    let catalog = try Catalog(path: ":memory:")
    let series = try await catalog.series(named: "해리 포터")
    #expect(series.map(\.title) == Self.koreanVolumes)
    #expect(series.map(\.seriesVolume?.volume) == (1...7).map { String($0) })
    #expect(try await catalog.series(named: "ㅎㄹㅍㅌ") == series, "by its 초성")
    #expect(try await catalog.series(named: "채식주의자").isEmpty, "a book in no series")
  }

  @Test func theUnnumberedFirstVolumeComesBeforeItsSequels() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [Book(title: "불편한 편의점 2", authors: ["김호연"]), Book(title: "불편한 편의점", authors: ["김호연"])],
      source: .imported, popularity: [900, 10])
    #expect(try await titles(catalog, "불편한 편의점") == ["불편한 편의점", "불편한 편의점 2"])
    let first = try #require(try await catalog.series(named: "불편한편의점").first)
    #expect(first.title == "불편한 편의점")
  }

  @Test func eachVolumeComesOnceInOrderThenTheOtherEditionsAndSets() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let books = [
      ("Box (Saga, #1-3)", 1_000), ("Dawn (Saga, #1)", 10), ("Dawn, Illustrated (Saga, #1)", 50),
      ("Noon (Saga, #2)", 5), ("Dusk (Saga, #3)", 1), ("Interlude (Saga, #2.5)", 2), ("Saga Cookbook", 500),
      ("Saga", 3),
    ]
    try await catalog.upsert(books.map { Book(title: $0.0) }, source: .imported, popularity: books.map(\.1))
    #expect(
      try await titles(catalog, "saga") == [
        "Saga",  // titled by the name alone
        "Dawn, Illustrated (Saga, #1)", "Noon (Saga, #2)", "Interlude (Saga, #2.5)", "Dusk (Saga, #3)",
        "Box (Saga, #1-3)", "Dawn (Saga, #1)",  // a set, another edition
        "Saga Cookbook",  // not in the series
      ])
  }

  @Test func goodbooksSeriesComeInVolumeOrder() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try Catalog(path: directory.catalogPath, includingStarter: false)
    _ = try await catalog.importBooks(from: Goodbooks.data(), format: .goodbooks)
    #expect(
      try await titles(catalog, "hunger games").prefix(3) == [
        "The Hunger Games (The Hunger Games, #1)", "Catching Fire (The Hunger Games, #2)",
        "Mockingjay (The Hunger Games, #3)",
      ])
  }
}
