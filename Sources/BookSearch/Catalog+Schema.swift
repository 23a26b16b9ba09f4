import BookModel
import Foundation
import Storage

extension Catalog {
  // MARK: - Migrations

  /// The schema of `catalog.sqlite`, in order. Never edit a shipped migration: add one.
  static let schema = [
    Migration(
      "create books",
      sql: """
        CREATE TABLE books (
          rowid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          isbn13 TEXT,
          title TEXT NOT NULL,
          book TEXT NOT NULL,
          published TEXT NOT NULL,
          popularity INTEGER NOT NULL DEFAULT 0,
          source TEXT NOT NULL,
          updated_at REAL NOT NULL
        );
        CREATE INDEX books_by_isbn13 ON books (isbn13);
        CREATE INDEX books_by_published ON books (published);
        CREATE VIRTUAL TABLE books_fts USING fts5 (
          title, people, publisher, contents,
          tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO books_fts (books_fts, rank) VALUES ('rank', 'bm25(10.0, 5.0, 2.0, 1.0)');
        """),
    Migration("add ranking keys and initials") { connection in
      try connection.execute(
        """
        ALTER TABLE books ADD COLUMN title_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN title_base_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN title_initials TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN people_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN publisher_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN fts_rowid INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX books_by_title_key ON books (title_key);
        CREATE INDEX books_by_title_base_key ON books (title_base_key);
        DROP TABLE books_fts;
        CREATE VIRTUAL TABLE books_fts USING fts5 (
          title, people, publisher, contents, title_initials, people_initials,
          tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        INSERT INTO books_fts (books_fts, rank) VALUES ('rank', 'bm25(10.0, 5.0, 2.0, 1.0, 0.0, 0.0)');
        CREATE VIRTUAL TABLE books_vocab USING fts5vocab (books_fts, 'row');
        CREATE VIRTUAL TABLE books_by_date USING fts5 (
          title, people, publisher, contents, title_initials, people_initials,
          tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        """)
      try reindex(on: connection)
    },
  ]

  /// Loads the starter catalog shipped in the package: once per catalog, like any migration.
  static let starterMigration = Migration("load starter catalog 1") { connection in
    var report = UpsertReport()
    for book in try starterBooks() {
      try upsert(book, source: .starter, popularity: 0, on: connection, into: &report)
    }
  }

  /// The books of the shipped starter catalog.
  public static func starterBooks() throws -> [Book] {
    guard let url = Bundle.module.url(forResource: "starter-catalog", withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try JSONDecoder().decode([Book].self, from: Data(contentsOf: url))
  }

  // MARK: - Rows

  static func upsert(
    _ incoming: Book, source: Source, popularity: Int, on connection: Connection,
    into report: inout UpsertReport
  ) throws {
    let id = incoming.id.rawValue
    let existing = try connection.first(
      "SELECT rowid, book, popularity, fts_rowid FROM books WHERE id = ?", [id]
    ) {
      (rowid: $0.int(0), book: try decode($0.text(1)), popularity: $0.int(2), ftsRowid: $0.int(3))
    }
    let book = existing.map { incoming.filledIn(from: $0.book) } ?? incoming
    let rank = max(popularity, existing?.popularity ?? 0)
    if let existing, existing.book == book, existing.popularity == rank {
      report.unchanged += 1
      return
    }
    let values: [any SQLValueConvertible] = [
      id, book.isbn13, book.title, try encode(book), book.datetime.map(KakaoDate.format) ?? "", rank,
      source.rawValue, Date().timeIntervalSince1970,
    ]
    if let existing {
      try connection.run(
        """
        UPDATE books SET id = ?, isbn13 = ?, title = ?, book = ?, published = ?, popularity = ?, source = ?,
          updated_at = ? WHERE rowid = ?
        """, values + [existing.rowid])
      try connection.run("DELETE FROM books_fts WHERE rowid = ?", [existing.ftsRowid])
      try connection.run(
        "DELETE FROM books_by_date WHERE rowid = ?",
        [dateRank(published: existing.book.datetime, rowid: existing.rowid)])
      try index(book, rowid: existing.rowid, popularity: rank, on: connection)
      report.updated += 1
    } else {
      try connection.run(
        """
        INSERT INTO books (id, isbn13, title, book, published, popularity, source, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """, values)
      try index(book, rowid: connection.lastInsertedRowID, popularity: rank, on: connection)
      report.added += 1
    }
  }

  /// Writes a book's ranking keys and its full-text row; the caller removed any previous FTS row.
  static func index(_ book: Book, rowid: Int, popularity: Int, on connection: Connection) throws {
    let people = (book.authors + book.translators).joined(separator: ", ")
    let ftsRowid = staticRank(popularity: popularity, published: book.datetime, rowid: rowid)
    try connection.run(
      """
      UPDATE books SET title_key = ?, title_base_key = ?, title_initials = ?, people_key = ?, publisher_key = ?,
        fts_rowid = ? WHERE rowid = ?
      """,
      [
        SearchKeys.key(book.title), SearchKeys.baseKey(ofTitle: book.title),
        SearchKeys.initialsKey(book.title),
        SearchKeys.key(people), SearchKeys.key(book.publisher), ftsRowid, rowid,
      ])
    let columns: [any SQLValueConvertible] = [
      SearchText.indexed(book.title), SearchText.indexed(people), SearchText.indexed(book.publisher),
      SearchText.indexed(book.contents), SearchText.indexedInitials(book.title),
      SearchText.indexedInitials(people),
    ]
    for (table, key) in [
      ("books_fts", ftsRowid), ("books_by_date", dateRank(published: book.datetime, rowid: rowid)),
    ] {
      try connection.run(
        """
        INSERT INTO \(table) (rowid, title, people, publisher, contents, title_initials, people_initials)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """, [key] + columns)
    }
  }

  /// Rebuilds every book's keys and full-text row from its stored JSON: what a migration runs when
  /// the analysis changes.
  static func reindex(on connection: Connection) throws {
    try connection.run("DELETE FROM books_fts")
    try connection.run("DELETE FROM books_by_date")
    let rows = try connection.query("SELECT rowid, book, popularity FROM books") {
      ($0.int(0), $0.text(1), $0.int(2))
    }
    for (rowid, json, popularity) in rows {
      try index(decode(json), rowid: rowid, popularity: popularity, on: connection)
    }
  }

  // MARK: - Static rank

  /// The low bits of a full-text rowid: the book's own rowid.
  static let rowidMask = (1 << 36) - 1

  /// A book's full-text rowid: its static rank (popularity, then publication year, both best
  /// first) above its own rowid, so a full-text query read in rowid order meets the most popular,
  /// newest books first and can stop early instead of scoring every match.
  static func staticRank(popularity: Int, published: Date?, rowid: Int) -> Int {
    let bucket = min(63, Int(log2(Double(max(0, popularity)) + 1) * 2))
    let year = min(9_999, max(0, published.map(KakaoDate.year) ?? 0))
    return (63 - bucket) << 50 | (9_999 - year) << 36 | (rowid & rowidMask)
  }

  /// A book's rowid in `books_by_date`, the same index in date order: newest day first, then the
  /// later-added book, so `latest` reads only as many matches as its page needs.
  static func dateRank(published: Date?, rowid: Int) -> Int {
    let day =
      published.map { date -> Int in
        let parts = KakaoDate.format(date).prefix(10).split(separator: "-").compactMap { Int($0) }
        return parts.count == 3 ? parts[0] * 372 + (parts[1] - 1) * 31 + (parts[2] - 1) : 0
      } ?? 0
    return (9_999 * 372 - min(day, 9_999 * 372)) << 36 | (rowidMask - (rowid & rowidMask))
  }

  static func encode(_ book: Book) throws -> String {
    String(decoding: try JSONEncoder().encode(book), as: UTF8.self)
  }

  static func decode(_ json: String) throws -> Book {
    try JSONDecoder().decode(Book.self, from: Data(json.utf8))
  }
}

extension Book {
  /// This book, with every field it leaves empty taken from `older`.
  func filledIn(from older: Book) -> Book {
    var book = self
    if book.contents.isEmpty { book.contents = older.contents }
    if book.url.isEmpty { book.url = older.url }
    if book.isbn.isEmpty { book.isbn = older.isbn }
    if book.datetime == nil { book.datetime = older.datetime }
    if book.authors.isEmpty { book.authors = older.authors }
    if book.publisher.isEmpty { book.publisher = older.publisher }
    if book.translators.isEmpty { book.translators = older.translators }
    if book.price <= 0 { book.price = older.price }
    if book.salePrice < 0 { book.salePrice = older.salePrice }
    if book.thumbnail.isEmpty { book.thumbnail = older.thumbnail }
    if book.status.isEmpty { book.status = older.status }
    return book
  }
}
