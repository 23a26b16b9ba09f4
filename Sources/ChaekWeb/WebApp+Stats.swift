import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// `GET /fragments/stats?year=Y&today=YYYY-MM-DD`: the 기록 screen for a year (default: the
  /// year of `today`, the reader's day, which sets the pace against the goal).
  func statsFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    var response = HTTPResponse.html(try await statsScreen(request).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/notes?query=Q`: the notes and quotes that match, as list items;
  /// `X-Chaek-Count` has their number.
  func notesFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let query = try request.noteQuery()
    let matches = try await chaek.searchNotes(query, for: request.reader)
    var response = HTTPResponse.html(StatsViews.noteHits(matches, query: query).description)
    response.headers["X-Chaek-Count"] = String(matches.count)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  func statsScreen(_ request: HTTPRequest) async throws -> HTML {
    let today = request.query["today"].flatMap(CalendarDay.init) ?? CalendarDay.today()
    let year = request.query["year"].flatMap { Int($0) } ?? today.year
    guard (1...9999).contains(year) else { throw APIError.badRequest("no year \(year)") }
    let stats = try await chaek.stats(year: year, today: today, for: request.reader)
    return StatsViews.screen(
      stats, series: try await chaek.seriesRead(in: stats, for: request.reader),
      years: try await chaek.journalYears(for: request.reader), today: today)
  }

  func noteHits(_ query: String, for reader: Reader) async throws -> HTML {
    StatsViews.noteHits(try await chaek.searchNotes(query, for: reader), query: query)
  }
}
