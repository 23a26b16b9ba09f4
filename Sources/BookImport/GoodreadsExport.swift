import BookModel
import Foundation

/// Writes the reader's library as a Goodreads library export (`goodreads_library_export.csv`), in
/// Goodreads' current 24-column layout, for Goodreads' own import and every app that reads its
/// export.
///
/// The file is written as Goodreads writes it: UTF-8 without a byte-order mark, LF line ends, a
/// field quoted only when it holds a comma, a quote or a line break (RFC 4180), ISBNs as formulas
/// (`="0441013597"`, `=""`), days as `YYYY/MM/DD`, the exclusive shelf (`to-read`,
/// `currently-reading`, `read`, `did-not-finish`) listed first in `Bookshelves` unless it is `read`.
/// `Book Id` is the book's Goodreads id when its page is a Goodreads page, else empty.
///
/// ``GoodreadsImport`` reads the file back to the same records, but for what Goodreads cannot hold:
/// - the rating, in whole stars only: a rating is rounded half up (3.5 → 4, 3.25 → 3), and the
///   lowest, 0.25, becomes 1 rather than 0, which Goodreads writes for unrated;
/// - of the readings, Goodreads holds their number (`Read Count`) and the day the last one finished
///   (`Date Read`): the days readings started and the days the earlier ones finished are lost, and
///   as Goodreads counts readings on the `read` shelf only, a book on another shelf keeps its last
///   reading alone, and only when the day it finished is known;
/// - a book with neither an ISBN nor a Goodreads page has no identity in the file (its `Book Id`
///   and ISBNs are empty): it is read back by its title, authors and publisher;
/// - tags as Goodreads shelves: a tag's commas split it, repeats and a tag named like the book's
///   exclusive shelf are dropped;
/// - `<br/>` (or `<br>`) typed in a review, which reads back as a line break, and the kind of its
///   line breaks (`\r\n`, U+2028 and every other line break read back as `\n`); white space at
///   either end of the notes.
///
/// Of the book, the title, authors, ISBNs, publisher and year (as `Year Published`) are written;
/// what only Goodreads knows (`Average Rating`, `Binding`, `Original Publication Year`, `Spoiler`)
/// is left empty.
public enum GoodreadsExport {
  /// Goodreads' header, the columns in its order.
  public static let columns = [
    "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
    "Original Publication Year", "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions",
    "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count", "Owned Copies",
  ]

  /// The export of `library`: each book with the reader's record of it, in the order given.
  public static func csv(_ library: [(book: Book, record: ReadingRecord)]) -> String {
    var positions: [String: Int] = [:]
    var lines = [line(columns)]
    for (book, record) in library {
      let shelves = shelves(record)
      let numbered = shelves.map { shelf in
        let position = (positions[shelf] ?? 0) + 1
        positions[shelf] = position
        return "\(shelf) (#\(position))"
      }
      lines.append(line(fields(book, record, shelves: shelves, positions: numbered)))
    }
    return lines.joined()
  }

  // MARK: - Fields

  /// The row's fields in the order of ``columns``; Goodreads' own figures are left empty.
  private static func fields(
    _ book: Book, _ record: ReadingRecord, shelves: [String], positions: [String]
  ) -> [String] {
    let isbn = book.isbns.first
    let fields: [String: String] = [
      "Book Id": ImportField.goodreadsBookID(url: book.url).map(String.init) ?? "",
      "Title": book.title,
      "Author": book.authors.first ?? "",
      "Author l-f": book.authors.first.map(lastNameFirst) ?? "",
      "Additional Authors": book.authors.dropFirst().joined(separator: ", "),
      "ISBN": formula(isbn?.isbn10 ?? ""),
      "ISBN13": formula(isbn?.isbn13 ?? ""),
      "My Rating": String(record.rating.map(wholeStars) ?? 0),
      "Publisher": book.publisher,
      "Number of Pages": record.pages.map(String.init) ?? "",
      "Year Published": book.datetime.map { String(KakaoDate.year(of: $0)) } ?? "",
      "Date Read": record.readings.last?.finished.map(slashed) ?? "",
      "Date Added": record.added.map(slashed) ?? "",
      "Bookshelves": shelves.joined(separator: ", "),
      "Bookshelves with positions": positions.joined(separator: ", "),
      "Exclusive Shelf": record.shelf?.exchangeName ?? "",
      "My Review": record.review.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        .joined(separator: "<br/>"),
      "Private Notes": record.notes,
      "Read Count": String(record.readings.count),
      "Owned Copies": record.owned ? "1" : "0",
    ]
    return columns.map { fields[$0] ?? "" }
  }

  /// The book's shelves as Goodreads lists them: the exclusive one first, unless it is `read`, then
  /// the tags.
  private static func shelves(_ record: ReadingRecord) -> [String] {
    let exclusive = record.shelf?.exchangeName
    let tags = ImportField.names(record.tags.joined(separator: ",")).filter { $0 != exclusive }
    guard let exclusive, record.shelf != .read else { return tags }
    return [exclusive] + tags
  }

  /// `Frank Herbert` → `Herbert, Frank`; a name of one word (`한강`) as it is.
  private static func lastNameFirst(_ name: String) -> String {
    let words = name.split(separator: " ")
    guard let last = words.last, words.count > 1 else { return name }
    return "\(last), \(words.dropLast().joined(separator: " "))"
  }

  /// Rounded half up to whole stars, at least 1.
  private static func wholeStars(_ rating: StarRating) -> Int { max((rating.quarters + 2) / 4, 1) }

  /// `="0441013597"`: how Goodreads keeps spreadsheets from reading an ISBN as a number.
  private static func formula(_ isbn: String) -> String { "=\"\(isbn)\"" }

  /// `2026/03/14`.
  private static func slashed(_ day: CalendarDay) -> String {
    day.description.replacingOccurrences(of: "-", with: "/")
  }

  // MARK: - CSV

  /// One record, each field quoted when it holds a comma, a quote or a line break, ended by LF.
  private static func line(_ fields: [String]) -> String {
    fields.map { field in
      guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
      return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }.joined(separator: ",") + "\n"
  }
}
