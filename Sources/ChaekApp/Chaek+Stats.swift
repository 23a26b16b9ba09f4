import BookModel

/// 기록: a reader's year in books, and their goals.
extension Chaek {
  /// `reader`'s year `year` as of `today`: books and pages per month, ratings, authors, and the pace
  /// against the goal.
  public func stats(year: Int, today: CalendarDay, for reader: Reader) async throws -> YearStats {
    try await library(for: reader).stats(for: year, today: today)
  }

  /// The years `reader` finished books in or set goals for, newest first.
  public func journalYears(for reader: Reader) async throws -> [Int] {
    try await library(for: reader).journalYears()
  }

  /// Sets `reader`'s goal for `year` to `books` (`nil` removes it).
  public func setGoal(_ books: Int?, year: Int, for reader: Reader) async throws {
    try await library(for: reader).goals.set(books, for: year)
  }
}
