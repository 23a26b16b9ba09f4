import BookModel
import UserLibrary

/// A journal write's answer, and the book the write saved first when it was not saved.
public struct Journaled<Value: Sendable>: Sendable {
  /// What the write answered: the book's entry, or the note added.
  public let value: Value
  /// The book saved (on 읽고 싶은 책) in the write's own transaction; `nil` when it was saved.
  public let newlySaved: Book?
}

/// The journal of a reader's book: its entry (shelf, rating, review, tags, pages), notes and quotes,
/// and readings. A write for a book the reader has not saved saves it first, in the write's own
/// transaction, so that a refused write saves nothing.
extension Chaek {
  /// `reader`'s journal of the book with identity `id`; `nil` when they have not saved it.
  public func entry(_ id: BookID, for reader: Reader) async throws -> JournalEntry? {
    try await library(for: reader).entry(id)
  }

  /// Applies `change` to the book's entry at once, refused when it was changed since `version`
  /// (``BookModel/LibraryError/staleEdit(current:)``); `today` dates a move between shelves.
  public func updateEntry(
    _ id: BookID, _ change: EntryChange, today: CalendarDay, expecting version: Int? = nil, for reader: Reader
  ) async throws -> Journaled<JournalEntry> {
    try await write(id, for: reader) { library, target in
      try await library.updateEntry(
        target.id, change, today: today, expecting: version, saving: target.saving)
    }
  }

  /// Adds `tags` to the book's tags (those it has stay), in one write on the entry as it was read.
  public func addTags(_ tags: [String], to id: BookID, today: CalendarDay, for reader: Reader) async throws
    -> Journaled<JournalEntry>
  {
    try await write(id, for: reader) { library, target in
      let current = target.saving == nil ? try await library.entry(target.id) : nil
      return try await library.updateEntry(
        target.id, EntryChange(tags: (current?.tags ?? []) + tags), today: today, expecting: current?.version,
        saving: target.saving)
    }
  }

  /// Records how far `reader` read on `day` (a page or a percentage), starting a reading if none is open.
  public func recordProgress(_ id: BookID, _ amount: ReadingAmount, on day: CalendarDay, for reader: Reader)
    async throws -> Journaled<JournalEntry>
  {
    try await write(id, for: reader) { library, target in
      try await library.recordProgress(target.id, amount, on: day, saving: target.saving)
    }
  }

  /// Starts a reading on `day` (the book moves to 읽는 중).
  public func startReading(_ id: BookID, on day: CalendarDay, for reader: Reader) async throws
    -> Journaled<JournalEntry>
  {
    try await write(id, for: reader) { library, target in
      try await library.startReading(target.id, on: day, saving: target.saving)
    }
  }

  /// Finishes the reading on `day` (the book moves to 다 읽은 책).
  public func finishReading(_ id: BookID, on day: CalendarDay, for reader: Reader) async throws
    -> Journaled<JournalEntry>
  {
    try await write(id, for: reader) { library, target in
      try await library.finishReading(target.id, on: day, saving: target.saving)
    }
  }

  /// Changes the days of reading `sessionID` and, with `edition`, the edition read (`.some(nil)`:
  /// the saved one); answers its book's entry.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when `edition` is no edition of the book's
  ///   work as the reader has it (see ``editions(of:for:)``), nor the one the reading names.
  public func updateSession(
    _ sessionID: Int, started: CalendarDay?, finished: CalendarDay?, edition: BookID?? = nil,
    expecting version: Int? = nil, for reader: Reader
  ) async throws -> JournalEntry {
    let library = try await library(for: reader)
    if case .some(let edition?) = edition {
      let (owner, named) = try await library.sessionBooks(sessionID)
      if edition != owner, edition != named {
        guard let saved = try await library.savedBook(owner) else { throw LibraryError.notSaved(owner) }
        guard try await editions(of: saved.book, for: reader).contains(where: { $0.book.id == edition })
        else {
          throw LibraryError.invalid("\(edition) is not an edition of this book's work")
        }
      }
    }
    return try await library.updateSession(
      sessionID, started: started, finished: finished, edition: edition, expecting: version)
  }

  /// Deletes reading `sessionID`; answers its book's entry without it.
  public func deleteSession(_ sessionID: Int, expecting version: Int? = nil, for reader: Reader) async throws
    -> JournalEntry
  {
    try await library(for: reader).deleteSession(sessionID, expecting: version)
  }

  /// The book reading `sessionID` belongs to.
  public func sessionOwner(_ sessionID: Int, for reader: Reader) async throws -> BookID {
    try await library(for: reader).sessionOwner(sessionID)
  }

  // MARK: - Notes and quotes

  /// Adds a note or quote of the book, on `day`, at `page` when given.
  public func addNote(
    _ kind: Note.Kind, to id: BookID, text: String, page: Int? = nil, day: CalendarDay, for reader: Reader
  ) async throws -> Journaled<Note> {
    try await write(id, for: reader) { library, target in
      try await library.addNote(kind, to: target.id, text: text, page: page, day: day, saving: target.saving)
    }
  }

  /// Note or quote `noteID`; `nil` when there is none.
  public func note(_ noteID: Int, for reader: Reader) async throws -> Note? {
    try await library(for: reader).note(noteID)
  }

  /// Rewrites note or quote `noteID` (no `day`: the same day).
  public func updateNote(
    _ noteID: Int, text: String, page: Int?, day: CalendarDay? = nil, expecting version: Int? = nil,
    for reader: Reader
  ) async throws -> Note {
    try await library(for: reader).updateNote(noteID, text: text, page: page, day: day, expecting: version)
  }

  /// Deletes note or quote `noteID`.
  public func deleteNote(_ noteID: Int, expecting version: Int? = nil, for reader: Reader) async throws {
    try await library(for: reader).deleteNote(noteID, expecting: version)
  }

  /// `reader`'s notes and quotes matching every word of `query` (all with an empty one), newest
  /// first, with their books' titles.
  public func searchNotes(_ query: String, limit: Int = 100, for reader: Reader) async throws -> [NoteMatch] {
    try await library(for: reader).searchNotes(query, limit: limit)
  }

  // MARK: - Shared

  /// Runs a journal write on the book with identity `id` (``JournalTarget``: the saved book, else the
  /// book to save with the write).
  /// - Throws: ``BookModel/LibraryError/unknownBook(_:)`` when no one has the book; the write's errors.
  private func write<Value: Sendable>(
    _ id: BookID, for reader: Reader, _ body: (Library, JournalTarget) async throws -> Value
  ) async throws -> Journaled<Value> {
    guard let target = try await lookup(for: reader).journalTarget(id) else {
      throw LibraryError.unknownBook(id)
    }
    // A work is saved once: a write that would save another edition of a saved work is refused.
    if let saving = target.saving, let other = try await savedEdition(of: saving, for: reader) {
      throw LibraryError.otherEditionSaved(other.book.id)
    }
    return Journaled(value: try await body(library(for: reader), target), newlySaved: target.saving)
  }
}
