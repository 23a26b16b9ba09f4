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
    if let number = Self.leadingNumber(Substring(volume)).flatMap({ Double($0) }) { return number }
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
      guard let digit = tail.firstIndex(where: Self.isDigit), let number = Self.leadingNumber(tail[digit...])
      else { continue }
      self.init(series: Self.withoutSeriesWord(String(text[..<range.lowerBound])), volume: String(number))
      return
    }
    self.init(series: Self.withoutSeriesWord(text))
  }

  // MARK: - Titles
  //
  // Every title is read when a book is indexed, so its marks are read by hand from its end: a
  // regular expression cost more than the rest of indexing a book (a Swift regex literal is even
  // parsed again each time it is evaluated).

  /// `Title (Series, #2)`, `Title (Series #2.5)`, `Title (Series, #1-3)`: Goodreads' series note,
  /// the title's last parenthesis.
  private static func goodreadsNote(_ title: String) -> SeriesVolume? {
    let text = trimmed(Substring(title))
    guard text.last == ")", let open = text.lastIndex(of: "("), open > text.startIndex else { return nil }
    let note = text[text.index(after: open)..<text.index(before: text.endIndex)]
    guard !note.contains(")"), let hash = note.firstIndex(of: "#"),
      let volume = volumeNumber(note[note.index(after: hash)...])
    else { return nil }
    var series = trimmed(note[..<hash])
    if series.last == "," { series = series.dropLast() }
    guard !series.isEmpty else { return nil }
    return SeriesVolume(series: String(series), volume: String(volume))
  }

  /// A Hangul title ending in a volume: `토지 1`, `태백산맥 2권`, `삼국지 제3권`, `칼의 노래 (상)`,
  /// `칼의 노래 하권`; the name before it ends in a letter, and a space sets a number or 상/중/하권 apart.
  private static func koreanMark(_ title: String) -> SeriesVolume? {
    let text = trimmed(Substring(title))
    guard let last = text.last, title.unicodeScalars.contains(where: Hangul.isSyllable) else { return nil }
    if last == ")" || last == "]" { return bracketedPart(text.dropLast()) }
    if let place = numbered(last == "권" ? trimmed(text.dropLast()) : text) { return place }
    // `하권`: the part right before 권, a space before it.
    guard last == "권", let part = text.dropLast().last, parts.contains(String(part)) else { return nil }
    return named(text.dropLast(2), spaced: true, volume: String(part))
  }

  /// `… 3`, `… 제3`, `… 제 3` (the mark's 권 taken off): one to three digits after a space or 제.
  private static func numbered(_ text: Substring) -> SeriesVolume? {
    let digits = text.reversed().prefix(while: isDigit).count
    guard (1...3).contains(digits) else { return nil }
    let volume = String(text.suffix(digits))
    let before = text.dropLast(digits)
    // A space right before the number ends the name (`삼국지 제 3`: the name keeps its 제, as the
    // first version of this rule did); else 제 right before it, after a space.
    if before.last?.isWhitespace == true { return named(before, spaced: true, volume: volume) }
    let mark = trimmed(before)
    guard mark.last == "제" else { return nil }
    return named(mark.dropLast(), spaced: true, volume: volume)
  }

  /// `… (상)`, `… [하 권]` (the closing bracket taken off).
  private static func bracketedPart(_ text: Substring) -> SeriesVolume? {
    var rest = trimmed(text)
    if rest.last == "권" { rest = trimmed(rest.dropLast()) }
    guard let part = rest.last, parts.contains(String(part)) else { return nil }
    rest = trimmed(rest.dropLast())
    guard rest.last == "(" || rest.last == "[" else { return nil }
    return named(rest.dropLast(), spaced: false, volume: String(part))
  }

  /// The place in the series `text` names (ending in whitespace when `spaced`), if it names one.
  private static func named(_ text: Substring, spaced: Bool, volume: String) -> SeriesVolume? {
    let name = trimmed(text)
    guard !name.isEmpty, !spaced || name.endIndex < text.endIndex else { return nil }
    return SeriesVolume(series: String(name), volume: volume)
  }

  /// `Harry Potter series` and `Harry Potter (Series)` without the word.
  private static func withoutSeriesWord(_ name: String) -> String {
    var text = trimmed(Substring(name))
    if text.last == ")" { text = text.dropLast() }
    guard text.count >= 6, text.suffix(6).lowercased() == "series" else { return name }
    var rest = text.dropLast(6)
    if rest.last == "(" {
      rest = rest.dropLast()
    } else if let before = rest.last, before.isLetter || before.isNumber || before == "_" {
      return name  // a word ending in "series"
    }
    return String(trimmed(rest))
  }

  /// A volume as Goodreads writes it at the start of `text`: `2`, `2.5`, `1-3`.
  private static func volumeNumber(_ text: Substring) -> Substring? {
    guard let number = leadingNumber(text) else { return nil }
    let rest = text[number.endIndex...]
    guard rest.first == "-", rest.dropFirst().first.map(isDigit) == true else { return number }
    return text[..<rest.dropFirst().drop(while: isDigit).startIndex]
  }

  /// The number `text` starts with: digits, and a decimal part after a point.
  private static func leadingNumber(_ text: Substring) -> Substring? {
    let whole = text.prefix(while: isDigit)
    guard !whole.isEmpty else { return nil }
    let rest = text[whole.endIndex...]
    guard rest.first == ".", rest.dropFirst().first.map(isDigit) == true else { return whole }
    return text[..<rest.dropFirst().drop(while: isDigit).startIndex]
  }

  private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }

  /// `text` without the whitespace it ends with.
  private static func trimmed(_ text: Substring) -> Substring {
    text[..<(text.lastIndex(where: { !$0.isWhitespace }).map(text.index(after:)) ?? text.startIndex)]
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
