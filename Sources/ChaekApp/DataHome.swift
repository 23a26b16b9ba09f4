import BookCatalog
import BookProviders
import Foundation
import UserLibrary

/// The data directory and the databases in it: the offline catalog (`catalog.sqlite`, a cache
/// that can be rebuilt) and the user's library (`library.sqlite`, which must never be lost).
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

  /// Opens the user's library.
  public func library() throws -> Library {
    try Library(path: directory.appendingPathComponent("library.sqlite").path)
  }

  /// Moves the saved and recently viewed books whose catalog record was replaced (a starter book by
  /// the same book with an ISBN, an ISBN changed) to the record that took its place, whichever
  /// process replaced it. Returns the number of entries moved.
  public static func followReplacedBooks(catalog: Catalog, library: Library) async throws -> Int {
    let replacements = try await catalog.replacements(of: library.bookIDs())
    return try await library.follow(replacements)
  }
}
