import BookModel
import Foundation

/// How the import formats read the fields they share: ISBNs, years, names, the reader's dates and
/// ratings, and links to Goodreads and StoryGraph.
enum ImportField {
  /// The first valid ISBN of `candidates`. When some are written but none is valid, `nil`, and an
  /// `invalid ISBN` warning for `line`: the book is imported without it.
  static func isbn(_ candidates: [String], line: Int, warnings: inout [ImportProblem]) -> ISBN? {
    let written = candidates.filter { !$0.isEmpty }
    if let isbn = written.lazy.compactMap({ ISBN($0) }).first { return isbn }
    if let first = written.first {
      warnings.append(ImportProblem(line: line, reason: "invalid ISBN", detail: first))
    }
    return nil
  }

  /// A whole number written as an integer or a float (`2008`, `2008.0`, `-720.0`); `nil` when empty.
  /// Anything else is left out with a `COLUMN is not a number` warning for `line`, and a number
  /// outside `range` with a `COLUMN is not between A and B` warning.
  static func number(
    _ text: String, column: String, in range: ClosedRange<Int> = .min ... .max, line: Int,
    warnings: inout [ImportProblem]
  ) -> Int? {
    guard !text.isEmpty else { return nil }
    guard let number = Int(text) ?? Double(text).flatMap({ Int(exactly: $0.rounded(.towardZero)) }) else {
      warnings.append(ImportProblem(line: line, reason: "\(column) is not a number", detail: text))
      return nil
    }
    guard range.contains(number) else {
      warnings.append(
        ImportProblem(
          line: line, reason: "\(column) is not between \(range.lowerBound) and \(range.upperBound)",
          detail: text))
      return nil
    }
    return number
  }

  /// The names in one comma-separated string (`J.K. Rowling, Mary GrandPré`), trimmed, without
  /// empty ones or repeats, in linear time however many there are.
  static func names(_ text: String) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for part in text.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces)
      if !name.isEmpty && seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// A day written `YYYY/MM/DD` (as Goodreads and StoryGraph write it) or `YYYY-MM-DD`; `nil` when
  /// empty. Anything else, such as a month or a year alone (`2024/09`), is left out with a
  /// `COLUMN is not a date` warning for `line`.
  static func day(
    _ text: String, column: String, line: Int, warnings: inout [ImportProblem]
  ) -> CalendarDay? {
    guard !text.isEmpty else { return nil }
    if let day = CalendarDay(text) { return day }
    warnings.append(ImportProblem(line: line, reason: "\(column) is not a date", detail: text))
    return nil
  }

  /// A rating in stars, whole or in quarters (`4`, `4.0`, `3.75`); `nil` when empty or `0`, which is
  /// how both formats write "unrated". Anything else is left out with a `COLUMN is not a rating`
  /// warning for `line`.
  static func rating(
    _ text: String, column: String, line: Int, warnings: inout [ImportProblem]
  ) -> StarRating? {
    guard !text.isEmpty, Double(text) != 0 else { return nil }
    if let rating = Double(text).flatMap(StarRating.init(stars:)) { return rating }
    warnings.append(ImportProblem(line: line, reason: "\(column) is not a rating", detail: text))
    return nil
  }

  /// A review as Goodreads and StoryGraph write it, whose line breaks are `<br/>` (or `<br>`,
  /// `<br />`), with the line breaks as newlines.
  static func review(_ html: String) -> String {
    guard html.contains("<") else { return html }
    var text = ""
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      text += rest[..<open]
      var tag = rest[rest.index(after: open)...]
      if tag.prefix(2).lowercased() == "br" {
        tag = tag.dropFirst(2).drop(while: \.isWhitespace)
        if tag.first == "/" { tag = tag.dropFirst() }
        if tag.first == ">" {
          text += "\n"
          rest = tag.dropFirst()
          continue
        }
      }
      text += "<"
      rest = rest[rest.index(after: open)...]
    }
    return text + rest
  }

  /// `count` readings ending with the `dated` ones: the readings before them, whose dates the file
  /// does not give, come first. `count` is a read count the reader checked (0 to
  /// ``ReadingRecord/maximumReadings``).
  static func readings(_ dated: [ReadingRecord.Reading], count: Int) -> [ReadingRecord.Reading] {
    Array(repeating: ReadingRecord.Reading(), count: max(count - dated.count, 0)) + dated
  }

  /// A book's page on Goodreads, which identifies the book when it has no ISBN.
  static func goodreadsURL(bookID: Int) -> String { goodreadsPages + String(bookID) }

  /// The Goodreads id in a page's URL made by ``goodreadsURL(bookID:)``; `nil` for any other URL.
  static func goodreadsBookID(url: String) -> Int? {
    guard url.hasPrefix(goodreadsPages), let id = Int(url.dropFirst(goodreadsPages.count)), id > 0 else {
      return nil
    }
    return id
  }

  private static let goodreadsPages = "https://www.goodreads.com/book/show/"

  /// A book's page on StoryGraph, whose ids are UUIDs: identifies the book when it has no ISBN.
  static func storyGraphURL(bookID: UUID) -> String {
    "https://app.thestorygraph.com/books/\(bookID.uuidString.lowercased())"
  }
}
