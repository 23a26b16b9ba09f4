import BookModel
import Foundation
import SearchIndex
import Storage

/// Notes and quotes (문장 수집) about saved books: each dated, editable and deletable, and found by
/// ``searchNotes(_:limit:)`` with the catalog's Korean-aware analysis.
extension Library {

  /// Adds a note or a quote to a saved book. With `book`, the book is first saved on 읽고 싶은 책
  /// when it is not saved yet, in the same transaction.
  @discardableResult
  public func addNote(
    _ kind: Note.Kind, to id: BookID, text: String, page: Int? = nil, day: CalendarDay,
    saving book: Book? = nil
  ) async throws -> Note {
    let text = try JournalText.noteText(text, page: page)
    let json = try book.map(Library.encode)
    let date = now()
    let note = try await store.write { connection in
      if let book, let json { try Library.store(book, json: json, shelf: .want, at: date, on: connection) }
      _ = try Library.version(of: id, on: connection)
      let noteID = try connection.fetchInteger(
        """
        INSERT INTO notes (book_id, kind, text, page, day, created_at, tokens) VALUES (?, ?, ?, ?, ?, ?, ?)
        RETURNING id
        """,
        [
          id.rawValue, kind.rawValue, text, page, day.description, date.timeIntervalSince1970,
          NoteSearch.tokens(of: text),
        ])
      let note = try Library.note(noteID, on: connection)
      try Library.log(.journal(id), on: connection)
      return note
    }
    await feed.publishPending()
    return note
  }

  /// One note or quote; `nil` when there is none with this id.
  public func note(_ noteID: Int) async throws -> Note? {
    try await store.read { connection in
      try connection.fetchFirst(
        "SELECT \(Library.noteColumns) FROM notes WHERE id = ?", [noteID], Library.note(from:))
    }
  }

  /// Changes the text, page and day of a note or quote; a change that names an older version than
  /// the note's is refused (``LibraryError/staleEdit(current:)``).
  @discardableResult
  public func updateNote(
    _ noteID: Int, text: String, page: Int?, day: CalendarDay? = nil, expecting version: Int? = nil
  ) async throws -> Note {
    let text = try JournalText.noteText(text, page: page)
    let note = try await store.write { connection in
      let old = try Library.note(noteID, on: connection)
      if let version, version != old.version { throw LibraryError.staleEdit(current: old.version) }
      try connection.run(
        "UPDATE notes SET text = ?, page = ?, day = ?, tokens = ?, version = version + 1 WHERE id = ?",
        [text, page, (day ?? old.day).description, NoteSearch.tokens(of: text), noteID])
      try Library.log(.journal(old.bookID), on: connection)
      return try Library.note(noteID, on: connection)
    }
    await feed.publishPending()
    return note
  }

  /// Deletes a note or quote; a deletion that names an older version than the note's is refused.
  public func deleteNote(_ noteID: Int, expecting version: Int? = nil) async throws {
    try await store.write { connection in
      let old = try Library.note(noteID, on: connection)
      if let version, version != old.version { throw LibraryError.staleEdit(current: old.version) }
      try connection.run("DELETE FROM notes WHERE id = ?", [noteID])
      try Library.log(.journal(old.bookID), on: connection)
    }
    await feed.publishPending()
  }

  /// Notes and quotes whose text matches `query`, newest first, with their books' titles: every
  /// Latin word of the query must be a word of the text (the last may be its start), and every
  /// Hangul word must appear in it, spacing aside (`채식` finds `채식주의자`, `해리포터` finds
  /// `해리 포터`); a query of Hangul initials (`ㅊㅅ`) matches their syllables' initials.
  public func searchNotes(_ query: String, limit: Int = 100) async throws -> [NoteMatch] {
    let search = NoteSearch(query)
    guard !search.isEmpty else { return [] }
    return try await store.read { connection in
      let found = try connection.fetch(
        """
        SELECT notes.id, notes.tokens, saved_books.title FROM notes
        JOIN saved_books ON saved_books.id = notes.book_id ORDER BY notes.day DESC, notes.id DESC
        """
      ) { row in search.matches(tokens: row.text(1)) ? (id: row.int(0), title: row.text(2)) : nil }
      return try found.compactMap { $0 }.prefix(limit).map {
        NoteMatch(note: try Library.note($0.id, on: connection), title: $0.title)
      }
    }
  }

  // MARK: - Rows

  private static let noteColumns = "id, book_id, kind, text, page, day, version"

  private static func note(from row: any SQLRow) throws -> Note {
    guard let bookID = BookID(parsing: row.text(1)), let kind = Note.Kind(rawValue: row.text(2)),
      let day = CalendarDay(row.text(5))
    else { throw LibraryError.invalid("note \(row.int(0)) cannot be read") }
    return Note(
      id: row.int(0), bookID: bookID, kind: kind, text: row.text(3), page: row.isNull(4) ? nil : row.int(4),
      day: day, version: row.int(6))
  }

  static func note(_ id: Int, on connection: any SQLSession) throws -> Note {
    guard
      let note = try connection.fetchFirst("SELECT \(noteColumns) FROM notes WHERE id = ?", [id], note(from:))
    else { throw LibraryError.noSuchRecord("note or quote \(id)") }
    return note
  }

  static func notes(of book: BookID, on connection: any SQLSession) throws -> [Note] {
    try connection.fetch(
      "SELECT \(noteColumns) FROM notes WHERE book_id = ? ORDER BY day, id", [book.rawValue], note(from:))
  }
}
