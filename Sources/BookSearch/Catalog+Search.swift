import BookModel
import Storage

extension Catalog {
  /// How many of the best full-text matches are ranked by ``tier``: every page a client can ask
  /// for (50 pages of 50) comes from the same candidates, so paging stays consistent.
  static let candidateLimit = SearchQuery.maximumPage * SearchQuery.maximumSize

  /// One page of catalog results for a query, with Kakao's paging semantics.
  ///
  /// - An ISBN (any notation) finds that book whatever the target.
  /// - A query of Hangul initials (ㅊㅅㅈㅇㅈ) matches titles and people by their 초성.
  /// - Otherwise the query's words must all match (Hangul as bigrams, Latin folded), and when
  ///   nothing does, Latin words of five letters or more may be one letter off.
  ///
  /// `accuracy` orders by tier (exact title, title prefix, title phrase, all words in the title,
  /// people, publisher, description), then popularity, then recency, then bm25; `latest` by date.
  static func page(for query: SearchQuery, on connection: Connection) throws -> SearchPage {
    if let isbn = ISBN(query.query) {
      return try isbnPage(isbn, query: query, on: connection)
    }
    guard query.target != .isbn else { return SearchPage(documents: [], totalCount: 0, query: query) }
    if SearchKeys.isInitialsQuery(query.query) {
      guard query.target != .publisher, let expression = SearchText.initialsExpression(query.query) else {
        return SearchPage(documents: [], totalCount: 0, query: query)
      }
      let columns =
        query.target == .title
        ? "title_initials" : query.target == .person ? "people_initials" : "title_initials people_initials"
      return try matchPage("{\(columns)} : (\(expression))", query: query, on: connection)
    }
    guard let expression = SearchText.matchExpression(query.query) else {
      return SearchPage(documents: [], totalCount: 0, query: query)
    }
    let exact = try matchPage(filtered(expression, query.target), query: query, on: connection)
    guard exact.meta.totalCount == 0, SearchText.hasTypoCandidates(query.query),
      let tolerant = SearchText.matchExpression(query.query, toleratingTypos: true)
    else { return exact }
    return try matchPage(filtered(tolerant, query.target), query: query, on: connection)
  }

  private static func filtered(_ expression: String, _ target: SearchQuery.Target?) -> String {
    switch target {
    case .title: "{title} : (\(expression))"
    case .person: "{people} : (\(expression))"
    case .publisher: "{publisher} : (\(expression))"
    case .isbn, nil: expression
    }
  }

  // MARK: - Full-text pages

  private static func matchPage(_ match: String, query: SearchQuery, on connection: Connection) throws
    -> SearchPage
  {
    let total = try connection.integer("SELECT count(*) FROM books_fts WHERE books_fts MATCH ?", [match])
    guard query.offset < total else { return SearchPage(documents: [], totalCount: total, query: query) }
    let books: [Book]
    switch query.sort {
    case .accuracy:
      let (tierSQL, tierValues) = tier(for: query.query)
      books = try connection.query(
        """
        SELECT b.book FROM (
          SELECT rowid, rank FROM books_fts WHERE books_fts MATCH ? ORDER BY rank LIMIT ?
        ) AS f JOIN books AS b ON b.rowid = f.rowid
        ORDER BY \(tierSQL), b.popularity DESC, b.published DESC, f.rank LIMIT ? OFFSET ?
        """, [match, candidateLimit] + tierValues + [query.size, query.offset]
      ) { try decode($0.text(0)) }
    case .latest:
      books = try connection.query(
        """
        SELECT book FROM books WHERE rowid IN (SELECT rowid FROM books_fts WHERE books_fts MATCH ?)
        ORDER BY published DESC, popularity DESC LIMIT ? OFFSET ?
        """, [match, query.size, query.offset]
      ) { try decode($0.text(0)) }
    }
    return SearchPage(documents: books, totalCount: total, query: query)
  }

  /// The SQL of a match's tier, lower is better, with its parameters.
  private static func tier(for text: String) -> (sql: String, values: [any SQLValueConvertible]) {
    if SearchKeys.isInitialsQuery(text) {
      let key = text.filter { !$0.isWhitespace }
      return (
        """
        CASE WHEN b.title_initials = ? THEN 0 WHEN substr(b.title_initials, 1, length(?)) = ? THEN 1
        WHEN instr(b.title_initials, ?) > 0 THEN 2 ELSE 4 END
        """, [key, key, key, key]
      )
    }
    let key = SearchKeys.key(text)
    let words = text.split(whereSeparator: \.isWhitespace).map { SearchKeys.key(String($0)) }.filter {
      !$0.isEmpty
    }
    func all(in column: String) -> String {
      words.map { _ in "instr(b.\(column), ?) > 0" }.joined(separator: " AND ")
    }
    let sql = """
      CASE WHEN b.title_key = ? OR b.title_base_key = ? THEN 0
      WHEN substr(b.title_key, 1, length(?)) = ? THEN 1
      WHEN instr(b.title_key, ?) > 0 THEN 2
      WHEN \(all(in: "title_key")) THEN 3
      WHEN \(all(in: "people_key")) THEN 4
      WHEN \(all(in: "publisher_key")) THEN 5
      ELSE 6 END
      """
    let values: [any SQLValueConvertible] = [key, key, key, key, key] + words + words + words
    return (sql, values)
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
