import Foundation

/// A date on the reader's own calendar (`2026-03-14`), with no time and no time zone: the day a
/// book was started or finished is the day it was where the reader lives. "Today" is asked of a
/// time zone (the browser's or the system's).
public struct CalendarDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...31 (valid for its month).
  public let day: Int

  /// The day; `nil` when there is no such date (`2026-02-30`).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= CalendarDay.length(ofMonth: month, in: year)
    else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// Parses `YYYY-MM-DD` (also `YYYY/MM/DD`, as Goodreads writes it); `nil` for anything else.
  public init?(_ text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" })
    guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count),
      (1...2).contains(parts[2].count),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day it is now in `timeZone`.
  public static func today(in timeZone: TimeZone = .current, now: Date = Date()) -> CalendarDay {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)!
  }

  /// `2026-03-14`.
  public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

  /// The day of the year, 1...366.
  public var dayOfYear: Int {
    (1..<month).reduce(0) { $0 + CalendarDay.length(ofMonth: $1, in: year) } + day
  }

  /// The number of days in `year`: 365 or 366.
  public static func length(ofYear year: Int) -> Int { isLeap(year) ? 366 : 365 }

  /// The number of days in `month` of `year`.
  public static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Encoded as `"2026-03-14"`.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = CalendarDay(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a date (YYYY-MM-DD): \(text)"))
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
