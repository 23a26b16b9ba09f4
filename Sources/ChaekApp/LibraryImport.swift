import BookCatalog
import BookImport
import BookModel
import Foundation
import UserLibrary

/// Imports a file of books into the catalog and, from the exports of reading apps that carry the
/// reader's own data (a Goodreads library export, a StoryGraph export), into the user's journal;
/// then the reader's books follow the catalog records the import replaced.
///
/// Each book of such a file is matched to a book Chaek knows: by its ISBN, else by its title and
/// authors against the catalog (a Kindle edition without an ISBN finds the catalog's record), else
/// it is added. Its record is then merged into the journal (``UserLibrary/Library/mergeImported(_:today:)``),
/// so importing the same file again changes nothing. What the journal cannot keep of a record (a
/// tag too long, the tags beyond a book's maximum, a review or note too long) is left out and
/// reported among the import's warnings, on the book's line.
///
/// Errors are the ``BookImport/Importer``'s: a file that cannot be read as its format changes
/// nothing; another import into the same catalog is refused before it starts
/// (``BookImport/ImportFailure/anotherImportRunning``); an import that stops partway on a database
/// or file error keeps what it stored (``BookImport/ImportFailure/interrupted(storedBooks:cause:)``).
public struct LibraryImport: Sendable {
  /// Where the books go.
  public let catalog: Catalog
  /// Where the reader's data goes.
  public let library: Library

  /// An import into `catalog` and `library`.
  public init(catalog: Catalog, library: Library) {
    self.catalog = catalog
    self.library = library
  }

  /// Imports the file at `url`, read as `format` a chunk at a time; `today` dates notes that have
  /// no day of their own.
  public func run(
    contentsOf url: URL, format: ImportFormat, today: CalendarDay = .today(),
    progress: (ImportProgress) -> Void = { _ in }
  ) async throws -> LibraryImportReport {
    let sink = JournalSink(catalog: catalog, library: library, format: format, today: today)
    let books = try await Importer(format: format).read(contentsOf: url, into: sink, progress: progress)
    return try await report(books, sink)
  }

  /// Imports a whole file held in `data` (see ``run(contentsOf:format:today:progress:)``).
  public func run(_ data: Data, format: ImportFormat, today: CalendarDay = .today()) async throws
    -> LibraryImportReport
  {
    let sink = JournalSink(catalog: catalog, library: library, format: format, today: today)
    let books = try await Importer(format: format).read(data, into: sink)
    return try await report(books, sink)
  }

  /// The import's report, once the saved and viewed books follow the records it replaced (a
  /// starter book by the same book with an ISBN).
  private func report(_ books: ImportReport, _ sink: JournalSink) async throws
    -> LibraryImportReport
  {
    let followed = try await DataHome.followReplacedBooks(catalog: catalog, library: library)
    return LibraryImportReport(books: books, journal: await sink.report(), followed: followed)
  }
}

/// What an import did: to the catalog's books, and to the journal when the file carries the reader's
/// own data.
public struct LibraryImportReport: Sendable {
  /// The books read, skipped and stored in the catalog.
  public let books: ImportReport
  /// What the reader's data did; `nil` for files without it.
  public let journal: JournalImportReport?
  /// The saved and recently viewed books moved to the record that replaced theirs.
  public let followed: Int
}

/// How the books of a reading app's export were matched and what their journals took.
public struct JournalImportReport: Sendable, Equatable {
  /// How a book of the file was found.
  public enum Match: String, Sendable, Equatable {
    /// By its identity, as a book Chaek already knew: its ISBN-13, else its page (a Goodreads or
    /// StoryGraph address).
    case identity
    /// By its title and authors, as a book of the catalog.
    case title
    /// Not found: it was added.
    case added
  }

  /// One book of the file.
  public struct Row: Sendable, Equatable {
    /// The line its row starts on.
    public let line: Int
    /// Its title, as Chaek keeps it.
    public let title: String
    /// The book it became.
    public let id: BookID
    /// How it was found.
    public let match: Match
    /// What its journal took.
    public let journal: JournalMerge
    /// Whether its journal kept a change the reader made in Chaek over the file's value.
    public let keptReaderChanges: Bool
  }

  /// Every book of the file, in order.
  public let rows: [Row]

  /// The number of rows matched or added so.
  public func count(_ match: Match) -> Int { rows.count { $0.match == match } }
  /// The number of rows whose journal changed so.
  public func count(_ journal: JournalMerge) -> Int { rows.count { $0.journal == journal } }
  /// The number of rows whose journal kept the reader's changes over the file's values.
  public var keptReaderChanges: Int { rows.count(where: \.keptReaderChanges) }
}

/// Stores an import's books in the catalog and merges the reader's data of each into the journal.
private actor JournalSink: ImportSink {
  let catalog: Catalog
  let library: Library
  let format: ImportFormat
  let today: CalendarDay
  private var rows: [JournalImportReport.Row] = []

  init(catalog: Catalog, library: Library, format: ImportFormat, today: CalendarDay) {
    (self.catalog, self.library, self.format, self.today) = (catalog, library, format, today)
  }

  /// Starts the catalog's import, which indexes each batch as it is stored when rows are matched
  /// by a search of their title.
  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    try await catalog.beginImport(resuming: file, searchedMeanwhile: format.carriesReadings)
  }

  /// Stores a batch; `checkpoint` only comes with books that carry no reader's data (see
  /// ``BookImport/Importer/read(contentsOf:into:progress:)``), which go to the catalog alone.
  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    var stored: [ImportedBook] = []
    var matched: [(imported: ImportedBook, book: Book, match: JournalImportReport.Match)] = []
    for imported in batch {
      guard imported.reading != nil else {
        stored.append(imported)
        continue
      }
      let book = imported.book
      var known = try await library.contains(book.id)
      if !known { known = try await catalog.book(book.id) != nil }
      if known {
        stored.append(imported)
        matched.append((imported, book, .identity))
      } else if book.isbn13 == nil,
        let record = try await catalog.record(ofTitle: book.title, authors: book.authors)
      {
        // The catalog's record stands for the book; the row's copy is not stored beside it.
        matched.append((imported, record, .title))
      } else {
        stored.append(imported)
        matched.append((imported, book, .added))
      }
    }
    let replaced = try await catalog.store(stored, checkpoint: checkpoint).replaced
    // A book that took the place of the catalog's record of it (a starter book without an ISBN)
    // was matched by its title and authors.
    let replacing = Set(replaced.values)
    for index in matched.indices
    where matched[index].match == .added && replacing.contains(matched[index].book.id) {
      matched[index].match = .title
    }
    // The journal keeps the catalog's copy of each book: the row's data merged into what the
    // catalog knew (a cover, a description).
    var items: [(book: Book, record: ReadingRecord)] = []
    for (index, item) in matched.enumerated() {
      let book = try await catalog.book(item.book.id) ?? item.book
      matched[index].book = book
      items.append((book, item.imported.reading!))
    }
    let outcomes = try await library.mergeImported(items, today: today)
    var warnings: [ImportProblem] = []
    for (item, outcome) in zip(matched, outcomes) {
      rows.append(
        JournalImportReport.Row(
          line: item.imported.line, title: item.book.title, id: item.book.id, match: item.match,
          journal: outcome.journal, keptReaderChanges: outcome.keptReaderChanges))
      warnings += outcome.leftOut.map {
        ImportProblem(line: item.imported.line, reason: $0.reason, detail: $0.detail)
      }
    }
    return StoredBatch(replaced: replaced, warnings: warnings)
  }

  func finishImport() async throws -> ImportCounts { try await catalog.finishImport() }

  func abandonImport() async { await catalog.abandonImport() }

  /// The journal's part of the report, for formats that carry the reader's data.
  func report() -> JournalImportReport? {
    format.carriesReadings ? JournalImportReport(rows: rows) : nil
  }
}
