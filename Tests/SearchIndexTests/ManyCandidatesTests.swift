import Storage
import TestSupport
import Testing

@testable import SearchIndex

/// A search whose phrases leave more candidates than ``Searcher/phraseCheckLimit`` checks only
/// those its page reaches: every page must be the one a full check gives.
@Suite("Searcher: phrases of many candidates checked late")
struct ManyCandidatesTests {
  /// Titles and bodies of a few syllables, so that a word's bigrams often meet apart from it.
  static func documents(_ count: Int, seed: UInt64) -> [(title: String, body: String, rank: UInt32)] {
    var random = SeededGenerator(seed: seed)
    let syllables = ["가", "나", "다", "라", "마"]
    func words(_ count: Int) -> String {
      (0..<count).map { _ in
        String(
          (0..<Int.random(in: 2...4, using: &random)).map { _ in syllables.randomElement(using: &random)! }
            .joined())
      }.joined(separator: " ")
    }
    return (0..<count).map { _ in
      (words(Int.random(in: 1...3, using: &random)), words(2), UInt32.random(in: 0...20, using: &random))
    }
  }

  /// A word's query as the catalog makes one: its bigrams in titles or bodies, checked in both
  /// texts; tiers of its title matches (the exact title token first, then titles of its first
  /// syllable's bigrams), then of body matches.
  static func query(_ word: String) -> (Query, [Tier]) {
    let scalars = Array(word)
    let bigrams = zip(scalars, scalars.dropFirst()).map { String([$0, $1]) }
    let fields = [SmallIndex.title, SmallIndex.body]
    let words = Query.all(bigrams.map { .token($0, in: fields) })
    let query = Query.containing([word], in: [SmallIndex.storedTitle, SmallIndex.suppliedBody], words)
    let inTitles = Query.containing(
      [word], in: [SmallIndex.storedTitle], .all(bigrams.map { .term(Term($0, in: SmallIndex.title)) }))
    let titles = Tier(
      inTitles,
      parts: [
        .matching(.term(Term(bigrams[0], in: SmallIndex.title))),
        .matching(.prefix(Term(String(scalars[0]), in: SmallIndex.title), limit: 100)),
      ])
    return (query, [titles, Tier(.all(bigrams.map { .term(Term($0, in: SmallIndex.body)) }))])
  }

  /// The page of a query with every candidate checked, and with none checked before ranking.
  static func pages(
    _ index: SmallIndex, _ word: String, order: Order, offset: Int, limit: Int
  ) async throws -> (full: TopDocs, late: TopDocs) {
    let (query, tiers) = Self.query(word)
    return try await pages(index, query, tiers: tiers, order: order, offset: offset, limit: limit)
  }

  /// The page of `query` in `tiers` with every candidate checked, and with none checked before
  /// ranking.
  static func pages(
    _ index: SmallIndex, _ query: Query, tiers: [Tier], order: Order, offset: Int, limit: Int
  ) async throws -> (full: TopDocs, late: TopDocs) {
    let full = try await index.search {
      $0.phraseCheckLimit = .max
      return try $0.search(query, tiers: tiers, order: order, offset: offset, limit: limit)
    }
    let late = try await index.search {
      $0.phraseCheckLimit = 0
      return try $0.search(query, tiers: tiers, order: order, offset: offset, limit: limit)
    }
    return (full, late)
  }

  @Test func everyPageIsTheOneAFullCheckGives() async throws {
    let index = try await SmallIndex(Self.documents(250, seed: 7))
    var (compared, rejected) = (0, 0)
    for word in ["가나다", "나다라", "다가나마", "마라", "라라라", "가마다나", "나나"] {
      let (query, _) = Self.query(word)
      let candidates = try await index.search {
        try $0.search(query.withoutPhrases, order: .rank, offset: 0, limit: 1)
      }
      let matches = try await index.search { try $0.search(query, order: .rank, offset: 0, limit: 1) }
      rejected += candidates.total - matches.total
      for order in [Order.rank, .day] {
        for (offset, limit) in [(0, 10), (0, 1), (3, 7), (10, 25), (0, 250), (40, 50), (500, 10)] {
          let (full, late) = try await Self.pages(index, word, order: order, offset: offset, limit: limit)
          // No more than 256 candidates: the total's sample is all of them.
          #expect(late == full, "\(word) \(order) \(offset)+\(limit)")
          compared += full.ids.count
        }
      }
    }
    #expect(compared > 500)  // the words match: the pages compared are not empty
    #expect(rejected > 20)  // and their bigrams meet apart from them: the check decides
  }

  @Test func aLargeTotalIsEstimatedFromASample() async throws {
    let index = try await SmallIndex(Self.documents(12_000, seed: 11))
    for word in ["가나다", "나다라"] {
      let (full, late) = try await Self.pages(index, word, order: .rank, offset: 0, limit: 10)
      #expect(late.ids == full.ids)
      #expect(full.total > 300)
      #expect(abs(late.total - full.total) <= full.total / 8, "\(word): \(late.total) for \(full.total)")
      let last = try await Self.pages(index, word, order: .day, offset: full.total - 3, limit: 10)
      #expect(last.late == last.full)  // the last page is found whole, and its total is exact
    }
  }

  @Test func aQueryOfTwoReadingsIsPagedAsAFullCheckPagesIt() async throws {
    // The typed words and another keyboard mode's reading: either may match, each in its tiers.
    let index = try await SmallIndex(Self.documents(250, seed: 9))
    for (first, second) in [("가나다", "나다라"), ("다가나마", "라라라"), ("가마다나", "마라")] {
      let (typed, typedTiers) = Self.query(first)
      let (reading, readingTiers) = Self.query(second)
      let tiers = typedTiers + [Tier(typed)] + readingTiers
      for order in [Order.rank, .day] {
        for (offset, limit) in [(0, 10), (7, 13), (0, 250), (90, 50)] {
          let (full, late) = try await Self.pages(
            index, .any([typed, reading]), tiers: tiers, order: order, offset: offset, limit: limit)
          #expect(late == full, "\(first)|\(second) \(order) \(offset)+\(limit)")
        }
      }
    }
  }

  @Test func aMatchIsFoundWithoutCheckingEveryCandidate() async throws {
    let (query, _) = Self.query("가나다")
    // 300 candidates holding both bigrams apart, and the word itself in document `at` when given.
    func hasMatch(at position: Int?) async throws -> (found: Bool, read: Int) {
      let documents = (0..<300).map { index in
        (title: index == position ? "마 가나다" : "가나 나다", body: "라마", rank: UInt32(index % 7))
      }
      let index = try await SmallIndex(documents)
      return try await index.database.read { [ranks = index.ranks, bodies = index.bodies] connection in
        var searcher = SmallIndex.index.searcher(
          on: connection, ranks: ranks, texts: SmallIndex.Bodies(bodies: bodies))
        let found = try searcher.hasMatch(query)
        return (found, searcher.fieldTexts[SmallIndex.storedTitle]?.count ?? 0)
      }
    }
    let none = try await hasMatch(at: nil)
    #expect(!none.found && none.read == 300)
    let early = try await hasMatch(at: 4)
    #expect(early.found && early.read == 64)  // the first batch decides
    let late = try await hasMatch(at: 200)
    #expect(late.found && late.read < 300)
  }
}
