import BookModel

/// What an import did: the books read and what the catalog did with them, the rows skipped, and
/// the fields left out of books that were imported.
public struct ImportReport: Equatable, Sendable {
  /// The format the file was read as.
  public let format: ImportFormat
  /// Rows read as books (every row that was not skipped), by this import.
  public var read = 0
  /// Books an earlier import of the file stored before it was interrupted: this one went on after
  /// them (see ``Importer/read(contentsOf:into:progress:)``).
  public var resumedBooks = 0
  /// Books that were not in the catalog.
  public var added = 0
  /// Books whose stored data changed.
  public var updated = 0
  /// Books already stored exactly so: all of them when a file is imported again.
  public var unchanged = 0
  /// Books that took the place of another record of the same book, old identity → new: a starter
  /// book replaced by a record with an ISBN, or a book whose ISBN the file changed. Saved and
  /// recently viewed books follow them (see ``Catalog/replacements(of:)``).
  public var replaced: [BookID: BookID] = [:]
  /// The first ``listLimit`` rows that could not be read, in file order.
  public private(set) var skipped: [ImportProblem] = []
  /// Every row that could not be read, by reason, most frequent first.
  public var skippedReasons: [ImportProblem.Tally] { tallies(skippedCounts) }
  /// The number of rows that could not be read.
  public private(set) var skippedCount = 0
  /// The first ``listLimit`` fields that could not be read and were left out of books that were
  /// imported, in file order (a book with an invalid ISBN is imported without it, under its URL).
  public private(set) var warnings: [ImportProblem] = []
  /// Every field left out, by reason, most frequent first.
  public var warningReasons: [ImportProblem.Tally] { tallies(warningCounts) }
  /// The number of fields left out.
  public private(set) var warningCount = 0

  /// How many problems of each kind are listed; the rest are only counted, so that a report takes
  /// the same room whatever the file's size.
  public static let listLimit = 1_000

  /// How many problems have a reason, and the position of the first of them.
  private struct Count: Equatable {
    var count = 0
    let first: Int
  }

  private var skippedCounts: [String: Count] = [:]
  private var warningCounts: [String: Count] = [:]

  /// An empty report for a file in `format`.
  init(format: ImportFormat) {
    self.format = format
  }

  /// Records a row that could not be read.
  mutating func skip(_ problem: ImportProblem) {
    if skipped.count < Self.listLimit { skipped.append(problem) }
    skippedCounts[problem.reason, default: Count(first: skippedCount)].count += 1
    skippedCount += 1
  }

  /// Records a field left out of an imported book.
  mutating func warn(_ problem: ImportProblem) {
    if warnings.count < Self.listLimit { warnings.append(problem) }
    warningCounts[problem.reason, default: Count(first: warningCount)].count += 1
    warningCount += 1
  }

  private func tallies(_ counts: [String: Count]) -> [ImportProblem.Tally] {
    counts.sorted { ($0.value.count, -$0.value.first) > ($1.value.count, -$1.value.first) }
      .map { ImportProblem.Tally(reason: $0.key, count: $0.value.count) }
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
