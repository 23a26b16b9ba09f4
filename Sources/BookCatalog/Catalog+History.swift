import Storage

extension Catalog {
  /// The migrations that brought catalogs created before the ``schema``'s baseline to it, in
  /// order: the full-text (FTS5) versions, their replacement by the search index, one record per
  /// book, every ISBN of a book. The index is rebuilt as soon as those tables are gone, so that
  /// the migrations after use an index of today's versions.
  static let history = [
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
    // This migration also filled the full-text tables; the next one drops them.
    Migration(
      "add ranking keys and initials",
      sql: """
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
        """),
    // This migration also created the index's tables and filled them; the check after it does now.
    Migration(
      "replace full-text tables with the search index",
      sql: """
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
        """),
    searchIndexCheck,
    identityMigration,
    otherISBNsMigration,
  ]
}
