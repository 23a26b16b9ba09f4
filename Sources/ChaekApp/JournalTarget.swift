import BookModel
import UserLibrary

/// The book a journal write is for, found one way for the web app and the command line: the saved
/// book, else the book to save with the write, in the write's own transaction, so that a refused
/// write saves nothing (the library's writes take it as `saving:`).
public struct JournalTarget: Sendable {
  /// The book's identity (as the library keeps it: an ISBN-10 named is found as its ISBN-13).
  public let id: BookID
  /// The book to save with the write; `nil` when it is saved.
  public let saving: Book?
}

extension BookLookup {
  /// The target of a journal write naming `id`: the saved book (by `id`, or by the identity the
  /// lookup finds for it), else the book to save with the write; `nil` when no one has the book.
  /// Only whether a book is saved is read, not its journal: the write answers with that.
  /// - Throws: the lookup's errors.
  public func journalTarget(_ id: BookID) async throws -> JournalTarget? {
    if try await library.contains(id) { return JournalTarget(id: id, saving: nil) }
    guard let book = try await book(id) else { return nil }
    return JournalTarget(id: book.id, saving: try await library.contains(book.id) ? nil : book)
  }
}
