import BookModel
import UserLibrary

/// The book a journal write is for, found one way for the web app and the command line: the saved
/// book (its entry), else the book to save with the write, in the write's own transaction, so that
/// a refused write saves nothing (the library's writes take it as `saving:`).
public struct JournalTarget: Sendable {
  /// The book's identity (as the library keeps it: an ISBN-10 named is found as its ISBN-13).
  public let id: BookID
  /// Its journal as it is now, when it is saved.
  public let entry: JournalEntry?
  /// The book to save with the write, when it is not saved.
  public let saving: Book?
}

extension BookLookup {
  /// The target of a journal write naming `id`: the saved book's entry (by `id`, or by the
  /// identity the lookup finds for it), else the book to save with the write; `nil` when no one
  /// has the book.
  /// - Throws: the lookup's errors.
  public func journalTarget(_ id: BookID) async throws -> JournalTarget? {
    if let entry = try await library.entry(id) { return JournalTarget(id: id, entry: entry, saving: nil) }
    guard let book = try await book(id) else { return nil }
    if let entry = try await library.entry(book.id) {
      return JournalTarget(id: book.id, entry: entry, saving: nil)
    }
    return JournalTarget(id: book.id, entry: nil, saving: book)
  }
}
