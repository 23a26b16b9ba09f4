import BookModel

/// The journal's values as the command line gives them, read before anything changes: a value that
/// cannot be read is a usage error (exit 2) that names the forms accepted.
extension Arguments {
  /// The day `--date` gives (`YYYY-MM-DD`), else `today`.
  func day(_ option: Option, default today: CalendarDay) throws(CLIError) -> CalendarDay {
    guard let text = text(option) else { return today }
    guard let day = CalendarDay(text) else {
      throw .usage("--\(option.name) must be a date as YYYY-MM-DD, such as 2026-03-14 (got '\(text)')")
    }
    return day
  }

  /// The operands after the book: the text of a note, quote or review, words joined by spaces.
  func text(after count: Int) -> String {
    positionals.dropFirst(count).joined(separator: " ")
  }
}

/// Reads the operands that are journal values.
enum JournalInput {
  /// A rating as people give it: `4.5`, half stars from 0.5 to 5.
  static func rating(_ text: String) throws(CLIError) -> StarRating {
    guard let stars = Double(text), let rating = StarRating(halfStars: stars) else {
      throw .usage("a rating is 0.5 to 5 in half stars: 0.5, 1, 1.5, … 4.5, 5 (got '\(text)')")
    }
    return rating
  }

  /// How far: `120/352` (page of pages), `120` (a page) or `45%`.
  static func amount(_ text: String) throws(CLIError) -> ReadingAmount {
    guard let amount = ReadingAmount(text) else {
      throw .usage(
        "progress is PAGE/PAGES, PAGE or PERCENT%, such as 120/352, 120 or 45% "
          + "(a page past the last, or a percentage above 100, is refused) (got '\(text)')")
    }
    return amount
  }

  /// A shelf by its name (`want`, `reading`, `read`, `dnf`) or its Korean name (`읽는 중`, spaces
  /// optional).
  static func shelf(_ text: String) throws(CLIError) -> Shelf {
    let squeezed = text.filter { !$0.isWhitespace }
    guard
      let shelf = Shelf(rawValue: text.lowercased())
        ?? Shelf.allCases.first(where: { $0.name.filter { !$0.isWhitespace } == squeezed })
    else {
      throw .usage(
        "a shelf is "
          + Shelf.allCases.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ")
          + " (got '\(text)')")
    }
    return shelf
  }
}
