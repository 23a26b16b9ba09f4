import Storage

/// The index changes of one write transaction, stored at its end by ``write(on:)``, so that a
/// batch of documents rewrites each chunk it touches once.
public struct IndexWriter {
  let index: InvertedIndex

  struct Key: Hashable {
    let term: Term
    let chunk: Int
  }

  /// Per term and chunk, the offsets to add (`true`) or remove, in order: the last change of an
  /// offset wins, so a document updated twice in one batch ends with its last terms.
  var postings: [Key: [(offset: UInt16, present: Bool)]] = [:]
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

  /// Stores the changes: each term's postings and count, the stored fields, each touched chunk
  /// of ranks, and the suggestions, each read, changed and written once, in key order, so that
  /// a large batch walks each of their b-trees once.
  public func write(on connection: Connection) throws {
    try writePostings(on: connection)
    try writeStored(on: connection)
    let ranks = try writeRanks(on: connection)
    try writeSuggestions(on: connection, ranks: ranks)
  }

  private func writeStored(on connection: Connection) throws {
    for id in deleted {
      try connection.run("DELETE FROM search_keys WHERE rowid = ?", [id])
    }
    var storing = index.storing(on: connection)
    for (id, texts) in stored.sorted(by: { $0.key < $1.key }) {
      try storing.append([id] + texts)
    }
    try storing.flush()
  }

  /// Writes the ranks and days of the chunks the batch touched; returns their ranks.
  private func writeRanks(on connection: Connection) throws -> [Int: [UInt32]] {
    var written: [Int: [UInt32]] = [:]
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
      written[chunk] = rank
    }
    return written
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
