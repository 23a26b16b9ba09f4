import Storage

/// The completion structure's rows (`search_suggestions`): for every text a document suggests,
/// one row under its completion key and one under its 초성 (when it has Hangul), each holding the
/// document, its rank and the text.
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
  /// The key space of a field's 초성.
  static func initialsSpace(_ field: Field) -> String { field.code + "^" }

  /// The rows of a document's suggestions: each text under its keys, none for an empty key.
  static func suggestionRows(_ suggestions: [Field: [String]], of id: Int) -> [(SuggestionRow, String)] {
    var rows: [(SuggestionRow, String)] = []
    for (field, texts) in suggestions {
      for text in texts {
        for (space, key) in [
          (keySpace(field), Analyzer.completionKey(text)), (initialsSpace(field), Analyzer.initialsKey(text)),
        ] where !key.isEmpty {
          rows.append((SuggestionRow(space: space, key: key, doc: id), text))
        }
      }
    }
    return rows
  }

  /// Stores the changed rows.
  func writeSuggestions(on connection: Connection) throws {
    for (row, change) in suggestionChanges {
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
  }
}
