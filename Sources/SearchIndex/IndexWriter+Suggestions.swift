import Storage

/// The completion structure's rows (`search_suggestions`): for every text a document suggests,
/// one row under its completion key and one under its 초성 (when it has Hangul), each holding the
/// document, its rank and the text; and for each key, its best-ranked row
/// (`search_suggestion_keys`), which searches read: a name a thousand books share is one row there.
extension IndexWriter {
  /// One row's place: the key space (a field's keys or its initials), the key and the document.
  struct SuggestionRow: Hashable {
    let space: String
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

  /// The rows of a document's suggestions: each text under its keys, none for an empty key.
  static func suggestionRows(_ suggestions: [Field: [String]], of id: Int) -> [(SuggestionRow, String)] {
    var rows: [(SuggestionRow, String)] = []
    for (field, texts) in suggestions {
      for text in texts {
        let key = Analyzer.completionKey(text)
        guard !key.isEmpty else { continue }
        rows.append((SuggestionRow(space: keySpace(field), key: key, doc: id), text))
        let initials = Analyzer.initialsKey(text)
        if !initials.isEmpty {
          rows.append(
            (SuggestionRow(space: initialsSpace(field), key: initials + "\u{1}" + key, doc: id), text))
        }
      }
    }
    return rows
  }

  /// Stores the changed rows, then the best row of each key they touched.
  func writeSuggestions(on connection: Connection) throws {
    var keys: Set<[String]> = []
    for (row, change) in suggestionChanges {
      keys.insert([row.space, row.key])
      switch change {
      case .put(let rank, let text):
        try connection.run(
          "INSERT OR REPLACE INTO search_suggestions (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)",
          [row.space, row.key, row.doc, Int(rank), text])
      case .remove:
        try connection.run(
          "DELETE FROM search_suggestions WHERE space = ? AND key = ? AND doc = ?",
          [row.space, row.key, row.doc])
      }
    }
    for key in keys {
      try connection.run("DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?", key)
      try connection.run(
        """
        INSERT INTO search_suggestion_keys (space, key, doc, rank, text)
        SELECT space, key, doc, rank, text FROM search_suggestions INDEXED BY search_suggestions_best
        WHERE space = ? AND key = ? ORDER BY rank DESC LIMIT 1
        """, key)
    }
  }
}
