import BookModel
import Foundation
import SearchIndex
import Storage

/// The catalog's search index (see ``InvertedIndex``), in `catalog.sqlite` beside the books: a book
/// is a document whose id is its rowid, whose rank is its popularity and whose day its
/// publication date, with these fields.
extension Catalog {
  /// The index: its stored fields, and the version of what ``document(of:rowid:popularity:)`` makes
  /// of a book. Raise the version with any change to the mapping; every catalog is then
  /// reindexed when next opened.
  static let searchIndex = InvertedIndex(
    storedFields: [.title, .titleInitials, .people, .publisher, .peopleInitials], documentVersion: 3)

  /// The texts a phrase matched in a field is checked in: a field's key, and for `any` the
  /// description too.
  static let phraseFields: [Field: [StoredField]] = [
    .any: [.title, .people, .publisher, .contents], .title: [.title], .people: [.people],
    .publisher: [.publisher], .titleInitials: [.titleInitials], .peopleInitials: [.peopleInitials],
  ]

  /// A book as the index holds it.
  static func document(of book: Book, rowid: Int, popularity: Int) -> Document {
    IndexedBook(book).document(rowid: rowid, popularity: popularity)
  }

  /// What a book suggests while a user types (see ``Catalog/suggestions(for:limit:)``): its title,
  /// and each of its authors and translators.
  static func suggestions(of book: Book) -> [Field: [String]] {
    [.title: [book.title], .people: book.authors + book.translators].mapValues { $0.filter { !$0.isEmpty } }
  }

  /// Every term of a book, some perhaps more than once.
  static func terms(of book: Book) -> [Term] { AnalyzedBook(book).terms }

  /// A book's publication day as a number that sorts by date (0 when unknown).
  static func day(of book: Book) -> UInt32 {
    guard let published = book.datetime, let (year, month, day) = KakaoDate.calendarDay(of: published),
      year >= 0
    else { return 0 }
    return UInt32(clamping: year * 372 + (month - 1) * 31 + (day - 1))
  }

  // MARK: - Rebuilding

  /// Rebuilds the index from every stored book (see ``SearchIndex/IndexBuilder``), a chunk of
  /// rowids at a time: each chunk's books are read here, then decoded, analyzed and gathered into
  /// the chunk on a thread of its own, as many chunks at once as there are cores (up to four, the
  /// one being written included), while the chunks before them are written.
  static func reindex(on connection: Connection) throws {
    var builder = try searchIndex.builder(on: connection)
    var building: [OrderedParts<Result<IndexChunk, any Error>>] = []  // the oldest first
    var next = 0  // the first rowid not read
    /// Reads the next chunk that holds books and starts gathering it; `false` after the last.
    func startChunk() throws -> Bool {
      guard
        let first = try connection.first(
          "SELECT rowid FROM books WHERE rowid >= ? ORDER BY rowid LIMIT 1", [next], { $0.int(0) })
      else { return false }
      let empty = builder.chunk(IndexChunk.number(of: first))
      next = empty.ids.upperBound
      let rows = try connection.query(
        "SELECT rowid, book, popularity FROM books WHERE rowid >= ? AND rowid < ? ORDER BY rowid",
        [first, next]
      ) { StoredRow(rowid: $0.int(0), stored: $0.data(1), popularity: $0.int(2)) }
      building.append(
        OrderedParts(count: 1) { _ in
          [
            Result {
              var chunk = empty
              chunk.reserveCapacity(documents: rows.count)
              for row in rows {
                chunk.add(try document(of: decode(row.stored), rowid: row.rowid, popularity: row.popularity))
              }
              chunk.seal()
              return chunk
            }
          ]
        })
      return true
    }
    // Each chunk held costs tens of MB: four at most, whatever the number of cores.
    let held = min(4, ProcessInfo.processInfo.activeProcessorCount)
    while building.count < held, try startChunk() {}
    while !building.isEmpty {
      try builder.add(building.removeFirst()[0].get())
      _ = try startChunk()  // after the write, so that no more chunks than that are held at once
    }
    try builder.finish()
  }

  /// A book as stored, to be indexed.
  struct StoredRow: Sendable {
    let rowid: Int
    let stored: Data
    let popularity: Int
  }

  /// Rebuilds an index written with other versions than today's, or left stale by an import that
  /// did not end (see ``beginImport(resuming:)``), when the catalog opens (and, for an old
  /// catalog, before the migrations that use the index).
  static let searchIndexCheck = Migration.atEveryOpen("rebuild a search index of other versions") {
    try reindexIfNotCurrent(on: $0)
  }

  /// Rebuilds the index when it is not current: of other versions, or left stale by an import.
  static func reindexIfNotCurrent(on connection: Connection) throws {
    if try !searchIndex.isCurrent(on: connection) { try reindex(on: connection) }
  }
}

extension Book {
  /// The book's authors, then its translators, as one text: what the catalog searches as people.
  public var people: String { (authors + translators).joined(separator: ", ") }
}
