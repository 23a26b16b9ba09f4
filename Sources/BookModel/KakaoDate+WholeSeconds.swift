import Foundation

/// Kakao's dates on a whole second in Korea Standard Time (`2014-11-17T00:00:00.000+09:00`: every
/// date a catalog stores), read and written by arithmetic on the proleptic Gregorian calendar
/// instead of Foundation's ISO 8601 format style, which cost more than the rest of reading a
/// stored book. Anything else (another offset, a fraction, a year before 1600, where Foundation's
/// calendar turns Julian) is left to the format style: these give `nil`.
extension KakaoDate {
  /// The years read and written here.
  static let wholeSecondYears = 1600...9999

  /// The date `text` names when it is exactly `YYYY-MM-DDTHH:MM:SS.000+09:00`, a valid time.
  static func parseWholeSecond(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes -> Date? in
      guard bytes.count == 29 else { return nil }
      for (index, separator) in zip([4, 7, 10, 13, 16, 19, 23], "--T::.+".utf8)
      where bytes[index] != separator {
        return nil
      }
      func number(_ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + count] {
          guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
      }
      guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
        let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
        number(20, 3) == 0, number(24, 2) == 9, number(27, 2) == 0,
        wholeSecondYears.contains(year), (1...12).contains(month), (1...31).contains(day),
        hour < 24, minute < 60, second < 60
      else { return nil }
      let days = Self.days(year: year, month: month, day: day)
      guard civil(days: days) == (year, month, day) else { return nil }  // no April 31
      let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - koreaOffset
      return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
  }

  /// `date` as `YYYY-MM-DDTHH:MM:SS.000+09:00`, when it falls on a whole second of a year read here.
  static func formatWholeSecond(_ date: Date) -> String? {
    let interval = date.timeIntervalSince1970
    guard interval.rounded(.down) == interval, abs(interval) < 1e12 else { return nil }
    let local = Int(interval) + koreaOffset
    let days = local.floorDivided(by: 86_400)
    let second = local - days * 86_400
    let (year, month, day) = civil(days: days)
    guard wholeSecondYears.contains(year) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(29)
    func append(_ value: Int, _ digits: Int) {
      var divisor = 1
      for _ in 1..<digits { divisor *= 10 }
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
    }
    append(year, 4)
    bytes.append(UInt8(ascii: "-"))
    append(month, 2)
    bytes.append(UInt8(ascii: "-"))
    append(day, 2)
    bytes.append(UInt8(ascii: "T"))
    append(second / 3_600, 2)
    bytes.append(UInt8(ascii: ":"))
    append(second / 60 % 60, 2)
    bytes.append(UInt8(ascii: ":"))
    append(second % 60, 2)
    bytes.append(contentsOf: ".000+09:00".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The calendar day of `date` in Korea Standard Time, as ``format(_:)`` writes it; `nil` for a
  /// date too far from now for a calendar (beyond 30,000 years), or one whose text has no
  /// `YYYY-MM-DD`. A year read here is counted; any other is read from the format style's text,
  /// whose calendar turns Julian before 1582-10-15 (`1500-01-01` is ten days from the proleptic
  /// Gregorian one).
  public static func calendarDay(of date: Date) -> (year: Int, month: Int, day: Int)? {
    let interval = date.timeIntervalSince1970.rounded(.down)
    guard abs(interval) < 1e12 else { return nil }
    let day = civil(days: (Int(interval) + koreaOffset).floorDivided(by: 86_400))
    guard !wholeSecondYears.contains(day.year) else { return day }
    let parts = format(date).prefix(10).split(separator: "-").compactMap { Int($0) }
    return parts.count == 3 ? (parts[0], parts[1], parts[2]) : nil
  }

  /// Korea Standard Time's offset from UTC, in seconds.
  private static let koreaOffset = 9 * 3_600

  /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = year.floorDivided(by: 400)
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day of the proleptic Gregorian calendar `days` after 1970-01-01 (`civil_from_days`).
  static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int {
  /// The quotient rounded toward negative infinity.
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
