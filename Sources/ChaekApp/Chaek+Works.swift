import BookCatalog
import BookModel
import UserLibrary

/// Works and their editions (see ``BookCatalog``'s `Book.workID`): search results one row per
/// work, a work's editions, and a reader's journal kept once per work, on the edition they saved.
extension Chaek {
  /// `query`'s results for `reader`, one row per work: the first book of each work, in the order
  /// found, stands for the editions after it, and the reader's saved edition of a work stands for
  /// it wherever the work is found. A query of an ISBN lists every book found as it is. The
  /// outcome's page is the provider's, every book in it.
  public func searchWorks(_ query: SearchQuery, for reader: Reader) async throws -> (
    outcome: SearchOutcome, rows: [WorkResult]
  ) {
    let outcome = try await search(query)
    let books = outcome.page.documents
    let editions = try await catalog.editions(ofWorksOf: books)
    let library = try await library(for: reader)
    let saved = try await library.savedIDs()
    let byISBN = query.target == .isbn || ISBN(query.query) != nil
    var rows: [WorkResult] = []
    var shown = Set<WorkID>()
    for book in books {
      let work = book.workID
      let all = editions[work] ?? [book]
      if byISBN {
        rows.append(WorkResult(book: book, saved: saved.contains(book.id), editions: all.count))
        continue
      }
      guard shown.insert(work).inserted else { continue }
      var shownBook = book
      if !saved.contains(book.id), let other = all.first(where: { saved.contains($0.id) }),
        let copy = try await library.savedBook(other.id)
      {
        shownBook = copy.book.filledIn(from: other)
      }
      rows.append(WorkResult(book: shownBook, saved: saved.contains(shownBook.id), editions: all.count))
    }
    return (outcome, rows)
  }

  /// `book` as `reader` opens it (``BookSheet``): their journal, its series, its work's editions.
  public func sheet(of book: Book, for reader: Reader) async throws -> BookSheet {
    let editions = try await editions(of: book, for: reader)
    var savedEdition: SavedBook?
    if let other = editions.first(where: { $0.saved && $0.book.id != book.id }) {
      savedEdition = try await library(for: reader).savedBook(other.book.id)
    }
    return BookSheet(
      book: book, entry: try await entry(book.id, for: reader),
      series: try await series(of: book, for: reader),
      editions: editions.count > 1 ? editions : [], savedEdition: savedEdition)
  }

  /// The editions of `book`'s work the catalog holds (``BookCatalog/Catalog/editions(of:)``), with
  /// `reader`'s saved one first when they saved one.
  public func editions(of book: Book, for reader: Reader) async throws -> [WorkResult] {
    let editions = try await catalog.editions(of: book)
    let saved = try await library(for: reader).savedIDs()
    let rows = editions.map { WorkResult(book: $0, saved: saved.contains($0.id), editions: editions.count) }
    return rows.filter(\.saved) + rows.filter { !$0.saved }
  }

  /// `reader`'s saved edition of `book`'s work when it is another than `book`: where their
  /// journal of the work is kept.
  public func savedEdition(of book: Book, for reader: Reader) async throws -> SavedBook? {
    let library = try await library(for: reader)
    let saved = try await library.savedIDs()
    guard !saved.contains(book.id) else { return nil }
    for edition in try await catalog.editions(of: book) where saved.contains(edition.id) {
      return try await library.savedBook(edition.id)
    }
    return nil
  }

  /// Makes `book` the edition `reader` keeps of its work in place of the one they saved: that
  /// entry, its shelf, rating, notes, quotes and readings move to `book` (which they can undo by
  /// switching back). Answers the edition they had.
  /// - Throws: ``BookModel/LibraryError/notSaved(_:)`` when they saved no other edition of it.
  public func switchEdition(to book: Book, for reader: Reader) async throws -> BookID {
    guard let saved = try await savedEdition(of: book, for: reader) else {
      throw LibraryError.notSaved(book.id)
    }
    try await library(for: reader).follow([saved.book.id: book])
    return saved.book.id
  }
}
