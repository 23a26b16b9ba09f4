import BookModel
import Foundation

/// Reads a file in one of the ``ImportFormat``s and stores its books in an ``ImportSink`` in
/// batches, so that importing the same file again leaves every book unchanged.
///
/// Books are stored in batches of ``batchSize``, one transaction each, and the file is read a chunk
/// at a time, so an import holds a batch of books and a bounded part of the file whatever the
/// file's size (a JSON document that is not JSON lines is read whole). A row that cannot be read
/// is skipped and reported with its line number; the rest are imported. Every
/// ``rowsBetweenYields`` rows the import stops if its task is cancelled, and lets other tasks run.
public struct Importer: Sendable {
  /// The format files are read as (see ``ImportFormat/detect(_:)``).
  public let format: ImportFormat
  /// Books per batch.
  public let batchSize: Int

  /// Rows read between two checks for cancellation, at which the import also lets other tasks
  /// run: a batch of books can take many rows to fill, or the whole file when rows are skipped.
  static let rowsBetweenYields = 100

  /// An importer of files in `format`, storing `batchSize` books per batch.
  public init(format: ImportFormat, batchSize: Int = 5_000) {
    self.format = format
    self.batchSize = max(batchSize, 1)
  }

  /// Imports the books of the file at `url` into `sink`, calling `progress` after each batch. A
  /// gzip file (`ol_dump_editions_2026-11-30.txt.gz`) is inflated as it is read.
  ///
  /// A file whose reader can go on from a row (Open Library's JSON lines and dumps) and that
  /// carries no reader's data keeps a checkpoint in the sink with each batch: imported again after
  /// an interruption, it goes on from the row after the last batch stored
  /// (``ImportReport/resumedBooks``).
  /// - Returns: the books read and what became of them, the rows skipped and the fields left out.
  /// - Throws: ``ImportError`` when the file is empty or not in ``format`` at all, and a file error
  ///   when it cannot be opened, before anything is stored; ``ImportError`` too when no row could
  ///   be read as a book (nothing is stored then either); ``ImportFailure/anotherImportRunning``
  ///   when the sink is taking another import; ``ImportFailure/interrupted(storedBooks:cause:)``
  ///   when a batch cannot be stored, the file cannot be read to its end (or is gzip data cut
  ///   short) or the task is cancelled (the batches before it stay stored).
  public func read(
    contentsOf url: URL, into sink: some ImportSink, progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let byteCount = Int(try handle.seekToEnd())
    try handle.seek(toOffset: 0)
    let start = try handle.read(upToCount: 64 << 10) ?? Data()
    try handle.seek(toOffset: 0)
    let file = format.carriesReadings ? nil : Self.fileKey(start, byteCount: byteCount)
    guard GzipFile.isGzip(start) else {
      return try await read(
        ByteWindow(reading: handle), byteCount: byteCount, file: file, into: sink, progress: progress)
    }
    let gzip = try GzipFile(reading: handle)
    return try await read(
      ByteWindow(chunks: gzip.next), byteCount: byteCount, file: file, into: sink, progress: progress
    ) { gzip.compressedBytesRead }
  }

  /// Enough of the file at `url` to tell its format (see ``ImportFormat/detect(_:)``), inflated
  /// for a gzip file: the whole file when it holds at most `wholeLimit` bytes (a JSON document
  /// written over many lines is told from the whole), else its first 64 KB.
  public static func start(ofFileAt url: URL, wholeLimit: Int) throws -> Data {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let head = try handle.read(upToCount: 2) ?? Data()
    try handle.seek(toOffset: 0)
    guard GzipFile.isGzip(head) else {
      // A plain file's size tells, so a large one costs only its first bytes.
      let size = try handle.seekToEnd()
      try handle.seek(toOffset: 0)
      return try handle.read(upToCount: size <= wholeLimit ? Int(size) : 64 << 10) ?? Data()
    }
    var window = ByteWindow(chunks: try GzipFile(reading: handle).next)
    let start = window.prefix(wholeLimit + 1)
    return Data(start.count > wholeLimit ? start.prefix(64 << 10) : start[...])
  }

  /// A file's name for its checkpoints: its size and a hash (64-bit FNV-1a) of its first bytes.
  static func fileKey(_ start: Data, byteCount: Int) -> String {
    "\(byteCount)-\(String(FNV1a.hash(start), radix: 16))"
  }

  /// Imports the books of a whole file held in `data` into `sink` (see
  /// ``read(contentsOf:into:progress:)``).
  public func read(
    _ data: Data, into sink: some ImportSink, progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportReport {
    try await read(
      ByteWindow([UInt8](data)), byteCount: data.count, file: nil, into: sink, progress: progress)
  }

  /// Imports the books of the file in `window` (of `byteCount` bytes) into `sink`, keeping
  /// checkpoints under `file` when it is named. `bytesRead` tells how far into the file the
  /// import is, when the reader's offset does not (in a gzip file).
  func read(
    _ window: ByteWindow, byteCount: Int, file: String?, into sink: some ImportSink,
    progress: (ImportProgress) -> Void, bytesRead: (() -> Int)? = nil
  ) async throws -> ImportReport {
    var reader: any ImportReader
    do {
      reader = try format.reader(for: window)
    } catch {
      throw window.readError ?? error  // a file that could not be read is not an empty one
    }
    var report = ImportReport(format: format)
    let file = reader.position == nil ? nil : file
    if let checkpoint = try await sink.beginImport(resuming: file) {
      guard reader.resume(at: checkpoint.position) else {
        await sink.abandonImport()
        throw ImportError(message: "the file ends before the row its last import stopped at")
      }
      report.resumedBooks = checkpoint.books
    }
    do {
      var batch: [ImportedBook] = []
      var rows = 0
      var isAtEnd = false
      while !isAtEnd {
        batch.removeAll(keepingCapacity: true)
        var warnings: [ImportProblem] = []
        while batch.count < batchSize {
          if rows % Self.rowsBetweenYields == 0 {
            try Task.checkCancellation()
            await Task.yield()
          }
          guard let row = reader.next() else {
            isAtEnd = true
            break
          }
          rows += 1
          switch row {
          case .book(let book, let rowWarnings):
            batch.append(book)
            warnings += rowWarnings
          case .skipped(let problem):
            report.skip(problem)
          }
        }
        if !batch.isEmpty {
          var checkpoint: ImportCheckpoint?
          if let file, let position = reader.position {
            let books = report.resumedBooks + report.read + batch.count
            checkpoint = ImportCheckpoint(file: file, position: position, books: books)
          }
          let stored = try await sink.store(batch, checkpoint: checkpoint)
          report.replaced.merge(stored.replaced) { _, new in new }
          // The sink's warnings among the reader's, in file order.
          warnings = (warnings + stored.warnings).sorted { $0.line < $1.line }
        }
        for warning in warnings { report.warn(warning) }
        report.read += batch.count
        progress(
          ImportProgress(
            bytesRead: bytesRead?() ?? reader.bytesRead, byteCount: byteCount,
            books: report.resumedBooks + report.read))
      }
      // A read that failed ended the file early: the books read are stored, but the file is not.
      if let error = window.readError { throw error }
      let counts = try await sink.finishImport()
      (report.added, report.updated, report.unchanged) = (counts.added, counts.updated, counts.unchanged)
    } catch {
      await sink.abandonImport()
      throw ImportFailure.interrupted(storedBooks: report.read, cause: error)
    }
    guard report.read + report.resumedBooks > 0 else {
      throw ImportError.nothingRead(as: format, skipped: report.skippedReasons)
    }
    return report
  }
}
