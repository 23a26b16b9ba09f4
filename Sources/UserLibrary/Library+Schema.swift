import BookModel
import Foundation
import Storage

extension Library {
  // MARK: - Migrations

  /// The schema of `library.sqlite`, in order. Never edit a shipped migration: add one.
  static let migrations = [
    Migration(
      "create saved books",
      sql: """
        CREATE TABLE saved_books (
          id TEXT PRIMARY KEY NOT NULL,
          title TEXT NOT NULL,
          book TEXT NOT NULL,
          saved_at REAL NOT NULL
        );
        CREATE INDEX saved_books_by_title ON saved_books (title COLLATE NOCASE);
        CREATE INDEX saved_books_by_date ON saved_books (saved_at);
        """),
    Migration(
      "create recent views",
      sql: """
        CREATE TABLE recent_views (
          id TEXT PRIMARY KEY NOT NULL,
          book TEXT NOT NULL,
          viewed_at REAL NOT NULL,
          seq INTEGER NOT NULL
        );
        CREATE INDEX recent_views_by_seq ON recent_views (seq);
        """),
    Migration(
      "create change log",
      sql: """
        CREATE TABLE changes (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          book_id TEXT,
          at REAL NOT NULL
        );
        """),
  ]

  /// How many change-log entries are kept; observers further behind than this miss changes.
  static let changeLogLimit = 1_000

  // MARK: - Rows

  /// Appends an event to the change log, in the caller's transaction, and trims the log.
  static func log(_ event: LibraryEvent, on connection: Connection) throws {
    try connection.run(
      "INSERT INTO changes (kind, book_id, at) VALUES (?, ?, ?)",
      [event.kind, event.bookID?.rawValue, Date().timeIntervalSince1970])
    try connection.run(
      "DELETE FROM changes WHERE seq <= (SELECT max(seq) FROM changes) - ?", [changeLogLimit])
  }

  static func encode(_ book: Book) throws -> String {
    String(decoding: try JSONEncoder().encode(book), as: UTF8.self)
  }

  static func decode(_ json: String) throws -> Book {
    try JSONDecoder().decode(Book.self, from: Data(json.utf8))
  }
}
