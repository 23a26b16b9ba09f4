import BookModel
import Foundation
import Storage

/// The reader's merges of works (``BookModel/WorkMerge``): two works they hold to be one, until
/// they split them again. A merge of two works whose editions they both saved keeps one saved
/// edition: the merged work's gives way, its shelf, rating and review to the other's, its tags,
/// notes, quotes and readings moving to it, each marked with the merge (`merge_id`, kept by any
/// later move: a switch of edition, another merge). The merge keeps the entry that gave way, so
/// that a split saves it again and brings back every row marked with it, wherever it went and as
/// edited since.
extension Library {
  /// What a merge took of the merged work's saved edition, for its split.
  struct KeptEdition: Codable {
    /// The edition's entry as it was, without its notes and readings (which are marked).
    let entry: LibraryBackup.SavedEntry
    /// Its import record (what an import last set, see `imported_records`), if any.
    let imported: String?
  }

  /// The most merges a reader keeps: each costs a catalog lookup where its work is shown.
  public static let maximumMerges = 500

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
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when `source` is `target`, merged already,
  ///   `target` is merged into `source`, or the reader keeps ``maximumMerges`` merges.
  @discardableResult
  public func mergeWork(
    _ source: WorkID, of sourceBook: Book, into target: WorkID, of targetBook: Book,
    moving saved: (from: BookID, to: BookID)? = nil
  ) async throws -> WorkMerge {
    guard source != target else { throw LibraryError.invalid("a work cannot be merged into itself") }
    let now = now()
    let merge = try await store.write { connection in
      let targets = Dictionary(
        try connection.fetch("SELECT source, target FROM work_merges") { ($0.text(0), $0.text(1)) },
        uniquingKeysWith: { first, _ in first })
      guard targets[source.rawValue] == nil else {
        throw LibraryError.invalid("that work is merged already: split it first")
      }
      var next = target.rawValue
      for _ in 0...targets.count {
        guard next != source.rawValue else {
          throw LibraryError.invalid("these are editions of one work already")
        }
        guard let further = targets[next] else { break }
        next = further
      }
      guard targets.count < Library.maximumMerges else {
        throw LibraryError.invalid("at most \(Library.maximumMerges) merges are kept: split some first")
      }
      let id = try connection.fetchInteger(
        """
        INSERT INTO work_merges (source, target, source_book, target_book, merged_at)
        VALUES (?, ?, ?, ?, ?) RETURNING id
        """,
        [
          source.rawValue, target.rawValue, try Library.encode(sourceBook), try Library.encode(targetBook),
          now.timeIntervalSince1970,
        ])
      if let saved, saved.from != saved.to, var entry = try Library.savedEntry(saved.from, on: connection),
        try Library.entry(saved.to, on: connection) != nil
      {
        (entry.notes, entry.sessions) = ([], [])
        let imported = try connection.fetchFirst(
          "SELECT record FROM imported_records WHERE book_id = ?", [saved.from.rawValue]
        ) { $0.text(0) }
        let kept = KeptEdition(entry: entry, imported: imported)
        try connection.run(
          "UPDATE work_merges SET kept = ? WHERE id = ?",
          [String(decoding: try JSONEncoder().encode(kept), as: UTF8.self), id])
        let (from, to) = (saved.from.rawValue, saved.to.rawValue)
        // Its rows are marked with the merge (those a merge before moved keep that one's mark), its
        // import record is kept with the entry, not given to the other edition.
        for table in ["notes", "reading_sessions", "book_tags"] {
          try connection.run(
            "UPDATE \(table) SET merge_id = coalesce(merge_id, ?) WHERE book_id = ?", [id, from])
        }
        try connection.run("DELETE FROM imported_records WHERE book_id = ?", [from])
        try Library.moveJournal(from: saved.from, to: saved.to, otherEdition: true, on: connection)
        try connection.run("DELETE FROM saved_books WHERE id = ?", [from])
        try connection.run("UPDATE saved_books SET version = version + 1 WHERE id = ?", [to])
        try Library.log(.removed(saved.from), on: connection)
        try Library.log(.journal(saved.to), on: connection)
      }
      try Library.log(.journal(sourceBook.id), on: connection)
      try Library.log(.journal(targetBook.id), on: connection)
      return WorkMerge(
        id: id, source: source, target: target, sourceBook: sourceBook, targetBook: targetBook, mergedAt: now)
    }
    await feed.publishPending()
    return merge
  }

  /// Splits merge `id` again: the works are two, and the saved edition it took is saved again with
  /// its shelf, rating, review and tags as they were, and the notes, quotes and readings it moved
  /// (as they are now), with those that earlier merges into its work had moved to it. Answers the
  /// merge split.
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
        let restored = edition.entry.book.id.rawValue
        // The rows this merge moved, and those that merges into the merged work had moved to the
        // edition that gave way.
        let others = try connection.fetch("SELECT id, source, target FROM work_merges WHERE id != ?", [id]) {
          (id: $0.int(0), source: $0.text(1), target: $0.text(2))
        }
        let targetOf = Dictionary(
          others.map { ($0.source, $0.target) }, uniquingKeysWith: { first, _ in first })
        func leadsToSource(_ work: String) -> Bool {
          var work = work
          for _ in 0...others.count {
            if work == merge.source.rawValue { return true }
            guard let next = targetOf[work] else { return false }
            work = next
          }
          return false
        }
        let marks = [id] + others.filter { leadsToSource($0.target) }.map(\.id)
        if try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [restored]) == 0 {
          try Library.insert(edition.entry, on: connection)
          if let imported = edition.imported {
            try connection.run(
              "INSERT INTO imported_records (book_id, record) VALUES (?, ?) ON CONFLICT DO NOTHING",
              [restored, imported])
          }
        }
        for mark in marks {
          try connection.run("UPDATE notes SET book_id = ? WHERE merge_id = ?", [restored, mark])
          try Library.moveReadings(where: "merge_id = ?", [mark], to: edition.entry.book.id, on: connection)
          try connection.run(
            """
            INSERT INTO book_tags (book_id, tag, merge_id) SELECT ?, tag, merge_id FROM book_tags
            WHERE merge_id = ? ON CONFLICT DO NOTHING
            """, [restored, mark])
          try connection.run("DELETE FROM book_tags WHERE merge_id = ? AND book_id != ?", [mark, restored])
        }
        for table in ["notes", "reading_sessions", "book_tags"] {
          try connection.run("UPDATE \(table) SET merge_id = NULL WHERE merge_id = ?", [id])
        }
        try Library.log(.saved(edition.entry.book.id), on: connection)
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

  /// The table of merges, and the mark of the journal rows a merge moved, in `dialect`'s types.
  static func workMergesTable(dialect: SQLDialect) -> String {
    let (id, text, real, integer) =
      dialect == .sqlite
      ? ("INTEGER PRIMARY KEY AUTOINCREMENT", "TEXT", "REAL", "INTEGER")
      : (
        "bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "text COLLATE \"C\"", "double precision",
        "bigint"
      )
    return """
      ALTER TABLE notes ADD COLUMN merge_id \(integer);
      ALTER TABLE reading_sessions ADD COLUMN merge_id \(integer);
      ALTER TABLE book_tags ADD COLUMN merge_id \(integer);
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

extension Library {
  /// Makes `book` the saved edition of its work in place of `old`, another edition of it: the
  /// entry (its saved date, shelf, rating, review and pages) and its tags, notes, quotes and
  /// readings move to `book`, stored as it is (nothing of `old`'s copy carried over); 최근 본 책
  /// is left as it is.
  /// - Throws: ``BookModel/LibraryError/notSaved(_:)`` when `old` is not saved,
  ///   ``BookModel/LibraryError/invalid(_:)`` when `book` is saved already.
  public func switchEdition(from old: BookID, to book: Book) async throws {
    let (from, to) = (old.rawValue, book.id.rawValue)
    try await store.write { connection in
      guard try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [from]) == 1 else {
        throw LibraryError.notSaved(old)
      }
      guard try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [to]) == 0 else {
        throw LibraryError.invalid("\(book.id) is saved already")
      }
      try connection.run(
        """
        INSERT INTO saved_books (id, title, book, saved_at, shelf, rating, review, pages, version)
        SELECT ?, ?, ?, saved_at, shelf, rating, review, pages, version + 1 FROM saved_books WHERE id = ?
        """, [to, book.title, try Library.encode(book), from])
      try Library.indexNames(of: book, on: connection)
      try connection.run("DELETE FROM saved_books WHERE id = ?", [from])
      try Library.moveJournal(from: old, to: book.id, otherEdition: true, on: connection)
      try Library.log(.removed(old), on: connection)
      try Library.log(.saved(book.id), on: connection)
    }
    await feed.publishPending()
  }
}
