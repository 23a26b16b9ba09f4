import Storage

/// The completion structure's rows. For every text a document suggests, one row of its field's
/// key space (`search_suggestions`: the key, the document and its rank, nothing else); for each
/// key, its best-ranked document and that document's text (`search_suggestion_keys`), under the
/// key and, when the text has Hangul, under its 초성: the rows searches read, so that a name a
/// thousand books share is one row there. A key's text is stored once, in its best row: the texts
/// of one key differ at most in case and punctuation, so when the best document goes and no other
/// of the batch brings its own, the next best keeps the text the key had.
extension IndexWriter {
  /// One document's row: its field's key space, the key and the document.
  struct SuggestionRow: Hashable {
    let field: Field
    let key: String
    let doc: Int
  }

  /// What becomes of a row: written with a rank and text, or removed.
  enum SuggestionChange {
    case put(rank: UInt32, text: String)
    case remove
  }

  /// The key space of a field's completion keys.
  static func keySpace(_ field: Field) -> String { field.code + "." }
  /// The key space of a field's 초성, whose keys are a text's initials, U+0001, and its completion
  /// key: texts of the same initials keep a row each.
  static func initialsSpace(_ field: Field) -> String { field.code + "^" }

  /// The rows of a document's suggestions, one per text with a non-empty key.
  static func suggestionRows(_ suggestions: [Field: [String]], of id: Int) -> [(SuggestionRow, String)] {
    var rows: [(SuggestionRow, String)] = []
    for (field, texts) in suggestions {
      for text in texts {
        let key = Analyzer.completionKey(text)
        guard !key.isEmpty else { continue }
        rows.append((SuggestionRow(field: field, key: key, doc: id), text))
      }
    }
    return rows
  }

  /// Stores the changed rows, then the best row of each key they touched.
  func writeSuggestions(on connection: Connection) throws {
    /// The texts this batch brings, by key and document.
    var texts: [SuggestionRow: String] = [:]
    var keys: Set<SuggestionKey> = []
    let rows = suggestionChanges.sorted {
      ($0.key.field.code, $0.key.key, $0.key.doc) < ($1.key.field.code, $1.key.key, $1.key.doc)
    }
    for (row, change) in rows {
      keys.insert(SuggestionKey(field: row.field, key: row.key))
      switch change {
      case .put(let rank, let text):
        texts[row] = text
        try connection.run(
          "INSERT OR REPLACE INTO search_suggestions (space, key, doc, rank) VALUES (?, ?, ?, ?)",
          [Self.keySpace(row.field), row.key, row.doc, Int(rank)])
      case .remove:
        try connection.run(
          "DELETE FROM search_suggestions WHERE space = ? AND key = ? AND doc = ?",
          [Self.keySpace(row.field), row.key, row.doc])
      }
    }
    for key in keys.sorted(by: { ($0.field.code, $0.key) < ($1.field.code, $1.key) }) {
      try writeBest(of: key, texts: texts, on: connection)
    }
  }

  /// A field's completion key.
  private struct SuggestionKey: Hashable {
    let field: Field
    let key: String
  }

  /// Writes the best row of `key` (under the key and its 초성), or removes it when no document
  /// suggests the key any more.
  private func writeBest(of key: SuggestionKey, texts: [SuggestionRow: String], on connection: Connection)
    throws
  {
    let space = Self.keySpace(key.field)
    let initialsSpace = Self.initialsSpace(key.field)
    let before = try connection.first(
      "SELECT text FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key]
    ) { $0.text(0) }
    let best = try connection.first(
      "SELECT doc, rank FROM search_suggestions WHERE space = ? AND key = ? ORDER BY rank DESC, doc LIMIT 1",
      [space, key.key]
    ) { (doc: $0.int(0), rank: $0.int(1)) }
    if let before {
      try connection.run("DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key])
      try connection.run(
        "DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?",
        [initialsSpace, Self.initialsKey(of: before, key: key.key)])
    }
    guard let best, let text = texts[SuggestionRow(field: key.field, key: key.key, doc: best.doc)] ?? before
    else { return }
    let insert = "INSERT INTO search_suggestion_keys (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)"
    try connection.run(insert, [space, key.key, best.doc, best.rank, text])
    let initials = Self.initialsKey(of: text, key: key.key)
    if !initials.isEmpty {
      try connection.run(insert, [initialsSpace, initials, best.doc, best.rank, text])
    }
  }

  /// The key of a text in its field's 초성 space (empty when the text has no Hangul).
  private static func initialsKey(of text: String, key: String) -> String {
    let initials = Analyzer.initialsKey(text)
    return initials.isEmpty ? "" : initials + "\u{1}" + key
  }
}
