import BookModel
import Foundation
import Storage

/// The reader's merges of works (``BookModel/WorkMerge``): two works they hold to be one, until
/// they split them again. A merge of two works whose editions they both saved keeps one saved
/// edition: the merged work's, its journal moving to the other's (its shelf, rating and review
/// giving way to the other's, its tags, notes, quotes and readings added), and keeps what it moved
/// so that a split puts it back, edits made since included.
extension Library {
  /// What a merge moved from the merged work's saved edition, for its split.
  struct KeptEdition: Codable {
    /// The edition's entry as it was, without its notes and readings (which moved, and move back).
    let entry: LibraryBackup.SavedEntry
    /// The edition it moved to, and that edition's tags before.
    let target: BookID
    let targetTags: [String]
    /// The notes, quotes and readings that moved.
    let notes: [Int]
    let sessions: [Int]
  }

  /// Every merge in force, the oldest first.
  public func workMerges() async throws -> [WorkMerge] {
    try await store.read { connection in
      try connection.fetch("SELECT \(Library.mergeColumns) FROM work_merges ORDER BY id", [], Library.merge)
    }
  }

  private static let mergeColumns = "id, source, target, source_book, target_book, merged_at"

  private static func merge(_ row: any SQLRow) throws -> WorkMerge {
    guard let source = WorkID(parsing: row.text(1)), let target = WorkID(parsing: row.text(2)) else {
      throw LibraryError.invalid("merge \(row.int(0)) names no work")
    }
    return WorkMerge(
      id: row.int(0), source: source, target: target, sourceBook: try decode(row.text(3)),
      targetBook: try decode(row.text(4)), mergedAt: Date(timeIntervalSince1970: row.double(5)))
  }

  /// Merges work `source` (of `sourceBook`) into `target` (of `targetBook`). `saved`, when the
  /// reader saved an edition of each: the saved edition of `source` (`from`), whose journal moves to
  /// that of `target` (`to`), `from` no longer saved.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when `source` is `target` or merged already.
  @discardableResult
  public func mergeWork(
    _ source: WorkID, of sourceBook: Book, into target: WorkID, of targetBook: Book,
    moving saved: (from: BookID, to: BookID)? = nil
  ) async throws -> WorkMerge {
    guard source != target else { throw LibraryError.invalid("a work cannot be merged into itself") }
    let now = now()
    let merge = try await store.write { connection in
      guard
        try connection.fetchInteger("SELECT count(*) FROM work_merges WHERE source = ?", [source.rawValue])
          == 0
      else { throw LibraryError.invalid("that work is merged already: split it first") }
      var kept: String?
      if let saved, saved.from != saved.to, var entry = try Library.savedEntry(saved.from, on: connection),
        try Library.entry(saved.to, on: connection) != nil
      {
        let notes = try connection.fetch(
          "SELECT id FROM notes WHERE book_id = ? ORDER BY id", [saved.from.rawValue]
        ) {
          $0.int(0)
        }
        let sessions = try connection.fetch(
          "SELECT id FROM reading_sessions WHERE book_id = ? ORDER BY id", [saved.from.rawValue]
        ) { $0.int(0) }
        let targetTags = try connection.fetch(
          "SELECT tag FROM book_tags WHERE book_id = ? ORDER BY tag", [saved.to.rawValue]
        ) { $0.text(0) }
        (entry.notes, entry.sessions) = ([], [])
        let edition = KeptEdition(
          entry: entry, target: saved.to, targetTags: targetTags, notes: notes, sessions: sessions)
        kept = String(decoding: try JSONEncoder().encode(edition), as: UTF8.self)
        try Library.moveJournal(from: saved.from, to: saved.to, on: connection)
        try connection.run("DELETE FROM saved_books WHERE id = ?", [saved.from.rawValue])
        try connection.run(
          "UPDATE saved_books SET version = version + 1 WHERE id = ?", [saved.to.rawValue])
        try Library.log(.removed(saved.from), on: connection)
        try Library.log(.journal(saved.to), on: connection)
      }
      let id = try connection.fetchInteger(
        """
        INSERT INTO work_merges (source, target, source_book, target_book, kept, merged_at)
        VALUES (?, ?, ?, ?, ?, ?) RETURNING id
        """,
        [
          source.rawValue, target.rawValue, try Library.encode(sourceBook), try Library.encode(targetBook),
          kept,
          now.timeIntervalSince1970,
        ])
      try Library.log(.journal(sourceBook.id), on: connection)
      try Library.log(.journal(targetBook.id), on: connection)
      return WorkMerge(
        id: id, source: source, target: target, sourceBook: sourceBook, targetBook: targetBook, mergedAt: now)
    }
    await feed.publishPending()
    return merge
  }

  /// Splits merge `id` again: the works are two, and a saved edition the merge moved into the other
  /// is saved again with its shelf, rating, review and tags as they were and its notes, quotes and
  /// readings (as they are now) back. Answers the merge split.
  /// - Throws: ``BookModel/LibraryError/noSuchRecord(_:)`` when no merge in force has that id.
  @discardableResult
  public func splitWork(_ id: Int) async throws -> WorkMerge {
    let merge = try await store.write { connection in
      guard
        let (merge, kept) = try connection.fetchFirst(
          "SELECT \(Library.mergeColumns), kept FROM work_merges WHERE id = ?", [id],
          { (try Library.merge($0), $0.isNull(6) ? nil : $0.text(6)) })
      else { throw LibraryError.noSuchRecord("merge \(id)") }
      if let kept {
        let edition = try JSONDecoder().decode(KeptEdition.self, from: Data(kept.utf8))
        let restored = edition.entry.book.id
        if try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [restored.rawValue])
          == 0
        {
          try Library.insert(edition.entry, on: connection)
        }
        for (table, ids) in [("notes", edition.notes), ("reading_sessions", edition.sessions)] {
          for row in ids {
            try connection.run(
              "UPDATE \(table) SET book_id = ? WHERE id = ? AND book_id = ?",
              [restored.rawValue, row, edition.target.rawValue])
          }
        }
        for tag in edition.entry.tags where !edition.targetTags.contains(tag) {
          try connection.run(
            "DELETE FROM book_tags WHERE book_id = ? AND tag = ?", [edition.target.rawValue, tag])
        }
        try connection.run(
          "UPDATE saved_books SET version = version + 1 WHERE id = ?", [edition.target.rawValue])
        try Library.log(.saved(restored), on: connection)
        try Library.log(.journal(edition.target), on: connection)
      }
      try connection.run("DELETE FROM work_merges WHERE id = ?", [id])
      try Library.log(.journal(merge.sourceBook.id), on: connection)
      try Library.log(.journal(merge.targetBook.id), on: connection)
      return merge
    }
    await feed.publishPending()
    return merge
  }

  /// The migration that keeps the reader's merges of works.
  static let workMergesMigration = Migration("keep merges of works", sql: workMergesTable(dialect: .sqlite))

  /// The table of merges, in `dialect`'s types.
  static func workMergesTable(dialect: SQLDialect) -> String {
    let (id, text, real) =
      dialect == .sqlite
      ? ("INTEGER PRIMARY KEY AUTOINCREMENT", "TEXT", "REAL")
      : ("bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "text COLLATE \"C\"", "double precision")
    return """
      CREATE TABLE work_merges (
        id \(id),
        source \(text) NOT NULL UNIQUE,
        target \(text) NOT NULL,
        source_book \(text) NOT NULL,
        target_book \(text) NOT NULL,
        kept \(text),
        merged_at \(real) NOT NULL
      );
      """
  }
}
