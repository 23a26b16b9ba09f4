import BookModel
import Foundation
import Storage

/// How every ISBN of a record finds its book, not only the one it is stored under.
///
/// An Open Library work lists the ISBNs of all its editions, and a dump's edition both its
/// `isbn_13` and `isbn_10`; the book keeps one (its ``Book/isbn`` in Kakao's shape, and its
/// identity). The others are kept in `book_isbns`, ISBN-13 → the book's row, so that an ISBN
/// search (``Catalog/search(_:)``) and a lookup by identity (``Catalog/book(_:)``) find the book by
/// any of them. Rows are keyed by the book's `rowid`, which stays when its identity changes, and
/// go when the book does.
extension Catalog {
  // MARK: - Migration

  /// Adds `book_isbns`, empty: the records already stored are found again, with their other
  /// ISBNs, the next time they are imported or returned by Open Library.
  static let otherISBNsMigration = Migration(
    "index every ISBN of a book",
    sql: """
      CREATE TABLE book_isbns (
        isbn13 TEXT NOT NULL,
        book INTEGER NOT NULL,
        PRIMARY KEY (isbn13, book)
      ) WITHOUT ROWID;
      CREATE INDEX book_isbns_by_book ON book_isbns (book);
      CREATE TRIGGER books_delete_isbns AFTER DELETE ON books BEGIN
        DELETE FROM book_isbns WHERE book = old.rowid;
      END;
      """)

  // MARK: - Rows

  /// The ISBN-13s of `isbns` that `book` is not stored under, each once, in order, at most
  /// ``BookModel/ISBN/maximumOthers``; sorted, as they are stored.
  static func otherISBNs(_ isbns: [ISBN], of book: Book) -> [String] {
    ISBN.others(isbns, besides: book.isbn13.flatMap { ISBN($0) }).map(\.isbn13).sorted()
  }

  /// The other ISBN-13s stored for the book in row `rowid`, sorted.
  static func storedOtherISBNs(ofRow rowid: Int, on connection: Connection) throws -> [String] {
    try connection.query("SELECT isbn13 FROM book_isbns WHERE book = ? ORDER BY isbn13", [rowid]) {
      $0.text(0)
    }
  }

  /// Replaces the other ISBNs stored for the book in row `rowid` with `isbns` (ISBN-13s).
  static func storeOtherISBNs(_ isbns: [String], ofRow rowid: Int, on connection: Connection) throws {
    try connection.run("DELETE FROM book_isbns WHERE book = ?", [rowid])
    for isbn in isbns {
      try connection.run("INSERT OR IGNORE INTO book_isbns (isbn13, book) VALUES (?, ?)", [isbn, rowid])
    }
  }
}
