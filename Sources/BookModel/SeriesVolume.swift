import Foundation
import KoreanText

/// A book's place in a series: the series' name and the volume as written (`2`, `0.5`, `상`), or
/// no volume for a series whose books are not numbered.
///
/// A book states its series (``Book/series``, from Open Library's `series` or the starter
/// catalog), or its title does: Goodreads' note `The Hunger Games (The Hunger Games, #1)`, or a
/// Korean title's volume mark — `토지 1`, `태백산맥 2권`, `제3권`, `(상)` and `(하)`.
public struct SeriesVolume: Hashable, Sendable {
  /// The series' name.
  public let series: String
  /// The volume as written, or empty.
  public let volume: String

  /// A place in `series`; `nil` for a name with no letter.
  public init?(series: String, volume: String = "") {
    let name = series.trimmingCharacters(in: Self.trimmed)
    guard name.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
    self.series = name.nfc
    self.volume = volume.trimmingCharacters(in: .whitespaces)
  }

  /// Where the volumes sort in their series: the volume's number (the first of `1-3`; 상, 중, 하
  /// as 1, 2, 3); `nil` for an unnumbered one, which sorts after the numbered.
  public var order: Double? {
    if let number = volume.prefixMatch(of: /\d+(?:\.\d+)?/).flatMap({ Double($0.0) }) { return number }
    return Self.parts.firstIndex(of: volume).map { Double($0 + 1) }
  }

  /// The place in a series a title names, if it names one.
  public init?(title: String) {
    if let place = Self.goodreadsNote(title) ?? Self.koreanMark(title) {
      self = place
    } else {
      return nil
    }
  }

  /// Open Library's `series` text of an edition (`Harry Potter ; 1`, `Discworld -- 3`, `Harry
  /// Potter series, bk. 2`): the name before the last `;`, `--`, `#` or `,` that a number
  /// follows, and that number.
  public init?(openLibrary text: String) {
    let separators = [";", "--", "#", ",", "("]
    for separator in separators {
      guard let range = text.range(of: separator, options: .backwards) else { continue }
      let tail = text[range.upperBound...]
      guard let number = tail.firstMatch(of: /\d+(?:\.\d+)?/) else { continue }
      self.init(series: Self.withoutSeriesWord(String(text[..<range.lowerBound])), volume: String(number.0))
      return
    }
    self.init(series: Self.withoutSeriesWord(text))
  }

  // MARK: - Titles

  /// `Title (Series, #2)`, `Title (Series #2.5)`: Goodreads' series note.
  private static func goodreadsNote(_ title: String) -> SeriesVolume? {
    guard let match = title.wholeMatch(of: /.+\(([^()#]+?),?\s*#(\d+(?:\.\d+)?(?:-\d+)?)[^()]*\)\s*/)
    else {
      return nil
    }
    return SeriesVolume(series: String(match.1), volume: String(match.2))
  }

  /// A Hangul title ending in a volume: `토지 1`, `태백산맥 2권`, `삼국지 제3권`, `칼의 노래 (상)`, `칼의 노래 하권`.
  private static func koreanMark(_ title: String) -> SeriesVolume? {
    guard title.unicodeScalars.contains(where: Hangul.isSyllable) else { return nil }
    if let match = title.wholeMatch(of: /(.*\S)\s+(?:제\s*)?(\d{1,3})(?:\s*권)?\s*/) {
      return SeriesVolume(series: String(match.1), volume: String(match.2))
    }
    if let match = title.wholeMatch(of: /(.*\S)\s*[(\[]\s*(상|중|하)\s*(?:권)?\s*[)\]]\s*/)
      ?? title.wholeMatch(of: /(.*\S)\s+(상|중|하)권\s*/)
    {
      return SeriesVolume(series: String(match.1), volume: String(match.2))
    }
    return nil
  }

  /// `Harry Potter series` and `Harry Potter (Series)` without the word.
  private static func withoutSeriesWord(_ name: String) -> String {
    name.replacing(/(?i)\s*\(?\bseries\)?\s*$/, with: "")
  }

  /// The volumes of a work in parts, in order.
  private static let parts = ["상", "중", "하"]

  /// What a series name does not begin or end with.
  private static let trimmed = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",:;-–—·(["))
}

/// Where a book sorts in its series: its volume, then the part of it its title names
/// (`해리 포터와 불사조 기사단 2`, volume 5 of *해리 포터*); unnumbered books last.
public struct SeriesOrder: Hashable, Comparable, Sendable {
  /// The volume's ``SeriesVolume/order``; infinity when unnumbered.
  public let volume: Double
  /// The part of the volume (0 when the title names none).
  public let part: Double

  public static func < (a: Self, b: Self) -> Bool { (a.volume, a.part) < (b.volume, b.part) }
}

extension Book {
  /// `true` for one numbered volume of a series: not unnumbered, nor a set of several (`#1-3`).
  public var isVolume: Bool {
    guard let place = seriesVolume else { return false }
    return place.order != nil && !place.volume.contains("-")
  }

  /// Where the book sorts in its series (see ``SeriesOrder``).
  public var seriesOrder: SeriesOrder {
    let part = series.flatMap { _ in SeriesVolume(title: title)?.order }
    return SeriesOrder(volume: seriesVolume?.order ?? .infinity, part: part ?? 0)
  }
}
