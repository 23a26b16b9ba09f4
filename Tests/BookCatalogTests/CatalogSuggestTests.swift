import BookModel
import Foundation
import SearchIndex
import Testing

@testable import BookCatalog

@Suite("Catalog suggestions: titles and people while typing")
struct CatalogSuggestTests {
  let books = [
    Book(title: "해리 포터와 마법사의 돌", isbn: "9788983920683", authors: ["J.K. 롤링"], translators: ["김혜원"]),
    Book(title: "채식주의자", isbn: "9788936433598", authors: ["한강"]),
    Book(title: "Harry Potter and the Sorcerer's Stone", isbn: "9780590353427", authors: ["J.K. Rowling"]),
    Book(title: "Les Misérables", isbn: "9780451419439", authors: ["Victor Hugo"]),
  ]

  func catalog() async throws -> Catalog {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(books, source: .imported, popularity: [100, 90, 80, 70])
    return catalog
  }

  @Test(arguments: [
    ("해리ㅍ", "해리 포터와 마법사의 돌"), ("해리포", "해리 포터와 마법사의 돌"), ("채시", "채식주의자"),
    ("ㅎㄹㅍㅌ", "해리 포터와 마법사의 돌"), ("harry pot", "Harry Potter and the Sorcerer's Stone"),
    ("les mis", "Les Misérables"), ("한ㄱ", "한강"), ("김혜", "김혜원"), ("victor", "Victor Hugo"),
  ])
  func typingFindsTheText(_ typed: String, _ text: String) async throws {
    let found = try await catalog().suggestions(for: typed, limit: 8)
    #expect(found.first?.text == text, "\(typed)")
    #expect(found.allSatisfy { Analyzer.completes($0.text, typed: typed) })
  }

  @Test func titlesCarryTheirBookAndPeopleNone() async throws {
    let catalog = try await catalog()
    let title = try #require(try await catalog.suggestions(for: "채", limit: 8).first)
    #expect(title.kind == .title && title.id?.rawValue == "9788936433598" && title.popularity == 90)
    let person = try #require(try await catalog.suggestions(for: "한", limit: 8).first)
    #expect(person.kind == .person && person.id == nil && person.text == "한강")
  }

  @Test func anUpdatedTitleIsSuggestedAsItIsNow() async throws {
    let catalog = try await catalog()
    try await catalog.upsert(
      [Book(title: "채소의 맛", isbn: "9788936433598", authors: ["한강"])], source: .imported)
    let found = try await catalog.suggestions(for: "채", limit: 8)
    #expect(found.map(\.text) == ["채소의 맛"])
  }

  @Test func titlesOfOneKeyEachShowTheirOwnBook() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [Book(title: "C++ 입문", isbn: "9788936433598"), Book(title: "C# 입문", isbn: "9780590353427")],
      source: .imported, popularity: [9, 5])
    let first = try await catalog.suggestions(for: "c입", limit: 8)
    #expect(first.map(\.text) == ["C++ 입문"] && first.map(\.id?.rawValue) == ["9788936433598"], "one per key")
    try await catalog.upsert([Book(title: "다른 책", isbn: "9788936433598")], source: .imported)
    let after = try await catalog.suggestions(for: "c입", limit: 8)
    #expect(after.map(\.text) == ["C# 입문"] && after.map(\.id?.rawValue) == ["9780590353427"])
  }

  @Test func theLimitHoldsAndIsCappedAtTwenty() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert((1...30).map { Book(title: "시리즈 \($0)권") }, source: .imported)
    #expect(try await catalog.suggestions(for: "시", limit: 3).count == 3)
    #expect(try await catalog.suggestions(for: "시", limit: 50).count == Catalog.maximumSuggestions)
  }
}
