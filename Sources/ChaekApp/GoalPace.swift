import BookModel
import UserLibrary

/// Where a year's reading stands against its goal, said the same way by the web app and the
/// command line: encouraging, never scolding (a reader behind is told what is left, not that they
/// are late).
public enum GoalPace: Equatable, Sendable, CustomStringConvertible {
  /// The goal is met.
  case reached
  /// This year, `books` more finished than the goal's share of the year gone asks for.
  case ahead(books: Int)
  /// This year, about as many finished as the goal's share of the year gone asks for.
  case onPace
  /// This year, fewer finished than that share: `left` books to go to the goal.
  case toGo(left: Int)
  /// A past year whose goal was not met by `short` books.
  case missed(short: Int)

  /// The pace of `stats` on `today`; `nil` without a goal, or for a year still to come.
  public init?(_ stats: YearStats, today: CalendarDay) {
    guard let goal = stats.goal else { return nil }
    if let expected = stats.expectedByToday {
      self = Self(books: stats.bookCount, goal: goal, expected: expected)
    } else if stats.bookCount >= goal {
      self = .reached
    } else if stats.year < today.year {
      self = .missed(short: goal - stats.bookCount)
    } else {
      return nil
    }
  }

  /// The pace of `books` finished this year when the goal of `goal` books asks for `expected` by
  /// now (rounded to whole books).
  public init(books: Int, goal: Int, expected: Double) {
    let lead = Int((Double(books) - expected).rounded())
    if books >= goal {
      self = .reached
    } else if lead > 0 {
      self = .ahead(books: lead)
    } else if lead == 0 {
      self = .onPace
    } else {
      self = .toGo(left: goal - books)
    }
  }

  /// The pace in Korean: `목표를 이뤘어요`, `계획보다 3권 앞서 있어요`, `계획대로 읽고 있어요`,
  /// `목표까지 12권 남았어요`, `목표까지 2권 모자랐어요` (numbers grouped: `1,200권`).
  public var description: String {
    switch self {
    case .reached: "목표를 이뤘어요"
    case .ahead(let books): "계획보다 \(Won.grouped(books))권 앞서 있어요"
    case .onPace: "계획대로 읽고 있어요"
    case .toGo(let left): "목표까지 \(Won.grouped(left))권 남았어요"
    case .missed(let short): "목표까지 \(Won.grouped(short))권 모자랐어요"
    }
  }
}
