import Storage

/// Builds an index from nothing, as a search engine's indexer does rather than as many small
/// updates: documents come in ascending id order, the postings, ranks and suggestions of each
/// 65,536-id chunk are gathered in memory, and they are written once, as whole rows in key order,
/// when the next chunk begins. No row is read back and rewritten, memory holds one chunk whatever
/// the number of documents, and the secondary indexes are sorted once at the end.
///
/// It writes on the caller's connection, in the caller's transaction: a build that stops before
/// the commit (an error, a `kill -9`) leaves the index as it was, and readers see the old index
/// until the commit. An index it built answers every query as one written by ``IndexWriter``
/// from the same documents does.
public struct IndexBuilder {
  private let index: InvertedIndex
  private let connection: Connection
  /// The chunk being gathered, and the last document added.
  private var chunk = -1
  private var lastID = -1
  /// The chunk's offsets of each term, ascending.
  private var postings: [Term: [UInt16]] = [:]
  private var rank: [UInt32] = []
  private var day: [UInt32] = []
  /// The chunk's suggestion rows of each key (documents ascending), and its best row.
  private var suggestions:
    [IndexWriter.SuggestionKey: (rows: [(doc: Int, rank: UInt32)], best: IndexWriter.Best)] =
      [:]
  /// The fields whose keys were suggested, and whether an earlier chunk wrote best rows.
  private var suggestedFields: Set<Field> = []
  private var wroteBestRows = false

  /// A builder of `index` on `connection`, whose index it empties (see ``InvertedIndex/reset(on:)``).
  init(index: InvertedIndex, on connection: Connection) throws {
    self.index = index
    self.connection = connection
    try index.createTables(on: connection)
  }

  /// Adds a document, whose id is above every id added before.
  public mutating func add(_ document: Document) throws {
    precondition(document.id > lastID, "documents are built in ascending id order")
    lastID = document.id
    let (chunk, offset) = DocIDSet.place(document.id)
    if chunk != self.chunk {
      try flush()
      self.chunk = chunk
    }
    for term in document.terms {
      postings[term, default: []].appendUnlessLast(offset)  // a term may be repeated
    }
    rank[Int(offset)] = document.rank
    day[Int(offset)] = document.day
    try index.store(index.storedTexts(of: document), of: document.id, on: connection)
    for suggested in document.suggested {
      let key = IndexWriter.SuggestionKey(suggested)
      let best = IndexWriter.Best(doc: document.id, rank: Int(document.rank), text: suggested.text)
      suggestedFields.insert(key.field)
      guard var entry = suggestions[key] else {
        suggestions[key] = ([(document.id, document.rank)], best)
        continue
      }
      if entry.rows.last?.doc != document.id {
        entry.rows.append((document.id, document.rank))
      }
      if entry.best.doc == document.id || best.precedes(entry.best) {
        entry.best = best  // a document's last text of a key is the one kept, as a writer keeps it
      }
      suggestions[key] = entry
    }
  }

  /// Writes the last chunk, the 초성 rows of the best suggestions, and the secondary indexes.
  /// The index is whole only once this returns.
  public mutating func finish() throws {
    try flush()
    try writeInitialsRows()
    try index.createSecondaryIndexes(on: connection)
  }

  // MARK: - Writing a chunk

  /// Writes the chunk gathered, if any, and starts an empty one.
  private mutating func flush() throws {
    defer {
      postings = [:]
      suggestions = [:]
      rank = [UInt32](repeating: 0, count: 1 << DocIDSet.chunkShift)
      day = rank
    }
    guard chunk >= 0 else { return }
    let terms = postings.map { (encoded: $0.key.encoded, offsets: $0.value) }.sorted {
      IndexWriter.precedes($0.encoded, $1.encoded)
    }
    for (term, offsets) in terms {
      try connection.run(
        "INSERT INTO search_postings (term, chunk, docs) VALUES (?, ?, ?)",
        [term, chunk, Postings.encode(Container(sorted: offsets)!)])
      try connection.run(
        """
        INSERT INTO search_terms (term, docs) VALUES (?, ?)
        ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs
        """, [term, offsets.count])
    }
    let version = try connection.first("SELECT version FROM search_ranks WHERE chunk = ?", [chunk]) {
      $0.int(0)
    }
    try IndexWriter.storeRanks(rank, day: day, of: chunk, version: (version ?? 0) + 1, on: connection)
    try writeSuggestions()
  }

  /// Writes the chunk's suggestion rows, and each key's best row where it beats the one an earlier
  /// chunk wrote.
  private mutating func writeSuggestions() throws {
    for (key, entry) in suggestions.sorted(by: {
      ($0.key.field.code, $0.key.key) < ($1.key.field.code, $1.key.key)
    }) {
      let space = IndexWriter.keySpace(key.field)
      for row in entry.rows {
        try connection.run(
          "INSERT INTO search_suggestions (space, key, doc, rank) VALUES (?, ?, ?, ?)",
          [space, key.key, row.doc, Int(row.rank)])
      }
      if wroteBestRows,
        let before = try connection.first(
          "SELECT doc, rank, text FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key],
          { IndexWriter.Best(doc: $0.int(0), rank: $0.int(1), text: $0.text(2)) }),
        !entry.best.precedes(before)
      {
        continue
      }
      try connection.run(
        "INSERT OR REPLACE INTO search_suggestion_keys (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)",
        [space, key.key, entry.best.doc, entry.best.rank, entry.best.text])
    }
    wroteBestRows = wroteBestRows || !suggestions.isEmpty
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

extension [UInt16] {
  /// Appends `offset` unless it is the last element already.
  fileprivate mutating func appendUnlessLast(_ offset: UInt16) {
    if last != offset { append(offset) }
  }
}
