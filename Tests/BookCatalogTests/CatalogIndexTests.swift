import BookImport
import BookModel
import Foundation
import SearchIndex
import Storage
import Testing

@testable import BookCatalog

@Suite("Catalog index: batches, reindexing and phrases")
struct CatalogIndexTests {
  // MARK: - Writing

  func terms(_ connection: Connection, _ like: String) throws -> [String: Int] {
    Dictionary(
      uniqueKeysWithValues: try connection.query(
        "SELECT term, docs FROM search_terms WHERE term LIKE ?", [like]
      ) {
        ($0.text(0), $0.int(1))
      })
  }

  @Test func aBookUpdatedTwiceInOneBatchKeepsItsLastWords() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let isbn = "9788936433598"
    try await catalog.upsert(
      [
        Book(title: "Alpha", isbn: isbn), Book(title: "Beta", isbn: isbn), Book(title: "Gamma", isbn: isbn),
      ], source: .imported)
    #expect(try await titles(catalog, "gamma") == ["Gamma"])
    #expect(try await titles(catalog, "alpha").isEmpty)
    #expect(try await titles(catalog, "beta").isEmpty)
    let vocabulary = try await catalog.database.read { try terms($0, "t:%") }
    #expect(vocabulary == ["t:gamma": 1], "words no book holds leave the vocabulary")
  }

  @Test func vocabularyCountsFollowUpdates() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([Book(title: "Red Sea"), Book(title: "Red Moon")], source: .imported)
    #expect(try await catalog.database.read { try terms($0, "t:red") } == ["t:red": 2])
    try await catalog.upsert([Book(title: "Red Sea", contents: "Blue water")], source: .imported)
    #expect(try await catalog.database.read { try terms($0, "a:blue") } == ["a:blue": 1])
    #expect(try await catalog.database.read { try terms($0, "t:red") } == ["t:red": 2])
  }

  @Test func aReindexReachesTheRanksAnotherCatalogHasCached() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let reader = try directory.catalog()
    try await reader.upsert(
      [Book(title: "Dune Road"), Book(title: "Dune Sea")], source: .imported, popularity: [5, 1])
    #expect(try await titles(reader, "dune") == ["Dune Road", "Dune Sea"])
    try await directory.catalog().database.write { connection in
      try connection.run("UPDATE books SET popularity = 9 WHERE title = 'Dune Sea'")
      try Catalog.reindex(on: connection)
    }
    #expect(try await titles(reader, "dune") == ["Dune Sea", "Dune Road"])
  }

  /// Every answer of a catalog whose import indexed each batch as it stored it (the starter
  /// books, then goodbooks in batches, some books updated), of a catalog whose import built the
  /// index at its end, and of the first rebuilt in bulk: the same, search by search and
  /// suggestion by suggestion.
  @Test func aCatalogBuiltInBulkAnswersEveryQueryAsTheOneWrittenInBatches() async throws {
    let data = try Goodbooks.data()
    let catalog = try Catalog(path: ":memory:")
    _ = try await Importer(format: .goodbooks, batchSize: 700).read(data, into: IndexingEachBatch(catalog))
    let built = try Catalog(path: ":memory:")
    _ = try await built.importBooks(from: data, format: .goodbooks, batchSize: 700)
    let books = try await catalog.database.read { connection in
      try connection.query("SELECT book FROM books ORDER BY rowid") { try Catalog.decode($0.data(0)) }
    }
    let updates = books.enumerated().filter { $0.offset % 9 == 0 }.map {
      Book(title: $0.element.title + " (개정판)", isbn: $0.element.isbn)
    }
    try await catalog.upsert(updates, source: .imported)
    try await built.upsert(updates, source: .imported)
    func answers(_ catalog: Catalog) async throws -> [String] {
      var answers: [String] = []
      for (number, book) in books.enumerated() where number % (books.count / 120) == 0 {
        let word = String(book.title.split(separator: " ").first ?? "")
        let person = book.authors.first ?? ""
        for (text, target) in [
          (word, nil), (book.title, nil), (Analyzer.initialsKey(book.title), nil), (person, .person),
          (String(book.title.prefix(2)), nil),
        ] as [(String, SearchQuery.Target?)] where !text.isEmpty {
          for sort in SearchQuery.Sort.allCases {
            let page = try await catalog.search(
              SearchQuery(query: text, target: target, sort: sort, size: 50))
            answers.append("\(text) \(sort): \(page.meta.totalCount) \(page.documents.map(\.isbn))")
          }
        }
        for typed in [String(book.title.prefix(1)), String(book.title.prefix(3)), String(person.prefix(2))] {
          answers.append("\(typed): \(try await catalog.suggestions(for: typed, limit: 8))")
        }
      }
      return answers
    }
    let written = try await answers(catalog)
    #expect(written.count > 1_000)
    for (left, right) in zip(written, try await answers(built)) where left != right {
      Issue.record("written \(left)\nbuilt at the end \(right)")
    }
    try await catalog.rebuildIndex()
    for (left, right) in zip(written, try await answers(catalog)) where left != right {
      Issue.record("written \(left)\nrebuilt \(right)")
    }
  }

  // MARK: - Versions

  @Test func aCatalogWhoseIndexHasOtherVersionsIsReindexedWhenOpened() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await directory.catalog().upsert(
      [Book(title: "Dune Road"), Book(title: "Dune Sea")], source: .imported, popularity: [5, 1])
    // The index of another analyzer: a stored version differs, and its postings find nothing.
    try await Database(path: directory.catalogPath).write { connection in
      try connection.run("UPDATE search_meta SET version = version + 1 WHERE name = 'analyzer'")
      try connection.execute("DELETE FROM search_postings; DELETE FROM search_terms")
    }
    let reopened = try directory.catalog()
    #expect(try await titles(reopened, "dune") == ["Dune Road", "Dune Sea"])
    #expect(try await reopened.database.read { try Catalog.searchIndex.isCurrent(on: $0) })
  }

  @Test func aCatalogFromBeforeTheIndexStoredItsVersionsIsReindexedWhenOpened() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await directory.catalog().upsert([Book(title: "소설", authors: ["한강", "김영하"])], source: .imported)
    // The index as the previous version left it: no versions, no 초성 of the people stored.
    try await Database(path: directory.catalogPath).write { connection in
      try connection.execute(
        """
        DROP TABLE search_meta;
        DROP TABLE search_keys;
        CREATE TABLE search_keys (
          rowid INTEGER PRIMARY KEY,
          title TEXT NOT NULL,
          title_initials TEXT NOT NULL,
          people TEXT NOT NULL,
          publisher TEXT NOT NULL
        );
        DELETE FROM search_postings;
        DELETE FROM search_terms;
        """)
    }
    let reopened = try directory.catalog()
    #expect(try await titles(reopened, "ㄱㄱㅇㅎ", target: .person) == ["소설"])
    #expect(try await titles(reopened, "ㅎㄱㅇ", target: .person).isEmpty, "initials in order only")
  }

  // MARK: - Matching

  @Test func aPrefixExpandsToTheWordItselfFirstHoweverRare() async throws {
    // 60 commoner words begin with "pot"; the rare word "pot" itself still matches.
    var books = (0..<60).flatMap { number in
      [Book(title: "Pot\(number)stand Story \(number)"), Book(title: "Pot\(number)stand Tale \(number)")]
    }
    books.append(Book(title: "A Pot of Gold"))
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(books, source: .imported)
    #expect(try await titles(catalog, "gold pot") == ["A Pot of Gold"])
    let found = try await catalog.search(SearchQuery(query: "pot"))
    #expect(found.meta.totalCount == 1 + 2 * (Catalog.prefixExpansions - 1))
  }

  @Test func titlePhrasesRankAboveTitlesHoldingTheWordsApart() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [
        Book(title: "Games of Hunger"), Book(title: "The Hunger Gamesmaster"), Book(title: "해리와 포터"),
        Book(title: "A Hunger Games Guide"), Book(title: "작은 해리포터"),
      ], source: .imported, popularity: [9, 1, 9, 5, 1])
    let found = try await titles(catalog, "hunger game")
    #expect(found == ["A Hunger Games Guide", "The Hunger Gamesmaster", "Games of Hunger"])
    #expect(try await titles(catalog, "해리 포터") == ["작은 해리포터", "해리와 포터"])
  }

  @Test func aHangulWordMatchesOnlyWithItsSyllablesTogether() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [
        Book(title: "포터 해리 리포"),  // 해리, 리포 and 포터 apart
        Book(title: "마법 이야기", contents: "해리포터를 닮은 소년의 모험."),
        Book(title: "해리 포터와 비밀의 방"),
      ], source: .imported)
    #expect(try await titles(catalog, "해리포터") == ["해리 포터와 비밀의 방", "마법 이야기"])
    #expect(try await titles(catalog, "해리포터", target: .title) == ["해리 포터와 비밀의 방"])
    #expect(try await catalog.search(SearchQuery(query: "해리포터")).meta.totalCount == 2)
  }

  @Test func initialsMatchOnlyInOrder() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [
        Book(title: "채식주의자"), Book(title: "주의 채식자"), Book(title: "의자 채식주"),
        Book(title: "가나다마나다라"), Book(title: "가나다라"),
      ], source: .imported)
    #expect(try await titles(catalog, "ㅊㅅㅈㅇㅈ") == ["채식주의자"])
    #expect(try await titles(catalog, "ㅊㅅㅈ") == ["채식주의자", "주의 채식자", "의자 채식주"])
    // ㄱㄴㄷ and ㄴㄷㄹ both occur in 가나다마나다라, apart.
    #expect(try await titles(catalog, "ㄱㄴㄷㄹ") == ["가나다라"])
  }
}

/// The catalog as the sink of an import that searches it between batches: each batch indexed as
/// it is stored.
private struct IndexingEachBatch: ImportSink {
  let catalog: Catalog

  init(_ catalog: Catalog) { self.catalog = catalog }

  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    try await catalog.beginImport(resuming: file, searchedMeanwhile: true)
  }

  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    try await catalog.store(batch, checkpoint: checkpoint)
  }

  func finishImport() async throws -> ImportCounts { try await catalog.finishImport() }

  func abandonImport() async { await catalog.abandonImport() }
}
