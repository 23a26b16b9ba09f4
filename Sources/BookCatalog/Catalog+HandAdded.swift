import BookModel
import Foundation
import SearchIndex
import Storage

/// Books readers add by hand when no provider has them: stored as typed, found by their own page
/// (`chaek:hand/KEY`, which keeps their identity while they have no ISBN and finds them when one
/// is added), with a cover photo of their own.
extension Catalog {
  /// The page of a book added by hand: `chaek:hand/` and its key.
  public static let handPagePrefix = "chaek:hand/"

  /// Stores a book a reader added or edited by hand, as typed: the fields it leaves empty are
  /// emptied. The record with its page is updated (its identity changes with its ISBN, recorded as
  /// a replacement, which libraries follow); no starter book is taken for it.
  /// - Precondition: the book's page is a ``handPagePrefix`` one.
  @discardableResult
  public func storeHandAdded(_ book: Book) async throws -> UpsertReport {
    precondition(book.url.hasPrefix(Self.handPagePrefix), "a book added by hand has a page of its own")
    return try await database.write { connection in
      var report = UpsertReport()
      var index: IndexWriter? = Catalog.searchIndex.writer()
      var starters = StarterTitles()
      try Catalog.upsert(
        book, source: .reader, popularity: 0, on: connection, into: &report, index: &index,
        starters: &starters, asTyped: true)
      try index?.write(on: connection)
      return report
    }
  }

  /// Stores `image` as the cover photo of the book added by hand with page key `key`, in place of
  /// any it had; answers the photo's version, which its address carries (see ``coverPath(key:version:kind:)``).
  public func storeCover(_ image: Data, kind: String, forBook key: String) async throws -> Int {
    try await database.write { connection in
      let version = try connection.integer(
        "SELECT coalesce(max(version), 0) + 1 FROM covers WHERE key = ?", [key])
      try connection.run(
        "INSERT OR REPLACE INTO covers (key, version, kind, image) VALUES (?, ?, ?, ?)",
        [key, version, kind, image])
      return version
    }
  }

  /// The cover photo of the book added by hand with page key `key`, and its kind (`jpeg`, `png`).
  public func cover(key: String) async throws -> (image: Data, kind: String)? {
    try await database.read { connection in
      try connection.first("SELECT image, kind FROM covers WHERE key = ?", [key]) { ($0.data(0), $0.text(1)) }
    }
  }

  /// The address a cover photo is served at (`/covers/hand/KEY.jpeg?v=2`): a new version, a new
  /// address, so that a cached photo is never shown for a replaced one.
  public static func coverPath(key: String, version: Int, kind: String) -> String {
    "/covers/hand/\(key).\(kind)?v=\(version)"
  }
}
