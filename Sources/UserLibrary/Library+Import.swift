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
  /// (on the record's shelf, on the day it was added) with all of it. A saved book's journal is a
  /// three-way merge of the record, the record the last import of the book said
  /// (``ImportedRecord``) and the journal now, so that importing the same file again changes
  /// nothing whatever the reader did in between, and a newer export brings only its news:
  /// - the shelf, rating, review and number of pages take the record's value where it has one,
  ///   unless the last import said that same value (no news) or the reader has changed the field
  ///   since (the journal's value differs from what the last import said): then the reader's value
  ///   stays, and the outcome says the reader's changes were kept where the record differs;
  /// - the tags, the note (Goodreads' private notes) and the readings the record has beyond what
  ///   the last import said are added when the journal does not hold them yet (one the reader
  ///   deleted since is not brought back). A book no import wrote before takes all of the record.
  ///
  /// What the journal cannot keep is left out, and listed with the book's outcome: a tag it cannot
  /// keep (``TagFault``), the tags beyond ``maximumTags`` a book (those it holds count), a review or
  /// a note over ``maximumNoteLength`` characters (left out whole rather than cut, so that the
  /// journal never holds a text the reader did not write), a reading that finishes before it starts.
  /// - Parameter today: the day a note without a date of its own is dated.
  /// - Returns: what became of each book's journal, in order.
  public func mergeImported(_ items: [(book: Book, record: ReadingRecord)], today: CalendarDay) async throws
    -> [MergedRecord]
  {
    let outcomes = try await store.write { connection in
      try items.map { item in try Library.merge(item.record, of: item.book, today: today, on: connection) }
    }
    await feed.publishPending()
    return outcomes
  }

  private static func merge(
    _ record: ReadingRecord, of book: Book, today: CalendarDay, on connection: any SQLSession
  )
    throws -> MergedRecord
  {
    let id = book.id
    let isNew =
      try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [id.rawValue]) == 0
    if isNew {
      let shelf = record.shelf ?? (record.readings.contains { $0.finished != nil } ? .read : .want)
      try connection.run(
        "INSERT INTO saved_books (id, title, book, saved_at, shelf) VALUES (?, ?, ?, ?, ?)",
        [id.rawValue, book.title, try encode(book), savedTime(record.added), shelf.rawValue])
      try indexNames(of: book, on: connection)
    }
    let said = ImportedRecord(record)
    let last = try ImportedRecord.last(of: id, on: connection)
    try said.store(as: id, on: connection)
    var changed = false
    var kept = false
    var leftOut: [MergedRecord.LeftOut] = []
    /// Sets `column` to the record's `value` (as `saidThen` is what the last import said of it),
    /// unless that is no news or the reader changed the field since.
    func merge<Value: SQLValueConvertible & Equatable>(
      _ column: String, _ value: Value?, saidThen: Value??, read: (any SQLRow) -> Value?
    ) throws {
      guard let value else { return }
      let now =
        try connection.fetchFirst("SELECT \(column) FROM saved_books WHERE id = ?", [id.rawValue], read)
        ?? nil
      guard now != value else { return }
      if let saidThen, saidThen == value || now != saidThen {
        kept = true
        return
      }
      try connection.run("UPDATE saved_books SET \(column) = ? WHERE id = ?", [value, id.rawValue])
      changed = true
    }
    try merge("shelf", said.shelf?.rawValue, saidThen: last.map { $0.shelf?.rawValue }) { $0.optionalText(0) }
    try merge("rating", said.rating, saidThen: last.map(\.rating)) { $0.isNull(0) ? nil : $0.int(0) }
    if let long = overLong("review", record.review) {
      leftOut.append(long)
    } else {
      try merge(
        "review", JournalText.isBlank(record.review) ? nil : record.review,
        saidThen: last.map { JournalText.isBlank($0.review) ? nil : $0.review }
      ) {
        $0.optionalText(0)
      }
    }
    try merge("pages", said.pages, saidThen: last.map(\.pages)) { $0.isNull(0) ? nil : $0.int(0) }
    let newTags = said.tags.filter { !(last?.tags.contains($0) ?? false) }
    changed = try addTags(newTags, to: id, leftOut: &leftOut, on: connection) || changed
    let held = try connection.fetch(
      "SELECT text FROM notes WHERE book_id = ? AND kind = 'note' ORDER BY day, id", [id.rawValue]
    ) { $0.text(0).trimmingCharacters(in: .whitespacesAndNewlines) }
    // A Goodreads export of this library writes a book's notes as one private note, one after another.
    let note = said.notes
    if !note.isEmpty, note != last?.notes, !held.contains(note),
      held.joined(separator: notesSeparator) != note
    {
      if let long = overLong("note", note) {
        leftOut.append(long)
      } else {
        try connection.run(
          "INSERT INTO notes (book_id, kind, text, day, created_at, tokens) VALUES (?, 'note', ?, ?, ?, ?)",
          [
            id.rawValue, note, (record.added ?? today).description, Date().timeIntervalSince1970,
            NoteSearch.tokens(of: note),
          ])
        changed = true
      }
    }
    var readings = last?.newReadings(of: record) ?? record.readings
    readings.removeAll { reading in
      guard (try? checkReading(started: reading.started, finished: reading.finished)) == nil else {
        return false
      }
      leftOut.append(
        MergedRecord.LeftOut(
          reason: "reading that finishes before it starts",
          detail: "\(reading.started?.description ?? "") – \(reading.finished?.description ?? "")"))
      return true
    }
    changed = try addMissingReadings(readings, of: id, on: connection) || changed
    if isNew {
      try log(.saved(id), on: connection)
      return MergedRecord(journal: .added, leftOut: leftOut, keptReaderChanges: false)
    }
    guard changed else { return MergedRecord(journal: .unchanged, leftOut: leftOut, keptReaderChanges: kept) }
    try connection.run("UPDATE saved_books SET version = version + 1 WHERE id = ?", [id.rawValue])
    try log(.journal(id), on: connection)
    return MergedRecord(journal: .updated, leftOut: leftOut, keptReaderChanges: kept)
  }

  /// `text` left out as a `WHAT over N characters`, when it is longer than a note may be.
  private static func overLong(_ what: String, _ text: String) -> MergedRecord.LeftOut? {
    let count = text.count
    guard count > JournalText.maximumNoteLength else { return nil }
    return MergedRecord.LeftOut(
      reason: "\(what) over \(JournalText.maximumNoteLength) characters", detail: "\(count) characters")
  }

  /// Adds the tags a book does not hold yet, while it has room (``maximumTags`` in all); a tag the
  /// journal cannot keep (``TagFault``), and those beyond the room, are left out.
  private static func addTags(
    _ tags: [String], to id: BookID, leftOut: inout [MergedRecord.LeftOut], on connection: any SQLSession
  ) throws -> Bool {
    let held = Set(
      try connection.fetch("SELECT tag FROM book_tags WHERE book_id = ?", [id.rawValue]) { $0.text(0) })
    var room = JournalText.maximumTags - held.count
    var added = false
    var beyond: [String] = []
    for tag in JournalText.normalizedTags(tags) where !held.contains(tag) {
      if let fault = JournalText.TagFault(of: tag) {
        leftOut.append(MergedRecord.LeftOut(reason: fault.reason, detail: "\(tag.prefix(20))…"))
      } else if room > 0 {
        try connection.run("INSERT INTO book_tags (book_id, tag) VALUES (?, ?)", [id.rawValue, tag])
        room -= 1
        added = true
      } else {
        beyond.append(tag)
      }
    }
    if !beyond.isEmpty {
      leftOut.append(
        MergedRecord.LeftOut(
          reason: "tags beyond \(JournalText.maximumTags) a book",
          detail: "\(beyond.count): " + beyond.prefix(3).joined(separator: ", ")
            + (beyond.count > 3 ? ", …" : "")))
    }
    return added
  }

  /// Adds the readings a book does not hold yet: as many of each (start, finish) pair as the record
  /// has beyond those stored, so that a re-read is kept and a second import adds nothing. A day the
  /// record leaves out is unknown, not absent: a reading finished on a day (Goodreads gives no
  /// start) is the stored one that finished that day, whatever day it started.
  private static func addMissingReadings(
    _ readings: [ReadingRecord.Reading], of id: BookID, on connection: any SQLSession
  ) throws -> Bool {
    var held = HeldReadings(
      try connection.fetch(
        "SELECT started, finished FROM reading_sessions WHERE book_id = ? ORDER BY id", [id.rawValue]
      ) {
        ReadingRecord.Reading(
          started: $0.optionalText(0).flatMap(CalendarDay.init),
          finished: $0.optionalText(1).flatMap(CalendarDay.init))
      })
    // The same pair first, so that a looser match never takes a reading another one is exactly.
    let missing = readings.filter { !held.takeSame(as: $0) }
    var added = false
    for reading in missing where !held.takeFitting(reading) {
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
