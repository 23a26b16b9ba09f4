import BookModel
import Foundation
import Storage

/// The journal of each saved book: its shelf, rating, review, tags and page count. Each change is
/// one transaction that raises the entry's version and logs a `journal` event; a change that names
/// the version it was made on is refused when the entry has moved on since (another window, another
/// process), so no edit silently overwrites a newer one.
extension Library {
  /// Everything kept about a saved book; `nil` when it is not saved.
  public func entry(_ id: BookID) async throws -> JournalEntry? {
    try await store.read { try Library.entry(id, on: $0) }
  }

  /// Applies every field of `change` to a saved book's entry in one transaction (one version, one
  /// `journal` event). A new shelf works as ``setShelf(_:to:today:expecting:)`` says, on `today`.
  /// With `book`, the book is first saved on 읽고 싶은 책 when it is not saved yet, in the same
  /// transaction, so a change that fails saves nothing. A change that sets nothing changes nothing
  /// (of a saved book).
  /// - Throws: ``LibraryError/notSaved(_:)``, ``LibraryError/staleEdit(current:)``.
  @discardableResult
  public func updateEntry(
    _ id: BookID, _ change: EntryChange, today: CalendarDay, expecting version: Int? = nil,
    saving book: Book? = nil
  ) async throws -> JournalEntry {
    if change.isEmpty, book == nil {
      guard let entry = try await entry(id) else { throw LibraryError.notSaved(id) }
      if let version, version != entry.version { throw LibraryError.staleEdit(current: entry.version) }
      return entry
    }
    return try await changeEntry(id, expecting: version, saving: book) { connection in
      if let shelf = change.shelf { try Library.move(id, to: shelf, today: today, on: connection) }
      if let rating = change.rating {
        try connection.run("UPDATE saved_books SET rating = ? WHERE id = ?", [rating?.quarters, id.rawValue])
      }
      if let review = change.review {
        try connection.run("UPDATE saved_books SET review = ? WHERE id = ?", [review, id.rawValue])
      }
      if let tags = change.tags {
        try connection.run("DELETE FROM book_tags WHERE book_id = ?", [id.rawValue])
        for tag in tags {
          try connection.run(
            "INSERT INTO book_tags (book_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING", [id.rawValue, tag])
        }
      }
      if let pages = change.pages {
        try connection.run("UPDATE saved_books SET pages = ? WHERE id = ?", [pages, id.rawValue])
      }
    }
  }

  /// Moves a saved book to `shelf` (a book already there stays as it is). Starting to read opens a
  /// reading session on `today` (unless one is open); marking it read finishes the open session on
  /// `today`, or records a reading finished `today` when none is open.
  @discardableResult
  public func setShelf(
    _ id: BookID, to shelf: Shelf, today: CalendarDay, expecting version: Int? = nil
  ) async throws -> JournalEntry {
    try await updateEntry(id, try EntryChange(shelf: shelf), today: today, expecting: version)
  }

  /// Sets or clears (`nil`) the rating of a saved book.
  @discardableResult
  public func setRating(_ id: BookID, to rating: StarRating?, expecting version: Int? = nil) async throws
    -> JournalEntry
  {
    try await updateEntry(id, try EntryChange(rating: .some(rating)), today: .today(), expecting: version)
  }

  /// Sets the review of a saved book (empty: no review).
  @discardableResult
  public func setReview(_ id: BookID, to review: String, expecting version: Int? = nil) async throws
    -> JournalEntry
  {
    try await updateEntry(id, try EntryChange(review: review), today: .today(), expecting: version)
  }

  /// Replaces the tags of a saved book (trimmed; empty and repeated ones dropped).
  @discardableResult
  public func setTags(_ id: BookID, to tags: [String], expecting version: Int? = nil) async throws
    -> JournalEntry
  {
    try await updateEntry(id, try EntryChange(tags: tags), today: .today(), expecting: version)
  }

  /// Sets the number of pages of a saved book (`nil`: unknown).
  @discardableResult
  public func setPages(_ id: BookID, to pages: Int?, expecting version: Int? = nil) async throws
    -> JournalEntry
  {
    try await updateEntry(id, try EntryChange(pages: .some(pages)), today: .today(), expecting: version)
  }

  /// What 담은 책's filters count, read in one snapshot, for the books the other filter shows: the
  /// books with `tag` (all of them without one) and on each shelf, and every tag in use (가나다
  /// order) with its books on `shelf` (all shelves without one), a tag with none there included.
  public func savedFacets(shelf: Shelf?, tag: String?) async throws -> SavedFacets {
    try await store.read { try Library.savedFacets(shelf: shelf, tag: tag, on: $0) }
  }

  static func savedFacets(shelf: Shelf?, tag: String?, on connection: any SQLSession) throws -> SavedFacets {
    let tagged = tag == nil ? "" : "WHERE id IN (SELECT book_id FROM book_tags WHERE tag = ?)"
    let tagValues: [any SQLValueConvertible] = tag.map { [$0] } ?? []
    let rows = try connection.fetch(
      "SELECT shelf, count(*) FROM saved_books \(tagged) GROUP BY shelf", tagValues
    ) { ($0.text(0), $0.int(1)) }
    var shelves = Dictionary(uniqueKeysWithValues: Shelf.allCases.map { ($0, 0) })
    for (name, count) in rows { if let shelf = Shelf(rawValue: name) { shelves[shelf] = count } }
    let onShelf = shelf == nil ? "" : "AND s.shelf = ?"
    let tags = try connection.fetch(
      """
      SELECT t.tag, count(s.id) FROM book_tags t LEFT JOIN saved_books s ON s.id = t.book_id \(onShelf)
      GROUP BY t.tag ORDER BY t.tag
      """, shelf.map { [$0.rawValue] } ?? []
    ) { (tag: $0.text(0), count: $0.int(1)) }
    return SavedFacets(
      books: shelves.values.reduce(0, +), shelves: shelves, tags: tags)
  }

  // MARK: - Shared by the journal's writes

  /// Runs `body` in one transaction on a saved book's entry, after checking the version it was
  /// made on; raises the version, logs a `journal` event and returns the entry as it is now. With
  /// `book`, the book is first saved on 읽고 싶은 책 (when it is not saved) in the same transaction.
  func changeEntry(
    _ id: BookID, expecting version: Int?, saving book: Book? = nil,
    _ body: @escaping @Sendable (any SQLSession) throws -> Void
  ) async throws -> JournalEntry {
    let json = try book.map(Library.encode)
    let date = now()
    let entry = try await store.write { connection in
      if let book, let json { try Library.store(book, json: json, shelf: .want, at: date, on: connection) }
      let current = try Library.version(of: id, on: connection)
      if let version, version != current { throw LibraryError.staleEdit(current: current) }
      try body(connection)
      try connection.run("UPDATE saved_books SET version = version + 1 WHERE id = ?", [id.rawValue])
      try Library.log(.journal(id), on: connection)
      guard let entry = try Library.entry(id, on: connection) else { throw LibraryError.notSaved(id) }
      return entry
    }
    await feed.publishPending()
    return entry
  }

  /// Moves a book to `shelf` in the caller's transaction, opening or finishing a reading session on
  /// `today` as ``setShelf(_:to:today:expecting:)`` says.
  static func move(_ id: BookID, to shelf: Shelf, today: CalendarDay, on connection: any SQLSession) throws {
    let old = try connection.fetchFirst("SELECT shelf FROM saved_books WHERE id = ?", [id.rawValue]) {
      $0.text(0)
    }
    guard old != shelf.rawValue else { return }
    try connection.run("UPDATE saved_books SET shelf = ? WHERE id = ?", [shelf.rawValue, id.rawValue])
    switch shelf {
    case .reading: try Library.openSession(id, on: today, connection: connection)
    case .read: try Library.finishSession(id, on: today, connection: connection)
    case .want, .dnf: break
    }
  }

  /// The entry version of a saved book.
  /// - Throws: ``LibraryError/notSaved(_:)`` when it is not saved.
  static func version(of id: BookID, on connection: any SQLSession) throws -> Int {
    guard
      let version = try connection.fetchFirst(
        "SELECT version FROM saved_books WHERE id = ?", [id.rawValue], { $0.int(0) })
    else { throw LibraryError.notSaved(id) }
    return version
  }

  /// Deletes the tags, notes, quotes, readings and last imported record of one book, or of every
  /// book (`nil`).
  static func deleteJournal(of id: BookID?, on connection: any SQLSession) throws {
    let (filter, values): (String, [any SQLValueConvertible]) =
      id.map { ("WHERE book_id = ?", [$0.rawValue]) } ?? ("", [])
    try connection.run(
      "DELETE FROM progress WHERE session_id IN (SELECT id FROM reading_sessions \(filter))", values)
    for table in ["reading_sessions", "notes", "book_tags", "imported_records"] {
      try connection.run("DELETE FROM \(table) \(filter)", values)
    }
  }

  /// Gives the tags, notes, quotes, readings and last imported record of one book to another:
  /// another edition of its work (`otherEdition`, whose readings name `old` as the edition read)
  /// or the same book under a new identity.
  static func moveJournal(
    from old: BookID, to new: BookID, otherEdition: Bool, on connection: any SQLSession
  ) throws {
    try connection.run(
      """
      INSERT INTO book_tags (book_id, tag, merge_id) SELECT ?, tag, merge_id FROM book_tags WHERE book_id = ?
      ON CONFLICT DO NOTHING
      """,
      [new.rawValue, old.rawValue])
    try connection.run("DELETE FROM book_tags WHERE book_id = ?", [old.rawValue])
    try connection.run("UPDATE notes SET book_id = ? WHERE book_id = ?", [new.rawValue, old.rawValue])
    try Library.moveReadings(from: old, to: new, otherEdition: otherEdition, on: connection)
    try connection.run(
      """
      DELETE FROM imported_records WHERE book_id = ?1
        AND EXISTS (SELECT 1 FROM imported_records WHERE book_id = ?2)
      """, [new.rawValue, old.rawValue])
    try connection.run(
      "UPDATE imported_records SET book_id = ? WHERE book_id = ?", [new.rawValue, old.rawValue])
  }

  /// Reads a whole entry in the caller's transaction.
  static func entry(_ id: BookID, on connection: any SQLSession) throws -> JournalEntry? {
    guard
      let row = try connection.fetchFirst(
        "SELECT book, saved_at, shelf, rating, review, pages, version FROM saved_books WHERE id = ?",
        [id.rawValue],
        { row in
          (
            book: try Library.decode(row.text(0)), savedAt: row.double(1), shelf: row.text(2),
            rating: row.isNull(3) ? nil : row.int(3), review: row.text(4),
            pages: row.isNull(5) ? nil : row.int(5), version: row.int(6)
          )
        })
    else { return nil }
    let tags = try connection.fetch("SELECT tag FROM book_tags WHERE book_id = ? ORDER BY tag", [id.rawValue])
    {
      $0.text(0)
    }
    let notes = try Library.notes(of: id, on: connection)
    return JournalEntry(
      book: row.book, savedAt: Date(timeIntervalSince1970: row.savedAt),
      shelf: Shelf(rawValue: row.shelf) ?? .want,
      rating: row.rating.flatMap(StarRating.init(quarters:)), review: row.review, pages: row.pages,
      tags: tags,
      version: row.version, notes: notes.filter { $0.kind == .note },
      quotes: notes.filter { $0.kind == .quote },
      sessions: try Library.sessions(of: id, on: connection))
  }
}
