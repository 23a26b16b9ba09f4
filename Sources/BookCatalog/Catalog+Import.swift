import BookImport
import BookModel
import Foundation
import Storage

extension Catalog: ImportSink {
  /// Imports a file's books: reads `data` as `format` and adds or updates its books by identity, so
  /// importing the same file again leaves every book unchanged (see ``BookImport/Importer``).
  public func importBooks(
    from data: Data, format: ImportFormat, batchSize: Int = 5_000,
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    try await Importer(format: format, batchSize: batchSize).read(data, into: self, progress: progress)
  }

  /// Imports the books of the file at `url`, read as `format` a chunk at a time, in batches of
  /// `batchSize` books (see ``BookImport/Importer/read(contentsOf:into:progress:)``).
  public func importBooks(
    contentsOf url: URL, format: ImportFormat, batchSize: Int = 5_000,
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    try await Importer(format: format, batchSize: batchSize).read(
      contentsOf: url, into: self, progress: progress)
  }

  /// Starts an import, keeping each record's state before the import's first write to it.
  ///
  /// Its batches are indexed as they are stored until its books outnumber those the catalog held
  /// at the start; from then on they are stored without the index, which ``finishImport()``
  /// builds whole (see ``SearchIndex/IndexBuilder``): a big import into a small catalog costs a
  /// bulk build, not a small update per book. Meanwhile searches miss the books not yet indexed,
  /// and a catalog opened before the build (after a `kill -9`) builds the index first.
  /// - Returns: where an earlier import of `file` stopped, when one stored batches and did not
  ///   finish.
  /// - Throws: ``BookImport/ImportFailure/anotherImportRunning`` when this catalog is taking another
  ///   import (its counts would mix with this one's); nothing is changed.
  @discardableResult
  public func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    try await beginImport(resuming: file, searchedMeanwhile: false)
  }

  /// ``beginImport(resuming:)`` for an importer that searches the catalog between its batches
  /// when `searchedMeanwhile` (to find a book by its title): then every batch is indexed as it is
  /// stored.
  @discardableResult
  public func beginImport(resuming file: String?, searchedMeanwhile: Bool) async throws -> ImportCheckpoint? {
    let isFree = importing.withLock { underWay in
      defer { underWay = underWay ?? ImportUnderWay(file: file, indexesEachBatch: searchedMeanwhile) }
      return underWay == nil
    }
    guard isFree else { throw ImportFailure.anotherImportRunning }
    do {
      let (books, checkpoint) = try await database.write { connection in
        try connection.execute(
          """
          CREATE TEMP TABLE IF NOT EXISTS import_seen (
            rowid INTEGER PRIMARY KEY, added INTEGER NOT NULL, before TEXT, popularity INTEGER, isbns TEXT
          );
          DELETE FROM temp.import_seen;
          """)
        let books = try connection.integer("SELECT count(*) FROM books")
        guard let file else { return (books, nil as ImportCheckpoint?) }
        return try (
          books,
          connection.first("SELECT offset, line, books FROM import_checkpoints WHERE file = ?", [file]) {
            ImportCheckpoint(
              file: file, position: ImportPosition(offset: $0.int(0), line: $0.int(1)), books: $0.int(2))
          }
        )
      }
      importing.withLock { $0?.booksAtStart = books }
      return checkpoint
    } catch {
      importing.withLock { $0 = nil }
      throw error
    }
  }

  /// Adds or updates a batch of books by identity, and the import's checkpoint, in one
  /// transaction.
  public func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    let defersIndex = importing.withLock { $0?.defersIndex(ofBatch: batch.count) ?? false }
    return StoredBatch(
      replaced: try await upsert(
        batch.map(\.book), source: .imported, popularity: batch.map(\.popularity),
        otherISBNs: batch.map(\.otherISBNs), tracking: true, checkpoint: checkpoint,
        indexing: !defersIndex
      ).replaced)
  }

  /// What the import did, from the states kept since ``beginImport(resuming:)``; the file's
  /// checkpoint goes, and the catalog can take another import. When it throws, the import is not
  /// over until ``abandonImport()``.
  public func finishImport() async throws -> ImportCounts {
    let file = importing.withLock { $0?.file }
    let counts = try await database.write { connection in
      try Catalog.reindexIfNotCurrent(on: connection)
      let counts = try Catalog.countSeen(on: connection)
      try connection.execute("DROP TABLE temp.import_seen")
      if let file { try connection.run("DELETE FROM import_checkpoints WHERE file = ?", [file]) }
      return counts
    }
    importing.withLock { $0 = nil }
    return counts
  }

  /// Ends an import that stopped partway: the batches stored stay, with the checkpoint of the
  /// last, and are indexed (else they are when the catalog next opens); the catalog can take
  /// another import.
  public func abandonImport() async {
    _ = try? await database.write { try $0.execute("DROP TABLE IF EXISTS temp.import_seen") }
    _ = try? await database.write { try Catalog.reindexIfNotCurrent(on: $0) }
    importing.withLock { $0 = nil }
  }

  /// Stores where an import of a file has got to.
  static func store(_ checkpoint: ImportCheckpoint, on connection: Connection) throws {
    try connection.run(
      """
      INSERT OR REPLACE INTO import_checkpoints (file, offset, line, books, updated_at)
      VALUES (?, ?, ?, ?, ?)
      """,
      [
        checkpoint.file, checkpoint.position.offset, checkpoint.position.line, checkpoint.books,
        Date().timeIntervalSince1970,
      ])
  }

  /// Counts the books an import touched by comparing each with its state before the import's first
  /// write to it (its JSON, popularity and other ISBNs): added (it had none), unchanged (never
  /// written, or it ended as it was, though a repeated record changed it on the way), else updated.
  private static func countSeen(on connection: Connection) throws -> ImportCounts {
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
        || (row.int(3) != 0 && (try? decode(row.data(4))) != (try? decode(row.data(5))))
      let isbns = try storedOtherISBNs(ofRow: row.int(0), on: connection).joined(separator: " ")
      if changed || isbns != row.text(2) { updated += 1 }
    }
    return ImportCounts(added: added, updated: updated, unchanged: existing - updated)
  }
}

/// The import a catalog is taking, the file it keeps checkpoints of, and whether it indexes its
/// batches as it stores them.
struct ImportUnderWay {
  let file: String?
  /// Whether every batch is indexed as it is stored.
  let indexesEachBatch: Bool
  /// The books the catalog held when the import began.
  var booksAtStart = Int.max
  /// The books of the batches stored so far.
  private var stored = 0

  init(file: String?, indexesEachBatch: Bool) {
    self.file = file
    self.indexesEachBatch = indexesEachBatch
  }

  /// Whether the next batch, of `count` books, is stored without the index: once the import's
  /// books outnumber the catalog's at the start. Building the index of every book then costs
  /// less than adding the rest one by one (a book costs a bulk build about half what it costs
  /// an update: `make bench`'s scale figures).
  mutating func defersIndex(ofBatch count: Int) -> Bool {
    stored += count
    return !indexesEachBatch && stored > booksAtStart
  }
}
