import Foundation
import TestSupport
import Testing

@testable import BookModel

/// Kakao's dates on whole seconds, read and written by arithmetic, exactly as Foundation's ISO 8601
/// format style reads and writes them; everything else left to it.
@Suite("Kakao dates on whole seconds")
struct KakaoDateTests {
  static let style = Date.ISO8601FormatStyle(
    timeZoneSeparator: .colon, includingFractionalSeconds: true, timeZone: TimeZone(secondsFromGMT: 9 * 3600)!
  )

  /// Whole seconds from 1600 to 2400 (random, and the days around leap days and new years).
  static func dates() -> [Date] {
    var random = SeededGenerator(seed: 1_600)
    var seconds = (0..<5_000).map { _ in Int.random(in: -11_676_096_000...13_569_465_600, using: &random) }
    for year in [1600, 1700, 1900, 1969, 1970, 1999, 2000, 2024, 2100, 2400] {
      for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)] {
        let midnight = KakaoDate.days(year: year, month: month, day: day) * 86_400 - 9 * 3_600
        seconds += [midnight - 1, midnight, midnight + 1, midnight + 86_399]
      }
    }
    return seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
  }

  @Test func wholeSecondsAreWrittenAndReadAsTheFormatStyleDoes() throws {
    for date in Self.dates() {
      let text = Self.style.format(date)
      #expect(KakaoDate.parse(text) == date)
      guard KakaoDate.wholeSecondYears.contains(Int(text.prefix(4))!) else {
        #expect(KakaoDate.formatWholeSecond(date) == nil && KakaoDate.parseWholeSecond(text) == nil)
        continue
      }
      #expect(KakaoDate.formatWholeSecond(date) == text, "\(date.timeIntervalSince1970)")
      #expect(KakaoDate.parseWholeSecond(text) == (try Self.style.parse(text)), "\(text)")
    }
  }

  /// A date's calendar day in Korea is the one its text begins with, on whole seconds and off.
  @Test func theCalendarDayIsTheOneWritten() throws {
    for date in Self.dates() + Self.dates().map({ $0.addingTimeInterval(0.999) }) {
      let day = try #require(KakaoDate.calendarDay(of: date))
      #expect(
        String(format: "%04d-%02d-%02d", day.year, day.month, day.day) == KakaoDate.format(date).prefix(10),
        "\(date.timeIntervalSince1970)")
    }
    #expect(KakaoDate.calendarDay(of: Date(timeIntervalSince1970: 1e13)) == nil)
  }

  /// Before 1600 the day is the one the format style writes, on its calendar (Julian before
  /// 1582-10-15): a classic's year-only date is 1 January as written, not ten days on.
  @Test(arguments: [1, 1000, 1500, 1582, 1583, 1599, 1600])
  func anEarlyYearsDayIsTheOneWritten(year: Int) throws {
    for date in [try #require(KakaoDate.firstOfJanuary(year))] + Self.days(of: year) {
      let day = try #require(KakaoDate.calendarDay(of: date))
      #expect(
        String(format: "%04d-%02d-%02d", day.year, day.month, day.day) == KakaoDate.format(date).prefix(10),
        "\(KakaoDate.format(date))")
    }
    #expect(KakaoDate.calendarDay(of: try #require(KakaoDate.firstOfJanuary(year)))! == (year, 1, 1))
  }

  /// A day in each month of `year`, at noon in Korea.
  static func days(of year: Int) -> [Date] {
    let start = KakaoDate.firstOfJanuary(year)!.addingTimeInterval(12 * 3_600)
    return (0..<12).map { start.addingTimeInterval(Double($0) * 31 * 86_400) }
  }

  static let others = [
    "2014-11-17T00:00:00.000+09:00", "2014-11-17T00:00:00.123+09:00", "2014-11-17T00:00:00+09:00",
    "2014-11-17T00:00:00.000+08:00", "2014-11-17T00:00:00.000Z", "2014-02-29T00:00:00.000+09:00",
    "2016-02-29T00:00:00.000+09:00", "2014-04-31T00:00:00.000+09:00", "2014-13-01T00:00:00.000+09:00",
    "2014-00-10T00:00:00.000+09:00", "2014-11-00T00:00:00.000+09:00", "2014-11-17T24:00:00.000+09:00",
    "2014-11-17T23:60:00.000+09:00", "2014-11-17T23:59:60.000+09:00", "1500-06-01T00:00:00.000+09:00",
    "0999-06-01T00:00:00.000+09:00", " 2014-11-17T00:00:00.000+09:00", "2014-11-17T00:00:00.000+09:00 ",
    "2014-11-17 00:00:00.000+09:00", "2014-1a-17T00:00:00.000+09:00", "+014-11-17T00:00:00.000+09:00", "",
  ]

  @Test(arguments: others)
  func anyOtherTextIsReadAsTheFormatStyleReadsIt(text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let withoutFraction = Date.ISO8601FormatStyle(
      timeZoneSeparator: .colon, timeZone: TimeZone(secondsFromGMT: 9 * 3600)!)
    let expected =
      trimmed.isEmpty ? nil : (try? Self.style.parse(trimmed)) ?? (try? withoutFraction.parse(trimmed))
    #expect(KakaoDate.parse(text) == expected)
  }

  @Test func otherDatesAreWrittenByTheFormatStyle() {
    for date in [
      Date(timeIntervalSince1970: 1_400_000_000.5), Date(timeIntervalSince1970: -12_000_000_000),
      Date(timeIntervalSince1970: 300_000_000_000),
    ] {
      #expect(KakaoDate.formatWholeSecond(date) == nil)
      #expect(KakaoDate.format(date) == Self.style.format(date))
    }
  }
}
