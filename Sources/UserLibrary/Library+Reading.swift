import BookModel
import Foundation
import Storage

/// Readings of saved books: sessions from the day a book was started to the day it was finished
/// (more than one for a re-read), with progress updates. Starting puts the book on 읽는 중 and
/// finishing on 읽은 책.
extension Library {
  /// Starts a reading of a saved book on `day` (unless one is open) and puts it on 읽는 중. With
  /// `book`, the book is first saved when it is not saved yet, in the same transaction.
  @discardableResult
  public func startReading(_ id: BookID, on day: CalendarDay, saving book: Book? = nil) async throws
    -> JournalEntry
  {
    try await updateEntry(id, try EntryChange(shelf: .reading), today: day, saving: book)
  }

  /// Finishes the open reading of a saved book on `day` (or records a reading finished that day)
  /// and puts it on 읽은 책. With `book`, the book is first saved when it is not saved yet, in the
  /// same transaction.
  @discardableResult
  public func finishReading(_ id: BookID, on day: CalendarDay, saving book: Book? = nil) async throws
    -> JournalEntry
  {
    try await updateEntry(id, try EntryChange(shelf: .read), today: day, saving: book)
  }

  /// Records how far the reader is on `day`, in the open reading (started that day if none is
  /// open); a book on 읽고 싶은 책 or 중단한 책 moves to 읽는 중. "Page N of M" also sets the
  /// book's number of pages. With `book`, the book is first saved when it is not saved yet, in the
  /// same transaction.
  @discardableResult
  public func recordProgress(
    _ id: BookID, _ amount: ReadingAmount, on day: CalendarDay, saving book: Book? = nil
  ) async throws -> JournalEntry {
    guard amount.isPossible else {
      throw LibraryError.invalid(
        "progress is a page from 0 to the book's pages (at most \(BookLength.maximumPages)) or 0 to 100%")
    }
    return try await changeEntry(id, expecting: nil, saving: book) { connection in
      let session = try Library.openSession(id, on: day, connection: connection)
      let (page, total, percent): (Int?, Int?, Double?) =
        switch amount {
        case .page(let page, let total): (page, total, nil)
        case .percent(let percent): (nil, nil, percent)
        }
      try connection.run(
        "INSERT INTO progress (session_id, day, page, total_pages, percent) VALUES (?, ?, ?, ?, ?)",
        [session, day.description, page, total, percent])
      try connection.run(
        "UPDATE saved_books SET shelf = 'reading' WHERE id = ? AND shelf IN ('want', 'dnf')", [id.rawValue])
      if let total {
        try connection.run("UPDATE saved_books SET pages = ? WHERE id = ?", [total, id.rawValue])
      }
    }
  }

  /// Changes the days of a reading session (`nil`: unknown, or for `finished` still reading) and,
  /// with `edition`, the edition read (`.some(nil)` or the saved edition's id: the saved one); a
  /// change that names an older version than the session's is refused.
  @discardableResult
  public func updateSession(
    _ sessionID: Int, started: CalendarDay?, finished: CalendarDay?, edition: BookID?? = nil,
    expecting version: Int? = nil
  ) async throws -> JournalEntry {
    try Library.checkReading(started: started, finished: finished)
    let id = try await sessionOwner(sessionID)
    return try await changeEntry(id, expecting: nil) { connection in
      let wasOpen = try Library.session(sessionID, expecting: version, on: connection).finished == nil
      try connection.run(
        "UPDATE reading_sessions SET started = ?, finished = ?, version = version + 1 WHERE id = ?",
        [started?.description, finished?.description, sessionID])
      if let edition {
        try connection.run(
          "UPDATE reading_sessions SET edition = ? WHERE id = ?",
          [edition == id ? nil : edition?.rawValue, sessionID])
      }
      // Finishing the reading under way finishes the book, as 다 읽음 does.
      if wasOpen, finished != nil {
        try connection.run(
          "UPDATE saved_books SET shelf = 'read' WHERE id = ? AND shelf = 'reading'", [id.rawValue])
      }
    }
  }

  /// Deletes a reading session and its progress updates.
  @discardableResult
  public func deleteSession(_ sessionID: Int, expecting version: Int? = nil) async throws -> JournalEntry {
    let id = try await sessionOwner(sessionID)
    return try await changeEntry(id, expecting: nil) { connection in
      _ = try Library.session(sessionID, expecting: version, on: connection)
      try connection.run("DELETE FROM progress WHERE session_id = ?", [sessionID])
      try connection.run("DELETE FROM reading_sessions WHERE id = ?", [sessionID])
    }
  }

  /// The book a reading session belongs to.
  /// - Throws: ``LibraryError/noSuchRecord(_:)`` when there is no such session.
  public func sessionOwner(_ sessionID: Int) async throws -> BookID {
    try await sessionBooks(sessionID).owner
  }

  /// The book a reading session belongs to, and the edition it names as read (`nil`: that book).
  /// - Throws: ``LibraryError/noSuchRecord(_:)`` when there is no such session.
  public func sessionBooks(_ sessionID: Int) async throws -> (owner: BookID, edition: BookID?) {
    let row = try await store.read { connection in
      try connection.fetchFirst("SELECT book_id, edition FROM reading_sessions WHERE id = ?", [sessionID]) {
        (BookID(parsing: $0.text(0)), $0.optionalText(1).flatMap(BookID.init(parsing:)))
      }
    }
    guard let row, let owner = row.0 else { throw LibraryError.noSuchRecord("reading \(sessionID)") }
    return (owner, row.1)
  }

  // MARK: - Rows

  /// A session's version and finish, after checking the version an edit was made on.
  /// - Throws: ``LibraryError/noSuchRecord(_:)``, ``LibraryError/staleEdit(current:)``.
  private static func session(_ sessionID: Int, expecting version: Int?, on connection: any SQLSession) throws
    -> (version: Int, finished: String?)
  {
    guard
      let current = try connection.fetchFirst(
        "SELECT version, finished FROM reading_sessions WHERE id = ?", [sessionID],
        { (version: $0.int(0), finished: $0.optionalText(1)) })
    else { throw LibraryError.noSuchRecord("reading \(sessionID)") }
    if let version, version != current.version { throw LibraryError.staleEdit(current: current.version) }
    return current
  }

  /// The open session of a book, opened on `day` if there is none; returns its id.
  @discardableResult
  static func openSession(_ id: BookID, on day: CalendarDay, connection: any SQLSession) throws -> Int {
    if let open = try connection.fetchFirst(
      "SELECT id FROM reading_sessions WHERE book_id = ? AND finished IS NULL ORDER BY id DESC LIMIT 1",
      [id.rawValue], { $0.int(0) })
    {
      return open
    }
    return try connection.fetchInteger(
      "INSERT INTO reading_sessions (book_id, started) VALUES (?, ?) RETURNING id",
      [id.rawValue, day.description])
  }

  /// Finishes the open session of a book on `day`, or records a session finished that day.
  /// - Throws: ``LibraryError/invalid(_:)`` when the open session started after `day`.
  static func finishSession(_ id: BookID, on day: CalendarDay, connection: any SQLSession) throws {
    let open = try connection.fetchFirst(
      "SELECT id, started FROM reading_sessions WHERE book_id = ? AND finished IS NULL ORDER BY id DESC LIMIT 1",
      [id.rawValue], { (id: $0.int(0), started: $0.optionalText(1).flatMap(CalendarDay.init)) })
    if let open {
      try checkReading(started: open.started, finished: day)
      try connection.run(
        "UPDATE reading_sessions SET finished = ?, version = version + 1 WHERE id = ?",
        [day.description, open.id])
    } else {
      try connection.run(
        "INSERT INTO reading_sessions (book_id, finished) VALUES (?, ?)", [id.rawValue, day.description])
    }
  }

  /// The rule of every reading, whichever way it is written (started, finished, edited, imported,
  /// restored): it finishes on or after the day it starts. A day left out is unknown and fits any.
  /// - Throws: ``LibraryError/invalid(_:)`` for a reading that finishes before it starts.
  static func checkReading(started: CalendarDay?, finished: CalendarDay?) throws {
    if let started, let finished, finished < started {
      throw LibraryError.invalid("a reading cannot finish (\(finished)) before it starts (\(started))")
    }
  }

  static func sessions(of id: BookID, on connection: any SQLSession) throws -> [ReadingSession] {
    let sessions = try connection.fetch(
      "SELECT id, started, finished, version, edition FROM reading_sessions WHERE book_id = ? ORDER BY id",
      [id.rawValue]
    ) {
      (
        $0.int(0), $0.optionalText(1).flatMap(CalendarDay.init), $0.optionalText(2).flatMap(CalendarDay.init),
        $0.int(3), $0.optionalText(4).flatMap(BookID.init(parsing:))
      )
    }
    return try sessions.map { id, started, finished, version, edition in
      let progress = try connection.fetch(
        "SELECT day, page, total_pages, percent FROM progress WHERE session_id = ? ORDER BY day, id", [id]
      ) { row -> ProgressUpdate? in
        guard let day = CalendarDay(row.text(0)) else { return nil }
        let amount: ReadingAmount =
          row.isNull(3) ? .page(row.int(1), of: row.isNull(2) ? nil : row.int(2)) : .percent(row.double(3))
        return ProgressUpdate(day: day, amount: amount)
      }
      return ReadingSession(
        id: id, started: started, finished: finished, edition: edition, version: version,
        progress: progress.compactMap { $0 })
    }
  }

  /// Moves the readings of `old` to `new`: another edition of its work (`otherEdition`), each
  /// naming the edition it was read in (`old` unless it named one), or the same book under a new
  /// identity (see ``renameEdition(_:to:on:)``).
  static func moveReadings(
    from old: BookID, to new: BookID, otherEdition: Bool, on connection: any SQLSession
  ) throws {
    if otherEdition {
      try moveReadings(where: "book_id = ?", [old.rawValue], to: new, on: connection)
    } else {
      try connection.run(
        "UPDATE reading_sessions SET book_id = ? WHERE book_id = ?", [new.rawValue, old.rawValue])
      try renameEdition(old, to: new, on: connection)
    }
  }

  /// Moves the readings `filter` selects to another edition, `new`, each naming the edition it was
  /// read in (the book it belonged to unless it named one); those of `new` itself go unnamed.
  static func moveReadings(
    where filter: String, _ values: [any SQLValueConvertible], to new: BookID, on connection: any SQLSession
  ) throws {
    try connection.run(
      "UPDATE reading_sessions SET edition = coalesce(edition, book_id), book_id = ? WHERE \(filter)",
      [new.rawValue] + values)
    try connection.run(
      "UPDATE reading_sessions SET edition = NULL WHERE book_id = ?1 AND edition = ?1", [new.rawValue])
  }

  /// Readings that name `old` as the edition read name `new`, the same book under a new identity
  /// (a reading of `new` itself goes unnamed).
  static func renameEdition(_ old: BookID, to new: BookID, on connection: any SQLSession) throws {
    try connection.run(
      "UPDATE reading_sessions SET edition = CASE WHEN book_id = ?1 THEN NULL ELSE ?1 END WHERE edition = ?2",
      [new.rawValue, old.rawValue])
  }

  /// The migration that lets a reading name the edition read, with the index that finds the
  /// readings naming an edition when its identity changes.
  static func readingEditionColumn(dialect: SQLDialect) -> String {
    """
    ALTER TABLE reading_sessions ADD COLUMN edition \(dialect == .sqlite ? "TEXT" : "text COLLATE \"C\"");
    CREATE INDEX reading_sessions_by_edition ON reading_sessions (edition) WHERE edition IS NOT NULL;
    """
  }
}
