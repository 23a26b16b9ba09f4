/// What an import did: the books read and what the catalog did with them, the rows skipped, and
/// the fields left out of books that were imported.
public struct ImportReport: Equatable, Sendable {
  /// The format the file was read as.
  public let format: ImportFormat
  /// Rows read as books (every row that was not skipped).
  public var read = 0
  /// Books that were not in the catalog.
  public var added = 0
  /// Books whose stored data changed.
  public var updated = 0
  /// Books already stored exactly so: all of them when a file is imported again.
  public var unchanged = 0
  /// Rows that could not be read, in file order.
  public var skipped: [ImportProblem] = []
  /// Fields that could not be read and were left out of books that were imported, in file order
  /// (a book with an invalid ISBN is imported without it, under its URL).
  public var warnings: [ImportProblem] = []

  /// An empty report for a file in `format`.
  init(format: ImportFormat) {
    self.format = format
  }
}

/// How far an import is, reported after each batch.
public struct ImportProgress: Equatable, Sendable {
  /// Bytes of the file read so far.
  public let bytesRead: Int
  /// The file's size in bytes.
  public let byteCount: Int
  /// Books read and stored so far.
  public let books: Int

  /// The part of the file done, from 0 to 1.
  public var fraction: Double { byteCount == 0 ? 1 : Double(bytesRead) / Double(byteCount) }
}
