import Storage
import TestSupport
import Testing

@testable import SearchIndex

/// An index of a few documents with a `t` and a `b` field, a stored `t` text and a supplied `b`
/// one, in memory.
struct SmallIndex {
  static let title = Field("t")
  static let body = Field("b")
  static let storedTitle = StoredField.stored("title")
  static let suppliedBody = StoredField.supplied("body")
  static let index = InvertedIndex(storedFields: [storedTitle], documentVersion: 1)

  /// The bodies, supplied when asked.
  struct Bodies: TextSupplier {
    let bodies: [Int: String]

    func texts(of field: StoredField, for ids: [Int], on connection: Connection) throws -> [Int: String] {
      Dictionary(uniqueKeysWithValues: ids.compactMap { id in bodies[id].map { (id, $0) } })
    }
  }

  let database: Database
  let bodies: [Int: String]
  let ranks = RankCache()

  /// Documents of these titles and bodies (ids from 1, and one past the first chunk), ranked
  /// as given.
  init(_ documents: [(title: String, body: String, rank: UInt32)]) async throws {
    database = try Database(
      path: ":memory:", migrations: [Migration("index") { try Self.index.reset(on: $0) }])
    let ids = documents.indices.map { $0 == documents.count - 1 ? 70_000 : $0 + 1 }
    bodies = Dictionary(uniqueKeysWithValues: zip(ids, documents.map(\.body)))
    try await database.write { connection in
      var writer = Self.index.writer()
      for (id, document) in zip(ids, documents) {
        let terms =
          Analyzer.indexed(document.title).split(separator: " ").map { Term($0, in: Self.title) }
          + Analyzer.indexed(document.body).split(separator: " ").map { Term($0, in: Self.body) }
        writer.add(
          Document(
            id: id, terms: terms, rank: document.rank, day: UInt32(id),
            stored: [Self.storedTitle: Analyzer.key(document.title)]))
      }
      try writer.write(on: connection)
    }
  }

  func search(_ body: @Sendable @escaping (inout Searcher) throws -> TopDocs) async throws -> TopDocs {
    try await database.read { [ranks, bodies] connection in
      var searcher = Self.index.searcher(on: connection, ranks: ranks, texts: Bodies(bodies: bodies))
      return try body(&searcher)
    }
  }
}

@Suite("Searcher: queries, tiers and orders")
struct SearcherTests {
  let documents: [(title: String, body: String, rank: UInt32)] = [
    ("Red Sea", "a long red road", 5), ("Red Moon", "the sea at night", 9), ("Blue Sea", "no red here", 1),
    ("해리 포터", "마법", 3), ("포터 해리", "해리포터 이야기", 7),
  ]

  @Test func termsCombineAsAllAndAny() async throws {
    let index = try await SmallIndex(documents)
    let red = Query.term(Term("red", in: SmallIndex.title))
    let sea = Query.term(Term("sea", in: SmallIndex.title))
    func ids(_ query: Query) async throws -> [Int] {
      try await index.search { try $0.search(query, order: .rank, offset: 0, limit: 10) }.ids
    }
    #expect(try await ids(.all([red, sea])) == [1])
    #expect(try await ids(.any([red, sea])) == [2, 1, 3])
    #expect(try await ids(.all([])).isEmpty)
    #expect(try await ids(.token("red", in: [SmallIndex.title, SmallIndex.body])) == [2, 1, 3])
    #expect(try await ids(.prefix(Term("s", in: SmallIndex.title), limit: 100)) == [1, 3])
  }

  /// A prefix reads its first `limit` terms in byte order: those of one document from their own
  /// row, the others' from postings up to the last of them.
  @Test(arguments: [
    (1, [1]), (2, [1, 2, 3, 5]), (3, [1, 2, 3, 5]), (4, [1, 2, 3, 4, 5]), (6, [1, 2, 3, 4, 5, 70_000]),
    (100, [1, 2, 3, 4, 5, 70_000]),
  ])
  func aPrefixReadsItsFirstTerms(limit: Int, expected: [Int]) async throws {
    let index = try await SmallIndex(
      [("sa", "", 1), ("sb", "", 1), ("sb sc", "", 1), ("sd sf", "", 1), ("se sb", "", 1), ("sf", "", 1)])
    let found = try await index.database.read { connection in
      var searcher = SmallIndex.index.searcher(on: connection, ranks: index.ranks)
      return try searcher.matches(.prefix(Term("s", in: SmallIndex.title), limit: limit)).sorted
    }
    #expect(found == expected)
  }

  @Test func phrasesAreCheckedInStoredThenSuppliedTexts() async throws {
    let index = try await SmallIndex(documents)
    let bigrams = Query.all(["해리", "리포", "포터"].map { .token($0, in: [SmallIndex.title, SmallIndex.body]) })
    let inTitles = Query.containing(["해리포터"], in: [SmallIndex.storedTitle], bigrams)
    let anywhere = Query.containing(["해리포터"], in: [SmallIndex.storedTitle, SmallIndex.suppliedBody], bigrams)
    #expect(try await index.search { try $0.search(inTitles, order: .rank, offset: 0, limit: 10) }.ids == [4])
    #expect(
      try await index.search { try $0.search(anywhere, order: .rank, offset: 0, limit: 10) }.ids == [
        70_000, 4,
      ])
  }

  @Test func aPhraseIsFoundByItsBytes() {
    #expect("해리포터와마법사의돌".includes("포터와마"))
    #expect("해리포터와마법사의돌".includes("의돌"))
    #expect("해리포터".includes("해리포터"))
    #expect("해리포터".includes(""))
    #expect(!"해리포터".includes("해리포터와"))
    #expect(!"해리포터".includes("리터"))
    #expect(!"".includes("a"))
    #expect("ㄱㅂㅂㄹㄱㅂ".includes("ㅂㄹㄱ"))
    #expect(!"thehungergames".includes("gamesx"))
  }

  @Test func textsSortByTheirBytesAsSQLiteSortsThemAndAreEqualByTheirBytes() async throws {
    let pieces = [
      "", "a", "ab", "a\u{0}", "B", "b", "é", "e\u{301}", "해리", "해리포터", "ㄱ", "\u{FFFF}", "\u{10000}", "🙂",
    ]
    var random = SeededGenerator(seed: 7)
    let texts =
      pieces
      + (0..<200).map { _ in
        (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }
          .joined()
      }
    let database = try Database(
      path: ":memory:", migrations: [Migration("texts") { try $0.execute("CREATE TABLE t (x TEXT)") }])
    let sorted = try await database.write { connection in
      for text in texts { try connection.run("INSERT INTO t (x) VALUES (?)", [text]) }
      return try connection.query("SELECT x FROM t ORDER BY x") { $0.text(0) }
    }
    #expect(texts.sorted { $0.bytesPrecede($1) }.map { Array($0.utf8) } == sorted.map { Array($0.utf8) })
    #expect(texts.sortedByBytes { $0 }.map { Array($0.utf8) } == sorted.map { Array($0.utf8) }, "by prefixes")
    #expect("e\u{301}" == "é" && !"e\u{301}".hasSameBytes(as: "é"), "bytes, not characters")
    #expect("해리포터".hasSameBytes(as: "해리" + "포터") && !"".hasSameBytes(as: "a") && "".hasSameBytes(as: ""))
  }

  @Test func tiersComeFirstThenTheRestAndPagesCrossThem() async throws {
    let index = try await SmallIndex(documents)
    let red = Query.token("red", in: [SmallIndex.title, SmallIndex.body])
    let redTitles = Tier(
      .term(Term("red", in: SmallIndex.title)),
      parts: [.containing("redsea", in: SmallIndex.storedTitle, amongBest: 10)])
    let all = try await index.search {
      try $0.search(red, tiers: [redTitles], order: .rank, offset: 0, limit: 10)
    }
    #expect(all == TopDocs(total: 3, ids: [1, 2, 3]))
    let second = try await index.search {
      try $0.search(red, tiers: [redTitles], order: .rank, offset: 1, limit: 1)
    }
    #expect(second == TopDocs(total: 3, ids: [2]))
    let newest = try await index.search { try $0.search(red, order: .day, offset: 0, limit: 10) }
    #expect(newest.ids == [3, 2, 1])
  }

  @Test func theVocabularyAnswersCompletionsAndCandidates() async throws {
    let index = try await SmallIndex(documents)
    let completions = try await index.database.read { [ranks = index.ranks] connection in
      try SmallIndex.index.searcher(on: connection, ranks: ranks).completions(
        of: Term("r", in: SmallIndex.body), limit: 5
      ).map(\.token)
    }
    #expect(completions == ["red", "road"])
    let known = try await index.database.read { [ranks = index.ranks] connection in
      try SmallIndex.index.searcher(on: connection, ranks: ranks).vocabulary(
        among: ["sea", "see", "moon"].map { Term($0, in: SmallIndex.title) }
      ).map(\.token)
    }
    #expect(Set(known) == ["sea", "moon"])
  }
}
