import Foundation
import Storage

/// Builds an index from nothing, as a search engine's indexer does rather than as many small
/// updates: the postings, ranks and suggestions of each 65,536-id chunk are gathered in memory
/// (an ``IndexChunk``, which needs no connection, so several are gathered at once on threads of
/// their own), and written once, as whole rows in key order, chunk after chunk. What is read
/// back is what an earlier chunk may have written of the same key (each term's vocabulary row,
/// each completion key's best row), memory holds a few chunks whatever the number of documents,
/// and the best keys of crowded prefixes are found once at the end.
///
/// It writes on the caller's connection, in the caller's transaction: a build that stops before
/// the commit (an error, a `kill -9`) leaves the index as it was, and readers see the old index
/// until the commit. An index it built answers every query as one written by ``IndexWriter``
/// from the same documents does.
public struct IndexBuilder {
  private let index: InvertedIndex
  private let connection: Connection
  /// The last chunk written.
  private var lastChunk = -1
  /// The fields whose keys were suggested.
  private var suggestedFields: Set<Field> = []
  /// Whether a chunk with documents was written: before, no row is read back.
  private var wroteChunk = false

  /// A builder of `index` on `connection`, whose index it empties (see ``InvertedIndex/reset(on:)``).
  init(index: InvertedIndex, on connection: Connection) throws {
    self.index = index
    self.connection = connection
    try index.reset(on: connection)
  }

  /// An empty chunk of this builder's index: the one whose number is `number`.
  public func chunk(_ number: Int) -> IndexChunk { IndexChunk(number: number, of: index) }

  /// Writes a chunk (sealing it first if it is not), whose number is above every chunk's written
  /// before.
  public mutating func add(_ chunk: IndexChunk) throws {
    precondition(chunk.number > lastChunk, "chunks are built in ascending order")
    lastChunk = chunk.number
    guard !chunk.isEmpty else { return }
    var chunk = chunk
    chunk.seal()
    for (term, docs, count) in chunk.terms {
      try write(term, docs: docs, count: count, of: chunk.number)
    }
    for (id, texts) in chunk.stored {
      try index.store(texts, of: id, on: connection)
    }
    let version = try connection.first("SELECT version FROM search_ranks WHERE chunk = ?", [chunk.number]) {
      $0.int(0)
    }
    try IndexWriter.storeRanks(
      chunk.rank, day: chunk.day, of: chunk.number, version: (version ?? 0) + 1, on: connection)
    try writeSuggestions(chunk.suggestions, of: chunk.number)
    wroteChunk = true
  }

  /// Writes the 초성 rows of the best suggestions, and the best keys of crowded prefixes. The
  /// index is whole only once this returns.
  public mutating func finish() throws {
    try writeInitialsRows()
    let tops = SuggestionTops(index: index, connection: connection)
    for field in suggestedFields.sorted(by: { $0.code < $1.code }) {
      try tops.build(in: IndexWriter.keySpace(field))
      try tops.build(in: IndexWriter.initialsSpace(field))
    }
  }

  // MARK: - Writing a chunk

  /// Writes a term's postings in a chunk, and its row: a term new in this chunk and of one
  /// document keeps it in its row (see ``IndexWriter/writePostings(on:)``); one an earlier chunk
  /// kept so gets a postings row there, as it now has more.
  private func write(_ term: String, docs: Data, count: Int, of chunk: Int) throws {
    let stored =
      wroteChunk
      ? try connection.first("SELECT doc FROM search_terms WHERE term = ?", [term]) {
        $0.isNull(0) ? nil : $0.int(0)
      } : nil
    if stored == nil, count == 1, case .array(let offsets)? = docs.withUnsafeBytes(Postings.decode) {
      try connection.run(
        "INSERT INTO search_terms (term, docs, doc) VALUES (?, 1, ?)",
        [term, chunk << DocIDSet.chunkShift | Int(offsets[0])])
      return
    }
    let insert = "INSERT INTO search_postings (term, chunk, docs) VALUES (?, ?, ?)"
    if let only = stored ?? nil {
      let (earlier, offset) = DocIDSet.place(only)
      try connection.run(insert, [term, earlier, Postings.encode(.array([offset]))])
    }
    try connection.run(insert, [term, chunk, docs])
    try connection.run(
      """
      INSERT INTO search_terms (term, docs, doc) VALUES (?, ?, NULL)
      ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs, doc = NULL
      """, [term, count])
  }

  /// Writes a chunk's suggestion rows, and each key's best row where it beats the one an earlier
  /// chunk wrote. A chunk's documents of a key have a row unless the only one is the key's best;
  /// an earlier best that this chunk beats, alone in its chunk, gets a row there.
  private mutating func writeSuggestions(
    _ suggestions: [(key: IndexWriter.SuggestionKey, documents: IndexChunk.Suggested)], of chunk: Int
  )
    throws
  {
    for (key, entry) in suggestions {
      suggestedFields.insert(key.field)
      let space = IndexWriter.keySpace(key.field)
      let before =
        wroteChunk
        ? try connection.first(
          "SELECT doc, rank, text FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key],
          { IndexWriter.Best(doc: $0.int(0), rank: $0.int(1), text: $0.text(2)) }) : nil
      let beatsBefore = before.map(entry.best.precedes) ?? true
      let insertDocs =
        "INSERT OR IGNORE INTO search_suggestion_docs (space, key, chunk, docs) VALUES (?, ?, ?, ?)"
      if entry.offsets.count > 1 || !beatsBefore {
        try connection.run(
          insertDocs, [space, key.key, chunk, Postings.encode(Container(sorted: entry.offsets)!)])
      }
      guard beatsBefore else { continue }
      if let before {
        try connection.run(
          insertDocs,
          [
            space, key.key, DocIDSet.place(before.doc).key,
            Postings.encode(.array([DocIDSet.place(before.doc).offset])),
          ])
      }
      try connection.run(
        "INSERT OR REPLACE INTO search_suggestion_keys (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)",
        [space, key.key, entry.best.doc, entry.best.rank, entry.best.text])
    }
  }

  /// Files each best row whose text has Hangul under its 초성 too, a page of rows at a time.
  private func writeInitialsRows() throws {
    for field in suggestedFields {
      let space = IndexWriter.keySpace(field)
      var last = ""
      while true {
        let rows = try connection.query(
          """
          SELECT key, doc, rank, text FROM search_suggestion_keys
          WHERE space = ? AND key > ? ORDER BY key LIMIT 10000
          """, [space, last]
        ) { (key: $0.text(0), best: IndexWriter.Best(doc: $0.int(1), rank: $0.int(2), text: $0.text(3))) }
        guard let final = rows.last else { break }
        for (key, best) in rows {
          let initials = IndexWriter.initialsKey(of: best.text, key: key)
          if initials.isEmpty { continue }
          try connection.run(
            "INSERT INTO search_suggestion_keys (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)",
            [IndexWriter.initialsSpace(field), initials, best.doc, best.rank, best.text])
        }
        last = final.key
      }
    }
  }
}
