import BookCatalog
import BookImport
import BookModel
import Foundation
import UserLibrary

/// The formats the user's library is exported in.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// A Goodreads library export CSV, which Goodreads, StoryGraph and most reading apps import.
  case goodreads
  /// Chaek's complete JSON backup (``UserLibrary/LibraryBackup``), which `chaek import` restores.
  case json

  /// The file name an export is offered under: `chaek-goodreads-2026-03-14.csv`.
  public func fileName(on day: CalendarDay) -> String {
    switch self {
    case .goodreads: "chaek-goodreads-\(day).csv"
    case .json: "chaek-backup-\(day).json"
    }
  }

  /// The export's media type.
  public var contentType: String {
    switch self {
    case .goodreads: "text/csv; charset=utf-8"
    case .json: "application/json; charset=utf-8"
    }
  }
}

/// Writes the user's library in an ``ExportFormat``.
///
/// The JSON backup holds everything, with the photos of the books the reader added by hand (which
/// the catalog keeps) when it has the catalog and the reader. A Goodreads export holds what Goodreads can: each saved book
/// with its shelf, rating, tags (``UserLibrary/Library/ownedTag`` as an owned copy), review,
/// notes (as private notes, one after another), the day it was saved and its readings;
/// quotes and progress updates are Chaek's own and are left out (see ``BookImport/GoodreadsExport``
/// for what else Goodreads cannot hold).
public struct LibraryExport: Sendable {
  /// The library exported.
  public let library: Library
  /// The catalog holding the photos of its books added by hand, if they go in the backup.
  public let catalog: Catalog?
  /// Who the library's reader is to the catalog's books added by hand (``Chaek/owner(_:)``).
  public let owner: String?

  /// An export of `library`, with the photos `catalog` holds of the books `owner` added by hand.
  public init(library: Library, catalog: Catalog? = nil, owner: String? = nil) {
    self.library = library
    self.catalog = catalog
    self.owner = owner
  }

  /// The export in `format`.
  public func data(_ format: ExportFormat) async throws -> Data {
    try await export(format).data
  }

  /// The export in `format`, and the number of saved books in it (read in the same snapshot).
  public func export(_ format: ExportFormat) async throws -> (data: Data, books: Int) {
    var backup = try await library.backup()
    switch format {
    case .json:
      if let catalog, let owner {
        backup.covers = try await Self.covers(of: backup.books, addedBy: owner, in: catalog)
      }
      return (try backup.encoded(), backup.books.count)
    case .goodreads:
      return (Data(GoodreadsExport.csv(backup.books.map(Self.record)).utf8), backup.books.count)
    }
  }

  /// The photos `catalog` holds of the books of `entries` that `owner` added by hand, in their
  /// order.
  static func covers(of entries: [LibraryBackup.SavedEntry], addedBy owner: String, in catalog: Catalog)
    async throws -> [LibraryBackup.Cover]
  {
    var covers: [LibraryBackup.Cover] = []
    for entry in entries where entry.book.isAddedByHand {
      let key = try Catalog.handKey(of: entry.book)
      if let cover = try await catalog.cover(key: key, addedBy: owner) {
        covers.append(LibraryBackup.Cover(key: key, kind: cover.kind, image: cover.image))
      }
    }
    return covers
  }

  /// A saved book and its journal as a reading app's record.
  static func record(_ entry: LibraryBackup.SavedEntry) -> (book: Book, record: ReadingRecord) {
    let notes = entry.notes.filter { $0.kind == .note }.map(\.text).joined(separator: Library.notesSeparator)
    // Goodreads keeps the last reading's day: the readings in the order they finished, unfinished last.
    let readings = entry.sessions.enumerated().sorted { a, b in
      switch (a.element.finished, b.element.finished) {
      case (let x?, let y?) where x != y: x < y
      case (.some, nil): true
      case (nil, .some): false
      default: a.offset < b.offset
      }
    }.map { ReadingRecord.Reading(started: $0.element.started, finished: $0.element.finished) }
    let added = entry.savedDate.map { CalendarDay.today(now: $0) }
    let record = ReadingRecord(
      shelf: entry.shelf, rating: entry.rating, tags: entry.tags.filter { $0 != Library.ownedTag },
      review: entry.review, notes: notes, added: added,
      readings: readings,
      pages: entry.pages, owned: entry.tags.contains(Library.ownedTag))
    return (entry.book, record)
  }
}
