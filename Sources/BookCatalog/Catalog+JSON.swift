import BookModel
import Foundation

/// How the catalog stores a book: its JSON, in the `book` column.
extension Catalog {
  /// A book's stored JSON, keys sorted so that equal books are equal texts.
  static func encode(_ book: Book) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(book), as: UTF8.self)
  }

  static func decode(_ json: String) throws -> Book {
    try JSONDecoder().decode(Book.self, from: Data(json.utf8))
  }
}
