import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport

/// 올해의 독서 and 독서 목표: a year's statistics, and the goal of books per year.
extension WebApp {
  /// `GET /api/stats[?year=YYYY][&today=YYYY-MM-DD]`: the ``YearStats`` of `year` (by default the
  /// year of `today`, the reader's day, by default the server's) with `"years"`, every year there
  /// is something to show, newest first.
  func stats(_ request: HTTPRequest) async throws -> HTTPResponse {
    let today = try request.queryDay("today") ?? .today()
    let year = try request.queryInteger("year") ?? today.year
    guard (1...9999).contains(year) else { throw APIError.badRequest("year must be 1 to 9999, not \(year)") }
    let stats = try await chaek.stats(year: year, today: today, for: request.reader)
    let years = Set(try await chaek.journalYears(for: request.reader) + [year, today.year]).sorted(by: >)
    return try .json(StatsReply(stats: stats, years: years))
  }

  /// `PUT /api/goals/{year}`: `{"books":N}`; answers `{"year","books"}`.
  func setGoal(_ request: HTTPRequest) async throws -> HTTPResponse {
    let year = try request.pathInteger("year")
    let books = try request.input(GoalInput.self).books
    try await chaek.setGoal(books, year: year, for: request.reader)
    return try .json(GoalReply(year: year, books: books))
  }

  /// `DELETE /api/goals/{year}`: answers `{"year","books":null}`.
  func removeGoal(_ request: HTTPRequest) async throws -> HTTPResponse {
    let year = try request.pathInteger("year")
    try await chaek.setGoal(nil, year: year, for: request.reader)
    return try .json(GoalReply(year: year, books: nil))
  }
}

/// A year's statistics with the years there are.
private struct StatsReply: Encodable {
  let stats: YearStats
  let years: [Int]

  private enum CodingKeys: String, CodingKey { case years }

  func encode(to encoder: any Encoder) throws {
    try stats.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(years, forKey: .years)
  }
}

/// A year's goal; `books` is `null` when it has none.
private struct GoalReply: Encodable {
  let year: Int
  let books: Int?

  private enum CodingKeys: String, CodingKey { case year, books }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(year, forKey: .year)
    try container.encode(books, forKey: .books)
  }
}
