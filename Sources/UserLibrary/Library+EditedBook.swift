import BookModel
import Foundation
import SQLStore

extension Library {
  /// Puts `book`, as a reader edited it (a book they added by hand), in place of the library's
  /// copies of the book with identity `old` — the saved one and the recently viewed one — as it
  /// is, the fields it leaves empty emptied. A changed identity (an ISBN added) moves them first,
  /// journal and all (see ``follow(_:)``). Answers whether the library had a copy.
  @discardableResult
  public func replaceCopies(of old: BookID, with book: Book) async throws -> Bool {
    try await follow([old: book])
    let json = try Library.encode(book)
    let id = book.id.rawValue
    let replaced = try await store.write { connection in
      let saved = try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [id]) > 0
      if saved {
        try connection.run(
          "UPDATE saved_books SET title = ?, book = ?, version = version + 1 WHERE id = ?",
          [book.title, json, id])
        try Library.indexNames(of: book, on: connection)
        try Library.log(.journal(book.id), on: connection)
      }
      let viewed = try connection.fetchInteger("SELECT count(*) FROM recent_views WHERE id = ?", [id]) > 0
      if viewed {
        try connection.run("UPDATE recent_views SET book = ? WHERE id = ?", [json, id])
        try Library.log(.viewed(book.id), on: connection)
      }
      return saved || viewed
    }
    await feed.publishPending()
    return replaced
  }
}
