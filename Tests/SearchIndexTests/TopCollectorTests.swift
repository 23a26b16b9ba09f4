import Storage
import TestSupport
import Testing

@testable import SearchIndex

@Suite("Top-N collector")
struct TopCollectorTests {
  @Test func keepsWhatAPlainSortKeeps() {
    var random = SeededGenerator(seed: 3)
    for _ in 0..<300 {
      let count = Int.random(in: 0...2_000, using: &random)
      // Few distinct keys, so that ties are common and the tie decides.
      let entries = (0..<count).map { id in
        TopCollector.Entry(
          key: UInt64.random(in: 0...20, using: &random), tie: Bool.random(using: &random) ? id : -id, id: id)
      }
      let limit = Int.random(in: 0...(count + 5), using: &random)
      var top = TopCollector(limit: limit)
      for entry in entries.shuffled(using: &random) { top.offer(entry) }
      let sorted = entries.sorted { ($0.key, $0.tie) > ($1.key, $1.tie) }
      #expect(top.ids == sorted.prefix(limit).map(\.id))
    }
  }
}

@Suite("Searcher: a page of many matches")
struct ManyMatchesPageTests {
  /// 40,000 documents over three chunks with few distinct ranks and days (ties decide often),
  /// the most popular together; `every` is in all (bitmap chunks), `some` in one in three (arrays):
  /// each page is the one a plain sort of the sort keys gives.
  @Test func aPageIsWhatSortingEveryMatchGives() async throws {
    var random = SeededGenerator(seed: 21)
    let index = InvertedIndex(storedFields: [], documentVersion: 1)
    let database = try Database(
      path: ":memory:", migrations: [Migration("index") { try index.reset(on: $0) }])
    let field = Field("t")
    var documents: [(id: Int, rank: UInt32, day: UInt32, some: Bool)] = []
    for number in 0..<40_000 {
      let id = [0, 1, 3][number % 3] << 16 | number / 3
      let popular = (5_000..<5_200).contains(number / 3)
      documents.append(
        (
          id,
          popular ? UInt32.random(in: 90...99, using: &random) : UInt32.random(in: 0...40, using: &random),
          UInt32.random(in: 0...500, using: &random), Int.random(in: 0..<3, using: &random) == 0
        ))
    }
    try await database.write { [documents] connection in
      var writer = index.writer()
      for document in documents {
        writer.add(
          Document(
            id: document.id,
            terms: [Term("every", in: field)] + (document.some ? [Term("some", in: field)] : []),
            rank: document.rank, day: document.day, stored: [:]))
      }
      try writer.write(on: connection)
    }
    for word in ["every", "some"] {
      let matching = documents.filter { word == "every" || $0.some }
      for order in [Order.rank, .day] {
        let sorted = matching.sorted {
          order == .rank
            ? ($0.rank, $0.day, -$0.id) > ($1.rank, $1.day, -$1.id) : ($0.day, $0.id) > ($1.day, $1.id)
        }.map(\.id)
        for (offset, limit) in [(0, 1), (0, 10), (5, 20), (300, 50), (0, 2_500)] {
          let page = try await database.read { connection in
            var searcher = index.searcher(on: connection, ranks: RankCache())
            return try searcher.search(
              .term(Term(word, in: field)), order: order, offset: offset, limit: limit)
          }
          #expect(page.ids == Array(sorted[offset..<offset + limit]), "\(word) \(order) \(offset) \(limit)")
          #expect(page.total == matching.count)
        }
      }
    }
  }
}
