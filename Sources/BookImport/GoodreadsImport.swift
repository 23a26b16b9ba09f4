import BookModel
import Foundation

/// Reads a Goodreads library export (`goodreads_library_export.csv`), matching columns by name, so
/// both its 24-column and older 31-column layouts, in any order, read the same.
///
/// - `ISBN` and `ISBN13` come wrapped as formulas (`="0441013597"`, `=""`); the first valid one is
///   the book's ISBN. Without one, the book is identified by its Goodreads page (`Book Id`).
/// - `Author` and the comma-separated `Additional Authors` are the authors; `Publisher` the
///   publisher; `Original Publication Year`, else `Year Published`, the date (January 1).
/// - The reader's own data (ratings, shelves, review, notes) belongs to them, not to the catalog,
///   and is not imported.
struct GoodreadsImport: ImportReader {
  /// The columns a file must have to be read as a Goodreads export.
  static let requiredColumns: Set = ["Book Id", "Title", "Author", "ISBN", "ISBN13"]

  private var table: CSVTable

  init(_ window: ByteWindow) throws(ImportError) {
    table = try CSVTable(window, format: .goodreads, required: Self.requiredColumns)
  }

  var bytesRead: Int { table.bytesRead }

  mutating func next() -> ImportRow? { table.next(Self.book) }

  // MARK: - Mapping

  private static func book(_ row: CSVTable.Row) -> ImportRow {
    let title = row["Title"]
    guard !title.isEmpty else { return .skipped(ImportProblem(line: row.line, reason: "no title")) }
    guard let bookID = Int(row["Book Id"]), bookID > 0 else {
      return .skipped(
        ImportProblem(line: row.line, reason: "Book Id is not a number", detail: row["Book Id"]))
    }
    var warnings: [ImportProblem] = []
    let isbn = ImportField.isbn(
      [unwrapped(row["ISBN13"]), unwrapped(row["ISBN"])], line: row.line, warnings: &warnings)
    func year(_ column: String) -> Int? {
      ImportField.number(row[column], column: column, line: row.line, warnings: &warnings)
    }
    let book = Book(
      title: title,
      url: ImportField.goodreadsURL(bookID: bookID),
      isbn: isbn?.kakaoNotation ?? "",
      datetime: (year("Original Publication Year") ?? year("Year Published")).flatMap(
        KakaoDate.firstOfJanuary),
      authors: ImportField.names(row["Author"] + "," + row["Additional Authors"]),
      publisher: row["Publisher"]
    )
    return .book(book, popularity: 0, warnings: warnings)
  }

  /// `="0441013597"` → `0441013597`; `=""` → empty.
  private static func unwrapped(_ text: String) -> String {
    guard text.hasPrefix("=") else { return text }
    return text.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
  }
}
