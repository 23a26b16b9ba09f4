import Storage

/// The postings of the terms a batch changed. A term of one document keeps its id in its
/// `search_terms` row and has no postings rows; a term of more has a row in each chunk that holds
/// some. A term moves between the two as its count crosses one.
extension IndexWriter {
  /// Writes every changed term's postings and count, in term order.
  func writePostings(on connection: Connection) throws {
    var chunks: [Term: [Int]] = [:]
    for key in postings.keys { chunks[key.term, default: []].append(key.chunk) }
    let changed = chunks.map { (term: $0.key, chunks: $0.value.sorted()) }
    for (term, chunks) in changed.sortedByBytes(of: \.term.encoded) {
      try write(term, encoded: term.encoded, chunks: chunks, on: connection)
    }
  }

  /// One chunk of a term's postings: whether it is stored as a row, and its ids before and after
  /// the batch.
  private struct ChunkChange {
    let chunk: Int
    let isRow: Bool
    let before: Container?
    let after: Container?
  }

  /// Writes a term's postings after the batch's changes in `chunks`, and its row.
  private func write(_ term: Term, encoded: String, chunks: [Int], on connection: Connection) throws {
    let stored = try connection.first("SELECT docs, doc FROM search_terms WHERE term = ?", [encoded]) {
      (count: $0.int(0), only: $0.isNull(1) ? nil : $0.int(1))
    }
    let only = stored?.only.map(DocIDSet.place)
    var count = stored?.count ?? 0
    var changes: [ChunkChange] = []
    for chunk in chunks {
      let before: Container?
      var isRow = false
      if let only {  // the term's one document, and no postings row
        before = only.key == chunk ? Container(sorted: [only.offset]) : nil
      } else {
        before =
          try connection.first(
            "SELECT docs FROM search_postings WHERE term = ? AND chunk = ?", [encoded, chunk]
          ) { $0.withBytes(0, Postings.decode) } ?? nil
        isRow = before != nil
      }
      let after = Self.applying(postings[Key(term: term, chunk: chunk)]!, to: before)
      count += (after?.count ?? 0) - (before?.count ?? 0)
      changes.append(ChunkChange(chunk: chunk, isRow: isRow, before: before, after: after))
    }
    if let only, !chunks.contains(only.key) {  // the one document kept: a row if the term has more now
      let kept = Container(sorted: [only.offset])
      changes.append(ChunkChange(chunk: only.key, isRow: false, before: kept, after: kept))
    }
    if count == 1 {
      let doc = try onlyDocument(among: changes, of: encoded, on: connection)
      if only == nil {
        try connection.run("DELETE FROM search_postings WHERE term = ?", [encoded])
      }
      if stored?.only != doc {
        try connection.run(
          "INSERT OR REPLACE INTO search_terms (term, docs, doc) VALUES (?, 1, ?)", [encoded, doc])
      }
      return
    }
    for change in changes {
      if let after = change.after, after != change.before || !change.isRow {
        try connection.run(
          "INSERT OR REPLACE INTO search_postings (term, chunk, docs) VALUES (?, ?, ?)",
          [encoded, change.chunk, Postings.encode(after)])
      } else if change.after == nil && change.isRow {
        try connection.run(
          "DELETE FROM search_postings WHERE term = ? AND chunk = ?", [encoded, change.chunk])
      }
    }
    if count == 0 {
      try connection.run("DELETE FROM search_terms WHERE term = ?", [encoded])
    } else if count != stored?.count || stored?.only != nil {
      try connection.run(
        "INSERT OR REPLACE INTO search_terms (term, docs, doc) VALUES (?, ?, NULL)", [encoded, count])
    }
  }

  /// The id of a term's one document: in a chunk the batch changed, else in the one postings row
  /// of another chunk.
  private func onlyDocument(among changes: [ChunkChange], of encoded: String, on connection: Connection)
    throws -> Int
  {
    if let change = changes.first(where: { $0.after != nil }), case .array(let offsets)? = change.after {
      return change.chunk << DocIDSet.chunkShift | Int(offsets[0])
    }
    let changed = Set(changes.map(\.chunk))
    let row = try connection.query(
      "SELECT chunk, docs FROM search_postings WHERE term = ? ORDER BY chunk", [encoded]
    ) { row in (chunk: row.int(0), container: row.withBytes(1, Postings.decode)) }
    .first { !changed.contains($0.chunk) }
    guard let row, case .array(let offsets)? = row.container else {
      // SQLITE_CORRUPT: the file was changed by something other than this writer.
      throw DatabaseError(
        code: 11, message: "search_terms counts one document of \(encoded); its postings do not")
    }
    return row.chunk << DocIDSet.chunkShift | Int(offsets[0])
  }

  /// A chunk with `changes` applied, each offset's last change winning; `nil` when it holds none.
  static func applying(_ changes: [(offset: UInt16, present: Bool)], to container: Container?)
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
}
