import BookModel
import Foundation
import Storage

/// 최근 검색어 (recent searches), `search_history` and its setting in `library.sqlite`: the last
/// ``limit`` searches made in the search box, newest first, one entry per query (compared as
/// ``BookModel/RecentSearch/clean(_:)`` keeps them, ignoring case), and a setting that stops
/// recording them. Every change is one transaction logged as ``BookModel/LibraryEvent/searches``,
/// so every window follows it. ``Library/searches`` hands it out.
public struct RecentSearches: Sendable {
  /// How many recent searches are kept.
  public static let limit = 20

  /// The `settings` row that says whether searches are recorded (`0` off; absent or `1` on).
  static let recordSearchesSetting = "record_searches"

  let store: any SQLStore
  let feed: ChangeFeed
  let now: @Sendable () -> Date

  /// The recent searches and whether searches are recorded, read together.
  public func history() async throws -> SearchHistory {
    try await store.read { connection in
      SearchHistory(
        searches: try connection.fetch(
          "SELECT id, query, searched_at FROM search_history ORDER BY seq DESC"
        ) {
          RecentSearch(
            id: $0.int(0), query: $0.text(1), searchedAt: Date(timeIntervalSince1970: $0.double(2)))
        },
        recording: try RecentSearches.recordsSearches(on: connection))
    }
  }

  /// Records a search: it moves to the front (a query searched before keeps its id and takes the
  /// new spelling), and only the ``limit`` newest are kept. Nothing is recorded while
  /// recording is off.
  /// - Returns: `false` when recording is off.
  /// - Throws: ``LibraryError/invalid(_:)`` for an empty or too long query.
  @discardableResult
  public func record(_ query: String, at date: Date? = nil) async throws -> Bool {
    let text = try RecentSearch.clean(query)
    let date = date ?? now()
    let recorded = try await store.write { connection in
      guard try RecentSearches.recordsSearches(on: connection) else { return false }
      try connection.run(
        """
        INSERT INTO search_history (key, query, searched_at, seq)
        VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM search_history))
        ON CONFLICT (key) DO UPDATE SET query = excluded.query, searched_at = excluded.searched_at,
          seq = excluded.seq
        """, [RecentSearch.key(text), text, date.timeIntervalSince1970])
      try RecentSearches.trim(on: connection)
      try Library.log(.searches, on: connection)
      return true
    }
    if recorded { await feed.publishPending() }
    return recorded
  }

  /// Deletes one recent search; `false` when no search has this id.
  @discardableResult
  public func delete(_ id: Int) async throws -> Bool {
    try await changeSearches { try $0.run("DELETE FROM search_history WHERE id = ?", [id]) } > 0
  }

  /// Deletes every recent search; returns how many there were.
  @discardableResult
  public func deleteAll() async throws -> Int {
    try await changeSearches { try $0.run("DELETE FROM search_history") }
  }

  /// Turns recording on or off. Turning it off keeps what was recorded (``deleteAll()``
  /// clears it).
  public func setRecording(_ on: Bool) async throws {
    try await changeSearches { connection in
      try RecentSearches.setRecording(on, on: connection)
      return 1
    }
  }

  // MARK: - In a transaction

  /// Runs `change` in one transaction, logging ``LibraryEvent/searches`` when the number of rows
  /// it says it changed is above 0; returns that number.
  @discardableResult
  private func changeSearches(_ change: @Sendable (any SQLSession) throws -> Int) async throws -> Int {
    let changed = try await store.write { connection in
      let changed = try change(connection)
      if changed > 0 { try Library.log(.searches, on: connection) }
      return changed
    }
    await feed.publishPending()
    return changed
  }

  static func recordsSearches(on connection: any SQLSession) throws -> Bool {
    try connection.fetchInteger(
      "SELECT count(*) FROM settings WHERE name = ? AND value = '0'", [recordSearchesSetting]) == 0
  }

  static func setRecording(_ on: Bool, on connection: any SQLSession) throws {
    try Library.setSetting(recordSearchesSetting, to: on ? "1" : "0", on: connection)
  }

  /// Keeps the ``limit`` newest searches.
  static func trim(on connection: any SQLSession) throws {
    try connection.run(
      "DELETE FROM search_history WHERE id NOT IN (SELECT id FROM search_history ORDER BY seq DESC LIMIT ?)",
      [limit])
  }
}
