import BookModel
import Foundation
import SearchIndex
import Storage

extension Catalog {
  // MARK: - Migrations

  /// The schema of `catalog.sqlite`. A new catalog is created as it is today, a rebuildable cache
  /// having no history to replay; an older one is brought to it by the migrations of ``history``
  /// it has not applied. Then, at every open, an index of other versions is rebuilt (see
  /// ``searchIndexCheck``). Never edit a shipped migration of the history: add one after this
  /// one, or a new baseline in its place that replaces it as well.
  static let schema = [
    Migration("create catalog", replacing: history) { connection in
      try connection.execute(
        """
        CREATE TABLE books (
          rowid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          isbn13 TEXT,
          title TEXT NOT NULL,
          book TEXT NOT NULL,
          published TEXT NOT NULL,
          popularity INTEGER NOT NULL DEFAULT 0,
          source TEXT NOT NULL,
          updated_at REAL NOT NULL,
          url TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX books_by_isbn13 ON books (isbn13);
        CREATE INDEX books_by_published ON books (published);
        CREATE INDEX books_by_url ON books (url) WHERE url != '';
        CREATE TABLE replaced_books (
          old_id TEXT PRIMARY KEY,
          new_id TEXT NOT NULL,
          replaced_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX replaced_books_by_new_id ON replaced_books (new_id);
        CREATE TABLE starter_titles (
          rowid INTEGER PRIMARY KEY,
          title_key TEXT NOT NULL,
          authors_key TEXT NOT NULL
        );
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
      try searchIndex.reset(on: connection)
    },
    searchIndexCheck,
    workKeysMigration,
    Migration(
      "drop the index of publication dates",
      sql: "DROP INDEX IF EXISTS books_by_published"),  // searches sort by the index's days; 4% of a file
    packingMigration,
    narrowColumnsMigration,
    handBooksMigration,
    workInBooksMigration,
  ]

  /// Keeps each book's Open Library work in the book itself (``BookModel/Book/work``), where the
  /// catalog's editions of a work are told by (see ``WorkID``), as well as in the `work` column it is
  /// found by: books stored before had it in the column alone.
  /// Read a page of rows at a time, so that millions of books take bounded memory.
  static let workInBooksMigration = Migration("keep each book's work in the book") { connection in
    var last = 0
    while true {
      let rows = try connection.query(
        "SELECT rowid, book, work FROM books WHERE work IS NOT NULL AND rowid > ? ORDER BY rowid LIMIT 10000",
        [last]
      ) { (rowid: $0.int(0), book: try decode($0.data(1)), work: $0.text(2)) }
      guard let final = rows.last else { return }
      for row in rows where row.book.work != row.work {
        var book = row.book
        book.work = row.work
        try connection.run("UPDATE books SET book = ? WHERE rowid = ?", [encode(book), row.rowid])
      }
      last = final.rowid
    }
  }

  /// Books added by hand (see ``storeHandAdded(_:owner:)``): who added each, by the key of the
  /// book's own page (`chaek:hand/KEY`), and its cover photo.
  static let handBooksMigration = Migration(
    "add books added by hand",
    sql: """
      CREATE TABLE hand_books (
        key TEXT PRIMARY KEY,
        owner TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE covers (
        key TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        kind TEXT NOT NULL,
        image BLOB NOT NULL
      ) WITHOUT ROWID;
      """)

  /// The Open Library work of each book (see ``BookModel/Book/work``),
  /// and where each unfinished import of a file got to (see ``beginImport(resuming:)``).
  static let workKeysMigration = Migration(
    "add work keys and import checkpoints",
    sql: """
      ALTER TABLE books ADD COLUMN work TEXT;
      CREATE INDEX books_by_work ON books (work) WHERE work IS NOT NULL;
      CREATE TABLE import_checkpoints (
        file TEXT PRIMARY KEY,
        offset INTEGER NOT NULL,
        line INTEGER NOT NULL,
        books INTEGER NOT NULL,
        updated_at REAL NOT NULL
      ) WITHOUT ROWID;
      """)

  /// Keeps a book's page address and publication date as numbers beside its stored form, which
  /// has them as text: the page as a 64-bit key it is found by (``pageKey(_:)``; 38.7 MiB of
  /// index and 28 bytes a book as text at a million books), the date as the index's day (see
  /// ``day(of:)``), which the books of one ISBN are listed by (29 bytes a book as text).
  static let narrowColumnsMigration = Migration("keep page addresses and dates as numbers") { connection in
    try connection.execute(
      """
      ALTER TABLE books ADD COLUMN page_key INTEGER;
      ALTER TABLE books ADD COLUMN day INTEGER NOT NULL DEFAULT 0;
      UPDATE books SET day = CAST(substr(published, 1, 4) AS INTEGER) * 372
        + (CAST(substr(published, 6, 2) AS INTEGER) - 1) * 31 + CAST(substr(published, 9, 2) AS INTEGER) - 1
        WHERE published != '';
      """)
    let pages = try connection.query("SELECT rowid, url FROM books WHERE url != ''") {
      (rowid: $0.int(0), url: $0.text(1))
    }
    for page in pages {
      try connection.run("UPDATE books SET page_key = ? WHERE rowid = ?", [pageKey(page.url), page.rowid])
    }
    try connection.execute(
      """
      DROP INDEX books_by_url;
      DROP INDEX IF EXISTS books_by_published;
      ALTER TABLE books DROP COLUMN url;
      ALTER TABLE books DROP COLUMN published;
      CREATE INDEX books_by_page_key ON books (page_key) WHERE page_key IS NOT NULL;
      """)
  }

  /// Load the starter catalog shipped in the package: once per catalog, like any migration, and
  /// again in each later version of it (ISBNs, page counts and series, and more books, in the
  /// second). A starter book whose identity a provider's record holds keeps that record; one that
  /// gained an ISBN takes the place of its keyless record (which libraries follow, see
  /// ``replacements(of:)``), or, where a provider's record replaced that one already, gives that
  /// record its ISBN (as another ISBN), pages and series instead of being stored again.
  static let starterMigrations = ["load starter catalog 1", "load starter catalog 2"].map { name in
    Migration(name) { connection in
      var report = UpsertReport()
      var index: IndexWriter? = searchIndex.writer()
      var starters = try StarterTitles(on: connection)
      let replaced = try connection.query(
        """
        SELECT b.book, b.source, b.popularity, b.rowid FROM replaced_books r JOIN books b ON b.id = r.new_id
        WHERE r.old_id LIKE 'b-%'
        """
      ) {
        (
          book: try decode($0.data(0)), source: Source(rawValue: $0.text(1)), popularity: $0.int(2),
          rowid: $0.int(3)
        )
      }
      for book in try starterBooks() {
        let source = try connection.first("SELECT source FROM books WHERE id = ?", [book.id.rawValue]) {
          $0.text(0)
        }
        guard source == nil || source == Source.starter.rawValue else { continue }
        if source == nil, let isbn = book.isbns.first, starters.match(book) == nil,
          let record = replaced.first(where: {
            isRecord($0.book, ofTitle: Analyzer.key(book.title), authors: authorKeys(book))
          })
        {
          let others = try storedOtherISBNs(ofRow: record.rowid, on: connection).compactMap { ISBN($0) }
          try upsert(
            record.book.filledIn(from: book), source: record.source ?? .imported,
            popularity: record.popularity,
            otherISBNs: others + [isbn], on: connection, into: &report, index: &index, starters: &starters)
          continue
        }
        try upsert(
          book, source: .starter, popularity: 0, on: connection, into: &report, index: &index,
          starters: &starters)
      }
      try index?.write(on: connection)
    }
  }

  /// The books of the shipped starter catalog.
  public static func starterBooks() throws -> [Book] {
    guard let url = Bundle.module.url(forResource: "starter-catalog", withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try JSONDecoder().decode([Book].self, from: Data(contentsOf: url))
  }
}
