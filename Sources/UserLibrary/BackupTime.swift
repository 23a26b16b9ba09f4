import Foundation

/// The times of a ``LibraryBackup``: `2026-03-14T09:26:53.589Z`, UTC to the millisecond. They are
/// made from whole milliseconds, so a time read back and written again is the same text.
enum BackupTime {
  private static let seconds = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!)

  /// `date` to the nearest millisecond.
  static func text(_ date: Date) -> String {
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
    let (whole, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
    let (second, millisecond) = fraction < 0 ? (whole - 1, fraction + 1000) : (whole, fraction)
    let text = seconds.format(Date(timeIntervalSince1970: Double(second)))
    return text.dropLast() + String(format: ".%03dZ", millisecond)
  }

  /// The seconds since 1970 of a time in this format; `nil` for other text.
  static func seconds(_ text: String) -> Double? {
    guard text.hasSuffix("Z"), let dot = text.lastIndex(of: "."),
      case let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)],
      digits.count == 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let millisecond = Int(digits),
      let second = try? seconds.parse(text[..<dot] + "Z")
    else { return nil }
    return (second.timeIntervalSince1970 * 1000 + Double(millisecond)) / 1000
  }
}
