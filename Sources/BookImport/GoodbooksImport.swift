import BookModel
import Foundation

/// Reads the goodbooks-10k dataset's `books.csv`, repairing its known defects.
///
/// - `isbn` lost its leading zeros (`439023483`): it is padded to 10 characters and checked; the
///   ISBN-13 is derived from it, never from `isbn13`, which was stored as a float and lost digits.
///   A book without a valid ISBN is identified by its Goodreads page (`goodreads_book_id`).
/// - `title` is kept whole, series included (`The Hunger Games (The Hunger Games, #1)`), as
///   Goodreads shows it; the series is searchable as part of the title.
/// - `authors` is one comma-separated string; `original_publication_year` a float (`2008.0`), kept
///   as January 1 of the year when it is plausible; `ratings_count` is the popularity; `image_url`
///   is the thumbnail unless it is Goodreads' "nophoto" placeholder.
struct GoodbooksImport: ImportReader {
  /// The columns a file must have to be read as goodbooks-10k.
  static let requiredColumns: Set = [
    "goodreads_book_id", "isbn", "authors", "original_publication_year", "title", "ratings_count",
    "image_url",
  ]

  private var table: CSVTable

  init(_ window: ByteWindow) throws(ImportError) {
    table = try CSVTable(window, format: .goodbooks, required: Self.requiredColumns)
  }

  var bytesRead: Int { table.bytesRead }

  mutating func next() -> ImportRow? { table.next(Self.book) }

  // MARK: - Mapping

  private static func book(_ row: CSVTable.Row) -> ImportRow {
    let title = row["title"]
    guard !title.isEmpty else { return .skipped(ImportProblem(line: row.line, reason: "no title")) }
    guard let bookID = Int(row["goodreads_book_id"]), bookID > 0 else {
      return .skipped(
        ImportProblem(
          line: row.line, reason: "goodreads_book_id is not a number", detail: row["goodreads_book_id"]))
    }
    var warnings: [ImportProblem] = []
    let isbn = ImportField.isbn([paddedISBN10(row["isbn"])], line: row.line, warnings: &warnings)
    let year = ImportField.number(
      row["original_publication_year"], column: "original_publication_year", line: row.line,
      warnings: &warnings)
    let ratings = ImportField.number(
      row["ratings_count"], column: "ratings_count", line: row.line, warnings: &warnings)
    let image = row["image_url"]
    let book = Book(
      title: title,
      url: ImportField.goodreadsURL(bookID: bookID),
      isbn: isbn?.kakaoNotation ?? "",
      datetime: year.flatMap(KakaoDate.firstOfJanuary),
      authors: ImportField.names(row["authors"]),
      thumbnail: image.contains("/nophoto/") ? "" : image
    )
    return .book(
      ImportedBook(book: book, popularity: max(ratings ?? 0, 0), line: row.line), warnings: warnings)
  }

  /// `439023483` → `0439023483`: the ISBN-10 with the leading zeros a spreadsheet dropped.
  private static func paddedISBN10(_ text: String) -> String {
    guard !text.isEmpty, text.count < 10 else { return text }
    return String(repeating: "0", count: 10 - text.count) + text
  }
}
