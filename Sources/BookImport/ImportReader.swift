import BookModel

/// Reads the rows of one import format, one at a time, so that a large file is imported in batches
/// rather than held as books all at once.
protocol ImportReader {
  /// The next row, or `nil` at the end of the file.
  mutating func next() -> ImportRow?
  /// How far into the file the reader is, in bytes.
  var bytesRead: Int { get }
}

/// One row of an import file.
enum ImportRow {
  /// A book, with its popularity (`0` when the format has none), the ISBNs besides its own that
  /// find it (the other editions of an Open Library work) and the fields left out of it.
  case book(Book, popularity: Int, otherISBNs: [ISBN] = [], warnings: [ImportProblem])
  /// A row that could not be read.
  case skipped(ImportProblem)
}
