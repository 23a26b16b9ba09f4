import BookModel

/// Where an import stores the books it reads (the catalog), a batch at a time.
///
/// A sink takes one import at a time: after ``beginImport(resuming:)``, the importer ends with
/// ``finishImport()``, or with ``abandonImport()`` when the import stops before that returned.
///
/// A sink may keep where an import of a file has got to (``ImportCheckpoint``), with each batch,
/// so that the file imported again after an interruption goes on from there.
public protocol ImportSink: Sendable {
  /// Called once before the first batch. `file` names the file read (see
  /// ``ImportCheckpoint/file``) when the import can go on from where an earlier one stopped.
  /// - Returns: where an earlier import of `file` stopped before it finished, if one did and the
  ///   sink keeps checkpoints.
  /// - Throws: ``ImportFailure/anotherImportRunning`` when the sink is taking another import.
  func beginImport(resuming file: String?) async throws -> ImportCheckpoint?
  /// Stores one batch, in one transaction, and `checkpoint` (where the file's next row starts),
  /// when given, in the same.
  /// - Returns: the books that took the place of another record of the same book, and the fields
  ///   the sink left out of the books.
  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch
  /// Called once after the last batch: how many books the import added, updated and left as they
  /// were (a book the file holds twice counts once). The file's checkpoint goes.
  func finishImport() async throws -> ImportCounts
  /// Called when the import stops before ``finishImport()`` returned (a batch or the counts could
  /// not be stored, the task was cancelled): the batches stored stay, with the last checkpoint;
  /// the sink is free again.
  func abandonImport() async
}

/// Where a row of an import file starts: what a reader needs to go on from there.
public struct ImportPosition: Equatable, Sendable {
  /// The row's offset in the file's bytes (inflated, for a gzip file).
  public let offset: Int
  /// The lines before it.
  public let line: Int

  /// The position of a row at `offset`, after `line` lines.
  public init(offset: Int, line: Int) {
    (self.offset, self.line) = (offset, line)
  }
}

/// How far an import of a file has got: stored with each batch, so that importing the same file
/// again after an interruption (a crash, `kill -9`, Ctrl-C) goes on from the row after the last
/// batch stored.
public struct ImportCheckpoint: Equatable, Sendable {
  /// The file, by its size and a hash of its first bytes (see ``Importer``): the same file
  /// wherever it is, moved or renamed.
  public let file: String
  /// Where the row after the last stored batch starts.
  public let position: ImportPosition
  /// Books read up to there.
  public let books: Int

  /// A checkpoint of `file` at `position`, after `books` books.
  public init(file: String, position: ImportPosition, books: Int) {
    (self.file, self.position, self.books) = (file, position, books)
  }
}

/// What a sink did with one batch.
public struct StoredBatch: Sendable {
  /// The books that took the place of another record of the same book, old → new.
  public var replaced: [BookID: BookID]
  /// The fields of the batch's books that the sink could not keep and left out, with their lines.
  public var warnings: [ImportProblem]

  /// A batch stored with `replaced` books and `warnings`.
  public init(replaced: [BookID: BookID] = [:], warnings: [ImportProblem] = []) {
    (self.replaced, self.warnings) = (replaced, warnings)
  }
}

/// A book read from an import file.
public struct ImportedBook: Sendable {
  /// The book.
  public let book: Book
  /// Its popularity: a count of ratings, or `0` when the format has none.
  public let popularity: Int
  /// The ISBNs besides its own that find it (the other editions of an Open Library work).
  public let otherISBNs: [ISBN]
  /// The reader's own data about the book (shelf, rating, review, readings) in the formats that
  /// hold it (Goodreads, StoryGraph); `nil` in the others.
  public let reading: ReadingRecord?
  /// The 1-based line the book's row starts on (for a JSON array, the element's number), as
  /// ``ImportProblem/line`` counts it.
  public let line: Int

  /// A book read from line `line` of a file, or given to a sink by other code (a benchmark).
  public init(
    book: Book, popularity: Int = 0, otherISBNs: [ISBN] = [], reading: ReadingRecord? = nil, line: Int
  ) {
    self.book = book
    self.popularity = popularity
    self.otherISBNs = otherISBNs
    self.reading = reading
    self.line = line
  }
}

/// What an import did to the books it stored.
public struct ImportCounts: Equatable, Sendable {
  /// Books that were not stored before.
  public var added: Int
  /// Books whose stored data changed.
  public var updated: Int
  /// Books already stored exactly so.
  public var unchanged: Int

  /// Counts of books added, updated and unchanged.
  public init(added: Int, updated: Int, unchanged: Int) {
    (self.added, self.updated, self.unchanged) = (added, updated, unchanged)
  }
}
