import BookModel

/// Reads the rows of one import format, one at a time, so that a large file is imported in batches
/// rather than held as books all at once.
protocol ImportReader {
  /// The next row, or `nil` at the end of the file.
  mutating func next() -> ImportRow?
  /// How far into the file the reader is, in bytes.
  var bytesRead: Int { get }
  /// Where the next row starts, for a reader that can start there again (``resume(at:)``); `nil`
  /// for one that cannot.
  var position: ImportPosition? { get }
  /// Goes on from `position` (one this reader's ``position`` gave, in the same file), passing over
  /// the rows before it unread; `false` when it cannot, and the reader is where it was.
  mutating func resume(at position: ImportPosition) -> Bool
}

extension ImportReader {
  var position: ImportPosition? { nil }

  mutating func resume(at position: ImportPosition) -> Bool { false }
}

/// One row of an import file.
enum ImportRow {
  /// A book as the sink gets it (with its popularity, other ISBNs, the reader's data and its line),
  /// and the fields left out of it.
  case book(ImportedBook, warnings: [ImportProblem])
  /// A row that could not be read.
  case skipped(ImportProblem)
}
