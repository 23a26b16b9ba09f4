import Foundation

/// 올해의 독서: what the reader finished in one year, against their goal.
public struct YearStats: Encodable, Sendable, Equatable {
  /// A book finished in the year.
  public struct FinishedBook: Encodable, Sendable, Equatable {
    /// The book.
    public let book: Book
    /// The day it was finished.
    public let finished: CalendarDay
    /// The reader's rating, if any.
    public let rating: StarRating?
    /// Its number of pages, when known: the reader's, else the one its source states.
    public let pages: Int?

    /// A value of the fields given.
    package init(book: Book, finished: CalendarDay, rating: StarRating?, pages: Int?) {
      self.book = book
      self.finished = finished
      self.rating = rating
      self.pages = pages
    }
  }

  /// One month's totals.
  public struct Month: Encodable, Sendable, Equatable {
    /// 1...12.
    public let month: Int
    /// Books finished.
    public let books: Int
    /// Pages of the books finished (those whose number of pages is known).
    public let pages: Int

    /// A value of the fields given.
    package init(month: Int, books: Int, pages: Int) {
      self.month = month
      self.books = books
      self.pages = pages
    }
  }

  /// An author and the number of the year's books by them.
  public struct AuthorCount: Encodable, Sendable, Equatable {
    /// The author.
    public let name: String
    /// Books finished.
    public let books: Int

    /// A value of the fields given.
    package init(name: String, books: Int) {
      self.name = name
      self.books = books
    }
  }

  /// The year.
  public let year: Int
  /// The goal for the year (books), if one is set.
  public let goal: Int?
  /// Every reading finished in the year, in the order finished (a re-read counts again).
  public let finished: [FinishedBook]
  /// The twelve months.
  public let months: [Month]
  /// How many of the year's finished readings had each rating, by half star: index 0 is ½★ and
  /// index 9 is 5★; a quarter-star rating counts under the half star below it.
  public let ratings: [Int]
  /// The most-read authors, most books first (at most 10).
  public let authors: [AuthorCount]
  /// How many books the goal asks for by the end of `today` (pro rata through the year), when the
  /// year has a goal and is the current one; `nil` otherwise.
  public let expectedByToday: Double?

  /// A value of the fields given.
  package init(
    year: Int, goal: Int?, finished: [FinishedBook], months: [Month], ratings: [Int], authors: [AuthorCount],
    expectedByToday: Double?
  ) {
    self.year = year
    self.goal = goal
    self.finished = finished
    self.months = months
    self.ratings = ratings
    self.authors = authors
    self.expectedByToday = expectedByToday
  }

  /// Books finished.
  public var bookCount: Int { finished.count }
  /// Pages finished.
  public var pageCount: Int { months.reduce(0) { $0 + $1.pages } }

  private enum CodingKeys: String, CodingKey {
    case year, goal, finished, months, ratings, authors
    case expectedByToday = "expected_by_today"
    case bookCount = "books"
    case pageCount = "pages"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(year, forKey: .year)
    try container.encode(goal, forKey: .goal)
    try container.encode(bookCount, forKey: .bookCount)
    try container.encode(pageCount, forKey: .pageCount)
    try container.encode(finished, forKey: .finished)
    try container.encode(months, forKey: .months)
    try container.encode(ratings, forKey: .ratings)
    try container.encode(authors, forKey: .authors)
    try container.encode(expectedByToday, forKey: .expectedByToday)
  }
}
