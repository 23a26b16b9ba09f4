import BookModel
import ChaekApp
import Foundation

/// 올해의 독서 for people: books and pages per month as bars, the ratings, the most-read authors,
/// and the goal with the pace.
enum StatsReport {
  /// The whole report for `chaek stats`.
  static func text(_ stats: YearStats) -> String {
    var text = "\(stats.year): \(Output.count(stats.bookCount, "book")), \(grouped(stats.pageCount)) pages\n"
    text += "\nBooks by month\n" + months(stats.months)
    if stats.ratings.contains(where: { $0 > 0 }) { text += "\nRatings\n" + ratings(stats.ratings) }
    if !stats.authors.isEmpty {
      let width = stats.authors.prefix(5).map { Table.width($0.name) }.max() ?? 0
      text += "\nTop authors\n"
      text += stats.authors.prefix(5).map {
        "  " + $0.name + String(repeating: " ", count: width - Table.width($0.name)) + "  "
          + Output.count($0.books, "book") + "\n"
      }.joined()
    }
    return text + "\n" + goalLine(stats) + "\n"
  }

  /// `Goal: 5 of 12 books (42%) · 3권 앞서 있어요`, or how to set one.
  static func goalLine(_ stats: YearStats) -> String {
    guard let goal = stats.goal else {
      return "No goal for \(stats.year). Set one with `chaek goal N --year \(stats.year)`."
    }
    var line = "Goal: \(stats.bookCount) of \(Output.count(goal, "book")) (\(stats.bookCount * 100 / goal)%)"
    if stats.bookCount >= goal {
      line += " · reached"
    } else if let pace = pace(stats) {
      line += " · " + pace
    }
    return line
  }

  /// Against the goal so far this year (``GoalPace``); `nil` for another year or no goal.
  static func pace(_ stats: YearStats) -> String? {
    guard let goal = stats.goal, let expected = stats.expectedByToday else { return nil }
    return GoalPace(books: stats.bookCount, goal: goal, expected: expected).description
  }

  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// A line per month: its name, a bar of its books, the books and the pages.
  private static func months(_ months: [YearStats.Month]) -> String {
    let most = months.map(\.books).max() ?? 0
    return months.map { month in
      var line = "  \(monthNames[month.month - 1])  " + bar(month.books, of: most)
      if month.books > 0 { line += "  " + Output.count(month.books, "book") }
      if month.pages > 0 { line += ", \(grouped(month.pages)) pages" }
      return line.trimmingTrailingSpaces() + "\n"
    }.joined()
  }

  /// A line per half star, 5 down to 0.5: a bar of the readings rated so and their number.
  private static func ratings(_ ratings: [Int]) -> String {
    let most = ratings.max() ?? 0
    return ratings.indices.reversed().map { index in
      let label = "★" + (StarRating(quarters: (index + 1) * 2)?.description ?? "")
      return "  " + label.padding(toLength: 5, withPad: " ", startingAt: 0) + bar(ratings[index], of: most)
        + "  \(ratings[index])\n"
    }.joined()
  }

  /// `count` as a bar of at most `width` blocks, scaled to `most`; a non-zero count shows one at least.
  private static func bar(_ count: Int, of most: Int, width: Int = 24) -> String {
    let length = most == 0 || count == 0 ? 0 : max(1, count * width / most)
    return String(repeating: "█", count: length) + String(repeating: " ", count: width - length)
  }

  /// `1,630`.
  private static func grouped(_ number: Int) -> String {
    let digits = String(number)
    return digits.enumerated().map { index, digit in
      (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
    }.joined()
  }
}
