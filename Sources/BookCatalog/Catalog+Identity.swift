import BookModel
import Foundation
import SearchIndex
import Storage

/// How the catalog keeps one record per book when a book's identity changes.
///
/// - A starter book has no ISBN. When the catalog learns the same book with one (the same title
///   and authors, folded as ``Analyzer/key(_:)`` folds them, from a provider or an import), that
///   record takes the starter book's place: one row, under the ISBN.
/// - A book that comes back with the same page (url) but another ISBN, or a first one, is the
///   same book: its row takes the new identity rather than a second row being added.
///
/// Each such change is recorded in `replaced_books` (old identity → new, chains shortened), so that
/// an old identity keeps finding the book (``Catalog/book(_:)``) and the user's library, a separate
/// file, can follow it whenever it is next asked (``Catalog/replacements(of:)``), whichever process
/// made the change.
extension Catalog {
  // MARK: - Following replaced identities

  /// The books that took the place of those of `ids` that the catalog no longer holds under that
  /// identity: old identity → the book as it is now stored.
  public func replacements(of ids: some Sequence<BookID>) async throws -> [BookID: Book] {
    let ids = Array(ids)
    guard !ids.isEmpty else { return [:] }
    return try await database.read { connection in
      var found: [BookID: Book] = [:]
      for id in ids {
        guard
          let book = try connection.first(
            """
            SELECT b.book FROM replaced_books r JOIN books b ON b.id = r.new_id
            WHERE r.old_id = ? AND NOT EXISTS (SELECT 1 FROM books WHERE id = r.old_id)
            """, [id.rawValue], { try Catalog.decode($0.data(0)) })
        else { continue }
        found[id] = book
      }
      return found
    }
  }

  /// The stored book that is a record of the book with this title and these authors (the same
  /// folded title, or the title without its series note, and the same authors), the most relevant
  /// if several are; `nil` when none is. This is how a book without an ISBN (a Goodreads row of a
  /// Kindle edition) finds the catalog's record of it.
  public func record(ofTitle title: String, authors: [String]) async throws -> Book? {
    let titleKey = Analyzer.key(title)
    let authorKeys = authors.map(Analyzer.key).filter { !$0.isEmpty }
    guard !titleKey.isEmpty, !authorKeys.isEmpty,
      let query = try? SearchQuery(
        query: String(title.unicodeScalars.prefix(SearchQuery.maximumQueryLength)), target: .title,
        size: SearchQuery.maximumSize)
    else { return nil }
    return try await search(query).documents.first {
      Catalog.isRecord($0, ofTitle: titleKey, authors: authorKeys)
    }
  }

  /// The key a book's page address is found by: its 64-bit FNV-1a hash; `nil` for a book without
  /// a page. Books of one key are told apart by their stored address.
  static func pageKey(_ url: String) -> Int? {
    url.isEmpty ? nil : Int(truncatingIfNeeded: FNV1a.hash(url.utf8))
  }

  /// Records that the book stored as `old` is now stored as `new`.
  static func recordReplacement(of old: String, by new: String, on connection: Connection) throws {
    try connection.run("DELETE FROM replaced_books WHERE old_id = ?", [new])
    try connection.run("UPDATE replaced_books SET new_id = ? WHERE new_id = ?", [new, old])
    try connection.run(
      "INSERT OR REPLACE INTO replaced_books (old_id, new_id, replaced_at) VALUES (?, ?, ?)",
      [old, new, Date().timeIntervalSince1970])
  }

  // MARK: - Starter titles

  /// The starter books not replaced yet, by folded title: the records a book with an ISBN (another
  /// one than theirs) may replace. Read once per write (there are a few hundred at most, and fewer
  /// as they are replaced).
  struct StarterTitles {
    private var byTitle: [String: [(rowid: Int, authors: [String])]] = [:]

    /// None: a book matched to no starter book.
    init() {}

    init(on connection: Connection) throws {
      try connection.forEachRow("SELECT rowid, title_key, authors_key FROM starter_titles") { row in
        byTitle[row.text(1), default: []].append(
          (row.int(0), row.text(2).split(separator: "\u{1F}").map(String.init)))
      }
    }

    /// The row of the starter book that `book` (which has an ISBN) is a record of, if any.
    func match(_ book: Book) -> Int? {
      guard !byTitle.isEmpty, book.isbn13 != nil else { return nil }
      let authors = Catalog.authorKeys(book)
      for title in Set([Analyzer.key(book.title), Analyzer.baseKey(ofTitle: book.title)]) {
        for candidate in byTitle[title] ?? [] where Catalog.sameAuthors(candidate.authors, authors) {
          return candidate.rowid
        }
      }
      return nil
    }

    /// Forgets a row that is no longer a starter book.
    mutating func remove(rowid: Int) {
      for (title, candidates) in byTitle where candidates.contains(where: { $0.rowid == rowid }) {
        byTitle[title] = candidates.filter { $0.rowid != rowid }
      }
    }
  }

  /// `true` when a book with `titleKey` and `authors` (folded) and `book` are records of one book:
  /// the same folded title (or `book`'s without its series note) and the same authors, one list
  /// perhaps going on with more names (a translator, an editor).
  static func isRecord(_ book: Book, ofTitle titleKey: String, authors: [String]) -> Bool {
    sameAuthors(authors, authorKeys(book))
      && (Analyzer.key(book.title) == titleKey || Analyzer.baseKey(ofTitle: book.title) == titleKey)
  }

  private static func sameAuthors(_ some: [String], _ others: [String]) -> Bool {
    let shorter = min(some.count, others.count)
    return shorter > 0 && some.prefix(shorter) == others.prefix(shorter)
  }

  /// A book's authors as folded keys, empty ones left out.
  static func authorKeys(_ book: Book) -> [String] {
    book.authors.map(Analyzer.key).filter { !$0.isEmpty }
  }

  /// Adds a starter book to the titles a book with an ISBN (another one) may replace.
  static func addStarterTitle(_ book: Book, rowid: Int, on connection: Connection) throws {
    try connection.run(
      "INSERT OR REPLACE INTO starter_titles (rowid, title_key, authors_key) VALUES (?, ?, ?)",
      [rowid, Analyzer.key(book.title), authorKeys(book).joined(separator: "\u{1F}")])
  }

  // MARK: - Migration

  /// Gives the catalog what it needs to keep one record per book, and repairs catalogs that hold
  /// two: a starter book beside a record of it with an ISBN (after a goodbooks-10k import, 115 of
  /// them), and books stored under an ISBN that is no longer taken for one (zeros, EANs of other
  /// products).
  static let identityMigration = Migration("keep one record per book") { connection in
    try connection.execute(
      """
      ALTER TABLE books ADD COLUMN url TEXT NOT NULL DEFAULT '';
      UPDATE books SET url = coalesce(json_extract(book, '$.url'), '');
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
      """)
    var index = searchIndex.writer()
    try rekeyInvalidISBNs(on: connection, index: &index)
    let starters = try connection.query(
      "SELECT rowid, id, book FROM books WHERE source = 'starter' AND isbn13 IS NULL"
    ) { (rowid: $0.int(0), id: $0.text(1), book: try decode($0.data(2))) }
    for starter in starters {
      if let twin = try recordWithISBN(of: starter.book, on: connection) {
        // The record with the ISBN stays, with what only the starter book knew filled in.
        let merged = twin.book.filledIn(from: starter.book)
        if merged != twin.book {
          try connection.run(
            "UPDATE books SET book = ?, published = ? WHERE rowid = ?",
            [encode(merged), merged.datetime.map(KakaoDate.format) ?? "", twin.rowid])
          index.remove(terms(of: twin.book), suggestions: suggestions(of: twin.book), of: twin.rowid)
          index.add(document(of: merged, rowid: twin.rowid, popularity: twin.popularity))
        }
        try delete(starter.book, rowid: starter.rowid, on: connection, index: &index)
        try recordReplacement(of: starter.id, by: twin.id, on: connection)
      } else {
        try addStarterTitle(starter.book, rowid: starter.rowid, on: connection)
      }
    }
    try index.write(on: connection)
  }

  /// The stored book with an ISBN that is a record of `starter`, the most popular if several are.
  private static func recordWithISBN(of starter: Book, on connection: Connection) throws -> (
    rowid: Int, id: String, book: Book, popularity: Int
  )? {
    let (title, authors) = (Analyzer.key(starter.title), authorKeys(starter))
    var searcher = searchIndex.searcher(on: connection, ranks: RankCache())
    let rowids = try searcher.matches(.term(Term(title, in: .titleKey)))
    var best: (rowid: Int, id: String, book: Book, popularity: Int)?
    for rowid in rowids.sorted {
      guard
        let row = try connection.first(
          "SELECT id, book, popularity FROM books WHERE rowid = ? AND isbn13 IS NOT NULL", [rowid],
          { (id: $0.text(0), book: try decode($0.data(1)), popularity: $0.int(2)) })
      else { continue }
      if isRecord(row.book, ofTitle: title, authors: authors), row.popularity > best?.popularity ?? -1 {
        best = (rowid, row.id, row.book, row.popularity)
      }
    }
    return best
  }

  /// Stores under their identity of today the books stored under an ISBN that is no longer one
  /// (`9780000000002`, a padded `0`; an EAN of another product), with that ISBN left out. A book
  /// whose identity of today is taken already gives way to that record.
  private static func rekeyInvalidISBNs(on connection: Connection, index: inout IndexWriter) throws {
    let rows = try connection.query(
      """
      SELECT rowid, id, book FROM books WHERE isbn13 IS NOT NULL
        AND (substr(isbn13, 1, 3) NOT IN ('978', '979') OR substr(isbn13, 4, 9) = '000000000')
      """
    ) { (rowid: $0.int(0), id: $0.text(1), book: try decode($0.data(2))) }
    for row in rows where row.book.isbns.isEmpty {
      var book = row.book
      book.isbn = ""
      let id = book.id.rawValue
      if try connection.integer("SELECT count(*) FROM books WHERE id = ?", [id]) > 0 {
        try delete(row.book, rowid: row.rowid, on: connection, index: &index)
      } else {
        try connection.run(
          "UPDATE books SET id = ?, isbn13 = NULL, book = ? WHERE rowid = ?",
          [id, encode(book), row.rowid])
      }
      try recordReplacement(of: row.id, by: id, on: connection)
    }
  }

  /// Deletes a book's row, with its index entries.
  static func delete(_ book: Book, rowid: Int, on connection: Connection, index: inout IndexWriter)
    throws
  {
    try connection.run("DELETE FROM books WHERE rowid = ?", [rowid])
    try connection.run("DELETE FROM starter_titles WHERE rowid = ?", [rowid])
    index.delete(terms(of: book), suggestions: suggestions(of: book), of: rowid)
  }
}
