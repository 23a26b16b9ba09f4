import Foundation

/// Kakao's `datetime` format: ISO 8601 with milliseconds and an offset,
/// always written in Korea Standard Time (`2014-11-17T00:00:00.000+09:00`).
public enum KakaoDate {
  private static let koreaStandardTime = TimeZone(secondsFromGMT: 9 * 3600)!
  private static let withFraction = Date.ISO8601FormatStyle(
    timeZoneSeparator: .colon, includingFractionalSeconds: true, timeZone: koreaStandardTime)
  private static let withoutFraction = Date.ISO8601FormatStyle(
    timeZoneSeparator: .colon, timeZone: koreaStandardTime)

  /// Parses Kakao's format, with or without fractional seconds; `nil` for empty or invalid text.
  public static func parse(_ text: String) -> Date? {
    if let date = parseWholeSecond(text) { return date }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return nil }
    return (try? withFraction.parse(trimmed)) ?? (try? withoutFraction.parse(trimmed))
  }

  /// Formats a date the way Kakao writes it.
  public static func format(_ date: Date) -> String {
    formatWholeSecond(date) ?? withFraction.format(date)
  }

  /// A publication date for people: `2014-11-17`, or just `2007` for January 1 at midnight, which
  /// is how a catalog records a book whose year alone is known.
  public static func displayText(_ date: Date) -> String {
    let text = String(format(date).prefix(10))
    return text.hasSuffix("-01-01") && format(date).contains("T00:00:00.000") ? String(text.prefix(4)) : text
  }

  /// Years a catalog takes literally; outside them a year is a placeholder or an ancient work's
  /// (goodbooks-10k writes `-720` for the Iliad), and the date is unknown.
  public static let plausibleYears = 1...2100

  /// January 1 of `year` at midnight in Korea Standard Time, which is how a catalog records a book
  /// whose year alone is known; `nil` for a year outside ``plausibleYears``.
  public static func firstOfJanuary(_ year: Int) -> Date? {
    guard plausibleYears.contains(year) else { return nil }
    return parse(String(format: "%04d-01-01T00:00:00.000+09:00", year))
  }

  /// The year of a date in Korea Standard Time.
  public static func year(of date: Date) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = koreaStandardTime
    return calendar.component(.year, from: date)
  }
}
