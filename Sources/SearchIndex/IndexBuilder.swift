import Foundation
import Storage

/// Builds an index from nothing, as a search engine's indexer does rather than as many small
/// updates: the postings, ranks and suggestions of each 65,536-id chunk are gathered in memory
/// (an ``IndexChunk``, which needs no connection, so several are gathered at once on threads of
/// their own), and written once, chunk after chunk: the stored texts, ranks and suggestions as
/// whole rows in key order, the terms as a sorted run of a temporary file (``TermRuns``), whose
/// runs are merged at the end into the term and postings tables, each written once in key order.
/// What is read back is what an earlier chunk may have written of the same completion key (its
/// best row), memory holds a few chunks whatever the number of documents, and the best keys of
/// crowded prefixes are found once at the end.
///
/// It writes on the caller's connection, in the caller's transaction: a build that stops before
/// the commit (an error, a `kill -9`) leaves the index as it was, and readers see the old index
/// until the commit. An index it built answers every query as one written by ``IndexWriter``
/// from the same documents does.
public struct IndexBuilder {
  private let index: InvertedIndex
  private let connection: Connection
  /// Each chunk's term rows, written once all are in (see ``TermRuns``).
  private let termRuns: TermRuns
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
    termRuns = try TermRuns(
      in: connection.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
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
    try termRuns.append(chunk.termRun, of: chunk.number)
    var storing = index.storing(on: connection)
    for (id, texts) in chunk.stored {
      try storing.append([id] + texts)
    }
    try storing.flush()
    let version = try connection.first("SELECT version FROM search_ranks WHERE chunk = ?", [chunk.number]) {
      $0.int(0)
    }
    try IndexWriter.storeRanks(
      chunk.rank, day: chunk.day, of: chunk.number, version: (version ?? 0) + 1, on: connection)
    try writeSuggestions(chunk.suggestions, of: chunk.number)
    wroteChunk = true
  }

  /// Writes the terms' rows, the 초성 rows of the best suggestions, and the best keys of crowded
  /// prefixes. The index is whole only once this returns.
  public mutating func finish() throws {
    var terms = BatchInsert(into: "search_terms", columns: ["term", "docs", "doc"], on: connection)
    var postings = BatchInsert(into: "search_postings", columns: ["term", "chunk", "docs"], on: connection)
    try termRuns.merge { try Self.write($0, rows: $1, terms: &terms, postings: &postings) }
    try terms.flush()
    try postings.flush()
    let tops = SuggestionTops(index: index, connection: connection)
    for field in suggestedFields.sorted(by: { $0.code < $1.code }) {
      // Each best row whose text has Hangul is filed under its 초성 too.
      var initialsRows = BatchInsert(
        into: "search_suggestion_keys", columns: ["space", "key", "doc", "rank", "text"], on: connection)
      try tops.build(in: IndexWriter.keySpace(field)) { key, best in
        let initials = IndexWriter.initialsKey(of: best.text, key: key)
        if !initials.isEmpty {
          try initialsRows.append([
            IndexWriter.initialsSpace(field), initials, best.doc, best.rank, best.text,
          ])
        }
      }
      try initialsRows.flush()
      try tops.build(in: IndexWriter.initialsSpace(field))
    }
  }

  // MARK: - Writing a chunk

  /// Writes a term's row, and its postings in each chunk that has it: a term of one document
  /// keeps it in its row, and has no postings (see ``IndexWriter/writePostings(on:)``).
  private static func write(
    _ term: String, rows: [TermRuns.Row], terms: inout BatchInsert, postings: inout BatchInsert
  ) throws {
    let count = rows.reduce(0) { $0 + $1.count }
    if count == 1, case .array(let offsets)? = rows[0].docs.withUnsafeBytes(Postings.decode) {
      try terms.append([term, 1, rows[0].chunk << DocIDSet.chunkShift | Int(offsets[0])])
      return
    }
    for row in rows {
      try postings.append([term, row.chunk, row.docs])
    }
    try terms.append([term, count, SQLValue.null])
  }

  /// Writes a chunk's suggestion rows, and each key's best row where it beats the one an earlier
  /// chunk wrote. A chunk's documents of a key have a row unless the only one is the key's best;
  /// an earlier best that this chunk beats, alone in its chunk, gets a row there.
  private mutating func writeSuggestions(
    _ suggestions: [(key: IndexWriter.SuggestionKey, documents: IndexChunk.Suggested)], of chunk: Int
  )
    throws
  {
    var docs = BatchInsert(
      "INSERT OR IGNORE", into: "search_suggestion_docs", columns: ["space", "key", "chunk", "docs"],
      on: connection)
    var bests = BatchInsert(
      "INSERT OR REPLACE", into: "search_suggestion_keys", columns: ["space", "key", "doc", "rank", "text"],
      on: connection)
    // A chunk has a key once: the rows it reads back are earlier chunks', written before it.
    for (key, entry) in suggestions {
      suggestedFields.insert(key.field)
      let space = IndexWriter.keySpace(key.field)
      let before =
        wroteChunk
        ? try connection.first(
          "SELECT doc, rank, text FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key],
          { IndexWriter.Best(doc: $0.int(0), rank: $0.int(1), text: $0.text(2)) }) : nil
      let beatsBefore = before.map(entry.best.precedes) ?? true
      if entry.offsets.count > 1 || !beatsBefore {
        try docs.append([space, key.key, chunk, Postings.encode(Container(sorted: entry.offsets)!)])
      }
      guard beatsBefore else { continue }
      if let before {
        let (beforeChunk, offset) = DocIDSet.place(before.doc)
        try docs.append([space, key.key, beforeChunk, Postings.encode(.array([offset]))])
      }
      try bests.append([space, key.key, entry.best.doc, entry.best.rank, entry.best.text])
    }
    try docs.flush()
    try bests.flush()
  }
}
