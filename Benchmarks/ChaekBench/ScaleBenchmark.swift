import BookCatalog
import BookImport
import BookModel
import Foundation
import SearchIndex

/// Builds an N-book catalog from ``CatalogGenerator`` and measures index build time, size, RSS and
/// query latency over a fixed mixed query set; writes the same corpus and queries for tantivy.
struct ScaleBenchmark {
  /// A benchmark query and its kind (`1-word`, `2-word`, `ko-2char`, `choseong`, `isbn`, `person`).
  struct Case {
    let kind: String
    let query: SearchQuery
  }

  let count: Int
  let rounds: Int
  let directory: URL
  let vocabulary: CatalogGenerator.Vocabulary

  /// The fixed query set: words, names and ISBNs picked at fixed frequency ranks.
  func cases() throws -> [Case] {
    let english = vocabulary.englishWords
    let korean = vocabulary.koreanWords
    func at(_ words: [String], _ ranks: [Int]) -> [String] {
      ranks.compactMap { $0 < words.count ? words[$0] : nil }
    }
    var texts: [(String, String, SearchQuery.Target?)] = []
    texts += at(english, [0, 3, 10, 40, 150, 600, 2_000]).map { ("1-word", $0, nil) }
    texts += zip(at(english, [0, 2, 8, 30, 100]), at(english, [1, 5, 20, 60, 300])).map {
      ("2-word", "\($0) \($1)", nil)
    }
    texts += at(korean, [0, 2, 6, 15, 40]).map { ("ko-2char", String($0.prefix(2)), nil) }
    texts += at(korean, [1, 4, 9, 20]).map { ("choseong", Analyzer.initialsKey($0), nil) }
    texts += [16 * 7, 16 * 7_777, 16 * 55_555].filter { $0 < count }.map {
      ("isbn", CatalogGenerator.isbn13($0), nil)
    }
    texts += at(vocabulary.englishNames, [0, 10, 100]).map { ("person", $0, .person) }
    texts += at(vocabulary.koreanNames, [0, 5]).map { ("person", $0, .person) }
    var cases: [Case] = []
    for (kind, text, target) in texts where !text.isEmpty {
      for sort in SearchQuery.Sort.allCases {
        cases.append(Case(kind: kind, query: try SearchQuery(query: text, target: target, sort: sort)))
      }
    }
    for text in at(english, [0, 3]) {
      for sort in SearchQuery.Sort.allCases {
        cases.append(Case(kind: "deep", query: try SearchQuery(query: text, sort: sort, page: 50, size: 50)))
      }
    }
    return cases
  }

  /// What a run measured, and the files for tantivy.
  struct Measured {
    let corpus: URL
    /// Each book as the catalog stores it (its JSON), a line each in the corpus's order, for
    /// tantivy to store too (`--stored-books`).
    let books: URL
    let queries: URL
    let bySort: [String: Samples]
    /// 자동완성 requests for tantivy, and our figures for them.
    let suggestRequests: URL
    let suggest: Samples
    /// Seconds spent writing the books to the catalog (generating them and the corpus excluded).
    let buildSeconds: Double
    /// Seconds a bulk rebuild of the index from the stored books took.
    let rebuildSeconds: Double
    let sizes: DatabaseSizes
    /// The peak resident set size after the build, in MiB.
    let peakRSS: Int
  }

  /// Builds the catalog (and the tantivy corpus), then measures.
  func run() async throws -> Measured {
    let path = directory.appendingPathComponent("scale.sqlite").path
    let corpusURL = directory.appendingPathComponent("corpus.jsonl")
    try Data().write(to: corpusURL)
    let corpus = try FileHandle(forWritingTo: corpusURL)
    defer { try? corpus.close() }
    let booksURL = directory.appendingPathComponent("books.jsonl")
    try Data().write(to: booksURL)
    let stored = try FileHandle(forWritingTo: booksURL)
    defer { try? stored.close() }
    let catalog = try Catalog(path: path, includingStarter: false)
    var generator = CatalogGenerator(vocabulary: vocabulary)
    // Imported as `chaek import` does, in batches: stored, then the index built in bulk at the end.
    var building = Duration.zero
    let batch = 20_000
    var typed: [Book] = []  // the books whose titles and people are typed for suggestions
    try await catalog.beginImport(resuming: nil)
    for first in stride(from: 0, to: count, by: batch) {
      var books: [Book] = []
      var popularity: [Int] = []
      for number in first..<min(first + batch, count) {
        books.append(generator.next(number: number))
        popularity.append(generator.popularity())
        if number % max(1, count / 400) == 7 { typed.append(books.last!) }
      }
      let imported = zip(books, popularity).enumerated().map {
        ImportedBook(book: $1.0, popularity: $1.1, line: first + $0 + 1)
      }
      let start = ContinuousClock.now
      _ = try await catalog.store(imported, checkpoint: nil)
      building += ContinuousClock.now - start
      corpus.write(try Self.corpusLines(books, popularity: popularity, firstNumber: first))
      stored.write(Data(books.map { $0.jsonString(escapingSlashes: true) + "\n" }.joined().utf8))
    }
    let finishing = ContinuousClock.now
    _ = try await catalog.finishImport()
    building += ContinuousClock.now - finishing
    let buildTime = Measure.milliseconds(building) / 1_000
    let peakRSS = Measure.peakRSS()
    let sizes = try await DatabaseSizes(path: path)
    print(
      "scale: \(count) books written and indexed in \(String(format: "%.1f", buildTime)) s, database "
        + "\(Measure.mebibytes(sizes.total)) MiB (search index \(Measure.mebibytes(sizes.index)) MiB), "
        + "peak RSS \(peakRSS) MiB (\(Measure.residentParts()))")
    print("  by table and index (MiB): \(sizes.summary)")
    let rebuildStart = ContinuousClock.now
    try await catalog.rebuildIndex()
    let rebuildTime = Measure.milliseconds(ContinuousClock.now - rebuildStart) / 1_000
    let rebuiltSizes = try await DatabaseSizes(path: path)
    print(
      "  index rebuilt in bulk from the stored books in \(String(format: "%.1f", rebuildTime)) s, search "
        + "index \(Measure.mebibytes(rebuiltSizes.index)) MiB, peak RSS \(Measure.peakRSS()) MiB "
        + "(\(Measure.residentParts()))"
    )
    print("  by table and index (MiB): \(rebuiltSizes.summary)")

    let cases = try cases()
    for item in cases { _ = try await catalog.search(item.query) }  // warm the page cache
    var byKind: [String: Samples] = [:]
    var bySort: [SearchQuery.Sort: Samples] = [:]
    var all = Samples()
    var timings: [Double] = []
    var slowest = (0.0, "")
    for _ in 0..<rounds {
      for item in cases {
        let started = ContinuousClock.now
        _ = try await catalog.search(item.query)
        let elapsed = Measure.milliseconds(ContinuousClock.now - started)
        byKind[item.kind, default: Samples()].add(elapsed)
        bySort[item.query.sort, default: Samples()].add(elapsed)
        all.add(elapsed)
        timings.append(elapsed)
        if elapsed > slowest.0 {
          slowest = (elapsed, "\(item.kind) ‘\(item.query.query)’ \(item.query.sort) p\(item.query.page)")
        }
      }
    }
    print("  chaek all queries:        \(all.summary)")
    for sort in SearchQuery.Sort.allCases {
      print(
        "  chaek sort=\(sort.rawValue):".padding(toLength: 28, withPad: " ", startingAt: 0)
          + (bySort[sort]?.summary ?? ""))
    }
    for kind in byKind.keys.sorted() {
      print("  chaek \(kind):".padding(toLength: 28, withPad: " ", startingAt: 0) + byKind[kind]!.summary)
    }
    print("  chaek slowest: \(Measure.format(slowest.0)) ms — \(slowest.1)")
    try await HostileQueries.measure(
      catalog: catalog, cases: cases.map(\.query), quiet: all, englishWords: vocabulary.englishWords,
      rounds: max(1, rounds / 2))

    let requests = SuggestBenchmark.requests(from: typed)
    let suggest = try await SuggestBenchmark.measure(
      catalog: catalog, requests: requests, rounds: max(1, rounds / 5))
    let suggestURL = directory.appendingPathComponent("suggest.json")
    try SuggestBenchmark.tantivyRequests(requests).write(to: suggestURL)

    let queriesURL = directory.appendingPathComponent("queries.json")
    try Self.tantivyQueries(cases).write(to: queriesURL)
    var comparable: [String: Samples] = [:]  // the queries tantivy runs too: no 초성, no ISBN
    for (index, item) in cases.enumerated() where item.kind != "choseong" && item.kind != "isbn" {
      let key = item.query.page == 50 ? "\(item.query.sort.rawValue)@page50x50" : item.query.sort.rawValue
      for round in 0..<rounds {
        comparable[key, default: Samples()].add(timings[round * cases.count + index])
      }
    }
    // A provider's answer cached: 20 new books, indexed at once (after the searches, which ran on
    // the corpus tantivy has).
    var adding = Samples()
    for round in 0..<rounds {
      let books = (0..<20).map { generator.next(number: count + round * 20 + $0) }
      let start = ContinuousClock.now
      try await catalog.upsert(books, source: .kakao)
      adding.add(Measure.since(start))
    }
    print("  20 new books added to the \(count): \(adding.summary)")
    return Measured(
      corpus: corpusURL, books: booksURL, queries: queriesURL, bySort: comparable,
      suggestRequests: suggestURL,
      suggest: suggest, buildSeconds: buildTime, rebuildSeconds: rebuildTime, sizes: sizes, peakRSS: peakRSS)
  }

  // MARK: - tantivy's input

  /// JSON lines of analyzed books: the same tokens the catalog indexes.
  static func corpusLines(_ books: [Book], popularity: [Int], firstNumber: Int) throws -> Data {
    var data = Data()
    let encoder = JSONEncoder()
    for (index, book) in books.enumerated() {
      let suggest = SuggestBenchmark.keys(of: book)
      let line = CorpusLine(
        id: String(firstNumber + index), title: Analyzer.indexed(book.title),
        people: Analyzer.indexed(book.people),
        publisher: Analyzer.indexed(book.publisher), contents: Analyzer.indexed(book.contents),
        published: book.datetime.map { KakaoDate.year(of: $0) } ?? 0, popularity: popularity[index],
        suggest_key: suggest.keys, suggest_initials: suggest.initials)
      data.append(try encoder.encode(line))
      data.append(0x0A)
    }
    return data
  }

  /// The queries tantivy can answer the same way (initials and ISBNs have no tantivy field).
  static func tantivyQueries(_ cases: [Case]) throws -> Data {
    let queries = cases.compactMap { item -> TantivyQuery? in
      guard item.kind != "choseong", item.kind != "isbn" else { return nil }
      let text = Analyzer.queryTerms(item.query.query).map { term in
        switch term {
        case .word(let word): word
        case .phrase(let tokens): tokens.count == 1 ? tokens[0] : "\"" + tokens.joined(separator: " ") + "\""
        }
      }.joined(separator: " ")
      return TantivyQuery(
        kind: item.kind, text: text, field: item.query.target == .person ? "people" : nil,
        sort: item.query.sort.rawValue, page: item.query.page, size: item.query.size)
    }
    return try JSONEncoder().encode(queries)
  }

  private struct CorpusLine: Encodable {
    let id, title, people, publisher, contents: String
    let published, popularity: Int
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Completion keys and 초성 of the title and people (see ``SuggestBenchmark/keys(of:)``).
    let suggest_key, suggest_initials: [String]
  }

  private struct TantivyQuery: Encodable {
    let kind, text: String
    let field: String?
    let sort: String
    let page, size: Int
  }
}
