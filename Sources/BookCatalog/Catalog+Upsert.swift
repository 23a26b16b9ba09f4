import BookModel
import Foundation
import SearchIndex
import Storage

extension Catalog {
  /// Adds or updates one book, its index changes going to `index` (none without one).
  ///
  /// `otherISBNs`, when there are any, replace the ISBNs besides its own that find the book (see
  /// ``otherISBNs(_:of:)``); when there are none, those stored stay, as any field left empty does.
  ///
  /// The book's stored record is the one with its identity; else, for a book with a page, the one
  /// with that page (whose ISBN it changes); else, for a book with an ISBN, the starter book it is
  /// a record of (see ``StarterTitles``), whose own ISBN, if another, becomes one of its other ISBNs. A record stored under another identity takes the book's,
  /// and the change is recorded. With `seen`, each record's state before its first write in the
  /// import is kept in `temp.import_seen` (see ``importBooks(from:format:batchSize:progress:)``).
  /// `prepared`, the incoming book's stored form and index content made beforehand, is used when the book
  /// is stored as it came. `asTyped` stores it as it is, the fields it leaves empty emptied (a
  /// reader's edit), instead of keeping the stored values of those.
  static func upsert(
    _ incoming: Book, source: Source, popularity: Int, otherISBNs: [ISBN] = [], on connection: Connection,
    into report: inout UpsertReport, index: inout IndexWriter?, starters: inout StarterTitles,
    tracking seen: Bool = false, prepared: PreparedBook? = nil, asTyped: Bool = false
  ) throws {
    let id = incoming.id.rawValue
    let columns = "SELECT rowid, id, book, popularity, work FROM books"
    func stored(_ row: Row) throws -> StoredBook {
      let stored = row.data(2)
      return StoredBook(
        rowid: row.int(0), id: row.text(1), stored: stored, book: try decode(stored), popularity: row.int(3),
        work: row.isNull(4) ? nil : row.text(4))
    }
    var existing = try connection.first("\(columns) WHERE id = ?", [id], stored)
    if existing == nil, source == .starter,
      try connection.integer("SELECT count(*) FROM replaced_books WHERE old_id = ?", [id]) > 0
    {
      report.unchanged += 1  // a starter book already replaced by a record with an ISBN
      return
    }
    if existing == nil, let page = pageKey(incoming.url) {
      existing = try connection.query("\(columns) WHERE page_key = ?", [page], stored).first {
        $0.book.url == incoming.url
      }
    }
    var replacesStarter = false
    if existing == nil, let rowid = starters.match(incoming) {
      existing = try connection.first("\(columns) WHERE rowid = ?", [rowid], stored)
      replacesStarter = existing != nil
    }
    var book = existing.map { asTyped ? incoming : incoming.filledIn(from: $0.book) } ?? incoming
    if book.work == nil { book.work = existing?.work }  // a row stored before books kept their work
    let rank = max(popularity, existing?.popularity ?? 0)
    // A starter book's own ISBN stays another ISBN of the record that takes its place: its
    // barcode still finds the book.
    let starterISBNs =
      replacesStarter ? (existing?.book.isbns.prefix(1).filter { $0.isbn13 != book.isbn13 } ?? []) : []
    let others = Self.otherISBNs(otherISBNs + starterISBNs, of: book)
    var storedOthers: [String]?
    if let existing, !others.isEmpty {
      storedOthers = try storedOtherISBNs(ofRow: existing.rowid, on: connection)
    }
    let othersChange = !others.isEmpty && others != storedOthers
    if let existing, existing.book == book, existing.popularity == rank, !othersChange,
      existing.work == book.work
    {
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
        """, [existing.rowid, existing.stored, existing.popularity, before.joined(separator: " ")])
    }
    let newID = book.id.rawValue
    let ready = prepared.flatMap { $0.book == book ? $0 : nil }
    let values: [any SQLValueConvertible] = [
      newID, book.isbn13, book.title, ready?.stored ?? encode(book), Int(day(of: book)), rank,
      source.rawValue, Date().timeIntervalSince1970, pageKey(book.url), book.work,
    ]
    let rowid: Int
    if let existing {
      try connection.run(
        """
        UPDATE books SET id = ?, isbn13 = ?, title = ?, book = ?, day = ?, popularity = ?, source = ?,
          updated_at = ?, page_key = ?, work = ?
        WHERE rowid = ?
        """, values + [existing.rowid])
      index?.remove(terms(of: existing.book), suggestions: suggestions(of: existing.book), of: existing.rowid)
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
        INSERT INTO books (id, isbn13, title, book, day, popularity, source, updated_at, page_key, work)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
    if source == .starter {
      try addStarterTitle(book, rowid: rowid, on: connection)
    }
    index?.add((ready?.indexed ?? IndexedBook(book)).document(rowid: rowid, popularity: rank))
  }

  /// A book as stored.
  private struct StoredBook {
    let rowid: Int
    let id: String
    let stored: Data
    let book: Book
    let popularity: Int
    let work: String?
  }
}
