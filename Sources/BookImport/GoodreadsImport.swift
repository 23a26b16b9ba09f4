import BookModel
import Foundation

/// Reads a Goodreads library export (`goodreads_library_export.csv`), matching columns by name, so
/// both its 24-column and older 31-column layouts, in any order, read the same.
///
/// The book:
/// - `ISBN` and `ISBN13` come wrapped as formulas (`="0441013597"`, `=""`); the first valid one is
///   the book's ISBN. Without one, the book is identified by its Goodreads page (`Book Id`), else
///   (a row ``GoodreadsExport`` wrote for a book neither from Goodreads nor with an ISBN) by its
///   title, authors and publisher.
/// - `Author` and the comma-separated `Additional Authors` are the authors; `Publisher` the
///   publisher; `Original Publication Year`, else `Year Published`, the date (January 1).
///
/// The reader's own data (``ImportedBook/reading``), from the columns the file has; a value that
/// cannot be read is left out with a warning, and the rest of the row is imported:
/// - `Exclusive Shelf`: `to-read`, `currently-reading`, `read`; any other exclusive shelf is one the
///   reader made for books they gave up (`did-not-finish`, `dnf`, `abandoned`): ``Shelf/dnf``.
/// - `Bookshelves`, comma-separated: the shelves besides the exclusive one are the tags.
/// - `My Rating`: whole stars, `0` for unrated.
/// - `Date Read` is the day the last reading finished. A book on the `read` shelf was read
///   `Read Count` times (0 to ``ReadingRecord/maximumReadings``), the earlier readings undated; a
///   `Date Read` is always at least one reading.
/// - `Date Added`; `My Review`, whose `<br/>` are line breaks; `Private Notes`; `Number of Pages`
///   (within ``BookModel/BookLength/pages``); `Owned Copies` above 0 means owned.
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
    var warnings: [ImportProblem] = []
    let isbn = ImportField.isbn(
      [unwrapped(row["ISBN13"]), unwrapped(row["ISBN"])], line: row.line, warnings: &warnings)
    let bookID = Int(row["Book Id"]).flatMap { $0 > 0 ? $0 : nil }
    guard bookID != nil || row["Book Id"].isEmpty else {
      return .skipped(
        ImportProblem(line: row.line, reason: "Book Id is not a number", detail: row["Book Id"]))
    }
    let year =
      row.number("Original Publication Year", warnings: &warnings)
      ?? row.number("Year Published", warnings: &warnings)
    let book = Book(
      title: title,
      url: bookID.map(ImportField.goodreadsURL(bookID:)) ?? "",
      isbn: isbn?.kakaoNotation ?? "",
      datetime: year.flatMap(KakaoDate.firstOfJanuary),
      authors: ImportField.names(row["Author"] + "," + row["Additional Authors"]),
      publisher: row["Publisher"]
    )
    let reading = record(row, warnings: &warnings)
    return .book(ImportedBook(book: book, reading: reading, line: row.line), warnings: warnings)
  }

  private static func record(_ row: CSVTable.Row, warnings: inout [ImportProblem]) -> ReadingRecord {
    let exclusive = row["Exclusive Shelf"]
    let shelf = exclusive.isEmpty ? nil : Shelf(exchangeName: exclusive) ?? .dnf
    let lastFinished = row.day("Date Read", warnings: &warnings)
    let readCount =
      row.number("Read Count", in: 0...ReadingRecord.maximumReadings, warnings: &warnings) ?? 0
    return ReadingRecord(
      shelf: shelf,
      rating: row.rating("My Rating", warnings: &warnings),
      tags: ImportField.names(row["Bookshelves"]).filter { $0 != exclusive },
      review: ImportField.review(row.written("My Review")),
      notes: row["Private Notes"],
      added: row.day("Date Added", warnings: &warnings),
      readings: ImportField.readings(
        lastFinished.map { [ReadingRecord.Reading(finished: $0)] } ?? [],
        count: shelf == .read ? readCount : 0),
      pages: row.number("Number of Pages", in: BookLength.pages, warnings: &warnings),
      owned: (row.number("Owned Copies", warnings: &warnings) ?? 0) > 0
    )
  }

  /// `="0441013597"` → `0441013597`; `=""` → empty.
  private static func unwrapped(_ text: String) -> String {
    guard text.hasPrefix("=") else { return text }
    return text.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
  }
}
