import BookModel
import Foundation
import Storage

extension Catalog {
  /// Imports a file's books: reads `data` as `format` and adds or updates its books by identity, so
  /// importing the same file again leaves every book unchanged.
  ///
  /// See ``importBooks(contentsOf:format:batchSize:progress:)``, which reads a file a chunk at a
  /// time rather than whole.
  public func importBooks(
    from data: Data, format: ImportFormat, batchSize: Int = 5_000,
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    try await importBooks(
      from: ByteWindow([UInt8](data)), byteCount: data.count, format: format, batchSize: batchSize,
      progress: progress)
  }

  /// Imports the books of the file at `url`: reads it as `format` and adds or updates its books by
  /// identity, so importing the same file again leaves every book unchanged.
  ///
  /// Books are stored in batches of `batchSize`, one transaction each, and the file is read a chunk
  /// at a time, so an import holds a batch of books and a bounded part of the file whatever the
  /// file's size (a JSON document that is not JSON lines is read whole). A row that cannot be read
  /// is skipped and reported with its line number; the rest are imported. Counts are of books, not
  /// rows: a book the file holds twice is counted once, and is unchanged when the file is imported
  /// again.
  ///
  /// - Parameters:
  ///   - url: the file.
  ///   - format: the file's format (see ``ImportFormat/detect(_:)``).
  ///   - batchSize: books per transaction.
  ///   - progress: called after each batch.
  /// - Returns: the books read and what became of them, the rows skipped and the fields left out.
  /// - Throws: ``ImportError`` when the file is empty or not in `format` at all; a database error
  ///   when a batch cannot be stored (the batches before it stay stored); a file error when the file
  ///   cannot be read.
  public func importBooks(
    contentsOf url: URL, format: ImportFormat, batchSize: Int = 5_000,
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let byteCount = Int(try handle.seekToEnd())
    try handle.seek(toOffset: 0)
    return try await importBooks(
      from: ByteWindow(reading: handle), byteCount: byteCount, format: format, batchSize: batchSize,
      progress: progress)
  }

  private func importBooks(
    from window: ByteWindow, byteCount: Int, format: ImportFormat, batchSize: Int,
    progress: (ImportProgress) -> Void
  ) async throws -> ImportReport {
    var reader = try format.reader(for: window)
    var report = ImportReport(format: format)
    try await database.write { connection in
      try connection.execute(
        """
        CREATE TEMP TABLE IF NOT EXISTS import_seen (
          rowid INTEGER PRIMARY KEY, added INTEGER NOT NULL, before TEXT, popularity INTEGER, isbns TEXT
        );
        DELETE FROM temp.import_seen;
        """)
    }
    var books: [Book] = []
    var popularity: [Int] = []
    var otherISBNs: [[ISBN]] = []
    var isAtEnd = false
    while !isAtEnd {
      books.removeAll(keepingCapacity: true)
      popularity.removeAll(keepingCapacity: true)
      otherISBNs.removeAll(keepingCapacity: true)
      while books.count < max(batchSize, 1) {
        guard let row = reader.next() else {
          isAtEnd = true
          break
        }
        switch row {
        case .book(let book, let rank, let others, let warnings):
          books.append(book)
          popularity.append(rank)
          otherISBNs.append(others)
          for warning in warnings { report.warn(warning) }
        case .skipped(let problem):
          report.skip(problem)
        }
      }
      if !books.isEmpty {
        let stored = try await upsert(
          books, source: .imported, popularity: popularity, otherISBNs: otherISBNs, tracking: true)
        report.replaced.merge(stored.replaced) { _, new in new }
      }
      report.read += books.count
      progress(ImportProgress(bytesRead: reader.bytesRead, byteCount: byteCount, books: report.read))
    }
    let counts = try await database.write { connection in
      let counts = try Catalog.countSeen(on: connection)
      try connection.execute("DROP TABLE temp.import_seen")
      return counts
    }
    (report.added, report.updated, report.unchanged) = counts
    return report
  }

  /// Counts the books an import touched by comparing each with its state before the import's first
  /// write to it (its JSON, popularity and other ISBNs): added (it had none), unchanged (never
  /// written, or it ended as it was, though a repeated record changed it on the way), else updated.
  private static func countSeen(on connection: Connection) throws -> (
    added: Int, updated: Int, unchanged: Int
  ) {
    let added = try connection.integer("SELECT count(*) FROM temp.import_seen WHERE added = 1")
    let existing = try connection.integer("SELECT count(*) FROM temp.import_seen WHERE added = 0")
    var updated = 0
    try connection.forEachRow(
      """
      SELECT s.rowid, s.popularity != b.popularity, coalesce(s.isbns, ''), s.before != b.book,
        CASE WHEN s.before != b.book THEN s.before ELSE '' END,
        CASE WHEN s.before != b.book THEN b.book ELSE '' END
      FROM temp.import_seen s JOIN books b ON b.rowid = s.rowid
      WHERE s.added = 0 AND s.before IS NOT NULL
      """
    ) { row in
      // Texts may differ where the books do not (older rows were encoded with keys in any order).
      let changed =
        row.int(1) != 0
        || (row.int(3) != 0 && (try? decode(row.text(4))) != (try? decode(row.text(5))))
      let isbns = try storedOtherISBNs(ofRow: row.int(0), on: connection).joined(separator: " ")
      if changed || isbns != row.text(2) { updated += 1 }
    }
    return (added, updated, existing - updated)
  }
}
