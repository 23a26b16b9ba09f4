import BookModel
import SearchIndex
import Storage

extension Book {
  /// The work this book is an edition of (``BookModel/WorkID``), by the catalog's rules: the work
  /// it names (Open Library's), else its title without a series note and its first author, folded
  /// as the index folds them (`데미안` by 헤르만 헤세, from any publisher, in any binding), else the
  /// book alone. A title's volume number stays in it: `토지 1` and `토지 2` are two works.
  public var workID: WorkID {
    if let work { return WorkID(naming: "work " + work) }
    let title = Analyzer.baseKey(ofTitle: title)
    if !title.isEmpty, let author = Catalog.authorKeys(self).first {
      return WorkID(naming: "title " + title + "\u{1F}" + author)
    }
    return WorkID(naming: "book " + id.rawValue)
  }
}

/// Works: the editions of one book the catalog holds (see ``BookModel/Book/workID``).
extension Catalog {
  /// The most editions of a work listed, and the most books of its title and first author read
  /// to find them: a work is found in bounded time, whatever the catalog's size.
  static let maximumEditions = 100
  static let maximumEditionCandidates = 1_000

  /// The editions of the work `book` is an edition of, as ``editions(ofWorksOf:)`` lists them.
  public func editions(of book: Book) async throws -> [Book] {
    try await editions(ofWorksOf: [book])[book.workID] ?? []
  }

  /// For the work of each of `books`, its editions the catalog holds: the most popular first,
  /// then the newest, at most ``maximumEditions``. A book the catalog does not hold is listed
  /// with its work's editions all the same.
  public func editions(ofWorksOf books: [Book]) async throws -> [WorkID: [Book]] {
    try await database.read { [ranks] connection in
      var searcher = Catalog.searchIndex.searcher(on: connection, ranks: ranks)
      var found: [WorkID: [Book]] = [:]
      for book in books {
        let work = book.workID
        var editions = try found[work] ?? Catalog.editions(of: book, searcher: &searcher, on: connection)
        if !editions.contains(where: { $0.id == book.id }) { editions.append(book) }
        found[work] = editions
      }
      return found
    }
  }

  /// The stored editions of `book`'s work: the books naming its work, or those of its title key
  /// and first author's words whose work it is.
  private static func editions(of book: Book, searcher: inout Searcher, on connection: Connection) throws
    -> [Book]
  {
    let work = book.workID
    let rows: [(book: Book, popularity: Int, day: Int)]
    let columns = "SELECT book, popularity, day FROM books"
    func row(_ row: Row) throws -> (book: Book, popularity: Int, day: Int) {
      (try decode(row.data(0)), row.int(1), row.int(2))
    }
    if let named = book.work {
      rows = try connection.query(
        "\(columns) WHERE work = ? ORDER BY popularity DESC LIMIT ?", [named, maximumEditionCandidates], row)
    } else if let author = book.authors.first(where: { !Analyzer.key($0).isEmpty }) {
      let title = Term(Analyzer.baseKey(ofTitle: book.title), in: .titleKey)
      let words = Analyzer.tokens(author).map { Query.term(Term($0, in: .people)) }
      let ids = try searcher.matches(.all([.term(title)] + words))
      rows = try connection.query(
        "\(columns) WHERE rowid IN (SELECT value FROM json_each(?))",
        [IntegerList(Array(ids.sorted.prefix(maximumEditionCandidates)))], row)
    } else {
      rows = []
    }
    return
      rows
      .filter { $0.book.workID == work }
      .sorted { ($0.popularity, $0.day) > ($1.popularity, $1.day) }
      .prefix(maximumEditions).map(\.book)
  }
}
