import BookModel
import Foundation
import Storage

/// 독서 목표 and 올해의 독서: a goal of books per year, and what was finished.
extension Library {
  /// The years with a finished reading or a goal, newest first.
  public func journalYears() async throws -> [Int] {
    try await store.read { connection in
      try connection.fetch(
        """
        SELECT CAST(substr(finished, 1, 4) AS INTEGER) AS year FROM reading_sessions WHERE finished IS NOT NULL
        UNION SELECT year FROM goals ORDER BY year DESC
        """
      ) { $0.int(0) }
    }
  }

  /// What was finished in `year`; `today` (the reader's day) sets the pace against the goal.
  public func stats(for year: Int, today: CalendarDay) async throws -> YearStats {
    try await store.read { connection in
      let goal = try connection.fetchFirst("SELECT books FROM goals WHERE year = ?", [year]) { $0.int(0) }
      let finished = try connection.fetch(
        """
        SELECT saved_books.book, reading_sessions.finished, saved_books.rating, saved_books.pages
        FROM reading_sessions JOIN saved_books ON saved_books.id = reading_sessions.book_id
        WHERE reading_sessions.finished >= ? AND reading_sessions.finished <= ?
        ORDER BY reading_sessions.finished, reading_sessions.id
        """, [String(format: "%04d-01-01", year), String(format: "%04d-12-31", year)]
      ) { row -> YearStats.FinishedBook? in
        guard let day = CalendarDay(row.text(1)) else { return nil }
        let book = try Library.decode(row.text(0))
        // The reader's number of pages, else the one the book's source states.
        return YearStats.FinishedBook(
          book: book, finished: day, rating: row.isNull(2) ? nil : StarRating(quarters: row.int(2)),
          pages: row.isNull(3) ? book.pages : row.int(3))
      }.compactMap { $0 }
      return Library.stats(year: year, goal: goal, finished: finished, today: today)
    }
  }

  static func stats(year: Int, goal: Int?, finished: [YearStats.FinishedBook], today: CalendarDay)
    -> YearStats
  {
    let months = (1...12).map { month in
      let books = finished.filter { $0.finished.month == month }
      return YearStats.Month(
        month: month, books: books.count, pages: books.reduce(0) { $0 + ($1.pages ?? 0) })
    }
    var ratings = Array(repeating: 0, count: 10)
    for rating in finished.compactMap(\.rating) { ratings[max(rating.quarters / 2, 1) - 1] += 1 }
    var authorCounts: [String: Int] = [:]
    var firstSeen: [String: Int] = [:]
    for (index, book) in finished.enumerated() {
      for author in Set(book.book.authors) {
        authorCounts[author, default: 0] += 1
        if firstSeen[author] == nil { firstSeen[author] = index }
      }
    }
    let authors = authorCounts.sorted {
      ($1.value, firstSeen[$0.key]!) < ($0.value, firstSeen[$1.key]!)
    }.prefix(10).map { YearStats.AuthorCount(name: $0.key, books: $0.value) }
    let expected = goal.flatMap { goal -> Double? in
      guard today.year == year else { return nil }
      return Double(goal) * Double(today.dayOfYear) / Double(CalendarDay.length(ofYear: year))
    }
    return YearStats(
      year: year, goal: goal, finished: finished, months: months, ratings: ratings, authors: Array(authors),
      expectedByToday: expected)
  }
}
