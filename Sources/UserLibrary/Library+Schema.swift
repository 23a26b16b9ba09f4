import BookModel
import Foundation
import Storage

extension Library {
  // MARK: - Migrations

  /// The schema of `library.sqlite`: every migration, in order. A new library is created as it is
  /// today ("create library", which stands for ``history``: the test `aNewLibraryHasTheSchemaAnUpgradedOneHas`
  /// proves them equal); an older one is brought to it by the migrations of the history it has not
  /// applied, its data kept. Then, at every open, the saved books' names are made again when the
  /// analyzer changed (``savedNamesCheck``). Never edit a shipped migration: add one after the
  /// baseline, which every library applies. A database written by a newer Chaek, with migrations
  /// this one does not know, is refused (`Storage.NewerSchemaError`).
  static let migrations = [
    Migration("create library", replacing: history) { connection in
      try connection.execute(
        """
        CREATE TABLE saved_books (
          id TEXT PRIMARY KEY NOT NULL,
          title TEXT NOT NULL,
          book TEXT NOT NULL,
          saved_at REAL NOT NULL,
          shelf TEXT NOT NULL DEFAULT 'want',
          rating INTEGER,
          review TEXT NOT NULL DEFAULT '',
          pages INTEGER,
          version INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX saved_books_by_title ON saved_books (title COLLATE NOCASE);
        CREATE INDEX saved_books_by_date ON saved_books (saved_at);
        CREATE INDEX saved_books_by_shelf ON saved_books (shelf);
        CREATE TABLE recent_views (
          id TEXT PRIMARY KEY NOT NULL,
          book TEXT NOT NULL,
          viewed_at REAL NOT NULL,
          seq INTEGER NOT NULL
        );
        CREATE INDEX recent_views_by_seq ON recent_views (seq);
        CREATE TABLE changes (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          book_id TEXT,
          at REAL NOT NULL
        );
        CREATE TABLE book_tags (
          book_id TEXT NOT NULL,
          tag TEXT NOT NULL,
          PRIMARY KEY (book_id, tag)
        ) WITHOUT ROWID;
        CREATE INDEX book_tags_by_tag ON book_tags (tag);
        CREATE TABLE notes (
          id INTEGER PRIMARY KEY,
          book_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          text TEXT NOT NULL,
          page INTEGER,
          day TEXT NOT NULL,
          created_at REAL NOT NULL,
          version INTEGER NOT NULL DEFAULT 1,
          tokens TEXT NOT NULL
        );
        CREATE INDEX notes_by_book ON notes (book_id, kind, day, id);
        CREATE TABLE reading_sessions (
          id INTEGER PRIMARY KEY,
          book_id TEXT NOT NULL,
          started TEXT,
          finished TEXT,
          version INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX reading_sessions_by_book ON reading_sessions (book_id);
        CREATE INDEX reading_sessions_by_finished ON reading_sessions (finished);
        CREATE TABLE progress (
          id INTEGER PRIMARY KEY,
          session_id INTEGER NOT NULL,
          day TEXT NOT NULL,
          page INTEGER,
          total_pages INTEGER,
          percent REAL
        );
        CREATE INDEX progress_by_session ON progress (session_id, day, id);
        CREATE TABLE goals (
          year INTEGER PRIMARY KEY,
          books INTEGER NOT NULL
        );
        CREATE TABLE search_history (
          id INTEGER PRIMARY KEY,
          key TEXT NOT NULL UNIQUE,
          query TEXT NOT NULL,
          searched_at REAL NOT NULL,
          seq INTEGER NOT NULL
        );
        CREATE INDEX search_history_by_seq ON search_history (seq);
        CREATE TABLE settings (
          name TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE removals (
          id TEXT PRIMARY KEY NOT NULL,
          removed_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE saved_names (
          book_id TEXT NOT NULL,
          position INTEGER NOT NULL,
          kind TEXT NOT NULL,
          text TEXT NOT NULL,
          folded TEXT NOT NULL,
          key TEXT NOT NULL,
          initials TEXT NOT NULL,
          PRIMARY KEY (book_id, position)
        ) WITHOUT ROWID;
        CREATE INDEX saved_names_by_key ON saved_names (key);
        CREATE INDEX saved_names_by_initials ON saved_names (initials);
        CREATE TRIGGER saved_names_follow_removal AFTER DELETE ON saved_books BEGIN
          DELETE FROM saved_names WHERE book_id = OLD.id;
        END;
        CREATE TABLE imported_records (
          book_id TEXT PRIMARY KEY NOT NULL,
          record TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE removal_groups (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          removed_at REAL NOT NULL
        );
        CREATE TABLE removed_entries (
          removal INTEGER NOT NULL REFERENCES removal_groups (id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          entry TEXT NOT NULL,
          PRIMARY KEY (removal, position)
        ) WITHOUT ROWID;
        """)
    },
    savedNamesCheck,
    Migration("index titles Korean first", sql: titleOrderIndex(dialect: .sqlite)),
    workMergesMigration,
    Migration("name the edition of each reading", sql: readingEditionColumn(dialect: .sqlite)),
  ]

  /// How libraries written before the baseline were brought to it, in order: what an older library
  /// applies of it when it opens. Never edit a shipped one.
  static let history = [
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
    Migration(
      "create reading journal",
      sql: """
        ALTER TABLE saved_books ADD COLUMN shelf TEXT NOT NULL DEFAULT 'want';
        ALTER TABLE saved_books ADD COLUMN rating INTEGER;
        ALTER TABLE saved_books ADD COLUMN review TEXT NOT NULL DEFAULT '';
        ALTER TABLE saved_books ADD COLUMN pages INTEGER;
        ALTER TABLE saved_books ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX saved_books_by_shelf ON saved_books (shelf);
        CREATE TABLE book_tags (
          book_id TEXT NOT NULL,
          tag TEXT NOT NULL,
          PRIMARY KEY (book_id, tag)
        ) WITHOUT ROWID;
        CREATE INDEX book_tags_by_tag ON book_tags (tag);
        CREATE TABLE notes (
          id INTEGER PRIMARY KEY,
          book_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          text TEXT NOT NULL,
          page INTEGER,
          day TEXT NOT NULL,
          created_at REAL NOT NULL,
          version INTEGER NOT NULL DEFAULT 1,
          tokens TEXT NOT NULL
        );
        CREATE INDEX notes_by_book ON notes (book_id, kind, day, id);
        CREATE TABLE reading_sessions (
          id INTEGER PRIMARY KEY,
          book_id TEXT NOT NULL,
          started TEXT,
          finished TEXT,
          version INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX reading_sessions_by_book ON reading_sessions (book_id);
        CREATE INDEX reading_sessions_by_finished ON reading_sessions (finished);
        CREATE TABLE progress (
          id INTEGER PRIMARY KEY,
          session_id INTEGER NOT NULL,
          day TEXT NOT NULL,
          page INTEGER,
          total_pages INTEGER,
          percent REAL
        );
        CREATE INDEX progress_by_session ON progress (session_id, day, id);
        CREATE TABLE goals (
          year INTEGER PRIMARY KEY,
          books INTEGER NOT NULL
        );
        """),
    Migration(
      "create search history",
      sql: """
        CREATE TABLE search_history (
          id INTEGER PRIMARY KEY,
          key TEXT NOT NULL UNIQUE,
          query TEXT NOT NULL,
          searched_at REAL NOT NULL,
          seq INTEGER NOT NULL
        );
        CREATE INDEX search_history_by_seq ON search_history (seq);
        CREATE TABLE settings (
          name TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        """),
    Migration(
      "create removals",
      sql: """
        CREATE TABLE removals (
          id TEXT PRIMARY KEY NOT NULL,
          removed_at REAL NOT NULL
        ) WITHOUT ROWID;
        """),
    savedNamesMigration,
    Migration(
      "create imported records",
      sql: """
        CREATE TABLE imported_records (
          book_id TEXT PRIMARY KEY NOT NULL,
          record TEXT NOT NULL
        ) WITHOUT ROWID;
        """),
    undoMigration,
  ]

  /// The migration that creates `saved_names` (``savedNamesCheck`` fills it).
  static let savedNamesMigration = Migration("index saved names") { connection in
    try connection.execute(
      """
      CREATE TABLE saved_names (
        book_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        folded TEXT NOT NULL,
        key TEXT NOT NULL,
        initials TEXT NOT NULL,
        PRIMARY KEY (book_id, position)
      ) WITHOUT ROWID;
      CREATE INDEX saved_names_by_key ON saved_names (key);
      CREATE INDEX saved_names_by_initials ON saved_names (initials);
      CREATE TRIGGER saved_names_follow_removal AFTER DELETE ON saved_books BEGIN
        DELETE FROM saved_names WHERE book_id = OLD.id;
      END;
      """)
  }

  /// The migration that keeps removals for undoing them.
  static let undoMigration = Migration(
    "keep removals for undo",
    sql: """
      CREATE TABLE removal_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        removed_at REAL NOT NULL
      );
      CREATE TABLE removed_entries (
        removal INTEGER NOT NULL REFERENCES removal_groups (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (removal, position)
      ) WITHOUT ROWID;
      """)

  /// How many change-log entries are kept; observers further behind than this miss changes.
  static let changeLogLimit = 1_000

  // MARK: - Rows

  /// Appends an event to the change log, in the caller's transaction, and trims the log.
  static func log(_ event: LibraryEvent, on connection: any SQLSession) throws {
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
