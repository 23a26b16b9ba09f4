import Storage
import TestSupport
import Testing

@testable import SearchIndex

@Suite("IndexBuilder: an index built in bulk is the index written batch by batch")
struct IndexBuilderTests {
  static let title = Field("t")
  static let people = Field("p")
  /// Prefixes of more than three completion keys keep their best two: the corpus crowds many.
  static let index = InvertedIndex(
    storedFields: [.stored("title")], documentVersion: 1, crowdedPrefix: 3, keptPerPrefix: 2)

  /// A seeded corpus over three chunks of ids (0, 2 and 5): words shared by few documents and by every one
  /// (so some chunks are bitmaps), repeated terms, and suggested texts that share completion keys
  /// at equal and different ranks, some in many documents, some in few.
  static func corpus(seed: UInt64) -> [Document] {
    var random = SeededGenerator(seed: seed)
    let words = (0..<300).map { "w\($0)" } + ["해리", "포터", "채식", "주의", "ㅎㄹ"]
    let texts =
      ["Alpha", "alpha!", "ALPHA", "Alps", "감마", "가마", "감마선", "Gamma", "해리 포터", "해리포터"]
      + (0..<60).map { ["Alpha", "감마", "Beta"][$0 % 3] + " \($0)" }
    var documents: [Document] = []
    var id = Int.random(in: 0...5, using: &random)
    while id < 3 << 16 {
      let terms =
        (0..<Int.random(in: 0...8, using: &random)).map { _ in
          Term(words.randomElement(using: &random)!, in: Bool.random(using: &random) ? title : people)
        } + [Term("every", in: title), Term("every", in: title)]
      let suggested = Int.random(in: 0..<4, using: &random) == 0 ? [] : [texts.randomElement(using: &random)!]
      // A few rare names: keys of one document in some chunks, the best or not.
      let person =
        Int.random(in: 0..<1_500, using: &random) == 0
        ? "Rare \(Int.random(in: 0..<6, using: &random))" : texts.randomElement(using: &random)!
      let placed = [0, 2, 5][id >> 16] << 16 | id & 0xFFFF  // chunks 1, 3 and 4 stay empty
      documents.append(
        Document(
          id: placed, terms: terms, rank: UInt32.random(in: 0...3, using: &random),
          day: UInt32.random(in: 0...9, using: &random), stored: [.stored("title"): "book \(placed)"],
          suggestions: [title: suggested, people: [person]]))
      id += Int.random(in: 1...12, using: &random)
    }
    return documents
  }

  /// Every row of the index's tables but the ranks' versions, in key order.
  static func rows(on connection: Connection) throws -> [String] {
    let tables = [
      "SELECT term, chunk, hex(docs) FROM search_postings ORDER BY term, chunk",
      "SELECT term, docs, doc FROM search_terms ORDER BY term",
      "SELECT chunk, hex(popularity), hex(day) FROM search_ranks ORDER BY chunk",
      "SELECT rowid, title FROM search_keys ORDER BY rowid",
      "SELECT space, key, doc, rank, text FROM search_suggestion_keys ORDER BY space, key",
      "SELECT space, key, chunk, hex(docs) FROM search_suggestion_docs ORDER BY space, key, chunk",
      "SELECT space, prefix, key, rank FROM search_suggestion_tops ORDER BY space, prefix, key",
      "SELECT name, sql FROM sqlite_master WHERE name LIKE 'search%' ORDER BY name",
    ]
    return try tables.flatMap { sql in
      try connection.query(sql) { row in (0..<row.count).map { row.text($0) }.joined(separator: "|") }
    }
  }

  /// Builds an index of `documents` (ids ascending), a chunk at a time, each gathered before it
  /// is written (the catalog gathers them on threads of their own).
  static func build(_ documents: [Document], with builder: inout IndexBuilder) throws {
    var chunks: [IndexChunk] = []
    for document in documents {
      let number = IndexChunk.number(of: document.id)
      if chunks.last?.number != number { chunks.append(builder.chunk(number)) }
      chunks[chunks.count - 1].add(document)
    }
    for var chunk in chunks {
      if chunk.number.isMultiple(of: 2) { chunk.seal() }  // the builder seals the others
      try builder.add(chunk)
      try builder.add(builder.chunk(chunk.number + 1))  // an empty chunk writes nothing
    }
    try builder.finish()
  }

  static func database() throws -> Database {
    try Database(path: ":memory:", migrations: [Migration("index") { try index.reset(on: $0) }])
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aBuiltIndexHoldsExactlyTheRowsOfOneWrittenInBatches(seed: UInt64) async throws {
    let documents = Self.corpus(seed: seed)
    var random = SeededGenerator(seed: seed + 100)
    let written = try Self.database()
    var remaining = documents.shuffled(using: &random)
    while !remaining.isEmpty {
      let batch = Array(remaining.prefix(Int.random(in: 1...6_000, using: &random)))
      remaining.removeFirst(batch.count)
      try await written.write { connection in
        var writer = Self.index.writer()
        for document in batch { writer.add(document) }
        try writer.write(on: connection)
      }
    }
    let built = try Self.database()
    try await built.write { connection in
      var builder = try Self.index.builder(on: connection)
      try Self.build(documents, with: &builder)
    }
    let expected = try await written.read { try Self.rows(on: $0) }
    let actual = try await built.read { try Self.rows(on: $0) }
    #expect(expected.count > 10_000)
    #expect(actual.count == expected.count)
    #expect(actual.filter { $0.count > 8_000 }.count > 0, "some chunk of `every` is a bitmap")
    let tops = try await built.read {
      try $0.integer("SELECT count(DISTINCT prefix) FROM search_suggestion_tops")
    }
    let docs = try await built.read { try $0.integer("SELECT count(*) FROM search_suggestion_docs") }
    #expect(tops > 20 && docs > 100, "crowded prefixes (\(tops)) and keys of several documents (\(docs))")
    for (line, (left, right)) in zip(actual, expected).enumerated() where left != right {
      Issue.record("row \(line): built \(left.prefix(120)), written \(right.prefix(120))")
      break
    }
  }

  /// Random batches of additions, updates and removals, over ids in four chunks, a vocabulary
  /// small enough that terms often come to one document and leave it, and suggested texts that
  /// share keys: the index written is the one built from the documents left, but for what a
  /// writer keeps by design (a removed document's ranks; a key's text when its best document
  /// goes; the kept best keys of a prefix that had more keys): those are compared by searching.
  @Test(arguments: [7, 8] as [UInt64])
  func anIndexWrittenThroughRemovalsIsTheIndexBuiltFromWhatIsLeft(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let words = (0..<12).map { "v\($0)" }
    let texts = ["Alpha", "ALPHA!", "Alps", "감마", "가마", "Beta 1", "Beta 2", "Beta 3", "Gamma"]
    var present: [Int: Document] = [:]
    let written = try Self.database()
    for _ in 0..<40 {
      // Each change: the document's id, as it was and as it is (`nil`: none).
      var batch: [(id: Int, old: Document?, new: Document?)] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let id = [0, 2, 5, 7].randomElement(using: &random)! << 16 | Int.random(in: 0..<6, using: &random)
        var new: Document?
        if Int.random(in: 0..<3, using: &random) > 0 {
          let terms = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            Term(words.randomElement(using: &random)!, in: Self.title)
          }
          new = Document(
            id: id, terms: terms, rank: UInt32.random(in: 0...3, using: &random), day: 0,
            stored: [.stored("title"): "book \(id)"],
            suggestions: [Self.people: [texts.randomElement(using: &random)!]])
        }
        batch.append((id, present[id], new))
        present[id] = new
      }
      try await written.write { [batch] connection in
        var writer = Self.index.writer()
        for (id, old, new) in batch {
          if let old {
            writer.remove(old.terms, suggestions: [Self.people: old.suggested.map(\.text)], of: id)
          }
          if let new { writer.add(new) } else { writer.delete([], of: id) }
        }
        try writer.write(on: connection)
      }
    }
    let built = try Self.database()
    try await built.write { [present] connection in
      var builder = try Self.index.builder(on: connection)
      try Self.build(present.sorted { $0.key < $1.key }.map(\.value), with: &builder)
    }
    for sql in [
      "SELECT term, chunk, hex(docs) FROM search_postings ORDER BY term, chunk",
      "SELECT term, docs, doc FROM search_terms ORDER BY term",
      "SELECT rowid, title FROM search_keys ORDER BY rowid",
      "SELECT space, key, doc, rank FROM search_suggestion_keys ORDER BY space, key",
      "SELECT space, key, chunk, hex(docs) FROM search_suggestion_docs ORDER BY space, key, chunk",
    ] {
      let rows: @Sendable (Connection) throws -> [String] = { connection in
        try connection.query(sql) { row in (0..<row.count).map { row.text($0) }.joined(separator: "|") }
      }
      let (mine, theirs) = (try await written.read(rows), try await built.read(rows))
      #expect(
        mine == theirs,
        "\(sql): written \(mine.filter { !theirs.contains($0) }), built \(theirs.filter { !mine.contains($0) })"
      )
    }
    #expect(
      try await built.read { try $0.integer("SELECT count(*) FROM search_terms WHERE doc IS NOT NULL") } > 0)
    for word in words {
      let search: @Sendable (Connection) throws -> [[Int]] = { connection in
        var searcher = Self.index.searcher(on: connection, ranks: RankCache())
        let term = Term(word, in: Self.title)
        return try [searcher.matches(.term(term)).sorted, searcher.matches(.prefix(term, limit: 2)).sorted]
      }
      #expect(try await written.read(search) == built.read(search), "\(word)")
    }
    for typed in ["a", "al", "b", "be", "ㄱ", "가", "g"] {
      for limit in [2, 5] {  // as many as a crowded prefix keeps, and more
        let suggest: @Sendable (Connection) throws -> [String] = { connection in
          try Self.index.searcher(on: connection, ranks: RankCache()).suggestions(
            for: typed, in: [Self.people], limit: limit
          ).map { "\($0.id):\($0.rank)" }
        }
        #expect(try await written.read(suggest) == built.read(suggest), "\(typed)")
      }
    }
  }

  @Test func aBuildReplacesTheIndexThatWasThere() async throws {
    let database = try Self.database()
    let old = Document(
      id: 7, terms: [Term("old", in: Self.title)], rank: 1, day: 1, stored: [.stored("title"): "old"],
      suggestions: [Self.title: ["Old"]])
    try await database.write { connection in
      var writer = Self.index.writer()
      writer.add(old)
      try writer.write(on: connection)
      var builder = try Self.index.builder(on: connection)
      try Self.build(
        [
          Document(
            id: 3, terms: [Term("new", in: Self.title)], rank: 2, day: 2, stored: [.stored("title"): "new"],
            suggestions: [Self.title: ["New"]])
        ], with: &builder)
    }
    let rows = try await database.read { try Self.rows(on: $0) }
    #expect(!rows.contains { $0.contains("old") || $0.contains("Old") }, "\(rows)")
    #expect(rows.contains("t:new|1|3"), "the one document of `new`, in its term's row")
  }
}
