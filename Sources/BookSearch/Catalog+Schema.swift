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
      // This migration rebuilt the full-text rows here; the next one replaces them and reindexes.
    },
    Migration("replace full-text tables with the search index") { connection in
      try connection.execute(
        """
        DROP TABLE books_vocab;
        DROP TABLE books_fts;
        DROP TABLE books_by_date;
        DROP INDEX books_by_title_key;
        DROP INDEX books_by_title_base_key;
        ALTER TABLE books DROP COLUMN fts_rowid;
        ALTER TABLE books DROP COLUMN title_key;
        ALTER TABLE books DROP COLUMN title_base_key;
        ALTER TABLE books DROP COLUMN title_initials;
        ALTER TABLE books DROP COLUMN people_key;
        ALTER TABLE books DROP COLUMN publisher_key;
        CREATE TABLE search_keys (
          rowid INTEGER PRIMARY KEY,
          title TEXT NOT NULL,
          title_initials TEXT NOT NULL,
          people TEXT NOT NULL,
          publisher TEXT NOT NULL
        );
        CREATE TABLE search_postings (
          term TEXT NOT NULL,
          chunk INTEGER NOT NULL,
          docs BLOB NOT NULL,
          PRIMARY KEY (term, chunk)
        ) WITHOUT ROWID;
        CREATE TABLE search_terms (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE search_ranks (
          chunk INTEGER PRIMARY KEY,
          version INTEGER NOT NULL,
          popularity BLOB NOT NULL,
          day BLOB NOT NULL
        );
        """)
      try reindex(on: connection)
    },
    identityMigration,
    otherISBNsMigration,
  ]

  /// Loads the starter catalog shipped in the package: once per catalog, like any migration.
  static let starterMigration = Migration("load starter catalog 1") { connection in
    var report = UpsertReport()
    var index = SearchIndex.Batch()
    var starters = try StarterTitles(on: connection)
    for book in try starterBooks() {
      try upsert(
        book, source: .starter, popularity: 0, on: connection, into: &report, index: &index,
        starters: &starters)
    }
    try index.write(on: connection)
  }

  /// The books of the shipped starter catalog.
  public static func starterBooks() throws -> [Book] {
    guard let url = Bundle.module.url(forResource: "starter-catalog", withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try JSONDecoder().decode([Book].self, from: Data(contentsOf: url))
  }

  // MARK: - Rows

  /// Adds or updates one book, its index changes going to `index`.
  ///
  /// `otherISBNs`, when there are any, replace the ISBNs besides its own that find the book (see
  /// ``otherISBNs(_:of:)``); when there are none, those stored stay, as any field left empty does.
  ///
  /// The book's stored record is the one with its identity; else, for a book with a page, the one
  /// with that page (whose ISBN it changes); else, for a book with an ISBN, the starter book it is
  /// a record of (see ``StarterTitles``). A record stored under another identity takes the book's,
  /// and the change is recorded. With `seen`, each record's state before its first write in the
  /// import is kept in `temp.import_seen` (see ``importBooks(from:format:batchSize:progress:)``).
  static func upsert(
    _ incoming: Book, source: Source, popularity: Int, otherISBNs: [ISBN] = [], on connection: Connection,
    into report: inout UpsertReport, index: inout SearchIndex.Batch, starters: inout StarterTitles,
    tracking seen: Bool = false
  ) throws {
    let id = incoming.id.rawValue
    let columns = "SELECT rowid, id, book, popularity FROM books"
    func stored(_ row: Row) throws -> StoredBook {
      let json = row.text(2)
      return StoredBook(
        rowid: row.int(0), id: row.text(1), json: json, book: try decode(json), popularity: row.int(3))
    }
    var existing = try connection.first("\(columns) WHERE id = ?", [id], stored)
    if existing == nil, source == .starter,
      try connection.integer("SELECT count(*) FROM replaced_books WHERE old_id = ?", [id]) > 0
    {
      report.unchanged += 1  // a starter book already replaced by a record with an ISBN
      return
    }
    if existing == nil, !incoming.url.isEmpty {
      existing = try connection.first(
        "\(columns) WHERE url = ? AND url != '' LIMIT 1", [incoming.url], stored)
    }
    var replacesStarter = false
    if existing == nil, let rowid = starters.match(incoming) {
      existing = try connection.first("\(columns) WHERE rowid = ?", [rowid], stored)
      replacesStarter = existing != nil
    }
    let book = existing.map { incoming.filledIn(from: $0.book) } ?? incoming
    let rank = max(popularity, existing?.popularity ?? 0)
    let others = Self.otherISBNs(otherISBNs, of: book)
    var storedOthers: [String]?
    if let existing, !others.isEmpty {
      storedOthers = try storedOtherISBNs(ofRow: existing.rowid, on: connection)
    }
    let othersChange = !others.isEmpty && others != storedOthers
    if let existing, existing.book == book, existing.popularity == rank, !othersChange {
      if seen {
        try connection.run(
          "INSERT OR IGNORE INTO temp.import_seen (rowid, added) VALUES (?, 0)", [existing.rowid])
      }
      report.unchanged += 1
      return
    }
    if seen, let existing {
      // The state before the import's first write to the record: what the import compares with.
      let before = try storedOthers ?? storedOtherISBNs(ofRow: existing.rowid, on: connection)
      try connection.run(
        """
        INSERT INTO temp.import_seen (rowid, added, before, popularity, isbns) VALUES (?, 0, ?, ?, ?)
        ON CONFLICT (rowid) DO UPDATE SET
          before = excluded.before, popularity = excluded.popularity, isbns = excluded.isbns
        WHERE before IS NULL AND added = 0
        """, [existing.rowid, existing.json, existing.popularity, before.joined(separator: " ")])
    }
    let newID = book.id.rawValue
    let values: [any SQLValueConvertible] = [
      newID, book.isbn13, book.title, try encode(book), book.datetime.map(KakaoDate.format) ?? "", rank,
      source.rawValue, Date().timeIntervalSince1970, book.url,
    ]
    let rowid: Int
    if let existing {
      try connection.run(
        """
        UPDATE books SET id = ?, isbn13 = ?, title = ?, book = ?, published = ?, popularity = ?, source = ?,
          updated_at = ?, url = ?
        WHERE rowid = ?
        """, values + [existing.rowid])
      index.remove(existing.book, rowid: existing.rowid)
      rowid = existing.rowid
      report.updated += 1
      if existing.id != newID {
        try recordReplacement(of: existing.id, by: newID, on: connection)
        if let old = BookID(parsing: existing.id) { report.replaced[old] = book.id }
      }
      if replacesStarter || (existing.book.isbn13 == nil && book.isbn13 != nil) {
        try connection.run("DELETE FROM starter_titles WHERE rowid = ?", [existing.rowid])
        starters.remove(rowid: existing.rowid)
      }
    } else {
      try connection.run(
        """
        INSERT INTO books (id, isbn13, title, book, published, popularity, source, updated_at, url)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, values)
      rowid = connection.lastInsertedRowID
      report.added += 1
      if seen {
        try connection.run("INSERT OR IGNORE INTO temp.import_seen (rowid, added) VALUES (?, 1)", [rowid])
      }
    }
    if othersChange {
      try storeOtherISBNs(others, ofRow: rowid, on: connection)
    }
    if source == .starter && book.isbn13 == nil {
      try addStarterTitle(book, rowid: rowid, on: connection)
    }
    index.add(book, rowid: rowid, popularity: rank)
  }

  /// A book as stored.
  private struct StoredBook {
    let rowid: Int
    let id: String
    let json: String
    let book: Book
    let popularity: Int
  }

  /// Rebuilds every book's index entries from its stored JSON: what a migration runs when
  /// the analysis changes.
  static func reindex(on connection: Connection) throws {
    // Ranks stay: every book's are written again, and their chunks' versions keep counting up, so
    // a process that cached a chunk reloads it.
    try connection.execute("DELETE FROM search_postings; DELETE FROM search_terms; DELETE FROM search_keys;")
    var last = 0
    while true {
      let rows = try connection.query(
        "SELECT rowid, book, popularity FROM books WHERE rowid > ? ORDER BY rowid LIMIT 10000", [last]
      ) { ($0.int(0), try decode($0.text(1)), $0.int(2)) }
      guard let final = rows.last else { return }
      var index = SearchIndex.Batch()
      for (rowid, book, popularity) in rows { index.add(book, rowid: rowid, popularity: popularity) }
      try index.write(on: connection)
      last = final.0
    }
  }

  // MARK: - JSON

  /// A book's stored JSON, keys sorted so that equal books are equal texts.
  static func encode(_ book: Book) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(book), as: UTF8.self)
  }

  static func decode(_ json: String) throws -> Book {
    try JSONDecoder().decode(Book.self, from: Data(json.utf8))
  }
}
