import BookModel
import Foundation
import UserLibrary

/// How the journal commands reach a book of the library: writes save the book first (one helper,
/// so every command saves the same way), reads and removals need it saved.
extension Context {
  /// Runs `body` on the saved entry of the book named `text` (an id or ISBN), saving the book first
  /// (on 읽고 싶은 책, found as ``findBook(_:arguments:library:)`` finds it) when it is not saved,
  /// and saying so unless `quiet` (JSON output). When `body` fails on a book saved just now, the
  /// save is undone: a refused change leaves the library as it was.
  func withSavedBook<T>(
    _ text: String, arguments: Arguments, quiet: Bool,
    _ body: (Library, JournalEntry) async throws -> T
  ) async throws -> T {
    let library = try library()
    let id = try Context.bookID(text)
    if let entry = try await library.entry(id) { return try await body(library, entry) }
    let book = try await findBook(text, arguments: arguments, library: library)
    let savedNow = try await library.save(book) == .saved
    do {
      guard let entry = try await library.entry(book.id) else { throw LibraryError.notSaved(book.id) }
      let result = try await body(library, entry)
      if savedNow && !quiet { console.write("Saved ‘\(book.title)’ (\(book.id)) to your books.\n") }
      return result
    } catch {
      if savedNow { _ = try? await library.remove(book.id) }
      throw error
    }
  }

  /// The entry of the saved book named `text` (an id or ISBN).
  /// - Throws: a usage error for text that is no id; a failure when the book is not saved.
  func savedEntry(_ text: String, in library: Library) async throws -> JournalEntry {
    let id = try Context.bookID(text)
    guard let entry = try await library.entry(id) else { throw LibraryError.notSaved(id) }
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
    case .noSuchRecord, .staleEdit, .staleChange, .notEmpty: self = .failure(error.description)
    }
  }
}
