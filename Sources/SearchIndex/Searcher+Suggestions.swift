import Storage

/// Completion: the texts documents suggest (``Document/suggestions``) that typed text begins, the
/// best-ranked first.
///
/// A prefix of few rows is read whole in key order and ranked in memory; a prefix of more than
/// ``rangeLimit`` rows is read in rank order instead, on an index of each row's first key
/// character (for a prefix of one or two) or first three, until enough distinct keys are found:
/// the more rows a prefix has, the sooner its best ones come.
extension Searcher {
  /// The most rows of a prefix read in key order before reading in rank order instead.
  static let rangeLimit = 1_000

  /// The texts of `fields` that `typed` completes (see ``Analyzer/completes(_:typed:)``), one per
  /// completion key (whatever the field), the best-ranked first, `limit` in all.
  public func suggestions(for typed: String, in fields: [Field], limit: Int) throws -> [Suggestion] {
    guard limit > 0 else { return [] }
    let initials = Analyzer.typedInitials(typed)
    let prefix = initials ?? Analyzer.completionKey(typed)
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

  /// One row of `search_suggestions`.
  private struct Row {
    let key: String
    let doc: Int
    let rank: UInt32
    let text: String
  }

  /// The `limit` best rows of distinct keys in `space` that begin with `prefix`.
  private func best(in space: String, startingWith prefix: String, limit: Int) throws -> [Row] {
    let end = prefix + "\u{10FFFF}"
    let columns = "key, doc, rank, text"
    func row(_ row: Storage.Row) -> Row {
      Row(key: row.text(0), doc: row.int(1), rank: UInt32(clamping: row.int(2)), text: row.text(3))
    }
    let range = try connection.query(
      "SELECT \(columns) FROM search_suggestions WHERE space = ? AND key >= ? AND key < ? LIMIT ?",
      [space, prefix, end, Self.rangeLimit + 1], row)
    if range.count <= Self.rangeLimit {
      return Self.distinct(range.sorted { ($0.rank, $1.key) > ($1.rank, $0.key) }, limit: limit)
    }
    let width = prefix.unicodeScalars.count >= 3 ? 3 : 1
    let head = String(String.UnicodeScalarView(prefix.unicodeScalars.prefix(width)))
    var rows = limit * 4
    while true {
      let ranked = try connection.query(
        """
        SELECT \(columns) FROM search_suggestions INDEXED BY search_suggestions_\(width)
        WHERE space = ? AND substr(key, 1, \(width)) = ? AND key >= ? AND key < ?
        ORDER BY rank DESC LIMIT ?
        """, [space, head, prefix, end, rows], row)
      let distinct = Self.distinct(ranked, limit: limit)
      if distinct.count == limit || ranked.count < rows { return distinct }
      rows *= 4
    }
  }

  /// The first row of each text (by completion key: texts of the same initials differ), in order,
  /// `limit` of them.
  private static func distinct(_ rows: [Row], limit: Int) -> [Row] {
    var seen: Set<String> = []
    var result: [Row] = []
    for row in rows where seen.insert(Analyzer.completionKey(row.text)).inserted {
      result.append(row)
      if result.count == limit { break }
    }
    return result
  }
}
