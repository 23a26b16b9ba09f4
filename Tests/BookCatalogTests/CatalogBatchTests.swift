import BookModel
import Foundation
import SearchIndex
import TestSupport
import Testing

@testable import BookCatalog

@Suite("Catalog batches: prepared on every core, stored as small batches are")
struct CatalogBatchTests {
  /// A seeded corpus of Korean and English titles, people and dates, with some books given twice
  /// (an ISBN again, with other words), so that a batch also updates books it added itself.
  static func corpus(count: Int, seed: UInt64) -> (books: [Book], popularity: [Int]) {
    var random = SeededGenerator(seed: seed)
    let words = [
      "바다", "사랑", "채식주의자", "소년이", "온다", "해리", "포터", "마법사의", "돌", "한강", "war", "peace", "river",
      "night", "garden", "Dune", "Misérables", "house", "of", "the", "secret",
    ]
    let people = ["한강", "김영하", "J.K. 롤링", "Victor Hugo", "Frank Herbert", "조앤 롤링", "Jane Roe"]
    var books: [Book] = []
    var popularity: [Int] = []
    for number in 0..<count {
      let title = (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random)!
      }
      let again = number > 10 && Int.random(in: 0..<10, using: &random) == 0
      let isbn = String(978_000_000_0000 + (again ? Int.random(in: 0..<number, using: &random) : number))
      books.append(
        Book(
          title: title.joined(separator: " "), contents: "\(words.randomElement(using: &random)!) 이야기",
          isbn: isbn,
          datetime: Date(timeIntervalSince1970: Double(Int.random(in: 0..<1_500_000_000, using: &random))),
          authors: [people.randomElement(using: &random)!],
          publisher: ["창비", "Knopf"].randomElement(using: &random)!))
      popularity.append(Int.random(in: 0..<1_000, using: &random))
    }
    return (books, popularity)
  }

  @Test func aBatchAnswersEveryQueryAsSmallBatchesDo() async throws {
    let (books, popularity) = Self.corpus(count: 200, seed: 7)
    let batched = try Catalog(path: ":memory:", includingStarter: false)
    let report = try await batched.upsert(books, source: .imported, popularity: popularity)
    #expect(
      books.count >= Catalog.parallelBatch && report.updated > 0, "prepared in parts, updating its own books")
    let inParts = try Catalog(path: ":memory:", includingStarter: false)
    for start in stride(from: 0, to: books.count, by: 8) {  // each book of a part prepared in turn
      let part = start..<min(start + 8, books.count)
      try await inParts.upsert(Array(books[part]), source: .imported, popularity: Array(popularity[part]))
    }
    var queries = [
      "바다", "사랑 바다", "ㅊㅅㅈㅇㅈ", "해리포터", "war peace", "misérables", "gar", "한강", "이야기", "dune riv",
      "qkek", "9780000000042",
    ]
    queries += books.prefix(8).map(\.title)
    var compared = 0
    for text in queries {
      for sort in SearchQuery.Sort.allCases {
        for target in [nil, SearchQuery.Target.person] where target == nil || text.count < 8 {
          let query = try SearchQuery(query: text, target: target, sort: sort, size: 50)
          let (expected, found) = (try await inParts.search(query), try await batched.search(query))
          #expect(found == expected, "\(text) \(sort) \(String(describing: target))")
          compared += expected.documents.count
        }
      }
    }
    #expect(compared > 300)
    for typed in ["ㅎ", "해리", "채시", "vic", "J.K", "ㅎㄱ", "r"] {
      let (expected, found) = (
        try await inParts.suggestions(for: typed, limit: 8),
        try await batched.suggestions(for: typed, limit: 8)
      )
      #expect(found.map(\.text) == expected.map(\.text) && !expected.isEmpty, "\(typed)")
    }
  }
}
