import BookImport
import BookModel
import Foundation
import SearchIndex
import Storage
import Synchronization

/// The offline catalog in `catalog.sqlite`: every book imported or returned by a provider,
/// searchable with Kakao's semantics, with no network, through the search engine's inverted index
/// (``InvertedIndex``) in the same file (see ``searchIndex``).
///
/// Relevance ranks title matches above people (authors and translators), people above the
/// publisher, and the publisher above the description, then by popularity and date (see
/// ``AccuracyTiers``); `latest` sorts by publication date. Hangul is indexed as character bigrams
/// (see ``Analyzer``). A new catalog starts with the starter catalog shipped in the package.
public final class Catalog: BookSearching, Sendable {
  /// Where a catalog book came from.
  public enum Source: String, Sendable {
    /// The starter catalog shipped in the package.
    case starter
    /// Kakao's API.
    case kakao
    /// Open Library.
    case openLibrary = "openlibrary"
    /// `chaek import`.
    case imported = "import"
    /// A reader, who added the book by hand.
    case reader
  }

  /// What an upsert did.
  public struct UpsertReport: Equatable, Sendable {
    /// Books that were not in the catalog.
    public var added = 0
    /// Books whose stored data changed.
    public var updated = 0
    /// Books already stored exactly so.
    public var unchanged = 0
    /// Records stored under another identity that took a book's, old → new (see
    /// ``replacements(of:)``).
    public var replaced: [BookID: BookID] = [:]

    /// An empty report.
    public init() {}
  }

  public var name: String { "catalog" }

  /// The catalog's database: searches run on its read-only readers side by side, and never wait
  /// for a write.
  let database: Database
  /// Every book's sort keys, shared by the readers.
  let ranks = RankCache()
  /// The books searches decoded lately.
  let decoded = DecodedBooks()
  /// The import under way, from ``beginImport(resuming:)`` to its end: one import at a time
  /// shares the connection's tracking table.
  let importing = Mutex<ImportUnderWay?>(nil)

  /// Opens (creating if needed) the catalog at `path`, or `":memory:"`. A new catalog is filled
  /// with the starter catalog unless `includingStarter` is `false`.
  public init(path: String, includingStarter: Bool = true) throws {
    database = try Database(
      path: path,
      migrations: Catalog.schema
        + (includingStarter ? Catalog.starterMigrations : Catalog.starterMigrations.map(\.leftOut)),
      writerCacheKiB: 65_536)  // an import writes batches of thousands of books
  }

  // MARK: - Searching

  /// The most processor time one search may use. Ordinary searches take milliseconds at a million
  /// books; this stops pathological ones, so that no search holds a connection (and the searches
  /// queued behind it) for long.
  public static let searchBudget = Duration.seconds(1)
  /// The most time a search may take in all, waiting for a connection included: a machine too
  /// busy to answer in this time answers 503 rather than queue without end.
  public static let searchDeadline = Duration.seconds(10)

  /// One page of results.
  ///
  /// - Throws: ``BookSearchError/searchTooSlow(budget:)`` when the search ran past
  ///   ``searchBudget`` or ``searchDeadline``, ``BookSearchError/catalog(_:)`` when the database
  ///   failed.
  public func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchPage {
    let limit = ReadLimit(deadline: .now + Self.searchDeadline, processorTime: Self.searchBudget)
    do {
      return try await database.read(within: limit) { [ranks, decoded] in
        try Catalog.page(for: query, ranks: ranks, decoded: decoded, on: $0)
      }
    } catch let error as DatabaseError where error.isInterrupted {
      throw .searchTooSlow(budget: Self.searchBudget)
    } catch {
      throw .catalog(String(describing: error))
    }
  }

  /// How many writes of the catalog this object has committed, raised right after each: the same
  /// count before and after a read means no write of this process landed in between, so what the
  /// read found is still so (``search(_:)``'s pages, cached by the app). Another process's writes
  /// are not counted.
  public var writeCount: Int { database.commitCount }

  /// The stored book with this identity, or the one that took its place (see
  /// ``replacements(of:)``), or else, for an ISBN, the most popular book it is another ISBN of (see
  /// ``upsert(_:source:popularity:otherISBNs:)``).
  public func book(_ id: BookID) async throws -> Book? {
    try await database.read { connection in
      let stored = try connection.first(
        """
        SELECT book FROM books
        WHERE id = coalesce((SELECT new_id FROM replaced_books WHERE old_id = ?1
          AND NOT EXISTS (SELECT 1 FROM books WHERE id = ?1)), ?1)
        """, [id.rawValue]
      ) { try Catalog.decode($0.data(0)) }
      if let stored { return stored }
      return try connection.first(
        """
        SELECT b.book FROM book_isbns i JOIN books b ON b.rowid = i.book WHERE i.isbn13 = ?
        ORDER BY b.popularity DESC, b.rowid LIMIT 1
        """, [id.rawValue]
      ) { try Catalog.decode($0.data(0)) }
    }
  }

  /// Rebuilds the search index from every book in one transaction, in bulk (see
  /// ``SearchIndex/IndexBuilder``): searches go on with the index as it was until the new one is
  /// whole, and a rebuild stopped before then leaves that index.
  public func rebuildIndex() async throws {
    try await database.write { try Catalog.reindex(on: $0) }
  }

  /// The number of books in the catalog.
  public func count() async throws -> Int {
    try await database.read { try $0.integer("SELECT count(*) FROM books") }
  }

  // MARK: - Writing

  /// Adds or updates books in one transaction, by identity. An update keeps stored values for
  /// fields the new copy leaves empty, and the higher popularity. A book whose record is stored
  /// under another identity (a starter book without an ISBN, or the book's page under another
  /// ISBN) takes that record's place; ``UpsertReport/replaced`` lists them.
  ///
  /// `otherISBNs`, parallel to `books` like `popularity`, are ISBNs besides its own that find each
  /// book (the other editions of an Open Library work): valid ones, at most
  /// ``BookModel/ISBN/maximumOthers`` a book. A book given some has them replace those stored; a book given
  /// none keeps those stored. A book that names no work (``BookModel/Book/work``) keeps the one
  /// stored.
  @discardableResult
  public func upsert(
    _ books: [Book], source: Source, popularity: [Int]? = nil, otherISBNs: [[ISBN]]? = nil
  ) async throws -> UpsertReport {
    try await upsert(books, source: source, popularity: popularity, otherISBNs: otherISBNs, tracking: false)
  }

  /// ``upsert(_:source:popularity:otherISBNs:)``, keeping each record's state before its
  /// first write in `temp.import_seen` when `tracking`, and `checkpoint` in the same transaction.
  /// Without `indexing`, the index is left as it was and marked stale when a book changed (see
  /// ``SearchIndex/InvertedIndex/markStale(on:)``): the caller rebuilds it.
  func upsert(
    _ books: [Book], source: Source, popularity: [Int]?, otherISBNs: [[ISBN]]?, tracking: Bool,
    checkpoint: ImportCheckpoint? = nil, indexing: Bool = true
  ) async throws -> UpsertReport {
    let prepared = Catalog.prepare(books, indexing: indexing)
    return try await database.write { connection in
      var report = UpsertReport()
      var index = indexing ? Catalog.searchIndex.writer() : nil
      var starters = try StarterTitles(on: connection)
      for (position, book) in books.enumerated() {
        try Catalog.upsert(
          book, source: source, popularity: popularity?[position] ?? 0,
          otherISBNs: otherISBNs?[position] ?? [], on: connection,
          into: &report, index: &index, starters: &starters, tracking: tracking, prepared: prepared?[position]
        )
      }
      if let index {
        try index.write(on: connection)
      } else if report.added + report.updated > 0 {
        try Catalog.searchIndex.markStale(on: connection)
      }
      if let checkpoint { try Catalog.store(checkpoint, on: connection) }
      return report
    }
  }
}
