import Storage

/// Completion: the texts documents suggest (``Document/suggestions``) that typed text begins, the
/// best-ranked first.
///
/// Each key's best row (`search_suggestion_keys`) is read: a prefix of one or three characters in
/// rank order, on an index of each key's first character or first three, whose first rows are
/// the best; another prefix of few keys ranked by SQLite over its range, and one of more than
/// ``rangeLimit`` keys in rank order on the index of its first character (for two) or first
/// three, until enough are read: the more keys a prefix has, the sooner its best ones come. The
/// best are chosen from keys and ranks alone (which those indexes cover), then read whole: a
/// row read whole costs a seek into the table, one read from an index it covers a step.
extension Searcher {
  /// The most keys of a prefix ranked over their range before reading in rank order instead.
  static let rangeLimit = 1_000

  /// The texts of `fields` that `typed` completes (see ``Analyzer/completes(_:typed:)``), one per
  /// completion key (whatever the field), the best-ranked first, `limit` in all.
  public func suggestions(for typed: String, in fields: [Field], limit: Int) throws -> [Suggestion] {
    guard limit > 0 else { return [] }
    let initials = Analyzer.typedInitials(typed)
    let prefix = initials ?? Analyzer.completionKey(typed)  // an initials key's own beginning
    guard !prefix.isEmpty else { return [] }
    // Each field's best, then the best of all; a text in two fields counts once, so when that
    // leaves too few, each field is asked for more.
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
      if distinct.count >= limit || !more { return Array(distinct.prefix(limit)) }
      asked *= 2
    }
  }

  /// One key's best row, from `search_suggestion_keys`.
  private struct Row {
    let key: String
    let doc: Int
    let rank: UInt32
    let text: String
  }

  /// The `limit` best keys in `space` that begin with `prefix`. A prefix of one or three
  /// characters is a whole head of an index in rank order, whose first rows are the answer; any
  /// other is ranked by SQLite over its range of keys, unless the range is too long, when it is
  /// read in rank order on the index of its first character (for two) or first three. Either way
  /// the best keys are found from the keys and ranks alone (the range, or the index, which covers
  /// them), and only their rows are read whole.
  private func best(in space: String, startingWith prefix: String, limit: Int) throws -> [Row] {
    let end = prefix + "\u{10FFFF}"
    let length = prefix.unicodeScalars.count
    let width = length >= 3 ? 3 : 1
    let head = String(String.UnicodeScalarView(prefix.unicodeScalars.prefix(width)))
    let inRange = "space = ?1 AND key >= ?2 AND key < ?3"
    let keys: String
    if length != 1 && length != 3,
      try connection.integer(
        "SELECT count(*) FROM (SELECT 1 FROM search_suggestion_keys WHERE \(inRange) LIMIT ?4)",
        [space, prefix, end, Self.rangeLimit + 1]) <= Self.rangeLimit
    {
      keys = "SELECT key, rank FROM search_suggestion_keys WHERE \(inRange)"
    } else {
      keys = """
        SELECT key, rank FROM search_suggestion_keys INDEXED BY search_suggestion_keys_\(width)
        WHERE \(inRange) AND substr(key, 1, \(width)) = ?4
        """
    }
    return try connection.query(
      """
      SELECT row.key, row.doc, row.rank, row.text
      FROM (\(keys) ORDER BY rank DESC, key LIMIT ?5) AS best
      JOIN search_suggestion_keys AS row ON row.space = ?1 AND row.key = best.key
      ORDER BY row.rank DESC, row.key
      """, [space, prefix, end, head, limit]
    ) { row in
      Row(key: row.text(0), doc: row.int(1), rank: UInt32(clamping: row.int(2)), text: row.text(3))
    }
  }
}
