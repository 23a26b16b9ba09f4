import BookModel
import Foundation

extension Catalog {
  /// Imports a file's books: reads `data` as `format` and adds or updates its books by identity, so
  /// importing the same file again leaves every book unchanged.
  ///
  /// Books are stored in batches of `batchSize`, one transaction each. A row that cannot be read is
  /// skipped and reported with its line number; the rest are imported.
  ///
  /// - Parameters:
  ///   - data: the file's content.
  ///   - format: the file's format (see ``ImportFormat/detect(_:)``).
  ///   - batchSize: books per transaction.
  ///   - progress: called after each batch.
  /// - Returns: the books read and what became of them, the rows skipped and the fields left out.
  /// - Throws: ``ImportError`` when the file is empty or not in `format` at all; a database error
  ///   when a batch cannot be stored (the batches before it stay stored).
  public func importBooks(
    from data: Data, format: ImportFormat, batchSize: Int = 5_000,
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    let bytes = [UInt8](data)
    var reader = try format.reader(for: bytes)
    var report = ImportReport(format: format)
    var books: [Book] = []
    var popularity: [Int] = []
    var isAtEnd = false
    while !isAtEnd {
      books.removeAll(keepingCapacity: true)
      popularity.removeAll(keepingCapacity: true)
      while books.count < max(batchSize, 1) {
        guard let row = reader.next() else {
          isAtEnd = true
          break
        }
        switch row {
        case .book(let book, let rank, let warnings):
          books.append(book)
          popularity.append(rank)
          report.warnings += warnings
        case .skipped(let problem):
          report.skipped.append(problem)
        }
      }
      let stored =
        books.isEmpty ? UpsertReport() : try await upsert(books, source: .imported, popularity: popularity)
      report.read += books.count
      report.added += stored.added
      report.updated += stored.updated
      report.unchanged += stored.unchanged
      progress(ImportProgress(bytesRead: reader.bytesRead, byteCount: bytes.count, books: report.read))
    }
    return report
  }
}
