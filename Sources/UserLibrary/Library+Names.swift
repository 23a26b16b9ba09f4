import BookModel
import SearchIndex
import Storage

/// The titles and people of saved books by what they are found by while being typed, so that
/// 자동완성 reads a range of an index instead of every saved book at each keystroke.
///
/// Each saved book has a row per name in `saved_names`, with the name's completion key and 초성
/// (``SearchIndex/Analyzer/completionKey(_:)``, ``SearchIndex/Analyzer/initialsKey(_:)``), written
/// in the transaction that stores the book; a trigger deletes them with the book. The keys are the
/// analyzer's of its ``SearchIndex/Analyzer/version``, kept in `settings`: a library opened by a
/// release with another version has them made again, as the catalog rebuilds its index.
extension Library {
  /// The saved books' titles and people that `typed` begins as ``SearchIndex/Analyzer/completes(_:typed:)``
  /// says: by book title (case-insensitive, then 가나다), each book's title before its people in
  /// their order; one per folded text (``SearchIndex/Analyzer/key(_:)``), the first; `limit` of
  /// them. Typing with nothing to match (blank, punctuation only) completes nothing.
  public func savedNames(completing typed: String, limit: Int) async throws -> [SavedName] {
    let (column, prefix) =
      if let initials = Analyzer.typedInitials(typed) { ("initials", initials) } else {
        ("key", Analyzer.completionKey(typed))
      }
    guard !prefix.isEmpty, limit > 0 else { return [] }
    return try await store.read { connection in
      // A key begins with `prefix` when it sorts from `prefix` up to `prefix` followed by the
      // last code point (keys compare as UTF-8 bytes, so this is a range of the index).
      try connection.fetch(
        """
        SELECT text, kind, book_id FROM (
          SELECT n.text, n.kind, n.book_id, n.position, b.title AS book_title,
            row_number() OVER (PARTITION BY n.folded ORDER BY \(connection.dialect.caseFolded("b.title")), b.id, n.position) AS nth
          FROM saved_names n JOIN saved_books b ON b.id = n.book_id
          WHERE n.\(column) >= ? AND n.\(column) < ?
        ) AS named
        WHERE nth = 1 ORDER BY \(connection.dialect.caseFolded("book_title")), book_id, position LIMIT ?
        """, [prefix, prefix + "\u{10FFFF}", limit]
      ) { row in
        BookID(parsing: row.text(2)).map {
          SavedName(text: row.text(0), kind: NameKind(rawValue: row.text(1)) ?? .person, bookID: $0)
        }
      }.compactMap { $0 }
    }
  }

  /// Writes the names of `book`, saved under its own identity, in the caller's transaction, in
  /// place of those it had.
  static func indexNames(of book: Book, on connection: any SQLSession) throws {
    let id = book.id.rawValue
    try connection.run("DELETE FROM saved_names WHERE book_id = ?", [id])
    let names = [(book.title, NameKind.title)] + (book.authors + book.translators).map { ($0, .person) }
    for (position, (text, kind)) in names.enumerated() where !text.isEmpty {
      try connection.run(
        "INSERT INTO saved_names (book_id, position, kind, text, folded, key, initials) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
          id, position, kind.rawValue, text, Analyzer.key(text), Analyzer.completionKey(text),
          Analyzer.initialsKey(text),
        ])
    }
  }

  /// The `settings` row that holds the analyzer version of the keys in `saved_names`.
  static let savedNamesVersionSetting = "saved_names_analyzer"

  /// At every open: makes every saved book's names again when they were made by another version of
  /// the analyzer, or not yet (a library saved before they were kept).
  static let savedNamesCheck = Migration.atEveryOpen("index saved names of other analyzer versions") {
    try indexNamesOfOtherAnalyzers(on: $0)
  }

  /// Makes every saved book's names again, in the caller's transaction, when they were made by
  /// another version of the analyzer, or not yet.
  static func indexNamesOfOtherAnalyzers(on connection: any SQLSession) throws {
    let current = String(Analyzer.version)
    guard try setting(savedNamesVersionSetting, on: connection) != current else { return }
    let books = try connection.fetch("SELECT book FROM saved_books") { try Library.decode($0.text(0)) }
    for book in books { try indexNames(of: book, on: connection) }
    try setSetting(savedNamesVersionSetting, to: current, on: connection)
  }
}
