import BookModel
import Storage

extension Catalog {
  /// One page of catalog results for a query, with Kakao's paging semantics.
  static func page(for query: SearchQuery, on connection: Connection) throws -> SearchPage {
    if let isbn = ISBN(query.query), query.target == nil || query.target == .isbn {
      return try isbnPage(isbn, query: query, on: connection)
    }
    guard query.target != .isbn, let expression = SearchText.matchExpression(query.query) else {
      return SearchPage(documents: [], totalCount: 0, query: query)
    }
    let match =
      switch query.target {
      case .title: "{title} : (\(expression))"
      case .person: "{people} : (\(expression))"
      case .publisher: "{publisher} : (\(expression))"
      case .isbn, nil: expression
      }
    let total = try connection.integer("SELECT count(*) FROM books_fts WHERE books_fts MATCH ?", [match])
    guard query.offset < total else { return SearchPage(documents: [], totalCount: total, query: query) }
    let sql =
      switch query.sort {
      case .accuracy:
        """
        SELECT b.book FROM (
          SELECT rowid, rank FROM books_fts WHERE books_fts MATCH ? ORDER BY rank LIMIT ? OFFSET ?
        ) AS f JOIN books AS b ON b.rowid = f.rowid ORDER BY f.rank
        """
      case .latest:
        """
        SELECT b.book FROM books_fts AS f JOIN books AS b ON b.rowid = f.rowid
        WHERE books_fts MATCH ? ORDER BY b.published DESC, f.rank LIMIT ? OFFSET ?
        """
      }
    let books = try connection.query(sql, [match, query.size, query.offset]) { try decode($0.text(0)) }
    return SearchPage(documents: books, totalCount: total, query: query)
  }

  private static func isbnPage(_ isbn: ISBN, query: SearchQuery, on connection: Connection) throws
    -> SearchPage
  {
    let books = try connection.query(
      "SELECT book FROM books WHERE isbn13 = ? ORDER BY published DESC LIMIT ? OFFSET ?",
      [isbn.isbn13, query.size, query.offset]
    ) { try decode($0.text(0)) }
    let total = try connection.integer("SELECT count(*) FROM books WHERE isbn13 = ?", [isbn.isbn13])
    return SearchPage(documents: books, totalCount: total, query: query)
  }
}
