import BookModel
import UserLibrary

/// 최근 검색어: what a reader searched in the app's search box, while they let it be recorded.
extension Chaek {
  /// `reader`'s recent searches, newest first, and whether recording is on.
  public func searchHistory(for reader: Reader) async throws -> SearchHistory {
    try await library(for: reader).searches.history()
  }

  /// Records that `reader` searched `query` (once per query, newest first); `false` when recording
  /// is off.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for a query that is blank or too long.
  @discardableResult
  public func recordSearch(_ query: String, for reader: Reader) async throws -> Bool {
    try await library(for: reader).searches.record(query)
  }

  /// Deletes recent search `id`; `false` when there is none.
  public func deleteSearch(_ id: Int, for reader: Reader) async throws -> Bool {
    try await library(for: reader).searches.delete(id)
  }

  /// Deletes every recent search of `reader`; answers how many there were.
  @discardableResult
  public func deleteSearches(for reader: Reader) async throws -> Int {
    try await library(for: reader).searches.deleteAll()
  }

  /// Turns recording `reader`'s searches on or off.
  public func setSearchRecording(_ on: Bool, for reader: Reader) async throws {
    try await library(for: reader).searches.setRecording(on)
  }

  /// How many recent searches are kept.
  public static var searchLimit: Int { RecentSearches.limit }
}
