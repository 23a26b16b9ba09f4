import BookModel
import ChaekApp
import Foundation

/// How the journal commands reach a book of the library: writes take a book that is not saved
/// yet and save it in the change's own transaction (one helper, so every command saves the same
/// way), reads and removals need it saved.
extension Context {
  /// Runs the journal write `write` on the book named `text` (an id or ISBN); Chaek saves a book
  /// that is not saved in the write's own transaction (``ChaekApp/Journaled``). Says that the book
  /// was saved unless `quiet` (JSON output).
  func withJournal<T>(
    of text: String, in chaek: Chaek, quiet: Bool, _ write: (BookID) async throws -> Journaled<T>
  ) async throws -> T {
    let written = try await write(Context.bookID(text))
    if let book = written.newlySaved, !quiet {
      console.write("Saved ‘\(book.title)’ (\(book.id)) to your books.\n")
    }
    return written.value
  }

  /// The entry of the saved book named `text` (an id or ISBN).
  /// - Throws: a usage error for text that is no id; a failure when the book is not saved.
  func savedEntry(_ text: String, in chaek: Chaek) async throws -> JournalEntry {
    let id = try Context.bookID(text)
    guard let entry = try await chaek.entry(id, for: reader) else { throw LibraryError.notSaved(id) }
    return entry
  }

  /// The book id in `text` (an id or an ISBN in any spelling).
  static func bookID(_ text: String) throws(CLIError) -> BookID {
    guard let id = BookID(parsing: text) else {
      throw .usage("'\(text)' is not a book id or ISBN (see the last column of `chaek search`)")
    }
    return id
  }

  /// Today on the system's calendar: the day a journal change is dated unless `--date` says.
  var today: CalendarDay { CalendarDay.today() }
}

// MARK: - Library errors

extension CLIError {
  /// The CLI's error for a change the library refused: a value it does not keep is a usage error
  /// (exit 2, like any bad value on the command line); anything else is a failure (exit 1).
  init(_ error: LibraryError) {
    switch error {
    case .invalid(let reason): self = .usage(reason)
    case .notSaved(let id): self = .failure("\(id) is not in your books; save it with `chaek save \(id)`")
    case .unknownBook: self = .failure("\(error.description); find it with `chaek search` first")
    case .noSuchRecord, .staleEdit, .staleChange, .notEmpty, .otherEditionSaved:
      self = .failure(error.description)
    }
  }
}
