import Storage

/// The index changes of one write transaction, stored at its end by ``write(on:)``, so that a
/// batch of documents rewrites each chunk it touches once.
public struct IndexWriter {
  let index: InvertedIndex

  private struct Key: Hashable {
    let term: Term
    let chunk: Int
  }

  /// Per term and chunk, the offsets to add (`true`) or remove, in order: the last change of an
  /// offset wins, so a document updated twice in one batch ends with its last terms.
  private var postings: [Key: [(offset: UInt16, present: Bool)]] = [:]
  /// Per chunk, the offsets whose sort keys change.
  private var ranks: [Int: [(offset: Int, rank: UInt32, day: UInt32)]] = [:]
  /// Per id, the stored fields to write, in the order of the index's.
  private var stored: [Int: [String]] = [:]
  /// The ids whose stored fields go.
  private var deleted: Set<Int> = []
  /// The completion structure's rows to write or remove, by key and document, the last change of
  /// a row winning.
  var suggestionChanges: [SuggestionKey: [Int: SuggestionChange]] = [:]

  init(index: InvertedIndex) {
    self.index = index
  }

  /// Adds a document: its terms, sort keys and stored fields.
  public mutating func add(_ document: Document) {
    change(document.terms, of: document.id, present: true)
    let (chunk, offset) = DocIDSet.place(document.id)
    ranks[chunk, default: []].append((Int(offset), document.rank, document.day))
    stored[document.id] = index.storedTexts(of: document)
    deleted.remove(document.id)
    for suggested in document.suggested {
      suggestionChanges[SuggestionKey(suggested), default: [:]][document.id] = .put(
        rank: document.rank, text: suggested.text)
    }
  }

  /// Removes a document's terms and suggestions (as they were added), before it is added again as
  /// it is now.
  public mutating func remove(_ terms: [Term], suggestions: [Field: [String]] = [:], of id: Int) {
    change(terms, of: id, present: false)
    for suggested in SuggestedText.of(suggestions) {
      suggestionChanges[SuggestionKey(suggested), default: [:]][id] = .remove
    }
  }

  /// Removes a document for good: its terms and suggestions (as they were added) and its stored
  /// fields.
  public mutating func delete(_ terms: [Term], suggestions: [Field: [String]] = [:], of id: Int) {
    remove(terms, suggestions: suggestions, of: id)
    stored[id] = nil
    deleted.insert(id)
  }

  private mutating func change(_ terms: [Term], of id: Int, present: Bool) {
    let (chunk, offset) = DocIDSet.place(id)
    for term in terms {
      postings[Key(term: term, chunk: chunk), default: []].append((offset, present))
    }
  }

  // MARK: - Writing

  /// Stores the changes: each touched chunk of postings and ranks is read, changed and written
  /// once, the vocabulary's counts follow, and the stored fields and suggestions are written.
  /// Postings, counts, stored fields and suggestions are written in key order, so that a large
  /// batch walks each of their b-trees once.
  public func write(on connection: Connection) throws {
    var counts: [Term: Int] = [:]
    let keys = postings.keys.map { (encoded: $0.term.encoded, key: $0) }.sorted {
      $0.encoded.hasSameBytes(as: $1.encoded)
        ? $0.key.chunk < $1.key.chunk : $0.encoded.bytesPrecede($1.encoded)
    }
    for (encoded, key) in keys {
      let changes = postings[key]!
      let before =
        try connection.first(
          "SELECT docs FROM search_postings WHERE term = ? AND chunk = ?", [encoded, key.chunk]
        ) { $0.withBytes(0, Postings.decode) } ?? nil
      let after = Self.applying(changes, to: before)
      guard after != before else { continue }
      counts[key.term, default: 0] += (after?.count ?? 0) - (before?.count ?? 0)
      if let after {
        try connection.run(
          "INSERT OR REPLACE INTO search_postings (term, chunk, docs) VALUES (?, ?, ?)",
          [encoded, key.chunk, Postings.encode(after)])
      } else {
        try connection.run("DELETE FROM search_postings WHERE term = ? AND chunk = ?", [encoded, key.chunk])
      }
    }
    try write(counts, on: connection)
    try writeStored(on: connection)
    try writeRanks(on: connection)
    try writeSuggestions(on: connection)
  }

  /// A chunk with `changes` applied, each offset's last change winning; `nil` when it holds none.
  private static func applying(_ changes: [(offset: UInt16, present: Bool)], to container: Container?)
    -> Container?
  {
    var last: [UInt16: Bool] = [:]
    for change in changes { last[change.offset] = change.present }
    var result = container
    if let added = Container(sorted: last.compactMap { $1 ? $0 : nil }.sorted()) {
      result = result.map { Container.union($0, added) } ?? added
    }
    if let removed = Container(sorted: last.compactMap { $1 ? nil : $0 }.sorted()), let kept = result {
      result = Container.subtracting(kept, removed)
    }
    return result
  }

  private func write(_ counts: [Term: Int], on connection: Connection) throws {
    for (term, change) in counts.map({ ($0.key.encoded, $0.value) }).sorted(by: { $0.0.bytesPrecede($1.0) })
    where change != 0 {
      try connection.run(
        """
        INSERT INTO search_terms (term, docs) VALUES (?, ?)
        ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs
        """, [term, change])
    }
    if counts.values.contains(where: { $0 < 0 }) {
      try connection.run("DELETE FROM search_terms WHERE docs <= 0")
    }
  }

  private func writeStored(on connection: Connection) throws {
    for id in deleted {
      try connection.run("DELETE FROM search_keys WHERE rowid = ?", [id])
    }
    for (id, texts) in stored.sorted(by: { $0.key < $1.key }) {
      try index.store(texts, of: id, on: connection)
    }
  }

  private func writeRanks(on connection: Connection) throws {
    for (chunk, changes) in ranks {
      var rank = [UInt32](repeating: 0, count: 1 << DocIDSet.chunkShift)
      var day = rank
      let version =
        try connection.first("SELECT version, popularity, day FROM search_ranks WHERE chunk = ?", [chunk]) {
          row in
          rank = RankCache.decode(row, column: 1)
          day = RankCache.decode(row, column: 2)
          return row.int(0)
        } ?? 0
      for change in changes {
        rank[change.offset] = change.rank
        day[change.offset] = change.day
      }
      try Self.storeRanks(rank, day: day, of: chunk, version: version + 1, on: connection)
    }
  }

  /// Writes a chunk's ranks and days, at a version above the one a ``RankCache`` may hold.
  static func storeRanks(
    _ rank: [UInt32], day: [UInt32], of chunk: Int, version: Int, on connection: Connection
  )
    throws
  {
    try connection.run(
      "INSERT OR REPLACE INTO search_ranks (chunk, version, popularity, day) VALUES (?, ?, ?, ?)",
      [chunk, version, RankCache.encode(rank), RankCache.encode(day)])
  }
}
