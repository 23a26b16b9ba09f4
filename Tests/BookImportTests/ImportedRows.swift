import BookModel
import Testing

@testable import BookImport

/// Everything an import reader yields for a file, without a sink.
struct ImportedRows {
  var books: [ImportedBook] = []
  var skipped: [ImportProblem] = []
  var warnings: [ImportProblem] = []

  init(_ text: String, as format: ImportFormat) throws {
    var reader = try format.reader(for: Array(text.utf8))
    while let row = reader.next() {
      switch row {
      case .book(let book, let rowWarnings):
        books.append(book)
        warnings += rowWarnings
      case .skipped(let problem):
        skipped.append(problem)
      }
    }
  }

  /// The book with this title.
  func book(_ title: String) throws -> ImportedBook {
    try #require(books.first { $0.book.title == title }, "no book titled \(title)")
  }

  /// The reader's record of the book with this title.
  func record(_ title: String) throws -> ReadingRecord {
    try #require(try book(title).reading, "no reader's data for \(title)")
  }
}

/// The day written `YYYY-MM-DD`, for fixtures whose days are known to be valid.
func day(_ text: String) -> CalendarDay {
  guard let day = CalendarDay(text) else { preconditionFailure("not a day: \(text)") }
  return day
}

/// A rating of `stars`, for fixtures whose ratings are known to be valid.
func stars(_ stars: Double) -> StarRating {
  guard let rating = StarRating(stars: stars) else { preconditionFailure("not a rating: \(stars)") }
  return rating
}
