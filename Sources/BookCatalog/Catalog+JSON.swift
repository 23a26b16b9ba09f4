import BookModel
import Foundation

/// How the catalog stores a book: its JSON, in the `book` column.
extension Catalog {
  /// A book's stored JSON, keys sorted so that equal books are equal texts (as `JSONEncoder`
  /// with sorted keys writes it, which wrote the catalogs of earlier versions).
  static func encode(_ book: Book) -> String {
    book.jsonString(escapingSlashes: true)
  }

  /// The book of a stored JSON text.
  static func decode(_ json: String) throws -> Book {
    try Book(json: json)
  }
}
