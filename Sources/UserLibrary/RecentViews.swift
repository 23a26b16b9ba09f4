import BookModel
import Foundation
import Storage

/// 최근 본 책 (recently viewed), `recent_views` in `library.sqlite`: the last ``limit`` books
/// opened, newest first, each stored whole so the list shows without a network. Every view is one
/// transaction logged as ``BookModel/LibraryEvent/viewed(_:)``. ``Library/recent`` hands it out.
public struct RecentViews: Sendable {
  /// How many recently viewed books are kept.
  public static let limit = 10

  let store: any SQLStore
  let feed: ChangeFeed
  let now: @Sendable () -> Date

  /// Records that a book was viewed: it moves to the front of the recent list (once, however
  /// often it is viewed), and only the ``limit`` newest views are kept.
  public func record(_ book: Book, at date: Date? = nil) async throws {
    let date = date ?? now()
    let id = book.id.rawValue
    let json = try Library.encode(book)
    try await store.write { connection in
      try connection.run(
        """
        INSERT INTO recent_views (id, book, viewed_at, seq)
        VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM recent_views))
        ON CONFLICT (id) DO UPDATE SET book = excluded.book, viewed_at = excluded.viewed_at, seq = excluded.seq
        """, [id, json, date.timeIntervalSince1970])
      try connection.run(
        "DELETE FROM recent_views WHERE id NOT IN (SELECT id FROM recent_views ORDER BY seq DESC LIMIT ?)",
        [RecentViews.limit])
      try Library.log(.viewed(book.id), on: connection)
    }
    await feed.publishPending()
  }

  /// Recently viewed books, newest first, at most ``limit``.
  public func list() async throws -> [RecentView] {
    try await store.read { connection in
      try connection.fetch("SELECT book, viewed_at FROM recent_views ORDER BY seq DESC") { row in
        RecentView(
          book: try Library.decode(row.text(0)), viewedAt: Date(timeIntervalSince1970: row.double(1)))
      }
    }
  }

  /// The stored copy of a recently viewed book, if it is in the list.
  public func book(_ id: BookID) async throws -> Book? {
    try await store.read { connection in
      try connection.fetchFirst("SELECT book FROM recent_views WHERE id = ?", [id.rawValue]) {
        try Library.decode($0.text(0))
      }
    }
  }
}
