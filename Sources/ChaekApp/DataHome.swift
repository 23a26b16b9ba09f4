import Accounts
import BookCatalog
import BookProviders
import Foundation
import UserLibrary

/// The data directory and the databases in it: the offline catalog (`catalog.sqlite`, a cache
/// that can be rebuilt), the readers' libraries (`library.sqlite`, and `readers/ID.sqlite` for
/// each reader after the first: never to be lost) and their accounts (`accounts.sqlite`).
/// Each is opened when asked for, so a command that needs only one opens only that one.
public struct DataHome: Sendable {
  /// The directory.
  public let directory: URL

  /// The data directory at `directory`, which must exist (see ``AppEnvironment/home()``).
  public init(directory: URL) {
    self.directory = directory
  }

  /// Opens the offline catalog, with the starter catalog on first use.
  public func catalog() throws -> Catalog {
    try Catalog(path: directory.appendingPathComponent("catalog.sqlite").path)
  }

  /// Opens the library in `file` (relative to the directory): `library.sqlite`, the owner's, or
  /// a reader's under `readers/`, whose directory is made on first use.
  public func library(_ file: String) throws -> Library {
    let url = directory.appendingPathComponent(file)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    return try Library(path: url.path)
  }

  /// Deletes the library in `file` with its write-ahead log: its reader was removed.
  public func deleteLibrary(_ file: String) throws {
    let path = directory.appendingPathComponent(file).path
    for suffix in ["-wal", "-shm", ""] where FileManager.default.fileExists(atPath: path + suffix) {
      try FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// Opens the readers' accounts (`accounts.sqlite`).
  public func accounts() throws -> Accounts {
    try Accounts(path: directory.appendingPathComponent("accounts.sqlite").path)
  }

  /// Moves the saved and recently viewed books whose catalog record was replaced (a starter book by
  /// the same book with an ISBN, an ISBN changed) to the record that took its place, whichever
  /// process replaced it. Returns the number of entries moved.
  public static func followReplacedBooks(catalog: Catalog, library: Library) async throws -> Int {
    let replacements = try await catalog.replacements(of: library.bookIDs())
    return try await library.follow(replacements)
  }
}
