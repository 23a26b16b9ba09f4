import Storage

/// The completion structure's rows. For every text a document suggests, one row of its field's
/// key space (`search_suggestions`: the key, the document and its rank, nothing else); for each
/// key, its best-ranked document and a text of the key (`search_suggestion_keys`), under the key
/// and, when the text has Hangul, under its 초성: the rows searches read, so that a name a
/// thousand books share is one row there. A key's text is stored once, in its best row: when the
/// best document goes and no document of the batch brings its own text, the next best keeps the
/// text the key had, which another document's text folds to the same key as (the caller shows
/// the document's own text where it matters, as the catalog does a title).
extension IndexWriter {
  /// A field's completion key: what the changes of a batch are grouped by.
  struct SuggestionKey: Hashable {
    let field: Field
    let key: String

    init(_ suggested: SuggestedText) {
      field = suggested.field
      key = suggested.key
    }
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

  /// Stores the changed rows, then the best row of each key they touched, in key order.
  func writeSuggestions(on connection: Connection) throws {
    for (key, changes) in suggestionChanges.sorted(by: {
      ($0.key.field.code, $0.key.key) < ($1.key.field.code, $1.key.key)
    }) {
      let space = Self.keySpace(key.field)
      for (doc, change) in changes.sorted(by: { $0.key < $1.key }) {
        switch change {
        case .put(let rank, _):
          try connection.run(
            "INSERT OR REPLACE INTO search_suggestions (space, key, doc, rank) VALUES (?, ?, ?, ?)",
            [space, key.key, doc, Int(rank)])
        case .remove:
          try connection.run(
            "DELETE FROM search_suggestions WHERE space = ? AND key = ? AND doc = ?", [space, key.key, doc])
        }
      }
      try writeBest(of: key, changes: changes, on: connection)
    }
  }

  /// A key's best row: its document, that document's rank, and the key's text.
  struct Best: Equatable {
    let doc: Int
    let rank: Int
    let text: String

    /// `true` when this row ranks before `other`: a higher rank, then a lower document.
    func precedes(_ other: Best) -> Bool { rank != other.rank ? rank > other.rank : doc < other.doc }
  }

  /// Writes the best row of `key` after `changes` (under the key and its 초성), or removes it when
  /// no document suggests the key any more. The key's rows are read only when its best document
  /// was removed or lowered: otherwise the best is the better of the old one and the batch's.
  private func writeBest(of key: SuggestionKey, changes: [Int: SuggestionChange], on connection: Connection)
    throws
  {
    let space = Self.keySpace(key.field)
    let before = try connection.first(
      "SELECT doc, rank, text FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key]
    ) { Best(doc: $0.int(0), rank: $0.int(1), text: $0.text(2)) }
    var puts: [Best] = []
    var keepsBest = before != nil
    for (doc, change) in changes {
      switch change {
      case .put(let rank, let text):
        puts.append(Best(doc: doc, rank: Int(rank), text: text))
        if doc == before?.doc, Int(rank) < before!.rank { keepsBest = false }
      case .remove:
        if doc == before?.doc { keepsBest = false }
      }
    }
    var best: Best?
    if let before, keepsBest {
      best = puts.first { $0.doc == before.doc } ?? before  // as the batch may have written it again
      for put in puts where put.precedes(best!) { best = put }
    } else {
      best =
        try connection.first(
          "SELECT doc, rank FROM search_suggestions WHERE space = ? AND key = ? ORDER BY rank DESC, doc LIMIT 1",
          [space, key.key]
        ) { row in
          let doc = row.int(0)
          return (puts.first { $0.doc == doc }?.text ?? before?.text).map {
            Best(doc: doc, rank: row.int(1), text: $0)
          }
        } ?? nil
    }
    guard best != before else { return }
    let initialsSpace = Self.initialsSpace(key.field)
    if let before {
      try connection.run("DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key])
      try connection.run(
        "DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?",
        [initialsSpace, Self.initialsKey(of: before.text, key: key.key)])
    }
    guard let best else { return }
    let insert = "INSERT INTO search_suggestion_keys (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)"
    try connection.run(insert, [space, key.key, best.doc, best.rank, best.text])
    let initials = Self.initialsKey(of: best.text, key: key.key)
    if !initials.isEmpty {
      try connection.run(insert, [initialsSpace, initials, best.doc, best.rank, best.text])
    }
  }

  /// The key of a text in its field's 초성 space (empty when the text has no Hangul).
  static func initialsKey(of text: String, key: String) -> String {
    let initials = Analyzer.initialsKey(text)
    return initials.isEmpty ? "" : initials + "\u{1}" + key
  }
}
