import BookImport
import BookModel
import Foundation
import UserLibrary

/// A reader's data in and out: imports (other apps' exports, book files), exports, backups and
/// restores.
extension Chaek {
  /// Imports the file at `url` for `reader`, read as `format` a chunk at a time (``LibraryImport``);
  /// `today` dates notes that have no day of their own. The other readers' books follow the catalog
  /// records the import replaced, as `reader`'s do.
  public func importFile(
    contentsOf url: URL, format: ImportFormat, today: CalendarDay = .today(), for reader: Reader,
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> LibraryImportReport {
    let report = try await LibraryImport(catalog: catalog, library: library(for: reader)).run(
      contentsOf: url, format: format, today: today, progress: progress)
    await libraries.followReplacedBooks(in: try catalog)
    return report
  }

  /// Imports a whole file held in `data` for `reader` (see ``importFile(contentsOf:format:today:for:progress:)``).
  public func importData(
    _ data: Data, format: ImportFormat, today: CalendarDay = .today(), for reader: Reader
  )
    async throws -> LibraryImportReport
  {
    let report = try await LibraryImport(catalog: catalog, library: library(for: reader)).run(
      data, format: format, today: today)
    await libraries.followReplacedBooks(in: try catalog)
    return report
  }

  /// `reader`'s library in `format` (``LibraryExport``), and the number of saved books in it.
  public func export(_ format: ExportFormat, for reader: Reader) async throws -> (data: Data, books: Int) {
    try await LibraryExport(library: library(for: reader), catalog: catalog, owner: try owner(reader)).export(
      format)
  }

  /// Whether a file starting with `start` is a Chaek backup (`chaek export --format json`).
  public static func isBackup(_ start: Data) -> Bool { LibraryBackup.isBackup(start) }

  /// Restores the backup in `data` into `reader`'s library, which must hold no books, with the
  /// books they added by hand and their photos put back in the catalog first
  /// (``restoringHandAdded(_:for:)``); answers what it held.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` saying what is wrong with the backup;
  ///   ``BookModel/LibraryError/notEmpty`` when the library holds books. Either way the library is
  ///   unchanged (books added by hand may have been put back in the catalog).
  public func restore(_ data: Data, for reader: Reader) async throws -> RestoredBackup {
    var backup = try LibraryBackup.decode(data)
    let library = try await library(for: reader)
    guard try await library.size().books == 0 else { throw LibraryError.notEmpty }
    backup = try await restoringHandAdded(backup, for: reader)
    try await library.restore(backup)
    let notes = backup.books.flatMap(\.notes)
    let quotes = notes.count { $0.kind == .quote }
    return RestoredBackup(
      books: backup.books.count, notes: notes.count - quotes, quotes: quotes,
      readings: backup.books.reduce(0) { $0 + $1.sessions.count }, recent: backup.recent.count,
      goals: backup.goals.count, searches: backup.searches.recent.count)
  }

  /// Writes a consistent copy of `reader`'s library database to `path` while it is in use, and
  /// answers the number of saved books in the copy, read from a scratch copy of it (opening a
  /// database puts it in WAL mode: the backup stays as written).
  public func copyLibrary(to path: String, for reader: Reader) async throws -> Int {
    try await library(for: reader).copyDatabase(to: path)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-backup-\(UUID())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let file = scratch.appendingPathComponent("library.sqlite")
    try FileManager.default.copyItem(atPath: path, toPath: file.path)
    return try await Library(path: file.path).size().books
  }
}

/// What a restored backup held.
public struct RestoredBackup: Sendable, Equatable, Encodable {
  /// Saved books.
  public let books: Int
  /// Their notes and quotes.
  public let notes, quotes: Int
  /// Their readings.
  public let readings: Int
  /// Recently viewed books.
  public let recent: Int
  /// Yearly goals.
  public let goals: Int
  /// Recent searches.
  public let searches: Int
}
