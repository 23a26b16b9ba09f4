import BookImport
import BookModel
import Foundation
import Storage

/// What the last import of a book's record said, kept in `imported_records` so that importing again
/// is a three-way merge: the file now, the file then, and the journal now. A value the file says
/// again as it said it then is no news, whatever the reader did since; a value it says anew is taken
/// unless the reader changed that field in Chaek since (the reader's value differs from what the
/// file said then).
struct ImportedRecord: Codable, Equatable {
  var shelf: Shelf?
  /// The rating in quarter stars.
  var rating: Int?
  var review: String
  var pages: Int?
  /// The tags as the journal keeps them (``Library/normalizedTags(_:)``), the owned tag among them.
  var tags: [String]
  /// The private notes, trimmed.
  var notes: String
  var readings: [Days]

  /// A reading's two days, `YYYY-MM-DD` or `nil`.
  struct Days: Codable, Hashable {
    var started: String?
    var finished: String?
  }

  /// The record as the journal compares it.
  init(_ record: ReadingRecord) {
    shelf = record.shelf
    rating = record.rating?.quarters
    review = record.review
    pages = record.pages
    tags = JournalText.normalizedTags((record.owned ? [Library.ownedTag] : []) + record.tags)
    notes = record.notes.trimmingCharacters(in: .whitespacesAndNewlines)
    readings = record.readings.map {
      Days(started: $0.started?.description, finished: $0.finished?.description)
    }
  }

  /// The readings of `record` that are news against this earlier one: as many of each as `record`
  /// has beyond those this one had.
  func newReadings(of record: ReadingRecord) -> [ReadingRecord.Reading] {
    var earlier = Dictionary(readings.map { ($0, 1) }, uniquingKeysWith: +)
    return record.readings.filter { reading in
      let days = Days(started: reading.started?.description, finished: reading.finished?.description)
      guard let count = earlier[days], count > 0 else { return true }
      earlier[days] = count - 1
      return false
    }
  }

  // MARK: - Rows

  /// The record the last import of `id` wrote, or `nil` when none did.
  static func last(of id: BookID, on connection: any SQLSession) throws -> ImportedRecord? {
    try connection.fetchFirst("SELECT record FROM imported_records WHERE book_id = ?", [id.rawValue]) {
      try JSONDecoder().decode(ImportedRecord.self, from: Data($0.text(0).utf8))
    }
  }

  /// Keeps this record as the last import of `id`.
  func store(as id: BookID, on connection: any SQLSession) throws {
    try connection.run(
      """
      INSERT INTO imported_records (book_id, record) VALUES (?, ?)
      ON CONFLICT (book_id) DO UPDATE SET record = excluded.record
      """,
      [id.rawValue, String(decoding: try JSONEncoder().encode(self), as: UTF8.self)])
  }
}
