import BookModel
import Foundation
import Storage

/// How the catalog stores a book: its JSON, packed (see ``PackedJSON``), in the `book` column.
extension Catalog {
  /// A book's stored form: its JSON, keys sorted so that equal books are equal texts (as
  /// `JSONEncoder` with sorted keys writes it, which wrote the catalogs of earlier versions),
  /// packed.
  static func encode(_ book: Book) -> Data {
    PackedJSON.pack(book.jsonString(escapingSlashes: true))
  }

  /// The book of a stored form: packed, or JSON as earlier versions stored it.
  static func decode(_ stored: Data) throws -> Book {
    try Book(json: PackedJSON.unpack(stored))
  }
}

extension Catalog {
  /// Packs the books earlier versions stored as JSON text, a thousand rows a statement. Their
  /// index stays as it is: the books are the same.
  static let packingMigration = Migration("pack stored books") { connection in
    var last = 0
    while true {
      let rows = try connection.query(
        "SELECT rowid, book FROM books WHERE rowid > ? AND typeof(book) = 'text' ORDER BY rowid LIMIT 1000",
        [last]
      ) { (rowid: $0.int(0), book: try decode($0.data(1))) }
      guard let final = rows.last else { return }
      for row in rows {
        try connection.run("UPDATE books SET book = ? WHERE rowid = ?", [encode(row.book), row.rowid])
      }
      last = final.rowid
    }
  }
}
