import Storage

/// Completion: the texts documents suggest (``Document/suggestions``) that typed text begins, the
/// best-ranked first.
///
/// Each key's best row (`search_suggestion_keys`) is read: for a crowded prefix, its best keys
/// kept apart (``SuggestionTops``), a few rows; for any other, its range of keys, ranked as it is
/// read, at most ``InvertedIndex/crowdedPrefix`` rows.
extension Searcher {
  /// The texts of `fields` that `typed` completes (see ``Analyzer/completes(_:typed:)``), one per
  /// completion key (whatever the field), the best-ranked first, `limit` in all. A text in two
  /// fields counts once: each field is asked for more while that leaves too few, up to
  /// ``InvertedIndex/keptPerPrefix`` (then fewer may come); a `limit` above that ranks the whole
  /// range of keys of a crowded prefix, a read of each.
  public func suggestions(for typed: String, in fields: [Field], limit: Int) throws -> [Suggestion] {
    guard limit > 0 else { return [] }
    let initials = Analyzer.typedInitials(typed)
    let prefix = initials ?? Analyzer.completionKey(typed)  // an initials key's own beginning
    guard !prefix.isEmpty else { return [] }
    var asked = limit
    while true {
      var found: [Suggestion] = []
      var more = false
      for field in fields {
        let space = initials == nil ? IndexWriter.keySpace(field) : IndexWriter.initialsSpace(field)
        let rows = try best(in: space, startingWith: prefix, limit: asked)
        more = more || rows.count == asked
        found += rows.map { Suggestion(field: field, text: $0.text, id: $0.doc, rank: $0.rank) }
      }
      var seen: Set<String> = []
      let distinct = found.sorted { $0.rank > $1.rank }.filter {
        seen.insert(Analyzer.completionKey($0.text)).inserted
      }
      let next = min(asked * 2, max(limit, keptPerPrefix))
      if distinct.count >= limit || !more || next == asked { return Array(distinct.prefix(limit)) }
      asked = next
    }
  }

  /// One key's best row, from `search_suggestion_keys`.
  private struct BestRow {
    let doc: Int
    let rank: UInt32
    let text: String
  }

  /// The `limit` best keys in `space` that begin with `prefix`: the first of a crowded prefix's
  /// best keys when it has that many (when `limit` is more than it keeps, its whole range is
  /// ranked), else the best of its range.
  private func best(in space: String, startingWith prefix: String, limit: Int) throws -> [BestRow] {
    let bestRow = { (row: Row) in
      BestRow(doc: row.int(1), rank: UInt32(clamping: row.int(2)), text: row.text(3))
    }
    let kept = try connection.query(
      """
      SELECT row.key, row.doc, row.rank, row.text
      FROM (
        SELECT key, rank FROM search_suggestion_tops WHERE space = ?1 AND prefix = ?2
        ORDER BY rank DESC, key LIMIT ?3
      ) AS best
      JOIN search_suggestion_keys AS row ON row.space = ?1 AND row.key = best.key
      ORDER BY best.rank DESC, best.key
      """, [space, prefix, limit], bestRow)
    if kept.count == limit { return kept }
    return try connection.query(
      """
      SELECT key, doc, rank, text FROM search_suggestion_keys
      WHERE space = ?1 AND key >= ?2 AND key < ?3 ORDER BY rank DESC, key LIMIT ?4
      """, [space, prefix, prefix + "\u{10FFFF}", limit], bestRow)
  }
}
