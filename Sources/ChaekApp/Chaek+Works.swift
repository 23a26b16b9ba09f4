import BookCatalog
import BookModel
import UserLibrary

/// Works and their editions (see ``BookCatalog``'s `Book.workID`, and the reader's merges,
/// ``ReaderWorks``): search results one row per work, a work's editions, and a reader's journal
/// kept once per work, on the edition they saved.
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
    let works = try await readerWorks(for: reader)
    let editions = try await editions(ofWorksOf: books, joinedBy: works)
    let library = try await library(for: reader)
    let saved = try await library.savedIDs()
    let byISBN = query.target == .isbn || ISBN(query.query) != nil
    var rows: [WorkResult] = []
    var shown = Set<WorkID>()
    for book in books {
      let work = works.root(of: book.workID)
      let all = editions[work] ?? [book]
      if byISBN {
        rows.append(WorkResult(book: book, work: work, saved: saved.contains(book.id), editions: all.count))
        continue
      }
      guard shown.insert(work).inserted else { continue }
      var shownBook = book
      if !saved.contains(book.id), let other = all.first(where: { saved.contains($0.id) }),
        let copy = try await library.savedBook(other.id)
      {
        shownBook = copy.book.filledIn(from: other)
      }
      rows.append(
        WorkResult(book: shownBook, work: work, saved: saved.contains(shownBook.id), editions: all.count))
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

  /// The editions of `book`'s work as `reader` has it (the catalog's, and those of the works they
  /// merged into it), with their saved one first when they saved one; each edition of a work
  /// they merged names the merge (``WorkResult/merge``).
  public func editions(of book: Book, for reader: Reader) async throws -> [WorkResult] {
    let works = try await readerWorks(for: reader)
    let root = works.root(of: book.workID)
    let editions = try await editions(ofWorksOf: [book], joinedBy: works)[root] ?? [book]
    let saved = try await library(for: reader).savedIDs()
    let rows = editions.map {
      WorkResult(
        book: $0, work: root, saved: saved.contains($0.id), editions: editions.count,
        merge: works.merge(of: $0.workID)?.id)
    }
    return rows.filter(\.saved) + rows.filter { !$0.saved }
  }

  /// `reader`'s saved edition of `book`'s work when it is another than `book`: where their
  /// journal of the work is kept.
  public func savedEdition(of book: Book, for reader: Reader) async throws -> SavedBook? {
    let library = try await library(for: reader)
    let saved = try await library.savedIDs()
    guard !saved.contains(book.id) else { return nil }
    for edition in try await editions(of: book, for: reader) where edition.saved {
      return try await library.savedBook(edition.book.id)
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
    try await library(for: reader).switchEdition(from: saved.book.id, to: book)
    return saved.book.id
  }

  /// Merges the work of `book` into that of `other` for `reader` (a translation under another
  /// title, a reissue the catalog did not group): from now on their editions are one work's in
  /// search results and sheets. When they saved an edition of each, the one of `book`'s work gives
  /// way: its tags, notes, quotes and readings move to the other, which keeps its shelf and rating.
  /// ``splitWork(_:for:)`` undoes it.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when they are one work already.
  public func mergeWork(of book: Book, into other: Book, for reader: Reader) async throws -> WorkMerge {
    let works = try await readerWorks(for: reader)
    let (source, target) = (works.root(of: book.workID), works.root(of: other.workID))
    guard source != target else { throw LibraryError.invalid("these are editions of one work already") }
    guard works.joined(into: source) + works.joined(into: target) < Self.maximumWorksJoined else {
      throw LibraryError.invalid("a work joins at most \(Self.maximumWorksJoined) works: split some first")
    }
    let savedFrom = try await editions(of: book, for: reader).first(where: \.saved)?.book.id
    let savedTo = try await editions(of: other, for: reader).first(where: \.saved)?.book.id
    let moving = savedFrom.flatMap { from in savedTo.map { (from: from, to: $0) } }
    return try await library(for: reader).mergeWork(source, of: book, into: target, of: other, moving: moving)
  }

  /// Splits `reader`'s merge `id` again (see ``mergeWork(of:into:for:)``): the works are two, and
  /// the edition that gave way is saved again with its journal.
  /// - Throws: ``BookModel/LibraryError/noSuchRecord(_:)`` when no merge of theirs has that id.
  @discardableResult
  public func splitWork(_ id: Int, for reader: Reader) async throws -> WorkMerge {
    try await library(for: reader).splitWork(id)
  }

  /// The most works one of a reader's works joins: each costs a catalog lookup where it is shown.
  public static let maximumWorksJoined = 20

  /// `reader`'s merges of works.
  func readerWorks(for reader: Reader) async throws -> ReaderWorks {
    ReaderWorks(try await library(for: reader).workMerges())
  }

  /// The editions of the works of `books` the catalog holds, with those of the works `works`
  /// joins to them, by the work each is part of: a work's own editions first.
  private func editions(ofWorksOf books: [Book], joinedBy works: ReaderWorks) async throws -> [WorkID: [Book]]
  {
    let finders = works.booksFindingEditions(of: books)
    let found = try await catalog.editions(ofWorksOf: finders)
    var byRoot: [WorkID: [Book]] = [:]
    var added = Set<WorkID>()
    for book in finders where added.insert(book.workID).inserted {
      let root = works.root(of: book.workID)
      let known = Set((byRoot[root] ?? []).map(\.id))
      byRoot[root, default: []] += (found[book.workID] ?? [book]).filter { !known.contains($0.id) }
    }
    return byRoot
  }
}
