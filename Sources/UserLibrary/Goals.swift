import BookModel
import Foundation
import Storage

/// 독서 목표 (reading goals), `goals` in `library.sqlite`: a number of books per year. Every change
/// is one transaction logged as ``BookModel/LibraryEvent/goal``. ``Library/goals`` hands it out;
/// what was read against it is ``Library/stats(for:today:)``.
public struct Goals: Sendable {
  let store: any SQLStore
  let feed: ChangeFeed

  /// Sets the goal for `year` (`nil` removes it).
  public func set(_ books: Int?, for year: Int) async throws {
    try Goals.check(books ?? 1, for: year)
    try await store.write { connection in
      if let books {
        try connection.run(
          "INSERT INTO goals (year, books) VALUES (?, ?) ON CONFLICT (year) DO UPDATE SET books = excluded.books",
          [year, books])
      } else {
        try connection.run("DELETE FROM goals WHERE year = ?", [year])
      }
      try Library.log(.goal, on: connection)
    }
    await feed.publishPending()
  }

  /// The goal for `year`, if one is set.
  public func books(for year: Int) async throws -> Int? {
    try await store.read { try $0.fetchFirst("SELECT books FROM goals WHERE year = ?", [year]) { $0.int(0) } }
  }

  /// Refuses a goal outside 1 to 10,000 books or a year outside 1 to 9999.
  static func check(_ books: Int, for year: Int) throws {
    guard (1...10_000).contains(books) else { throw LibraryError.invalid("a goal is 1 to 10,000 books") }
    guard (1...9999).contains(year) else { throw LibraryError.invalid("no year \(year)") }
  }
}
