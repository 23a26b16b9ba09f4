import BookModel
import Imaging
import UserLibrary

/// Finding books: searching, opening one, 최근 본 책, scanning a barcode, 자동완성.
extension Chaek {
  /// Searches the chosen provider, the catalog answering when it cannot (``SearchService``).
  public func search(_ query: SearchQuery) async throws -> SearchOutcome {
    try await search.search(query)
  }

  /// The name of the provider searches go to first, and the number of books in the catalog.
  public func health() async throws -> (provider: String, catalogBooks: Int) {
    (try search.providerName, try await catalog.count())
  }

  /// The book with identity `id` as `reader` would open it (``BookLookup``: their books first), or
  /// `nil` when no one has it. Their copy gains what only the catalog's record knows (pages and
  /// series the starter catalog gained after they saved it, say).
  public func book(_ id: BookID, for reader: Reader) async throws -> Book? {
    guard let book = try await lookup(for: reader).book(id) else { return nil }
    guard let record = try await catalog.book(id), record.id == book.id else { return book }
    return book.filledIn(from: record)
  }

  /// Opens the book with identity `id` for `reader`: finds it as ``book(_:for:)`` does and records
  /// that they viewed it. Answers the book and whether it is saved.
  /// - Throws: ``BookModel/LibraryError/unknownBook(_:)`` when no one has the book.
  public func open(_ id: BookID, for reader: Reader) async throws -> (book: Book, saved: Bool) {
    guard let book = try await book(id, for: reader) else { throw LibraryError.unknownBook(id) }
    return (book, try await open(book, for: reader))
  }

  /// Opens `book`, found already (by a scan), for `reader`: records that they viewed it and answers
  /// whether it is saved.
  public func open(_ book: Book, for reader: Reader) async throws -> Bool {
    try await recordView(book, for: reader)
    return try await isSaved(book.id, for: reader)
  }

  /// Whether `reader` saved the book with identity `id`.
  public func isSaved(_ id: BookID, for reader: Reader) async throws -> Bool {
    try await library(for: reader).contains(id)
  }

  /// Records that `reader` viewed `book` (최근 본 책).
  public func recordView(_ book: Book, for reader: Reader) async throws {
    try await library(for: reader).recent.record(book)
  }

  /// The books `reader` viewed last, newest first, at most ``recentLimit``.
  public func recentViews(for reader: Reader) async throws -> [RecentView] {
    try await library(for: reader).recent.list()
  }

  /// How many recently viewed books are kept.
  public static var recentLimit: Int { RecentViews.limit }

  /// Reads the barcode in `image` and finds its book for `reader` (``BookScan``); one image at a time
  /// per ``BarcodeReader`` slot.
  public func scan(_ image: @escaping @Sendable () throws -> GrayImage, for reader: Reader) async throws
    -> ScanResult
  {
    try await BookScan(lookup: lookup(for: reader), reader: barcodes).scan(image)
  }

  /// Finds the book of a scanned (or typed) ISBN for `reader`, as ``scan(_:for:)`` does.
  public func scan(_ isbn: ISBN, for reader: Reader) async throws -> ScanResult {
    try await BookScan(lookup: lookup(for: reader), reader: barcodes).open(isbn)
  }

  /// 자동완성 for what `reader` typed: their saved books' titles and people, then the catalog's
  /// (``Autocomplete``).
  public func suggestions(completing typed: String, limit: Int, for reader: Reader) async throws
    -> [Autocomplete.Entry]
  {
    try await Autocomplete(catalog: catalog, library: library(for: reader)).suggestions(
      for: typed, limit: limit)
  }
}
