import SearchIndex
import Storage

/// The books' descriptions, as keys, for the index's phrase checks (``StoredField/contents``):
/// too long to store twice, so read from the stored books when a phrase is not in a shorter field.
struct BookDescriptions: TextSupplier {
  func texts(of field: StoredField, for ids: [Int], on connection: Connection) throws -> [Int: String] {
    var texts: [Int: String] = [:]
    try connection.forEachRow(
      "SELECT rowid, book FROM books WHERE rowid IN (SELECT value FROM json_each(?))", [IntegerList(ids)]
    ) { texts[$0.int(0)] = Analyzer.key(try Catalog.decode($0.data(1)).contents) }
    return texts
  }
}
