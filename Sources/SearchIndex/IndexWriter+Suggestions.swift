import Foundation
import Storage

/// The completion structure's rows (see ``InvertedIndex``). For each key a batch touched: its
/// documents in the chunks it touched (a row of each, as ``Postings`` stores a chunk, but for a
/// best document alone in its chunk), then its best row
/// (`search_suggestion_keys`: its best-ranked document and a text of the key), under the key and,
/// when the text has Hangul, under its 초성, then the best keys of the crowded prefixes of those
/// (``SuggestionTops``). A key's text is stored once, in its best row: when the best document
/// goes and no document of the batch brings its own text, the next best keeps the text the key
/// had, which another document's text folds to the same key as (the caller shows the document's
/// own text where it matters, as the catalog does a title).
extension IndexWriter {
  /// A field's completion key: what the changes of a batch are grouped by.
  struct SuggestionKey: Hashable {
    let field: Field
    let key: String
    /// The key's first bytes as a number (see ``Swift/String/bytePrefix``), to order keys by.
    private let prefix: UInt64

    init(_ suggested: SuggestedText) {
      field = suggested.field
      key = suggested.key
      prefix = key.bytePrefix
    }

    /// `true` when this key's rows come first: by field, then key bytes, as SQLite sorts them.
    func precedes(_ other: SuggestionKey) -> Bool {
      guard field.code == other.field.code else { return field.code < other.field.code }
      return prefix != other.prefix ? prefix < other.prefix : key.bytesPrecede(other.key)
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

  /// Stores the changed rows of each key the batch touched, in key order; `ranks` are the ranks
  /// of the chunks the batch wrote.
  func writeSuggestions(on connection: Connection, ranks: [Int: [UInt32]]) throws {
    var tops = SuggestionTops(index: index, connection: connection)
    var ranks = ranks
    for (key, changes) in suggestionChanges.sorted(by: { $0.key.precedes($1.key) }) {
      try write(key, changes: changes, tops: &tops, ranks: &ranks, on: connection)
    }
    try tops.refillStale()
  }

  /// A key's best row: its document, that document's rank, and the key's text.
  struct Best: Equatable {
    let doc: Int
    let rank: Int
    let text: String

    /// `true` when this row ranks before `other`: a higher rank, then a lower document.
    func precedes(_ other: Best) -> Bool { rank != other.rank ? rank > other.rank : doc < other.doc }
  }

  /// Writes a key's rows after `changes`. Its documents are read only in the chunks the changes
  /// touch, unless its best document was removed or lowered: then in every chunk, with the
  /// ranks of those the batch did not change (as ``write(on:)`` stored them before; `ranks`
  /// keeps the chunks read), to find the next best; otherwise the best is the better of the old
  /// one and the batch's.
  private func write(
    _ key: SuggestionKey, changes: [Int: SuggestionChange], tops: inout SuggestionTops,
    ranks: inout [Int: [UInt32]],
    on connection: Connection
  ) throws {
    let space = Self.keySpace(key.field)
    let before = try connection.first(
      "SELECT doc, rank, text FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key]
    ) { Best(doc: $0.int(0), rank: $0.int(1), text: $0.text(2)) }
    var puts: [Int: Best] = [:]
    for case (let doc, .put(let rank, let text)) in changes {
      puts[doc] = Best(doc: doc, rank: Int(rank), text: text)
    }
    let keepsBest =
      before.map { before in
        changes[before.doc] == nil || puts[before.doc].map { $0.rank >= before.rank } == true
      } ?? false
    // Each chunk read: its stored row (if any) and its documents after the changes.
    var chunks: [Int: (stored: Data?, docs: Set<Int>)] = [:]
    func read(_ stored: Data?, of chunk: Int) {
      var docs = Set<Int>()
      stored?.withUnsafeBytes { Postings.decode($0) }?.forEachOffset {
        docs.insert(chunk << DocIDSet.chunkShift | Int($0))
      }
      if let before, DocIDSet.place(before.doc).key == chunk {
        docs.insert(before.doc)  // a best alone in its chunk has no row
      }
      for (doc, change) in changes where DocIDSet.place(doc).key == chunk {
        if case .put = change { docs.insert(doc) } else { docs.remove(doc) }
      }
      chunks[chunk] = (stored, docs)
    }
    if before != nil && !keepsBest {
      try connection.forEachRow(
        "SELECT chunk, docs FROM search_suggestion_docs WHERE space = ? AND key = ?", [space, key.key]
      ) { read($0.data(1), of: $0.int(0)) }
    }
    var touched = Set(changes.keys.map { DocIDSet.place($0).key })
    if let before { touched.insert(DocIDSet.place(before.doc).key) }
    for chunk in touched where chunks[chunk] == nil {
      let stored = try connection.first(
        "SELECT docs FROM search_suggestion_docs WHERE space = ? AND key = ? AND chunk = ?",
        [space, key.key, chunk]
      ) { $0.data(0) }
      read(stored, of: chunk)
    }
    // The best is the old one, a changed document, or (when every chunk was read) any: its chunk
    // was read, and so every chunk whose row may change.
    var best: Best?
    if let before, keepsBest {
      best = puts[before.doc] ?? before  // as the batch may have written it again
      for put in puts.values where put.precedes(best!) { best = put }
    } else {
      best = puts.values.min { $0.precedes($1) }
      for (chunk, (_, docs)) in chunks {
        let others = docs.filter { puts[$0] == nil }
        guard !others.isEmpty else { continue }
        if ranks[chunk] == nil {
          ranks[chunk] = try connection.first("SELECT popularity FROM search_ranks WHERE chunk = ?", [chunk])
          {
            RankCache.decode($0, column: 0)
          }
        }
        for doc in others {
          let rank = ranks[chunk]?[Int(DocIDSet.place(doc).offset)] ?? 0
          let candidate = Best(doc: doc, rank: Int(rank), text: "")
          if best.map(candidate.precedes) ?? true { best = candidate }
        }
      }
      best = best.flatMap { found in
        (puts[found.doc]?.text ?? before?.text).map { Best(doc: found.doc, rank: found.rank, text: $0) }
      }
    }
    for (chunk, (stored, docs)) in chunks.sorted(by: { $0.key < $1.key }) {
      let alone = docs.isEmpty || docs.count == 1 && docs.first == best?.doc
      let encoded =
        alone ? nil : Postings.encode(Container(sorted: docs.map { DocIDSet.place($0).offset }.sorted())!)
      guard encoded != stored else { continue }
      if let encoded {
        try connection.run(
          "INSERT OR REPLACE INTO search_suggestion_docs (space, key, chunk, docs) VALUES (?, ?, ?, ?)",
          [space, key.key, chunk, encoded])
      } else {
        try connection.run(
          "DELETE FROM search_suggestion_docs WHERE space = ? AND key = ? AND chunk = ?",
          [space, key.key, chunk])
      }
    }
    guard best != before else { return }
    try writeBest(best, before: before, of: key, tops: &tops, on: connection)
  }

  /// Replaces a key's best row (under the key and its 초성), and follows it in the crowded
  /// prefixes of both.
  private func writeBest(
    _ best: Best?, before: Best?, of key: SuggestionKey, tops: inout SuggestionTops, on connection: Connection
  ) throws {
    let space = Self.keySpace(key.field)
    let initialsSpace = Self.initialsSpace(key.field)
    let initials = (
      before: before.map { Self.initialsKey(of: $0.text, key: key.key) } ?? "",
      after: best.map { Self.initialsKey(of: $0.text, key: key.key) } ?? ""
    )
    if before != nil {
      try connection.run("DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?", [space, key.key])
      try connection.run(
        "DELETE FROM search_suggestion_keys WHERE space = ? AND key = ?", [initialsSpace, initials.before])
    }
    if let best {
      let insert = "INSERT INTO search_suggestion_keys (space, key, doc, rank, text) VALUES (?, ?, ?, ?, ?)"
      try connection.run(insert, [space, key.key, best.doc, best.rank, best.text])
      if !initials.after.isEmpty {
        try connection.run(insert, [initialsSpace, initials.after, best.doc, best.rank, best.text])
      }
    }
    try tops.follow(key.key, in: space, to: best?.rank)
    if initials.before == initials.after {
      if !initials.after.isEmpty {
        try tops.follow(initials.after, in: initialsSpace, to: best?.rank)
      }
    } else {
      if !initials.before.isEmpty {
        try tops.follow(initials.before, in: initialsSpace, to: nil)
      }
      if !initials.after.isEmpty {
        try tops.follow(initials.after, in: initialsSpace, to: best?.rank)
      }
    }
  }

  /// The key of a text in its field's 초성 space (empty when the text has no Hangul).
  static func initialsKey(of text: String, key: String) -> String {
    let initials = Analyzer.initialsKey(text)
    return initials.isEmpty ? "" : initials + "\u{1}" + key
  }
}
