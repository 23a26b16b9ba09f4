import BookImport
import BookModel
import Foundation
import Storage

/// The reader's data from another app's export (``BookImport/ReadingRecord``: a Goodreads library
/// export, a StoryGraph export), merged into the journal so that importing the same file again
/// changes nothing.
extension Library {
  /// What separates a book's notes when they are written as one text (Goodreads' private notes).
  public static let notesSeparator = "\n\n"

  /// The tag a book the reader owns gets (Goodreads' `Owned Copies`, StoryGraph's `Owned?`).
  public static let ownedTag = "소장"

  /// Merges each book's record into the journal, in one transaction: a book not saved is saved
  /// (on the record's shelf, on the day it was added) with all of it; a saved book takes the
  /// record's shelf, rating, review and number of pages where the record has them, and gains the
  /// tags, the note (Goodreads' private notes) and the readings it does not hold yet.
  /// - Parameter today: the day a note without a date of its own is dated.
  /// - Returns: what became of each book's journal, in order.
  public func mergeImported(_ items: [(book: Book, record: ReadingRecord)], today: CalendarDay) async throws
    -> [JournalMerge]
  {
    let outcomes = try await database.write { connection in
      try items.map { item in try Library.merge(item.record, of: item.book, today: today, on: connection) }
    }
    await feed.publishPending()
    return outcomes
  }

  private static func merge(
    _ record: ReadingRecord, of book: Book, today: CalendarDay, on connection: Connection
  )
    throws -> JournalMerge
  {
    let id = book.id
    let isNew =
      try connection.integer("SELECT count(*) FROM saved_books WHERE id = ?", [id.rawValue]) == 0
    if isNew {
      let shelf = record.shelf ?? (record.readings.contains { $0.finished != nil } ? .read : .want)
      try connection.run(
        "INSERT INTO saved_books (id, title, book, saved_at, shelf) VALUES (?, ?, ?, ?, ?)",
        [id.rawValue, book.title, try encode(book), savedTime(record.added), shelf.rawValue])
      try indexNames(of: book, on: connection)
    }
    var changed = false
    func set(_ column: String, _ value: (any SQLValueConvertible)?) throws {
      guard let value else { return }
      try connection.run(
        "UPDATE saved_books SET \(column) = ? WHERE id = ? AND \(column) IS NOT ?",
        [value, id.rawValue, value])
      changed = changed || connection.changes > 0
    }
    try set("shelf", record.shelf?.rawValue)
    try set("rating", record.rating?.quarters)
    try set("review", record.review.isEmpty ? nil : record.review)
    try set("pages", record.pages)
    for tag in try cleanTags(record.tags + (record.owned ? [ownedTag] : [])) {
      try connection.run("INSERT OR IGNORE INTO book_tags (book_id, tag) VALUES (?, ?)", [id.rawValue, tag])
      changed = changed || connection.changes > 0
    }
    let note = record.notes.trimmingCharacters(in: .whitespacesAndNewlines)
    let held = try connection.query(
      "SELECT text FROM notes WHERE book_id = ? AND kind = 'note' ORDER BY day, id", [id.rawValue]
    ) { $0.text(0) }
    // A Goodreads export of this library writes a book's notes as one private note, one after another.
    if !note.isEmpty, !held.contains(note), held.joined(separator: notesSeparator) != note {
      try connection.run(
        "INSERT INTO notes (book_id, kind, text, day, created_at, tokens) VALUES (?, 'note', ?, ?, ?, ?)",
        [
          id.rawValue, note, (record.added ?? today).description, Date().timeIntervalSince1970,
          NoteSearch.tokens(of: note),
        ])
      changed = true
    }
    changed = try addMissingReadings(record.readings, of: id, on: connection) || changed
    if isNew {
      try log(.saved(id), on: connection)
      return .added
    }
    guard changed else { return .unchanged }
    try connection.run("UPDATE saved_books SET version = version + 1 WHERE id = ?", [id.rawValue])
    try log(.journal(id), on: connection)
    return .updated
  }

  /// Adds the readings a book does not hold yet: as many of each (start, finish) pair as the record
  /// has beyond those stored, so that a re-read is kept and a second import adds nothing. A day the
  /// record leaves out is unknown, not absent: a reading finished on a day (Goodreads gives no
  /// start) is the stored one that finished that day, whatever day it started.
  private static func addMissingReadings(
    _ readings: [ReadingRecord.Reading], of id: BookID, on connection: Connection
  ) throws -> Bool {
    var held = try connection.query(
      "SELECT started, finished FROM reading_sessions WHERE book_id = ? ORDER BY id", [id.rawValue]
    ) {
      ReadingRecord.Reading(
        started: $0.optionalText(0).flatMap(CalendarDay.init),
        finished: $0.optionalText(1).flatMap(CalendarDay.init))
    }
    var missing: [ReadingRecord.Reading] = []
    // The same pair first, so that a looser match never takes a reading another one is exactly.
    for reading in readings {
      if let index = held.firstIndex(of: reading) {
        held.remove(at: index)
      } else {
        missing.append(reading)
      }
    }
    var added = false
    for reading in missing {
      if let index = held.firstIndex(where: { stored in
        (reading.started == nil || reading.started == stored.started)
          && (reading.finished == nil || reading.finished == stored.finished)
      }) {
        held.remove(at: index)
        continue
      }
      try connection.run(
        "INSERT INTO reading_sessions (book_id, started, finished) VALUES (?, ?, ?)",
        [id.rawValue, reading.started?.description, reading.finished?.description])
      added = true
    }
    return added
  }

  /// Midnight of the day a book was added, in the system's time zone; now when the day is unknown.
  private static func savedTime(_ day: CalendarDay?) -> Double {
    guard let day else { return Date().timeIntervalSince1970 }
    let components = DateComponents(
      calendar: Calendar(identifier: .gregorian), timeZone: .current, year: day.year, month: day.month,
      day: day.day)
    return (components.date ?? Date()).timeIntervalSince1970
  }
}

/// What ``Library/mergeImported(_:today:)`` did to one book's journal.
public enum JournalMerge: Sendable, Equatable {
  /// The book was saved with the record.
  case added
  /// The saved book's journal took something from the record.
  case updated
  /// The saved book's journal already held all of the record.
  case unchanged
}
